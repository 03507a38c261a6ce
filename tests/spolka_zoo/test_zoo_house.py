"""Spółka ZOO is laid out like every game (issue 11): the one module set, no import circle,
a state module of data only, modules of a readable size, every step with its rule, and no
choice move that holds text to parse again."""

from __future__ import annotations

import ast
import subprocess
import sys
import typing
from pathlib import Path

import attrs
import pytest

import tabletop.spolka_zoo as package
from tabletop.kernel.protocol import Move
from tabletop.spolka_zoo import moves
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.rules import AUTO, OPS, STEPS

ROOT = Path(package.__file__).parent
NAME = "tabletop.spolka_zoo"
LAYOUT = {
    "__init__.py",
    "state",
    "flow.py",
    "moves.py",
    "rules",
    "checks.py",
    "views.py",
    "events.py",
    "invariants.py",
    "render.py",
    "heuristic.py",
    "content",
    "data",
    "scenarios",
}
MAX_LINES = 550  # "no module over ~500 lines"
"""No exception: state and content grew into packages (state: the state, its parts, the
results; content: the effect vocabulary, the loaders, the loaded tables), as the layout lets a
module do."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((NAME, *parts))] = path
    return found


MODULES = _modules()


def _imports(module: str, path: Path) -> set[str]:
    """The modules of the package that `module` imports (a `from package import name` of a
    submodule counts as that submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in MODULES else node.module)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def test_the_package_has_exactly_the_module_set_of_every_game() -> None:
    """The top-level names are the layout's (notes/layout.md), nothing else."""
    names = {p.name for p in ROOT.iterdir() if p.name != "__pycache__"}
    assert names == LAYOUT


def test_no_module_imports_one_that_imports_it_back() -> None:
    """Walking the package's imports with ast finds no circle."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = " -> ".join((*path[path.index(module) :], module))
            pytest.fail(f"import circle: {cycle}")
        if module in done:
            return
        for target in sorted(GRAPH[module]):
            visit(target, (*path, module))
        done.add(module)

    for module in sorted(GRAPH):
        visit(module, ())


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m == f"{NAME}.state" or m.startswith(f"{NAME}.state.")))
def test_the_state_modules_hold_data_only(module: str) -> None:
    """The state package imports only the kernel, content and itself: never flow, rules,
    checks, views, events."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    ours = {name for name in imported if name.startswith("tabletop")}
    allowed = ("tabletop.kernel", f"{NAME}.content", f"{NAME}.state.")
    assert all(name.startswith(allowed) or name in (f"{NAME}.content", f"{NAME}.state") for name in ours), ours


def test_only_the_package_face_imports_the_views() -> None:
    """Arrows point down: the rules, checks and invariants never import the views (what a view
    shows is derived from the state, not the other way round)."""
    for module, path in MODULES.items():
        if module in (f"{NAME}.views", NAME):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert f"{NAME}.views" not in imported, module


def test_no_import_at_the_bottom_and_no_noqa_for_it() -> None:
    """Every import of a module comes before its first definition; no `noqa: E402`."""
    for module, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        assert "E402" not in text, module
        body = ast.parse(text).body
        first = next((i for i, node in enumerate(body) if isinstance(node, ast.FunctionDef | ast.ClassDef)), len(body))
        late = [node.lineno for node in body[first:] if isinstance(node, ast.Import | ast.ImportFrom)]
        assert not late, f"{module}: imports at lines {late}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_module_imports_alone(module: str) -> None:
    """Each module imports on its own in a fresh interpreter."""
    result = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_modules_stay_readable_in_size() -> None:
    """No module is over ~500 lines."""
    sizes = {module: len(path.read_text(encoding="utf-8").splitlines()) for module, path in MODULES.items()}
    assert {m: n for m, n in sizes.items() if n > MAX_LINES} == {}


def test_every_step_names_its_rule_and_every_automatic_step_has_its_own_handler() -> None:
    """Each step of MACHINE has a rule ID from the catalogue and a doc; AUTO holds one distinct
    handler per automatic step, and so does STEPS (the same handlers, on a draft)."""
    for key, step in MACHINE.steps().items():
        assert step.rule in package.RULES, key
        assert step.doc, key
    auto = {key for key, step in MACHINE.steps().items() if step.actor.value == "auto"}
    assert set(AUTO) == set(STEPS) == auto
    assert len({id(handler) for handler in STEPS.values()}) == len(STEPS)
    assert [AUTO[key].__name__ for key in auto] == [STEPS[key].__name__ for key in auto]


def test_every_operation_is_in_the_explicit_table_with_its_rule() -> None:
    """The operation table names a catalogue rule for each operation; nothing registers itself."""
    assert all(op.rule in package.RULES for op in OPS.values())
    for module, path in MODULES.items():
        assert "register(" not in path.read_text(encoding="utf-8"), module


def _move_classes() -> list[type[Move]]:
    return [value for value in vars(moves).values() if isinstance(value, type) and issubclass(value, Move)]


def test_no_choice_move_holds_text_to_parse_again() -> None:
    """Every move of kind `choose` is a typed subclass of Choose whose fields are values (fruits,
    companies, seats), with no free-text option field; Choose itself holds nothing."""
    choices = [cls for cls in _move_classes() if cls.kind == "choose"]
    assert len(choices) >= 12
    assert not attrs.has(moves.Choose)
    for cls in choices:
        assert issubclass(cls, moves.Choose), cls
        if cls is moves.Choose:
            continue
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            assert field.name != "option", cls
            assert hints[field.name] in (str, int, moves.Tokens), (cls, field.name)
            if hints[field.name] is str:
                assert field.name in ("item", "fruit", "company", "source", "target", "give", "get"), (cls, field)


def test_the_old_string_form_builds_the_typed_move_with_the_same_notation() -> None:
    """`Choose("take apple,lemon")` is the typed `Take`, written back as the same text."""
    for text in ("take apple,lemon", "discard lemon", "add apple>lemon", "price apple", "buy apple", "sell lemon"):
        move = moves.Choose(text)
        assert type(move) is not moves.Choose and str(move) == f"choose {text}" and move.option == text
    assert moves.Choose("take apple,lemon") == moves.Take(moves.Tokens({"apple": 1, "lemon": 1}))
    assert moves.Choose("seat 2") == moves.Target(2)
    assert moves.Choose("pass") == moves.Pass()
