"""Archipel: our IS-MCTS against OpenSpiel's `ISMCTSBot` at equal CPU time per move, game by game.

The same calibration and bots as `benchmarks/agents_vs_openspiel.py` (imported from it), on
Archipel with any options (`--opt short=true`), logging each season as one JSON line
(ending, orders filled, CPU per move) so that a run cut short still counts:

    python docs/agents/scripts/openspiel_archipel.py --seconds 0.1 --games 4 --opt players=2 --opt short=true \
        --out docs/agents/openspiel_archipel.jsonl

`--ours` names our agent without its budget (`ismcts:turns=2`, the default `ismcts`); its
iterations are calibrated the same way, on the first decisions of seed 99.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import random
import statistics
import time
from typing import Any

import tabletop
from tabletop.adapters import openspiel as ts_openspiel
from tabletop.agents import Agent, make_agent, with_budget

_BENCH = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "agents_vs_openspiel.py"
_spec = importlib.util.spec_from_file_location("agents_vs_openspiel", _BENCH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def season(options: dict, seed: int, ours: Agent | None, theirs: tuple[Any, Any] | None) -> dict:
    """One season, every boat by one side: its outcome and the CPU seconds of its searched moves."""
    state = tabletop.get_game("archipel").new_game(seed, **options)
    rng = random.Random(seed)
    times: list[float] = []
    while not state.is_terminal:
        player = state.current_player
        if player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        legal = state.legal_moves()
        start = time.process_time()
        if ours is not None:
            move = ours.choose(state.view(player), legal, rng)
        else:
            assert theirs is not None
            game, bot = theirs
            move = game.bridge.move_of(state, bot.step(ts_openspiel.TabletopSpielState(game, state)))
        if len(legal) > 1:
            times.append(time.process_time() - start)
        state = state.apply(move)
    o = state.outcome
    return {
        "ending": o.ending,
        "orders_filled": o.orders_filled,
        "orders": o.orders,
        "ended_by": o.ended_by,
        "rounds": o.rounds,
        "moves": len(times),
        "cpu_per_move": round(statistics.fmean(times), 4) if times else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opt", action="append", default=[], help="an Archipel option, NAME=VALUE")
    parser.add_argument("--ours", default="ismcts", help="our agent without a budget, e.g. ismcts:turns=2")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    options: dict = {}
    for item in args.opt:
        name, _, value = item.partition("=")
        options[name] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    ours_iterations = bench.calibrate("archipel", options, args.seconds, args.ours)
    simulations = bench.calibrate("archipel", options, args.seconds, None)
    ours = make_agent(with_budget(args.ours, iterations=ours_iterations))
    bench.log_calibration(args.out, options, args.seconds, args.ours, ours_iterations, simulations)
    for i in range(args.games):
        seed = args.seed + i
        for side in ("ours", "theirs"):
            theirs = bench.spiel_bot("archipel", options, simulations, seed) if side == "theirs" else None
            record = season(options, seed, ours if theirs is None else None, theirs)
            with open(args.out, "a") as log:
                log.write(json.dumps({"seed": seed, "side": side, **record}) + "\n")


if __name__ == "__main__":
    main()
