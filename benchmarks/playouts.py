"""Speed of every game beside python-chess, with the goals of issue 12: playouts, branching, views, JSON, memory.

    pip install -e '.[bench,cli]'                  # cli: the progress bar and the table (rich)
    python benchmarks/playouts.py [--seconds 2] [--repeats 5] [--game conservas] [--json]
    python benchmarks/playouts.py --against /work/main/src   # this checkout and another, alternating
    python benchmarks/playouts.py --clock wall               # by the wall clock, not CPU time

For each configuration of issue 12's table (and the kernel's Drill) it measures, as the median
over the repeats, each on fresh seeds:

* **steps/s** and **games/s** of random playouts (uniform legal moves, chance sampled by
  probability, one `apply` per step); with `--against`, the side measured second in a repeat
  plays exactly the games (the same seeds) that the first played in its time, so both sides time
  the same games, and games/s is the median steps/s over the mean length of the games played:
  what games/s gains beyond steps/s then says only whether the games got shorter or longer;
* **branching**: children built per second (every legal move applied to a state, all kept), over
  the states of random games;
* **view/s**: `view(p)` for every seat of those states;
* **to_json/s** and **state_from_json/s** of those states;
* every rate is per second of the measuring process's CPU time (`--clock cpu`, the default; the
  python-chess yardstick the same way), which other processes on a shared machine, and a host
  giving the machine's cores to others, barely move; `--clock wall` times by the wall clock;
* every timed measurement (each repeat of each configuration) runs in a fresh worker process, so
  that a configuration is not measured after others filled the process with states and texts that
  the garbage collector then walks at every full collection;
* python-chess is played beside each of them (`ChessBeside`): in a process of its own, pinned with
  the worker to one CPU (`--cpu`, by default the last one allowed), in slices between the chunks of
  each measure (half the measure's time, at least 50 ms a slice), so that every ratio is of two
  rates measured over the same seconds, on the same core, whatever the host's speed does between
  one configuration and the next;
* **memory per kept state**: the bytes a random game's states take when all are kept
  (`tracemalloc`, shared structure counted once), measured once per configuration and checkout,
  each time in a fresh process with the same hash seed after the same warm-up game, so that the
  two sides of `--against` start from the same place (what the timings warmed is not counted on
  one side and not the other).

Beside every measurement it plays python-chess random playouts (plies/s: the legal moves listed,
one chosen uniformly, pushed, the game-over check done); every rate is printed as a ratio to
python-chess beside it (the median over the repeats; the yardstick printed is the median of
python-chess's rates beside every configuration and repeat),
beside its goal (steps/s and to_json >=3x, branching >=4x, view >=5x, state_from_json >=1x,
memory not above the figure of before issue 12, `MEMORY_BASELINE`, within `MEMORY_TOLERANCE`; with
`--against`, games/s up by as much as steps/s) with whether it is met. Speed is judged by these
ratios, never by a timed test: machines differ, ratios much less.

`--against SRC_DIR` measures another checkout's `src` (say main, before a refactor) in the same
run: every measurement runs in a subprocess for each side, the two sides alternating (and
swapping which goes first), so both see the same load; the table then shows both and the change.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.output import format_table, progress

ALL_MODULES = ("events", "hidden_goals", "intrigues")

#: The configurations measured per game: issue 12's table (games not installed are skipped).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "conservas": [{"month": "january"}, {"month": "december", "goal": "difficult"}],
    # "supplied": the season can only be declared over once no order can still be filled, so
    # random play sails whole seasons instead of declaring at once (the default, "anytime").
    "archipel": [{"players": 2, "declare": "supplied"}, {"players": 5, "declare": "supplied"}],
    "spolka_zoo": [{"players": 2}, {"players": 5}, {"players": 3, "modules": ALL_MODULES}, {"players": 1, "bots": 4}],
    "tabletop.testing.drill:GAME": [{}],
}

#: What is measured, in the order shown.
MEASURES = ("steps/s", "games/s", "branching/s", "view/s", "to_json/s", "from_json/s", "bytes/state")

#: Issue 12's goals, as ratios to python-chess plies/s (games/s: see `GAMES_GOAL`).
GOALS: dict[str, float] = {"steps/s": 3.0, "branching/s": 4.0, "view/s": 5.0, "to_json/s": 3.0, "from_json/s": 1.0}

GAMES_GOAL = "gain>=steps'"
"""games/s must go up by as much as steps/s or more: a comparison of two checkouts."""

#: Memory per kept state (bytes) before issue 12's refactors ("today's" in the issue): the goal is
#: not to go above it. Measured as `fresh_memory` measures it (a fresh process, hash seed 0, one
#: warm-up game) on the `src` of commit 0cd906f, which recorded the first table (2026-12-01); the
#: figures first recorded there (1,445 to 2,736) were read in the process that had just run the
#: timings, with caches warm that a fresh process fills while it is measured. Keys are
#: `config_key(name, options)`.
MEMORY_BASELINE: dict[str, float] = {
    "conservas month=january": 1709,
    "conservas month=december goal=difficult": 1886,
    "archipel players=2 declare=supplied": 2977,
    "archipel players=5 declare=supplied": 2203,
    "spolka_zoo players=2": 1849,
    "spolka_zoo players=5": 2076,
    "spolka_zoo players=3 modules=events,hidden_goals,intrigues": 1983,
    "spolka_zoo players=1 bots=4": 2819,
}

MEMORY_TOLERANCE = 1.05
"""Memory per state is met up to 5 % above its goal: sets and dicts grow by doubling, so a small
change in what a state holds can move the reading by a few per cent."""

MEMORY_GAMES = 2
"""Random games whose states are all kept to measure memory per state."""

MEMORY_WARMUP_SEED = 6_999_999
"""The game played, not kept, before memory is traced: the code and caches of first use built."""

MEMORY_HASH_SEED = "0"
"""`PYTHONHASHSEED` of the memory worker: the sizes of sets and dicts the same from run to run."""

#: States of one random game kept for the per-state measures (every n-th, to bound the work).
POOL_EVERY = 3

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""The clocks a run may time with (`--clock`): this process's CPU time (the default: what other
processes on a shared machine take is not counted, nor the time the host gives the machine to
others) or the wall clock."""

