"""Agents that play any game through the public protocol, seeing only their seat's view.

* [RandomAgent][tabletop.agents.simple.RandomAgent], [GreedyAgent][tabletop.agents.simple.GreedyAgent]
  (one move ahead with the game's `evaluate` hook), [RolloutAgent][tabletop.agents.simple.RolloutAgent]
  (flat Monte Carlo) and [ScriptedAgent][tabletop.agents.simple.ScriptedAgent];
* [MCTSAgent][tabletop.agents.mcts.MCTSAgent]: UCT with explicit chance nodes, for games of
  perfect information (Conservas);
* [ShadowAgent][tabletop.agents.shadow.ShadowAgent]: greedy's exact move (with greedy's random
  source) unless an MCTS search of the moves the hook puts close beats it by a margin;
* [ISMCTSAgent][tabletop.agents.ismcts.ISMCTSAgent]: single-observer information-set MCTS on
  determinizations of the view, for hidden information (Archipel, Spółka ZOO);
* [make_agent][tabletop.agents.registry.make_agent]: any of them by name with parameters
  (`"mcts:iterations=400"`), as every command and frontend names them;
* `tabletop.agents.tournament`: seat-rotated matches with confidence intervals.

```pycon
>>> import random
>>> import tabletop
>>> state = tabletop.get_game("conservas").new_game(seed=1)
>>> state = state.apply(tabletop.sample_chance(state))
>>> agent = make_agent("mcts:iterations=10")
>>> state.is_legal(agent.choose(state.view(0), state.legal_moves(), random.Random(0)))
True

```
"""

from __future__ import annotations

from tabletop.agents.base import Agent, utilities
from tabletop.agents.ismcts import ISMCTSAgent
from tabletop.agents.mcts import MCTSAgent
from tabletop.agents.registry import AGENTS, agent_parameters, make_agent, parse_agent, with_budget
from tabletop.agents.shadow import ShadowAgent
from tabletop.agents.simple import GreedyAgent, PolicyAgent, RandomAgent, RolloutAgent, ScriptedAgent

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "MCTSAgent",
    "PolicyAgent",
    "RandomAgent",
    "RolloutAgent",
    "ScriptedAgent",
    "ShadowAgent",
    "agent_parameters",
    "make_agent",
    "parse_agent",
    "utilities",
    "with_budget",
]
