"""ARC-2.7, ARC-4.1 to ARC-4.5, ARC-4.8, ARC-4.9: a move into a harbour (`sail` there, `stay`) is applied in one copy
(`harbour.arrived`, the fields the automatic steps `arrive`, `news` and `stow` change, worked out
from the state, the weather news and stowing kept by what they read): the same state as the
working copy's way (the move's fields set on a `Work`, then those steps run by the phase
machine), for every such move of the positions of seeded games, as a search applies them. So is
`done` and the warehouse's restocking up to the next boat (`harbour.done_changes`,
`season.turn_over` read off the state before)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import tabletop
from tabletop.archipel import rules
from tabletop.archipel.flow import MACHINE, Work
from tabletop.archipel.moves import Done, Draw, Sail, Stay
from tabletop.kernel.chance import sample_chance


def _positions(seed: int, **options: Any) -> Iterator[Any]:
    """Every position of a seeded random game, in order."""
    rng = random.Random(seed)
    state = tabletop.get_game("archipel").new_game(seed, **options)
    while not state.is_terminal:
        yield state
        state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))


def _worked(state: Any, move: Any) -> Any:
    """The state after `move` the working copy's way."""
    work = Work(state)
    for name, value in rules._CHANGES[type(move)](state, move).items():
        setattr(work, name, value)
    MACHINE.settle(work, rules.STEPS)
    return work.finish()


def test_arrival_in_one_copy_is_the_working_copys_state() -> None:
    reached = set()
    for seed in range(10):
        options = {"players": 1 + seed % 5, "declare": "supplied", "memory": seed % 3 == 0, "short": seed % 4 == 1}
        for state in _positions(seed, **options):
            arrivals = [m for m in state.legal_moves() if type(m) in (Sail, Stay)]
            for move, after in [(m, state.apply(m)) for m in arrivals]:
                if after.flow.phase == "harbour":
                    expected = _worked(state, move)
                    assert after == expected
                    assert after.to_json() == expected.to_json()
                    reached.add(after.flow.key)
    assert {"harbour.dock", "harbour.weather"} <= reached


def test_done_and_restocking_in_one_copy_are_the_working_copys_state() -> None:
    reached = set()
    for seed in range(10):
        options = {"players": 1 + seed % 5, "declare": "supplied", "idle_rounds": 2 + seed % 3}
        for state in _positions(seed, **options):
            if state.flow.key not in ("harbour.dock", "harbour.restock"):
                continue
            for move in [m for m in state.legal_moves() if type(m) in (Done, Draw)]:
                after, expected = state.apply(move), _worked(state, move)
                assert after == expected
                assert after.to_json() == expected.to_json()
                reached.add(after.ended_by or after.flow.key)
    assert {"harbour.restock", "turn.act"} <= reached and len(reached) >= 3
