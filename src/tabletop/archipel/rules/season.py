"""The turn order and the end of the season (ARC-2.1, ARC-7).

Play goes clockwise (ARC-2.1, the kernel's [`TurnOrder`][tabletop.kernel.turns.TurnOrder] through
[`next_turn`][tabletop.archipel.flow.next_turn]). The players
declare the season over (ARC-7.1); it also ends by itself once every order is filled and
every boat is home, or when no boat can ever move again (ARC-7.5), or after `idle_rounds`
rounds without progress (ARC-7.6). The ending is read off the board
([`ArchipelState.outcome`][tabletop.archipel.state.ArchipelState.outcome]).
"""

from __future__ import annotations

from typing import Final

from tabletop.archipel.content.board import HARBOUR, board_for
from tabletop.archipel.content.kinds import JERRYCAN_SET
from tabletop.archipel.flow import Work, next_turn
from tabletop.archipel.moves import Over
from tabletop.archipel.state import ArchipelState, Turn, orders

__all__ = ["becalmed", "next_boat", "over"]

FRESH_TURN: Final = Turn()


def becalmed(s: ArchipelState) -> bool:
    """True when no boat can ever move again (ARC-2.6, ARC-7.5).

    No boat has fuel or a jerrycan, and none is in the harbour of an open shop, where
    staying could bring a jerrycan. Fuel only ever comes from jerrycans, so nothing on the
    board can change where the boats are or what the markets hold any more.
    """
    boats = s.boats
    for boat in boats:  # fuel first: the usual answer, and the cheapest to read
        if boat.fuel:
            return False
    kind, shut = board_for(s.board).kind, s.shut
    for boat in boats:
        if not JERRYCAN_SET.isdisjoint(boat.cards):
            return False
        if kind[boat.at] == HARBOUR and boat.at not in shut:
            return False
    return True


def over(w: Work, move: Over) -> None:
    """ARC-7.1: the players declare the season over."""
    w.go("end.over", ended_by="declared")


def next_boat(w: Work) -> None:
    """The next boat clockwise, or the end of the season (ARC-2.1, ARC-7.5, ARC-7.6)."""
    s = w.position
    filled, total = orders(s)
    if filled == total and all(boat.at == boat.home for boat in w.boats):
        w.go("end.over", ended_by="complete")
        return
    if becalmed(s):
        w.go("end.over", ended_by="stranded")
        return
    player, round_ = next_turn(w.flow, len(w.boats))
    if round_ - 1 - w.last_progress >= w.idle_rounds:
        w.go("end.over", ended_by="idle")
        return
    w.go("act", player=player, round=round_, turn=FRESH_TURN)
