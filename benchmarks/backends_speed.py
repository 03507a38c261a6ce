"""Games per second of ``simulate`` on the local backend (1 and 2 processes) and on Ray (1 and 2 CPUs).

    pip install -e '.[ray]'
    python benchmarks/backends_speed.py --games 1000 --agent random

The Ray instance is started before the clock starts (once per CPU count), so the numbers
compare running games, not Ray's start-up (a few seconds, paid once per command).
"""

from __future__ import annotations

import argparse
import time

import ray

from tabletop.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conservas")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--agent", default="random")
    args = parser.parse_args()
    baseline = None
    for backend in ("local", "ray"):
        for workers in (1, 2):
            if backend == "ray":
                start = time.perf_counter()
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
                startup = time.perf_counter() - start
            report = simulate(args.game, games=args.games, agent=args.agent, backend=backend, workers=workers)
            if backend == "ray":
                ray.shutdown()
            baseline = baseline or report.results
            same = "identical" if report.results == baseline else "DIFFERENT"
            extra = f", Ray start-up {startup:.1f} s" if backend == "ray" else ""
            rate = args.games / report.seconds
            games = f"{args.games} {args.agent} games"
            print(f"{backend} workers={workers}: {rate:,.1f} games/s ({games}, results {same}{extra})")


if __name__ == "__main__":
    main()
