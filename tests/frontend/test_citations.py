"""`tabletop rules ID`: from a rule ID to its text, its code, its scenarios and its tests (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.cli import main
from tabletop.frontend.citations import _mentions, citations, game_of_rule


def test_a_rule_leads_to_its_step_code_scenarios_and_tests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "CON-2.1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CON-2.1 ")
    assert "steps (1):\n  sea.draw" in out
    assert "conservas/checks.py:" in out and "conservas/flow.py:" in out
    assert "conservas/scenarios/" in out
    assert "tests/conservas/test_conservas_sea.py:" in out


def test_every_step_of_every_game_is_found_from_its_rule() -> None:
    for name in tabletop.GAMES:
        game = tabletop.get_game(name)
        for key, step in game.state_type.MACHINE.steps().items():
            found = citations(game, step.rule)
            assert key in found.steps
            assert found.code, f"{step.rule}: no source line names it"


def test_ids_are_matched_whole(tmp_path: Path) -> None:
    source = tmp_path / "a.py"
    source.write_text("x = 1  # CON-2.10\ny = 2  # CON-2.1\nz = 3  # CON-2.1.\nw = 4  # XCON-2.1\n", encoding="utf-8")
    assert [place for place, _ in _mentions("CON-2.1", [source], tmp_path)] == ["a.py:2", "a.py:3"]


def test_an_unknown_rule_is_refused_with_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ZOO-8.99"]) == 2
    err = capsys.readouterr().err
    assert "no game has a rule 'ZOO-8.99'" in err and "ZOO-8.5" in err and "Traceback" not in err
    with pytest.raises(LookupError, match="conservas has no rule 'ARC-1.1'"):
        citations(tabletop.get_game("conservas"), "ARC-1.1")
    assert game_of_rule("ARC-1.1").name == "archipel"
