"""Two boats meeting (ARC-6): boats on the same location hand each other fuel, fish and cards.

One item at a time changes boats (`give fuel to red`, `take bait-red from red`), within
the room of the boat card that receives it (ARC-1.3), and nothing goes back the way it
came in the same turn. A card still on the quay (just bought) may be handed over too
(ARC-4.7).
"""

from __future__ import annotations

from typing import Final

from tabletop.archipel.checks import given_back, has_room, holds_can, holds_item
from tabletop.archipel.content.kinds import JERRYCAN_SET, JERRYCANS
from tabletop.archipel.flow import Work, stay
from tabletop.archipel.moves import FISH_ITEM, FUEL, Give, Refuel, Take, Throw, intern
from tabletop.archipel.state import TANK, ArchipelState, Boat
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["common_moves", "give", "take"]


def common_moves(s: ArchipelState, boat: Boat, moves: list[Move], bought: Tokens) -> None:
    """The moves of both `turn.act` and `harbour.dock`: refuelling, throwing, meetings.

    Candidates are kept by the checks' own predicates (`holds_can`, `holds_item`,
    `has_room`, `given_back`), so a generated move passes every check of its kind; the
    jerrycans of the boats not at play are read directly (`holds_can` of another seat: the
    can is on its boat card), as every boat is looked at in every position.
    """
    me = s.flow.player
    if boat.fuel < TANK and not (JERRYCAN_SET.isdisjoint(boat.cards) and JERRYCAN_SET.isdisjoint(s.bought)):
        moves.extend([_REFUEL[can] for can in JERRYCANS if holds_can(s, me, can)])
    # ARC-2.6, ARC-4.6: a jerrycan "can be used at any time", so every other boat may fill its
    # tank during this turn (a meeting may then pass the fuel on, ARC-6.1).
    at = boat.at
    here: list[int] = []
    for seat, other in enumerate(s.boats):
        if seat == me:
            continue
        if other.at == at:
            here.append(seat)  # others_here(s), in seat order
        if other.fuel < TANK:
            kept = _OTHER_CANS.get(seat)
            if kept is None or kept[0] is not other:
                kept = _OTHER_CANS[seat] = (other, _cans_of(other))
            if kept[1]:  # most boats hold no jerrycan
                moves.extend(kept[1])
    if boat.fish:
        moves.extend([intern(Throw, fish) for fish in boat.fish])
    for seat in here:
        other = s.boats[seat]
        mine = (FUEL, *(FISH_ITEM + f for f in boat.fish), *sorted({*boat.cards, *bought}))
        moves.extend(intern(Give, item, other.colour) for item in mine if _passes(s, me, seat, item, bought))
        theirs = (FUEL, *(FISH_ITEM + f for f in other.fish), *other.cards)
        moves.extend(intern(Take, item, other.colour) for item in theirs if _passes(s, seat, me, item, _NO_CARDS))


_REFUEL: Final = {can: intern(Refuel, can) for can in JERRYCANS}

_OTHER_CANS: Final[dict[int, tuple[Boat, tuple[Move, ...]]]] = {}
"""The last boat met in each seat (kept: its identity is not reused) with the `refuel` moves of
its own jerrycans: a boat not at play stays the same object from one position to the next."""


def _cans_of(boat: Boat) -> tuple[Move, ...]:
    """ARC-2.6, ARC-4.6: the `refuel` moves of a boat not at play, one per jerrycan on its card."""
    cards = boat.cards
    if JERRYCAN_SET.isdisjoint(cards):
        return ()
    return tuple([intern(Refuel, can, boat.colour) for can in JERRYCANS if can in cards])


def _passes(s: ArchipelState, giver: int, taker: int, item: str, quay: Tokens) -> bool:
    """ARC-6.1, ARC-1.3: the giver has the item, the taker room for it, and it does not go back (nothing can,
    while nothing changed hands this turn: `given_back` is asked only then)."""
    return (
        holds_item(s, giver, item, quay)
        and has_room(s.boats[taker], item)
        and not (s.turn.gifts and given_back(s, giver, taker, item))
    )


_NO_CARDS: Final = Tokens()


def give(w: Work, move: Give) -> None:
    """ARC-6.1: the current boat hands one item to `move.boat`."""
    _transfer(w, w.flow.player, w.seat_of(move.boat), move.item)


def take(w: Work, move: Take) -> None:
    """ARC-6.1: the current boat takes one item from `move.boat`."""
    _transfer(w, w.seat_of(move.boat), w.flow.player, move.item)


def _transfer(w: Work, giver: int, taker: int, item: str) -> None:
    """ARC-6.1: one item changes boats; a card still on the quay goes first."""
    a, b = w.boats[giver], w.boats[taker]
    if item == FUEL:
        a, b = evolve(a, fuel=a.fuel - 1), evolve(b, fuel=b.fuel + 1)
    elif item.startswith(FISH_ITEM):
        fish = item[len(FISH_ITEM) :]
        a, b = evolve(a, fish=a.fish.remove(fish)), evolve(b, fish=b.fish.add(fish))
    else:
        if giver == w.flow.player and item in w.bought:
            w.bought = w.bought.remove(item)
        else:
            a = evolve(a, cards=a.cards.remove(item))
        b = evolve(b, cards=b.cards.add(item))
    boats = list(w.boats)
    boats[giver], boats[taker] = a, b
    gifts = w.turn.gifts | {f"{a.colour}>{b.colour}:{item}"}
    w.go(stay(w.flow), boats=tuple(boats), turn=evolve(w.turn, gifts=gifts))
