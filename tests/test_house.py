"""One house for three games (issue 11): the same module set, no import circle, data apart from rules.

Each test reads the packages' source with `ast`, so it judges what a maintainer reads.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop

SRC = Path(tabletop.__file__).resolve().parent
GAMES = ("conservas", "archipel", "spolka_zoo")
#: The module set of every game (docs/design.md).
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


def _modules(game: str) -> dict[str, Path]:
    """Dotted module name -> file, for every module of a game package."""
    root = SRC / game
    found = {}
    for path in root.rglob("*.py"):
        rel = path.relative_to(SRC).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found["tabletop." + ".".join(parts)] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of the same package that `name` imports (at any level of the file)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # `from package import submodule` depends on the submodule, not on the package's face
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_module_set(game: str) -> None:
    names = {p.name.removesuffix(".py") for p in (SRC / game).iterdir() if p.name != "__pycache__"}
    assert names == {m.removesuffix(".py") for m in MODULES}  # a module may grow into a package


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_inside_a_game(game: str) -> None:
    modules = _modules(game)
    known = set(modules)
    graph = {name: _imports(name, path, known) for name, path in modules.items()}
    # A package imports its submodules' names; only cycles among modules count.
    done: set[str] = set()

    def visit(node: str, trail: tuple[str, ...]) -> None:
        if node in trail:
            cycle = " -> ".join((*trail[trail.index(node) :], node))
            pytest.fail(f"import circle: {cycle}")
        if node in done:
            return
        for nxt in sorted(graph[node]):
            if nxt == f"tabletop.{game}":
                continue  # the face may be imported by nothing inside; checked below
            visit(nxt, (*trail, node))
        done.add(node)

    for name in sorted(graph):
        visit(name, ())
    for name, targets in graph.items():
        assert f"tabletop.{game}" not in targets or name == f"tabletop.{game}", f"{name} imports the package face"


@pytest.mark.parametrize("game", GAMES)
def test_state_holds_data_only(game: str) -> None:
    modules = _modules(game)
    deps = _imports(f"tabletop.{game}.state", modules[f"tabletop.{game}.state"], set(modules))
    rules_side = {f"tabletop.{game}.{m}" for m in ("flow", "rules", "checks", "views", "events", "render", "heuristic")}
    assert not {d for d in deps if d in rules_side or d.startswith(f"tabletop.{game}.rules.")}


@pytest.mark.parametrize("game", GAMES)
def test_nothing_imports_at_the_bottom(game: str) -> None:
    """No import after the code starts (each game's own house test bounds module sizes)."""
    for name, path in _modules(game).items():
        assert "noqa: E402" not in path.read_text(encoding="utf-8"), name


@pytest.mark.parametrize("game", GAMES)
def test_every_step_names_its_rule(game: str) -> None:
    machine = tabletop.get_game(game).state_type.MACHINE
    missing = [key for key, step in machine.steps().items() if not step.rule]
    assert not missing


#: Option sets whose chance nodes are checked per game: the defaults and a fuller one.
CHANCE_OPTIONS: dict[str, tuple[dict[str, object], ...]] = {
    "conservas": ({}, {"month": "december", "goal": "difficult"}),
    "archipel": ({"players": 2, "declare": "supplied"}, {"players": 5, "memory": True}),
    "spolka_zoo": ({"players": 3}, {"players": 1, "bots": 2, "modules": ("events", "hidden_goals", "intrigues")}),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_chance_node_of_every_game_describes_itself(game: str) -> None:
    """Issue 16: over random play every chance node says what it draws, from where, to where, by which rule."""
    from tabletop.testing import check_chance_nodes

    report = check_chance_nodes(tabletop.get_game(game), seeds=range(3), options=CHANCE_OPTIONS[game])
    assert report.nodes > 0 and report.games == 3 * len(CHANCE_OPTIONS[game])


def test_describing_chance_nodes_is_part_of_the_protocol() -> None:
    """A state class that does not describe its chance nodes cannot be instantiated."""
    from tabletop.kernel.protocol import State

    assert "_chance_node" in State.__abstractmethods__


#: Functions over `LONGEST` lines (docstring left out), each with the reason it stays whole. A
#: new long function fails `test_no_function_is_long_without_a_reason` until it is split or
#: given its reason here.
LONG_FUNCTIONS: dict[tuple[str, str], str] = {
    ("kernel/jsontext/leaves.py", "_sequence"): "a tuple's hot read closure: kept in line, a call fewer",
    ("kernel/jsontext/leaves.py", "_kept_leaf"): "a kept leaf's hot read closure: kept in line, two calls fewer",
    ("adapters/spolka_zoo_tensor.py", "__init__"): "the tensor layout: one declared section per line",
    ("adapters/archipel.py", "__init__"): "the tensor layout and the action table: one declared section per line",
    ("adapters/archipel.py", "observation"): "fills the declared sections in layout order, one block each",
    ("adapters/conservas.py", "observation"): "fills the declared sections in layout order, one block each",
    ("cli.py", "_parser"): "the argparse declaration of every subcommand",
    ("cli.py", "_play"): "the play command's option handling, in the order the help lists it",
    ("agents/tournament.py", "add_parser"): "the argparse declaration of the tournament command",
    ("server/boards.py", "_archipel"): "the board picture: one drawn element per line",
    ("server/boards.py", "_conservas"): "the board picture: one drawn element per line",
    ("server/boards.py", "_spolka_zoo"): "the board picture: one drawn element per line",
    ("testing/stateful.py", "game_machine"): "a hypothesis RuleBasedStateMachine declared inside its factory",
    ("archipel/content/board.py", "__init__"): "a board file's validation, one refusal per printed rule",
    ("conservas/heuristic.py", "_surplus"): "the estimate's terms, one per Conservas scoring rule",
    ("spolka_zoo/rules/setup.py", "setup"): "the setup steps ZOO-1.1 to ZOO-1.7 (and the modules'), in rulebook order",
    ("frontend/terminal.py", "replay"): "the replay loop's key handling",
    ("kernel/serialize/hooks.py", "_collection_hook"): (
        "the collection shapes the strict reader accepts, one branch each"
    ),
    ("agents/mcts.py", "iterate"): "one MCTS iteration (select, expand, roll out, back up), read as the algorithm",
    ("output.py", "progress"): "the progress bar's rich and plain forms side by side",
}
LONGEST = 40


def _long_functions() -> dict[tuple[str, str], int]:
    found: dict[tuple[str, str], int] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            first = node.body[0]
            has_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and len(node.body) > 1
            start = (first.end_lineno or first.lineno) + 1 if has_doc else first.lineno
            length = (node.end_lineno or node.lineno) - start + 1
            if length > LONGEST:
                found[(path.relative_to(SRC).as_posix(), node.name)] = length
    return found


def test_no_function_is_long_without_a_reason() -> None:
    """Issue 11: no function over ~40 lines without a reason; the reasons are listed above."""
    unexplained = {key: n for key, n in _long_functions().items() if key not in LONG_FUNCTIONS}
    assert not unexplained, f"functions over {LONGEST} lines with no reason in LONG_FUNCTIONS: {unexplained}"


#: Classes that repeat a state's field annotations for the type checker (a working copy, or a
#: base of read-only queries shared by the state and its working copy): (file, class) -> the
#: state class's (file, class). The kernel `Builder` generates the copying from the state's
#: fields at run time; these lists exist for mypy only, so a test keeps them equal.
FIELD_MIRRORS: dict[tuple[str, str], tuple[str, str]] = {
    ("conservas/state.py", "Position"): ("conservas/state.py", "ConservasState"),
    ("archipel/flow.py", "Work"): ("archipel/state.py", "ArchipelState"),
    ("spolka_zoo/state/parts.py", "Position"): ("spolka_zoo/state/__init__.py", "ZooState"),
}


def _annotations(file: str, name: str) -> list[tuple[str, str]]:
    """A class's field annotations, in order: those of its body and of its `if TYPE_CHECKING:`."""
    tree = ast.parse((SRC / file).read_text(encoding="utf-8"))
    (cls,) = (node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name)
    body = list(cls.body)
    for node in cls.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            body.extend(node.body)
    return [
        (ast.unparse(node.target), ast.unparse(node.annotation).replace("'", '"'))
        for node in body
        if isinstance(node, ast.AnnAssign) and "ClassVar" not in ast.unparse(node.annotation)
    ]


@pytest.mark.parametrize("mirror", sorted(FIELD_MIRRORS))
def test_field_lists_written_for_the_type_checker_match_the_state(mirror: tuple[str, str]) -> None:
    """A new or retyped state field cannot be forgotten in the copy of its list mypy reads."""
    assert _annotations(*mirror) == _annotations(*FIELD_MIRRORS[mirror])
