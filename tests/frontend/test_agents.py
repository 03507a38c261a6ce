"""Agents play any game through the public protocol, seeing only their seat's view."""

from __future__ import annotations

import random

import attrs
import pytest
from frontend_helpers import PIG, each_game, played

import tabletop
from tabletop.agents import GreedyAgent, RandomAgent, RolloutAgent, ScriptedAgent, make_agent
from tabletop.frontend import Match
from tabletop.testing.drill import GAME as DRILL


@each_game()
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_agents_finish_every_game(game: tabletop.Game, agent: str) -> None:
    """A match with every seat played by the agent reaches the end with legal moves only."""
    match = played(game, 1, agent)
    assert match.outcome is not None
    assert all(p.before.is_legal(p.move) for p in match.plies)


def test_agents_see_only_their_view() -> None:
    """What the match hands an agent is the seat's view: no seed, the other hand hidden."""
    seen: list[tabletop.State] = []

    class Spy:
        name = "spy"

        def choose(self, view: tabletop.State, legal: object, rng: random.Random) -> tabletop.Move:
            seen.append(view)
            return RandomAgent().choose(view, legal, rng)  # type: ignore[arg-type]

    match = Match(DRILL, seed=3, agents={0: "random", 1: Spy()})
    assert match.is_over
    assert seen
    for view in seen:
        assert view.seed is None
        assert all(card == "?" for card in view.cards[0])  # type: ignore[attr-defined]


def test_greedy_takes_a_winning_move() -> None:
    """In Pig, holding to reach the target wins at once: the greedy agent holds."""
    state = PIG.new_game(seed=1)
    state = state.apply(PIG.parse_move(state, "roll"))
    state = state.apply(PIG.parse_move(state, "rolled 6"))
    near = attrs.evolve(state, scores=(state.target - 6, 0))  # type: ignore[misc]
    move = GreedyAgent().choose(near, near.legal_moves(), random.Random(0))
    assert str(move) == "hold"


def test_rollout_agent_beats_random_at_pig() -> None:
    """Flat Monte Carlo wins most games of Pig against a random player."""
    wins = 0
    for seed in range(6):
        match = Match(PIG, seed=seed, agents={0: RolloutAgent(playouts=4), 1: "random"})
        assert match.outcome is not None
        wins += match.outcome.returns[0] > 0
    assert wins >= 4


def test_scripted_agent_plays_its_script_then_hands_over() -> None:
    """A script is played in order; when it runs out the seat waits for a person."""
    agent = ScriptedAgent(["look 2", "pass"])
    match = Match(DRILL, seed=2, agents={0: agent, 1: "random"})
    assert [str(p.move) for p in match.plies if p.player == 0] == ["look 2", "pass"]
    assert agent.played == 2
    assert match.current_player == 0


def test_make_agent_by_name() -> None:
    """Agents are made by name; an unknown name lists the known ones."""
    assert make_agent("greedy").name == "greedy"
    with pytest.raises(ValueError, match="known agents: random, greedy, rollout"):
        make_agent("oracle")
