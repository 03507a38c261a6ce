"""Two boats meeting (ARC-6): boats on the same location hand each other fuel, fish and cards.

One item at a time changes boats (`give fuel to red`, `take bait-red from red`), within
the room of the boat card that receives it (ARC-1.3), and nothing goes back the way it
came in the same turn. A card still on the quay (just bought) may be handed over too
(ARC-4.7).
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, is_not
from typing import Final

from tabletop.archipel.checks import holds_can
from tabletop.archipel.content.kinds import JERRYCAN_SET, JERRYCANS, PAIR_KIND
from tabletop.archipel.flow import Work, stay
from tabletop.archipel.moves import FISH_ITEM, FUEL, Give, Refuel, Take, Throw, intern
from tabletop.archipel.state import DECK, HOLD, TANK, ArchipelState, Boat
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["common_moves", "give", "take"]


def common_moves(s: ArchipelState, boat: Boat, moves: list[Move], bought: Tokens) -> None:
    """The moves of both `turn.act` and `harbour.dock`: refuelling, throwing, meetings.

    Candidates are kept by the tests of the checks' own predicates (`holds_can`, `holds_item`,
    `has_room`, `given_back`; the items a boat lists are those it holds, so only the taker's room
    and the way back are asked, `_handed`), so a generated move passes every check of its kind;
    the jerrycans of the boats not at play are read directly (`holds_can` of another seat: the
    can is on its boat card), as every boat is looked at in every position. Kinds are read off
    the multisets' pairs (`PAIR_KIND`), with no call of their `__iter__`.
    """
    me = s.flow.player
    fleet = _fleet(s.boats)
    bought_cans = s.bought.total and not JERRYCAN_SET.isdisjoint(map(PAIR_KIND, s.bought.items()))
    if boat.fuel < TANK and (fleet[2][me] or bought_cans):  # a jerrycan on its card, or on the quay
        moves.extend([_REFUEL[can] for can in JERRYCANS if holds_can(s, me, can)])
    # ARC-2.6, ARC-4.6: a jerrycan "can be used at any time", so every other boat may fill its
    # tank during this turn (a meeting may then pass the fuel on, ARC-6.1).
    if fleet[3]:  # most boats hold no jerrycan
        for seat, cans in enumerate(fleet[2]):
            if cans and seat != me:
                moves.extend(cans)
    at = boat.at
    here = [] if fleet[1].count(at) < 2 else [o for seat, o in enumerate(s.boats) if seat != me and o.at == at]
    if boat.fish.total:
        moves.extend(map(_THROWS.__getitem__, map(PAIR_KIND, boat.fish.items())))
    if here:
        cards = [*map(PAIR_KIND, boat.cards.items())]
        if bought.total:
            cards = sorted({*cards, *map(PAIR_KIND, bought.items())})
        gifts = s.turn.gifts
        for other in here:
            moves.extend(_handed(boat, other, cards, gifts, _GIVES))
            moves.extend(_handed(other, boat, [*map(PAIR_KIND, other.cards.items())], gifts, _TAKES))


def _handed(giver: Boat, taker: Boat, cards: list[str], gifts: frozenset[str], table: _ByColour) -> list[Move]:
    """ARC-6.1, ARC-1.3: the `give` (from the current boat) or `take` (by it) moves of the items
    `giver` holds (fuel, its fish, `cards`) that `taker` has room for and that did not come from
    `taker` this turn (asked only once something changed hands: `given_back`), in that order."""
    items = [FUEL] if giver.fuel and taker.fuel < TANK else []
    if giver.fish.total and taker.fish.total < HOLD:
        items += map(_FISH_ITEMS.__getitem__, map(PAIR_KIND, giver.fish.items()))
    if taker.cards.total < DECK:
        items += cards
    if gifts:
        back = f"{taker.colour}>{giver.colour}:"
        items = [item for item in items if back + item not in gifts]
    other = taker if table is _GIVES else giver
    return [*map(table[other.colour].__getitem__, items)]


class _Items(dict[str, Move]):
    """The move of one class (`Throw`, or `Give`/`Take` with one boat) for each item met, made
    (interned) the first time it is met (`__missing__`), at most `_ITEMS_KEPT` kept: the table
    is emptied when full and fills again."""

    def __init__(self, cls: type[Move], *boat: str) -> None:
        super().__init__()
        self.cls = cls
        self.boat = boat

    def __missing__(self, item: str) -> Move:
        if len(self) >= _ITEMS_KEPT:
            self.clear()
        move = self[item] = intern(self.cls, item, *self.boat)
        return move


class _ByColour(dict[str, _Items]):
    """One `_Items` table per boat colour met, at most `_ITEMS_KEPT` (emptied when full)."""

    def __init__(self, cls: type[Move]) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, colour: str) -> _Items:
        if len(self) >= _ITEMS_KEPT:
            self.clear()
        table = self[colour] = _Items(self.cls, colour)
        return table


_ITEMS_KEPT: Final = 256
"""The most items (or colours) a table keeps: a game names a few dozen cards, fish and colours;
more only come from texts from outside."""
_THROWS: Final = _Items(Throw)
_GIVES: Final = _ByColour(Give)
_TAKES: Final = _ByColour(Take)


class _FishItems(dict[str, str]):
    """`FISH_ITEM + fish` for each fish kind met (`fish-blue`), at most `_ITEMS_KEPT` kept."""

    def __missing__(self, fish: str) -> str:
        if len(self) >= _ITEMS_KEPT:
            self.clear()
        item = self[fish] = FISH_ITEM + fish
        return item


_FISH_ITEMS: Final = _FishItems()

_REFUEL: Final = {can: intern(Refuel, can) for can in JERRYCANS}

_Fleet = tuple[tuple[Boat, ...], tuple[str, ...], tuple[tuple[Move, ...], ...], bool]
_LAST_FLEET: list[_Fleet] = [((), (), (), False)]
"""The last boats tuple met (kept: its identity, and its boats', is not reused), with each boat's
location, each boat's `refuel` moves of its own jerrycans (none with a full tank) and whether any
boat has such a move (one entry, replaced whole)."""


def _fleet(boats: tuple[Boat, ...]) -> _Fleet:
    """The boats' locations and their own `refuel` moves (`_LAST_FLEET`), worked out again only
    for the boats that are not the same objects as in the last tuple met: a step changes one or
    two boats, and passes the others on."""
    last = _LAST_FLEET[0]
    if last[0] is boats:
        return last
    if len(last[0]) == len(boats):
        cans = list(last[2])
        for seat in compress(range(len(boats)), map(is_not, boats, last[0])):
            cans[seat] = _cans_of(boats[seat])
    else:
        cans = [*map(_cans_of, boats)]
    fleet = _LAST_FLEET[0] = (boats, tuple(map(_AT, boats)), tuple(cans), any(cans))
    return fleet


_AT: Final = attrgetter("at")


def _cans_of(boat: Boat) -> tuple[Move, ...]:
    """ARC-2.6, ARC-4.6: the `refuel` moves of a boat not at play, one per jerrycan on its card
    (none with a full tank)."""
    cards = boat.cards
    if boat.fuel >= TANK or JERRYCAN_SET.isdisjoint(map(PAIR_KIND, cards.items())):
        return ()
    return tuple([intern(Refuel, can, boat.colour) for can in JERRYCANS if can in cards])


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
