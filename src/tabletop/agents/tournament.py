"""Tournaments: agents against the game (solo), as teams (co-operative) or each other (competitive).

`tabletop tournament GAME --agents random,greedy,mcts --games N` plays, for each combination
of the game options given (`--month all --goal standard,difficult`):

* **solo** (one seat, Conservas): every agent plays the same `N` seeds; the table gives each
  agent's win rate per option combination;
* **team** (co-operative, Archipel): every seat is played by the same agent; the table gives
  each team's success rate (full success: a return of 1, Archipel's ending 1) and mean return;
* **rotation** (competitive, Spółka ZOO): game `j` seats agent `(j + s) mod K` in seat `s`,
  so every agent plays every seat equally often; the table gives each agent's win share (a
  shared win is split) with its expectation for the seat count, and an Elo rating fitted to
  the pairwise results (Bradley-Terry).

Rates carry 95% confidence intervals (Wilson for win rates, normal for shares). Game `j`
uses seed `seed + j`; each seat's decisions use a random source seeded from the game seed
and the seat, so a tournament is reproducible and runs identically on every backend.
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import product
from typing import Any, Final

import attrs

from tabletop.agents.backends import MAX_GAMES, check_backend, run_batches
from tabletop.agents.base import utilities
from tabletop.agents.registry import describe_agents, make_agent
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import Game
from tabletop.kernel.seeds import MAX_SEED, SeedError, check_seed
from tabletop.registry import get_game

__all__ = ["EVERY", "MODES", "GameRecord", "Row", "TournamentReport", "elo", "play_game", "tournament", "wilson"]

MODES: Final = ("auto", "solo", "team", "rotation")
"""How seats are filled: `solo`, `team`, `rotation`; `auto` picks from the game."""
#: A game still running after this many steps is an error, never waited for.
_MAX_STEPS: Final = 100_000
_Z: Final = 1.959963984540054


class _Every:
    """The grid value `--name all` of an option whose values depend on the other options."""

    def __repr__(self) -> str:
        return "EVERY"


EVERY: Final = _Every()
"""A grid's `[EVERY]`: every value the option takes in each combination of the others."""


@attrs.frozen
class GameRecord:
    """One game of a tournament: its options, seed, the agent in each seat and the returns."""

    options: tuple[tuple[str, Any], ...]
    seed: int
    lineup: tuple[str, ...]
    returns: tuple[float, ...]
    steps: int


@attrs.frozen
class Row:
    """One line of the table: an agent (under some options) and how it did."""

    agent: str
    options: tuple[tuple[str, Any], ...]
    games: int
    rate: float
    low: float
    high: float
    mean_return: float
    expected: float | None = None
    elo: float | None = None

    def as_dict(self) -> dict[str, Any]:
        """The row as flat columns, for CSV, JSON and pandas."""
        out: dict[str, Any] = {"agent": self.agent, **dict(self.options)}
        out.update(games=self.games, rate=self.rate, ci_low=self.low, ci_high=self.high)
        out["mean_return"] = self.mean_return
        if self.expected is not None:
            out["expected_share"] = self.expected
        if self.elo is not None:
            out["elo"] = self.elo
        return out


