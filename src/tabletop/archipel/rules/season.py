"""The turn order and the end of the season (ARC-2.1, ARC-7).

Play goes clockwise (ARC-2.1, the kernel's [`TurnOrder`][tabletop.kernel.turns.TurnOrder] through
[`next_turn`][tabletop.archipel.flow.next_turn]). The players
declare the season over (ARC-7.1); it also ends by itself once every order is filled and
every boat is home, or when no boat can ever move again (ARC-7.5), or after `idle_rounds`
rounds without progress (ARC-7.6). The ending is read off the board
([`ArchipelState.outcome`][tabletop.archipel.state.ArchipelState.outcome]).
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.archipel.content.board import HARBOUR, board_for
from tabletop.archipel.content.kinds import JERRYCAN_SET
from tabletop.archipel.flow import MACHINE, Work, next_turn
from tabletop.archipel.moves import EndTurn, Over
from tabletop.archipel.state import ArchipelState, Turn, orders
from tabletop.kernel.phases import Flow

__all__ = ["becalmed", "next_boat", "over", "turn_ended", "turn_over"]

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
    for name, value in turn_over(w.position, w.flow).items():
        setattr(w, name, value)


def turn_over(s: ArchipelState, flow: Flow) -> dict[str, Any]:
    """The fields [`next_boat`][tabletop.archipel.rules.season.next_boat] changes in `s` standing
    at `flow` (`turn.next`), the flow at its next step among them: `rules.apply` builds the state
    after `end turn` from them in one copy (nothing automatic follows)."""
    filled, total = orders(s)
    if filled == total and all(boat.at == boat.home for boat in s.boats):
        return {"flow": MACHINE.goto(flow, "end.over"), "ended_by": "complete"}
    if becalmed(s):
        return {"flow": MACHINE.goto(flow, "end.over"), "ended_by": "stranded"}
    player, round_ = next_turn(flow, len(s.boats))
    if round_ - 1 - s.last_progress >= s.idle_rounds:
        return {"flow": MACHINE.goto(flow, "end.over"), "ended_by": "idle"}
    return {"flow": MACHINE.goto(flow, "act", round=round_, player=player), "turn": FRESH_TURN}


def turn_ended(s: ArchipelState, move: EndTurn) -> dict[str, Any]:
    """ARC-2.5: the fields `end turn` changes (the turn ends at sea or in a home port, the next
    boat plays): [`turn_over`][tabletop.archipel.rules.season.turn_over] at `turn.next`."""
    return turn_over(s, MACHINE.goto(s.flow, "next"))
