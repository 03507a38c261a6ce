"""`ZooState.apply` at a chance node whose outcomes were listed finds each outcome right after the one
before it when a search applies them in order (`state._in_order`, `state._at`): in order, in reverse,
shuffled, interleaved with another state's outcomes, and after a move of another state, every child is
the one the rules' `apply` builds, and a move that is not an outcome of the state is still refused."""

from __future__ import annotations

import itertools
import random

import pytest
from zoo_helpers import random_states

from tabletop.kernel.errors import IllegalMove
from tabletop.spolka_zoo import rules
from tabletop.spolka_zoo.state import ZooState


def _chance_nodes(seed: int, options: dict[str, object]) -> list[ZooState]:
    return [
        s for s in random_states(seed, **options) if not s.is_terminal and s.is_chance_node and s.flow.step == "draw"
    ]


@pytest.mark.parametrize(
    "options", [{"players": 1, "bots": 4}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}]
)
def test_children_in_any_order_are_the_rules_children(options: dict[str, object]) -> None:
    rng = random.Random(4)
    nodes = _chance_nodes(6, options)[::2]
    assert len(nodes) > 20
    checked = 0
    for state, other in itertools.pairwise(nodes):
        moves = state.legal_moves()
        theirs = other.legal_moves()
        expected = {id(m): rules.apply(state, m) for m in moves}
        orders = [list(moves), list(reversed(moves)), rng.sample(list(moves), len(moves))]
        orders.append([m for pair in zip(moves, theirs, strict=False) for m in pair])  # interleaved
        for order in orders:
            for move in order:
                if any(move is m for m in moves):
                    assert state.apply(move) == expected[id(move)]
                    checked += 1
                else:
                    assert other.apply(move) == rules.apply(other, move)
        for move in theirs:  # another state's outcomes, right after this state's last: refused unless legal here
            if not any(move is m for m in moves) and move not in moves:
                with pytest.raises(IllegalMove):
                    state.apply(move)
    assert checked > 200
