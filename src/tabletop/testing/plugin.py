"""A pytest plugin: which of a game's rule IDs your own cases cite, and which they do not.

Cases cite rules in their docstrings (a docstring starting `ZOO-5.2: a bot buys...`) or
with the `rules` marker (`@pytest.mark.rules("ZOO-5.2", "ZOO-5.3")`). Run your cases with
the plugin and name the game (or games) to report on, by name or as `module:attribute`:

```console
$ pytest -q --rule-coverage=spolka_zoo examples/conformance/spolka_zoo_cases.py
spolka_zoo: 25 of 86 rules cited, 61 not cited
  cited (passed/cases): ZOO-1.1 1/1, ZOO-1.3 1/1, ZOO-1.4 1/1, ZOO-1.5 1/1, ZOO-3.1 1/1, ...
  ZOO-1.2      Company decks: the starting cards marked for the seat count, shuffled
  ZOO-1.6      Each seat: six action tokens, eight share tokens, starting money and fruits
```

(the cited list and the 61 rules not cited are cut short here.)

Each rule cited is counted with the cases citing it and how many of them passed (the same
[`RuleCoverage`][tabletop.testing.conformance.RuleCoverage] as `tabletop conformance PATH
--uncovered` prints for scenario files); a cited ID that is no rule of the games named is
listed apart, so a typo shows.

Installing tabletop registers the plugin with pytest (a `pytest11` entry point named
`tabletop.testing.plugin`), so `--rule-coverage` is there in every pytest run of an environment
that has tabletop, and `-p tabletop.testing.plugin` (how it was loaded before) still works. Until
`--rule-coverage` names a game the plugin only declares the `rules` marker: it imports no game.
`-p no:tabletop.testing.plugin` turns it off.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tabletop.kernel.protocol import Game
    from tabletop.testing.conformance import RuleCoverage

__all__ = ["RuleTally", "cited_rules", "pytest_addoption", "pytest_configure"]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add `--rule-coverage=GAME` (repeatable, or comma-separated)."""
    group = parser.getgroup("tabletop")
    group.addoption(
        "--rule-coverage",
        action="append",
        default=[],
        metavar="GAME",
        help="report which rule IDs of GAME the collected tests cite (docstrings, @pytest.mark.rules) and which not",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Declare the `rules` marker; start the tally when `--rule-coverage` names games."""
    config.addinivalue_line("markers", "rules(*ids): the rule IDs a test checks")
    names = [name.strip() for value in config.getoption("rule_coverage") for name in value.split(",") if name.strip()]
    if names:
        from tabletop.registry import get_game  # only when asked: a pytest run without the option imports no game

        try:
            games = [get_game(name) for name in names]
        except LookupError as exc:
            raise pytest.UsageError(f"--rule-coverage: {exc}") from None
        config.pluginmanager.register(RuleTally(games), "tabletop-rule-tally")


def cited_rules(item: pytest.Item) -> tuple[str, ...]:
    """The rule IDs a test cites: those in its docstring, then its `rules` markers' arguments."""
    function = getattr(item, "function", None)
    doc = (inspect.getdoc(function) or "") if function is not None else ""
    from tabletop.testing.script import RULE_ID

    found: list[str] = RULE_ID.findall(doc)
    for marker in item.iter_markers("rules"):
        found.extend(str(arg) for arg in marker.args)
    return tuple(dict.fromkeys(found))


class RuleTally:
    """The plugin object that counts, per test, its cited rules and whether it passed."""

    def __init__(self, games: list[Game]) -> None:
        """Tally the rules of `games`."""
        self.games = games
        self.rules: dict[str, tuple[str, ...]] = {}
        self.failed: set[str] = set()
        self.ran: set[str] = set()

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Read each collected test's cited rules."""
        for item in items:
            self.rules[item.nodeid] = cited_rules(item)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Record a test as run, and as failed if any of its phases failed."""
        if report.when == "call" or report.failed:
            self.ran.add(report.nodeid)
        if report.failed:
            self.failed.add(report.nodeid)

    def coverage(self) -> list[RuleCoverage]:
        """The coverage of each game named, over the tests that ran."""
        from tabletop.testing.conformance import rule_coverage

        cases = [(self.rules.get(nodeid, ()), nodeid not in self.failed) for nodeid in sorted(self.ran)]
        return [rule_coverage(game, cases) for game in self.games]

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        """Print each game's coverage after the test results."""
        import attrs

        terminalreporter.section("rule coverage")
        reports = self.coverage()
        known = {rule for report in reports for rule in report.titles}
        for report in reports:  # a rule of another game named is not unknown
            unknown = tuple(rule for rule in report.unknown if rule not in known)
            terminalreporter.write_line(attrs.evolve(report, unknown=unknown).format(cited=True))
