"""Archipel's round structure (the phase table) and the turn at sea: sailing, catching, meetings.

The phase table reads as the rulebook's turn (ARC-2 to ARC-7):

* `setup.deal`: chance deals three face-up cards to every open shop, then to the warehouse.
* `turn.act`: the current player sails, tries to catch fish, uses jerrycans (any boat may
  use its own, ARC-2.6), throws fish
  overboard, meets other boats, ends the turn or declares the season over.
* `turn.expose`: chance decides a face-down fish nobody has seen; `turn.multi` and
  `turn.shark` are the catcher's choices that may follow.
* `harbour.*`: entering (or staying in) a harbour: leak check, deliveries, weather news
  (`harbour.weather` when the player must choose a storm space), equipment (`harbour.dock`,
  where excess cards are handed over or discarded), then the warehouse supplies the emptied
  shop and chance refills the warehouse from the pocket (`harbour.restock`).
* `turn.next`: the next boat clockwise, or the end of the season.

The harbour sequence is in [`tabletop.archipel.harbour`][tabletop.archipel.harbour].

Legal moves, in this order: `turn.act`: `sail` (fish spots, harbours, home ports, storm
spaces, each in board order), `catch`, then the common moves (`refuel` of the current
boat, then of the other boats in seat order, `throw`, `give`/`take` with each boat on
the same location in seat order: fuel, fish, cards),
`end`, `season over`. `harbour.dock`: `discard` (cards in kind order), the common
moves, `end`, `season over`. Chance outcomes are in kind order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from tabletop.archipel import harbour
from tabletop.archipel.board import HARBOUR, STORM, board_for
from tabletop.archipel.harbour import with_boat
from tabletop.archipel.moves import (
    CATCH,
    END,
    OVER,
    RELEASE,
    USE_MULTI,
    Calm,
    Catch,
    Discard,
    Draw,
    End,
    Expose,
    Feed,
    Give,
    MultiChoice,
    Over,
    Place,
    Refuel,
    Sail,
    Take,
    Throw,
    intern,
)
from tabletop.archipel.pieces import (
    BAIT_OF,
    BAITS,
    DECK,
    EMPTY,
    GEAR,
    HOLD,
    JERRYCANS,
    MULTI,
    RED_BACK,
    SHARK,
    TANK,
    UNSEEN,
    Boat,
    Spot,
    Turn,
    evolve,
)
from tabletop.archipel.queries import HARBOURS, becalmed, catch_problem, may_declare, orders, others_here
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.phases import Actor, Phase, PhaseMachine, Step
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.archipel.state import ArchipelState

__all__ = ["AUTO", "HARBOURS", "MACHINE", "apply", "chance_outcomes", "orders", "player_moves"]

FUEL: Final = "fuel"
FISH_ITEM: Final = "fish-"
NO_CARDS: Final = Tokens()

MACHINE: Final = PhaseMachine(
    "archipel",
    (
        Phase(
            "setup",
            (
                Step(
                    "deal",
                    Actor.CHANCE,
                    frozenset({"draw"}),
                    ("deal", "turn.act"),
                    "ARC-1.7: three face-up cards for each open shop, then the warehouse.",
                ),
            ),
        ),
        Phase(
            "turn",
            (
                Step(
                    "act",
                    Actor.PLAYER,
                    frozenset({"sail", "catch", "refuel", "throw", "give", "take", "end", "over"}),
                    ("act", "expose", "multi", "shark", "harbour.arrive", "next", "end.over"),
                    "ARC-2, ARC-3, ARC-5.3, ARC-6: sail, catch, refuel, meet, end the turn.",
                ),
                Step(
                    "expose",
                    Actor.CHANCE,
                    frozenset({"expose"}),
                    ("act", "multi", "shark"),
                    "ARC-3.2: a face-down fish nobody has seen is exposed.",
                ),
                Step("multi", Actor.PLAYER, frozenset({"multi"}), ("act",), "ARC-3.3: use multicolour bait or not."),
                Step("shark", Actor.PLAYER, frozenset({"feed"}), ("act",), "ARC-3.4: the bait the shark eats."),
                Step("next", Actor.AUTO, then=("act", "end.over"), doc="ARC-2.1, ARC-7.5, ARC-7.6: the next boat."),
            ),
        ),
        Phase(
            "harbour",
            (
                Step("arrive", Actor.AUTO, then=("news",), doc="ARC-4.1, ARC-4.2: shop cards, leaks, deliveries."),
                Step("news", Actor.AUTO, then=("weather", "stow"), doc="ARC-4.3, ARC-4.4: weather news."),
                Step(
                    "weather",
                    Actor.PLAYER,
                    frozenset({"place", "calm"}),
                    ("news",),
                    "ARC-4.3, ARC-4.4: where a blank storm goes, which storm good weather removes.",
                ),
                Step("stow", Actor.AUTO, then=("dock",), doc="ARC-4.5: the cards become equipment, four at most."),
                Step(
                    "dock",
                    Actor.PLAYER,
                    frozenset({"discard", "refuel", "throw", "give", "take", "end", "over"}),
                    ("stow", "supply", "end.over"),
                    "ARC-4.7, ARC-4.8, ARC-6.1: excess cards, meetings, the end of the turn.",
                ),
                Step("supply", Actor.AUTO, then=("restock", "turn.next"), doc="ARC-4.9, ARC-4.10: refill the shop."),
                Step(
                    "restock",
                    Actor.CHANCE,
                    frozenset({"draw"}),
                    ("restock", "turn.next"),
                    "ARC-4.9: the warehouse is refilled from the pocket.",
                ),
            ),
        ),
        Phase("end", (Step("over", Actor.END, doc="ARC-7: the season is over."),)),
    ),
    start="setup.deal",
)


# Legal moves --------------------------------------------------------------------------------


def player_moves(s: ArchipelState) -> tuple[Move, ...]:
    """The current player's legal moves (see the module docstring for the order)."""
    step = s.flow.step
    if step == "act":
        return _act_moves(s)
    if step == "dock":
        return _dock_moves(s)
    if step == "weather":
        return harbour.weather_moves(s)
    if step == "multi":
        return (USE_MULTI, RELEASE)
    boat = s.boats[s.flow.player]
    return tuple(intern(Feed, card) for card in boat.cards if card in BAITS)


