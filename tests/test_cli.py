"""The `tabletop` command: games, simulate, conformance and validate, with clear errors."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tabletop
from tabletop.cli import main
from tabletop.simulate import simulate

DRILL = "tabletop.testing.drill:GAME"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_without_command(capsys: pytest.CaptureFixture[str]) -> None:
    """With no command, the help is printed."""
    code, out, _ = run(capsys)
    assert code == 0
    assert "simulate" in out


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_agent_help_names_every_agent(capsys: pytest.CaptureFixture[str], command: str) -> None:
    """The --agent help of `play` and `simulate` names every built-in agent (not a list that went stale)."""
    from tabletop.agents import AGENTS

    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    agent_help = out[out.index("--agent") :]
    for name in AGENTS:
        assert name in agent_help, name


def test_games_lists_options(capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop games` names every game with its options (or says none is installed)."""
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert out.strip()


def test_simulate_prints_summary_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate prints tables of outcomes and numbers, lengths and speed, with a bar on stderr showing the time left."""
    code, out, err = run(capsys, "simulate", DRILL, "--games", "20", "--seed", "4")
    assert code == 0
    lines = out.splitlines()
    assert "20 random games" in lines[0]
    assert lines[1].split() == ["outcome", "value", "games", "share"]
    assert lines[2].split()[0] == "winner"
    numbers = lines.index(next(line for line in lines if line.startswith("number")))
    assert lines[numbers].split() == ["number", "mean", "min", "max"]
    assert lines[-2].startswith("length (steps)")
    assert "steps/s" in lines[-1]
    pytest.importorskip("rich")
    assert "20/20" in err
    assert "left" in err


def test_simulate_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game option is a usage error naming it."""
    code, _, err = run(capsys, "simulate", DRILL, "--colour", "red", "--quiet")
    assert code == 2
    assert "no option 'colour'" in err
    code, _, err = run(capsys, "simulate", "no-such-game", "--quiet")
    assert code == 2
    assert "known games" in err


def test_workers_give_identical_results() -> None:
    """Splitting a run over processes gives exactly the results of one process."""
    one = simulate(DRILL, games=24, seed=9)
    two = simulate(DRILL, games=24, seed=9, workers=2)
    assert one.results == two.results
    assert one.format().splitlines()[:3] == two.format().splitlines()[:3]


