"""Simulation: many games, one summary. Used by `tabletop simulate`.

Game `i` of a run with seed `S` is `new_game(S + i)` played with decisions drawn from
`random.Random(S + i)` and chance sampled from the game's seed, so a run is reproducible and
splits across processes with identical results. By default every seat plays uniformly random
legal moves; `agent="greedy"` (or another agent of `tabletop.agents`) plays
every seat with that agent, which is shown only its seat's view.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from tabletop.agents.backends import MAX_GAMES, check_backend, run_batches
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import Game, State
from tabletop.output import format_table
from tabletop.registry import get_game

__all__ = ["MAX_STEPS", "GameResult", "SimulationReport", "play_random", "simulate", "wilson_interval"]

MAX_STEPS: Final = 1_000_000
"""A game still running after this many steps is reported as an error, never waited for."""
#: The headings of a report's two tables.
OUTCOME_COLUMNS: Final = ("outcome", "value", "games", "share")
NUMBER_COLUMNS: Final = ("number", "mean", "min", "max")


@attrs.frozen
class GameResult:
    """One simulated game: its seed, length and outcome summary."""

    seed: int
    steps: int
    summary: Mapping[str, str | int | float]


@attrs.frozen
class SimulationReport:
    """Results of [`simulate`][tabletop.simulate.simulate], in seed order, with the time they took."""

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

    @property
    def title(self) -> str:
        """The line above the tables: the game, its options and what played it."""
        options = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        played = "random games" if self.agent == "random" else f"games, every seat played by the {self.agent} agent"
        return f"{self.game} ({options}): {len(self.results)} {played}"

    def outcome_rows(self) -> list[list[str]]:
        """Rows of [entry, value, games, share] for every text entry of the summaries, commonest value first."""
        n = len(self.results)
        rows = []
        for key, counts in self.distributions().items():
            for i, (value, count) in enumerate(counts.most_common()):
                rows.append([key if i == 0 else "", value, str(count), f"{count / n:.1%}"])
        return rows

    def number_rows(self) -> list[list[str]]:
        """Rows of [entry, mean, min, max] for every numeric entry of the summaries, then the game length."""
        table = {**self.numbers(), "length (steps)": [float(r.steps) for r in self.results]}
        return [[key, f"{statistics.fmean(v):.2f}", f"{min(v):g}", f"{max(v):g}"] for key, v in table.items()]

    @property
    def speed(self) -> str:
        """Steps and games per second, as a line of text."""
        seconds = max(self.seconds, 1e-9)
        return f"speed: {self.steps / seconds:,.0f} steps/s, {len(self.results) / seconds:,.1f} games/s"

    def format(self) -> str:
        """A readable summary: the title, a table of outcomes, a table of numbers, the speed."""
        outcomes = format_table(OUTCOME_COLUMNS, self.outcome_rows(), numeric=OUTCOME_COLUMNS[2:])
        numbers = format_table(NUMBER_COLUMNS, self.number_rows(), numeric=NUMBER_COLUMNS[1:])
        return "\n".join([self.title, outcomes, numbers, self.speed])


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate `wins / games` (95% with the default `z`), as (low, high).

    The interval always holds the rate and stays within 0-1: rounding in the formula can put
    an end a hair past the rate (`-1.4e-14` for 100 wins of 100), which would make a negative
    error bar, so both ends are clamped here, once, for every caller.

    ```pycon
    >>> wilson_interval(100, 100)[1]
    1.0
    >>> low, high = wilson_interval(9, 10)
    >>> round(low, 3), round(high, 3)
    (0.596, 0.982)

    ```

    Raises:
        ValueError: If `games` is below 1 or `wins` is not between 0 and `games`.
    """
    if games < 1 or not 0 <= wins <= games:
        msg = f"a win rate needs 0 <= wins <= games and games >= 1; got {wins} of {games}"
        raise ValueError(msg)
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    return min(rate, max(0.0, centre - half)), max(rate, min(1.0, centre + half))


def play_random(game: Game, options: Mapping[str, Any], seed: int, agent: str = "random") -> tuple[State, int]:
    """Play one game, every seat by `agent`; return the final state and its length.

    Raises:
        ValueError: If there is no agent called `agent`.
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
    """Play `games` random games of the game `name` and collect their outcomes.

    Args:
        name: A registered game name (or `"module:attribute"`).
        games: How many games.
        seed: Game `i` uses seed `seed + i`.
        options: The game's options.
        workers: Processes to spread the games over; results do not depend on it.
        agent: The agent playing every seat: `"random"` (the default), `"greedy"`,
            `"rollout"`.
        progress: Called with (games done, games) as the run advances.
        backend: Where the games run: `"local"` (this machine, `workers` processes) or
            `"ray"` (see `tabletop.agents.backends`); results do not depend on it.
        address: A running Ray cluster to use (the ray backend), instead of a local instance.

    Raises:
        ValueError: If an option, the agent or the backend is bad, or `games`/`workers` is below 1.
        BackendError: If Ray is missing or its cluster cannot be reached.
    """
    if not 1 <= games <= MAX_GAMES:
        msg = f"games must be 1 to {MAX_GAMES:,}, got {games!r}"
        raise ValueError(msg)
    if workers < 1:
        msg = f"workers must be at least 1, got {workers!r}"
        raise ValueError(msg)
    game = get_game(name)
    opts = game.check_options(options or {})
    if agent != "random":
        _agent(agent)  # an unknown name fails here, before any process starts
    check_backend(backend, address)
    seeds = list(range(seed, seed + games))
    # One process reports every game (a smooth bar); processes get batches worth the trip.
    chunk = 1 if workers == 1 and backend == "local" else max(1, min(50, games // (workers * 8) or 1))
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