_CLOCK: list[Callable[[], float]] = [time.process_time]
"""The clock in use in this process (set from the job in a worker)."""


def options_text(options: Mapping[str, Any]) -> str:
    """Options in words: `players=5 declare=supplied` (a tuple joined by commas)."""
    shown = " ".join(f"{k}={','.join(v) if isinstance(v, tuple | list) else v}" for k, v in options.items())
    return shown or "defaults"


def config_key(name: str, options: Mapping[str, Any]) -> str:
    """The key of a configuration in `MEMORY_BASELINE` and the JSON output."""
    return f"{short_name(name)} {options_text(options)}"


def short_name(name: str) -> str:
    """`tabletop.testing.drill:GAME` -> `drill`."""
    return name.split(":")[0].split(".")[-1]


# Measuring ------------------------------------------------------------------------------------


def timed(
    run_one: Callable[[int], int],
    seconds: float,
    first_seed: int = 0,
    games: int | None = None,
    between: Callable[[float], None] | None = None,
) -> tuple[float, float, int, int]:
    """Run ``run_one(seed)`` (returning steps) for about ``seconds``, or, with `games`, exactly that
    many games (seeds from `first_seed` on); return (steps/s, games/s, steps, games). Each game is
    timed alone, and `between(its time)` (python-chess's slice beside it: `ChessBeside.run`) is
    called after it, outside the timing."""
    clock = _CLOCK[0]
    steps = played = 0
    spent = 0.0
    while (played < games) if games is not None else (spent < seconds):
        start = clock()
        steps += run_one(first_seed + played)
        took = clock() - start
        spent += took
        played += 1
        if between is not None:
            between(took)
    return steps / spent, played / spent, steps, played


