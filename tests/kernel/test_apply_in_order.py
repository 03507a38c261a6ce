"""`State.apply` finds a move applied in a branching pass at the position after the last one found,
and any other move as before: the children are the same in any order of applying, and an illegal
move is refused with the same error at any point of the pass."""

from __future__ import annotations

import random

import attrs
import pytest

import tabletop
from tabletop.kernel.errors import IllegalMove
from tabletop.testing.drill import GAME, Simple


def _states(name: str, options: dict[str, object], seed: int, every: int = 3) -> list[tabletop.State]:
    game = tabletop.get_game(name)
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    states = []
    while not state.is_terminal:
        states.append(state)
        move = tabletop.sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)
    return states[::every]


def _fresh(state: tabletop.State) -> tabletop.State:
    """The same state without its caches (read back from its text)."""
    return state.GAME.state_from_json(state.to_json())


@pytest.mark.parametrize(
    ("name", "options"),
    [("conservas", {}), ("archipel", {"players": 2, "declare": "supplied"}), ("spolka_zoo", {"players": 3})],
)
def test_children_are_the_same_in_order_in_reverse_and_shuffled(name: str, options: dict[str, object]) -> None:
    """Every legal move applied in order, then in reverse, then shuffled, then again in order, to one
    state: each child is the child a fresh copy of the state gives."""
    rng = random.Random(7)
    for state in _states(name, options, 11)[:12]:
        moves = state.legal_moves()
        expected = [_fresh(state).apply(_fresh(state).legal_moves()[i]).to_json() for i in range(len(moves))]
        orders = [list(range(len(moves))), list(range(len(moves)))[::-1], rng.sample(range(len(moves)), len(moves))]
        for order in [*orders, list(range(len(moves)))]:
            for i in order:
                assert state.apply(moves[i]).to_json() == expected[i]


def test_an_equal_move_and_an_illegal_move_in_the_middle_of_a_pass() -> None:
    """A move equal to a listed one but another object, and an illegal move, between the moves of a
    pass in order: the equal move is applied, the illegal one refused with its rule, and the pass goes
    on with the same children."""
    state = GAME.new_game(3).apply(Simple("pass"))
    moves = state.legal_moves()
    assert len(moves) >= 2
    children = [state.apply(move).to_json() for move in moves]
    equal = attrs.evolve(moves[1])
    assert equal == moves[1] and equal is not moves[1]
    state.apply(moves[0])
    assert state.apply(equal).to_json() == children[1]
    with pytest.raises(IllegalMove, match="DRILL-3: you may only put a card you have seen"):
        state.apply(Simple("bottom"))
    assert [state.apply(move).to_json() for move in moves] == children
