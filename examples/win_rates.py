"""Conservas win rate by month: simulate games for each month's Market Book and plot them.

    pip install -e '.[examples]'
    python examples/win_rates.py                      # 10,000 games per month (a few minutes)
    python examples/win_rates.py --games 500 --workers 2 --goal difficult --out difficult.png

Notebook-style: each ``# %%`` cell runs on its own in an editor that knows cells. Every game
is seeded (game ``i`` of every month uses seed ``seed + i``), so a run is reproducible and the
months are compared on the same seeds. The policy is uniformly random moves by default (the
fast path of ``tabletop.simulate``) or any of the library's agents (``--policy greedy``).
The chart shows the share of games won for each month (bars) and the mean money at the end
(line), and is saved as a PNG. Random play almost never meets a month's goals, so its bars
sit near zero: the money line shows how far each month's market lets a careless fisher get,
and a stronger policy (``--policy rollout``, slow) lifts the bars.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import matplotlib

matplotlib.use("Agg")  # draw to a file: no display needed
import matplotlib.pyplot as plt

import tabletop
from tabletop.frontend import make_agent
from tabletop.simulate import play_random

GAME = "conservas"


# %% One game and one batch of games


def play(options: dict[str, Any], seed: int, policy: str) -> tabletop.Outcome:
    """One game of Conservas with ``options``, played by ``policy``."""
    game = tabletop.get_game(GAME)
    if policy == "random":
        state, _ = play_random(game, options, seed)
    else:
        agent, rng = make_agent(policy), random.Random(seed)
        state = game.new_game(seed, **options)
        while not state.is_terminal:
            if state.current_player == tabletop.CHANCE:
                move = tabletop.sample_chance(state)
            else:
                move = agent.choose(state.view(state.current_player), state.legal_moves(), rng)
            state = state.apply(move)
    assert state.outcome is not None
    return state.outcome


def batch(month: str, goal: str, seeds: Sequence[int], policy: str) -> tuple[str, int, list[float]]:
    """Games won and the final money of each game, for one month and a run of seeds."""
    won, money = 0, []
    for seed in seeds:
        outcome = play({"month": month, "goal": goal}, seed, policy)
        won += outcome.returns[0] > 0
        money.append(float(outcome.summary().get("money", 0)))
    return month, won, money


# %% Simulate every month


def simulate(games: int, goal: str, seed: int, policy: str, workers: int) -> dict[str, tuple[float, float]]:
    """For each month: (win rate, mean final money) over ``games`` games."""
    months = [str(m) for m in tabletop.get_game(GAME).option("month").choices]
    chunk = max(1, min(250, games // max(1, workers)))
    jobs = [
        (m, goal, range(seed + i, seed + min(games, i + chunk)), policy) for m in months for i in range(0, games, chunk)
    ]
    won = dict.fromkeys(months, 0)
    money: dict[str, list[float]] = {m: [] for m in months}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for month, wins, values in pool.map(batch, *zip(*jobs, strict=True)):
            won[month] += wins
            money[month].extend(values)
    return {m: (won[m] / games, statistics.fmean(money[m])) for m in months}


# %% Plot


def plot(results: dict[str, tuple[float, float]], title: str, path: str) -> None:
    """Bars of the win rate by month, with the mean final money as a line on a second axis."""
    months = list(results)
    won = [100 * results[m][0] for m in months]
    figure, rates = plt.subplots(figsize=(10, 5))
    bars = rates.bar(months, won, color="#2a9d8f", label="games won (%)")
    rates.bar_label(bars, labels=[f"{w:.1f}%" for w in won], fontsize=8)
    rates.set_ylabel("games won (%)")
    rates.set_ylim(0, max(10.0, 1.3 * max(won)))
    rates.set_title(title)
    rates.tick_params(axis="x", labelrotation=45)
    money = rates.twinx()
    money.plot(months, [results[m][1] for m in months], color="#e76f51", marker="o", label="mean money at the end")
    money.set_ylabel("money at the end")
    money.set_ylim(bottom=0)
    handles = [bars, *money.get_lines()]
    rates.legend(handles, [h.get_label() for h in handles], loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Conservas win rate by month, as a PNG chart.")
    parser.add_argument("--games", type=int, default=10_000, help="games per month (default 10,000)")
    parser.add_argument("--goal", default="standard", help="the goal level (standard or difficult)")
    parser.add_argument("--policy", default="random", help="random, greedy or rollout")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="win_rates.png")
    args = parser.parse_args(argv)

    results = simulate(args.games, args.goal, args.seed, args.policy, args.workers)
    print(f"{'month':<10} {'won':>7} {'money':>7}")
    for month, (rate, money) in results.items():
        print(f"{month:<10} {rate:>7.1%} {money:>7.2f}")
    title = f"Conservas, {args.goal} goals: {args.games:,} games per month, {args.policy} play"
    plot(results, title, args.out)
    print(f"chart saved to {args.out}")


if __name__ == "__main__":
    main()
