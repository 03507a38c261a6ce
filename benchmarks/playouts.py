"""Random-playout speed of every registered game, beside python-chess as a yardstick.

    pip install -e '.[bench,cli]'                  # cli: the progress bar and the table (rich)
    python benchmarks/playouts.py [--seconds 2] [--repeats 5] [--game conservas]

For every game and a few option sets it plays random games (uniform legal moves, chance
sampled by probability, one ``apply`` per step) and reports the median steps/s and games/s
over the repeats. In the same run it measures python-chess random playouts (plies/s: the
legal moves listed, one chosen uniformly, pushed, the game-over check done) and prints the
ratio. Speed is judged by this ratio, never by a timed test: machines differ, ratios much
less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.output import print_table, progress

#: Option sets measured per game (games not installed are skipped).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "conservas": [{}, {"month": "may", "goal": "difficult"}],
    # "supplied": the season can only be declared over once no order can still be filled, so
    # random play sails whole seasons instead of declaring at once (the default, "anytime").
    "archipel": [
        {"players": 2, "declare": "supplied"},
        {"players": 5, "memory": True, "declare": "supplied"},
        {"players": 3, "short": True, "declare": "supplied"},
    ],
    "spolka_zoo": [
        {"players": 3},
        {"players": 5},
        {"players": 1, "bots": 2, "modules": ("events", "hidden_goals", "intrigues")},
    ],
    "tabletop.testing.drill:GAME": [{}],
}


def timed(run_one: Callable[[int], int], seconds: float, first_seed: int = 0) -> tuple[float, float]:
    """Run ``run_one(seed)`` (returning steps) for about ``seconds``; return (steps/s, games/s)."""
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run_one(first_seed + games)
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def game_runner(name: str, options: Mapping[str, Any]) -> Callable[[int], int]:
    """A function playing one random game of ``name`` from a seed, returning its steps."""
    game = tabletop.get_game(name)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_game(seed, **options)
        steps = 0
        while not state.is_terminal:
            if state.current_player == CHANCE:
                move = sample_chance(state, rng)
            else:
                move = rng.choice(state.legal_moves())
            state = state.apply(move)
            steps += 1
        return steps

    return run


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


def median_rates(
    run: Callable[[int], int], seconds: float, repeats: int, done: Callable[[], None] = lambda: None
) -> tuple[float, float]:
    """Median steps/s and games/s over ``repeats`` timed runs, each on fresh seeds (so no
    cache keyed by game content is warmed by an earlier run); ``done()`` is called between runs,
    outside the timing (it moves the progress bar)."""
    results = []
    for repeat in range(repeats):
        results.append(timed(run, seconds, first_seed=1_000_000 * repeat))
        done()
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per measurement (median)")
    parser.add_argument(
        "--game", action="append", default=[], help="only these games (repeatable or comma-separated, all kept)"
    )
    args = parser.parse_args(argv)
    only = {name.strip() for given in args.game for name in given.split(",") if name.strip()}
    names = [*tabletop.GAMES, "tabletop.testing.drill:GAME"]
    if only - set(names):
        parser.error(f"no game {', '.join(sorted(only - set(names)))} (games: {', '.join(names)})")

    chess = chess_runner()
    jobs = [(name, options) for name in names if not only or name in only for options in OPTION_SETS.get(name, [{}])]
    rows = []
    # The bar redraws only between timed runs (no drawing thread), so it disturbs no measurement.
    with progress("timed runs", (len(jobs) + bool(chess)) * args.repeats, auto_refresh=False) as advance:
        finished = 0

        def done() -> None:
            nonlocal finished
            finished += 1
            advance(finished)

        chess_rate = median_rates(chess, args.seconds, args.repeats, done)[0] if chess else None
        for name, options in jobs:
            steps, games = median_rates(game_runner(name, options), args.seconds, args.repeats, done)
            shown = ", ".join(f"{k}={','.join(v) if isinstance(v, tuple) else v}" for k, v in options.items())
            ratio = f"x{steps / chess_rate:.2f}" if chess_rate else ""
            rows.append(
                [name.split(":")[0].split(".")[-1], shown or "defaults", f"{steps:,.0f}", f"{games:,.1f}", ratio]
            )
    if chess_rate:
        print(f"python-chess (the yardstick): {chess_rate:,.0f} plies/s")
    else:
        print("python-chess is not installed (pip install -e '.[bench]'): no yardstick")
    columns = ["game", "options", "steps/s", "games/s", "vs chess"]
    print_table(columns, rows, numeric=columns[2:])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