def chance_outcomes(s: ArchipelState) -> tuple[tuple[Move, float], ...]:
    """Cards drawn from the pocket, or the fish a face-down piece turns out to be."""
    if s.flow.step == "expose":
        return _outcomes(s.unseen, Expose)
    return _outcomes(s.pocket.contents, Draw)


_KIND_MOVES: Final[dict[type[Move], dict[str, Move]]] = {Expose: {}, Draw: {}}


def _outcomes(pool: Tokens, cls: type[Expose | Draw]) -> tuple[tuple[Move, float], ...]:
    """Each kind in `pool` with probability count/total, in kind order.

    (The kernel keeps the answer on the state, which is asked twice: legal moves, then sampling.)
    """
    total = pool.total
    moves = _KIND_MOVES[cls]
    found = []
    for kind, n in pool.as_dict().items():
        move = moves.get(kind)
        if move is None:
            move = moves.setdefault(kind, cls(kind))
        found.append((move, n / total))
    return tuple(found)


def _act_moves(s: ArchipelState) -> tuple[Move, ...]:
    boat = s.boats[s.flow.player]
    moves: list[Move] = []
    if boat.fuel:
        moves.extend(_sail_moves(s, boat))
    if catch_problem(s) is None:
        moves.append(CATCH)
    _common_moves(s, boat, moves, Tokens())
    moves.append(END)
    if may_declare(s):
        moves.append(OVER)
    return tuple(moves)


def _dock_moves(s: ArchipelState) -> tuple[Move, ...]:
    boat = s.boats[s.flow.player]
    moves: list[Move] = []
    if s.bought:
        moves.extend(intern(Discard, card) for card in sorted({*s.bought, *boat.cards}))
    _common_moves(s, boat, moves, s.bought)
    if not s.bought:
        moves.append(END)
        if may_declare(s):
            moves.append(OVER)
    return tuple(moves)


