"""Archipel's invariants look again only at the boats a step changed (session 36): the bounds of
a boat that is the very boat of the last sound state at its place are not checked again, the
fuel markers always counted. A copy with one boat broken, the other boats the very objects of a
sound state checked just before, is refused exactly as the plain check refuses it (type,
message, path and rule; issue 12)."""

from __future__ import annotations

import sys
from itertools import pairwise

import attrs
import pytest
from archipel_helpers import random_states
from archipel_helpers import verdict_after as _after
from archipel_helpers import verdict_alone as _alone

from tabletop.archipel.state import DECK, HOLD, TANK, ArchipelState

MODULE = sys.modules["tabletop.archipel.invariants"]


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
