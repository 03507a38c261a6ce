"""Seasons (or games) with one agent in every seat, as `tabletop tournament` plays them, logged one by one.

Game `s` is played on seed `s` with each seat's random source seeded from the seed and the
seat (the tournament's `play_game`), and appended to `--out` as one JSON line as soon as it
ends, with the outcome's fields (Archipel: ending, orders filled, boats home, how it ended)
and its CPU time, so that a run cut short still counts:

    nice -n 10 python docs/agents/scripts/archipel_seasons.py ismcts:iterations=10 --seeds 0-11 \
        --opt players=2 --opt short=true --out ismcts.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from tabletop import get_game, sample_chance
from tabletop.agents import make_agent
from tabletop.kernel.chance import CHANCE

_FIELDS = ("ending", "orders_filled", "orders", "home", "ended_by", "rounds")


def play(game_name: str, spec: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One game with `spec` in every seat: its record."""
    start, wall = time.process_time(), time.time()
    state = get_game(game_name).new_game(seed, **options)
    lineup = [spec] * state.num_players
    agents = [make_agent(s) for s in lineup]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(state.num_players)]
    steps = 0
    while not state.is_terminal:
        player = state.current_player
        if player == CHANCE:
            move = sample_chance(state)
        else:
            legal = state.legal_moves()
            move = agents[player].choose(state.view(player), legal, rngs[player]) or rngs[player].choice(legal)
        state = state.apply(move)
        steps += 1
    outcome = state.outcome
    record: dict[str, Any] = {
        "options": options,
        "seed": seed,
        "lineup": lineup,
        "returns": list(outcome.returns),
        "steps": steps,
        "cpu_s": round(time.process_time() - start, 2),
        "wall_s": round(time.time() - wall, 1),
    }
    for name in _FIELDS:
        if hasattr(outcome, name):
            value = getattr(outcome, name)
            record[name] = list(value) if isinstance(value, tuple) else value
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the agent in every seat, e.g. ismcts:iterations=10")
    parser.add_argument("--game", default="archipel")
    parser.add_argument("--seeds", default="0-9", help="FIRST-LAST")
    parser.add_argument("--opt", action="append", default=[], help="a game option, NAME=VALUE")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    first, last = map(int, args.seeds.split("-"))
    options: dict[str, Any] = {}
    for item in args.opt:
        name, _, value = item.partition("=")
        options[name] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    for seed in range(first, last + 1):
        record = play(args.game, args.spec, seed, options)
        with open(args.out, "a") as log:
            log.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
