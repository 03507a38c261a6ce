"""What each player may know, perturbations of what they may not, and events for frontends.

Archipel is played in the open: every card is face up or in the pocket (whose contents
everybody can count), and a face-down fish nobody has seen is not decided yet. The one
secret is the memory game's (ARC-8.3): a fish exposed and turned face down again is
remembered by the state but shows as `"?"` in every view.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from tabletop.archipel.harbour import dealing_to
from tabletop.archipel.moves import Catch, Draw, Expose
from tabletop.archipel.pieces import EMPTY, UNSEEN, Spot
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Move, State

if TYPE_CHECKING:
    from tabletop.archipel.state import ArchipelState

__all__ = ["events", "perturb", "view"]

_SECRET = Spot(HIDDEN, False)


def _remembered(spot: Spot) -> bool:
    """True for a face-down fish whose kind the game knows: the memory game's secret."""
    return not spot.face_up and spot.fish not in (EMPTY, UNSEEN)


def view(s: ArchipelState, player: int) -> ArchipelState:
    """`s` with the remembered face-down fish hidden (only the memory game has any)."""
    if not s.memory:
        return s
    spots = tuple(_SECRET if _remembered(spot) else spot for spot in s.spots)
    return attrs.evolve(s, spots=spots)


def perturb(state: State, player: int, rng: random.Random) -> State:
    """The same state with the remembered face-down fish shuffled among their spots."""
    s: ArchipelState = state  # type: ignore[assignment]
    places = [i for i, spot in enumerate(s.spots) if _remembered(spot)]
    kinds = [s.spots[i].fish for i in places]
    rng.shuffle(kinds)
    spots = list(s.spots)
    for i, kind in zip(places, kinds, strict=True):
        spots[i] = Spot(kind, False)
    return attrs.evolve(s, spots=tuple(spots))


def events(before: ArchipelState, move: Move, after: ArchipelState) -> tuple[Event, ...]:
    """The move, then what it caused, all public (ARC-8: exposures are seen by everybody)."""
    out: list[Event] = []
    player = before.current_player
    if player == CHANCE:
        out.append(_chance_event(before, move))
    else:
        colour = before.boats[player].colour
        out.append(Event.of("move", f"{colour} boat: {move}", player=player, boat=colour, move=str(move)))
        if isinstance(move, Catch):
            at = before.boat.at
            spot = before.spots[before.map.spot_index[at]]
            if _remembered(spot):  # the memory game: a fish turned face down is shown again
                out.append(Event.of("expose", f"the fish at {at} is {spot.fish}", spot=at, fish=spot.fish))
    out.extend(_boat_events(before, after))
    out.extend(_board_events(before, after))
    outcome = after.outcome
    if outcome is not None:
        text = (
            f"the season is over ({outcome.ended_by}): ending {outcome.ending}, {outcome.orders_filled} orders filled"
        )
        out.append(Event.of("season-over", text, ending=outcome.ending, orders_filled=outcome.orders_filled))
    return tuple(out)


def _chance_event(before: ArchipelState, move: Move) -> Event:
    if isinstance(move, Expose):
        at = before.boat.at
        return Event.of("expose", f"the fish at {at} is {move.fish}", spot=at, fish=move.fish)
    assert isinstance(move, Draw)
    where = dealing_to(before)
    text = f"{move.card} drawn from the pocket for the " + ("warehouse" if where == "warehouse" else f"shop of {where}")
    return Event.of("draw", text, card=move.card, to=where)


def _boat_events(before: ArchipelState, after: ArchipelState) -> list[Event]:
    out: list[Event] = []
    for old, new in zip(before.boats, after.boats, strict=True):
        if old.at != new.at:
            out.append(Event.of("sail", f"{new.colour} boat sails to {new.at}", boat=new.colour, to=new.at))
        for fish in new.fish:
            if new.fish[fish] > old.fish[fish]:
                out.append(Event.of("fish", f"{new.colour} boat now has a {fish} fish", boat=new.colour, fish=fish))
        if new.fuel != old.fuel:
            out.append(Event.of("fuel", f"{new.colour} boat has {new.fuel} fuel", boat=new.colour, fuel=new.fuel))
    return out


def _board_events(before: ArchipelState, after: ArchipelState) -> list[Event]:
    out: list[Event] = []
    board = after.map
    for space, old, new in zip(board.storm_ids, before.storms, after.storms, strict=True):
        if old != new:
            text = f"{new} on storm space {space}" if new else f"storm space {space} is clear again"
            out.append(Event.of("storm", text, space=space, card=new))
    for island, was, now in zip(board.island_ids, before.markets, after.markets, strict=True):
        for colour in now:
            if now[colour] > was[colour]:
                out.append(Event.of("deliver", f"{colour} fish delivered to {island}", island=island, fish=colour))
    for card in after.removed - before.removed:
        out.append(Event.of("removed", f"{card} leaves the game", card=card))
    for lost in after.lost - before.lost:
        out.append(Event.of("lost", f"a {lost} fish leaves the game", fish=lost))
    for shop in sorted(after.shut - before.shut):
        out.append(Event.of("closed", f"the shop of {shop} closes", island=shop))
    if after.warehouse_shut and not before.warehouse_shut:
        out.append(Event.of("closed", "the warehouse gets a 'closed' sign", island=""))
    return out
