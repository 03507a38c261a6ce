"""The command line: `tabletop simulate conservas` reports the random policy's rate for every goal."""

from __future__ import annotations

import pytest

from tabletop.cli import main
from tabletop.simulate import simulate


def test_simulate_prints_each_goal(capsys: pytest.CaptureFixture[str]) -> None:
    """CON-5.4: `tabletop simulate conservas --month may --goal difficult` tallies each goal part."""
    assert main(["simulate", "conservas", "--month", "may", "--goal", "difficult", "--games", "12", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("conservas (month=may, goal=difficult, overfishing=short): 12 random games")
    rows = [line.split("  ")[0] for line in out.splitlines()]  # a table: each entry heads its first row
    for label in ("result", "money >= 30", "scallop >= 6", "octopus >= 4", "boats >= 3", "upgrades >= 2"):
        assert label in rows
    assert "steps/s" in out


def test_simulate_is_reproducible() -> None:
    """The same seed gives the same games, whatever the option spelling."""
    a = simulate("conservas", games=5, seed=4, options={"month": "april"})
    b = simulate("conservas", games=5, seed=4, options={"month": "april", "goal": "standard"})
    assert a.results == b.results


def test_bad_month_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """CON-1.2: an unknown month is refused, naming the allowed values."""
    assert main(["simulate", "conservas", "--month", "smarch", "--games", "1", "--quiet"]) == 2
    assert "option 'month' must be one of 'january'" in capsys.readouterr().err
