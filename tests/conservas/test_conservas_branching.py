"""Branching: every child of a state, built one after another from the same state (as a search
builds them), is the child that state builds for that move alone."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.kernel.chance import CHANCE

GAME = tabletop.get_game("conservas")


def _states(month: str, goal: str, seed: int) -> list[tabletop.State]:
    rng = random.Random(seed)
    state = GAME.new_game(seed, month=month, goal=goal)
    states = []
    while not state.is_terminal:
        states.append(state)
        if state.current_player == CHANCE:
            moves, weights = zip(*state.chance_outcomes(), strict=True)
            move = rng.choices(moves, weights)[0]
        else:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
    return states


@pytest.mark.parametrize(("month", "goal"), [("january", "standard"), ("december", "difficult"), ("june", "standard")])
def test_every_child_of_a_deal_is_the_child_built_alone(month: str, goal: str) -> None:
    """The deals to a row (End of Day and setup) build their children from one another:
    each equals, in value, JSON and legal moves, the child built from a fresh copy of the state."""
    checked = 0
    for seed in range(6):
        for state in _states(month, goal, seed):
            if not state.is_chance_node or state.flow.step == "draw":
                continue
            children = [state.apply(move) for move in state.legal_moves()]
            for move, child in zip(state.legal_moves(), children, strict=True):
                alone = GAME.state_from_json(state.to_json()).apply(move)
                assert child == alone
                assert child.to_json() == alone.to_json()
                assert child.legal_moves() == alone.legal_moves()
                checked += 1
    assert checked > 100
