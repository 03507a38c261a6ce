"""Catching fish (ARC-3) and the memory game (ARC-8).

Trying a fish exposes it (a chance node when nobody has seen it yet): matching bait
catches it and goes back to the pocket; multicolour bait may catch any fish or let it
swim; a shark eats one bait of the player's choice; a fish not caught stays face up, or in
the memory game is turned face down again (ARC-8.1, ARC-8.2). A boat carries three fish at
most; fish thrown overboard leave the game (ARC-3.6).
"""

from __future__ import annotations

from tabletop.archipel.content.board import Board, board_for
from tabletop.archipel.content.kinds import BAIT_OF, BAITS, MULTI, PAIR_KIND, SHARK
from tabletop.archipel.flow import Work, stay
from tabletop.archipel.moves import Catch, Expose, Feed, MultiChoice, Throw
from tabletop.archipel.state import EMPTY, HOLD, UNSEEN, ArchipelState, Spot
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.tokens import Tokens

__all__ = ["catch", "expose", "feed", "may_catch", "multi", "throw"]


def may_catch(s: ArchipelState, board: Board | None = None) -> bool:
    """`checks.catch_problem(s) is None`, the checks of `catch` in their order without the words of a
    refusal (the legal moves ask it in every position; `tests/archipel/test_archipel_checks.py`
    holds the two to the same answer): a fish where the boat is, not tried since it came, a
    bait on board, room in the hold, and a face-up fish neither a shark nor one the baits miss.
    `board`: the state's board, when the caller has it at hand."""
    if board is None:
        board = board_for(s.board)
    boat = s.boats[s.flow.player]
    i = board.spot_index.get(boat.at)
    if i is None or not s.turn.may_catch:  # ARC-3.1 (`_no_fish`, `_tried`)
        return False
    spot = s.spots[i]
    if spot.fish == EMPTY:
        return False
    cards = boat.cards
    if BAITS.isdisjoint(map(PAIR_KIND, cards.items())) or boat.fish.total >= HOLD:  # ARC-3.1, ARC-3.6
        return False
    if not spot.face_up:
        return True
    fish = spot.fish  # ARC-3.4, ARC-3.2: a shark, or a colour no bait on board catches
    return fish != SHARK and (BAIT_OF[fish] in cards or MULTI in cards)


def catch(w: Work, move: Catch) -> None:
    """ARC-3.1, ARC-3.2: try the fish where the boat is (exposing it if nobody has seen it)."""
    spot = w.spots[w.map.spot_index[w.boat.at]]
    if spot.fish == UNSEEN:
        w.go("expose")
        return
    if spot.fish == HIDDEN:
        # Only a seat's view holds HIDDEN: the fish is remembered by the game, not by the view.
        msg = "a view cannot try a face-down fish it does not know (memory game): apply the move to the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ARC-8.1", move=move)
    # A face-up fish, or in the memory game a face-down one the game remembers (ARC-8.1).
    _resolve(w, spot.fish)


def expose(w: Work, move: Expose) -> None:
    """ARC-3.2: the face-down fish turns out to be `move.fish` (progress, ARC-7.6)."""
    w.unseen = w.unseen.remove(move.fish)
    w.last_progress = w.flow.round
    _resolve(w, move.fish)


def _resolve(w: Work, fish: str) -> None:
    """The exposed fish meets the boat's bait (ARC-3.2 to ARC-3.4)."""
    boat = w.boat
    w.turn = evolve(w.turn, may_catch=False)
    if fish == SHARK:
        baits = [card for card in boat.cards if card in BAITS]
        if len(baits) == 1:
            _eaten(w, baits[0])
        else:
            _set_spot(w, Spot(fish, True), "shark")
    elif BAIT_OF[fish] in boat.cards:
        _caught(w, fish, BAIT_OF[fish])
    elif MULTI in boat.cards:
        _set_spot(w, Spot(fish, True), "multi")
    else:
        _set_spot(w, Spot(fish, not w.memory), "act")


def _set_spot(w: Work, spot: Spot, step: str) -> None:
    i = w.map.spot_index[w.boat.at]
    spots = list(w.spots)
    spots[i] = spot
    w.go(step, spots=tuple(spots))


def _caught(w: Work, fish: str, bait: str) -> None:
    """ARC-3.2: the fish goes on the boat card, the bait back to the pocket."""
    boat = w.boat
    w.set_boat(w.flow.player, evolve(boat, fish=boat.fish.add(fish), cards=boat.cards.remove(bait)))
    w.pocket = w.pocket.put(Tokens((bait,)))
    w.last_progress = w.flow.round
    _set_spot(w, Spot(EMPTY, False), "act")


def _eaten(w: Work, bait: str) -> None:
    """ARC-3.4, ARC-8.2: the bait leaves the game; the shark stays (face down in the memory game)."""
    boat = w.boat
    w.set_boat(w.flow.player, evolve(boat, cards=boat.cards.remove(bait)))
    w.removed = w.removed.add(bait)
    _set_spot(w, Spot(SHARK, not w.memory), "act")


def multi(w: Work, move: MultiChoice) -> None:
    """ARC-3.3: catch the exposed fish with multicolour bait, or let it swim."""
    fish = w.spots[w.map.spot_index[w.boat.at]].fish
    if move.use:
        _caught(w, fish, MULTI)
    else:
        # ARC-8.1 turns face down only fish that cannot be caught for want of the right bait;
        # this one could have been, so it stays face up (ARC-3.2), in the memory game too.
        _set_spot(w, Spot(fish, True), "act")


def feed(w: Work, move: Feed) -> None:
    """ARC-3.4: the shark eats the bait the player chose."""
    _eaten(w, move.bait)


def throw(w: Work, move: Throw) -> None:
    """ARC-3.6: a fish thrown overboard leaves the game."""
    me = w.flow.player
    w.set_boat(me, evolve(w.boats[me], fish=w.boats[me].fish.remove(move.fish)))
    w.go(stay(w.flow), lost=w.lost.add(move.fish))
