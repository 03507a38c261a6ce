"""Archipel's house (issue 11): the one module set, no import circle, state apart from rules.

The package holds exactly the names of the shared layout; walking every module's imports
with `ast` finds no circle; `state.py` imports only the kernel and the content; no module
is over 500 lines; every step of the phase table names its rule; every module imports
alone in a fresh interpreter.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop.archipel
from tabletop.archipel import GAME
from tabletop.archipel.flow import MACHINE

PACKAGE = "tabletop.archipel"
ROOT = Path(tabletop.archipel.__file__).parent
LAYOUT = {
    "__init__",
    "state",
    "flow",
    "moves",
    "rules",
    "checks",
    "views",
    "events",
    "invariants",
    "render",
    "heuristic",
    "content",
    "data",
    "scenarios",
}
MAX_LINES = 500


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((PACKAGE, *parts))] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The package's modules that `name` imports (a name imported from a package counts as
    its submodule when there is one)."""
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{node.module}"
            subs = {f"{base}.{alias.name}" for alias in node.names} & MODULES.keys()
            targets.update(subs or {base})
    return {t for t in targets if t in MODULES and t != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_the_module_set_is_the_shared_layout() -> None:
    """issue 11: the package's top-level names are exactly the layout's."""
    names = {p.stem for p in ROOT.iterdir() if p.name != "__pycache__"}
    assert names == LAYOUT


def test_no_import_circle() -> None:
    """issue 11: no module imports one that (transitively) imports it back."""

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(GRAPH[start])
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(GRAPH[module])
        return seen

    circles = sorted(name for name in GRAPH if name in reach(name))
    assert not circles, f"modules on an import circle: {circles}"


def test_state_imports_only_the_kernel_and_content() -> None:
    """issue 11: `state.py` is data only: no flow, rules, checks, views or events."""
    tree = ast.parse((ROOT / "state.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    game = {m for m in imported if m.startswith("tabletop.")}
    allowed = ("tabletop.kernel", f"{PACKAGE}.content")
    assert game and all(m.startswith(allowed) for m in game), sorted(game)


def test_imports_sit_at_the_top() -> None:
    """issue 11: no import at the bottom of a module, no `noqa: E402`."""
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        assert "E402" not in text, name
        body = ast.parse(text).body
        first_def = next((i for i, node in enumerate(body) if isinstance(node, ast.FunctionDef | ast.ClassDef)), None)
        if first_def is not None:
            late = [n for n in body[first_def:] if isinstance(n, ast.Import | ast.ImportFrom)]
            assert not late, f"{name} imports after its first definition"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_500_lines(name: str) -> None:
    """issue 11: no module over ~500 lines."""
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name}: {lines} lines"


def test_every_step_names_its_rule() -> None:
    """issue 11: every step of `MACHINE` has a rule ID, one of the rule catalogue's."""
    for key, step in MACHINE.steps().items():
        assert step.rule in GAME.rules, f"{key}: rule {step.rule!r}"
        assert step.doc, key


def test_every_module_imports_alone() -> None:
    """issue 11: each module imports by itself in a fresh interpreter (no hidden order)."""
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    for name in sorted(MODULES):
        done = subprocess.run([sys.executable, "-c", script, name], capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{name}: {done.stderr[-2000:]}"