def test_conformance_runs_shipped_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop conformance` runs the shipped scenarios and prints the coverage table."""
    code, out, _ = run(capsys, "conformance")
    assert code == 0
    assert "KER-1" in out
    assert "scenarios passed" in out


def test_conformance_fails_on_a_failing_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A failing scenario makes the command fail and is reported."""
    bad = tmp_path / "bad.toml"
    bad.write_text(f'title = "t"\ngame = "{DRILL}"\nrules = ["KER-1"]\n[[steps]]\nterminal = true\n')
    code, out, _ = run(capsys, "conformance", str(tmp_path))
    assert code == 1
    assert "FAIL" in out
    assert "0/1 scenarios passed" in out


def test_validate_scenario_and_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """validate accepts a good scenario and refuses content without a kind, naming the field."""
    good = tmp_path / "good.toml"
    good.write_text(f'title = "t"\ngame = "{DRILL}"\nrules = ["KER-1"]\n[[steps]]\nplay = "draw"\n')
    code, out, _ = run(capsys, "validate", str(good))
    assert code == 0
    assert "valid scenario" in out
    nokind = tmp_path / "cards.toml"
    nokind.write_text("[[cards]]\nid = 'x'\n")
    code, _, err = run(capsys, "validate", str(nokind))
    assert code == 2
    assert "field 'kind'" in err
    unknown = tmp_path / "odd.toml"
    unknown.write_text(f'kind = "{DRILL.split(":")[0]}.boats"\n')
    code, _, err = run(capsys, "validate", str(unknown))
    assert code == 2


def test_python_dash_m() -> None:
    """`python -m tabletop` is the same command."""
    out = subprocess.run([sys.executable, "-m", "tabletop", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("tabletop ")


def test_conformance_by_game_name(capsys: pytest.CaptureFixture[str]) -> None:
    """A game name runs that game's shipped scenarios; an unknown name is a usage error."""
    import tabletop

    name = tabletop.GAMES[0]
    code, out, _ = run(capsys, "conformance", name)
    assert code == 0
    assert "scenarios passed" in out
    assert "KER-1" not in out
    code, _, err = run(capsys, "conformance", "no-such-thing")
    assert code == 2
    assert "no game named 'no-such-thing'" in err


def test_kernel_scenarios_once_with_titles(capsys: pytest.CaptureFixture[str]) -> None:
    """A folder's scenarios run once each, and Drill's rule titles appear in the table."""
    code, out, _ = run(capsys, "conformance", str(Path(__file__).parents[1] / "src/tabletop/testing/scenarios"))
    assert code == 0
    assert "4/4 scenarios passed" in out
    assert "drawing from a bag is a chance node" in out


def test_simulate_with_an_agent(capsys: pytest.CaptureFixture[str]) -> None:
    """--agent plays every seat with a frontend agent; an unknown agent is a usage error."""
    code, out, _ = run(capsys, "simulate", DRILL, "--games", "4", "--agent", "greedy", "--quiet")
    assert code == 0
    assert "every seat played by the greedy agent" in out
    code, _, err = run(capsys, "simulate", DRILL, "--agent", "genius", "--quiet")
    assert code == 2
    assert "no agent named 'genius'" in err


@pytest.mark.parametrize(
    "command", [("games",), ("simulate", DRILL, "--games", "3", "--quiet"), ("conformance", "conservas")]
)
def test_output_into_a_closed_pipe_ends_quietly(command: tuple[str, ...]) -> None:
    """`tabletop games | head`: a reader that stopped reading ends every command quietly, no BrokenPipeError."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as with `| head -0`, deterministically
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tabletop", *command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert "Error" not in done.stderr


def test_head_reads_the_first_lines_without_a_traceback() -> None:
    """The real `| head -1`: the first line arrives and the command says nothing on stderr."""
    done = subprocess.run(
        f"{sys.executable} -m tabletop games | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip()
    assert "Error" not in done.stderr


def _header(capsys: pytest.CaptureFixture[str], game: str, *options: str) -> str:
    """The first line of a one-game simulate run: the game with every option's value."""
    code, out, err = run(capsys, "simulate", game, "--games", "1", "--quiet", *options)
    assert code == 0, err
    return out.splitlines()[0]


def test_repeated_or_comma_separated_values_are_all_kept(capsys: pytest.CaptureFixture[str]) -> None:
    """`--modules events --modules intrigues` keeps both (it kept only the last), as does `--modules a,b`."""
    pytest.importorskip("tabletop.spolka_zoo")
    repeated = _header(capsys, "spolka_zoo", "--modules", "events", "--modules", "intrigues")
    assert "modules=('events', 'intrigues')" in repeated
    mixed = _header(capsys, "spolka_zoo", "--modules", "intrigues,hidden_goals", "--modules=events")
    assert "modules=('events', 'hidden_goals', 'intrigues')" in mixed
    code, _, err = run(capsys, "simulate", "spolka_zoo", "--quiet", "--modules", "events", "--modules", "events")
    assert code == 2
    assert "names a value twice" in err


def test_boolean_options_are_flags(capsys: pytest.CaptureFixture[str]) -> None:
    """`--memory` alone is true (it said "needs a value"); `--no-memory`, `--memory false`, `--memory=no` false."""
    pytest.importorskip("tabletop.archipel")
    assert "memory=True" in _header(capsys, "archipel", "--memory", "--players", "3")
    assert "memory=True, short=True" in _header(capsys, "archipel", "--short", "--memory")
    for off in (["--no-memory"], ["--memory", "false"], ["--memory=no"], ["--memory", "--no-memory"]):
        assert "memory=False" in _header(capsys, "archipel", *off)
    code, _, err = run(capsys, "simulate", "archipel", "--quiet", "--memory", "maybe")
    assert code == 2
    assert "option 'memory' must be True or False; got 'maybe'" in err


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_every_declared_option_reads_by_its_kind(name: str) -> None:
    """Each game's options are read from their `Option` declarations: flags alone, several values kept, one value."""
    from tabletop.cli import _parse_options

    game = tabletop.get_game(name)
    for option in game.options:
        flag = "--" + option.name.replace("_", "-")
        if option.kind == "flag":
            assert _parse_options(name, [flag]) == {option.name: True}
            assert _parse_options(name, [f"--no-{flag[2:]}"]) == {option.name: False}
        elif option.kind == "several":
            first, *rest = option.choices
            given = [flag, str(first)] + [f"{flag}={choice}" for choice in rest]
            assert game.check_options(_parse_options(name, given))[option.name] == option.choices
        else:
            text = str(option.choices[-1] if option.choices else option.default)
            assert game.check_options(_parse_options(name, [flag, text]))[option.name] == game.option(
                option.name
            ).check(option.from_text(text))


def test_stray_words_and_unknown_options_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    """A word that is no option, or an option the game lacks, is a usage error that quotes it."""
    code, _, err = run(capsys, "simulate", DRILL, "--quiet", "extra")
    assert code == 2
    assert "got 'extra'" in err
    code, _, err = run(capsys, "simulate", DRILL, "--quiet", "--colour=red")
    assert code == 2
    assert "no option 'colour'" in err


def test_validate_checks_several_files_naming_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop validate a.toml b.toml` checks both (it refused two files); each error names its file."""
    good = tmp_path / "good.toml"
    good.write_text(f'title = "t"\ngame = "{DRILL}"\nrules = ["KER-1"]\n[[steps]]\nplay = "draw"\n')
    broken = tmp_path / "broken.toml"
    broken.write_text("title = \n")
    code, out, err = run(capsys, "validate", str(broken), str(good), str(tmp_path / "missing.toml"))
    assert code == 2
    assert f"{good}: a valid scenario" in out
    errors = err.splitlines()
    assert len(errors) == 2
    assert "broken.toml" in errors[0]
    assert "not valid TOML" in errors[0]
    assert "missing.toml" in errors[1]
    code, out, _ = run(capsys, "validate", str(good), str(good))
    assert code == 0
    assert out.count("a valid scenario") == 2


def test_replay_names_the_file_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop replay bad.toml` names bad.toml (it said only "not valid JSON: Expecting value...")."""
    bad = tmp_path / "bad.toml"
    bad.write_text("title = 'not a record'\n")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2
    assert err.startswith(f"tabletop replay: {bad}: not valid JSON")