def random_game(game: Any, options: Mapping[str, Any], seed: int, keep: Callable[[Any], None] | None = None) -> int:
    """Play one random game from `seed`; call `keep(state)` on every state; return the steps."""
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    steps = 0
    while not state.is_terminal:
        if keep is not None:
            keep(state)
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
        steps += 1
    if keep is not None:
        keep(state)
    return steps


def game_runner(name: str, options: Mapping[str, Any]) -> Callable[[int], int]:
    """A function playing one random game of ``name`` from a seed, returning its steps."""
    game = tabletop.get_game(name)
    return lambda seed: random_game(game, options, seed)


def chess_runner() -> Callable[[int], int] | None:
    """python-chess random playouts, or None when python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None

    def run(seed: int) -> int:
        rng = random.Random(seed)
        board = chess.Board()
        plies = 0
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        return plies

    return run


CHESS_SHARE = 0.5
"""The time python-chess is played beside each measure, as a share of the measure's own time."""

CHESS_SLICE = 0.05
"""The shortest slice of python-chess (seconds): a measure's chunks are owed their share until it
is reached. Slices of a millisecond or two (a chunk each) slowed python-chess and the games alike
by about 40 % (each process finding the caches the other left), where 50 ms slices leave both
at their rates alone, minutes apart being what the pairing corrects."""

CHESS_PLIES = 8
"""The plies python-chess plays between two readings of the clock in a slice (reading it at every
ply would slow the yardstick by a per cent or two)."""