def _sail_moves(s: ArchipelState, boat: Boat) -> list[Move]:
    board = board_for(s.board)
    spots, harbours, storms = board.targets(s.storms, boat.at)
    boats_at = {b.at for b in s.boats}
    moves: list[Move] = [
        intern(Sail, board.spots[i]) for i in spots if s.spots[i].fish != EMPTY or board.spots[i] in boats_at
    ]
    moves.extend(intern(Sail, loc) for loc in harbours)
    gear = GEAR in boat.cards
    for i in storms:
        if (gear and s.storms[i]) or (not s.storms[i] and board.storm_ids[i] in boats_at):
            moves.append(intern(Sail, board.storm_ids[i]))
    return moves


def _common_moves(s: ArchipelState, boat: Boat, moves: list[Move], bought: Tokens) -> None:
    if boat.fuel < TANK:
        moves.extend(intern(Refuel, can) for can in JERRYCANS if can in boat.cards or can in bought)
    # ARC-2.6, ARC-4.6: a jerrycan "can be used at any time", so every other boat may fill its
    # tank during this turn (a meeting may then pass the fuel on, ARC-6.1).
    for seat, other in enumerate(s.boats):
        if seat != s.flow.player and other.fuel < TANK:
            moves.extend(intern(Refuel, can, other.colour) for can in JERRYCANS if can in other.cards)
    moves.extend(intern(Throw, fish) for fish in boat.fish)
    for seat in others_here(s):
        other = s.boats[seat]
        gifts = s.turn.gifts
        back = f"{other.colour}>{boat.colour}:"
        if boat.fuel and other.fuel < TANK and back + FUEL not in gifts:
            moves.append(intern(Give, FUEL, other.colour))
        if other.fish.total < HOLD:
            moves.extend(
                intern(Give, FISH_ITEM + f, other.colour) for f in boat.fish if back + FISH_ITEM + f not in gifts
            )
        if other.cards.total < DECK:
            moves.extend(intern(Give, c, other.colour) for c in sorted({*boat.cards, *bought}) if back + c not in gifts)
        back = f"{boat.colour}>{other.colour}:"
        if other.fuel and boat.fuel < TANK and back + FUEL not in gifts:
            moves.append(intern(Take, FUEL, other.colour))
        if boat.fish.total < HOLD:
            moves.extend(
                intern(Take, FISH_ITEM + f, other.colour) for f in other.fish if back + FISH_ITEM + f not in gifts
            )
        if boat.cards.total < DECK:
            moves.extend(intern(Take, c, other.colour) for c in other.cards if back + c not in gifts)


# Applying moves -----------------------------------------------------------------------------


def apply(s: ArchipelState, move: Move) -> ArchipelState:
    """Apply a legal move (the protocol has checked legality)."""
    new: ArchipelState = _HANDLERS[type(move)](s, move)
    return new


def _sail(s: ArchipelState, move: Sail) -> ArchipelState:
    board = board_for(s.board)
    me = s.flow.player
    boat = s.boats[me]
    kind = board.kind[move.to]
    boat = evolve(boat, at=move.to, fuel=boat.fuel - 1)
    changes: dict[str, Any] = {"supply": s.supply + 1, "turn": evolve(s.turn, may_catch=True)}
    if kind == STORM and s.storms[board.storm_index[move.to]]:
        # ARC-5.3: the storm card returns to the pocket, the storm gear leaves the game.
        i = board.storm_index[move.to]
        storms = list(s.storms)
        changes["pocket"] = s.pocket.put(Tokens((storms[i],)))
        storms[i] = ""
        changes["storms"] = tuple(storms)
        changes["removed"] = s.removed.add(GEAR)
        changes["last_progress"] = s.flow.round  # ARC-7.6: a storm cleared
        boat = evolve(boat, cards=boat.cards.remove(GEAR))
    step = "harbour.arrive" if kind in HARBOURS else "act"
    return evolve(s, boats=with_boat(s, me, boat), flow=MACHINE.goto(s.flow, step), **changes)


