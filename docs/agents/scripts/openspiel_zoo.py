"""Spółka ZOO: our IS-MCTS against OpenSpiel's `ISMCTSBot` at one table, at equal CPU time per move.

The same calibration and bots as `benchmarks/agents_vs_openspiel.py` (imported from it). Each
seed is played twice, our agent in seat 0 and then in seat 1 (OpenSpiel's bot in the other),
so that neither side keeps the first seat's edge; each game is logged as one JSON line (our
seat, every seat's glory, the winners, CPU per searched move of each side) so that a run cut
short still counts:

    python docs/agents/scripts/openspiel_zoo.py --seconds 0.1 --games 10 --out docs/agents/openspiel_zoo.jsonl

`--ours` names our agent without its budget (`ismcts`, the default); its iterations, and
OpenSpiel's simulations, are calibrated in a game of seed 99 the two sides play against each other (each
seat once), over every searched move, not on the first few decisions alone: a Spółka ZOO
search costs ours more late in the game and OpenSpiel's less (its random rollouts to the end
get shorter).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import tabletop
from tabletop.adapters import openspiel as ts_openspiel
from tabletop.agents import Agent, make_agent, with_budget

_BENCH = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "agents_vs_openspiel.py"
_spec = importlib.util.spec_from_file_location("agents_vs_openspiel", _BENCH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def table(options: dict, seed: int, ours_seat: int, ours: Agent, theirs: tuple[Any, Any]) -> dict:
    """One game, `ours` in `ours_seat` and OpenSpiel's bot in every other seat."""
    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    game, bot = theirs

    def choose(state: tabletop.State, legal: Sequence[Any], rng: random.Random) -> Any:
        player = state.current_player
        side = "ours" if player == ours_seat else "theirs"
        start = time.process_time()
        if side == "ours":
            move = ours.choose(state.view(player), legal, rng)
        else:
            move = game.bridge.move_of(state, bot.step(ts_openspiel.TabletopSpielState(game, state)))
        if len(legal) > 1:
            times[side].append(time.process_time() - start)
        return move

    o = bench.play_out("spolka_zoo", options, seed, choose).outcome
    return {
        "glory": [s.glory for s in o.standings],
        "winners": list(o.winners),
        "ours_won": ours_seat in o.winners,
        "ours_share": (1.0 / len(o.winners)) if ours_seat in o.winners else 0.0,
        **{f"{side}_moves": len(t) for side, t in times.items()},
        **{f"{side}_cpu_per_move": round(statistics.fmean(t), 4) if t else 0.0 for side, t in times.items()},
    }


def calibrate(options: dict, seconds: float, ours_name: str, trial: int = 20) -> tuple[int, int]:
    """Iterations per move for our agent and simulations for OpenSpiel's bot, each to spend
    about `seconds` of CPU a move: a calibration game of seed 99 played by the two sides
    against each other, each seat once, at `trial` of each, gives each side's mean CPU per
    iteration over every searched move of a real game (the first decisions alone misjudge
    both: a Spółka ZOO search costs ours more late in the game and OpenSpiel's less)."""
    ours = make_agent(with_budget(ours_name, iterations=trial))
    spent = {"ours": 0.0, "theirs": 0.0}
    moves = {"ours": 0, "theirs": 0}
    for ours_seat in range(options["players"]):
        record = table(options, 99, ours_seat, ours, bench.spiel_bot("spolka_zoo", options, trial, 99))
        for side in spent:
            spent[side] += record[f"{side}_cpu_per_move"] * record[f"{side}_moves"]
            moves[side] += record[f"{side}_moves"]
    ours_iterations, simulations = (
        max(2, round(seconds * moves[side] * trial / spent[side])) for side in ("ours", "theirs")
    )
    return ours_iterations, simulations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="seeds; each is played twice, one seat each")
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ours", default="ismcts", help="our agent without a budget, e.g. ismcts:cutoff=0")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    options = {"players": args.players}
    ours_iterations, simulations = calibrate(options, args.seconds, args.ours)
    ours = make_agent(with_budget(args.ours, iterations=ours_iterations))
    bench.log_calibration(args.out, options, args.seconds, args.ours, ours_iterations, simulations)
    for i in range(args.games):
        seed = args.seed + i
        for ours_seat in range(args.players):
            theirs = bench.spiel_bot("spolka_zoo", options, simulations, seed)
            record = table(options, seed, ours_seat, ours, theirs)
            with open(args.out, "a") as log:
                log.write(json.dumps({"seed": seed, "ours_seat": ours_seat, **record}) + "\n")


if __name__ == "__main__":
    main()
