"""Every rulings page carries its audit against the rulebook, and the audit names real tests.

Issue 17: each ruling of `docs/<game>/rulings.md` is checked against the rulebook's text and
the verdict written down in the page's audit table, with the tests that pin it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("conservas", "archipel", "spolka_zoo")
RULE_ID = re.compile(r"\b(?:CON|ARC|ZOO)-\d+\.\d+\b")
VERDICTS = ("**follows**", "**silent**", "**ambiguous**", "**changed**")


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    return names


def _scenarios() -> set[str]:
    return {path.stem for path in (ROOT / "src" / "tabletop").glob("*/scenarios/*.toml")}


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_has_a_verdict_in_the_audit(game: str) -> None:
    """Every ruling names its rule ID, and every rule ID a ruling names appears in a row of the
    page's audit table, with a verdict."""
    text = (ROOT / "docs" / game / "rulings.md").read_text(encoding="utf-8")
    rulings, _, audit = text.partition("## Audit against the rulebook")
    assert audit, f"docs/{game}/rulings.md has no audit section"
    rows = [line for line in audit.splitlines() if line.startswith("| ") and not line.startswith("| Ruling")]
    assert rows and all(any(v in row for v in VERDICTS) for row in rows[1:]), "each row gives a verdict"
    headings = re.findall(r"^(?:\*\*|### )(.+?)(?:\*\*|$)", rulings, re.MULTILINE)
    unnamed = [heading for heading in headings if not RULE_ID.search(heading)]
    assert not unnamed, f"rulings that name no rule ID: {unnamed}"
    named = {rule for heading in headings for rule in RULE_ID.findall(heading)}
    audited = {rule for row in rows for rule in RULE_ID.findall(row.split("|")[1])}
    assert named <= audited, f"rulings without a verdict: {sorted(named - audited)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_audit_names_existing_tests_and_scenarios(game: str) -> None:
    """Each test and scenario the audit table names exists."""
    audit = (ROOT / "docs" / game / "rulings.md").read_text(encoding="utf-8").partition("## Audit")[2]
    missing = sorted(set(re.findall(r"`(test_\w+)`", audit)) - _test_names())
    assert not missing, f"no such tests: {missing}"
    scenarios = set(re.findall(r"scenarios? `([\w-]+)`", audit)) | set(
        re.findall(r"`((?:zoo|archipel)-[\w-]+)`", audit)
    )
    assert scenarios <= _scenarios(), f"no such scenarios: {sorted(scenarios - _scenarios())}"


def _docstrings() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                found[node.name] = ast.get_docstring(node) or ""
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_tests_an_audit_row_names_cite_its_rule(game: str) -> None:
    """Each test named in an audit row cites (in its docstring) one of the row's rule IDs."""
    audit = (ROOT / "docs" / game / "rulings.md").read_text(encoding="utf-8").partition("## Audit")[2]
    docstrings = _docstrings()
    wrong = []
    for row in audit.splitlines():
        cells = row.split("|")
        if not row.startswith("| ") or len(cells) < 6 or not RULE_ID.search(cells[1]):
            continue
        rules = set(RULE_ID.findall(cells[1]))
        for name in re.findall(r"`(test_\w+)`", cells[4]):
            if not rules & set(RULE_ID.findall(docstrings.get(name, ""))):
                wrong.append((name, sorted(rules)))
    assert not wrong, f"tests that cite none of their row's rule IDs: {wrong}"
