"""Why a move is refused: a stable code and the rule it breaks.

Only called for a move that is not legal in a step where its kind is allowed (the protocol
refuses moves of the wrong kind for the step itself).
"""

from __future__ import annotations

from typing import Final

from tabletop.archipel.content.board import SPOT, STORM, board_for
from tabletop.archipel.content.kinds import BAIT_OF, BAITS, GEAR, GOOD_WEATHER, JERRYCANS, MULTI, SHARK
from tabletop.archipel.moves import (
    FISH_ITEM,
    FUEL,
    Calm,
    Catch,
    Discard,
    Draw,
    End,
    Expose,
    Feed,
    Give,
    Over,
    Place,
    Refuel,
    Sail,
    Take,
    Throw,
)
from tabletop.archipel.state import (
    ANYTIME,
    DECK,
    EMPTY,
    HOLD,
    TANK,
    ArchipelState,
    boats_safe,
    supplied_as_far_as_possible,
)
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["catch_problem", "may_declare", "refusal"]

_NO_CARDS: Final = Tokens()


def refusal(s: ArchipelState, move: Move) -> IllegalMove | None:
    """The reason `move` is illegal in `s`, or `None` for the protocol's generic one."""
    found = _reason(s, move)
    if found is None:
        return None
    code, rule, text = found
    return IllegalMove(text, code=code, rule=rule, move=move)


def _reason(s: ArchipelState, move: Move) -> tuple[str, str, str] | None:
    if isinstance(move, Sail):
        return _sail(s, move)
    if isinstance(move, Catch):
        return catch_problem(s)
    if isinstance(move, Give | Take):
        return _meeting(s, move)
    if isinstance(move, Refuel):
        return _refuel(s, move)
    if isinstance(move, Throw):
        return "no-such-fish", "ARC-3.6", f"the boat carries no {move.fish} fish"
    if isinstance(move, Feed):
        return "no-such-bait", "ARC-3.4", f"the boat carries no {move.bait} (or it is not bait)"
    if isinstance(move, End):
        return "cards-waiting", "ARC-4.7", "cards beyond four wait: hand them to a boat here or discard them"
    if isinstance(move, Over):
        return _over(s)
    if isinstance(move, Discard):
        if not s.bought:
            return "no-excess", "ARC-4.7", "a card is discarded only when the boat would hold more than four"
        return "no-such-card", "ARC-4.7", f"there is no {move.card} on the boat or the quay"
    if isinstance(move, Place | Calm):
        return _weather(s, move)
    if isinstance(move, Draw | Expose):
        return "impossible-outcome", "ARC-1.6", f"{move} cannot happen here"
    return None


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


def _sail(s: ArchipelState, move: Sail) -> tuple[str, str, str]:
    board = board_for(s.board)
    boat = s.boats[s.flow.player]
    kind = board.kind.get(move.to)
    if kind is None:
        return "unknown-location", "ARC-2.3", f"{move.to!r} is not a location of {board.name}"
    if not boat.fuel:
        return "no-fuel", "ARC-2.2", "each move costs one fuel and the tank is empty"
    if move.to == boat.at:
        return "already-there", "ARC-2.7", "staying put is not a move: end the turn instead"
    if not board.can_reach(s.storms, boat.at, move.to):
        return "cut-off", "ARC-5.2", f"storms block every channel towards {move.to}"
    boats_there = any(b.at == move.to for b in s.boats)
    if kind == SPOT and s.spots[board.spot_index[move.to]].fish == EMPTY and not boats_there:
        return "no-fish-there", "ARC-2.3", f"{move.to} has no fish and no boat to meet"
    if kind == STORM and s.storms[board.storm_index[move.to]] and GEAR not in boat.cards:
        return "no-storm-gear", "ARC-5.3", f"sailing into the storm on {move.to} takes storm gear"
    return "no-storm-there", "ARC-2.3", f"there is no storm (and no boat to meet) on {move.to}"


def _meeting(s: ArchipelState, move: Give | Take) -> tuple[str, str, str]:
    me = s.flow.player
    seat = next((i for i, b in enumerate(s.boats) if b.colour == move.boat), None)
    if seat is None:
        return "no-such-boat", "ARC-6.1", f"there is no {move.boat} boat in this game"
    if seat == me:
        return "own-boat", "ARC-6.1", "a boat does not hand things to itself"
    if s.boats[seat].at != s.boats[me].at:
        return "not-together", "ARC-6.1", f"the {move.boat} boat is not on the same location"
    giver, taker = (s.boats[me], s.boats[seat]) if isinstance(move, Give) else (s.boats[seat], s.boats[me])
    item = move.item
    if item == FUEL:
        has, room = giver.fuel > 0, taker.fuel < TANK
    elif item.startswith(FISH_ITEM):
        has, room = giver.fish[item[len(FISH_ITEM) :]] > 0, taker.fish.total < HOLD
    else:
        extra = s.bought if isinstance(move, Give) else _NO_CARDS
        has, room = item in giver.cards or item in extra, taker.cards.total < DECK
    if not has:
        return "no-such-item", "ARC-6.1", f"the {giver.colour} boat has no {item}"
    if not room:
        return "no-room", "ARC-1.3", f"the {taker.colour} boat has no room for {item}"
    return "given-back", "ARC-6.1", f"{item} came from the {taker.colour} boat this turn: it does not go back"


def _refuel(s: ArchipelState, move: Refuel) -> tuple[str, str, str]:
    if move.boat:
        seat = next((i for i, b in enumerate(s.boats) if b.colour == move.boat), None)
        if seat is None:
            return "no-such-boat", "ARC-2.6", f"there is no {move.boat} boat in this game"
        if seat == s.flow.player:
            return "own-boat", "ARC-2.6", f"the current boat refuels with 'refuel {move.can}'"
        boat = s.boats[seat]
    else:
        boat = s.boats[s.flow.player]
    if boat.fuel >= TANK:
        return "tank-full", "ARC-4.6", f"the {boat.colour} boat's tank is already full"
    if move.can not in JERRYCANS:
        return "not-a-jerrycan", "ARC-4.6", f"{move.can} is not a jerrycan"
    return "no-jerrycan", "ARC-4.6", f"the {boat.colour} boat has no {move.can}"


def _over(s: ArchipelState) -> tuple[str, str, str]:
    if s.flow.step == "dock" and s.bought:
        return "cards-waiting", "ARC-4.7", "cards beyond four wait on the quay"
    if not supplied_as_far_as_possible(s):
        return (
            "orders-possible",
            "ARC-7.1",
            "fish still in play could fill a missing order (option declare='supplied')",
        )
    return (
        "boats-at-sea",
        "ARC-7.1",
        "every boat must first reach a harbour, or be stranded without fuel (option declare='supplied')",
    )


def _weather(s: ArchipelState, move: Place | Calm) -> tuple[str, str, str]:
    card = s.turn.weather
    if isinstance(move, Calm):
        if card != GOOD_WEATHER:
            return "not-good-weather", "ARC-4.4", "no good weather card waits to be read"
        return "no-storm-there", "ARC-4.4", f"there is no storm on {move.space}"
    if card in ("", GOOD_WEATHER):
        return "not-a-storm", "ARC-4.3", "no storm card waits for a space"
    return "space-taken", "ARC-4.3", f"{move.space} is not a free storm space (or is the drawn storm's own)"
