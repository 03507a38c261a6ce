"""A third-party game written on the kernel (examples/pig.py) passes the whole property suite."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import tabletop
from tabletop.testing import check_game
from tabletop.testing.stateful import game_machine

ROOT = Path(__file__).resolve().parent.parent


def _load_pig():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("pig", ROOT / "examples" / "pig.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pig"] = module
    spec.loader.exec_module(module)
    return module


PIG = _load_pig()


def test_pig_passes_the_property_suite() -> None:
    """Random play over seeds and options keeps every protocol property."""
    report = check_game(PIG.GAME, options=[{}, {"target": 10}], seeds=range(15))
    assert report.games == 30
    assert {s["winner"] for s in report.outcomes} == {"seat 0", "seat 1"}


TestPigMachine = game_machine(PIG.GAME).TestCase


def test_pig_registers_and_refuses_bad_input() -> None:
    """A registered third-party game is found by name; bad options and moves get clear errors."""
    tabletop.register(PIG.GAME)
    assert tabletop.get_game("pig") is PIG.GAME
    assert "pig" in tabletop.available_games()
    with pytest.raises(ValueError, match="already registered"):
        tabletop.register(attrs.evolve(PIG.GAME))
    with pytest.raises(ValueError, match="option 'target' must be an integer from 10 to 100"):
        PIG.GAME.new_game(1, target=5)
    state = PIG.GAME.new_game(1)
    with pytest.raises(tabletop.IllegalMove, match="PIG-1"):
        state.apply(PIG.GAME.parse_move(state, "hold"))


def test_a_derived_game_leaves_the_states_game_as_it_was() -> None:
    """The first game built for a state type is the game its states play by; a game derived from it
    (`attrs.evolve`, here with stricter invariants) reads and checks texts by its own invariants but does
    not become the game of every state of that type."""
    original = PIG.PigState.GAME
    assert original is PIG.GAME

    def strict(state):  # type: ignore[no-untyped-def]
        assert state.scores[0] < 5, "seat 0 may not reach 5 points in this variant"

    derived = attrs.evolve(PIG.GAME, invariants=strict)
    assert PIG.PigState.GAME is original
    state = PIG.GAME.new_game(3)
    assert state.GAME is original
    document = json.loads(state.to_json())
    document["state"]["scores"][0] = 7
    text = json.dumps(document)
    with pytest.raises(tabletop.DecodeError, match="may not reach 5 points"):
        derived.state_from_json(text)
    assert PIG.GAME.state_from_json(text).scores[0] == 7


def test_pig_runs_as_a_script() -> None:
    """The example runs and prints the winner."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "pig.py")], capture_output=True, text=True, check=True
    )
    assert "wins after" in out.stdout
