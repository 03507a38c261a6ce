"""The harbour sequence (ARC-4) and the supply of shops and warehouse (ARC-1.7, ARC-4.9, ARC-4.10).

Entering a harbour, or staying in an island's harbour, runs in order:

1. `arrive`: the boat takes the shop's cards (none from a closed shop or a home port);
   leak cards are checked first (ARC-4.1), then fish are delivered to the market (ARC-4.2).
2. `news`: the weather cards among them are read (ARC-4.3, ARC-4.4): numbered storms
   first, in number order, then blank storms, then good weather (so good weather can calm a
   storm that came with it). When the player must choose a space, `weather` asks.
3. `stow`: the other cards go on the boat card while there is room (ARC-4.5); `dock`
   lets the player hand cards beyond four to a boat on the same spot or discard them
   (ARC-4.7), meet other boats, and end the turn (ARC-4.8).
4. `supply`: the warehouse's cards go to the emptied shop and the pocket refills the
   warehouse, one chance draw per card (ARC-4.9); with fewer than three cards in the pocket
   the warehouse gets a 'closed' sign instead, which passes to the next shop visited
   (ARC-4.10).
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.archipel.checks import may_declare, may_place
from tabletop.archipel.content.board import HARBOUR, board_for
from tabletop.archipel.content.kinds import BAITS, GEAR, GOOD_WEATHER, LEAK, STORM_BLANK, is_storm, storm_number
from tabletop.archipel.flow import MACHINE
from tabletop.archipel.moves import DONE, OVER, Calm, Discard, Done, Draw, Place, intern
from tabletop.archipel.rules.meetings import common_moves
from tabletop.archipel.state import DECK, SHOP_SIZE, ArchipelState, Boat
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = [
    "arrive",
    "calm",
    "discard",
    "dock_moves",
    "done",
    "news",
    "place",
    "restock",
    "stow",
    "supply",
    "weather_moves",
]

_NONE: Final = Tokens()
#: Cards whose purchase counts as progress for the idle rule (ARC-7.6).
_PROGRESS_CARDS: Final = BAITS | {GEAR}


# Arrival --------------------------------------------------------------------------------------


def arrive(s: ArchipelState) -> ArchipelState:
    """Take the shop's cards, check for leaks, deliver fish (ARC-2.7, ARC-4.1, ARC-4.2)."""
    board = board_for(s.board)
    me = s.flow.player
    boat = s.boats[me]
    changes: dict[str, Any] = {}
    bought = _NONE
    island = board.island_index.get(boat.at, -1) if board.kind[boat.at] == HARBOUR else -1
    if island >= 0 and boat.at not in s.shut:
        bought = s.shops[island]
        shops = list(s.shops)
        shops[island] = _NONE
        changes["shops"] = tuple(shops)
        changes["turn"] = evolve(s.turn, shop=boat.at)
    leaks = bought[LEAK]
    if leaks:
        # ARC-4.1: the boat's equipment (and with two leaks its fish) leaves the game.
        bought = bought.remove(LEAK, leaks)
        changes["pocket"] = s.pocket.put(Tokens({LEAK: leaks}))
        changes["removed"] = s.removed + boat.cards
        boat = evolve(boat, cards=_NONE)
        if leaks >= 2:
            changes["lost"] = s.lost + boat.fish
            boat = evolve(boat, fish=_NONE)
    if island >= 0 and not (s.short and board.islands[island].pagoda):
        boat = _deliver(s, island, boat, changes)
    if bought and not _PROGRESS_CARDS.isdisjoint(bought):
        changes["last_progress"] = s.flow.round  # ARC-7.6: bait or storm gear bought
    return MACHINE.go(s, "news", boats=s.boats_with(me, boat), bought=bought, **changes)


def _deliver(s: ArchipelState, island: int, boat: Boat, changes: dict[str, Any]) -> Boat:
    """ARC-4.2: every fish the market still wants goes to the market."""
    ordered = board_for(s.board).orders[island]
    delivered = s.markets[island]
    for colour in ordered:
        n = min(boat.fish[colour], ordered[colour] - delivered[colour])
        if n > 0:
            boat = evolve(boat, fish=boat.fish.remove(colour, n))
            delivered = delivered.add(colour, n)
    if delivered != s.markets[island]:
        markets = list(s.markets)
        markets[island] = delivered
        changes["markets"] = tuple(markets)
        changes["last_progress"] = s.flow.round
    return boat


# Weather news ---------------------------------------------------------------------------------


def news(s: ArchipelState) -> ArchipelState:
    """Read the weather cards that need no choice; stop at the first one that does."""
    storms = list(s.storms)
    bought, pocket, removed = s.bought, s.pocket, s.removed
    board = board_for(s.board)
    weather = ""
    for card in sorted((c for c in bought if is_storm(c) and c != STORM_BLANK), key=storm_number):
        i = board.storm_by_number[storm_number(card)]
        if storms[i] and any(not c for j, c in enumerate(storms) if j != i):
            weather = card  # ARC-4.3: a blank storm must move off this number first
            break
        if storms[i]:
            pocket = pocket.put(Tokens((storms[i],)))  # no free space for the blank: back to the pocket
        storms[i] = card
        bought = bought.remove(card)
    if not weather and bought[STORM_BLANK]:
        if "" in storms:
            weather = STORM_BLANK
        else:
            pocket = pocket.put(Tokens({STORM_BLANK: bought[STORM_BLANK]}))
            bought = bought.remove(STORM_BLANK, bought[STORM_BLANK])
    if not weather and bought[GOOD_WEATHER]:
        if any(storms):
            weather = GOOD_WEATHER
        else:
            # ARC-4.4: with no storm on the board good weather leaves the game without effect.
            removed = removed.add(GOOD_WEATHER, bought[GOOD_WEATHER])
            bought = bought.remove(GOOD_WEATHER, bought[GOOD_WEATHER])
    return MACHINE.go(
        s,
        "weather" if weather else "stow",
        storms=tuple(storms),
        bought=bought,
        pocket=pocket,
        removed=removed,
        turn=evolve(s.turn, weather=weather),
    )


