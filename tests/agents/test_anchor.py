"""MCTS's `width` and `anchor`: only the close moves searched, the hook's best kept unless beaten."""

from __future__ import annotations

import random

import pytest
from agent_helpers import check_width, decisions, move_estimates

from tabletop.agents import MCTSAgent, make_agent


@pytest.mark.parametrize(
    "spec", ["mcts:iterations=6,width=0.02,anchor=0.01", "mcts:iterations=6,anchor=0", "mcts:iterations=4,width=0.05"]
)
def test_anchored_search_plays_legal_moves_reproducibly(spec: str) -> None:
    """Each choice is legal, and the same view with the same seed gets the same move again."""
    agent = make_agent(spec)
    for state in decisions(5, 6, month="march", goal="difficult"):
        first = agent.choose(state.view(0), state.legal_moves(), random.Random(7))
        again = agent.choose(state.view(0), state.legal_moves(), random.Random(7))
        assert state.is_legal(first)
        assert first == again


def test_width_searches_only_the_moves_close_to_the_best(iteration_log: list[int]) -> None:
    """`width`: the move played is within `width` of the hook's best estimate, and a decision
    with one such move plays it (the greedy agent's choice) without a single iteration."""
    check_width(MCTSAgent(iterations=5, width=0.01), iteration_log, 0.01, lambda close: 5)


def test_a_large_anchor_keeps_the_hooks_best_move() -> None:
    """`anchor`: no other move's mean can beat the hook's best by more than 1 (utilities are in
    [0, 1]), so the move played is always one the hook ranks first (its ties decided by search)."""
    agent = MCTSAgent(iterations=8, anchor=1.0)
    for state in decisions(4, 10, month="july", goal="standard"):
        estimates = move_estimates(state)
        top = max(estimates.values())
        chosen = agent.choose(state.view(0), state.legal_moves(), random.Random(2))
        assert estimates[chosen] >= top - 1e-12


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:width=-0.1", "mcts:width=-0.1: width must be a number of at least 0 (or none), got -0.1"),
        ("mcts:anchor=-1", "mcts:anchor=-1: anchor must be a number of at least 0 (or none), got -1.0"),
        ("mcts:anchor=close", "mcts:anchor=close: anchor must be optional float, got 'close'"),
    ],
)
def test_bad_width_or_anchor_is_refused(spec: str, message: str) -> None:
    """A negative or unreadable margin is refused with a message naming it."""
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        make_agent(spec)


def test_none_means_no_width_and_no_anchor() -> None:
    """`none` (the default) leaves the search as it was: the same move as plain `mcts`."""
    agent = make_agent("mcts:iterations=6,width=none,anchor=none")
    plain = make_agent("mcts:iterations=6")
    for state in decisions(1, 4):
        assert agent.choose(state.view(0), state.legal_moves(), random.Random(3)) == plain.choose(
            state.view(0), state.legal_moves(), random.Random(3)
        )