class ChessBeside:
    """python-chess random playouts in a process of its own, played in slices between the chunks
    (a game, a pool of states) of a measure, so that each rate and python-chess's are measured over
    the very same minutes: the host under this shared machine changes speed by a third within an
    hour, and a yardstick timed minutes before a measure moved its ratio by as much (the unchanged
    drill read x5.29 in one run and x4.20 in another).

    Each slice is `CHESS_SHARE` of the chunk's time, by the same clock, timed in the partner
    process (a fresh process holding python-chess alone: no garbage collection of the measure's
    kept states slows it). `window` gives python-chess's rates over the slices since the last
    window; `total` over all of them.

    Start it with `ChessBeside.start`, which gives `None` when python-chess is not installed.
    """

    def __init__(self, clock: str, seed: int) -> None:
        self._process = subprocess.Popen(
            [sys.executable, __file__, "--chess-beside", json.dumps({"clock": clock, "seed": seed})],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._total = [0, 0, 0.0]
        self._owed = 0.0

    @classmethod
    def start(cls, clock: str, seed: int) -> ChessBeside | None:
        """A partner playing python-chess from `seed`, timed by `clock` (a key of `CLOCKS`), or
        `None` without python-chess."""
        return None if chess_runner() is None else cls(clock, seed)

    def run(self, took: float) -> None:
        """Owe python-chess `CHESS_SHARE` of `took` seconds, and play what is owed once it reaches
        `CHESS_SLICE`."""
        self._owed += took * CHESS_SHARE
        if self._owed >= CHESS_SLICE:
            self._play()

    def _play(self) -> None:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(f"{self._owed!r}\n")
        answer = process.stdout.readline().split()
        if len(answer) != 3:
            msg = f"python-chess beside the measure stopped (exit code {process.poll()})"
            raise RuntimeError(msg)
        plies, games, spent = int(answer[0]), int(answer[1]), float(answer[2])
        self._owed -= spent
        total = self._total
        total[0] += plies
        total[1] += games
        total[2] += spent

    def total(self) -> tuple[float, float]:
        """python-chess's plies/s and games/s over every slice played (what is still owed played
        first)."""
        if self._owed > 0:
            self._play()
        plies, games, spent = self._total
        return (plies / spent, games / spent) if spent else (0.0, 0.0)

    def close(self) -> None:
        """Stop the partner process."""
        process = self._process
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


def chess_beside(text: str) -> int:
    """The partner process of `ChessBeside`: for each line read (seconds), python-chess random
    playouts (one game after another, from the seed) for that long by the clock, then a line
    `plies games seconds` (games: those finished in the slice)."""
    import chess

    setup = json.loads(text)
    clock = CLOCKS[setup["clock"]]
    rng = random.Random(setup["seed"])
    board = chess.Board()
    for line in sys.stdin:
        budget = float(line)
        plies = games = 0
        start = clock()
        while True:
            for _ in range(CHESS_PLIES):
                if board.is_game_over(claim_draw=False):
                    board = chess.Board()
                    games += 1
                board.push(rng.choice(list(board.legal_moves)))
                plies += 1
            spent = clock() - start
            if spent >= budget:
                break
        print(plies, games, spent, flush=True)
    return 0


def _pool(game: Any, options: Mapping[str, Any], seed: int) -> list[Any]:
    """Every `POOL_EVERY`-th state of a fresh random game (no cache of a measured call warmed)."""
    states: list[Any] = []
    random_game(game, options, seed, states.append)
    return states[::POOL_EVERY]


def _branch(states: Sequence[Any]) -> int:
    children: list[Any] = []
    for state in states:
        children.extend(state.apply(move) for move in state.legal_moves())
    return len(children)


def _views(states: Sequence[Any]) -> int:
    done = 0
    for state in states:
        for seat in range(state.num_players):
            state.view(seat)
            done += 1
    return done


def _to_json(states: Sequence[Any]) -> int:
    for state in states:
        state.to_json()
    return len(states)


def per_state_rate(
    game: Any,
    options: Mapping[str, Any],
    seconds: float,
    first_seed: int,
    operation: str,
    between: Callable[[float], None] | None = None,
) -> float:
    """Operations per second of `operation` over the states of fresh random games (the games are
    played outside the timing), `between(time)` called after each game's states, outside it."""
    clock = _CLOCK[0]
    spent = 0.0
    done = 0
    seed = first_seed
    while spent < seconds or not done:
        states = _pool(game, options, seed)
        seed += 1
        if operation == "from_json/s":
            texts = [s.to_json() for s in states]
            start = clock()
            for text in texts:
                game.state_from_json(text)
            took = clock() - start
            done += len(texts)
        else:
            work = {"branching/s": _branch, "view/s": _views, "to_json/s": _to_json}[operation]
            start = clock()
            done += work(states)
            took = clock() - start
        spent += took
        if between is not None:
            between(took)
    return done / spent


def bytes_per_state(game: Any, options: Mapping[str, Any], games: int = MEMORY_GAMES) -> float:
    """Memory per kept state: the traced growth while every state of `games` random games is kept,
    over their number (structure shared between states counted once, as a search tree shares it)."""
    kept: list[Any] = []
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for seed in range(games):
            random_game(game, options, 7_000_000 + seed, kept.append)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base - sys.getsizeof(kept)
    finally:
        tracemalloc.stop()
    return grown / len(kept)


def measure_memory(name: str, options: Mapping[str, Any]) -> dict[str, float]:
    """Memory per kept state of one configuration after a warm-up game (run it in a fresh process:
    `memory_job`), so that every checkout is measured from the same start."""
    game = tabletop.get_game(name)
    random_game(game, options, MEMORY_WARMUP_SEED)
    return {"bytes/state": bytes_per_state(game, options)}


def memory_job(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The job measuring memory per state for `run_job`, in a worker of its own (`fresh_memory`)."""
    return {"memory": True, "name": name, "options": dict(options)}


def fresh_memory(src: str | None, name: str, options: Mapping[str, Any]) -> dict[str, float]:
    """Memory per kept state measured in a fresh process importing tabletop from `src` (or as this
    process does, for `None`), with the hash seed `MEMORY_HASH_SEED`."""
    result: dict[str, float] = run_worker(
        src, memory_job(name, options), __file__, env={"PYTHONHASHSEED": MEMORY_HASH_SEED}
    )
    return result


def measure(
    name: str, options: Mapping[str, Any], seconds: float, repeat: int, games: int | None = None, clock: str = "cpu"
) -> dict[str, float]:
    """One repeat of every measure of one configuration (seeds fresh for each repeat); the playouts
    for about `seconds`, or exactly `games` games (the games the other side played, see `_run`).

    python-chess is played beside every measure (`ChessBeside`): each measure's ratio to it
    (`"steps/s vs chess"`, ...) is of two rates over the same minutes, and `"chess plies/s"` and
    `"chess games/s"` are python-chess's over the whole configuration."""
    game = tabletop.get_game(name)
    first = 1_000_000 * repeat
    beside = ChessBeside.start(clock, first)
    between = None if beside is None else beside.run
    try:
        rate, per_game, steps, played = timed(
            lambda seed: random_game(game, options, seed), seconds, first, games, between
        )
        out = {"steps/s": rate, "games/s": per_game, "steps": steps, "games": played}
        for operation in ("branching/s", "view/s", "to_json/s", "from_json/s"):
            out[operation] = per_state_rate(game, options, seconds, first + 500_000, operation, between)
        if beside is not None:
            plies_rate, games_rate = out["chess plies/s"], out["chess games/s"] = beside.total()
            for measure_name in GOALS:
                out[f"{measure_name} vs chess"] = out[measure_name] / plies_rate
            if games_rate:  # none without a python-chess game finished beside (a tiny budget)
                out["games/s vs chess"] = per_game / games_rate
    finally:
        if beside is not None:
            beside.close()
    return out


# Running in this process or in a worker on another checkout ----------------------------------------


def run_worker(
    src: str | None, job: dict[str, Any], script: str, prefix: Sequence[str] = (), env: Mapping[str, str] | None = None
) -> Any:
    """Run `script --worker JOB` (under the command `prefix`, if any, with the variables `env` set) in
    a subprocess importing tabletop from `src` (or as this process does, for `None`); return the JSON
    of its last line."""
    variables = {**os.environ, **(env or {})}
    if src is not None:
        variables["PYTHONPATH"] = os.pathsep.join([src, variables.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    done = subprocess.run(
        [*prefix, sys.executable, script, "--worker", json.dumps(job)],
        env=variables,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        msg = f"the measurement on {src or 'this checkout'} failed:\n{done.stderr.strip()[-4000:]}"
        raise RuntimeError(msg)
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_job(job: dict[str, Any]) -> dict[str, float]:
    """Run one job here: `memory_job(...)` or a game's configuration, timed by the job's `clock`
    (`CLOCKS`; CPU time if it names none), python-chess beside it timed by the same clock."""
    clock = job.get("clock", "cpu")
    _CLOCK[0] = CLOCKS[clock]
    if job.get("memory"):
        return measure_memory(job["name"], job["options"])
    return measure(job["name"], job["options"], job["seconds"], job["repeat"], job.get("games"), clock)


def one_cpu(cpu: int | None = None) -> int | None:
    """Pin this process, and the processes it starts after (python-chess beside the measures:
    `ChessBeside`), to one CPU: `cpu`, or the last this process may run on; `None` where the system
    cannot pin (not Linux).

    Each then runs while the other waits, on a core the other kept busy: python-chess played on the
    other core, idle for the hundreds of milliseconds of a measure's chunks, ran its slices at 15 to
    18 k plies a CPU second beside Conservas' `state_from_json` and 25 k pinned (the core's clock
    slowed while idle, most likely), and the ratio of the two wandered by 17 % over ten one-second
    windows against 4 % pinned."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = os.sched_getaffinity(0)
    chosen = max(allowed) if cpu is None else cpu
    if chosen not in allowed:
        msg = f"--cpu {chosen}: this process may run on CPUs {', '.join(map(str, sorted(allowed)))} only"
        raise ValueError(msg)
    os.sched_setaffinity(0, {chosen})
    return chosen


def _worker(text: str) -> int:
    job = json.loads(text)
    job["options"] = {k: tuple(v) if isinstance(v, list) else v for k, v in job.get("options", {}).items()}
    cpu = None if job.get("memory") else one_cpu(job.get("cpu"))
    result = run_job(job)
    if cpu is not None:
        result["cpu"] = cpu
    print(json.dumps(result))
    return 0


# Reporting ------------------------------------------------------------------------------------


def _median(results: Sequence[Mapping[str, float]]) -> dict[str, float]:
    keys = {key: None for r in results for key in r}
    return {key: statistics.median(r[key] for r in results if key in r) for key in keys}


def verdict(measure_name: str, ratio: float | None, memory: float | None, key: str) -> tuple[str, str]:
    """(goal, met) for one measure: `met`/`not met`, or `-` when it cannot be judged here."""
    if measure_name == "bytes/state":
        baseline = MEMORY_BASELINE.get(key)
        if baseline is None or memory is None:
            return "<=recorded", "-"
        return f"<={baseline:,.0f} B", "met" if memory <= baseline * MEMORY_TOLERANCE else "not met"
    if measure_name == "games/s":
        return GAMES_GOAL, "-"
    goal = GOALS[measure_name]
    if ratio is None:
        return f">={goal:g}x", "-"
    return f">={goal:g}x", "met" if ratio >= goal else "not met"


def report_rows(
    configs: Sequence[tuple[str, dict[str, Any]]],
    here: Mapping[str, Mapping[str, float]],
    chess: Mapping[str, float],
    there: Mapping[str, Mapping[str, float]] | None = None,
    there_chess: Mapping[str, float] | None = None,
) -> list[dict[str, Any]]:
    """One row per configuration and measure: the rate, its ratio to chess, the goal and the verdict
    (and, with `there`, the other checkout's rate and ratio and the change).

    A ratio is the median of the ratios to python-chess played beside the measure (`"<measure> vs
    chess"`, see `measure`) where the figures hold them, else the rate over `chess`'s."""
    rows = []
    for name, options in configs:
        key = config_key(name, options)
        mine = here[key]
        for measure_name in MEASURES:
            value = mine[measure_name]
            paired = mine.get(f"{measure_name} vs chess")
            ratio = paired if paired is not None else _ratio(measure_name, value, chess)
            goal, met = verdict(measure_name, ratio, value if measure_name == "bytes/state" else None, key)
            row: dict[str, Any] = {
                "game": short_name(name),
                "options": options_text(options),
                "measure": measure_name,
                "value": value,
                "ratio": ratio,
                "goal": goal,
                "met": met,
            }
            if there is not None:
                theirs = there[key][measure_name]
                row["against"] = theirs
                paired = there[key].get(f"{measure_name} vs chess")
                row["against_ratio"] = paired if paired is not None else _ratio(measure_name, theirs, there_chess or {})
                row["change"] = value / theirs if theirs else None
                if measure_name == "bytes/state" and key not in MEMORY_BASELINE:  # no recorded goal
                    row["met"] = "met" if value <= theirs * MEMORY_TOLERANCE else "not met"
                    row["goal"] = "<=against"
                if measure_name == "games/s":
                    gain, steps_gain = value / theirs, mine["steps/s"] / there[key]["steps/s"]
                    row["met"] = "met" if gain >= steps_gain * (1 - 1e-9) else "not met"  # float rounding
            rows.append(row)
    return rows


def _ratio(measure_name: str, value: float, chess: Mapping[str, float]) -> float | None:
    if measure_name == "bytes/state" or not chess:
        return None
    rate = chess["games/s" if measure_name == "games/s" else "plies/s"]
    return value / rate if rate else None


def _cells(row: Mapping[str, Any], against: bool) -> list[str]:
    def rate(value: float) -> str:
        return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"

    def times(value: float | None) -> str:
        return "" if value is None else f"x{value:.2f}"

    cells = [row["game"], row["options"], row["measure"], rate(row["value"]), times(row["ratio"])]
    if against:
        cells += [rate(row["against"]), times(row["against_ratio"]), times(row["change"])]
    return [*cells, row["goal"], row["met"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run of one measure")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per measurement (median)")
    parser.add_argument(
        "--game", action="append", default=[], help="only these games (repeatable or comma-separated, all kept)"
    )
    parser.add_argument("--against", metavar="SRC_DIR", help="also measure the tabletop of another checkout's src")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="time by this process's CPU time (default: steady on a shared machine) or by the wall clock",
    )
    parser.add_argument(
        "--cpu",
        type=int,
        help="the CPU every timed worker and python-chess beside it run on (default: the last one allowed)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--chess-beside", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(args.worker)
    if args.chess_beside:
        return chess_beside(args.chess_beside)
    only = {name.strip() for given in args.game for name in given.split(",") if name.strip()}
    names = [*tabletop.GAMES, "tabletop.testing.drill:GAME"]
    if only - set(names):
        parser.error(f"no game {', '.join(sorted(only - set(names)))} (games: {', '.join(names)})")
    against = None
    if args.against:
        against = str(Path(args.against).resolve())
        if not (Path(against) / "tabletop" / "__init__.py").is_file():
            parser.error(f"--against {args.against}: no tabletop package in that folder (give a checkout's src)")
    if args.cpu is not None and hasattr(os, "sched_getaffinity") and args.cpu not in os.sched_getaffinity(0):
        parser.error(
            f"--cpu {args.cpu}: this process may run on CPUs {', '.join(map(str, sorted(os.sched_getaffinity(0))))}"
        )
    configs = [(name, options) for name in names if not only or name in only for options in OPTION_SETS.get(name, [{}])]
    here, chess, there, there_chess = _run(configs, args.seconds, args.repeats, against, args.clock, args.cpu)
    rows = report_rows(configs, here, chess, there, there_chess)
    if args.json:
        document = {
            "seconds": args.seconds,
            "repeats": args.repeats,
            "clock": args.clock,
            "python_chess": chess or None,
            "against": against,
            "against_python_chess": there_chess,
            "rows": rows,
        }
        print(json.dumps(document, indent=2))
        return 0
    if chess:
        print(
            f"python-chess (the yardstick): {chess['plies/s']:,.0f} plies/s, {chess['games/s']:,.1f} games/s "
            f"(every rate per second of {'CPU time' if args.clock == 'cpu' else 'the wall clock'})"
        )
    else:
        print("python-chess is not installed (pip install -e '.[bench]'): no yardstick")
    if against is not None:
        print(f"against: {against}")
    print(render_table(rows, against is not None, table_width()))
    return 0


def table_width() -> int | None:
    """The width to fit the table in: `COLUMNS` when set, the terminal's on a terminal, and no
    limit in a pipe or a file (the table is then written at its full width, never folded)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return None


def render_table(rows: Sequence[Mapping[str, Any]], against: bool, width: int | None) -> str:
    """The table as aligned plain text: one line per configuration and measure when it fits in
    `width` (or always, when `width` is `None`); otherwise, narrower, each configuration on a line
    of its own above its measures, under short headings ("ratio" for "vs chess")."""
    numeric = ["this", "vs chess", "against", "vs chess ", "change"]
    columns = ["game", "options", "measure", "this", "vs chess"]
    if against:
        columns += ["against", "vs chess ", "change"]
    columns += ["goal", "met"]
    cells = [_cells(r, against) for r in rows]
    wide = format_table(columns, cells, numeric=numeric)
    if width is None or max(len(line) for line in wide.splitlines()) <= width:
        return wide
    short = [{"vs chess": "ratio", "vs chess ": "ratio "}.get(c, c) for c in columns[2:]]  # short headers
    numeric += ["ratio", "ratio "]
    narrow = format_table(["", *short], [["", *row[2:]] for row in cells], numeric=numeric).splitlines()
    lines = [narrow[0]]
    shown = None
    for row, line in zip(cells, narrow[1:], strict=True):
        if (row[0], row[1]) != shown:
            shown = (row[0], row[1])
            lines.append(f"{row[0]} {row[1]}")
        lines.append(line)
    return "\n".join(lines)


def _run(
    configs: Sequence[tuple[str, dict[str, Any]]],
    seconds: float,
    repeats: int,
    against: str | None,
    clock: str = "cpu",
    cpu: int | None = None,
) -> tuple[dict[str, dict[str, float]], dict[str, float], dict[str, dict[str, float]] | None, dict[str, float] | None]:
    """Every measurement, `repeats` times, alternating the two checkouts when `against` is given."""
    sides = [None] if against is None else [None, against]
    results: dict[Any, dict[str, list[dict[str, float]]]] = {side: {} for side in sides}
    here_src = str(Path(tabletop.__file__).resolve().parents[1])
    jobs: list[dict[str, Any]] = [{"name": n, "options": o} for n, o in configs]
    total = (repeats * len(jobs) + len(configs)) * len(sides)
    with progress("timed measurements, then memory", total, auto_refresh=False) as advance:
        finished = 0
        for repeat in range(repeats):
            for job in jobs:
                order = sides if repeat % 2 == 0 else sides[::-1]
                played: int | None = None  # the second side plays the first side's games
                for side in order:
                    full = {**job, "seconds": seconds, "repeat": repeat, "clock": clock, "cpu": cpu}
                    if played is not None:
                        full["games"] = played
                    # Always in a fresh worker: a configuration measured after others in one process
                    # pays the garbage collector for their kept states and texts (Archipel's branching
                    # read 90-113 k children a CPU second after Conservas' rows, 146 k alone).
                    result = run_worker(None if against is None else here_src if side is None else side, full, __file__)
                    results[side].setdefault(config_key(job["name"], job["options"]), []).append(result)
                    played = int(result["games"])
                    finished += 1
                    advance(finished)
        for index, (name, options) in enumerate(configs):  # each in a fresh process, sides alternating
            for side in sides if index % 2 == 0 else sides[::-1]:
                src = here_src if side is None and against is not None else side
                memory = fresh_memory(src, name, options)
                results[side][config_key(name, options)].append(memory)
                finished += 1
                advance(finished)
    medians = {side: {key: _median(r) for key, r in per.items()} for side, per in results.items()}
    yardsticks: dict[Any, dict[str, float]] = {}
    for side, per in results.items():  # games/s: the median steps/s over the games' mean length
        for key, rows in per.items():
            played_steps = sum(r.get("steps", 0) for r in rows)
            medians[side][key]["games/s"] = (
                medians[side][key]["steps/s"] * sum(r.get("games", 0) for r in rows) / played_steps
            )
        # python-chess over the run: the median of its rates beside each configuration and repeat
        beside = [r for rows in per.values() for r in rows if "chess plies/s" in r]
        yardsticks[side] = (
            {
                "plies/s": statistics.median(r["chess plies/s"] for r in beside),
                "games/s": statistics.median(r["chess games/s"] for r in beside),
            }
            if beside
            else {}
        )
    if against is None:
        return medians[None], yardsticks[None], None, None
    return medians[None], yardsticks[None], medians[against], yardsticks[against]


if __name__ == "__main__":
    raise SystemExit(main())
