"""The benchmark script runs and reports steps/s beside the python-chess yardstick when available."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("playouts", ROOT / "benchmarks" / "playouts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_reports_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """One short run prints a table row for the Drill game, options in words (no dict reprs)."""
    module = _load()
    assert module.main(["--seconds", "0.05", "--repeats", "1", "--game", "tabletop.testing.drill:GAME"]) == 0
    out = capsys.readouterr().out
    assert "drill" in out
    header = next(line for line in out.splitlines() if line.startswith("game"))
    assert header.split() == ["game", "options", "steps/s", "games/s", "vs", "chess"]
    assert "{" not in out


def test_benchmark_games_repeated_or_comma_separated(capsys: pytest.CaptureFixture[str]) -> None:
    """--game takes several games, repeated or comma-separated; an unknown name is refused, naming it."""
    module = _load()
    drill = "tabletop.testing.drill:GAME"
    assert module.main(["--seconds", "0.02", "--repeats", "1", "--game", f"{drill},conservas", "--game", drill]) == 0
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert rows.count("conservas") == 2  # its two option sets
    assert rows.count("drill") == 1
    with pytest.raises(SystemExit):
        module.main(["--game", "chess960"])
    assert "no game chess960" in capsys.readouterr().err