def weather_moves(s: ArchipelState) -> tuple[Move, ...]:
    """The storm spaces the player may choose for the waiting weather card (ARC-4.3, ARC-4.4)."""
    board = board_for(s.board)
    if s.turn.weather == GOOD_WEATHER:
        return tuple(intern(Calm, board.storm_ids[i]) for i, c in enumerate(s.storms) if c)
    return tuple(intern(Place, board.storm_ids[i]) for i in range(len(s.storms)) if may_place(s, i))


def place(s: ArchipelState, move: Place) -> ArchipelState:
    """ARC-4.3: a blank storm goes on the chosen free space (moving off a drawn number first)."""
    board = board_for(s.board)
    storms = list(s.storms)
    card = s.turn.weather
    storms[board.storm_index[move.space]] = STORM_BLANK
    if card != STORM_BLANK:
        storms[board.storm_by_number[storm_number(card)]] = card
    return _weather_done(s, storms, s.bought.remove(card))


def calm(s: ArchipelState, move: Calm) -> ArchipelState:
    """ARC-4.4: the chosen storm and the good weather card leave the game."""
    board = board_for(s.board)
    storms = list(s.storms)
    i = board.storm_index[move.space]
    removed = s.removed + Tokens((storms[i], GOOD_WEATHER))
    storms[i] = ""
    s = evolve(s, removed=removed, last_progress=s.flow.round)  # ARC-7.6: a storm removed
    return _weather_done(s, storms, s.bought.remove(GOOD_WEATHER))


def _weather_done(s: ArchipelState, storms: list[str], bought: Tokens) -> ArchipelState:
    turn = evolve(s.turn, weather="")
    return MACHINE.go(s, "news", storms=tuple(storms), bought=bought, turn=turn)


# Equipment ------------------------------------------------------------------------------------


def stow(s: ArchipelState) -> ArchipelState:
    """ARC-4.5: the bought cards go on the boat card while it has room (kind order)."""
    me = s.flow.player
    boat = s.boats[me]
    room = DECK - boat.cards.total
    if not s.bought or room <= 0:
        return MACHINE.go(s, "dock")
    moved = Tokens(s.bought.elements()[:room])
    boat = evolve(boat, cards=boat.cards + moved)
    return MACHINE.go(s, "dock", boats=s.boats_with(me, boat), bought=s.bought - moved)


def dock_moves(s: ArchipelState) -> tuple[Move, ...]:
    """ARC-4.7, ARC-4.8, ARC-6.1: on the quay, the excess cards, meetings, the end of the turn."""
    boat = s.boats[s.flow.player]
    moves: list[Move] = []
    if s.bought:
        moves.extend(intern(Discard, card) for card in sorted({*s.bought, *boat.cards}))
    common_moves(s, boat, moves, s.bought)
    if not s.bought:
        moves.append(DONE)
        if may_declare(s):
            moves.append(OVER)
    return tuple(moves)


def done(s: ArchipelState, move: Done) -> ArchipelState:
    """ARC-4.8: done on the quay, the turn is over; the warehouse supplies the shop (ARC-4.9)."""
    return MACHINE.go(s, "supply")


def discard(s: ArchipelState, move: Discard) -> ArchipelState:
    """ARC-4.7: a card beyond four leaves the game (the player picks which)."""
    me = s.flow.player
    removed = s.removed.add(move.card)
    if move.card in s.bought:
        return MACHINE.go(s, "stow", bought=s.bought.remove(move.card), removed=removed)
    boat = evolve(s.boats[me], cards=s.boats[me].cards.remove(move.card))
    return MACHINE.go(s, "stow", boats=s.boats_with(me, boat), removed=removed)


# Supplying the shops --------------------------------------------------------------------------


def supply(s: ArchipelState) -> ArchipelState:
    """ARC-4.9, ARC-4.10: the warehouse refills the emptied shop, the pocket the warehouse."""
    shop = s.turn.shop
    if not shop:
        return MACHINE.go(s, "turn.next")
    changes: dict[str, Any] = {}
    if s.warehouse_shut:
        # ARC-4.10: the sign passes from the warehouse to this shop, which stays empty for good.
        changes["shut"] = s.shut | {shop}
    else:
        shops = list(s.shops)
        shops[board_for(s.board).island_index[shop]] = s.warehouse
        changes["shops"] = tuple(shops)
        changes["warehouse"] = _NONE
    if s.pocket.total >= SHOP_SIZE:
        return MACHINE.go(s, "restock", warehouse_shut=False, **changes)
    return MACHINE.go(s, "turn.next", warehouse_shut=True, **changes)


def restock(s: ArchipelState, move: Draw) -> ArchipelState:
    """ARC-4.9: one card drawn from the pocket for the warehouse."""
    warehouse = s.warehouse.add(move.card)
    step = "restock" if warehouse.total < SHOP_SIZE else "turn.next"
    return MACHINE.go(s, step, pocket=s.pocket.draw(move.card), warehouse=warehouse)
