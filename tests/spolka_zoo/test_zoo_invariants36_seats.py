"""Spółka ZOO's invariants look again only at the seats a step changed (session 36): the shares
and purse of a seat that is the very seat of the last sound state at its place are not checked
again. A copy with one seat broken, the other seats the very objects of a sound state checked
just before, is refused exactly as the plain check refuses it (message, path and rule), and the
codes of the parts (each multiset's count of every piece written as its top digit) add up to
the plain count of the cards (issue 12)."""

from __future__ import annotations

import sys
from itertools import pairwise
from typing import Any

import attrs
import pytest
from zoo_helpers import random_states
from zoo_helpers import verdict_after as _after
from zoo_helpers import verdict_alone as _alone

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import SHARE_TOKENS, ZooState

MODULE = sys.modules["tabletop.spolka_zoo.invariants"]  # the package names its function so
MAKEUP = sys.modules["tabletop.spolka_zoo.state.makeup"]

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 5},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
    {"players": 1, "bots": 4},
]


def _one_seat_broken(state: ZooState, i: int) -> dict[str, ZooState]:
    """Copies of `state` whose seat `i` alone is a new object, broken one way each (the other
    seats the very objects of `state`)."""
    seat = state.seats[i]
    _, b, c = seat.shares
    helpers = seat.helpers or ("no-such-card",)
    broken = {
        "money": attrs.evolve(seat, money=-1),
        "share below 0": attrs.evolve(seat, shares=(-1, b, c)),
        "shares above the tokens": attrs.evolve(seat, shares=(SHARE_TOKENS + 1 - b - c, b, c)),
        "card doubled": attrs.evolve(seat, helpers=(*seat.helpers, *helpers[:1])),
        "fruit": attrs.evolve(seat, fruit=seat.fruit.add(next(iter(seat.fruit), "apple"))),
        "bot": attrs.evolve(seat, bot=not seat.bot),
    }
    return {
        name: attrs.evolve(state, seats=(*state.seats[:i], new, *state.seats[i + 1 :])) for name, new in broken.items()
    }


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_a_seat_broken_beside_the_sound_ones_is_refused_as_the_plain_check_refuses_it(options: dict[str, Any]) -> None:
    states = random_states(36, **options)[::11]
    refused = 0
    for state in states:
        assert _alone(state) is None
        for i in range(len(state.seats)):
            for name, damaged in _one_seat_broken(state, i).items():
                expected = _alone(damaged)
                assert _after(state, damaged) == expected, (name, i)
                refused += expected is not None
    assert refused >= 5 * len(states) * min(2, len(states[0].seats))  # each kind of break is refused


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_each_state_after_the_one_before_gets_the_plain_verdict(options: dict[str, Any]) -> None:
    for before, state in pairwise(random_states(37, **options)[::3]):
        assert _after(before, state) == _alone(state) is None


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_the_codes_of_the_parts_add_up_to_the_code_of_every_card_counted(options: dict[str, Any]) -> None:
    code = MODULE._CODE
    for state in random_states(38, **options)[::13]:
        counted = Tokens(MODULE._tally(state))
        assert MODULE._card_code(state) == code.tokens(counted) == code.tokens(MODULE.expected_cards(state))
