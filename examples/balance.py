"""A balance study of Conservas: how hard is each month, at each goal level, for a strong player?

    pip install -e '.[examples,ray]'
    python examples/balance.py                                  # 20 games per month and goal level
    python examples/balance.py --games 100 --agent mcts --out study   # the stronger player
    python examples/balance.py --backend ray --address HEAD:6379   # on a running Ray cluster

Every month of the Market Book is played at both goal levels (standard and difficult) by one
agent, on the same seeds (game ``i`` uses seed ``seed + i`` in every month), with
``tabletop.agents.tournament``. The games are spread over Ray tasks when Ray is installed (a
local instance by default; ``--backend local`` for the process pool) with identical results
either way. It writes ``OUT.csv`` (one row per month and goal level: games, win rate, 95%
Wilson interval, for pandas) and ``OUT.png``: the win rates as bars with their confidence
intervals, one colour per goal level, so the months a designer should look at stand out.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import tabletop
from tabletop.agents.tournament import TournamentReport, tournament

GOALS = ("standard", "difficult")


def study(agent: str, games: int, seed: int, months: list[str], backend: str, workers: int, address: str | None):
    """The tournament of ``agent`` over ``months`` x both goal levels."""

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)

    return tournament(
        "conservas",
        [agent],
        games=games,
        seed=seed,
        grid={"month": months, "goal": list(GOALS)},
        backend=backend,
        workers=workers,
        address=address,
        progress=progress,
    )


def chart(report: TournamentReport, path: Path) -> None:
    """Bars of the win rate per month, one colour per goal level, with 95% confidence intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = {(dict(r.options)["month"], dict(r.options)["goal"]): r for r in report.rows}
    months = list(dict.fromkeys(month for month, _ in rows))
    fig, ax = plt.subplots(figsize=(max(4, 0.9 * len(months) + 2), 4))
    width = 0.4
    for k, goal in enumerate(GOALS):
        xs = [i + (k - 0.5) * width for i in range(len(months))]
        got = [rows[(m, goal)] for m in months]
        rates = [r.rate for r in got]
        errors = [[r.rate - r.low for r in got], [r.high - r.rate for r in got]]
        ax.bar(xs, rates, width, yerr=errors, capsize=3, label=f"{goal} goal")
    ax.set_xticks(range(len(months)), [m[:3].title() for m in months])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate (95% CI)")
    games = report.rows[0].games if report.rows else 0
    ax.set_title(f"Conservas: win rate of the {report.agents[0]} agent, {games} games per bar")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Win rate of every Conservas month at both goal levels.")
    parser.add_argument(
        "--agent",
        default="greedy",
        help="the agent (default greedy, the fast one; mcts plays stronger and about 40 times slower)",
    )
    parser.add_argument("--games", type=int, default=20, help="games per month and goal level")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--months", default="all", help="comma-separated months (default all)")
    has_ray = importlib.util.find_spec("ray") is not None
    parser.add_argument("--backend", default="ray" if has_ray else "local", help="ray (if installed) or local")
    parser.add_argument("--workers", type=int, default=2, help="processes or local Ray CPUs (default 2)")
    parser.add_argument("--address", default=None, help="a running Ray cluster")
    parser.add_argument("--out", default="balance", help="writes OUT.csv and OUT.png (default balance)")
    args = parser.parse_args(argv)

    choices = list(tabletop.get_game("conservas").option("month").choices)
    months = choices if args.months == "all" else [m.strip() for m in args.months.split(",")]
    try:
        report = study(args.agent, args.games, args.seed, months, args.backend, args.workers, args.address)
    except (tabletop.TabletopError, ValueError) as exc:
        print(f"balance: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.with_suffix(".csv").write_text(report.to_csv(), encoding="utf-8")
    chart(report, out.with_suffix(".png"))
    print(report.format())
    print(f"wrote {out.with_suffix('.csv')} and {out.with_suffix('.png')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