def _catch(s: ArchipelState, move: Catch) -> ArchipelState:
    board = board_for(s.board)
    spot = s.spots[board.spot_index[s.boats[s.flow.player].at]]
    if spot.fish == UNSEEN:
        return evolve(s, flow=MACHINE.goto(s.flow, "expose"))
    if spot.fish == HIDDEN:
        # Only a seat's view holds HIDDEN: the fish is remembered by the game, not by the view.
        msg = "a view cannot try a face-down fish it does not know (memory game): apply the move to the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ARC-8.1", move=move)
    # A face-up fish, or in the memory game a face-down one the game remembers (ARC-8.1).
    return _resolve(s, spot.fish)


def _expose(s: ArchipelState, move: Expose) -> ArchipelState:
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
    board = board_for(s.board)
    i = board.spot_index[s.boats[s.flow.player].at]
    spots = list(s.spots)
    spots[i] = spot
    return evolve(s, spots=tuple(spots), flow=MACHINE.goto(s.flow, step), **changes)


def _caught(s: ArchipelState, fish: str, bait: str) -> ArchipelState:
    """ARC-3.2: the fish goes on the boat card, the bait back to the pocket."""
    me = s.flow.player
    boat = s.boats[me]
    boat = evolve(boat, fish=boat.fish.add(fish), cards=boat.cards.remove(bait))
    return _set_spot(
        s,
        Spot(EMPTY, False),
        "act",
        boats=with_boat(s, me, boat),
        pocket=s.pocket.put(Tokens((bait,))),
        last_progress=s.flow.round,
    )


def _eaten(s: ArchipelState, bait: str) -> ArchipelState:
    """ARC-3.4, ARC-8.2: the bait leaves the game; the shark stays (face down in the memory game)."""
    me = s.flow.player
    boat = s.boats[me]
    boat = evolve(boat, cards=boat.cards.remove(bait))
    return _set_spot(s, Spot(SHARK, not s.memory), "act", boats=with_boat(s, me, boat), removed=s.removed.add(bait))


def _multi(s: ArchipelState, move: MultiChoice) -> ArchipelState:
    board = board_for(s.board)
    fish = s.spots[board.spot_index[s.boats[s.flow.player].at]].fish
    if move.use:
        return _caught(s, fish, MULTI)
    # ARC-8.1 turns face down only fish that cannot be caught for want of the right bait;
    # this one could have been, so it stays face up (ARC-3.2), in the memory game too.
    return _set_spot(s, Spot(fish, True), "act")


def _feed(s: ArchipelState, move: Feed) -> ArchipelState:
    return _eaten(s, move.bait)


def _stay(s: ArchipelState) -> str:
    """The step after a move that does not end the current step."""
    return "act" if s.flow.step == "act" else "stow"


def _refuel(s: ArchipelState, move: Refuel) -> ArchipelState:
    """ARC-2.6, ARC-4.6: fill a tank; blue cans back to the pocket, red ones out of the game.

    The current boat may use a can still on the quay; another boat (`move.boat`) uses one
    of its own cards.
    """
    seat = _seat_of(s, move.boat) if move.boat else s.flow.player
    boat = s.boats[seat]
    changes: dict[str, Any] = {"supply": s.supply - (TANK - boat.fuel)}
    if move.can in boat.cards:
        boat = evolve(boat, cards=boat.cards.remove(move.can), fuel=TANK)
    else:
        boat = evolve(boat, fuel=TANK)
        changes["bought"] = s.bought.remove(move.can)
    if move.can in RED_BACK:
        changes["removed"] = s.removed.add(move.can)
    else:
        changes["pocket"] = s.pocket.put(Tokens((move.can,)))
    return evolve(s, boats=with_boat(s, seat, boat), flow=MACHINE.goto(s.flow, _stay(s)), **changes)


def _throw(s: ArchipelState, move: Throw) -> ArchipelState:
    """ARC-3.6: a fish thrown overboard leaves the game."""
    me = s.flow.player
    boat = evolve(s.boats[me], fish=s.boats[me].fish.remove(move.fish))
    return evolve(s, boats=with_boat(s, me, boat), lost=s.lost.add(move.fish), flow=MACHINE.goto(s.flow, _stay(s)))


