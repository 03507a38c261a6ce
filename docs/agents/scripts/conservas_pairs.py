"""Conservas: greedy and MCTS on the same seeds for every month at both goal levels, game by game.

Each game is `tabletop tournament`'s own (`play_game`: game on seed `s`, the seat's random
source seeded from the seed), appended to `--out` as one JSON line as soon as it ends, so a
run cut short still counts. Seeds are played in order, every month-goal pair for a seed
before the next seed; `--step 2` with two processes (`--first 3` and `--first 4`) shares the
seeds between two cores:

    nice -n 10 python docs/agents/scripts/conservas_pairs.py --first 3 --step 2 --out games.jsonl

`--skip` names logs (this one's `--out` among them, if it should resume) whose games are not
played again: a stopped run restarts where it was, and a run fills the gaps of earlier ones.
"""

from __future__ import annotations

import argparse
import json
import time

from tabletop.agents.tournament import play_game, split_agents
from tabletop.conservas.content import MONTHS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="greedy,mcts:iterations=20")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--last", type=int, default=10_000)
    parser.add_argument("--months", default=",".join(MONTHS), help="comma-separated months to play (all by default)")
    parser.add_argument("--goals", default="standard,difficult", help="comma-separated goal levels to play")
    parser.add_argument("--out", required=True)
    parser.add_argument("--skip", nargs="*", default=[], help="logs of games not to play again")
    args = parser.parse_args()
    agents = split_agents(args.agents)
    months = [m for m in args.months.split(",") if m]
    goals = [g for g in args.goals.split(",") if g]
    for month in months:
        if month not in MONTHS:
            parser.error(f"--months: unknown month {month!r} (one of {', '.join(MONTHS)})")
    for goal in goals:
        if goal not in ("standard", "difficult"):
            parser.error(f"--goals: unknown goal level {goal!r} (standard or difficult)")
    done = _logged(args.skip)
    for seed in range(args.first, args.last + 1, args.step):
        for month in months:
            for goal in goals:
                for agent in agents:
                    options = {"month": month, "goal": goal}
                    if (month, goal, seed, agent) in done:
                        continue
                    start = time.process_time()
                    record = play_game("conservas", options, seed, [agent])
                    line = {
                        "options": options,
                        "seed": seed,
                        "lineup": [agent],
                        "returns": list(record.returns),
                        "steps": record.steps,
                        "cpu_s": round(time.process_time() - start, 2),
                    }
                    with open(args.out, "a") as log:
                        log.write(json.dumps(line) + "\n")


def _logged(paths: list[str]) -> set[tuple[str, str, int, str]]:
    """The games (month, goal, seed, agent) already in the logs at `paths` (a missing one is empty)."""
    done = set()
    for path in paths:
        try:
            with open(path) as log:
                lines = log.readlines()
        except FileNotFoundError:
            continue
        for text in lines:
            game = json.loads(text)
            options = game["options"]
            done.add((options["month"], options["goal"], game["seed"], game["lineup"][0]))
    return done


if __name__ == "__main__":
    main()
