"""MCTS and IS-MCTS: legal moves, reproducible with a seed, blind to what the seat may not know."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents import GreedyAgent, ISMCTSAgent, MCTSAgent, make_agent
from tabletop.testing.drill import GAME as DRILL


def _decision(game: tabletop.Game, seed: int, skip: int = 0, **options: object) -> tabletop.State:
    """A decision point of ``game`` after ``skip`` random decisions (chance from the seed)."""
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    while True:
        while state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
        if skip == 0 or state.is_terminal:
            return state
        state = state.apply(rng.choice(state.legal_moves()))
        skip -= 1


def _with_secrets(
    game: tabletop.Game, seed: int, options: dict[str, object]
) -> tuple[tabletop.State, list[tabletop.State]]:
    """A decision point (greedy play) where perturbing changes something hidden; the perturbed states."""
    perturb = game.perturb
    assert perturb is not None
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    for _ in range(400):
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        seat = state.current_player
        others = [perturb(state, seat, random.Random(trial)) for trial in range(3)]
        if any(other != state for other in others):
            return state, others
        state = state.apply(GreedyAgent().choose(state.view(seat), state.legal_moves(), rng))
    pytest.fail("no perturbation changed anything hidden: the test would prove nothing")


SEARCHERS = [
    MCTSAgent(iterations=12),
    ISMCTSAgent(iterations=12),
    ISMCTSAgent(iterations=12, reuse=3, rollout="random", cutoff=3, prior=0, name="ismcts-random"),
    ISMCTSAgent(iterations=12, cutoff=0, name="ismcts-leaf"),  # the hook judges each new leaf (docs/agents.md)
    MCTSAgent(iterations=12, rollout="random", cutoff=None, transpose=False, backup="max", name="mcts-random"),
]
CASES = [
    ("conservas", 3, {}),
    ("archipel", 6, {"players": 2, "memory": True}),
    ("spolka_zoo", 5, {"players": 3}),
    (DRILL.name, 2, {}),
]


def _game(name: str) -> tabletop.Game:
    return DRILL if name == DRILL.name else tabletop.get_game(name)


@pytest.mark.parametrize("agent", SEARCHERS, ids=lambda a: a.name)
@pytest.mark.parametrize(("name", "seed", "options"), CASES, ids=[c[0] for c in CASES])
def test_search_plays_legal_moves_reproducibly(agent: MCTSAgent | ISMCTSAgent, name: str, seed: int, options) -> None:
    """On each game, the search picks a legal move, and the same seed picks the same move again."""
    game = _game(name)
    for skip in (0, 7):
        state = _decision(game, seed, skip, **options)
        if state.is_terminal:
            continue
        seat = state.current_player
        first = agent.choose(state.view(seat), state.legal_moves(), random.Random(11))
        again = agent.choose(state.view(seat), state.legal_moves(), random.Random(11))
        assert state.is_legal(first)
        assert first == again


@pytest.mark.parametrize("agent", SEARCHERS, ids=lambda a: a.name)
@pytest.mark.parametrize(("name", "seed", "options"), CASES[1:], ids=[c[0] for c in CASES[1:]])
def test_search_never_sees_hidden_things(agent: MCTSAgent | ISMCTSAgent, name: str, seed: int, options) -> None:
    """Perturbation: re-sample what the seat cannot see; with the same seed, the choice is the same."""
    game = _game(name)
    state, others = _with_secrets(game, seed, options)
    seat = state.current_player
    chosen = agent.choose(state.view(seat), state.legal_moves(), random.Random(3))
    for other in others:
        assert other.view(seat) == state.view(seat)
        assert agent.choose(other.view(seat), other.legal_moves(), random.Random(3)) == chosen


def test_a_single_legal_move_is_played_without_search() -> None:
    """With one legal move there is nothing to search: it is played at once."""
    state = _decision(tabletop.get_game("conservas"), 1)
    only = state.legal_moves()[:1]
    assert MCTSAgent(iterations=1).choose(state.view(0), only, random.Random(0)) == only[0]


def test_time_budget_runs_at_least_one_iteration() -> None:
    """A tiny time budget still searches and plays a legal move."""
    state = _decision(tabletop.get_game("conservas"), 2)
    move = make_agent("mcts:seconds=0.001").choose(state.view(0), state.legal_moves(), random.Random(0))
    assert state.is_legal(move)


def _clear_best(game: tabletop.Game, seed: int, **options: object) -> tabletop.State:
    """A decision point (greedy play) where the game's estimate ranks one move strictly first."""
    evaluate = tabletop.kernel.hooks.game_hook(game, "evaluate")
    assert evaluate is not None
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    for _ in range(400):
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        legal = state.legal_moves()
        seat = state.current_player
        values = sorted((evaluate(state.apply(move), seat) for move in legal), reverse=True)
        if len(values) > 2 and values[0] > values[1]:
            return state
        state = state.apply(GreedyAgent().choose(state.view(seat), legal, rng))
    pytest.fail("no decision with a single best move by the estimate")


@pytest.mark.parametrize("agent", [MCTSAgent(iterations=1), ISMCTSAgent(iterations=1)], ids=lambda a: a.name)
def test_moves_are_tried_best_first_by_the_estimate(agent: MCTSAgent | ISMCTSAgent) -> None:
    """Move ordering and priors: one iteration expands the move the game's estimate ranks first,
    so with a budget of one the search plays the greedy agent's move."""
    state = _clear_best(tabletop.get_game("conservas"), 4)
    greedy = GreedyAgent().choose(state.view(0), state.legal_moves(), random.Random(0))
    for seed in range(3):
        assert agent.choose(state.view(0), state.legal_moves(), random.Random(seed)) == greedy


def test_a_greedy_rollout_follows_the_greedy_agent() -> None:
    """``rollout=greedy``: a rollout of one decision from a decision point is worth the game's
    estimate after the greedy agent's move there (chance drawn by the same random source)."""
    from tabletop.agents.mcts import judge, rollout_value
    from tabletop.agents.simple import greedy_move

    game = tabletop.get_game("conservas")
    state = _clear_best(game, 4)
    evaluate = tabletop.kernel.hooks.game_hook(game, "evaluate")
    move = greedy_move(state, state.legal_moves(), 0, evaluate, random.Random(0))
    expected = judge(state.apply(move), evaluate)
    assert rollout_value(state, random.Random(0), evaluate, 1, 100, "greedy") == expected
    assert rollout_value(state, random.Random(0), evaluate, 0, 100, "greedy") == judge(state, evaluate)


def test_a_budget_per_move_widens_the_search_by_the_number_of_moves(iteration_log: list[int]) -> None:
    """``per_move``: a decision of ``n`` legal moves gets ``iterations + per_move * n``
    iterations, the very search of an agent given that many iterations (same random source),
    so a wide decision is searched longer and a narrow one not; a negative count is refused."""
    runs = iteration_log
    state = _decision(tabletop.get_game("conservas"), 3, skip=7)
    legal = state.legal_moves()
    assert len(legal) > 2
    for per_move in (1, 3):
        widened = MCTSAgent(iterations=2, per_move=per_move)
        same = MCTSAgent(iterations=2 + per_move * len(legal))
        for seed in range(3):
            runs.clear()
            chosen = widened.choose(state.view(0), legal, random.Random(seed))
            assert len(runs) == 2 + per_move * len(legal)
            assert chosen == same.choose(state.view(0), legal, random.Random(seed))
            assert state.is_legal(chosen)
    with pytest.raises(ValueError, match="per_move must be a whole number of at least 0"):
        make_agent("mcts:per_move=-1")
