"""Conservas: the per-pair table of two agents from game logs, with intervals and sign tests.

Reads the JSON lines `conservas_pairs.py` writes (any number of logs), keeps for each
month-goal pair the seeds both agents played (a paired comparison: the same game, the same
chance source), and prints a Markdown table: each agent's wins with a 95% Wilson interval,
the difference's 95% interval (Newcombe's, from the two Wilson intervals), the seeds one
won and the other lost, and a two-sided sign test on those; then the totals. `--csv` also
writes the pairs as CSV.

    python docs/agents/scripts/conservas_table.py --a greedy --b mcts:iterations=20 \\
        --csv docs/agents/conservas_pairs.csv docs/agents/conservas_games.jsonl
"""

from __future__ import annotations

import argparse
import csv
import json
import math
from collections import defaultdict

from tabletop.agents.tournament import wilson
from tabletop.conservas.content import MONTHS

Pair = tuple[str, str]


def sign_test(wins: int, losses: int) -> float:
    """The two-sided exact sign test's p-value of `wins` against `losses` (ties left out)."""
    n = wins + losses
    if n == 0:
        return 1.0
    low = min(wins, losses)
    tail = sum(math.comb(n, k) for k in range(low + 1)) / 2**n
    return min(1.0, 2 * tail)


def newcombe(wins_a: int, wins_b: int, n: int) -> tuple[float, float]:
    """The 95% interval of `b`'s win rate minus `a`'s (Newcombe's hybrid score interval)."""
    pa, pb = wins_a / n, wins_b / n
    la, ua = wilson(wins_a, n)
    lb, ub = wilson(wins_b, n)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return low, high


def load(paths: list[str]) -> dict[tuple[str, str, int], dict[str, float]]:
    """Each game's return by (month, goal, seed) and agent (the last logged, if twice)."""
    games: dict[tuple[str, str, int], dict[str, float]] = defaultdict(dict)
    for path in paths:
        with open(path) as log:
            for text in log:
                game = json.loads(text)
                options = game["options"]
                games[options["month"], options["goal"], game["seed"]][game["lineup"][0]] = game["returns"][0]
    return games


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="greedy", help="the agent compared against")
    parser.add_argument("--b", default="mcts:iterations=20", help="the agent compared")
    parser.add_argument("--csv", help="also write the pairs as CSV here (one row a month-goal pair, for pandas)")
    parser.add_argument("--seeds", help="only the seeds FIRST-LAST (a fixed range: every pair on the same seeds)")
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    table: list[dict[str, object]] = []
    games = load(args.logs)
    if args.seeds:
        first, _, last = args.seeds.partition("-")
        low, high = int(first), int(last or first)
        games = defaultdict(dict, {key: value for key, value in games.items() if low <= key[2] <= high})
    rows = [
        "| month | goal | games | A wins (95% CI) | B wins (95% CI) | B - A (95% CI) | B only / A only | sign test p |"
    ]
    rows.append("|---|---|---|---|---|---|---|---|")
    total = {"n": 0, "a": 0, "b": 0, "b_only": 0, "a_only": 0}
    verdict = {"better": 0, "equal": 0, "worse": 0}
    seeds: set[int] = set()
    for month in MONTHS:
        for goal in ("standard", "difficult"):
            both = [(seed, r) for (m, g, seed), r in sorted(games.items()) if (m, g) == (month, goal)]
            paired = [(r[args.a], r[args.b]) for _, r in both if args.a in r and args.b in r]
            seeds.update(seed for seed, r in both if args.a in r and args.b in r)
            n = len(paired)
            if not n:
                continue
            a = sum(1 for x, _ in paired if x >= 1.0)
            b = sum(1 for _, y in paired if y >= 1.0)
            b_only = sum(1 for x, y in paired if y >= 1.0 > x)
            a_only = sum(1 for x, y in paired if x >= 1.0 > y)
            la, ua = wilson(a, n)
            lb, ub = wilson(b, n)
            ld, ud = newcombe(a, b, n)
            rows.append(
                f"| {month} | {goal} | {n} | {a}/{n} ({_pct(la)}-{_pct(ua)}) | {b}/{n} ({_pct(lb)}-{_pct(ub)}) "
                f"| {100 * (b - a) / n:+.0f} ({100 * ld:+.0f} to {100 * ud:+.0f}) | {b_only} / {a_only} "
                f"| {sign_test(b_only, a_only):.2g} |"
            )
            verdict["better" if b > a else "equal" if b == a else "worse"] += 1
            table.append(
                {
                    "month": month,
                    "goal": goal,
                    "games": n,
                    "a": args.a,
                    "b": args.b,
                    "a_wins": a,
                    "b_wins": b,
                    "a_low": round(la, 4),
                    "a_high": round(ua, 4),
                    "b_low": round(lb, 4),
                    "b_high": round(ub, 4),
                    "difference_low": round(ld, 4),
                    "difference_high": round(ud, 4),
                    "b_only": b_only,
                    "a_only": a_only,
                    "sign_test_p": round(sign_test(b_only, a_only), 4),
                }
            )
            for key, value in (("n", n), ("a", a), ("b", b), ("b_only", b_only), ("a_only", a_only)):
                total[key] += value
    if args.csv and table:
        with open(args.csv, "w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=list(table[0]))
            writer.writeheader()
            writer.writerows(table)
    print(f"A = {args.a}, B = {args.b}; seeds {min(seeds, default=0)}-{max(seeds, default=0)}\n")
    print("\n".join(rows))
    n = total["n"]
    if not n:
        return
    la, ua = wilson(total["a"], n)
    lb, ub = wilson(total["b"], n)
    p = sign_test(total["b_only"], total["a_only"])
    print(
        f"\nTotals: A {total['a']}/{n} ({_pct(la)}-{_pct(ua)}), B {total['b']}/{n} ({_pct(lb)}-{_pct(ub)}); "
        f"B only {total['b_only']}, A only {total['a_only']}, sign test p = {p:.2g}; "
        f"pairs B better {verdict['better']}, equal {verdict['equal']}, worse {verdict['worse']}"
    )


if __name__ == "__main__":
    main()
