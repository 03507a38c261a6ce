"""Simulation: many games, one summary. Used by ``tabletop simulate``.

Game ``i`` of a run with seed ``S`` is ``new_game(S + i)`` played with decisions drawn from
``random.Random(S + i)`` and chance sampled from the game's seed, so a run is reproducible and
splits across processes with identical results. By default every seat plays uniformly random
legal moves; ``agent="greedy"`` (or another agent of `tabletop.agents`) plays
every seat with that agent, which is shown only its seat's view.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from tabletop.agents.backends import check_backend, run_batches
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import Game, State
from tabletop.registry import get_game

__all__ = ["MAX_STEPS", "GameResult", "SimulationReport", "play_random", "simulate"]

#: A game still running after this many steps is reported as an error, never waited for.
MAX_STEPS: Final = 1_000_000


@attrs.frozen
class GameResult:
    """One simulated game: its seed, length and outcome summary."""

    seed: int
    steps: int
    summary: Mapping[str, str | int | float]


@attrs.frozen
class SimulationReport:
    """Results of :func:`simulate`, in seed order, with the time they took."""

    game: str
    options: Mapping[str, Any]
    results: tuple[GameResult, ...]
    seconds: float
    agent: str = "random"

    @property
    def steps(self) -> int:
        """Steps played in all games."""
        return sum(r.steps for r in self.results)

    def distributions(self) -> dict[str, Counter[str]]:
        """For each text entry of the summaries: how often each value occurred."""
        table: dict[str, Counter[str]] = {}
        for result in self.results:
            for key, value in result.summary.items():
                if isinstance(value, str):
                    table.setdefault(key, Counter())[value] += 1
        return table

    def numbers(self) -> dict[str, list[float]]:
        """For each numeric entry of the summaries: every game's value."""
        table: dict[str, list[float]] = {}
        for result in self.results:
            for key, value in result.summary.items():
                if isinstance(value, int | float) and not isinstance(value, bool):
                    table.setdefault(key, []).append(float(value))
        return table

    def format(self) -> str:
        """A readable summary."""
        n = len(self.results)
        options = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        played = "random games" if self.agent == "random" else f"games, every seat played by the {self.agent} agent"
        lines = [f"{self.game} ({options}): {n} {played}"]
        for key, counts in self.distributions().items():
            parts = ", ".join(f"{value} {count / n:.1%}" for value, count in counts.most_common())
            lines.append(f"  {key}: {parts}")
        for key, values in self.numbers().items():
            lines.append(f"  {key}: mean {statistics.fmean(values):.2f}, min {min(values):g}, max {max(values):g}")
        lengths = [r.steps for r in self.results]
        lines.append(f"  length: mean {statistics.fmean(lengths):.1f} steps (min {min(lengths)}, max {max(lengths)})")
        seconds = max(self.seconds, 1e-9)
        lines.append(f"  speed: {self.steps / seconds:,.0f} steps/s, {n / seconds:,.1f} games/s")
        return "\n".join(lines)


def play_random(game: Game, options: Mapping[str, Any], seed: int, agent: str = "random") -> tuple[State, int]:
    """Play one game, every seat by ``agent``; return the final state and its length.

    Raises:
        ValueError: If there is no agent called ``agent``.
    """
    rng = random.Random(seed)
    chooser = None if agent == "random" else _agent(agent)
    state = game.new_game(seed, **options)
    steps = 0
    while not state.is_terminal:
        if steps >= MAX_STEPS:
            msg = f"{game.name} seed {seed} did not end within {MAX_STEPS} steps"
            raise RuntimeError(msg)
        player = state.current_player
        if player == CHANCE:
            move = sample_chance(state)
        elif chooser is None:
            move = rng.choice(state.legal_moves())
        else:
            legal = state.legal_moves()
            move = chooser.choose(state.view(player), legal, rng) or rng.choice(legal)
        state = state.apply(move)
        steps += 1
    return state, steps


def _agent(name: str) -> Any:
    from tabletop.agents import make_agent

    return make_agent(name)


def _play_many(name: str, options: Mapping[str, Any], seeds: Sequence[int], agent: str) -> list[GameResult]:
    game = get_game(name)
    results = []
    for seed in seeds:
        state, steps = play_random(game, options, seed, agent)
        assert state.outcome is not None
        results.append(GameResult(seed, steps, dict(state.outcome.summary())))
    return results


def simulate(
    name: str,
    *,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    agent: str = "random",
    progress: Callable[[int, int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> SimulationReport:
    """Play ``games`` random games of the game ``name`` and collect their outcomes.

    Args:
        name: A registered game name (or ``"module:attribute"``).
        games: How many games.
        seed: Game ``i`` uses seed ``seed + i``.
        options: The game's options.
        workers: Processes to spread the games over; results do not depend on it.
        agent: The agent playing every seat: ``"random"`` (the default), ``"greedy"``,
            ``"rollout"``.
        progress: Called with (games done, games) as the run advances.
        backend: Where the games run: ``"local"`` (this machine, ``workers`` processes) or
            ``"ray"`` (see `tabletop.agents.backends`); results do not depend on it.
        address: A running Ray cluster to use (the ray backend), instead of a local instance.

    Raises:
        ValueError: If an option, the agent or the backend is bad, or ``games``/``workers`` is below 1.
        BackendError: If Ray is missing or its cluster cannot be reached.
    """
    if games < 1 or workers < 1:
        msg = "games and workers must be at least 1"
        raise ValueError(msg)
    game = get_game(name)
    opts = game.check_options(options or {})
    if agent != "random":
        _agent(agent)  # an unknown name fails here, before any process starts
    check_backend(backend, address)
    seeds = list(range(seed, seed + games))
    chunk = max(1, min(50, games // (workers * 8) or 1))
    batches = [seeds[i : i + chunk] for i in range(0, games, chunk)]
    start = time.perf_counter()
    results: list[GameResult] = []
    done = 0
    calls = [(name, dict(opts), batch, agent) for batch in batches]
    for batch in run_batches(_play_many, calls, backend=backend, workers=workers, address=address):
        results.extend(batch)
        done += len(batch)
        if progress is not None:
            progress(done, games)
    results.sort(key=lambda r: r.seed)
    return SimulationReport(name, opts, tuple(results), time.perf_counter() - start, agent)
