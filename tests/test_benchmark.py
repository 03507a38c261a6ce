"""The benchmark script runs and reports steps/s beside the python-chess yardstick when available."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_reports_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """One short run prints a table row for the Drill game, options in words (no dict reprs)."""
    spec = importlib.util.spec_from_file_location("playouts", ROOT / "benchmarks" / "playouts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--seconds", "0.05", "--repeats", "1", "--game", "tabletop.testing.drill:GAME"]) == 0
    out = capsys.readouterr().out
    assert "drill" in out
    header = next(line for line in out.splitlines() if line.startswith("game"))
    assert header.split() == ["game", "options", "steps/s", "games/s", "vs", "chess"]
    assert "{" not in out
