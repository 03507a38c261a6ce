"""More invariants of where play stands in Conservas (fuzz 38): the table at setup, the rows
refilled, the End of Day report and the end of the game, so that a state read from JSON that
play could never reach is refused (with the field, the value and the rule).

[`table_invariants`][tabletop.conservas.rules.reachable_table.table_invariants] is called by
[`play_invariants`][tabletop.conservas.rules.reachable.play_invariants]. What play keeps:

* during setup the table is the month's: its bag, its money, nothing caught, sold, owned or
  discarded, no End of Day report; the kept boat is the fleet from `setup.deal` on (CON-1.3 to
  CON-1.5);
* a row is full, less the cards bought from it this round before it is refilled, while its
  deck holds a card (CON-3.8, CON-4.3, CON-4.4);
* the End of Day report names fish spawned and restocked, boats discarded (none of the fleet,
  each once); it is empty until the first End of Day's upkeep, and holds no spawning or
  discard while the player orders the upkeep (CON-4.6, CON-4.7);
* the game ends by a forfeit only At Sea, with the bag empty and the supply's water short of
  the handful (or, with the `overfishing` option `"empty"`, its last water taken); otherwise
  after the last spawning, the Deep Sea back in the bag (CON-2.7, CON-4.8).
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.conservas.content import BOATS, FISH, MONTHS, UPGRADES
from tabletop.conservas.rules.setup import ROW_SIZE
from tabletop.conservas.state import ConservasState, DayReport
from tabletop.kernel.errors import InvariantBroken

__all__ = ["fail", "table_invariants"]

_EMPTY_REPORT: Final = DayReport()
_FISH: Final = frozenset(FISH)
#: Steps of a round before its End of Day's upkeep: in round 1 the report is still empty.
_BEFORE_UPKEEP: Final = frozenset(
    {"sea.draw", "sea.sift", "sea.place", "land.act"}
    | {f"eod.{step}" for step in ("boat_choice", "boat_deal", "upgrade_choice", "upgrade_deal")}
)
#: Steps where a row still lacks the cards bought from it this round (before its refill).
_BOAT_ROW_SHORT: Final = frozenset({"land.act", "eod.boat_choice"})
_UPGRADE_ROW_SHORT: Final = frozenset({"land.act", "eod.boat_choice", "eod.boat_deal", "eod.upgrade_choice"})


def fail(message: str, path: str, rule: str) -> NoReturn:
    """Refuse a state: raise [`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] with the
    field's path and the rule (the reading checks of Conservas all refuse through it)."""
    raise InvariantBroken(message, path=path, rule=rule)


_fail = fail


def table_invariants(state: ConservasState) -> None:
    """Refuse a table that play never leaves: a setup not the month's, a row left short, a
    report of what no End of Day did, a forfeit where none comes (see the module docstring)."""
    key = state.flow.key
    if state.flow.phase == "setup":
        _setup(state, key)
        return
    _report(state, state.report, key)
    _rows(state, key)
    if key == "end.over":
        _end(state)


def _setup(state: ConservasState, key: str) -> None:
    """CON-1.3 to CON-1.5: nothing has happened yet but the deal."""
    month = MONTHS[state.month]
    cards = state.cards
    if state.money != month.money:
        _fail(f"{state.money} euros at {key}: {month.name} starts with {month.money}", "money", "CON-1.4")
    if state.bag.contents != month.bag:
        _fail(f"bag {state.bag.contents} at {key}: {month.name} loads {month.bag}", "bag", "CON-1.3")
    for name in ("catch", "deep"):
        if getattr(state, name):
            _fail(f"{getattr(state, name)} at {key}: no handful was drawn yet", name, "CON-1.3")
    if any(state.market):
        _fail(f"a market space filled at {key}: {', '.join(filter(None, state.market))}", "market", "CON-1.3")
    for name in ("upgrades", "boat_discard", "upgrade_discard"):
        if getattr(cards, name):
            _fail(f"{len(getattr(cards, name))} card(s) in {name} at {key}", f"cards.{name}", "CON-1.5")
    if state.report != _EMPTY_REPORT:
        _fail(f"an End of Day report at {key}: {state.report}", "report", "CON-1.5")
    kept = 1 if key == "setup.deal" else 0
    if len(cards.fleet) != kept:
        _fail(f"{len(cards.fleet)} boat(s) in the fleet at {key}: {kept} kept yet", "cards.fleet", "CON-1.5")
    if kept == 0 and (cards.boat_row or cards.upgrade_row):
        _fail(f"a row dealt at {key}, before a boat was kept", "cards.boat_row", "CON-1.6")
    if key == "setup.choose" and len(cards.offer) != 2:
        _fail(f"{len(cards.offer)} boat(s) offered at setup.choose: 2 are drawn", "cards.offer", "CON-1.5")
    if cards.upgrade_row and len(cards.boat_row) < ROW_SIZE:
        _fail("upgrades dealt before the boat row is full", "cards.upgrade_row", "CON-1.8")


def _rows(state: ConservasState, key: str) -> None:
    """CON-3.8, CON-4.3, CON-4.4: a row is full, less this round's purchases before its refill,
    while its deck holds a card; it never held more than 3 since it was refilled."""
    cards = state.cards
    if not state.bought and len(cards.boat_row) == ROW_SIZE and len(cards.upgrade_row) == ROW_SIZE:
        return  # both rows full, nothing bought this round (most states): the loop finds both sound
    for name, deck, row, table, short, dealing in (
        ("boat_row", cards.boat_deck, cards.boat_row, BOATS, _BOAT_ROW_SHORT, "eod.boat_deal"),
        ("upgrade_row", cards.upgrade_deck, cards.upgrade_row, UPGRADES, _UPGRADE_ROW_SHORT, "eod.upgrade_deal"),
    ):
        taken = sum(card in table for card in state.bought) if key in short else 0
        held = len(row) + taken
        if held == ROW_SIZE or (held < ROW_SIZE and (key == dealing or deck.is_empty)):
            continue
        rule = "CON-4.3" if name == "boat_row" else "CON-4.4"
        bought = f" and {taken} bought this round" if taken else ""
        _fail(f"{len(row)} card(s) in the row{bought} at {key}, the deck holding {len(deck)}", f"cards.{name}", rule)


def _report(state: ConservasState, report: DayReport, key: str) -> None:
    """CON-4.6, CON-4.7: what the last End of Day did names fish and boats, at steps after it."""
    if report is not _LAST_KINDS[0]:
        for name in ("spawned", "restocked"):
            part = getattr(report, name)
            if part and not _FISH.issuperset(part):
                _fail(f"{name} {part}: only fish are added", f"report.{name}", "CON-4.7")
        _LAST_KINDS[0] = report
    discarded = report.discarded
    for index, boat in enumerate(discarded):
        if boat not in BOATS or boat in state.cards.fleet or boat in discarded[:index]:
            what = "not a boat" if boat not in BOATS else "one of the fleet" if boat in state.cards.fleet else "twice"
            _fail(f"{boat!r} discarded for its upkeep: {what}", f"report.discarded[{index}]", "CON-4.6")
    first = key in _BEFORE_UPKEEP or (key == "end.over" and bool(state.forfeit))
    if first and state.flow.round == 1 and report != _EMPTY_REPORT:
        _fail(f"an End of Day report at {key} of round 1: {report}", "report", "CON-4.6")
    if key == "eod.pay" and (report.spawned or report.restocked or report.discarded):
        _fail(f"the upkeep is being paid, and the report says {report}", "report", "CON-4.6")


_LAST_KINDS: Final[list[DayReport | None]] = [None]
"""The last report whose kinds were found to be fish (a game's states share one report from
one End of Day to the next; the check reads the report alone)."""


def _end(state: ConservasState) -> None:
    """CON-2.7, CON-4.8: a forfeit ends At Sea, short of water; the last round ends after spawning."""
    if not state.forfeit:
        if state.deep:
            _fail(f"Deep Sea {state.deep} at the end: it went back into the bag", "deep", "CON-4.8")
        return
    water = state.supply["water"]
    need = state.handful - state.hand.total
    last = state.overfishing == "empty" and water == 0 and need == 0
    if state.bag.contents or (water >= need and not last) or state.bought:
        what = f"the bag holds {state.bag.contents.total}" if state.bag.contents else f"{need} needed"
        if state.bought:
            what = f"bought {', '.join(state.bought)} this round"
        _fail(f"forfeited ({state.forfeit!r}) with {water} water in the supply, {what}", "forfeit", "CON-2.7")
