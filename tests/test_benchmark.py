"""The benchmark prints every row of issue 12's table beside python-chess, with goals and verdicts, as a table
or as JSON, for this checkout alone or against another one (tiny budgets: no timing is asserted)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DRILL = "tabletop.testing.drill:GAME"


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("playouts", ROOT / "benchmarks" / "playouts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_measure_is_a_row_with_its_ratio_goal_and_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    """One short run prints, for the Drill game, a row per measure: the rate, the ratio to python-chess,
    the goal of issue 12 and met / not met; options in words (no dict reprs)."""
    module = _load()
    assert module.main(["--seconds", "0.02", "--repeats", "1", "--game", DRILL]) == 0
    out = capsys.readouterr().out
    assert "python-chess (the yardstick):" in out
    header = next(line for line in out.splitlines() if line.startswith("game"))
    assert header.split() == ["game", "options", "measure", "this", "vs", "chess", "goal", "met"]
    rows = [line.split() for line in out.splitlines() if line.startswith("drill")]
    assert [row[2] for row in rows] == list(module.MEASURES)
    for row in rows:
        if row[2] in module.GOALS:
            assert row[3].replace(",", "").replace(".", "").isdigit()
            assert row[4].startswith("x")
            assert row[-1] == "met"  # "met" or "not met"
    assert "{" not in out


def test_json_output_has_every_measure_and_the_yardstick(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints one document: python-chess's rates and a row per measure with value, ratio, goal, verdict."""
    module = _load()
    assert module.main(["--seconds", "0.02", "--repeats", "1", "--game", DRILL, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["python_chess"]["plies/s"] > 0
    assert [r["measure"] for r in document["rows"]] == list(module.MEASURES)
    by_measure = {r["measure"]: r for r in document["rows"]}
    assert by_measure["view/s"]["ratio"] == pytest.approx(
        by_measure["view/s"]["value"] / document["python_chess"]["plies/s"]
    )
    assert by_measure["view/s"]["goal"] == ">=5x"
    assert by_measure["bytes/state"]["value"] > 0
    assert by_measure["bytes/state"]["ratio"] is None


def test_issue_12_configurations_are_measured() -> None:
    """Every configuration of issue 12's table is in the benchmark."""
    module = _load()
    sets = module.OPTION_SETS
    assert {"month": "december", "goal": "difficult"} in sets["conservas"]
    assert [o["players"] for o in sets["archipel"]] == [2, 5]
    assert all(o["declare"] == "supplied" for o in sets["archipel"])
    assert {"players": 1, "bots": 4} in sets["spolka_zoo"]
    assert {"players": 3, "modules": module.ALL_MODULES} in sets["spolka_zoo"]


def test_against_another_checkout_alternates_in_subprocesses(capsys: pytest.CaptureFixture[str]) -> None:
    """--against SRC runs both sides in workers and shows the other side's rate, ratio and the change."""
    module = _load()
    src = str(ROOT / "src")
    assert module.main(["--seconds", "0.01", "--repeats", "1", "--game", DRILL, "--against", src, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["against"] == str(Path(src).resolve())
    assert document["against_python_chess"]["plies/s"] > 0
    for row in document["rows"]:
        assert row["against"] > 0
        assert row["change"] == pytest.approx(row["value"] / row["against"])
        assert row["met"] in ("met", "not met", "-")


def test_both_sides_time_the_same_games_so_games_gain_follows_steps_gain(capsys: pytest.CaptureFixture[str]) -> None:
    """With --against, the side measured second plays exactly the games (the same seeds) that the first
    played in its time: `timed` plays a given number of games, and games/s is steps/s over the mean
    length of those games, the same on both sides, so the games/s verdict holds when the games are
    the same (the fingerprints say they are)."""
    module = _load()
    seeds: list[int] = []
    _, _, steps, played = module.timed(lambda seed: seeds.append(seed) or 3, 60.0, 100, games=4)
    assert (steps, played, seeds) == (12, 4, [100, 101, 102, 103])
    src = str(ROOT / "src")
    assert module.main(["--seconds", "0.01", "--repeats", "2", "--game", DRILL, "--against", src, "--json"]) == 0
    rows = {row["measure"]: row for row in json.loads(capsys.readouterr().out)["rows"]}
    steps_row, games_row = rows["steps/s"], rows["games/s"]
    assert games_row["value"] / steps_row["value"] == pytest.approx(games_row["against"] / steps_row["against"])
    assert games_row["change"] == pytest.approx(steps_row["change"])
    assert games_row["met"] == "met"


def test_games_repeated_or_comma_separated_and_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """--game takes several games, repeated or comma-separated; an unknown game or a folder without
    tabletop is refused, naming it."""
    module = _load()
    assert module.main(["--seconds", "0.01", "--repeats", "1", "--game", f"{DRILL},{DRILL}", "--game", DRILL]) == 0
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert rows.count("drill") == len(module.MEASURES)
    with pytest.raises(SystemExit):
        module.main(["--game", "chess960"])
    assert "no game chess960" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        module.main(["--against", "/nonexistent"])
    assert "no tabletop package" in capsys.readouterr().err


def test_the_table_fits_its_width_and_is_whole_in_a_file() -> None:
    """In a file the table is one line per configuration and measure at full width (nothing folded);
    in a narrow terminal each configuration heads its measures, every line within the width."""
    module = _load()
    configs = [(name, options) for name in ("conservas", "spolka_zoo") for options in module.OPTION_SETS[name]]
    rates = {"steps/s": 5195.3, "games/s": 27.0, "branching/s": 7954, "view/s": 20059}
    rates |= {"to_json/s": 4253, "from_json/s": 402, "bytes/state": 1196}
    here = {module.config_key(name, options): rates for name, options in configs}
    chess = {"plies/s": 3213.0, "games/s": 8.7}
    rows = module.report_rows(configs, here, chess, here, chess)
    whole = module.render_table(rows, True, None).splitlines()
    assert len(whole) == 1 + len(configs) * len(module.MEASURES)
    assert whole[1].split()[:3] == ["conservas", "month=january", "steps/s"]
    assert any("players=3 modules=events,hidden_goals,intrigues" in line for line in whole)
    for width in (80, 120):
        lines = module.render_table(rows, True, width).splitlines()
        assert max(len(line) for line in lines) <= width
        assert sum(line.lstrip().startswith("from_json/s") for line in lines) == len(configs)
    assert module.render_table(rows, True, 200) == "\n".join(whole)


def test_every_timed_measurement_runs_in_a_fresh_worker(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --against too, each repeat of each configuration is timed in a worker of its own (none in
    the process printing the table), so that no configuration is measured in a heap that earlier ones
    filled with kept states and texts for the garbage collector to walk; python-chess is timed beside
    each (`ChessBeside`), pinned with it to one CPU."""
    module = _load()
    calls: list[tuple[str | None, dict[str, Any]]] = []
    results: list[dict[str, Any]] = []
    real = module.run_worker

    def recording(src: str | None, job: dict[str, Any], script: str, prefix: Any = (), env: Any = None) -> Any:
        calls.append((src, dict(job)))
        results.append(real(src, job, script, prefix, env))
        return results[-1]

    def refused(job: dict[str, Any]) -> dict[str, float]:
        raise AssertionError(f"timed in the table's own process: {job}")

    monkeypatch.setattr(module, "run_worker", recording)
    monkeypatch.setattr(module, "run_job", refused)
    assert module.main(["--seconds", "0.01", "--repeats", "2", "--game", DRILL, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    timed = [(src, job) for src, job in calls if not job.get("memory")]
    assert [src for src, _ in timed] == [None] * 2  # this checkout, as this process imports it
    assert [job["repeat"] for _, job in timed] == [0, 1]
    assert all(row["value"] > 0 for row in rows)
    for result in results[:2]:
        assert result["chess plies/s"] > 0
        if hasattr(os, "sched_getaffinity"):
            assert result["cpu"] == max(os.sched_getaffinity(0))
    assert "cpu" not in results[2]  # memory: not pinned


def test_rates_are_per_second_of_cpu_time_unless_the_wall_clock_is_asked_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """By default every rate is timed by the process's CPU time (steady on a shared machine), and the
    table and the JSON say so; `--clock wall` times by the wall clock; another clock is refused."""
    import time

    module = _load()
    assert module.main(["--seconds", "0.01", "--repeats", "1", "--game", DRILL, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["clock"] == "cpu"
    assert module.main(["--seconds", "0.01", "--repeats", "1", "--game", DRILL, "--clock", "wall"]) == 0
    assert "per second of the wall clock" in capsys.readouterr().out
    job = {"name": DRILL, "options": {}, "seconds": 0.01, "repeat": 0}
    module.run_job({**job, "clock": "wall"})
    assert module._CLOCK[0] is time.perf_counter
    module.run_job(job)
    assert module._CLOCK[0] is time.process_time
    with pytest.raises(SystemExit):
        module.main(["--clock", "sundial"])
    assert "invalid choice: 'sundial'" in capsys.readouterr().err


def test_memory_is_measured_in_a_fresh_process_per_side_and_configuration(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """bytes/state is never read in the process that ran the timings: each configuration and side gets
    a worker of its own (same hash seed, same warm-up game), so two sides of one checkout read the same."""
    module = _load()
    calls: list[tuple[str | None, dict[str, Any], dict[str, str]]] = []
    real = module.run_worker

    def recording(src: str | None, job: dict[str, Any], script: str, prefix: Any = (), env: Any = None) -> Any:
        calls.append((src, job, dict(env or {})))
        return real(src, job, script, prefix, env)

    monkeypatch.setattr(module, "run_worker", recording)
    assert "bytes/state" not in module.measure(DRILL, {}, 0.01, 0)
    assert module.main(["--seconds", "0.01", "--repeats", "1", "--game", DRILL, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    memory_calls = [(src, job, env) for src, job, env in calls if job.get("memory")]
    assert [(src, job) for src, job, _ in memory_calls] == [(None, module.memory_job(DRILL, {}))]
    assert memory_calls[0][2] == {"PYTHONHASHSEED": module.MEMORY_HASH_SEED}
    alone = next(r for r in document["rows"] if r["measure"] == "bytes/state")["value"]

    calls.clear()
    src = str(ROOT / "src")
    assert module.main(["--seconds", "0.01", "--repeats", "1", "--game", DRILL, "--against", src, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    memory_calls = [(where, job) for where, job, _ in calls if job.get("memory")]
    assert [where for where, _ in memory_calls] == [str(Path(src).resolve())] * 2
    row = next(r for r in rows if r["measure"] == "bytes/state")
    assert row["value"] == row["against"] == alone  # the same code reads the same in every fresh process
    assert row["change"] == 1.0


def test_python_chess_is_played_beside_each_measure_in_slices_of_its_share() -> None:
    """`ChessBeside` owes python-chess `CHESS_SHARE` of each chunk's time, plays it in a process of its
    own once `CHESS_SLICE` is owed (never a slice of a chunk: a millisecond's slices slowed both sides by
    about 40 %), and its total plays what is still owed first."""
    module = _load()
    beside = module.ChessBeside.start("cpu", 0)
    assert beside is not None  # python-chess is a dependency of the bench extra
    try:
        beside.run(module.CHESS_SLICE / module.CHESS_SHARE / 4)  # a quarter of a slice owed: nothing played
        assert beside._total == [0, 0, 0.0]
        beside.run(module.CHESS_SLICE / module.CHESS_SHARE)  # a slice and a quarter owed: played
        plies, _, spent = beside._total
        assert plies >= module.CHESS_PLIES
        assert spent >= module.CHESS_SLICE * 1.25
        assert beside._owed <= 0
        # A millisecond owed: the slice's last chunk of plies overshot what was owed (by more than a
        # millisecond on a loaded machine), so owe that back first, then a millisecond, under a slice.
        beside.run((0.001 - beside._owed) / module.CHESS_SHARE)
        assert beside._owed == pytest.approx(0.001) and beside._total[0] == plies
        plies_rate, games_rate = beside.total()  # the owed millisecond's plies played first
        assert beside._total[0] > plies
        assert plies_rate == pytest.approx(beside._total[0] / beside._total[2])
        assert games_rate >= 0
    finally:
        beside.close()
    assert beside._process.returncode == 0


def test_each_ratio_is_to_python_chess_beside_its_own_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    """A measure's ratio is the one to python-chess played beside that very configuration and repeat (the
    median over the repeats), not to a yardstick timed minutes apart; the yardstick printed is the
    median of python-chess beside every configuration and repeat."""
    module = _load()
    out = module.measure(DRILL, {}, 0.02, 0)
    for measure_name in module.GOALS:
        assert out[f"{measure_name} vs chess"] == pytest.approx(out[measure_name] / out["chess plies/s"])
    if out["chess games/s"]:  # a game of python-chess finished beside so short a run
        assert out["games/s vs chess"] == pytest.approx(out["games/s"] / out["chess games/s"])

    configs = [(DRILL, {})]
    rates = {"steps/s": 10.0, "games/s": 1.0, "branching/s": 10.0, "view/s": 10.0, "to_json/s": 10.0}
    rates |= {"from_json/s": 10.0, "bytes/state": 900.0, "steps/s vs chess": 7.0}
    rows = module.report_rows(configs, {"drill defaults": rates}, {"plies/s": 1.0, "games/s": 1.0})
    by_measure = {row["measure"]: row for row in rows}
    assert by_measure["steps/s"]["ratio"] == 7.0  # beside its own configuration
    assert by_measure["view/s"]["ratio"] == 10.0  # no pair in these figures: the yardstick's

    assert module.main(["--seconds", "0.02", "--repeats", "1", "--game", DRILL, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    for row in document["rows"]:
        if row["measure"] in module.GOALS:
            assert row["ratio"] == pytest.approx(row["value"] / document["python_chess"]["plies/s"])


def test_a_cpu_the_workers_may_not_run_on_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """--cpu picks the CPU the timed workers are pinned to; one this process may not run on is refused,
    naming the CPUs it may run on."""
    if not hasattr(os, "sched_getaffinity"):
        pytest.skip("no CPU affinity on this system")
    module = _load()
    allowed = sorted(os.sched_getaffinity(0))
    with pytest.raises(SystemExit):
        module.main(["--cpu", str(max(allowed) + 64), "--game", DRILL])
    assert f"--cpu {max(allowed) + 64}: this process may run on CPUs {', '.join(map(str, allowed))}" in (
        capsys.readouterr().err
    )
    result = module.run_worker(
        None,
        {"name": DRILL, "options": {}, "seconds": 0.01, "repeat": 0, "cpu": allowed[0]},
        str(ROOT / "benchmarks" / "playouts.py"),
    )
    assert result["cpu"] == allowed[0]


def test_the_memory_goal_is_the_figure_of_before_issue_12_on_both_sides() -> None:
    """bytes/state is judged against `MEMORY_BASELINE` (issue 12: not above today's), alone or with
    --against (the change column shows the other side); only a configuration without one falls back
    to the other side's reading."""
    module = _load()
    configs = [("conservas", module.OPTION_SETS["conservas"][0]), (DRILL, {})]
    rates = {"steps/s": 10.0, "games/s": 1.0, "branching/s": 10.0, "view/s": 10.0, "to_json/s": 10.0}
    rates |= {"from_json/s": 10.0}
    key = module.config_key(*configs[0])
    baseline = module.MEMORY_BASELINE[key]
    here = {key: {**rates, "bytes/state": baseline * 1.2}, "drill defaults": {**rates, "bytes/state": 900.0}}
    there = {key: {**rates, "bytes/state": baseline * 1.3}, "drill defaults": {**rates, "bytes/state": 1000.0}}
    chess = {"plies/s": 1.0, "games/s": 1.0}
    for rows in (module.report_rows(configs, here, chess), module.report_rows(configs, here, chess, there, chess)):
        memory = {r["game"]: r for r in rows if r["measure"] == "bytes/state"}
        assert memory["conservas"]["goal"] == f"<={baseline:,.0f} B"
        assert memory["conservas"]["met"] == "not met"  # below the other side, above the recorded figure
    assert memory["drill"]["goal"] == "<=against"
    assert memory["drill"]["met"] == "met"


def _instructions_module() -> Any:
    spec = importlib.util.spec_from_file_location("instructions", ROOT / "benchmarks" / "instructions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_instructions_count_each_call_after_a_full_collection() -> None:
    """Each measured call starts from a full collection, so the collections it triggers do not
    depend on what the calls counted before it left behind: the collector's generation counts
    are back to zero (but for what the call itself allocates) when the call begins."""
    import gc

    module = _instructions_module()
    kept = [[index] for index in range(5_000)]  # tracked objects, as a configuration before leaves
    seen: list[tuple[int, int, int]] = []
    module._measured(lambda: seen.append(gc.get_count()))
    assert kept and seen[0][1:] == (0, 0)


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="benchmarks/instructions.py counts with valgrind")
@pytest.mark.parametrize("collector", ["on", "off"])
def test_instructions_counts_playouts_branching_and_both_json_directions(
    collector: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """benchmarks/instructions.py prints, for the drill, a count for its playouts and branching pass
    (millions) and for to_json and state_from_json (thousands per state), each a positive number,
    with the garbage collector on (as in real use) or off (the code alone)."""
    module = _instructions_module()
    if not module.can_count():
        pytest.skip(f"callgrind finds no operator.call in {sys.executable} (a Python stripped of its symbols)")
    assert module.main(["--game", "drill", "--games", "1", "--pools", "1", "--collector", collector]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [(row[2], row[4]) for row in rows] == [
        ("playouts", "M"),
        ("branching", "M"),
        ("to_json", "k/state"),
        ("from_json", "k/state"),
    ]
    assert all(float(row[3].replace(",", "")) > 0 for row in rows)


def test_the_warm_up_branches_writes_and_reads_states_of_two_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before a configuration is counted, `warm_up` plays the games of `WARM_SEEDS` and branches, writes
    and reads every third of their states, uncounted, so that code generated on first use (replacers,
    the reader's positions) is not counted inside a measured call."""
    import tabletop

    module = _instructions_module()
    game = tabletop.get_game(DRILL)
    branched: list[int] = []
    real_branch = module.playouts._branch
    monkeypatch.setattr(module.playouts, "_branch", lambda states: branched.append(len(states)) or real_branch(states))
    read: list[str] = []

    class Recording:
        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def state_from_json(self, text: str) -> Any:
            read.append(text)
            return game.state_from_json(text)

    played = [module.playouts.random_game(game, {}, seed) + 1 for seed in module.WARM_SEEDS]  # states a game
    warmed = module.warm_up(Recording(), {})
    assert warmed == -(-sum(played) // module.playouts.POOL_EVERY)  # every third state of both games
    assert branched == [warmed]
    assert len(read) == warmed == len(set(read))