def _give(s: ArchipelState, move: Give) -> ArchipelState:
    me = s.flow.player
    return _transfer(s, me, _seat_of(s, move.boat), move.item)


def _take(s: ArchipelState, move: Take) -> ArchipelState:
    me = s.flow.player
    return _transfer(s, _seat_of(s, move.boat), me, move.item)


def _seat_of(s: ArchipelState, colour: str) -> int:
    return next(i for i, b in enumerate(s.boats) if b.colour == colour)


def _transfer(s: ArchipelState, giver: int, taker: int, item: str) -> ArchipelState:
    """ARC-6.1: one item changes boats; a card still on the quay goes first."""
    a, b = s.boats[giver], s.boats[taker]
    changes: dict[str, Any] = {}
    if item == FUEL:
        a, b = evolve(a, fuel=a.fuel - 1), evolve(b, fuel=b.fuel + 1)
    elif item.startswith(FISH_ITEM):
        fish = item[len(FISH_ITEM) :]
        a, b = evolve(a, fish=a.fish.remove(fish)), evolve(b, fish=b.fish.add(fish))
    else:
        if giver == s.flow.player and item in s.bought:
            changes["bought"] = s.bought.remove(item)
        else:
            a = evolve(a, cards=a.cards.remove(item))
        b = evolve(b, cards=b.cards.add(item))
    boats = list(s.boats)
    boats[giver], boats[taker] = a, b
    gifts = s.turn.gifts | {f"{a.colour}>{b.colour}:{item}"}
    return evolve(
        s,
        boats=tuple(boats),
        turn=evolve(s.turn, gifts=gifts),
        flow=MACHINE.goto(s.flow, _stay(s)),
        **changes,
    )


def _end(s: ArchipelState, move: End) -> ArchipelState:
    if s.flow.step == "dock":
        return evolve(s, flow=MACHINE.goto(s.flow, "supply"))
    kind = board_for(s.board).kind[s.boats[s.flow.player].at]
    # ARC-2.7: staying in an island's harbour takes that shop's cards.
    step = "harbour.arrive" if kind == HARBOUR else "next"
    return evolve(s, flow=MACHINE.goto(s.flow, step))


def _over(s: ArchipelState, move: Over) -> ArchipelState:
    return evolve(s, ended_by="declared", flow=MACHINE.goto(s.flow, "end.over"))


def _draw(s: ArchipelState, move: Draw) -> ArchipelState:
    if s.flow.phase == "setup":
        return harbour.deal(s, move.card)
    return harbour.restock(s, move.card)


def _next(s: ArchipelState) -> ArchipelState:
    """The next boat clockwise, or the end of the season (ARC-2.1, ARC-7.5, ARC-7.6)."""
    filled, total = orders(s)
    if filled == total and all(boat.at == boat.home for boat in s.boats):
        return evolve(s, ended_by="complete", flow=MACHINE.goto(s.flow, "end.over"))
    if becalmed(s):
        return evolve(s, ended_by="stranded", flow=MACHINE.goto(s.flow, "end.over"))
    player = (s.flow.player + 1) % len(s.boats)
    round_ = s.flow.round + (player == s.flow.first_player)
    if round_ - 1 - s.last_progress >= s.idle_rounds:
        return evolve(s, ended_by="idle", flow=MACHINE.goto(s.flow, "end.over"))
    return evolve(s, turn=FRESH_TURN, flow=MACHINE.goto(s.flow, "act", player=player, round=round_))


FRESH_TURN: Final = Turn()

_HANDLERS: Final[dict[type[Move], Callable[[Any, Any], Any]]] = {
    Sail: _sail,
    Catch: _catch,
    Expose: _expose,
    MultiChoice: _multi,
    Feed: _feed,
    Refuel: _refuel,
    Throw: _throw,
    Give: _give,
    Take: _take,
    End: _end,
    Over: _over,
    Draw: _draw,
    Place: harbour.place,
    Calm: harbour.calm,
    Discard: harbour.discard,
}

AUTO: Final = {
    "turn.next": _next,
    "harbour.arrive": harbour.arrive,
    "harbour.news": harbour.news,
    "harbour.stow": harbour.stow,
    "harbour.supply": harbour.supply,
}
