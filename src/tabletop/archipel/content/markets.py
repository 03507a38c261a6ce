"""The markets' questions about a position: orders filled and missing, and whether the season may be declared over.

[`orders`][tabletop.archipel.content.markets.orders] and [`missing`][tabletop.archipel.content.markets.missing]
compare the orders printed on the board with the fish delivered to the markets in play (ARC-4.2, ARC-7.2 to
ARC-7.4, ARC-9.2); [`supplied_as_far_as_possible`][tabletop.archipel.content.markets.supplied_as_far_as_possible]
and [`boats_safe`][tabletop.archipel.content.markets.boats_safe] are the two halves of the `declare="supplied"`
check (ARC-7.1). Each is kept by the identity of the parts it reads (bounded tables whose entries hold those
parts, so their ids are not reused).

They read a [`Position`][tabletop.archipel.content.markets.Position]: the few fields of an
[`ArchipelState`][tabletop.archipel.state.ArchipelState] they need, so that `state.py` can import them (it imports
only the kernel and the content) and every name stays importable from
[`tabletop.archipel.state`][tabletop.archipel.state] as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol

from tabletop.archipel.content.board import HARBOUR, HOME, board_for
from tabletop.archipel.content.kinds import BAIT_OF, FISH, JERRYCAN_SET, MULTI
from tabletop.kernel.tokens import Tokens

__all__ = ["HARBOURS", "Hull", "Position", "boats_safe", "missing", "orders", "supplied_as_far_as_possible"]


class Hull(Protocol):
    """What these questions read of a boat ([`Boat`][tabletop.archipel.state.Boat]): where it is, its fuel,
    fish and equipment."""

    @property
    def at(self) -> str:
        """The location id where the pawn is."""

    @property
    def fuel(self) -> int:
        """Fuel markers on the boat card."""

    @property
    def fish(self) -> Tokens:
        """Fish on the boat card."""

    @property
    def cards(self) -> Tokens:
        """Equipment on the boat card."""


class Position(Protocol):
    """What these questions read of a position ([`ArchipelState`][tabletop.archipel.state.ArchipelState])."""

    @property
    def board(self) -> str:
        """The board's id (`""`: the reference board)."""

    @property
    def short(self) -> bool:
        """Playing the short game (ARC-9): the pagodas' markets are not in play."""

    @property
    def boats(self) -> Sequence[Hull]:
        """One boat per seat."""

    @property
    def markets(self) -> tuple[Tokens, ...]:
        """The fish delivered to each island's market, in board order."""

    @property
    def lost(self) -> Tokens:
        """Fish out of the game."""

    @property
    def removed(self) -> Tokens:
        """Square cards out of the game."""


HARBOURS: Final = frozenset({HARBOUR, HOME})
"""Location kinds where a boat is in a harbour (ARC-2.5, ARC-7.1)."""


def orders(s: Position) -> tuple[int, int]:
    """(orders filled, orders) over the markets in play (ARC-7.2 to ARC-7.4, ARC-9.2)."""
    return _market_tally(s)[1]


def missing(s: Position) -> dict[str, int]:
    """How many fish of each colour the markets in play still want (ARC-4.2, ARC-9.2)."""
    return _market_tally(s)[0]


_Tally = tuple[dict[str, int], tuple[int, int]]
_TALLIES: dict[tuple[int, bool, int], tuple[tuple[str, tuple[Tokens, ...]], _Tally]] = {}


def _market_tally(s: Position) -> _Tally:
    """The missing fish by colour and (filled, ordered), kept by the markets tuple (held: its id is not reused)."""
    ids = (id(s.board), s.short, id(s.markets))
    found = _TALLIES.get(ids)
    if found is None:
        if len(_TALLIES) > 1024:
            _TALLIES.clear()
        found = _TALLIES[ids] = ((s.board, s.markets), _tally(s))
    return found[1]


