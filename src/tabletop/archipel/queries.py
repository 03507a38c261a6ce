"""Questions about an Archipel position that several rules ask: orders, reachability of the
end of the season, whether the current boat may try a fish.

Market tallies are cached: the markets change only at a delivery, so most states share
their markets tuple with the state before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.archipel.board import HARBOUR, HOME, SPOT, board_for
from tabletop.archipel.pieces import BAIT_OF, BAITS, EMPTY, FISH, HOLD, JERRYCANS, MULTI, SHARK
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.archipel.state import ArchipelState

__all__ = [
    "ANYTIME",
    "HARBOURS",
    "SUPPLIED",
    "becalmed",
    "boats_safe",
    "catch_problem",
    "may_declare",
    "missing",
    "orders",
    "others_here",
    "supplied_as_far_as_possible",
]

HARBOURS: Final = frozenset({HARBOUR, HOME})
"""Location kinds where a boat is in a harbour (ARC-2.5, ARC-7.1)."""
#: The values of the ``declare`` option (ARC-7.1).
ANYTIME: Final = "anytime"
SUPPLIED: Final = "supplied"


def orders(s: ArchipelState) -> tuple[int, int]:
    """(orders filled, orders) over the markets in play (ARC-7.2 to ARC-7.4, ARC-9.2)."""
    return _market_tally(s)[1]


def missing(s: ArchipelState) -> dict[str, int]:
    """How many fish of each colour the markets in play still want (ARC-4.2, ARC-9.2)."""
    return _market_tally(s)[0]


_TALLIES: dict[tuple[str, bool, tuple[Tokens, ...]], tuple[dict[str, int], tuple[int, int]]] = {}
#: The last answer, kept by the identity of the markets tuple. One tuple replaced whole, so a
#: reader in another thread never pairs one state's markets with another's answer.
_LAST_TALLY: list[tuple[Any, ...]] = [((), "", False, ({}, (0, 0)))]


def _market_tally(s: ArchipelState) -> tuple[dict[str, int], tuple[int, int]]:
    """The missing fish by colour and (filled, ordered), cached by the markets' contents.

    The markets tuple is shared by every state until a delivery, so the last answer is
    kept by identity as well.
    """
    markets, board, short, last = _LAST_TALLY[0]
    if markets is s.markets and board == s.board and short == s.short:
        return last  # type: ignore[no-any-return]
    key = (s.board, s.short, s.markets)
    found = _TALLIES.get(key)
    if found is None:
        found = _tally(s)
        if len(_TALLIES) > 100_000:
            _TALLIES.clear()
        _TALLIES[key] = found
    _LAST_TALLY[0] = (s.markets, s.board, s.short, found)
    return found


def _tally(s: ArchipelState) -> tuple[dict[str, int], tuple[int, int]]:
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


def others_here(s: ArchipelState) -> tuple[int, ...]:
    """The seats of the other boats on the current boat's location (ARC-6.1)."""
    me = s.flow.player
    at = s.boats[me].at
    return tuple(i for i, b in enumerate(s.boats) if i != me and b.at == at)


def supplied_as_far_as_possible(s: ArchipelState) -> bool:
    """True when no fish still in play can fill a missing order (ARC-7.1, option `declare`).

    A wanted colour can still be delivered when a boat carries such a fish, or when one lies
    in the sea (face down or up, seen or not) and bait that catches it (its colour or
    multicolour) is still in the game (in the pocket, a shop, the warehouse or on a boat).
    """
    wanted = missing(s)
    if not wanted:
        return True
    cards, removed = board_for(s.board).cards, s.removed
    multi = cards[MULTI] > removed[MULTI]
    aboard = Tokens()
    for boat in s.boats:
        aboard += boat.fish
    # The fish in the sea, by kind, from public counts only: in the memory game a view does
    # not show which face-down fish is which, but everybody can count them.
    in_sea = FISH - s.lost - aboard - sum(s.markets, Tokens())
    for colour in wanted:
        if aboard[colour]:
            return False
        bait = BAIT_OF[colour]
        if in_sea[colour] and (multi or cards[bait] > removed[bait]):
            return False
    return True


def boats_safe(s: ArchipelState) -> bool:
    """True when every boat is in a harbour or stranded at sea without fuel (ARC-7.1)."""
    kind = board_for(s.board).kind
    for boat in s.boats:
        if kind[boat.at] not in HARBOURS and (boat.fuel or any(c in boat.cards for c in JERRYCANS)):
            return False
    return True


def becalmed(s: ArchipelState) -> bool:
    """True when no boat can ever move again (ARC-2.6, ARC-7.5).

    No boat has fuel or a jerrycan, and none is in the harbour of an open shop, where
    staying could bring a jerrycan. Fuel only ever comes from jerrycans, so nothing on the
    board can change where the boats are or what the markets hold any more.
    """
    board = board_for(s.board)
    for boat in s.boats:
        if boat.fuel or any(c in boat.cards for c in JERRYCANS):
            return False
        if board.kind[boat.at] == HARBOUR and boat.at not in s.shut:
            return False
    return True


def may_declare(s: ArchipelState) -> bool:
    """ARC-7.1: whether the players may declare the season over now.

    With `declare="anytime"` (the default) they may whenever they judge the markets supplied
    as much as possible; with `declare="supplied"` only once no fish in play can fill an
    order and every boat is safe.
    """
    return s.declare == ANYTIME or (boats_safe(s) and supplied_as_far_as_possible(s))


def catch_problem(s: ArchipelState) -> tuple[str, str, str] | None:
    """Why the current boat may not try to catch now, as (code, rule, reason), or `None`."""
    board = board_for(s.board)
    boat = s.boats[s.flow.player]
    if board.kind[boat.at] != SPOT or s.spots[board.spot_index[boat.at]].fish == EMPTY:
        return "no-fish", "ARC-3.1", f"there is no fish at {boat.at}"
    if not s.turn.may_catch:
        return "tried", "ARC-3.1", "this boat already tried this fish since it arrived"
    if not any(card in BAITS for card in boat.cards):
        return "no-bait", "ARC-3.1", "a boat needs at least one bait to try"
    if boat.fish.total >= HOLD:
        return "hold-full", "ARC-3.6", f"the boat already carries {HOLD} fish"
    spot = s.spots[board.spot_index[boat.at]]
    if spot.face_up and spot.fish == SHARK:
        return "shark", "ARC-3.4", "that face-up fish is a shark: no bait catches it"
    if spot.face_up and BAIT_OF[spot.fish] not in boat.cards and MULTI not in boat.cards:
        return "no-matching-bait", "ARC-3.2", f"the face-up {spot.fish} fish needs {BAIT_OF[spot.fish]} or {MULTI}"
    return None
