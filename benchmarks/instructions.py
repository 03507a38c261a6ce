"""Instructions per playout, per branching pass and per JSON text written and read, counted by
valgrind's callgrind: a speed measure that the load of a shared machine does not disturb.

    python benchmarks/instructions.py [--games 10] [--pools 3] [--game spolka_zoo]
    python benchmarks/instructions.py --against /work/main/src   # this checkout and another
    python benchmarks/instructions.py --collector off            # the code alone, no collector

For each configuration of `benchmarks/playouts.py` it counts the instructions of a fixed seeded
workload: `--games` random playouts (seeds 0, 1, ...), and one branching pass (every legal move
applied to each state, all kept) over the states of `--pools` random games (every third state,
as `playouts.py` keeps them); then `to_json` of each of those states and `state_from_json` of
their texts, printed per state (the texts are written outside the count). Two games of each
configuration are played first, and every third of their states branched, written and read,
uncounted (`warm_up`), so that the code generated on first use is not counted. Fewer
instructions is faster; the ratio of two checkouts is the speed-up, steady to a fraction of a per
cent from run to run.

Before each measured call the garbage collector runs a full collection, uncounted, so that the
collections a call triggers depend on its own allocations, not on what the configurations
counted before it left behind (without it, which call paid a full collection moved from run to
run: Spółka ZOO with bots' branching pass read x1.45 "faster" for a change that made it no faster
by the clock). `--collector off` disables the collector in the counted process altogether: the
count of the code alone, steadier still, without the collector's share of the real cost.

Only the measured calls are counted: each runs inside `operator.call`, which callgrind is told to
count inside (`--toggle-collect`) and to write a profile after (`--dump-after`), so the profiles
come out one per measured call, in order; code under measure must not call `operator.call`
itself (the run then stops with the count of profiles it did not expect). Needs `valgrind` on
the PATH (Debian: `apt-get install valgrind`) and a Python that keeps its symbols (pyenv's or
python.org's builds; Debian's /usr/bin/python3 is stripped, and callgrind then finds no
`_operator_call` to count inside); about 50 times slower than running the workload
plainly.
"""

from __future__ import annotations

import argparse
import gc
import json
import operator
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import playouts  # the sibling benchmark: its configurations and workload


def _measured(function: Any, *arguments: Any) -> None:
    """Call `function(*arguments)` inside `operator.call` (counted), after a full collection (not)."""
    gc.collect()
    operator.call(function, *arguments)


WARM_SEEDS = (999_999, 999_998)
"""The random games played, branched, written and read, uncounted, before a configuration's count."""


def warm_up(game: Any, options: Any) -> int:
    """Build, uncounted, what a configuration's first use generates and a measured call would
    otherwise pay once: the games of `WARM_SEEDS` played, and every third of their states (as
    `playouts.py` keeps them) branched, written and read (the reader's positions, the replacers of
    fields that random play seldom changes). Returns the number of states branched and read.

    One game with one state read left code to build inside the counts: Spółka ZOO's replacers of
    `Task` and `Turn` (about 1.6 % of a bots playouts count), and the reader's positions (a bots
    text read 66 k instructions dearer without other texts read first)."""
    states: list[Any] = []
    for seed in WARM_SEEDS:
        playouts.random_game(game, options, seed, states.append)
    kept = states[:: playouts.POOL_EVERY]
    playouts._branch(kept)
    for state in kept:
        game.state_from_json(state.to_json())
    return len(kept)


def workload(names: set[str], games: int, pools: int) -> list[str]:
    """Run the measured calls (each inside `operator.call`) and return their labels, in order."""
    import tabletop

    labels = []
    for name, options in [(name, o) for name, sets in playouts.OPTION_SETS.items() for o in sets]:
        if names and playouts.short_name(name) not in names:
            continue
        game = tabletop.get_game(name)
        key = playouts.config_key(name, options)
        warm_up(game, options)  # uncounted: the code generated on first use built

        def play(game: Any = game, options: Any = options) -> int:
            return sum(playouts.random_game(game, options, seed) for seed in range(games))

        _measured(play)
        labels.append(f"{key}|playouts")
        states = [s for seed in range(pools) for s in playouts._pool(game, options, 500_000 + seed)]
        _measured(playouts._branch, states)
        labels.append(f"{key}|branching")
        _measured(_write, states)
        labels.append(f"{key}|to_json|{len(states)}")
        texts = [state.to_json() for state in states]
        _measured(_read, game, texts)
        labels.append(f"{key}|from_json|{len(texts)}")
    return labels


