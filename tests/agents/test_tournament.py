"""Tournaments: seat rotation, the three modes, tables with confidence intervals, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tabletop.agents.tournament import GameRecord, elo, split_agents, tournament, wilson
from tabletop.cli import main
from tabletop.kernel.seeds import SeedError


def test_solo_tournament_plays_every_agent_on_the_same_seeds_per_option() -> None:
    """Conservas: each agent plays each month and goal on seeds 0..N-1; one row per agent and options."""
    grid = {"month": ["june"], "goal": ["standard", "difficult"]}
    report = tournament("conservas", ["random", "greedy"], games=2, grid=grid)
    assert report.mode == "solo"
    assert len(report.records) == 2 * 2 * 2
    assert {(r.lineup, r.seed) for r in report.records} == {((a,), s) for a in ("random", "greedy") for s in (0, 1)}
    assert [(row.agent, dict(row.options)["goal"]) for row in report.rows] == [
        ("random", "standard"),
        ("greedy", "standard"),
        ("random", "difficult"),
        ("greedy", "difficult"),
    ]
    for row in report.rows:
        assert row.games == 2
        assert 0.0 <= row.low <= row.rate <= row.high <= 1.0


def test_cooperative_tournament_fields_teams() -> None:
    """Archipel: every seat of a game is played by the same agent (a team); success is ending 1."""
    report = tournament("archipel", ["random"], games=2, grid={"players": [2]})
    assert report.mode == "team"
    assert all(r.lineup == ("random", "random") for r in report.records)
    assert report.rows[0].rate == sum(r.returns[0] >= 1.0 for r in report.records) / 2


def test_competitive_tournament_rotates_seats_and_rates_elo() -> None:
    """Spółka ZOO: game j puts agent (j + s) mod K in seat s; win shares sum to the games played."""
    report = tournament("spolka_zoo", ["random", "greedy", "rollout:playouts=1"], games=3, grid={"players": [3]})
    assert report.mode == "rotation"
    assert [r.lineup for r in report.records] == sorted(
        [
            ("random", "greedy", "rollout:playouts=1"),
            ("greedy", "rollout:playouts=1", "random"),
            ("rollout:playouts=1", "random", "greedy"),
        ]
    )
    assert sum(row.rate * row.games for row in report.rows) == pytest.approx(3.0)
    assert all(row.expected == pytest.approx(1 / 3) for row in report.rows)
    assert sum(row.elo or 0.0 for row in report.rows) == pytest.approx(0.0, abs=1e-6)


def test_tournaments_are_reproducible() -> None:
    """The same seeds give the same games, move for move."""
    first = tournament("spolka_zoo", ["random", "greedy"], games=2, seed=5)
    again = tournament("spolka_zoo", ["random", "greedy"], games=2, seed=5)
    assert first.records == again.records


def test_elo_rates_the_stronger_agent_higher() -> None:
    """An agent that always beats the other gets the higher rating; ratings average 0."""
    records = [GameRecord((), s, ("a", "b"), (3.0, 1.0), 1) for s in range(5)]
    ratings = elo(records, ["a", "b"])
    assert ratings["a"] > 100 > 0 > -100 > ratings["b"]
    assert ratings["a"] + ratings["b"] == pytest.approx(0.0, abs=1e-6)


def test_wilson_interval() -> None:
    """The Wilson interval holds the rate and stays inside [0, 1], even at 0 and n."""
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(5, 10)
    assert low < 0.5 < high


def test_split_agents_keeps_parameters_with_their_agent() -> None:
    """Commas separate agents, and also the parameters of one agent."""
    assert split_agents("mcts:iterations=9,c=0.5,greedy") == ["mcts:iterations=9,c=0.5", "greedy"]


def test_cli_prints_the_table_and_writes_csv_and_json(tmp_path, capsys) -> None:
    """``tabletop tournament`` prints the table; --csv and --json hold the same rows for pandas."""
    out_csv, out_json = tmp_path / "t.csv", tmp_path / "t.json"
    argv = ["tournament", "conservas", "--agents", "random,greedy", "--games", "2", "--quiet", "--month", "may,june"]
    code = main([*argv, "--csv", str(out_csv), "--json", str(out_json)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "conservas: solo tournament, 8 games" in printed
    assert "95% CI" in printed
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert [(r["agent"], r["month"]) for r in rows] == [
        ("random", "may"),
        ("greedy", "may"),
        ("random", "june"),
        ("greedy", "june"),
    ]
    data = json.loads(out_json.read_text())
    assert len(data["rows"]) == 4 and len(data["games"]) == 8
    assert data["rows"][1]["rate"] == float(rows[1]["rate"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "random,oracle"], "no agent named 'oracle'"),
        (["--agents", "mcts", "--iterations", "0"], "iterations must be at least 1, got 0"),
        (["--backend", "spark"], "no backend named 'spark'; backends: local, ray"),
        (["--month", "smarch"], "smarch"),
        (["--games", "0"], "games must be 1 to 1,000,000,000, got 0"),
        (["--seed", str(2**63 - 1), "--games", "2"], "the last game's seed would be over 9223372036854775807"),
    ],
)
def test_cli_refuses_bad_input_naming_it(argv: list[str], message: str, capsys) -> None:
    """An unknown agent, backend or option value, a budget or game count below 1: exit 2, a clear message."""
    assert main(["tournament", "conservas", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("seed", "games"), [(True, 1), (-1, 1), (2**63, 1), (2**63 - 2, 3)])
def test_a_seed_out_of_range_is_refused_before_any_game(seed: int, games: int) -> None:
    """`tournament()` takes the seeds `new_game` takes: a bool, a negative seed, one over 2**63 - 1, or a
    last game's seed past it is a `SeedError` naming `seed`, raised before the first game is played."""
    played: list[int] = []
    with pytest.raises(SeedError) as refused:
        tournament("conservas", ["random"], games=games, seed=seed, progress=lambda done, _: played.append(done))
    assert refused.value.field == "seed" and refused.value.value == seed and played == []
