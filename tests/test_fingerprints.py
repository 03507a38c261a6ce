"""Behaviour is unchanged: seeded random games still end exactly as recorded.

`benchmarks/fingerprints.py record` stored, before the refactors, the final JSON and outcome
of 1,640 seeded random games (hashed); the suite replays the first of them per game and the
full check is `python benchmarks/fingerprints.py check`. A deliberate behaviour change records
them again in its own commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("fingerprints", ROOT / "benchmarks" / "fingerprints.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FP = _load()


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_recorded_games_replay_identically(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The first 12 recorded games of each game give the recorded fingerprint again."""
    assert FP.check(FP.DEFAULT_FILE, name, limit=12) == 0, capsys.readouterr().out


def test_every_game_and_configuration_is_recorded() -> None:
    """The file holds a fingerprint for every game the tool plays, and for nothing else."""
    recorded = json.loads(FP.DEFAULT_FILE.read_text())
    assert set(recorded) == {key for key, *_ in FP.games()}
    assert {key.split()[0] for key in recorded} == set(tabletop.GAMES)


def test_a_changed_game_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A fingerprint that differs makes the check fail and names the game."""
    recorded = json.loads(FP.DEFAULT_FILE.read_text())
    key = next(FP.games("conservas"))[0]  # the first one the check replays
    recorded[key] = "0" * 32 + " steps=1"
    changed = tmp_path / "fingerprints.json"
    changed.write_text(json.dumps(recorded))
    assert FP.check(changed, "conservas", limit=1) == 1
    assert key in capsys.readouterr().out
