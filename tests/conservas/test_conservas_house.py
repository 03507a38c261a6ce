"""Issue 11's one house: the Conservas package has the module set of every game, no import
circle, a data-only state module, modules of a readable size and a rule ID on every step."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop.conservas
from tabletop.conservas.flow import MACHINE

PACKAGE = Path(tabletop.conservas.__file__).parent
NAME = "tabletop.conservas"
MODULES = {
    "__init__.py",
    "state.py",
    "flow.py",
    "moves.py",
    "rules",
    "checks.py",
    "views.py",
    "events.py",
    "invariants.py",
    "render.py",
    "heuristic.py",
    "content.py",
    "data",
    "scenarios",
}
MAX_LINES = 500


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name relative to it (`rules.sea`, `""` for `__init__`)."""
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules `name` imports (`from X import Y` counts `X.Y` when it is a module)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        for target in targets:
            if target == NAME or target.startswith(NAME + "."):
                inner = target[len(NAME) + 1 :]
                if inner in known:
                    found.add(inner)
    found.discard(name)
    return _deepest(found)


def _deepest(names: set[str]) -> set[str]:
    """Drop `a` when `a.b` is also imported (`from tabletop.conservas.rules import effects`)."""
    return {n for n in names if not n or not any(other.startswith(n + ".") for other in names)}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def test_the_package_has_exactly_the_module_set_of_every_game() -> None:
    """issue 11: the same module names in every game, nothing else at the top level."""
    names = {p.name for p in PACKAGE.iterdir() if p.name != "__pycache__"}
    assert names == MODULES


def test_no_module_imports_one_that_imports_it_back() -> None:
    """issue 11: no import circle, found by walking the package's imports with `ast`."""
    graph = _graph()
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            name = todo.pop()
            assert name != start, f"{start or '__init__'} imports itself back through {sorted(seen)}"
            if name not in seen:
                seen.add(name)
                todo.extend(graph[name])


def test_state_holds_data_only() -> None:
    """issue 11: state.py imports only the kernel and content.py, never the rules."""
    graph = _graph()
    assert graph["state"] <= {"content"}
    tree = ast.parse((PACKAGE / "state.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    outside = {m for m in imported if m.startswith("tabletop.") and not m.startswith("tabletop.kernel.")}
    assert outside <= {"tabletop.conservas.content"}


def test_no_import_at_the_bottom_of_a_module() -> None:
    """issue 11: every import is at the top (no `noqa: E402`, no registration by late import)."""
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        seen_code = False
        for node in tree.body:
            is_import = isinstance(node, ast.Import | ast.ImportFrom)
            is_doc = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            if is_import:
                assert not seen_code, f"{name or '__init__'}: import after code at line {node.lineno}"
            elif not is_doc and not (isinstance(node, ast.Assign) and _is_all(node)):
                seen_code = True


def _is_all(node: ast.Assign) -> bool:
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)


def test_no_module_is_too_long() -> None:
    """issue 11: no module over ~500 lines."""
    for name, path in _modules().items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{name or '__init__'} has {lines} lines"


def test_every_step_names_its_rule() -> None:
    """issue 11: every step of the phase table carries its rule ID, one of the catalogue's."""
    for key, step in MACHINE.steps().items():
        assert step.rule, f"step {key} has no rule"
        assert step.rule in tabletop.conservas.RULES, f"step {key}: {step.rule} is not in the catalogue"
        assert step.doc, f"step {key} has no doc"


@pytest.mark.parametrize("module", sorted(_modules()))
def test_each_module_imports_alone(module: str) -> None:
    """issue 11: importing any one module in a fresh interpreter works (no order dependence)."""
    dotted = f"{NAME}.{module}" if module else NAME
    result = subprocess.run([sys.executable, "-c", f"import {dotted}"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
