"""The coverage report: which rule IDs a third party's own cases cite and which of the game's rules they do not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.testing.conformance import coverage_by_game, load_scenario, rule_coverage, run_scenario
from tabletop.testing.drill import GAME as DRILL

SCENARIO = """title = "a draw is from the bag"
game = "tabletop.testing.drill:GAME"
rules = ["KER-1", "KER-77"]
[[steps]]
play = ["draw", "token red"]
"""

CASES = '''
import pytest

from tabletop.testing import expect_illegal, play
from tabletop.testing.drill import GAME


def test_bottom_needs_a_seen_card():
    """DRILL-3: only a card you have seen goes to the bottom."""
    expect_illegal(GAME.new_game(seed=1), "bottom", code="unseen-card")


@pytest.mark.rules("KER-1", "KER-2")
def test_draw():
    play(GAME.new_game(seed=1), ["draw", "!token red"])


def test_a_failing_case():
    """KER-2 and CON-9.9 (a typo): this case fails."""
    play(GAME.new_game(seed=1), ["draw", "!token green"])
'''


def test_rule_coverage_counts_cited_passed_uncovered_unknown() -> None:
    """Per rule of the catalogue: cases citing it and passed; the rest uncovered; foreign IDs apart."""
    report = rule_coverage(DRILL, [(["KER-1", "KER-2"], True), (["KER-2", "X-1"], False), (["KER-1"], True)])
    assert report.cited == {"KER-1": (2, 2), "KER-2": (2, 1)}
    assert report.uncovered == tuple(r for r in DRILL.rules if r not in {"KER-1", "KER-2"})
    assert report.unknown == ("X-1",)
    text = report.format()
    assert text.startswith(f"drill: 2 of {len(DRILL.rules)} rules cited, {len(DRILL.rules) - 2} not cited")
    assert f"  DRILL-3      {DRILL.rules['DRILL-3']}" in text
    assert "cited but not rules of drill: X-1" in text
    assert "DRILL-3" not in report.format(uncovered=False)


def test_scenario_results_by_game() -> None:
    """Scenario results are grouped by the game they play."""
    result = run_scenario(load_scenario(Path("mine.toml"), SCENARIO))
    (report,) = coverage_by_game([result])
    assert report.game == "drill"
    assert report.cited == {"KER-1": (1, 1)}
    assert report.unknown == ("KER-77",)
    with pytest.raises(TypeError, match="expected scenario results"):
        coverage_by_game(["not a result"])


def test_cli_uncovered_lists_the_rules_not_cited(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop conformance PATH --uncovered` lists, per game, each rule no given scenario cites."""
    (tmp_path / "mine.toml").write_text(SCENARIO, encoding="utf-8")
    assert main(["conformance", str(tmp_path), "--uncovered"]) == 0
    out = capsys.readouterr().out
    assert f"drill: 1 of {len(DRILL.rules)} rules cited, {len(DRILL.rules) - 1} not cited" in out
    assert f"  KER-3        {DRILL.rules['KER-3']}" in out
    assert "cited but not rules of drill: KER-77" in out
    assert main(["conformance", str(tmp_path)]) == 0
    assert "not cited" not in capsys.readouterr().out


def test_pytest_plugin_reports_the_cases_coverage(tmp_path: Path) -> None:
    """Run with the plugin, a third party's Python cases get the same report from their docstrings and markers."""
    (tmp_path / "drill_cases.py").write_text(CASES, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tabletop.testing.plugin"]
    drill = "--rule-coverage=tabletop.testing.drill:GAME"
    done = subprocess.run([*command, drill, "drill_cases.py"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 1, done.stdout + done.stderr  # one case fails on purpose
    assert "rule coverage" in done.stdout
    assert f"drill: 3 of {len(DRILL.rules)} rules cited" in done.stdout
    assert "cited but not rules of drill: CON-9.9" in done.stdout
    assert "cited (passed/cases): KER-1 1/1, KER-2 1/2, DRILL-3 1/1" in done.stdout
    assert f"  DRILL-1      {DRILL.rules['DRILL-1']}" in done.stdout
    assert "  KER-1 " not in done.stdout and "  DRILL-3 " not in done.stdout
    # Installed, the plugin is a pytest11 entry point: the option works without -p.
    installed = subprocess.run([*command[:-2], drill, "drill_cases.py"], cwd=tmp_path, capture_output=True, text=True)
    assert f"drill: 3 of {len(DRILL.rules)} rules cited" in installed.stdout, installed.stdout + installed.stderr
    bad = subprocess.run([*command, "--rule-coverage=nope"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert bad.returncode == 4
    assert "--rule-coverage: " in bad.stderr
