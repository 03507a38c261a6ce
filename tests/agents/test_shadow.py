"""The shadow agent: greedy's exact move with greedy's random source, unless its search beats it by a margin."""

from __future__ import annotations

import random

import pytest
from agent_helpers import GAME, check_width, decisions

import tabletop
from tabletop.agents import GreedyAgent, ShadowAgent, make_agent
from tabletop.agents.tournament import play_game


def _moves(seed: int, spec: str, **options: object) -> list[tabletop.Move]:
    """Every decision's move of a game of Conservas with `spec` seated as a tournament seats it."""
    agent = make_agent(spec)
    rng = random.Random(f"{seed}:0")
    state = GAME.new_game(seed, **options)
    moves = []
    while not state.is_terminal:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        move = agent.choose(state.view(0), state.legal_moves(), rng)
        assert state.is_legal(move)
        moves.append(move)
        state = state.apply(move)
    return moves


@pytest.mark.parametrize("spec", ["shadow:per_move=3", "shadow:per_move=2,width=0.05,margin=0", "shadow:seconds=0.01"])
def test_shadow_plays_legal_moves_reproducibly(spec: str) -> None:
    """Each choice is legal, and the same view with the same seed gets the same move again."""
    agent = make_agent(spec)
    for state in decisions(5, 6, month="march", goal="difficult"):
        first = agent.choose(state.view(0), state.legal_moves(), random.Random(7))
        assert state.is_legal(first)
        if "seconds" not in spec:  # a time budget is not reproducible
            assert first == agent.choose(state.view(0), state.legal_moves(), random.Random(7))


def test_a_shadow_that_never_deviates_replays_greedys_game() -> None:
    """With a margin no mean can pass (utilities are in [0, 1]) it plays greedy's game move for
    move, though it searches every close decision; the tournament's record is greedy's too."""
    options = {"month": "april", "goal": "standard"}
    assert _moves(3, "shadow:per_move=2,margin=1", **options) == _moves(3, "greedy", **options)
    greedy = play_game("conservas", options, 3, ["greedy"])
    shadow = play_game("conservas", options, 3, ["shadow:per_move=2,margin=1"])
    assert (shadow.returns, shadow.steps) == (greedy.returns, greedy.steps)


def test_the_shadow_draws_on_its_random_source_exactly_as_greedy_does() -> None:
    """At every decision, deviating or not, the seat's random source is left as greedy leaves it:
    the search draws on a source of its own, so greedy's ties keep their luck after a deviation."""
    agent = ShadowAgent(per_move=3, margin=0.0)
    rng = random.Random("4:0")
    twin = random.Random("4:0")
    state = GAME.new_game(4, month="september", goal="difficult")
    deviated = 0
    while not state.is_terminal:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        legal = state.legal_moves()
        move = agent.choose(state.view(0), legal, rng)
        deviated += move != GreedyAgent().choose(state.view(0), legal, twin)
        assert rng.getstate() == twin.getstate()
        state = state.apply(move)
    assert deviated  # the test proves something: the search did leave greedy's move


def test_only_the_close_moves_are_searched(iteration_log: list[int]) -> None:
    """A decision with one move within `width` of the hook's best plays greedy's move without a
    single iteration; one with more gets `per_move` iterations for each, and plays one of them."""
    check_width(ShadowAgent(per_move=3, width=0.01), iteration_log, 0.01, lambda close: 3 * close)


def test_the_shadow_plays_through_the_commands() -> None:
    """The spec seats it in a tournament's game like any agent."""
    record = play_game("conservas", {"month": "may", "goal": "standard"}, 1, ["shadow:per_move=2"])
    assert record.steps > 0
    assert record.returns[0] in (0.0, 1.0)
