"""Conservas: how many of agent B's games ended as agent A's on the same seed (same result, same steps).

For the `shadow` agent against greedy this counts the games it most likely played exactly as
greedy did (it never left greedy's move, or left it and came back to the same end): the
games that cannot make a paired difference. Reads the logs `conservas_pairs.py` writes.

    python docs/agents/scripts/conservas_same.py --b shadow docs/agents/conservas_shadow_games.jsonl
"""

from __future__ import annotations

import argparse
import json


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="shadow")
    parser.add_argument("--seeds", help="only the seeds FIRST-LAST")
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    low, high = 0, 10**9
    if args.seeds:
        first, _, last = args.seeds.partition("-")
        low, high = int(first), int(last or first)
    ends: dict[tuple[str, str, int], dict[str, tuple[float, int]]] = {}
    for path in args.logs:
        with open(path) as log:
            for text in log:
                game = json.loads(text)
                if low <= game["seed"] <= high:
                    key = (game["options"]["month"], game["options"]["goal"], game["seed"])
                    ends.setdefault(key, {})[game["lineup"][0]] = (game["returns"][0], game["steps"])
    paired = [end for end in ends.values() if args.a in end and args.b in end]
    same = sum(1 for end in paired if end[args.a] == end[args.b])
    print(f"{same} of {len(paired)} games of {args.b} ended as {args.a}'s (same result, same steps)")


if __name__ == "__main__":
    main()
