"""Every shipped conformance scenario passes, and the runner refuses malformed scenario files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.kernel.errors import ContentError
from tabletop.testing.conformance import (
    builtin_scenarios,
    coverage,
    format_report,
    load_scenario,
    resolve,
    run_scenario,
)

SCENARIOS = builtin_scenarios()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_scenario_passes(path: Path) -> None:
    """Each rulebook scenario holds step by step."""
    result = run_scenario(load_scenario(path))
    assert result.passed, result.error


def test_kernel_scenarios_are_shipped() -> None:
    """The kernel's own scenarios (bag and deck) are part of the shipped suite."""
    names = {p.stem for p in SCENARIOS}
    assert {"kernel-bag", "kernel-deck-look", "kernel-deck-bottom", "kernel-deck-shuffle"} <= names


def _scenario(text: str) -> str:
    return 'title = "t"\ngame = "tabletop.testing.drill:GAME"\nrules = ["KER-1"]\n' + text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[[steps]]\nplay = "draw"\nexpect = {}\n', "exactly one of"),
        ("[[steps]]\nfrobnicate = 1\n", "unknown key"),
        ('[[steps]]\nlegal = "draw"\ncode = "x"\n', "'code' goes with 'illegal'"),
        ("", "at least one [[steps]]"),
        ('[[steps]\nplay = "draw"\n', "not valid TOML"),
        ('seed = true\n[[steps]]\nplay = "draw"\n', "seed must be a whole number from 0 to"),
        ('seed = -1\n[[steps]]\nplay = "draw"\n', "got -1"),
    ],
)
def test_malformed_scenarios_are_refused(text: str, fragment: str) -> None:
    """A malformed scenario raises ContentError naming the problem."""
    with pytest.raises(ContentError, match=re.escape(fragment)) as info:
        load_scenario(Path("bad.toml"), _scenario(text))
    assert info.value.file == "bad.toml"


def test_failing_expectation_is_reported() -> None:
    """A scenario whose expectation does not hold fails with the path, value and expectation."""
    scenario = load_scenario(Path("x.toml"), _scenario('[[steps]]\nexpect = { "bag.contents.red" = 2 }\n'))
    result = run_scenario(scenario)
    assert not result.passed
    assert "bag.contents.red is 1, expected 2" in result.error


def test_refused_play_is_reported() -> None:
    """A scenario that plays an illegal move fails with the refusal's reason."""
    scenario = load_scenario(Path("x.toml"), _scenario('[[steps]]\nplay = "token red"\n'))
    result = run_scenario(scenario)
    assert "was refused" in result.error


def test_illegal_expectation_checks_the_code() -> None:
    """An expected refusal with another code fails."""
    text = '[[steps]]\nplay = ["draw", "token red", "pass"]\n[[steps]]\nillegal = "bottom"\ncode = "bag-empty"\n'
    result = run_scenario(load_scenario(Path("x.toml"), _scenario(text)))
    assert "expected 'bag-empty'" in result.error


def test_coverage_table_counts_rules() -> None:
    """The report lists every cited rule with counts and the rules no scenario cites."""
    results = [run_scenario(load_scenario(p)) for p in SCENARIOS if p.stem.startswith("kernel")]
    table = coverage(results)
    assert table["KER-4"] == (2, 2)
    report = format_report(results, {"KER-1": "bag draws", "KER-99": "never cited"})
    assert "KER-99" in report.split("rules no scenario cites")[1]
    assert "bag draws" in report


@pytest.mark.parametrize(
    ("steps", "fragment"),
    [
        ('node = { source = "deck" }\n', "source is 'bag', expected 'deck'"),
        ('node = { rule = "KER-1", recipient = 1 }\n', "recipient is 0, expected 1"),
        ('node = { pile = "bag" }\n', "a chance node has no pile"),
        ('node = "bag"\n', "'node' is a table"),
    ],
)
def test_node_expectation(steps: str, fragment: str) -> None:
    """A `node` step checks the chance node's description field by field, naming what differs."""
    text = '[[steps]]\nplay = "draw"\n[[steps]]\n' + steps
    result = run_scenario(load_scenario(Path("x.toml"), _scenario(text)))
    assert fragment in result.error
    ok = '[[steps]]\nplay = "draw"\n[[steps]]\nnode = { source = "bag", destination = "hand" }\n'
    assert run_scenario(load_scenario(Path("x.toml"), _scenario(ok))).passed
    at_decision = run_scenario(load_scenario(Path("x.toml"), _scenario('[[steps]]\nnode = { source = "bag" }\n')))
    assert "not a chance node" in at_decision.error


def test_resolve_paths() -> None:
    """Paths follow attributes, indices and mapping keys, and name the missing part."""
    state = __import__("tabletop.testing.drill", fromlist=["GAME"]).GAME.new_game(1)
    assert resolve(state, "bag.contents.blue") == 3
    assert resolve(state, "bag.contents.green") == 0
    assert resolve(state, "flow.round") == 1
    with pytest.raises(LookupError, match="no 'nope'"):
        resolve(state, "bag.nope")