@attrs.frozen
class TournamentReport:
    """The games of a tournament and its table."""

    game: str
    mode: str
    agents: tuple[str, ...]
    records: tuple[GameRecord, ...]
    rows: tuple[Row, ...]

    @property
    def measure(self) -> str:
        """What `rate` means in this mode."""
        return {"solo": "win rate", "team": "success rate", "rotation": "win share"}[self.mode]

    def to_csv(self) -> str:
        """The table as CSV (one row per line of the table)."""
        rows = [row.as_dict() for row in self.rows]
        fields: list[str] = []
        for row in rows:
            fields.extend(key for key in row if key not in fields)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return out.getvalue()

    def to_json(self) -> str:
        """The table and every game as JSON (`pandas.DataFrame(data["rows"])`)."""
        data = {
            "game": self.game,
            "mode": self.mode,
            "measure": self.measure,
            "agents": list(self.agents),
            "rows": [row.as_dict() for row in self.rows],
            "games": [
                {**attrs.asdict(r, recurse=False), "options": dict(r.options), "lineup": list(r.lineup)}
                for r in self.records
            ],
        }
        return json.dumps(data, indent=1, default=str)

    def title(self) -> str:
        """The table's title line."""
        return f"{self.game}: {self.mode} tournament, {len(self.records)} games"

    def cells(self) -> list[list[str]]:
        """The table as text cells, the header first."""
        option_names = [name for name, _ in self.rows[0].options] if self.rows else []
        head = ["agent", *option_names, "games", self.measure, "95% CI", "mean return"]
        if self.mode == "rotation":
            head += ["expected", "Elo"]
        lines = [head]
        for row in self.rows:
            line = [row.agent, *(str(v) for _, v in row.options), str(row.games), f"{row.rate:.1%}"]
            line += [f"{row.low:.1%}-{row.high:.1%}", f"{row.mean_return:.2f}"]
            if self.mode == "rotation":
                line += [f"{row.expected or 0:.1%}", f"{row.elo or 0:+.0f}"]
            lines.append(line)
        return lines

    def format(self) -> str:
        """A plain-text table."""
        lines = self.cells()
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        text = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip() for line in lines]
        text.insert(1, "  ".join("-" * w for w in widths))
        return self.title() + "\n" + "\n".join(text)


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of `successes` in `n`.

    ```pycon
    >>> low, high = wilson(84, 100)
    >>> round(low, 3), round(high, 3)
    (0.756, 0.899)

    ```
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + _Z**2 / n
    centre = (p + _Z**2 / (2 * n)) / denominator
    half = _Z * math.sqrt(p * (1 - p) / n + _Z**2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(records: Sequence[GameRecord], names: Sequence[str], rounds: int = 200) -> dict[str, float]:
    """Elo ratings (mean 0) fitted to every pair of seats with different agents in `records`.

    Each pair counts as a game between the two agents: the better final return wins, equal
    returns draw. The fit is Bradley-Terry by minorization-maximization, with one virtual draw
    between every two agents so that an unbeaten agent still gets a finite rating.
    """
    wins = {a: dict.fromkeys(names, 0.5) for a in names}
    for record in records:
        for (i, a), (j, b) in product(enumerate(record.lineup), repeat=2):
            if i < j and a != b:
                ra, rb = record.returns[i], record.returns[j]
                score = 1.0 if ra > rb else 0.0 if ra < rb else 0.5
                wins[a][b] += score
                wins[b][a] += 1.0 - score
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        for a in names:
            won = sum(wins[a][b] for b in names if b != a)
            games = sum((wins[a][b] + wins[b][a]) / (strength[a] + strength[b]) for b in names if b != a)
            strength[a] = won / games if games else 1.0
        mean = sum(math.log10(s) for s in strength.values()) / len(names)
        strength = {a: 10 ** (math.log10(s) - mean) for a, s in strength.items()}
    return {a: 400 * math.log10(s) for a, s in strength.items()}


def play_game(name: str, options: Mapping[str, Any], seed: int, lineup: Sequence[str]) -> GameRecord:
    """One game of `name` with `lineup[s]` (an agent spec) in seat `s`; chance from the seed."""
    game = get_game(name)
    state = game.new_game(seed, **options)
    agents = [make_agent(spec) for spec in lineup]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(lineup))]
    steps = 0
    while not state.is_terminal:
        if steps >= _MAX_STEPS:
            msg = f"{name} seed {seed} did not end within {_MAX_STEPS} steps"
            raise RuntimeError(msg)
        player = state.current_player
        if player == CHANCE:
            move = sample_chance(state)
        else:
            legal = state.legal_moves()
            move = agents[player].choose(state.view(player), legal, rngs[player]) or rngs[player].choice(legal)
        state = state.apply(move)
        steps += 1
    assert state.outcome is not None
    return GameRecord(tuple(sorted(options.items())), seed, tuple(lineup), tuple(state.outcome.returns), steps)