def test_replay_plays_several_records_in_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several records are replayed one after the other; a bad one among them is named."""
    from tabletop import Match

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no input: each record is printed through

    paths = []
    for seed in (3, 4):
        paths.append(tmp_path / f"game{seed}.json")
        Match(DRILL, seed=seed, agents={0: "random", 1: "random"}).save(paths[-1])
    code, out, _ = run(capsys, "replay", *map(str, paths), "--game", DRILL)
    assert code == 0
    assert "Replay of Drill (seed 3)" in out
    assert "Replay of Drill (seed 4)" in out
    (tmp_path / "cut.json").write_text(paths[0].read_text()[:40])
    code, _, err = run(capsys, "replay", str(paths[0]), str(tmp_path / "cut.json"), "--game", DRILL)
    assert code == 2
    assert "cut.json" in err


def test_games_is_a_table_of_options_as_typed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tabletop games`: per game a table whose rows give each option as typed, its default and values, aligned."""
    monkeypatch.setenv("COLUMNS", "1000")  # no cell folds: one line per option
    code, out, _ = run(capsys, "games")
    assert code == 0
    lines = out.splitlines()
    for name in tabletop.available_games():
        game = tabletop.get_game(name)
        head = next(i for i, line in enumerate(lines) if line.startswith(f"{name}: {game.title}"))
        header = lines[head + 1]
        assert header.split() == ["option", "default", "values", "meaning"]
        for option, line in zip(game.options, lines[head + 2 :], strict=False):
            flag = "--" + option.name.replace("_", "-")
            expected = {"flag": f"{flag}/--no-{flag[2:]}", "several": f"{flag} A,B"}.get(option.kind, flag)
            assert line.startswith(expected + " ")
            assert line[header.index("default") - 1] == " "  # the default starts in its heading's column
            assert line[header.index("default")] != " "
    if "archipel" in tabletop.available_games():
        assert "{" not in out and "(False, True)" not in out


