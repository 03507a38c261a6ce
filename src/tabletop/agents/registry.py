"""Agents by name, with parameters: `"greedy"`, `"mcts:iterations=400,cutoff=2"`.

The same text names an agent everywhere: `tabletop play --agent 1=ismcts`,
`tabletop simulate --agent mcts --iterations 400`,
`tabletop tournament --agents random,greedy,mcts`, `Match(game, agents={1: "ismcts:seconds=0.5"})`.

```pycon
>>> make_agent("mcts:iterations=50").iterations
50
>>> try:
...     make_agent("ismcts:iterations=0")
... except ValueError as error:
...     print(error)
ismcts:iterations=0: iterations must be a whole number of at least 1, got 0

```
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from tabletop.agents.base import Agent
from tabletop.agents.ismcts import ISMCTSAgent
from tabletop.agents.mcts import MCTSAgent
from tabletop.agents.shadow import ShadowAgent
from tabletop.agents.simple import GreedyAgent, PolicyAgent, RandomAgent, RolloutAgent

__all__ = ["AGENTS", "agent_parameters", "describe_agents", "make_agent", "parse_agent", "with_budget"]

AGENTS: Final[dict[str, Callable[..., Agent]]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "rollout": RolloutAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
    "policy": PolicyAgent,
    "shadow": ShadowAgent,
}
"""Agents by name, for [make_agent][tabletop.agents.registry.make_agent] and every command."""

#: One line about each built-in agent, for help texts.
_ABOUT: Final[Mapping[str, str]] = {
    "random": "uniformly random legal moves",
    "greedy": "one move ahead with the game's evaluate hook",
    "rollout": "flat Monte Carlo from the view",
    "mcts": "UCT search with chance nodes (perfect information)",
    "ismcts": "information-set MCTS on determinizations (hidden information)",
    "policy": "the game's own plan-following policy hook (greedy without one)",
    "shadow": "greedy's exact move unless an MCTS search of the close moves beats it by a margin",
}


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """The agent name and its parameters in `spec` (`"mcts:iterations=400,c=0.7"`).

    Raises:
        ValueError: Naming the spec and what is wrong: an unknown agent (listing the known
            ones), an unknown parameter (listing the agent's), or a value that does not read.
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in AGENTS:
        msg = f"no agent named {name!r}; known agents: {', '.join(AGENTS)}"
        raise ValueError(msg)
    known = agent_parameters(name)
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, text = item.partition("=")
        key = key.strip()
        if not eq:
            msg = f"{spec}: a parameter is written name=value, got {item!r}"
            raise ValueError(msg)
        if key not in known:
            listed = ", ".join(known) or "none"
            msg = f"{spec}: the {name} agent has no parameter {key!r} (parameters: {listed})"
            raise ValueError(msg)
        reader = known[key][0]
        try:
            params[key] = reader(text.strip())
        except ValueError as exc:
            kind = getattr(reader, "__name__", "")
            plain = kind in ("int", "float") or kind.startswith("optional")
            detail = f"{key} must be {kind}, got {text.strip()!r}" if plain else str(exc)
            msg = f"{spec}: {detail}"
            raise ValueError(msg) from None
    return name, params


def make_agent(spec: str) -> Agent:
    """A new agent from its name and parameters (`"greedy"`, `"mcts:iterations=400"`).

    Raises:
        ValueError: Naming the spec and what is wrong with it (see
            [parse_agent][tabletop.agents.registry.parse_agent]), or a parameter out of
            range (a budget below 1).
    """
    name, params = parse_agent(spec)
    try:
        return AGENTS[name](**params)
    except ValueError as exc:
        msg = f"{spec.strip()}: {exc}"
        raise ValueError(msg) from None


def agent_parameters(name: str) -> dict[str, tuple[Callable[[str], Any], str]]:
    """The parameters the agent `name` takes from text: name -> (reader, one line)."""
    factory = AGENTS[name]
    if not isinstance(factory, type) or not attrs.has(factory):
        return {}
    return {
        field.name: (field.metadata["parse"], field.metadata["doc"])
        for field in attrs.fields(factory)
        if "parse" in field.metadata
    }


def with_budget(spec: str, *, iterations: int | None = None, seconds: float | None = None) -> str:
    """`spec` with a search budget added (`with_budget("mcts", iterations=400)`).

    The budget is added only to agents that take it; others are returned unchanged.

    Raises:
        ValueError: If `spec` names no agent, or a budget is below 1 (iterations) or not a
            finite number above 0 (seconds).
    """
    name, _ = parse_agent(spec)
    if iterations is not None and iterations < 1:
        msg = f"iterations must be at least 1, got {iterations!r}"
        raise ValueError(msg)
    if seconds is not None and not 0 < seconds < math.inf:
        msg = f"seconds must be a finite number above 0, got {seconds!r}"
        raise ValueError(msg)
    known = agent_parameters(name)
    pairs = (("iterations", iterations), ("seconds", seconds))
    extra = [f"{key}={value}" for key, value in pairs if value is not None and key in known]
    if not extra:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}{','.join(extra)}"


def describe_agents() -> str:
    """One line per built-in agent with its parameters, for help texts."""
    lines = []
    for name in AGENTS:
        params = ", ".join(agent_parameters(name))
        lines.append(f"{name}: {_ABOUT.get(name, '')}" + (f" (parameters: {params})" if params else ""))
    return "\n".join(lines)
