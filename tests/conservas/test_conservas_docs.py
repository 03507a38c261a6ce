"""The docs and the code agree: rule IDs, the phase table, the effect vocabulary, the rulings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.conservas import GAME
from tabletop.conservas.content import EFFECTS, RULES, SPECIALS
from tabletop.conservas.flow import MACHINE
from tabletop.testing.conformance import builtin_scenarios, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "conservas"
RULE_ID = re.compile(r"\bCON-\d+\.\d+\b")
SCENARIOS = [p for p in builtin_scenarios(["conservas"]) if p.parent.parent.name == "conservas"]


def test_rules_page_lists_exactly_the_catalogue() -> None:
    """docs/conservas/rules.md has one bullet per rule ID of data/rules.toml, in the same order."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    listed = re.findall(r"^- \*\*(CON-\d+\.\d+)\*\*", text, re.MULTILINE)
    assert listed == list(RULES)
    assert GAME.rules == RULES


def test_rules_page_shows_the_phase_table() -> None:
    """The phase table printed in rules.md is the one the code declares."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert MACHINE.table() in text


def test_every_rule_is_checked_by_a_test_or_a_scenario() -> None:
    """Each rule ID is cited by a rule test here or by a conformance scenario."""
    cited = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        cited |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    for path in SCENARIOS:
        cited |= set(load_scenario(path).rules)
    missing = [rule for rule in RULES if rule not in cited]
    assert not missing, f"rules without a test or scenario: {missing}"


def test_scenarios_cite_known_rules() -> None:
    """Every rule ID a scenario cites is in the catalogue."""
    for path in SCENARIOS:
        unknown = set(load_scenario(path).rules) - set(RULES)
        assert not unknown, f"{path.name} cites unknown rules {unknown}"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_passes(path: Path) -> None:
    """Each Conservas scenario (a worked example of the rulebook) holds step by step."""
    result = run_scenario(load_scenario(path))
    assert result.passed, result.error


def test_the_worked_examples_are_all_scenarios() -> None:
    """The rulebook's worked examples listed in the issue each have a scenario."""
    names = {p.stem for p in SCENARIOS}
    assert {
        "january-setup",
        "el-dorado-catch",
        "sell-two-sardines",
        "olivia-scallops",
        "lucia-secondary-nets",
        "boat-upkeep",
        "spawning-table",
        "fin-example-turn",
        "january-goals-met",
        "january-goals-missed",
        "overfishing-forfeit",
        "unpaid-upkeep",
    } <= names


def test_content_page_documents_the_vocabulary() -> None:
    """docs/conservas/content.md explains every effect kind and every special rule."""
    text = (DOCS / "content.md").read_text(encoding="utf-8")
    for kind in [*EFFECTS, *SPECIALS]:
        assert f"`{kind}`" in text, kind


def test_rulings_cite_rule_ids() -> None:
    """Every ruling in docs/conservas/rulings.md names the rule it settles."""
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    headings = re.findall(r"^### (.+)$", text, re.MULTILINE)
    assert len(headings) >= 10
    for heading in headings:
        assert RULE_ID.search(heading), heading


def test_content_page_lists_every_card_and_month() -> None:
    """The content page's tables list every shipped boat, upgrade and month."""
    from tabletop.conservas.content import BOATS, MONTHS, UPGRADES

    text = (DOCS / "content.md").read_text(encoding="utf-8")
    for card in [*BOATS, *UPGRADES]:
        assert f"| `{card}` |" in text, card
    for month in MONTHS.values():
        assert f"| {month.name} | {month.rounds} | {month.money} |" in text, month.id