def test_without_rich_every_command_works_in_plain_text() -> None:
    """rich missing: simulate, games and conformance print plain aligned text, no bar, and the hint once."""
    from tabletop.output import HINT

    script = (
        "import sys; sys.modules['rich'] = None\n"  # every `import rich...` now fails, as when it is not installed
        "from tabletop.cli import main\n"
        f"codes = [main(['simulate', {DRILL!r}, '--games', '5']), main(['games'])]\n"
        "codes.append(main(['conformance', 'conservas']))\n"
        "raise SystemExit(max(codes))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == HINT + "\n"
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["outcome", "value", "games", "share"]
    assert any(line.split() == ["option", "default", "values", "meaning"] for line in lines)
    assert any(line.startswith("rule ") and "scenarios" in line for line in lines)


def test_ctrl_c_ends_a_long_run_without_a_traceback(terminal_command: list[str]) -> None:
    """Ctrl-C (SIGINT) during a long simulate says it was interrupted, status 130, no traceback.

    A real `python -m tabletop` process gets the signal, as from a terminal: in the test process
    itself, libraries loaded by other tests (Ray, uvicorn) may own SIGINT.
    """
    import contextlib
    import signal

    command = [*terminal_command, "simulate", DRILL, "--games", "1000000", "--quiet"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=3)  # it is running, long before the end: the run would take hours
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err.strip() == "tabletop: interrupted"
    assert out == ""


def test_play_load_names_the_file_in_every_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`play --load FILE` with a bad record says which file it was (like `replay` and `validate`)."""
    bad = tmp_path / "broken-save.json"
    bad.write_text('{"format": "tabletop-record", "version": 1, "game": "conservas"', encoding="utf-8")
    code, _, err = run(capsys, "play", "--load", str(bad))
    assert code == 2
    assert "broken-save.json" in err and "Traceback" not in err
    missing = tmp_path / "no-such-save.json"
    code, _, err = run(capsys, "play", "--load", str(missing))
    assert code == 2 and "no-such-save.json" in err


def test_games_says_seating_takes_more_than_its_named_values(capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop games` does not list Spółka ZOO's seating as its two named placements only (ZOO-13.1: patterns)."""
    code, out, _ = run(capsys, "games")
    assert code == 0
    row = out[out.index("--seating") : out.index("--unowned-cards")].split()  # the table wraps its cells
    assert {"alternate", "or", "more", "(see", "meaning)"} <= set(row)


def test_tournament_seating_all_plays_every_placement_of_the_bots(tmp_path: Path) -> None:
    """`tournament spolka_zoo --seating all` plays every placement of the bots for each count of players and
    bots, a bot first player among them (ZOO-13.1: "A Bot may become the First Player"), each placement once."""
    import json

    out = tmp_path / "t.json"
    argv = ["tournament", "spolka_zoo", "--agents", "random", "--games", "1", "--quiet", "--json", str(out)]
    assert main([*argv, "--players", "1,2", "--bots", "1", "--seating", "all"]) == 0
    played = {(g["options"]["players"], g["options"]["seating"]) for g in json.loads(out.read_text())["games"]}
    assert played == {(1, "humans-first"), (1, "BP"), (2, "humans-first"), (2, "alternate"), (2, "BPP")}


def test_tournament_takes_a_seating_pattern_and_refuses_one_that_does_not_fit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A seating pattern is played as given; one that seats other counts than the players and bots is refused
    in one line naming the pattern and the counts, before any game (ZOO-13.1)."""
    import json

    out = tmp_path / "t.json"
    argv = ["tournament", "spolka_zoo", "--agents", "random", "--games", "1", "--quiet", "--players", "2"]
    argv += ["--bots", "1"]
    assert main([*argv, "--seating", "bpp", "--json", str(out)]) == 0
    assert {g["options"]["seating"] for g in json.loads(out.read_text())["games"]} == {"BPP"}
    capsys.readouterr()
    assert main([*argv, "--seating", "PBPB"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "'PBPB' seats 2 players (P) and 2 bots (B)" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "conservas", "--games", "99999999999999999999999", "--quiet"], "games must be 1 to"),
        (["tournament", "conservas", "--games", "1", "--workers", "0"], "workers must be at least 1"),
        (["tournament", "conservas", "--agents", "random", "--games", "10000000000"], "games must be 1 to"),
        (["replay", "/dev/zero"], "too big for a record"),
        (["play", "--load", "/dev/zero"], "too big for a record"),
        (["validate", "/dev/zero"], "/dev/zero: not a regular file or folder"),
        (["conformance", "/dev/zero"], "/dev/zero: not a regular file or folder"),
        (["serve", "--board", "/dev/zero", "--port", "0"], "/dev/zero: not a regular file or folder"),
        (["serve", "--db", "", "--port", "0"], "--db names a SQLite file"),
    ],
)
def test_bad_values_found_by_fuzzing_get_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    """Values the CLI fuzz of session 38 found: a count of games too big to list its seeds (a traceback),
    no workers (a traceback), a device with no end (read for ever) and an empty database name (served) are
    refused in one line naming the value, status 2, before anything starts."""
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert "serving on" not in out


def test_conformance_of_a_folder_without_scenarios_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A folder with no scenario file is refused naming it, status 2 (it printed a bare line, status 1)."""
    code, _, err = run(capsys, "conformance", str(tmp_path))
    assert code == 2
    assert err.startswith("tabletop conformance: no scenario files found in") and str(tmp_path) in err


def test_many_workers_for_few_games_start_no_more_processes_than_batches() -> None:
    """`--workers 100000` for two games ends as quickly as two workers would (it hung at the end)."""
    started = time.monotonic()
    report = simulate("conservas", games=2, workers=100_000)
    assert len(report.results) == 2
    assert time.monotonic() - started < 20


def test_play_refuses_a_seat_given_twice(capsys: pytest.CaptureFixture[str]) -> None:
    """`play --agent 0 --agent 0=random` names the seat given twice, status 2 (the last one was silently kept)."""
    code, _, err = run(capsys, "play", DRILL, "--agent", "1", "--agent", "1=random")
    assert code == 2
    assert "--agent: seat 1 is given twice ('greedy' and 'random')" in err
