"""The examples run: terminal frontend, bot, win-rate chart and web server, each quickly."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.simulate import wilson_interval

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DRILL = "tabletop.testing.drill:GAME"


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], input=stdin, capture_output=True, text=True, timeout=120, cwd=ROOT, check=False
    )


def test_terminal_frontend_plays_from_stdin(tmp_path: Path) -> None:
    """The 100-line frontend plays Drill against a bot from scripted input and saves a replayable record."""
    record = tmp_path / "drill.json"
    script = "dance\n" + "pass\n" * 6
    result = _run(
        str(EXAMPLES / "terminal_frontend.py"), DRILL, "--bot", "1", "--seed", "4", "--save", str(record), stdin=script
    )
    assert result.returncode == 0, result.stderr
    assert "Refused: not a Drill move: 'dance'" in result.stdout
    assert "Game over: winner" in result.stdout
    assert tabletop.Match.load(record, game=tabletop.get_game(DRILL)).is_over


def test_terminal_frontend_stops_when_input_ends() -> None:
    """Without enough input the frontend says it stopped and exits with status 1."""
    result = _run(str(EXAMPLES / "terminal_frontend.py"), DRILL, "--bot", "1", stdin="undo\n")
    assert result.returncode == 1
    assert "Stopped before the end." in result.stdout


@pytest.mark.skipif("spolka_zoo" not in tabletop.GAMES, reason="the game 'spolka_zoo' is not registered yet")
def test_bot_falls_back_when_its_view_cannot_be_played_out() -> None:
    """In Spółka ZOO the company decks are unknown cards: the bot cannot play out its view, yet it still moves."""
    result = _run(str(EXAMPLES / "bot.py"), "--game", "spolka_zoo", "--games", "1", "--think", "0.005")
    assert result.returncode == 0, result.stderr
    assert "Spółka ZOO: the bot won" in result.stdout


def test_bot_plays_and_reports() -> None:
    """The Monte Carlo bot plays a few Drill games against a random player and reports its record."""
    result = _run(str(EXAMPLES / "bot.py"), "--games", "3", "--think", "0.005")
    assert result.returncode == 0, result.stderr
    assert "Drill: the bot won" in result.stdout
    assert result.stdout.count("game ") == 3


@pytest.mark.skipif("conservas" not in tabletop.GAMES, reason="the game 'conservas' is not registered yet")
def test_win_rates_draws_a_png(tmp_path: Path) -> None:
    """The win-rate study runs random and greedy play for every month, writes a PNG, and greedy wins more."""
    pytest.importorskip("matplotlib")
    chart = tmp_path / "rates.png"
    args = ("--games", "3", "--greedy-games", "2", "--workers", "1", "--out", str(chart))
    result = _run(str(EXAMPLES / "win_rates.py"), *args)
    assert result.returncode == 0, result.stderr
    assert chart.read_bytes().startswith(b"\x89PNG")
    assert "60/60" in result.stderr  # the progress bar, finished: (3 random + 2 greedy games) x 12 months
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["month", "random", "won", "random", "money", "greedy", "won", "greedy", "money"]
    rows = [line.split() for line in lines[1:13]]
    assert [row[0] for row in rows] == [str(m) for m in tabletop.get_game("conservas").option("month").choices]
    random_won = sum(float(row[1].rstrip("%")) for row in rows)
    greedy_won = sum(float(row[3].rstrip("%")) for row in rows)
    assert greedy_won > random_won  # the chart compares something: the greedy agent does win games


def _win_rates() -> Any:
    sys.path.insert(0, str(EXAMPLES))
    try:
        import win_rates
    finally:
        sys.path.remove(str(EXAMPLES))
    return win_rates


def test_wilson_interval() -> None:
    """The confidence interval drawn on the bars holds the rate and stays within 0-1, for every n up to 1000."""
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert 0.2 < high < 0.35
    low, high = wilson_interval(90, 100)
    assert low < 0.9 < high <= 1.0
    for n in range(1, 1001):  # rounding put an end past the rate for 308 of these n (100 of 100: -1.4e-14)
        assert wilson_interval(n, n) == (wilson_interval(n, n)[0], 1.0)
        assert wilson_interval(0, n)[0] == 0.0
        for wins in (1, n // 2, n - 1):
            low, high = wilson_interval(wins, n)
            assert 0.0 <= low <= wins / n <= high <= 1.0
    with pytest.raises(ValueError, match="3 of 2"):
        wilson_interval(3, 2)


def test_win_rates_plots_months_won_every_time(tmp_path: Path) -> None:
    """A month won in every game (n wins of n) still gets its bar and error bar: the PNG is written."""
    pytest.importorskip("matplotlib")
    months = [str(m) for m in tabletop.get_game("conservas").option("month").choices]
    results = {"random": dict.fromkeys(months, (0, 21, 1.5)), "greedy": dict.fromkeys(months, (100, 100, 55.0))}
    chart = tmp_path / "all-won.png"
    _win_rates().plot(results, "every game won", str(chart))
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_web_server_starts_and_answers() -> None:
    """`python examples/web/server.py --port 0` serves the games list on 127.0.0.1, and stops."""
    server = subprocess.Popen(
        [sys.executable, str(EXAMPLES / "web" / "server.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        address = line.split()[2]
        assert address.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(address + "api/games", timeout=30) as response:
            assert "drill" in [g["name"] for g in json.loads(response.read())]
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_balance_study_writes_a_csv_and_a_chart(tmp_path: Path) -> None:
    """The balance example, tiny: two months at both goal levels, a CSV with four rows and a PNG chart."""
    out = tmp_path / "study"
    result = _run(
        str(EXAMPLES / "balance.py"), "--games", "2", "--months", "may,june", "--backend", "local", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    rows = (out.with_suffix(".csv")).read_text().splitlines()
    assert rows[0].startswith("agent,month,goal,games,rate,ci_low,ci_high")
    assert [r.split(",")[1:3] for r in rows[1:]] == [
        ["may", "standard"],
        ["may", "difficult"],
        ["june", "standard"],
        ["june", "difficult"],
    ]
    assert out.with_suffix(".png").read_bytes()[:4] == b"\x89PNG"


def test_balance_study_refuses_an_unknown_agent(tmp_path: Path) -> None:
    """A bad agent name is a clear message and exit status 2, not a traceback."""
    result = _run(str(EXAMPLES / "balance.py"), "--agent", "oracle", "--backend", "local", "--out", str(tmp_path / "x"))
    assert result.returncode == 2
    assert "no agent named 'oracle'" in result.stderr
    assert "Traceback" not in result.stderr
