"""The agent registry: agents by name with parameters, and clear errors naming the bad value."""

from __future__ import annotations

import pytest

from tabletop.agents import AGENTS, ISMCTSAgent, MCTSAgent, make_agent, parse_agent, with_budget


def test_every_agent_is_made_by_name() -> None:
    """Each registered name makes an agent of that name."""
    for name in AGENTS:
        assert make_agent(name).name == name


def test_parameters_are_read_from_text() -> None:
    """``mcts:iterations=400,c=0.5,cutoff=none`` sets those parameters."""
    agent = make_agent("mcts:iterations=400,c=0.5,cutoff=none")
    assert agent == MCTSAgent(iterations=400, c=0.5, cutoff=None)
    assert make_agent(" ismcts : seconds=0.25 ") == ISMCTSAgent(seconds=0.25)
    assert parse_agent("rollout:playouts=3") == ("rollout", {"playouts": 3})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("oracle", "no agent named 'oracle'; known agents: random, greedy, rollout, mcts, ismcts, policy"),
        ("mcts:iterations=0", "mcts:iterations=0: iterations must be a whole number of at least 1, got 0"),
        ("ismcts:seconds=0", "seconds must be a finite number above 0, got 0.0"),
        ("mcts:depth=3", "the mcts agent has no parameter 'depth' (parameters: iterations, seconds, c, rollout"),
        ("mcts:iterations=many", "iterations must be int, got 'many'"),
        ("mcts:iterations", "a parameter is written name=value, got 'iterations'"),
        ("greedy:iterations=3", "the greedy agent has no parameter 'iterations' (parameters: none)"),
        ("rollout:playouts=-2", "playouts must be a whole number of at least 1, got -2"),
        ("mcts:backup=min", "mcts:backup=min: backup is max or mean, got 'min'"),
        ("ismcts:rollout=smart", "ismcts:rollout=smart: rollout is greedy or random, got 'smart'"),
        ("shadow:per_move=0", "shadow:per_move=0: per_move must be a whole number of at least 1, got 0"),
        ("shadow:width=-0.1", "shadow:width=-0.1: width must be a finite number of at least 0, got -0.1"),
        ("shadow:margin=-1", "shadow:margin=-1: margin must be a finite number of at least 0, got -1.0"),
        ("shadow:margin=close", "shadow:margin=close: margin must be float, got 'close'"),
        ("shadow:iterations=-3", "shadow:iterations=-3: iterations must be a whole number of at least 0, got -3"),
        ("shadow:seconds=0", "shadow:seconds=0: seconds must be a finite number above 0, got 0.0"),
        ("mcts:seconds=inf", "mcts:seconds=inf: seconds must be a finite number above 0, got inf"),
        ("mcts:c=inf", "mcts:c=inf: c must be a finite number above 0, got inf"),
        ("shadow:margin=inf", "shadow:margin=inf: margin must be a finite number of at least 0, got inf"),
        ("ismcts:seconds=nan", "ismcts:seconds=nan: seconds must be a finite number above 0, got nan"),
    ],
)
def test_bad_specs_are_refused_naming_the_value(spec: str, message: str) -> None:
    """An unknown agent or parameter, a budget below 1, a value that does not read: a clear error."""
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_agent(spec)


def test_with_budget_adds_the_budget_to_search_agents_only() -> None:
    """``--iterations`` applies to the agents that search; ``greedy`` has no budget to set."""
    assert with_budget("mcts", iterations=400) == "mcts:iterations=400"
    assert with_budget("ismcts:c=0.5", seconds=0.1) == "ismcts:c=0.5,seconds=0.1"
    assert with_budget("greedy", iterations=400) == "greedy"
    with pytest.raises(ValueError, match="iterations must be at least 1, got 0"):
        with_budget("mcts", iterations=0)


def test_search_agents_play_wherever_agents_do(capsys) -> None:
    """A match seats search agents by spec, and ``simulate --agent mcts --iterations N`` plays with them."""
    from tabletop.cli import main
    from tabletop.frontend import Match

    agents = {0: "random", 1: "ismcts:iterations=3", 2: "mcts:iterations=3"}
    match = Match("spolka_zoo", seed=2, options={"players": 3}, agents=agents)
    assert match.is_over
    assert {1, 2} <= {p.player for p in match.plies}
    assert all(p.before.is_legal(p.move) for p in match.plies)
    assert main(["simulate", "conservas", "--games", "1", "--agent", "mcts", "--iterations", "2", "--quiet"]) == 0
    assert "every seat played by the mcts:iterations=2 agent" in capsys.readouterr().out