def _write(states: list[Any]) -> None:
    """`to_json` of every state (the measured call of `to_json`)."""
    for state in states:
        state.to_json()


def _read(game: Any, texts: list[str]) -> None:
    """`state_from_json` of every text (the measured call of `from_json`)."""
    for text in texts:
        game.state_from_json(text)


def _callgrind(out: Path) -> list[str]:
    """valgrind's command line: count inside each `operator.call`, one profile after each, in `out.N`."""
    return [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=_operator_call",
        "--dump-after=_operator_call",
        f"--callgrind-out-file={out}",
    ]


def counted(src: str | None, names: set[str], games: int, pools: int, collector: bool = True) -> dict[str, int]:
    """Instructions of each measured call, run under callgrind with tabletop from `src` (the
    garbage collector disabled when `collector` is false)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "cg.out"
        job = {"names": sorted(names), "games": games, "pools": pools, "collector": collector}
        prefix = _callgrind(out)
        # A fixed hash seed: set and dict orders (and so the instructions) the same in every run.
        labels = playouts.run_worker(src, job, __file__, prefix, env={"PYTHONHASHSEED": "0"})
        dumps = sorted(Path(folder).glob("cg.out.*"), key=lambda p: int(p.suffix[1:]))
        totals = []
        for dump in dumps:
            for line in dump.read_text().splitlines():
                if line.startswith("totals:"):
                    totals.append(int(line.split()[1]))
        if len(totals) != len(labels):
            msg = (
                f"{len(labels)} measured calls but {len(totals)} profiles: does the code under "
                "measure call operator.call, the benchmark's marker? Or is this Python stripped of its "
                "symbols (Debian's /usr/bin/python3 is), so callgrind cannot find operator.call's C "
                "function (_operator_call)? Run with a Python that keeps them (pyenv's, python.org's)."
            )
            raise RuntimeError(msg)
        return dict(zip(labels, totals, strict=True))


def can_count() -> bool:
    """Whether callgrind finds the marker's C function in this Python (not in a stripped build):
    one `operator.call` counted in a tiny run."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "cg.out"
        command = [
            *_callgrind(out),
            sys.executable,
            "-S",
            "-c",
            "import operator; operator.call(int)",
        ]
        try:
            done = subprocess.run(command, capture_output=True, check=False)
        except OSError:  # no valgrind
            return False
        return done.returncode == 0 and any(Path(folder).glob("cg.out.*"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="random playouts per configuration")
    parser.add_argument("--pools", type=int, default=3, help="random games whose states the branching pass expands")
    parser.add_argument("--game", action="append", default=[], help="only these games (repeatable, comma-separated)")
    parser.add_argument("--against", metavar="SRC_DIR", help="also count another checkout's src and compare")
    parser.add_argument(
        "--collector",
        choices=("on", "off"),
        default="on",
        help="the garbage collector in the counted process (default on, as in real use; off counts the code alone)",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        job = json.loads(args.worker)
        if not job.get("collector", True):
            gc.disable()
        print(json.dumps(workload(set(job["names"]), job["games"], job["pools"])))
        return 0
    names = {name.strip() for given in args.game for name in given.split(",") if name.strip()}
    collector = args.collector == "on"
    here = counted(None, names, args.games, args.pools, collector)
    there = None
    if args.against:
        there = counted(str(Path(args.against).resolve()), names, args.games, args.pools, collector)
    for label, count in here.items():
        config, what, *per = label.split("|")
        scale, unit = (1e3 * int(per[0]), "k/state") if per else (1e6, "M")
        line = f"{config:<62} {what:<10} {count / scale:>10,.1f} {unit}"
        if there is not None:
            theirs = there[label]
            line += f"   against {theirs / scale:>10,.1f} {unit}   x{theirs / count:.3f} faster"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
