"""CPU time of the same seeded random games on two builds: the ratio that load does not move.

    python tools/compiled/cputime.py                               # build/compiled against src
    python tools/compiled/cputime.py --games 30 --rounds 3 --game conservas
    python tools/compiled/cputime.py --build DIR --against OTHER_SRC

`benchmarks/playouts.py --against` times each side by the wall clock, so on a loaded machine
its ratios move by a quarter from one run to the next. Here both sides play exactly the same
games (the same configurations and seeds, so the same steps) and each is timed by the CPU
time of its own process (`time.process_time`), which other processes' load hardly changes;
the rounds alternate the sides. It prints, per configuration of the benchmark, each side's
CPU seconds (the best round) and their ratio (pure over compiled: above 1 means the compiled
build is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The configurations timed: `benchmarks/playouts.py`'s (issue 12's table).
CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("conservas", {"month": "january"}),
    ("conservas", {"month": "december", "goal": "difficult"}),
    ("archipel", {"players": 2, "declare": "supplied"}),
    ("archipel", {"players": 5, "declare": "supplied"}),
    ("spolka_zoo", {"players": 2}),
    ("spolka_zoo", {"players": 5}),
    ("spolka_zoo", {"players": 3, "modules": ["events", "hidden_goals", "intrigues"]}),
    ("spolka_zoo", {"players": 1, "bots": 4}),
]

_WORKER = """
import json, random, sys, time
import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance

name, options, games = json.loads(sys.argv[1])
options = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
game = tabletop.get_game(name)
game.new_game(0, **options)  # imports and caches outside the timing
steps = 0
start = time.process_time()
for seed in range(games):
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
        steps += 1
print(json.dumps({"cpu": time.process_time() - start, "steps": steps, "file": tabletop.__file__}))
"""


def run_side(src: Path, name: str, options: dict[str, object], games: int) -> dict[str, float]:
    """One side's CPU seconds and steps for `games` seeded random games of one configuration."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    job = json.dumps([name, options, games])
    done = subprocess.run([sys.executable, "-c", _WORKER, job], env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=str(ROOT / "build" / "compiled"), help="the compiled build's folder")
    parser.add_argument("--against", default=str(ROOT / "src"), help="the other side (default: this checkout's src)")
    parser.add_argument("--games", type=int, default=20, help="seeded games per configuration and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per side (the best is kept)")
    parser.add_argument("--game", action="append", default=[], help="only these games (repeatable)")
    args = parser.parse_args(argv)
    sides = {"compiled": Path(args.build).resolve(), "pure": Path(args.against).resolve()}
    print(f"{'configuration':<55} {'compiled s':>10} {'pure s':>8} {'pure/compiled':>13}")
    for name, options in CONFIGS:
        if args.game and name not in args.game:
            continue
        best: dict[str, float] = {}
        steps: dict[str, float] = {}
        for round_number in range(args.rounds):
            order = list(sides) if round_number % 2 == 0 else list(sides)[::-1]
            for side in order:
                result = run_side(sides[side], name, options, args.games)
                best[side] = min(best.get(side, float("inf")), result["cpu"])
                steps[side] = result["steps"]
        if steps["compiled"] != steps["pure"]:
            print(f"{name} {options}: the sides played different games ({steps})", file=sys.stderr)
            return 1
        shown = " ".join(f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in options.items())
        label = f"{name} {shown} ({steps['pure']:.0f} steps)"
        ratio = best["pure"] / best["compiled"]
        print(f"{label:<55} {best['compiled']:>10.2f} {best['pure']:>8.2f} {ratio:>12.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
