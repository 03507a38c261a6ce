"""Archipel's invariants remember what they found sound (kept options, bounds of a tuple of
boats, codes of tuples of parts, the card places alone after a step of the flow): each shortcut
accepts exactly what the plain check accepts and refuses the rest with the same message, path
and rule, on many seeded states and on copies with one part changed (issue 12)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from archipel_helpers import random_states

from tabletop.archipel import GAME
from tabletop.archipel.invariants import check_invariants
from tabletop.archipel.state import ArchipelState, SpotFish
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.serialize import PartAnswers

MODULE = sys.modules["tabletop.archipel.invariants"]

Verdict = tuple[str, str, str, str] | None
"""`None` for a check that passed, else the refusal's type, message, path and rule."""


def _verdict(check: Callable[..., object], *args: object) -> Verdict:
    """The verdict of `check(*args)`."""
    try:
        check(*args)
    except InvariantBroken as exc:
        return type(exc).__name__, str(exc), exc.path, exc.rule
    return None


def _forget() -> None:
    """Drop everything the invariants remember: the next check is the plain one."""
    MODULE._SOUND[0] = None
    for value in vars(MODULE).values():
        if isinstance(value, PartAnswers):
            value._kept.clear()
        elif isinstance(value, dict) and value and type(next(iter(value))) is tuple:
            value.clear()


def _alone(state: ArchipelState) -> Verdict:
    """The verdict of the invariants with nothing remembered."""
    _forget()
    verdict = _verdict(check_invariants, state)
    _forget()
    return verdict


def _after(sound: ArchipelState, state: ArchipelState) -> Verdict:
    """The verdict of the invariants on `state` just after `sound` was found sound."""
    check_invariants(sound)
    assert MODULE._SOUND[0] is sound
    return _verdict(check_invariants, state)


def _sample(seed: int, players: int, every: int = 7) -> list[ArchipelState]:
    return random_states(seed, players, limit=400)[::every]


@pytest.mark.parametrize(
    ("declare", "idle_rounds"),
    [
        ("anytime", 10),
        ("supplied", 1),
        ("supplied", 1000),
        ("never", 10),
        ("supplied", 0),
        ("anytime", 1001),
        ("anytime", True),
        ("supplied", -5),
        (SpotFish.UNSEEN, 10),
        (str.__new__(type("Declare", (str,), {}), "supplied"), 10),
    ],
)
def test_kept_options_remembered_are_refused_as_new_game_refuses_them(declare: Any, idle_rounds: Any) -> None:
    """ARC-7.1, ARC-7.6: the pairs of options remembered sound (plain `str` and `int`) are those
    `check_kept_options` accepts; a value equal to a remembered one but of another type (`True`
    for 1) is checked again, and every refusal is `check_kept_options`' own."""
    plain = _verdict(GAME.check_kept_options, {"declare": declare, "idle_rounds": idle_rounds})
    for state in _sample(1, 2, every=40):
        changed = attrs.evolve(state, declare=declare, idle_rounds=idle_rounds)
        for _ in range(2):  # the second time from what the first remembered
            assert _verdict(MODULE._check_options, changed) == plain
        if type(idle_rounds) is bool:  # True after 1 was remembered: still refused
            assert _verdict(MODULE._check_options, attrs.evolve(state, idle_rounds=1)) is None
            assert _verdict(MODULE._check_options, changed) == plain
    assert len(MODULE._KEPT_OPTIONS) <= MODULE._OPTIONS_KEPT


def test_kept_options_are_a_bounded_table() -> None:
    """Texts may name any of the thousand `idle_rounds`: at most `_OPTIONS_KEPT` pairs are kept."""
    state = _sample(2, 2, every=400)[0]
    for idle_rounds in range(1, 200):
        MODULE._check_options(attrs.evolve(state, idle_rounds=idle_rounds))
        assert len(MODULE._KEPT_OPTIONS) <= MODULE._OPTIONS_KEPT
