"""Issue 12: the next shareholder to take (`Position.next_taker`) breaks ties in one loop with helper
glory read from a table by the tuple of helpers (`parts._GLORY`), and `Position.majority` keeps its
answers by the seats alone (not the first player: the answer does not depend on the order the seats
are looked at in). Held to the plain ranking (ZOO-8.5) on seeded states, every company, every seat
left out, and every first player."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.phases import Flow
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FRUITS, HELPER_GLORY
from tabletop.spolka_zoo.state import ZooState, parts
from tabletop.spolka_zoo.state.parts import Seat


def _plain_next_taker(state: ZooState, company: str, exclude: tuple[int, ...]) -> tuple[int, bool]:
    """ZOO-8.5 as written: most shares, then helper glory, then helper count; a tie at the top
    that none of them breaks decides nothing."""
    c = FRUITS.index(company)
    ranked = [
        (seat.shares[c], sum(HELPER_GLORY[h] for h in seat.helpers), len(seat.helpers), i)
        for i, seat in enumerate(state.seats)
        if seat.shares[c] and i not in exclude
    ]
    if not ranked:
        return -1, True
    top = max(r[:3] for r in ranked)
    best = [r[3] for r in ranked if r[:3] == top]
    return (best[0], True) if len(best) == 1 else (-1, False)


CONFIGS: list[dict[str, Any]] = [
    {"players": 1, "bots": 4},
    {"players": 5},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
]


@pytest.mark.parametrize(("seed", "options"), [(s, o) for s in (0, 1) for o in CONFIGS])
def test_next_taker_and_majority_are_the_plain_ranking(seed: int, options: dict[str, Any]) -> None:
    ties = 0
    for state in random_states(seed, **options)[::2]:
        assert isinstance(state, ZooState)
        n = len(state.seats)
        for first in range(n):
            flow: Flow = attrs.evolve(state.flow, first_player=first)
            at = attrs.evolve(state, flow=flow)
            for company in FRUITS:
                for k in range(3):
                    for exclude in itertools.combinations(range(n), k):
                        assert at.next_taker(company, exclude) == _plain_next_taker(at, company, exclude)
                assert at.majority(company) == _plain_next_taker(at, company, ())[0]
                c = FRUITS.index(company)
                shares = sorted((s.shares[c] for s in at.seats), reverse=True)
                ties += shares[0] > 0 and shares[0] == shares[1]
    assert ties > 10  # the tie-break was met


def test_helper_glory_is_the_sum_of_the_helpers_glory() -> None:
    helpers = tuple(HELPER_GLORY)
    for k in range(4):
        for hired in itertools.combinations(helpers, k):
            seat = Seat(bot=False, money=0, fruit=Tokens(), shares=(0, 0, 0), helpers=hired)
            assert seat.helper_glory == sum(HELPER_GLORY[h] for h in hired)
    assert len(parts._GLORY) <= parts._GLORIES_KEPT  # bounded: emptied when full
