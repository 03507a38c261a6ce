"""Catching fish (ARC-3) and the memory game (ARC-8).

Trying a fish exposes it (a chance node when nobody has seen it yet): matching bait
catches it and goes back to the pocket; multicolour bait may catch any fish or let it
swim; a shark eats one bait of the player's choice; a fish not caught stays face up, or in
the memory game is turned face down again (ARC-8.1, ARC-8.2). A boat carries three fish at
most; fish thrown overboard leave the game (ARC-3.6).
"""

from __future__ import annotations

from typing import Any

from tabletop.archipel.content.kinds import BAIT_OF, BAITS, MULTI, SHARK
from tabletop.archipel.flow import MACHINE, stay
from tabletop.archipel.moves import Catch, Expose, Feed, MultiChoice, Throw
from tabletop.archipel.state import EMPTY, UNSEEN, ArchipelState, Spot
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.tokens import Tokens

__all__ = ["catch", "expose", "feed", "multi", "throw"]


def catch(s: ArchipelState, move: Catch) -> ArchipelState:
    """ARC-3.1, ARC-3.2: try the fish where the boat is (exposing it if nobody has seen it)."""
    board = s.map
    spot = s.spots[board.spot_index[s.boats[s.flow.player].at]]
    if spot.fish == UNSEEN:
        return MACHINE.go(s, "expose")
    if spot.fish == HIDDEN:
        # Only a seat's view holds HIDDEN: the fish is remembered by the game, not by the view.
        msg = "a view cannot try a face-down fish it does not know (memory game): apply the move to the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ARC-8.1", move=move)
    # A face-up fish, or in the memory game a face-down one the game remembers (ARC-8.1).
    return _resolve(s, spot.fish)


def expose(s: ArchipelState, move: Expose) -> ArchipelState:
    """ARC-3.2: the face-down fish turns out to be `move.fish` (progress, ARC-7.6)."""
    s = evolve(s, unseen=s.unseen.remove(move.fish), last_progress=s.flow.round)
    return _resolve(s, move.fish)


def _resolve(s: ArchipelState, fish: str) -> ArchipelState:
    """The exposed fish meets the boat's bait (ARC-3.2 to ARC-3.4)."""
    boat = s.boats[s.flow.player]
    s = evolve(s, turn=evolve(s.turn, may_catch=False))
    if fish == SHARK:
        baits = [card for card in boat.cards if card in BAITS]
        if len(baits) == 1:
            return _eaten(s, baits[0])
        return _set_spot(s, Spot(fish, True), "shark")
    if BAIT_OF[fish] in boat.cards:
        return _caught(s, fish, BAIT_OF[fish])
    if MULTI in boat.cards:
        return _set_spot(s, Spot(fish, True), "multi")
    return _set_spot(s, Spot(fish, not s.memory), "act")


def _set_spot(s: ArchipelState, spot: Spot, step: str, **changes: Any) -> ArchipelState:
    i = s.map.spot_index[s.boats[s.flow.player].at]
    spots = list(s.spots)
    spots[i] = spot
    return MACHINE.go(s, step, spots=tuple(spots), **changes)


def _caught(s: ArchipelState, fish: str, bait: str) -> ArchipelState:
    """ARC-3.2: the fish goes on the boat card, the bait back to the pocket."""
    me = s.flow.player
    boat = s.boats[me]
    boat = evolve(boat, fish=boat.fish.add(fish), cards=boat.cards.remove(bait))
    return _set_spot(
        s,
        Spot(EMPTY, False),
        "act",
        boats=s.boats_with(me, boat),
        pocket=s.pocket.put(Tokens((bait,))),
        last_progress=s.flow.round,
    )


def _eaten(s: ArchipelState, bait: str) -> ArchipelState:
    """ARC-3.4, ARC-8.2: the bait leaves the game; the shark stays (face down in the memory game)."""
    me = s.flow.player
    boat = s.boats[me]
    boat = evolve(boat, cards=boat.cards.remove(bait))
    return _set_spot(s, Spot(SHARK, not s.memory), "act", boats=s.boats_with(me, boat), removed=s.removed.add(bait))


def multi(s: ArchipelState, move: MultiChoice) -> ArchipelState:
    """ARC-3.3: catch the exposed fish with multicolour bait, or let it swim."""
    fish = s.spots[s.map.spot_index[s.boats[s.flow.player].at]].fish
    if move.use:
        return _caught(s, fish, MULTI)
    # ARC-8.1 turns face down only fish that cannot be caught for want of the right bait;
    # this one could have been, so it stays face up (ARC-3.2), in the memory game too.
    return _set_spot(s, Spot(fish, True), "act")


def feed(s: ArchipelState, move: Feed) -> ArchipelState:
    """ARC-3.4: the shark eats the bait the player chose."""
    return _eaten(s, move.bait)


def throw(s: ArchipelState, move: Throw) -> ArchipelState:
    """ARC-3.6: a fish thrown overboard leaves the game."""
    me = s.flow.player
    boat = evolve(s.boats[me], fish=s.boats[me].fish.remove(move.fish))
    return MACHINE.go(s, stay(s.flow), boats=s.boats_with(me, boat), lost=s.lost.add(move.fish))
