"""The worked third-party conformance examples run in CI, cite real rules, use only public names,
and the conformance page shows each of them as it is on disk."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import tabletop
from tabletop.testing.script import RULE_ID

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "examples" / "conformance"
FILES = sorted(FOLDER.glob("*_cases.py"))
PAGE = ROOT / "docs" / "conformance.md"
MIN_CASES = 10


def _load(path: Path) -> ModuleType:
    name = f"conformance_example_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


MODULES = {path: _load(path) for path in FILES}


def _cases(module: ModuleType) -> list[tuple[str, Callable[[], object]]]:
    return [(name, obj) for name, obj in vars(module).items() if name.startswith("test_") and inspect.isfunction(obj)]


CASES = [(path, name, case) for path, module in MODULES.items() for name, case in _cases(module)]


@pytest.mark.parametrize(("path", "name", "case"), CASES, ids=[f"{p.stem}::{n}" for p, n, _ in CASES])
def test_example_case_passes(path: Path, name: str, case: Callable[[], object]) -> None:
    """Each case of each worked example holds (it is a test function taking no arguments)."""
    assert not inspect.signature(case).parameters, f"{path.name}::{name} must take no arguments"
    case()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_cites_rules_of_its_game(path: Path) -> None:
    """Each example has 10+ cases, each citing in its docstring rule IDs of its game only."""
    game = path.stem.removesuffix("_cases")
    assert game in tabletop.GAMES, f"{path.name}: name it <game>_cases.py"
    rules = tabletop.get_game(game).rules
    cases = _cases(MODULES[path])
    assert len(cases) >= MIN_CASES
    for name, case in cases:
        cited = RULE_ID.findall(inspect.getdoc(case) or "")
        assert cited, f"{name} cites no rule ID in its docstring"
        assert set(cited) <= set(rules), f"{name} cites {sorted(set(cited) - set(rules))}, no rules of {game}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_uses_public_names_only(path: Path) -> None:
    """An example imports from tabletop and reaches into objects by public names only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = [
        f"line {node.lineno}: {name}"
        for node in ast.walk(tree)
        for name in _names(node)
        if name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
    ]
    assert not private, f"{path.name} uses private names: {private}"


def _names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.ImportFrom):
        return [*(node.module or "").split("."), *(alias.name for alias in node.names)]
    if isinstance(node, ast.Import):
        return [part for alias in node.names for part in alias.name.split(".")]
    return []


def test_page_includes_every_example() -> None:
    """The conformance page includes each game's example file (those not written yet are skipped
    by the include, and this list still names them)."""
    text = PAGE.read_text(encoding="utf-8")
    for game in tabletop.GAMES:
        assert f"<!-- tabletop:include examples/conformance/{game}_cases.py -->" in text
    for path in FILES:
        assert f"<!-- tabletop:include examples/conformance/{path.name} -->" in text


def test_include_shows_the_file_as_it_is(tmp_path: Path) -> None:
    """The docs hook puts the file, read from disk, in a fenced block; a missing file gives nothing."""
    spec = importlib.util.spec_from_file_location("docs_site_hooks", ROOT / "tools" / "docs_site.py")
    assert spec is not None and spec.loader is not None
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    (tmp_path / "examples" / "conformance").mkdir(parents=True)
    (tmp_path / "examples" / "conformance" / "pig_cases.py").write_text("def test_x():\n    pass\n", encoding="utf-8")
    markdown = (
        "A\n<!-- tabletop:include examples/conformance/pig_cases.py -->\n"
        "<!-- tabletop:include examples/conformance/none_cases.py -->\nB"
    )
    shown = site.include_examples(markdown, tmp_path)
    assert shown == "A\n### `examples/conformance/pig_cases.py`\n\n```python\ndef test_x():\n    pass\n```\n\nB"
    for path in FILES:
        page = site.include_examples(PAGE.read_text(encoding="utf-8"))
        assert path.read_text(encoding="utf-8").rstrip() in page