def _tally(s: Position) -> tuple[dict[str, int], tuple[int, int]]:
    board = board_for(s.board)
    wanted: dict[str, int] = {}
    filled = total = 0
    for island, ordered, delivered in zip(board.islands, board.orders, s.markets, strict=True):
        if s.short and island.pagoda:
            continue
        total += ordered.total
        filled += delivered.total
        for colour, n in ordered.items():
            if n > delivered[colour]:
                wanted[colour] = wanted.get(colour, 0) + n - delivered[colour]
    return wanted, (filled, total)


def supplied_as_far_as_possible(s: Position) -> bool:
    """True when no fish still in play can fill a missing order (ARC-7.1, option `declare`): a wanted colour can
    still be delivered when a boat carries such a fish, or when one lies in the sea (face down or up, seen or not)
    and bait that catches it (its colour or multicolour) is in the game (pocket, shops, warehouse, boats). Kept by
    what it reads (an entry holds its objects, so their identities are not reused)."""
    boats, k = s.boats, _LAST_SUPPLIED[0]  # the last look: a step moving no boat passes its tuple on, fish and all
    markets, lost, removed = s.markets, s.lost, s.removed
    if k[1] is markets and k[2] is lost and k[3] is removed and k[4] == (s.board, s.short):
        if k[0] is boats:
            return k[5]
        fish = [boat.fish for boat in boats]
        if fish == k[6]:  # a boat moved, no fish did: the same answer (read by value)
            _LAST_SUPPLIED[0] = (boats, markets, lost, removed, k[4], k[5], fish)
            return k[5]
    else:
        fish = [boat.fish for boat in boats]
    key = (s.board, s.short, markets, lost, removed, *fish)
    ids = tuple(map(id, key))  # the same objects as a recent look: most steps keep them all
    recent = _RECENT.get(ids)  # an entry holds its objects, so no other object has their ids
    if recent is None:
        if len(_RECENT) > 1024:
            _RECENT.clear()
        recent = _RECENT[ids] = (key, _supplied(s))
    _LAST_SUPPLIED[0] = (boats, markets, lost, removed, (s.board, s.short), recent[1], fish)
    return recent[1]


_RECENT: dict[tuple[int, ...], tuple[tuple[Any, ...], bool]] = {}
_LAST_SUPPLIED: list[tuple[Any, Any, Any, Any, Any, bool, list[Tokens]]] = [((), (), (), (), None, False, [])]
"""The last look (replaced whole): the boats, markets, lost fish and removed cards read, the board and option,
the answer, and the boats' fish."""


def _supplied(s: Position) -> bool:
    wanted = missing(s)
    if not wanted:
        return True
    cards, removed = board_for(s.board).cards, s.removed
    multi = cards[MULTI] > removed[MULTI]
    aboard = sum((boat.fish for boat in s.boats), Tokens())
    # The fish in the sea, by kind, from public counts only: in the memory game a view does
    # not show which face-down fish is which, but everybody can count them.
    kept = _AT_SEA[0]
    if kept[0] is not s.lost or kept[1] is not s.markets:
        kept = _AT_SEA[0] = (s.lost, s.markets, FISH - s.lost, sum(s.markets, Tokens()))
    in_sea = kept[2] - aboard - kept[3]
    for colour in wanted:
        if aboard[colour]:
            return False
        bait = BAIT_OF[colour]
        if in_sea[colour] and (multi or cards[bait] > removed[bait]):
            return False
    return True


_AT_SEA: list[tuple[Any, Any, Tokens, Tokens]] = [((), (), FISH, Tokens())]
"""The lost fish and markets `_supplied` read last (held, so their ids are not reused), the fish not lost, and the
fish delivered (one entry, replaced whole)."""


def boats_safe(s: Position) -> bool:
    """True when every boat is in a harbour or stranded at sea without fuel (ARC-7.1)."""
    kind = board_for(s.board).kind
    for boat in s.boats:
        if kind[boat.at] not in HARBOURS and (boat.fuel or not JERRYCAN_SET.isdisjoint(boat.cards)):
            return False
    return True
