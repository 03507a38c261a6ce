"""Archipel's invariants look again only at the boats a step changed (session 36): the bounds of
a boat that is the very boat of the last sound state at its place are not checked again, the
fuel markers always counted. A copy with one boat broken, the other boats the very objects of a
sound state checked just before, is refused exactly as the plain check refuses it (type,
message, path and rule; issue 12)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import pairwise

import attrs
import pytest
from archipel_helpers import random_states

from tabletop.archipel.invariants import check_invariants
from tabletop.archipel.state import DECK, HOLD, TANK, ArchipelState
from tabletop.kernel.serialize import PartAnswers

MODULE = sys.modules["tabletop.archipel.invariants"]

Verdict = tuple[str, str, str, str] | None
"""`None` for a check that passed, else the refusal's type, message, path and rule."""


def _verdict(check: Callable[..., object], *args: object) -> Verdict:
    try:
        check(*args)
    except Exception as exc:
        return type(exc).__name__, str(exc), getattr(exc, "path", ""), getattr(exc, "rule", "")
    return None


def _forget() -> None:
    """Drop everything the invariants remember: the next check is the plain one."""
    MODULE._SOUND[0] = None
    MODULE._KEPT_OPTIONS.clear()
    for value in vars(MODULE).values():
        if isinstance(value, PartAnswers):
            value._kept.clear()


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


def _one_boat_broken(state: ArchipelState, i: int) -> dict[str, ArchipelState]:
    """Copies of `state` whose boat `i` alone is a new object, broken one way each (the other
    boats the very objects of `state`), and one with the supply alone changed."""
    boat = state.boats[i]
    broken = {
        "fuel above the tank": attrs.evolve(boat, fuel=TANK + 1),
        "fuel below 0": attrs.evolve(boat, fuel=-1),
        "a shark aboard": attrs.evolve(boat, fish=boat.fish.add("shark")),
        "fish above the hold": attrs.evolve(boat, fish=boat.fish.add("blue", HOLD + 1 - boat.fish.total)),
        "cards above the deck": attrs.evolve(boat, cards=boat.cards.add("no-such-card", DECK + 1 - boat.cards.total)),
        "fuel moved off the supply": attrs.evolve(boat, fuel=boat.fuel + 1 if boat.fuel < TANK else boat.fuel - 1),
        "the same boat anew": attrs.evolve(boat),
    }
    copies = {
        name: attrs.evolve(state, boats=(*state.boats[:i], new, *state.boats[i + 1 :])) for name, new in broken.items()
    }
    copies["supply"] = attrs.evolve(state, supply=state.supply + 1)
    return copies


@pytest.mark.parametrize("players", [2, 5])
def test_a_boat_broken_beside_the_sound_ones_is_refused_as_the_plain_check_refuses_it(players: int) -> None:
    states = random_states(36, players, limit=300)[::17]
    refused = 0
    for state in states:
        assert _alone(state) is None
        for i in range(players):
            for name, damaged in _one_boat_broken(state, i).items():
                expected = _alone(damaged)
                assert _after(state, damaged) == expected, (name, i)
                refused += expected is not None
    assert refused >= 6 * players * len(states)  # every break is refused, the same boat anew is not


@pytest.mark.parametrize("players", [2, 5])
def test_each_state_after_the_one_before_gets_the_plain_verdict(players: int) -> None:
    for before, state in pairwise(random_states(37, players, limit=300)[::3]):
        assert _after(before, state) == _alone(state) is None
