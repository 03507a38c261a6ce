"""Conservas decision points for the agent tests: a greedy game's decisions and the hook's estimates."""

from __future__ import annotations

import random
from collections.abc import Callable

import tabletop
from tabletop.agents import Agent, GreedyAgent
from tabletop.kernel.hooks import game_hook

GAME = tabletop.get_game("conservas")
EVALUATE = game_hook(GAME, "evaluate")

Trial = tuple[list[tabletop.Move], tabletop.Move, tabletop.Move, int]
"""The moves within the width of the best, the agent's move, greedy's move, the iterations run."""


def decisions(seed: int, count: int, **options: object) -> list[tabletop.State]:
    """The first `count` decision points with more than one move of a greedy game of Conservas."""
    rng = random.Random(seed)
    state = GAME.new_game(seed, **options)
    found = []
    while not state.is_terminal and len(found) < count:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        if len(state.legal_moves()) > 1:
            found.append(state)
        state = state.apply(GreedyAgent().choose(state.view(0), state.legal_moves(), rng))
    return found


def move_estimates(state: tabletop.State) -> dict[tabletop.Move, float]:
    """The hook's estimate right after each legal move (a finished game: its return)."""
    assert EVALUATE is not None
    result = {}
    for move in state.legal_moves():
        after = state.apply(move)
        result[move] = after.outcome.returns[0] if after.outcome is not None else float(EVALUATE(after, 0))
    return result


def width_trials(agent: Agent, runs: list[int], width: float) -> list[Trial]:
    """For a dozen decisions of an April standard game: the moves within `width` of the hook's best,
    the move `agent` chose and greedy's (random sources seeded 1), and the iterations run (`runs`)."""
    trials = []
    for state in decisions(2, 12, month="april", goal="standard"):
        estimates = move_estimates(state)
        top = max(estimates.values())
        close = [move for move, value in estimates.items() if value >= top - width - 1e-12]
        runs.clear()
        chosen = agent.choose(state.view(0), state.legal_moves(), random.Random(1))
        greedy = GreedyAgent().choose(state.view(0), state.legal_moves(), random.Random(1))
        trials.append((close, chosen, greedy, len(runs)))
    return trials


def check_width(agent: Agent, runs: list[int], width: float, budget: Callable[[int], int]) -> None:
    """Assert that `agent` plays a move within `width` of the hook's best at each of
    the decisions of `width_trials`: greedy's move without an iteration where it is the only one,
    `budget(number of close moves)` iterations where there are more, both kinds met."""
    clear = searched = 0
    for close, chosen, greedy, count in width_trials(agent, runs, width):
        assert chosen in close
        if len(close) == 1:
            clear += 1
            assert (count, chosen) == (0, greedy)
        else:
            searched += 1
            assert count == budget(len(close))
    assert clear and searched  # both kinds of decision were met: the test proves something
