"""Outside the memory game, Archipel's invariants look again only at the spots a step changed for
a face-down fish whose kind is known (ARC-8.3; session 36): a spot that is the very spot of the
last sound state, itself outside the memory game, at its place is not looked at again. A copy
with one spot made such a fish, the other spots the very objects of a sound state checked just
before (of the plain game or of the memory game), is refused exactly as the plain check refuses
it (type, message, path and rule; issue 12)."""

from __future__ import annotations

import sys

import attrs
import pytest
from archipel_helpers import random_states
from archipel_helpers import verdict_after as _after
from archipel_helpers import verdict_alone as _alone

from tabletop.archipel.state import ArchipelState, Spot

MODULE = sys.modules["tabletop.archipel.invariants"]


def _spot_known_face_down(state: ArchipelState, i: int) -> ArchipelState:
    """`state` with spot `i` alone a new object: a face-down fish of a known kind."""
    spot = Spot(fish="blue", face_up=False)
    assert spot.remembered
    return attrs.evolve(state, spots=(*state.spots[:i], spot, *state.spots[i + 1 :]))


@pytest.mark.parametrize("memory", [False, True])
@pytest.mark.parametrize("players", [2, 5])
def test_a_spot_known_face_down_beside_sound_ones_is_refused_as_the_plain_check_refuses_it(
    players: int, memory: bool
) -> None:
    states = random_states(36, players, limit=300, memory=memory)[::23]
    refused = 0
    for state in states:
        assert _alone(state) is None
        plain = attrs.evolve(state, memory=False)  # the plain game's copy: its remembered spots are refused
        for i in range(0, len(state.spots), 3):
            for damaged in (_spot_known_face_down(state, i), _spot_known_face_down(plain, i)):
                expected = _alone(damaged)
                assert _after(state, damaged) == expected
                refused += expected is not None
    assert refused >= (2 if memory else 1) * len(states) * len(range(0, len(states[0].spots), 3)) // 2


@pytest.mark.parametrize("players", [2, 5])
def test_a_state_of_the_plain_game_after_one_of_the_memory_game_is_looked_at_whole(players: int) -> None:
    refused = 0
    for state in random_states(37, players, limit=300, memory=True)[::11]:
        plain = attrs.evolve(state, memory=False)  # the very spots, some maybe face down and known
        expected = _alone(plain)
        assert _after(state, plain) == expected
        refused += expected is not None
    assert refused  # some spots were face down and known
