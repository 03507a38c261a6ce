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
from tabletop.archipel.content.kinds import BAIT_OF, FISH, JERRYCAN_SET, MULTI, PAIR_KIND
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
    """The missing fish by colour and (filled, ordered), kept by the markets tuple (held: its id is not reused;
    a live object's id finds only its own entry, in any thread)."""
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
    and bait that catches it (its colour or multicolour) is in the game (pocket, shops, warehouse, boats).

    Read in two parts: the markets, lost fish and removed cards decide alone (`_in_reach`, kept by their identity)
    for most of a season, when a wanted colour has fish left in play and bait in the game (a fish not aboard lies
    in the sea); the boats' fish are looked at only for the wanted colours that have fish left but no bait."""
    markets, lost, removed, k = s.markets, s.lost, s.removed, _LAST_REACH[0]
    if k[0] is markets and k[1] is lost and k[2] is removed and k[3] == s.board and k[4] == s.short:
        aboard = k[5]
    else:
        aboard = _in_reach(s)
        _LAST_REACH[0] = (markets, lost, removed, s.board, s.short, aboard)
    if aboard is None:
        return False
    if aboard:
        for boat in s.boats:
            fish = boat.fish
            if fish.total and not aboard.isdisjoint(map(PAIR_KIND, fish.items())):
                return False
    return True


def _in_reach(s: Position) -> frozenset[str] | None:
    """`None` when a wanted colour has fish left in play (not lost, not delivered) and bait that catches it in the
    game: then one is aboard or in the sea, and the markets are not supplied as far as possible. Else the wanted
    colours with fish left: only a boat carrying one of them can still fill an order."""
    wanted = missing(s)
    cards, removed = board_for(s.board).cards, s.removed
    multi = cards[MULTI] > removed[MULTI]
    left = FISH - s.lost - sum(s.markets, _NONE)
    aboard = []
    for colour in wanted:
        if left[colour]:
            bait = BAIT_OF[colour]
            if multi or cards[bait] > removed[bait]:
                return None
            aboard.append(colour)
    return frozenset(aboard)


_NONE: Final = Tokens()
_LAST_REACH: list[tuple[Any, Any, Any, str, bool, frozenset[str] | None]] = [((), (), (), "", False, None)]
"""The last look (replaced whole): the markets, lost fish and removed cards read (held, so their ids are not
reused), the board and option, and `_in_reach`'s answer."""


def boats_safe(s: Position) -> bool:
    """True when every boat is in a harbour or stranded at sea without fuel (ARC-7.1); in the short game the
    pagoda islands' harbours are out of the game (ARC-9.1), so never a shelter (and no boat reaches one)."""
    board = board_for(s.board)
    kind, out = board.kind, board.pagodas if s.short else frozenset()
    for boat in s.boats:
        in_harbour = kind[boat.at] in HARBOURS and boat.at not in out
        if not in_harbour and (boat.fuel or not JERRYCAN_SET.isdisjoint(boat.cards)):
            return False
    return True
