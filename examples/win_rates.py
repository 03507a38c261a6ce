"""Conservas win rate by month, for a random player and a greedy one, plotted as a PNG.

    pip install -e '.[examples,cli]'                   # cli: the progress bar and the table (rich)
    python examples/win_rates.py                       # 10,000 random + 1,000 greedy games per month
    python examples/win_rates.py --games 500 --greedy-games 100 --goal difficult --out difficult.png
    python examples/win_rates.py --greedy-games 0      # random play only (about 7 minutes on 2 cores)

Notebook-style: each ``# %%`` cell runs on its own in an editor that knows cells. Every game
is seeded (game ``i`` of every month uses seed ``seed + i``), so a run is reproducible and the
months and the two players are compared on the same seeds.

Two players are simulated for each month's Market Book: uniformly random moves (the fast path
of ``tabletop.simulate``), which almost never meet a month's goals, and the library's greedy
agent, which follows the game's ``evaluate`` hook one move ahead and wins most months: the
gap between the two, and the spread of the greedy player's win rate across the months, are
what the chart shows. The greedy agent is slower (about 20 games a second per process), so
it plays fewer games by default; each bar carries its 95% confidence interval, so the
smaller sample is read honestly. The mean money at the end is drawn as a line per player.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import matplotlib

matplotlib.use("Agg")  # draw to a file: no display needed
import matplotlib.pyplot as plt

import tabletop
from tabletop.frontend import make_agent
from tabletop.output import print_table, progress
from tabletop.simulate import play_random, wilson_interval

GAME = "conservas"
COLOURS = {"random": "#8d99ae", "greedy": "#2a9d8f"}


# %% One game and one batch of games


def play(options: dict[str, Any], seed: int, policy: str) -> tabletop.Outcome:
    """One game of Conservas with ``options``, played by ``policy`` (random, greedy or rollout)."""
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


def batch(policy: str, month: str, goal: str, seeds: Sequence[int]) -> tuple[str, str, int, list[float]]:
    """Games won and the final money of each game, for one player, one month and a run of seeds."""
    won, money = 0, []
    for seed in seeds:
        outcome = play({"month": month, "goal": goal}, seed, policy)
        won += outcome.returns[0] > 0
        money.append(float(outcome.summary().get("money", 0)))
    return policy, month, won, money


# %% Simulate every month


def simulate(games: dict[str, int], goal: str, seed: int, workers: int) -> dict[str, dict[str, tuple[int, int, float]]]:
    """For each player and month: (games won, games played, mean final money), with a progress bar.

    Args:
        games: Games per month for each player (``{"random": 10_000, "greedy": 1_000}``).
        goal: The goal level.
        seed: Game ``i`` uses seed ``seed + i``.
        workers: Processes.
    """
    months = [str(m) for m in tabletop.get_game(GAME).option("month").choices]
    jobs = []
    for policy, n in games.items():
        chunk = max(1, min(250 if policy == "random" else 25, n // max(1, workers)))
        jobs += [
            (policy, m, goal, range(seed + i, seed + min(n, i + chunk))) for m in months for i in range(0, n, chunk)
        ]
    won: dict[tuple[str, str], int] = {}
    money: dict[tuple[str, str], list[float]] = {}
    total = sum(len(seeds) for *_, seeds in jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool, progress("games", total) as advance:
        done = 0
        for future in as_completed([pool.submit(batch, *job) for job in jobs]):
            policy, month, wins, values = future.result()
            won[policy, month] = won.get((policy, month), 0) + wins
            money.setdefault((policy, month), []).extend(values)
            done += len(values)
            advance(done)
    return {
        policy: {m: (won[policy, m], n, statistics.fmean(money[policy, m])) for m in months}
        for policy, n in games.items()
    }


# %% Plot


def plot(results: dict[str, dict[str, tuple[int, int, float]]], title: str, path: str) -> None:
    """Grouped bars of each player's win rate by month (with 95% intervals), mean final money as lines."""
    policies = list(results)
    months = list(next(iter(results.values())))
    figure, rates = plt.subplots(figsize=(11, 6))
    money = rates.twinx()
    width = 0.8 / len(policies)
    handles = []
    for k, policy in enumerate(policies):
        xs = [i + (k - (len(policies) - 1) / 2) * width for i in range(len(months))]
        cells = [results[policy][m] for m in months]
        shares = [100 * won / n for won, n, _ in cells]
        intervals = [wilson_interval(won, n) for won, n, _ in cells]
        errors = [
            [share - 100 * low for share, (low, _) in zip(shares, intervals, strict=True)],
            [100 * high - share for share, (_, high) in zip(shares, intervals, strict=True)],
        ]
        n = cells[0][1]
        label = f"{policy} player: games won (%), {n:,} games a month"
        bars = rates.bar(xs, shares, width, yerr=errors, capsize=2, color=COLOURS.get(policy), label=label)
        rates.bar_label(bars, labels=[f"{s:.0f}" for s in shares], fontsize=7, padding=6)
        (line,) = money.plot(
            range(len(months)),
            [mean for _, _, mean in cells],
            color=COLOURS.get(policy),
            marker="o",
            linestyle="--",
            label=f"{policy} player: mean money at the end",
        )
        handles += [bars, line]
    rates.set_xticks(range(len(months)), months, rotation=45)
    rates.set_ylabel("games won (%)")
    rates.set_ylim(0, 108)
    rates.set_title(title)
    money.set_ylabel("money at the end (euros)")
    money.set_ylim(bottom=0)
    labels = [str(h.get_label()) for h in handles]
    rates.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, -0.2), fontsize=8, ncol=2, frameon=False)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Conservas win rate by month, random and greedy play, as a PNG.")
    parser.add_argument("--games", type=int, default=10_000, help="random games per month (default 10,000)")
    parser.add_argument(
        "--greedy-games", type=int, default=1_000, help="greedy games per month (default 1,000; 0: none)"
    )
    parser.add_argument("--goal", default="standard", help="the goal level (standard or difficult)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="win_rates.png")
    args = parser.parse_args(argv)

    games = {"random": args.games, "greedy": args.greedy_games}
    results = simulate({p: n for p, n in games.items() if n > 0}, args.goal, args.seed, args.workers)
    policies = list(results)
    columns = ["month", *(f"{p} {what}" for p in policies for what in ("won", "money"))]
    rows = [
        [
            month,
            *(
                cell
                for p in policies
                for cell in (f"{results[p][month][0] / results[p][month][1]:.1%}", f"{results[p][month][2]:.2f}")
            ),
        ]
        for month in next(iter(results.values()))
    ]
    print_table(columns, rows, numeric=columns[1:])
    title = f"Conservas, {args.goal} goals: win rate by month"
    plot(results, title, args.out)
    print(f"chart saved to {args.out}")


if __name__ == "__main__":
    main()
