"""Issue 12: a bot seat's decision (the first option, ZOO-13.10) is found without listing the
others for the decisions bots meet most (`take`, `buy_share`): held to the first listed option,
the same move (and the same shared multiset of fruits), on every seat, company and count of
states of seeded games."""

from __future__ import annotations

import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo.rules import OPS, effects
from tabletop.spolka_zoo.state import Task


@pytest.mark.parametrize(
    ("seed", "options"),
    [(5, {"players": 1, "bots": 4}), (3, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")})],
)
def test_a_bots_first_option_is_the_first_listed(seed: int, options: dict[str, object]) -> None:
    checked = 0
    for state in random_states(seed, **options)[::3]:
        if not state.board:
            continue
        for name, first in effects._FIRSTS.items():
            listed = OPS[name].options
            assert listed is not None
            for seat in range(len(state.seats)):
                for company in state.board if name == "take" else ("choice", *state.board):
                    for n in range(4):
                        task = Task(name, seat=seat, company=company, n=n)
                        found = listed(state, task)
                        move = first(state, task)
                        assert move == (found[0] if found else None), (name, task)
                        if move is not None and found:
                            assert getattr(move, "fruits", None) is getattr(found[0], "fruits", None)
                        checked += 1
    assert checked > 500