def _play_batch(name: str, jobs: Sequence[tuple[dict[str, Any], int, tuple[str, ...]]]) -> list[GameRecord]:
    return [play_game(name, options, seed, lineup) for options, seed, lineup in jobs]


def tournament(
    name: str,
    agents: Sequence[str],
    *,
    games: int = 20,
    seed: int = 0,
    grid: Mapping[str, Sequence[Any]] | None = None,
    mode: str = "auto",
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentReport:
    """Play a tournament of `agents` (specs like `"mcts:iterations=100"`) at the game `name`.

    Args:
        name: A registered game name.
        agents: The agents, by spec.
        games: Games per agent and option combination (solo, team), or in all (rotation).
        seed: Game `j` uses seed `seed + j`.
        grid: For each option, the values to play (every combination is played).
        mode: `"solo"`, `"team"`, `"rotation"` or `"auto"` (from the game: one seat is
            solo, equal returns for all seats co-operative, else rotation).
        backend: `"local"` or `"ray"` (see `tabletop.agents.backends`).
        workers: Processes, or the CPUs of a local Ray instance.
        address: A running Ray cluster.
        progress: Called with (games done, games) as the tournament advances.

    Raises:
        ValueError: Naming an unknown agent, option, mode or backend, or `games` below 1.
        SeedError: If `seed` is not a seed, or the last game's (`seed + games - 1`) would be over
            `MAX_SEED` (a `ValueError` too), before any game is played.
        BackendError: If Ray is missing or its cluster cannot be reached.
    """
    if not 1 <= games <= MAX_GAMES:
        msg = f"games must be 1 to {MAX_GAMES:,}, got {games!r}"
        raise ValueError(msg)
    seed = check_seed(seed)
    if seed + games - 1 > MAX_SEED:  # refused before the first game, not at the game past the top
        msg = f"seed {seed} with games={games}: the last game's seed would be over {MAX_SEED} (2**63 - 1)"
        raise SeedError(msg, value=seed)
    if workers < 1:
        msg = f"workers must be at least 1, got {workers!r}"
        raise ValueError(msg)
    if not agents:
        msg = "name at least one agent"
        raise ValueError(msg)
    for spec in agents:
        make_agent(spec)  # an unknown agent or a bad budget fails here, before any game
    check_backend(backend, address)
    game = get_game(name)
    combos = _combinations(game, grid or {})
    mode = _mode(game, combos[0], seed) if mode == "auto" else _check_mode(mode)
    jobs = _jobs(game, combos, agents, games, seed, mode)
    size = max(1, min(10, len(jobs) // (workers * 4) or 1))
    calls = [(name, jobs[i : i + size]) for i in range(0, len(jobs), size)]
    records: list[GameRecord] = []
    for batch in run_batches(_play_batch, calls, backend=backend, workers=workers, address=address):
        records.extend(batch)
        if progress is not None:
            progress(len(records), len(jobs))
    order = {tuple(sorted(options.items())): i for i, options in enumerate(combos)}
    records.sort(key=lambda r: (order[r.options], r.lineup, r.seed))
    rows = _rows(records, tuple(agents), mode, tuple(grid or {}))
    return TournamentReport(name, mode, tuple(agents), tuple(records), rows)


def _combinations(game: Game, grid: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of the grid's values; an option given as `[EVERY]` takes, in each
    combination of the others, every value it has there (`Option.values_for`)."""
    names = [n for n in grid if list(grid[n]) != [EVERY]]
    combos = [dict(zip(names, values, strict=True)) for values in product(*(grid[n] for n in names))]
    for name in (n for n in grid if n not in names):
        values_for = game.option(name).values_for
        if values_for is None:
            msg = f"option {name!r} has no list of values to play them all"
            raise ValueError(msg)
        combos = [{**combo, name: value} for combo in combos for value in values_for(game.check_options(combo))]
    return [game.check_options(combo) for combo in combos] or [game.check_options({})]


def _check_mode(mode: str) -> str:
    if mode not in MODES:
        msg = f"no tournament mode {mode!r}; modes: {', '.join(MODES)}"
        raise ValueError(msg)
    return mode


def _mode(game: Game, options: Mapping[str, Any], seed: int) -> str:
    """Solo for one seat; team when a random game gives every seat the same return; else rotation."""
    state = game.new_game(seed, **options)
    if state.num_players == 1:
        return "solo"
    record = play_game(game.name, options, seed, ("random",) * state.num_players)
    return "team" if len(set(record.returns)) == 1 else "rotation"


def _jobs(
    game: Game, combos: list[dict[str, Any]], agents: Sequence[str], games: int, seed: int, mode: str
) -> list[tuple[dict[str, Any], int, tuple[str, ...]]]:
    jobs = []
    for options in combos:
        seats = game.new_game(seed, **options).num_players
        if mode == "rotation":
            k = len(agents)
            jobs += [(options, seed + j, tuple(agents[(j + s) % k] for s in range(seats))) for j in range(games)]
        else:
            jobs += [(options, seed + j, (agent,) * seats) for agent in agents for j in range(games)]
    return jobs


def _rows(records: Sequence[GameRecord], agents: tuple[str, ...], mode: str, shown: tuple[str, ...]) -> tuple[Row, ...]:
    """One row per agent and combination of the options in `shown` (the grid's)."""
    names = tuple(dict.fromkeys(agents))
    groups: dict[tuple[str, tuple[tuple[str, Any], ...]], list[tuple[float, float]]] = {}
    for record in records:
        shares = utilities(record.returns)
        for seat, agent in enumerate(record.lineup):
            if mode != "rotation" and seat > 0:
                break  # a solo game or a team: one result per game
            won = shares[seat] if mode == "rotation" else float(record.returns[seat] >= 1.0)
            chosen = dict(record.options)
            options = tuple((key, chosen[key]) for key in shown)
            groups.setdefault((agent, options), []).append((won, record.returns[seat]))
    ratings = elo(records, names) if mode == "rotation" and len(names) > 1 else {}
    rows = []
    seen = list(dict.fromkeys(options for _, options in groups))  # the grid's order (records come in it)

    def place(item: tuple[tuple[str, tuple[tuple[str, Any], ...]], Any]) -> tuple[int, int]:
        (agent, options), _ = item
        return seen.index(options), names.index(agent)

    for (agent, options), results in sorted(groups.items(), key=place):
        n = len(results)
        rate = sum(w for w, _ in results) / n
        low, high = wilson(rate * n, n) if mode != "rotation" else _normal(results, rate)
        mean_return = sum(r for _, r in results) / n
        expected = None
        if mode == "rotation":
            seats = len(next(r.lineup for r in records if set(options) <= set(r.options)))
            expected = 1.0 / seats
        rows.append(Row(agent, options, n, rate, low, high, mean_return, expected, ratings.get(agent)))
    return tuple(rows)


def _normal(results: Sequence[tuple[float, float]], mean: float) -> tuple[float, float]:
    n = len(results)
    if n < 2:
        return 0.0, 1.0
    sd = math.sqrt(sum((w - mean) ** 2 for w, _ in results) / (n - 1))
    half = _Z * sd / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


# The command line --------------------------------------------------------------------------


def split_agents(text: str) -> list[str]:
    """The agent specs of `--agents`: `"greedy,mcts:iterations=50,c=0.5"` -> two specs.

    ```pycon
    >>> split_agents("random,mcts:iterations=50,c=0.5,greedy")
    ['random', 'mcts:iterations=50,c=0.5', 'greedy']

    ```
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += f",{part}"  # a further parameter of the agent before
        elif part:
            specs.append(part)
    return specs


def parse_grid(game: Game, extra: Sequence[str]) -> dict[str, list[Any]]:
    """Option values from `--name v1,v2` or `--name all` (every choice), for the grid.

    `--name all` of an option whose values depend on the others (Spółka ZOO's `--seating all`:
    every placement of the bots for each count of players and bots) is `[EVERY]`.

    Raises:
        ValueError: Naming an unknown option or a bad value.
    """
    grid: dict[str, list[Any]] = {}
    items = list(extra)
    while items:
        flag = items.pop(0)
        key, _, text = flag.partition("=")
        if not key.startswith("--"):
            msg = f"expected an option like --name value, got {flag!r}"
            raise ValueError(msg)
        option = game.option(key[2:].replace("-", "_"))
        if not text:
            if not items:
                msg = f"option {key} needs a value"
                raise ValueError(msg)
            text = items.pop(0)
        if text == "all" and option.values_for is not None:
            grid[option.name] = [EVERY]  # its values depend on the other options: expanded per combination
        elif text == "all" and option.choices:
            grid[option.name] = list(option.choices)
        else:
            grid[option.name] = [option.from_text(value.strip()) for value in text.split(",")]
    return grid


def add_parser(
    sub: Any,
    search_options: Callable[[Any], None],
    agent_spec: Callable[[Any, str], str],
) -> None:
    """Register `tabletop tournament` on the CLI's subparsers (the CLI passes its shared helpers)."""
    from tabletop.cli_files import seed_argument  # the CLI's own: a bad --seed is a usage error

    parser = sub.add_parser(
        "tournament",
        help="play agents against each other (or the game) and tabulate win rates with 95%% CIs",
        description="Seat-rotated matches of agents. Game options follow as --name value; "
        "--name v1,v2 or --name all plays every combination (e.g. --month all --goal all). "
        "Agents, with parameters as NAME:KEY=VALUE,KEY=VALUE: " + "; ".join(describe_agents().splitlines()) + ".",
    )
    parser.add_argument("game", help="a game name (see 'tabletop games')")
    parser.add_argument("--agents", default="random,greedy", help="comma-separated agent specs (default random,greedy)")
    parser.add_argument("--games", type=int, default=20, help="games per agent and options (rotation: in all)")
    parser.add_argument("--seed", type=seed_argument, default=0, help="game j uses seed SEED+j (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes, or local Ray CPUs (default 1)")
    parser.add_argument("--mode", default="auto", choices=MODES, help="how seats are filled (default: from the game)")
    parser.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    parser.add_argument("--json", metavar="FILE", help="also write the table and every game as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    search_options(parser)

    def run(args: Any, extra: list[str]) -> int:
        from tabletop.output import progress

        game = get_game(args.game)
        grid = parse_grid(game, extra)
        specs = [agent_spec(args, spec) for spec in split_agents(args.agents)]
        with progress("games", 1, enabled=not args.quiet) as advance:
            report = tournament(
                args.game,
                specs,
                games=args.games,
                seed=args.seed,
                grid=grid,
                mode=args.mode,
                backend=args.backend,
                workers=args.workers,
                address=args.address,
                progress=lambda done, total: advance(done, total),
            )
        _print(report)
        for path, text in ((args.csv, report.to_csv), (args.json, report.to_json)):
            if path:
                _write(path, text())
        return 0

    parser.set_defaults(handler=run)


def _print(report: TournamentReport) -> None:
    """The table, drawn by rich when it is installed (an optional extra), else as plain text."""
    try:
        console = importlib.import_module("rich.console")
        tables = importlib.import_module("rich.table")
    except ImportError:
        print(report.format())
        return
    head, *lines = report.cells()
    table = tables.Table(title=report.title())
    for cell in head:
        table.add_column(cell)
    for line in lines:
        table.add_row(*line)
    console.Console().print(table)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        msg = f"cannot write {path}: {exc.strerror or exc}"
        raise ValueError(msg) from None
