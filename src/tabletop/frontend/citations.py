"""From a rule ID to everything that carries it out or checks it: `tabletop rules ID`.

A rule's text is in `docs/<game>/rules.md`; the code that implements it names its ID (a step of
the phase table through `Step.rule`, a check in `checks.py`, a chance node, a docstring); the
scenarios shipped with the game list it in their `rules`; tests cite it in their docstrings.
[`citations`][tabletop.frontend.citations.citations] gathers all of these for one rule, so a
maintainer finds a rule's code and its tests in seconds:

```pycon
>>> import tabletop
>>> found = citations(tabletop.get_game("conservas"), "CON-2.1")
>>> found.steps[0].startswith("sea.")
True
>>> any(place.startswith("conservas/rules/") for place, _ in found.code)
True

```

The code is found by its mentions of the ID, whole IDs only (a longer ID that begins with it,
a subsection, is not a mention). Tests and conformance examples are read from the source checkout
when there is one (they are not installed with the package); `tests` is empty otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import attrs

import tabletop
from tabletop.frontend.rulebook import rule_link, rule_text
from tabletop.kernel.protocol import Game

__all__ = ["Citations", "citations", "format_citations", "game_of_rule"]

#: Where the package's own source lies: `src/tabletop` in a checkout.
PACKAGE = Path(tabletop.__file__).resolve().parent


@attrs.frozen
class Citations:
    """Everything that names one rule.

    Attributes:
        game: The game's name.
        rule: The rule ID.
        title: The rule's title in the game's catalogue.
        text: Its full text from the rules page ("" when the page is not at hand).
        link: Where the docs explain it.
        steps: The phase-table steps (`"phase.step"`) whose `rule` it is.
        code: `(file, line)` pairs of the game's source that name it, file relative to the
            package (`"conservas/checks.py"`), with the line's text.
        scenarios: The shipped scenario files that check it.
        tests: `(file, line)` pairs of the checkout's tests and conformance examples naming it.
    """

    game: str
    rule: str
    title: str
    text: str
    link: str
    steps: tuple[str, ...]
    code: tuple[tuple[str, str], ...]
    scenarios: tuple[str, ...]
    tests: tuple[tuple[str, str], ...]


def game_of_rule(rule: str) -> Game:
    """The registered game whose catalogue holds `rule`.

    Raises:
        LookupError: If no game has that rule, with the nearest IDs of the same prefix.
    """
    for name in tabletop.GAMES:
        game = tabletop.get_game(name)
        if rule in game.rules:
            return game
    prefix = rule.rsplit(".", 1)[0]
    near = sorted({r for name in tabletop.GAMES for r in tabletop.get_game(name).rules if r.startswith(prefix)})
    hint = (
        f" (rules beginning {prefix!r}: {', '.join(near[:12])})"
        if near
        else " (IDs look like CON-2.1, ARC-4.3, ZOO-8.5)"
    )
    msg = f"no game has a rule {rule!r}{hint}"
    raise LookupError(msg)


def _mentions(rule: str, files: Iterable[Path], root: Path) -> tuple[tuple[str, str], ...]:
    pattern = re.compile(rf"(?<![\w.-]){re.escape(rule)}(?![\w]|\.\d)")
    found: list[tuple[str, str]] = []
    for path in sorted(files):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, 1):
            if pattern.search(line):
                found.append((f"{path.relative_to(root).as_posix()}:{number}", line.strip()))
    return tuple(found)


def citations(game: Game, rule: str) -> Citations:
    """Everything in `game` that names `rule`: its text, steps, code, scenarios and tests.

    Raises:
        LookupError: If `rule` is not a rule of `game`.
    """
    if rule not in game.rules:
        msg = f"{game.name} has no rule {rule!r}"
        raise LookupError(msg)
    machine = game.state_type.MACHINE
    steps = tuple(key for key, step in machine.steps().items() if step.rule == rule)
    package = PACKAGE / game.name
    code = _mentions(rule, (p for p in package.rglob("*.py")), PACKAGE) if package.is_dir() else ()
    from tabletop.testing.conformance import builtin_scenarios, load_scenario

    scenarios = tuple(
        f"{path.parent.parent.name}/scenarios/{path.name}"
        for path in builtin_scenarios([game.name])
        if rule in load_scenario(path).rules
    )
    checkout = PACKAGE.parent.parent  # src/tabletop -> the repository, when run from one
    tests: tuple[tuple[str, str], ...] = ()
    if (checkout / "tests").is_dir():
        places = [*(checkout / "tests").rglob("*.py"), *(checkout / "examples" / "conformance").glob("*.py")]
        tests = _mentions(rule, places, checkout)
    return Citations(
        game=game.name,
        rule=rule,
        title=game.rules[rule],
        text=rule_text(game, rule),
        link=rule_link(game, rule),
        steps=steps,
        code=code,
        scenarios=scenarios,
        tests=tests,
    )


def format_citations(found: Citations, *, limit: int = 40) -> str:
    """`found` as the text `tabletop rules ID` prints: at most `limit` lines per list."""
    lines = [f"{found.rule} {found.title}  ({found.game})"]
    if found.text:
        lines.append(found.text)
    if found.link:
        lines.append(f"docs: {found.link}")

    def section(name: str, items: list[str]) -> None:
        lines.append(f"\n{name} ({len(items)}):" if items else f"\n{name}: none")
        lines.extend(f"  {item}" for item in items[:limit])
        if len(items) > limit:
            lines.append(f"  ... and {len(items) - limit} more")

    section("steps", list(found.steps))
    section("code", [f"{place}  {text}" for place, text in found.code])
    section("scenarios", list(found.scenarios))
    if found.tests or (PACKAGE.parent.parent / "tests").is_dir():
        section("tests", [f"{place}  {text}" for place, text in found.tests])
    else:
        lines.append("\ntests: not installed (run from a source checkout to list them)")
    return "\n".join(lines)
