"""The conformance runner: rulebook scenarios as data, run by pytest and by `tabletop conformance`.

A scenario is a TOML file:

```toml
title = "El Dorado keeps 2 tokens and sends 3 to the Deep Sea"
game = "conservas"              # a registered name, or "module:attribute"
rules = ["CON-2.3"]             # the rule IDs it checks
seed = 1                        # optional (default 0)
[options]                       # optional new_game options
month = "january"

[[steps]]                       # applied in order
play = ["token sardine", "place el-dorado sardine,sardine"]   # moves and forced chance outcomes

[[steps]]
illegal = "place el-dorado water"
code = "card-used"              # optional: the IllegalMove code expected

[[steps]]
expect = { money = 13, "boats.0.card" = "el-dorado" }   # dotted paths into the state
view = 0                        # optional: evaluate the paths on state.view(0)
```

A step holds exactly one action: `play` (a notation string or a list of them), `sample`
(sample that many chance outcomes from the seed), `legal` / `illegal` (notation that
must / must not be legal now; `illegal` may name the `code`), `chance` (a table of
outcome notation to expected probability at this chance node), `node` (what this chance
node draws: some of `source`, `name`, `destination`, `rule`, `recipient` of its
[`ChanceNode`][tabletop.kernel.chance.ChanceNode]), `expect` (paths to values),
`terminal` (true or false). Paths use attribute names, list indices and mapping keys;
values are compared after turning tuples into lists, `Tokens` into tables and attrs
objects into tables; floats to 1e-9.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from tabletop.kernel.chance import sample_chance
from tabletop.kernel.content import parse_toml
from tabletop.kernel.errors import ContentError, IllegalMove, TabletopError
from tabletop.kernel.protocol import Game, State
from tabletop.kernel.seeds import SeedError, check_seed
from tabletop.kernel.tokens import Tokens
from tabletop.registry import GAMES, get_game

__all__ = [
    "RuleCoverage",
    "Scenario",
    "ScenarioResult",
    "builtin_scenarios",
    "coverage",
    "coverage_by_game",
    "format_report",
    "load_scenario",
    "rule_coverage",
    "run_scenario",
]

_ACTIONS = ("play", "sample", "legal", "illegal", "chance", "node", "expect", "terminal")
_STEP_KEYS = {*_ACTIONS, "code", "view", "note", "rules"}
_TOP_KEYS = {"title", "game", "rules", "seed", "options", "steps", "note"}


@attrs.frozen
class Scenario:
    """A parsed scenario file.

    Attributes:
        path: Where it was read from.
        title: What it shows.
        game: The game name or `"module:attribute"` target.
        rules: Rule IDs it checks (the steps' own `rules` included).
        seed: The seed of `new_game`.
        options: The options of `new_game`.
        steps: The steps, as tables.
    """

    path: str
    title: str
    game: str
    rules: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]


@attrs.frozen
class ScenarioResult:
    """The result of running one scenario: `error` is empty when it passed."""

    scenario: Scenario
    error: str = ""

    @property
    def passed(self) -> bool:
        """True when every step held."""
        return not self.error


def load_scenario(path: str | Path, text: str | None = None) -> Scenario:
    """Read and check a scenario file (or `text` under that name).

    Raises:
        ContentError: Naming the file, the step and the key of the first problem.
    """
    path = Path(path)
    file = path.name
    data = parse_toml(path.read_text(encoding="utf-8") if text is None else text, file=file)
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ContentError(f"unknown key(s): {', '.join(unknown)}", file=file)
    for key, kind in (("title", str), ("game", str)):
        if not isinstance(data.get(key), kind):
            raise ContentError("required text is missing", file=file, field=key)
    rules = data.get("rules", [])
    if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
        raise ContentError("expected a non-empty list of rule IDs", file=file, field="rules")
    try:
        seed = check_seed(data.get("seed", 0))
    except SeedError as refused:  # `seed = true` too: TOML's booleans are not seeds
        raise ContentError(str(refused), file=file, field="seed") from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ContentError("expected a table", file=file, field="options")
    steps = data.get("steps", [])
    if not isinstance(steps, list) or not steps:
        raise ContentError("expected at least one [[steps]] table", file=file, field="steps")
    all_rules = list(rules)
    for index, step in enumerate(steps):
        _check_step(step, file, f"steps[{index}]")
        all_rules.extend(r for r in step.get("rules", []) if r not in all_rules)
    return Scenario(str(path), data["title"], data["game"], tuple(all_rules), seed, options, tuple(steps))


def _check_step(step: object, file: str, item: str) -> None:
    if not isinstance(step, dict):
        raise ContentError("expected a table", file=file, item=item)
    unknown = sorted(set(step) - _STEP_KEYS)
    if unknown:
        raise ContentError(f"unknown key(s): {', '.join(unknown)}", file=file, item=item)
    actions = [key for key in _ACTIONS if key in step]
    if len(actions) != 1:
        raise ContentError(
            f"a step holds exactly one of {', '.join(_ACTIONS)}; found {actions or 'none'}",
            file=file,
            item=item,
        )
    if "code" in step and "illegal" not in step:
        raise ContentError("'code' goes with 'illegal'", file=file, item=item, field="code")
    if "view" in step and "expect" not in step:
        raise ContentError("'view' goes with 'expect'", file=file, item=item, field="view")


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run every step of `scenario`; the first failing step ends it."""
    try:
        game = get_game(scenario.game)
        state = game.new_game(scenario.seed, **dict(scenario.options))
    except (LookupError, ValueError, TabletopError) as exc:
        return ScenarioResult(scenario, f"setup failed: {exc}")
    for index, step in enumerate(scenario.steps):
        try:
            state = _run_step(game, state, step)
        except (AssertionError, TabletopError, ValueError, LookupError) as exc:
            note = f" ({step['note']})" if "note" in step else ""
            return ScenarioResult(scenario, f"step {index + 1}{note}: {exc}")
    return ScenarioResult(scenario)


def _run_step(game: Game, state: State, step: Mapping[str, Any]) -> State:
    if "play" in step:
        texts = step["play"] if isinstance(step["play"], list) else [step["play"]]
        for text in texts:
            try:
                state = state.apply(game.parse_move(state, text))
            except IllegalMove as exc:
                msg = f"{text!r} was refused: {exc}"
                raise AssertionError(msg) from None
    elif "sample" in step:
        for _ in range(int(step["sample"])):
            state = state.apply(sample_chance(state))
    elif "legal" in step:
        for text in _texts(step["legal"]):
            if not state.is_legal(game.parse_move(state, text)):
                msg = f"{text!r} should be legal at {state.flow}"
                raise AssertionError(msg)
    elif "illegal" in step:
        _expect_illegal(game, state, step["illegal"], step.get("code"))
    elif "chance" in step:
        _expect_chance(game, state, step["chance"])
    elif "node" in step:
        _expect_node(state, step["node"])
    elif "expect" in step:
        target = state.view(int(step["view"])) if "view" in step else state
        for path, value in step["expect"].items():
            _expect_value(target, path, value)
    elif bool(step["terminal"]) != state.is_terminal:
        msg = f"expected terminal={step['terminal']}, the state is at {state.flow}"
        raise AssertionError(msg)
    return state


def _texts(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _expect_illegal(game: Game, state: State, text: str, code: str | None) -> None:
    move = game.parse_move(state, text)
    try:
        state.apply(move)
    except IllegalMove as exc:
        if code is not None and exc.code != code:
            msg = f"{text!r} was refused with code {exc.code!r} ({exc}), expected {code!r}"
            raise AssertionError(msg) from None
        return
    msg = f"{text!r} should be illegal at {state.flow}"
    raise AssertionError(msg)


def _expect_chance(game: Game, state: State, expected: Mapping[str, float]) -> None:
    actual = {str(move): p for move, p in state.chance_outcomes()}
    for text, p in expected.items():
        key = str(game.parse_move(state, text))
        if key not in actual:
            msg = f"{text!r} is not a chance outcome here (outcomes: {sorted(actual)})"
            raise AssertionError(msg)
        if not math.isclose(actual[key], float(p), rel_tol=1e-9, abs_tol=1e-12):
            msg = f"P({text}) is {actual[key]!r}, expected {p!r}"
            raise AssertionError(msg)
    if set(actual) != {str(game.parse_move(state, t)) for t in expected}:
        msg = f"outcomes are {sorted(actual)}, the scenario lists {sorted(expected)}"
        raise AssertionError(msg)


def _expect_node(state: State, expected: object) -> None:
    if not isinstance(expected, Mapping):
        msg = "'node' is a table of the chance node's fields (source, name, destination, rule, recipient)"
        raise ValueError(msg)
    try:
        node = state.chance_node()
    except TypeError as exc:  # a game that does not describe its chance nodes yet
        raise AssertionError(str(exc)) from None
    described = plain(node)
    assert isinstance(described, dict)
    unknown = sorted(set(expected) - set(described))
    if unknown:
        msg = f"a chance node has no {', '.join(unknown)} (fields: {', '.join(described)})"
        raise ValueError(msg)
    wrong = [f"{k} is {described[k]!r}, expected {want!r}" for k, want in expected.items() if described[k] != want]
    if wrong:
        msg = f"the chance node ({node}): {'; '.join(wrong)}"
        raise AssertionError(msg)


def resolve(obj: object, path: str) -> object:
    """Follow a dotted `path` (attributes, indices, keys) from `obj`.

    Raises:
        LookupError: Naming the part of the path that does not exist.
    """
    current = obj
    for part in path.split("."):
        if isinstance(current, Mapping):
            if part in current:
                current = current[part]
                continue
            if isinstance(current, Tokens):
                current = 0
                continue
        if isinstance(current, Sequence) and not isinstance(current, str) and _is_index(part):
            index = int(part)
            if not -len(current) <= index < len(current):
                msg = f"{path!r}: index {index} out of range (length {len(current)})"
                raise LookupError(msg)
            current = current[index]
            continue
        if not hasattr(current, part):
            msg = f"{path!r}: {type(current).__name__} has no {part!r}"
            raise LookupError(msg)
        current = getattr(current, part)
        if callable(current):
            current = current()
    return current


def _is_index(part: str) -> bool:
    return part.lstrip("-").isdigit()


def plain(value: object) -> object:
    """`value` as TOML-comparable data: tables, lists, strings, numbers, booleans."""
    if isinstance(value, Tokens):
        return value.as_dict()
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {f.name: plain(getattr(value, f.name)) for f in attrs.fields(type(value))}  # type: ignore[arg-type]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def _same(actual: object, expected: object) -> bool:
    if isinstance(expected, float) or isinstance(actual, float):
        return (
            isinstance(actual, int | float)
            and isinstance(expected, int | float)
            and math.isclose(actual, expected, rel_tol=1e-9, abs_tol=1e-12)
        )
    if isinstance(expected, list) and isinstance(actual, list):
        return len(actual) == len(expected) and all(_same(a, e) for a, e in zip(actual, expected, strict=True))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return actual.keys() == expected.keys() and all(_same(actual[k], expected[k]) for k in expected)
    return type(actual) is type(expected) and actual == expected


def _expect_value(state: State, path: str, expected: object) -> None:
    actual = plain(resolve(state, path))
    if not _same(actual, expected):
        msg = f"{path} is {actual!r}, expected {expected!r}"
        raise AssertionError(msg)


def builtin_scenarios(games: Iterable[str] | None = None) -> tuple[Path, ...]:
    """The scenario files shipped with tabletop: the kernel's, then each game's."""
    packages = ["tabletop.testing"] + [f"tabletop.{name}" for name in (GAMES if games is None else games)]
    found: list[Path] = []
    for package in packages:
        folder = resources.files(package).joinpath("scenarios")
        if folder.is_dir():
            found.extend(sorted(Path(str(f)) for f in folder.iterdir() if f.name.endswith(".toml")))
    return tuple(found)


def collect(paths: Iterable[str | Path]) -> tuple[Path, ...]:
    """Scenario files named by `paths` (files, or folders searched recursively)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        found.extend(sorted(path.rglob("*.toml")) if path.is_dir() else [path])
    return tuple(found)


def coverage(results: Iterable[ScenarioResult]) -> dict[str, tuple[int, int]]:
    """Per rule ID: (scenarios citing it, of which passed), sorted by rule ID."""
    table: dict[str, list[int]] = {}
    for result in results:
        for rule in result.scenario.rules:
            counts = table.setdefault(rule, [0, 0])
            counts[0] += 1
            counts[1] += result.passed
    return {rule: (c[0], c[1]) for rule, c in sorted(table.items(), key=lambda item: _rule_key(item[0]))}


def _rule_key(rule: str) -> tuple[object, ...]:
    return tuple(int(part) if part.isdigit() else part for part in rule.replace("-", ".").split("."))


def format_report(results: Sequence[ScenarioResult], catalogue: Mapping[str, str] | None = None) -> str:
    """The text report: failures, then the per-rule coverage table.

    Args:
        results: What [`run_scenario`][tabletop.testing.conformance.run_scenario] returned.
        catalogue: Known rule IDs with titles; those no scenario cites are listed as
            uncovered.
    """
    lines: list[str] = []
    for result in results:
        if not result.passed:
            lines.append(f"FAIL {result.scenario.path}: {result.scenario.title}\n     {result.error}")
    table = coverage(results)
    lines.append("")
    lines.append(f"{'rule':<14} {'scenarios':>9} {'passed':>7}  title")
    for rule, (cited, passed) in table.items():
        title = (catalogue or {}).get(rule, "")
        lines.append(f"{rule:<14} {cited:>9} {passed:>7}  {title}")
    uncovered = [rule for rule in (catalogue or {}) if rule not in table]
    if uncovered:
        lines.append(f"\nrules no scenario cites ({len(uncovered)}): {', '.join(uncovered)}")
    passed_count = sum(r.passed for r in results)
    lines.append(f"\n{passed_count}/{len(results)} scenarios passed, {len(table)} rules covered")
    return "\n".join(lines)


@attrs.frozen
class RuleCoverage:
    """Which of a game's rule IDs a set of cases cites, and which it does not.

    Attributes:
        game: The game's name.
        titles: The game's rule catalogue (rule ID to title), in its order.
        cited: Per rule ID of the catalogue that some case cites: (cases citing it, of which
            passed).
        uncovered: The catalogue's rule IDs that no case cites, in catalogue order.
        unknown: Rule IDs the cases cite that are not in the catalogue (a typo, or another
            game's rule).
    """

    game: str
    titles: Mapping[str, str]
    cited: Mapping[str, tuple[int, int]]
    uncovered: tuple[str, ...]
    unknown: tuple[str, ...]

    def format(self, *, uncovered: bool = True, cited: bool = False) -> str:
        """The report as text: a summary line, then the rules not cited with their titles.

        Args:
            uncovered: List each rule not cited with its title (otherwise only the summary
                and the unknown IDs).
            cited: Also list the rules cited, each with its cases passed out of citing.
        """
        total = len(self.titles)
        lines = [f"{self.game}: {len(self.cited)} of {total} rules cited, {len(self.uncovered)} not cited"]
        if cited and self.cited:
            lines.append("  cited (passed/cases): " + ", ".join(f"{r} {p}/{n}" for r, (n, p) in self.cited.items()))
        if uncovered:
            lines.extend(f"  {rule:<12} {self.titles[rule]}" for rule in self.uncovered)
        if self.unknown:
            lines.append(f"  cited but not rules of {self.game}: {', '.join(self.unknown)}")
        return "\n".join(lines)


def rule_coverage(game: Game, cases: Iterable[tuple[Iterable[str], bool]]) -> RuleCoverage:
    """Which rules of `game` the `cases` cite: each case as (its rule IDs, whether it passed).

    The cases may be scenario results (`(r.scenario.rules, r.passed)`) or Python cases
    (the `tabletop.testing.plugin` pytest plugin passes each test's cited rules). A cited ID
    that another rule ID extends (`CON-4` for `CON-4.6`) is not widened: cite the rules you
    check.
    """
    counts: dict[str, list[int]] = {}
    unknown: set[str] = set()
    for rules, passed in cases:
        for rule in dict.fromkeys(rules):
            if rule in game.rules:
                tally = counts.setdefault(rule, [0, 0])
                tally[0] += 1
                tally[1] += bool(passed)
            else:
                unknown.add(rule)
    cited = {rule: (counts[rule][0], counts[rule][1]) for rule in game.rules if rule in counts}
    uncovered = tuple(rule for rule in game.rules if rule not in counts)
    return RuleCoverage(game.name, dict(game.rules), cited, uncovered, tuple(sorted(unknown, key=_rule_key)))


def coverage_by_game(results: Iterable[object]) -> tuple[RuleCoverage, ...]:
    """The [`rule_coverage`][tabletop.testing.conformance.rule_coverage] of scenario results,
    one per game they play, in the order the games first come.

    Raises:
        TypeError: If an item is not a [`ScenarioResult`][tabletop.testing.conformance.ScenarioResult].
    """
    by_game: dict[str, list[ScenarioResult]] = {}
    for result in results:
        if not isinstance(result, ScenarioResult):
            msg = f"expected scenario results, got {type(result).__name__}"
            raise TypeError(msg)
        by_game.setdefault(result.scenario.game, []).append(result)
    return tuple(
        rule_coverage(get_game(name), [(r.scenario.rules, r.passed) for r in group]) for name, group in by_game.items()
    )
