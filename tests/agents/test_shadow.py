"""The shadow agent: greedy's exact move with greedy's random source, unless its search beats it by a margin."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents import GreedyAgent, ShadowAgent, make_agent
from tabletop.agents.tournament import play_game
from tabletop.kernel.hooks import game_hook

GAME = tabletop.get_game("conservas")
EVALUATE = game_hook(GAME, "evaluate")


def _decisions(seed: int, count: int, **options: object) -> list[tabletop.State]:
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


def _estimates(state: tabletop.State) -> dict[tabletop.Move, float]:
    """The hook's estimate right after each legal move (a finished game: its return)."""
    assert EVALUATE is not None
    result = {}
    for move in state.legal_moves():
        after = state.apply(move)
        result[move] = after.outcome.returns[0] if after.outcome is not None else float(EVALUATE(after, 0))
    return result


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
    for state in _decisions(5, 6, month="march", goal="difficult"):
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
    runs = iteration_log
    agent = ShadowAgent(per_move=3, width=0.01)
    clear = searched = 0
    for state in _decisions(2, 12, month="april", goal="standard"):
        estimates = _estimates(state)
        top = max(estimates.values())
        close = [move for move, value in estimates.items() if value >= top - 0.01 - 1e-12]
        runs.clear()
        chosen = agent.choose(state.view(0), state.legal_moves(), random.Random(1))
        greedy = GreedyAgent().choose(state.view(0), state.legal_moves(), random.Random(1))
        assert chosen in close
        if len(close) == 1:
            clear += 1
            assert runs == []
            assert chosen == greedy
        else:
            searched += 1
            assert len(runs) == 3 * len(close)
    assert clear and searched  # both kinds of decision were met


def test_the_shadow_plays_through_the_commands() -> None:
    """The spec seats it in a tournament's game like any agent."""
    record = play_game("conservas", {"month": "may", "goal": "standard"}, 1, ["shadow:per_move=2"])
    assert record.steps > 0
    assert record.returns[0] in (0.0, 1.0)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("shadow:per_move=0", "shadow:per_move=0: per_move must be a whole number of at least 1, got 0"),
        ("shadow:width=-0.1", "shadow:width=-0.1: width must be a number of at least 0, got -0.1"),
        ("shadow:margin=-1", "shadow:margin=-1: margin must be a number of at least 0, got -1.0"),
        ("shadow:margin=close", "shadow:margin=close: margin must be float, got 'close'"),
        ("shadow:iterations=-3", "shadow:iterations=-3: iterations must be a whole number of at least 0, got -3"),
        ("shadow:seconds=0", "shadow:seconds=0: seconds must be a number above 0, got 0.0"),
    ],
)
def test_bad_shadow_parameters_are_refused(spec: str, message: str) -> None:
    """A budget below 1, a negative or unreadable margin: a clear error naming the value."""
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        make_agent(spec)
