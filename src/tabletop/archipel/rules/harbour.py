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

from collections.abc import Callable
from typing import Any, Final, TypeVar

from tabletop.archipel.checks import may_declare
from tabletop.archipel.content.board import HARBOUR, Board, board_for
from tabletop.archipel.content.kinds import (
    BAITS,
    GEAR,
    GOOD_WEATHER,
    LEAK,
    STORM_BLANK,
    is_storm,
    is_weather,
    storm_number,
)
from tabletop.archipel.flow import MACHINE, Work, make_boat, make_turn
from tabletop.archipel.moves import DONE, OVER, Calm, Discard, Done, Draw, Place, intern
from tabletop.archipel.rules.meetings import common_moves
from tabletop.archipel.state import DECK, SHOP_SIZE, ArchipelState, Boat
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = [
    "arrive",
    "arrived",
    "calm",
    "discard",
    "dock_moves",
    "done",
    "done_changes",
    "news",
    "place",
    "restock",
    "restocked",
    "stow",
    "supplied",
    "supply",
    "weather_moves",
]

_NONE: Final = Tokens()
#: Cards whose purchase counts as progress for the idle rule (ARC-7.6).
_PROGRESS_CARDS: Final = BAITS | {GEAR}


# Arrival --------------------------------------------------------------------------------------


def arrive(w: Work) -> None:
    """Take the shop's cards, check for leaks, deliver fish (ARC-2.7, ARC-4.1, ARC-4.2)."""
    board = w.map
    me = w.flow.player
    boat = w.boats[me]
    island, bought, shops = _shop_cards(board, w.shut, w.shops, boat.at)
    if shops is not None:
        w.shops = shops
        w.turn = evolve(w.turn, shop=boat.at)
    leaks = bought[LEAK]
    if leaks:
        # ARC-4.1: the boat's equipment (and with two leaks its fish) leaves the game.
        bought = bought.remove(LEAK, leaks)
        w.pocket = w.pocket.put(Tokens({LEAK: leaks}))
        w.removed = w.removed + boat.cards
        boat = evolve(boat, cards=_NONE)
        if leaks >= 2:
            w.lost = w.lost + boat.fish
            boat = evolve(boat, fish=_NONE)
    boat, markets, progress = _ashore(board, w.short, w.markets, island, boat, bought)
    if markets is not None:
        w.markets = markets
    if progress:
        w.last_progress = w.flow.round
    if boat is not w.boats[me]:
        w.set_boat(me, boat)
    w.go("news", bought=bought)


def _shop_cards(
    board: Board, shut: frozenset[str], shops: tuple[Tokens, ...], at: str
) -> tuple[int, Tokens, tuple[Tokens, ...] | None]:
    """ARC-2.7, for `arrive` and `arrived`: the island of the harbour at `at` (-1: none, or a home port),
    the cards the boat takes from its shop, and the shops after (`None`: no shop, or a closed one)."""
    island = board.island_index.get(at, -1) if board.kind[at] == HARBOUR else -1
    if island < 0 or at in shut:
        return island, _NONE, None
    after = list(shops)
    after[island] = _NONE
    return island, shops[island], tuple(after)


def _ashore(
    board: Board, short: bool, markets: tuple[Tokens, ...], island: int, boat: Boat, bought: Tokens
) -> tuple[Boat, tuple[Tokens, ...] | None, bool]:
    """ARC-4.2 and ARC-7.6, for `arrive` and `arrived`: the boat after its fish went to the market of
    `island` (none at a home port, nor at a pagoda in the short game), the markets after (`None`:
    nothing delivered), and whether that or the cards `bought` (bait, storm gear) are progress."""
    markets_after = None
    if island >= 0 and not (short and board.islands[island].pagoda):
        boat, markets_after = _deliver(board, markets, island, boat)
    progress = markets_after is not None or (bought.total > 0 and not _PROGRESS_CARDS.isdisjoint(bought))
    return boat, markets_after, progress


def _deliver(board: Board, markets: tuple[Tokens, ...], island: int, boat: Boat) -> tuple[Boat, Any]:
    """ARC-4.2: every fish the market still wants goes to the market: the boat after, and the
    markets after (`None` when nothing was delivered)."""
    if not boat.fish.total:
        return boat, None
    ordered = board.orders[island]
    delivered = markets[island]
    for colour in ordered:
        n = min(boat.fish[colour], ordered[colour] - delivered[colour])
        if n > 0:
            boat = evolve(boat, fish=boat.fish.remove(colour, n))
            delivered = delivered.add(colour, n)
    if delivered == markets[island]:
        return boat, None
    after = list(markets)
    after[island] = delivered
    return boat, tuple(after)


def arrived(s: ArchipelState, changes: dict[str, Any]) -> dict[str, Any] | None:
    """The fields a move into a harbour changes (its own `changes`, the flow at `harbour.arrive`,
    here completed in place) with the automatic steps after it run: `arrive`, `news`, `stow`.
    `rules.apply` builds the next state from them in one copy: the fields those steps give on a
    `Work` (`tests/archipel/test_archipel_one_copy_arrival.py`). `None`, with `changes` left as
    they were, when a weather card already waits or a leak card comes aboard (ARC-4.1): the steps
    are run on a `Work` then."""
    turn = changes.get("turn", s.turn)
    if turn.weather:
        return None
    flow = changes["flow"]
    boats = changes.get("boats", s.boats)
    me = flow.player
    boat = boats[me]
    at, board, shop = boat.at, board_for(s.board), turn.shop
    island, bought, shops = _shop_cards(board, s.shut, s.shops, at)
    if shops is not None:
        if bought[LEAK]:
            return None
        changes["shops"] = shops
        shop = at
    boat, markets, progress = _ashore(board, s.short, s.markets, island, boat, bought)
    if markets is not None:
        changes["markets"] = markets
    if progress:
        changes["last_progress"] = flow.round
    flow = MACHINE.goto(flow, "news")
    boat, bought, weather = _on_the_quay(s, board, boat, bought, changes)
    if weather:
        flow = MACHINE.goto(flow, "weather")
    else:
        flow = MACHINE.goto(MACHINE.goto(flow, "stow"), "dock")
    if boat is not boats[me]:
        boats = list(boats)
        boats[me] = boat
        changes["boats"] = tuple(boats)
    if shop != turn.shop or weather:
        turn = make_turn(turn.may_catch, shop, weather, turn.gifts, turn.sailed)
    changes.update(flow=flow, turn=turn, bought=bought)
    return changes


def _on_the_quay(
    s: ArchipelState, board: Board, boat: Boat, bought: Tokens, changes: dict[str, Any]
) -> tuple[Boat, Tokens, str]:
    """`arrived`'s `news` and `stow`: the boat, the cards left on the quay and the weather card
    waiting (`""`: none), the storms, pocket and removed cards set in `changes` if read."""
    weather = ""
    if bought.total and any(map(_WEATHER.__getitem__, bought)):  # ARC-4.3, ARC-4.4
        storms, bought, back, out, weather = _kept(_NEWS, _read_news, board, s.storms, bought)
        changes.update(storms=storms, pocket=s.pocket.put(back) if back else s.pocket, removed=s.removed + out)
    if bought.total and not weather:  # ARC-4.5
        stowed = _kept(_STOWED, _stowed, boat.cards, bought)
        if stowed is not None:
            boat = make_boat(boat.colour, boat.home, boat.at, boat.fuel, boat.fish, stowed[0])
            bought = stowed[1]
    return boat, bought, weather


# Weather news ---------------------------------------------------------------------------------


def news(w: Work) -> None:
    """Read the weather cards that need no choice; stop at the first one that does."""
    bought = w.bought
    if not w.turn.weather and not any(map(_WEATHER.__getitem__, bought)):
        w.go("stow")  # no news: the storms tuple stays the same object (the sail targets are kept by it)
        return
    storms, bought, back, out, weather = _read_news(w.map, w.storms, bought)
    w.go(
        "weather" if weather else "stow",
        storms=storms,
        bought=bought,
        pocket=w.pocket.put(back) if back else w.pocket,
        removed=w.removed + out,
        turn=evolve(w.turn, weather=weather),
    )


_News = tuple[tuple[str, ...], Tokens, Tokens, Tokens, str]
"""The storms, the cards left on the quay, back to the pocket and out of the game, and the weather
card waiting (`""`: none) after the weather news (`_read_news`)."""


def _read_news(board: Board, on_board: tuple[str, ...], bought: Tokens) -> _News:
    """`news` on its fields: the storms and bought cards after the weather cards that need no
    choice are read, the cards that go back to the pocket, those that leave the game, and the card
    waiting for a choice (`""`: none)."""
    storms = list(on_board)
    weather = ""
    back: list[str] = []
    out = _NONE
    for card in sorted((c for c in bought if is_storm(c) and c != STORM_BLANK), key=storm_number):
        i = board.storm_by_number[storm_number(card)]
        if storms[i] and any(not c for j, c in enumerate(storms) if j != i):
            weather = card  # ARC-4.3: a blank storm must move off this number first
            break
        if storms[i]:
            back.append(storms[i])  # no free space for the blank: back to the pocket
        storms[i] = card
        bought = bought.remove(card)
    if not weather and bought[STORM_BLANK]:
        if "" in storms:
            weather = STORM_BLANK
        else:
            back += [STORM_BLANK] * bought[STORM_BLANK]
            bought = bought.remove(STORM_BLANK, bought[STORM_BLANK])
    if not weather and bought[GOOD_WEATHER]:
        if any(storms):
            weather = GOOD_WEATHER
        else:
            # ARC-4.4: with no storm on the board good weather leaves the game without effect.
            out = Tokens({GOOD_WEATHER: bought[GOOD_WEATHER]})
            bought = bought.remove(GOOD_WEATHER, bought[GOOD_WEATHER])
    return tuple(storms), bought, Tokens(back) if back else _NONE, out, weather


R = TypeVar("R")


def _kept(table: dict[tuple[int, ...], tuple[Any, Any]], function: Callable[..., R], *args: Any) -> R:
    """`function(*args)`, kept in `table` by the identity of the arguments (an entry holds them,
    so their ids are not reused; at most `_KEPT` entries): the positions of a search share their
    storms, shops and boat cards, and each reaches every harbour. A live argument's id finds only
    its own entry (one the entry keeps alive), in any thread."""
    key = tuple(map(id, args))
    found = table.get(key)
    if found is None:
        if len(table) >= _KEPT:
            table.clear()
        found = table[key] = (args, function(*args))
    answer: R = found[1]
    return answer


_KEPT: Final = 4096
_NEWS: Final[dict[tuple[int, ...], tuple[Any, Any]]] = {}
"""`_read_news` answers by the ids of the board, storms and quay read."""
_STOWED: Final[dict[tuple[int, ...], tuple[Any, Any]]] = {}
"""`_stowed` answers by the ids of the boat's cards and the quay read."""


class _Weather(dict[str, bool]):
    """`is_weather` of each card kind, worked out the first time it is asked (`__missing__`)."""

    def __missing__(self, card: str) -> bool:
        found = self[card] = is_weather(card)
        return found


_WEATHER: Final = _Weather()
"""`is_weather` of each card kind met (a handful of kinds, asked at every harbour visit)."""


def weather_moves(s: ArchipelState) -> tuple[Move, ...]:
    """The storm spaces the player may choose for the waiting weather card (ARC-4.3, ARC-4.4)."""
    board = board_for(s.board)
    calms, places = _storm_moves(s.board, board)
    if s.turn.weather == GOOD_WEATHER:
        return tuple([calms[i] for i, c in enumerate(s.storms) if c])
    taken = board.storm_by_number.get(storm_number(s.turn.weather), -1)  # `may_place` of every space at once
    return tuple([places[i] for i, c in enumerate(s.storms) if not c and i != taken])


def _storm_moves(name: str, board: Board) -> tuple[tuple[Calm, ...], tuple[Place, ...]]:
    """The `calm` and the `place` move of each storm space of the board named `name`, by space
    index, made once (at most `_BOARDS_KEPT` boards kept: the table is emptied when full)."""
    found = _STORM_MOVES.get(name)
    if found is None:
        if len(_STORM_MOVES) >= _BOARDS_KEPT:
            _STORM_MOVES.clear()
        ids = board.storm_ids
        found = _STORM_MOVES[name] = (tuple([intern(Calm, i) for i in ids]), tuple([intern(Place, i) for i in ids]))
    return found


_STORM_MOVES: Final[dict[str, tuple[tuple[Calm, ...], tuple[Place, ...]]]] = {}
_BOARDS_KEPT: Final = 64


def place(w: Work, move: Place) -> None:
    """ARC-4.3: a blank storm goes on the chosen free space (moving off a drawn number first)."""
    board = w.map
    storms = list(w.storms)
    card = w.turn.weather
    storms[board.storm_index[move.space]] = STORM_BLANK
    if card != STORM_BLANK:
        storms[board.storm_by_number[storm_number(card)]] = card
    _weather_done(w, storms, w.bought.remove(card))


def calm(w: Work, move: Calm) -> None:
    """ARC-4.4: the chosen storm and the good weather card leave the game."""
    storms = list(w.storms)
    i = w.map.storm_index[move.space]
    w.removed = w.removed + Tokens((storms[i], GOOD_WEATHER))
    w.last_progress = w.flow.round  # ARC-7.6: a storm removed
    storms[i] = ""
    _weather_done(w, storms, w.bought.remove(GOOD_WEATHER))


def _weather_done(w: Work, storms: list[str], bought: Tokens) -> None:
    w.go("news", storms=tuple(storms), bought=bought, turn=evolve(w.turn, weather=""))


# Equipment ------------------------------------------------------------------------------------


def stow(w: Work) -> None:
    """ARC-4.5: the bought cards go on the boat card while it has room (kind order)."""
    me = w.flow.player
    boat = w.boats[me]
    stowed = _stowed(boat.cards, w.bought)
    if stowed is None:
        w.go("dock")
        return
    w.set_boat(me, evolve(boat, cards=stowed[0]))
    w.go("dock", bought=stowed[1])


def _stowed(cards: Tokens, bought: Tokens) -> tuple[Tokens, Tokens] | None:
    """`stow` on its fields: the boat's cards with those it has room for, and the cards left on
    the quay; `None` when no card moves (none bought, or no room)."""
    room = DECK - cards.total
    if not bought.total or room <= 0:
        return None
    if bought.total <= room:  # every card goes on the boat card
        moved, left = bought, _NONE
    else:
        moved = Tokens(bought.elements()[:room])
        left = bought - moved
    return cards + moved, left


def dock_moves(s: ArchipelState) -> tuple[Move, ...]:
    """ARC-4.7, ARC-4.8, ARC-6.1: on the quay, the excess cards, meetings, the end of the turn."""
    boat = s.boats[s.flow.player]
    moves: list[Move] = []
    bought = s.bought
    if bought.total:
        moves.extend(intern(Discard, card) for card in sorted({*bought, *boat.cards}))
    common_moves(s, boat, moves, bought)
    if not bought.total:
        moves.append(DONE)
        if may_declare(s):
            moves.append(OVER)
    return tuple(moves)


def done(w: Work, move: Done) -> None:
    """ARC-4.8: done on the quay, the turn is over; the warehouse supplies the shop (ARC-4.9)."""
    w.go("supply")


def discard(w: Work, move: Discard) -> None:
    """ARC-4.7: a card beyond four leaves the game (the player picks which)."""
    me = w.flow.player
    w.removed = w.removed.add(move.card)
    if move.card in w.bought:
        w.bought = w.bought.remove(move.card)
    else:
        w.set_boat(me, evolve(w.boats[me], cards=w.boats[me].cards.remove(move.card)))
    w.go("stow")


# Supplying the shops --------------------------------------------------------------------------


def supply(w: Work) -> None:
    """ARC-4.9, ARC-4.10: the warehouse refills the emptied shop, the pocket the warehouse."""
    for name, value in supplied(w.position, w.flow).items():
        setattr(w, name, value)


def supplied(s: ArchipelState, flow: Flow) -> dict[str, Any]:
    """The fields [`supply`][tabletop.archipel.rules.harbour.supply] changes in `s` standing at
    `flow` (`harbour.supply`), the flow at its next step among them: `rules.apply` builds the
    state after `done` from them in one copy."""
    shop = s.turn.shop
    if not shop:
        return {"flow": MACHINE.goto(flow, "turn.next")}
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
        changes.update(flow=MACHINE.goto(flow, "restock"), warehouse_shut=False)
    else:
        changes.update(flow=MACHINE.goto(flow, "turn.next"), warehouse_shut=True)
    return changes


def done_changes(s: ArchipelState, move: Done) -> dict[str, Any]:
    """ARC-4.8, ARC-4.9: the fields `done` and the `supply` after it change."""
    return supplied(s, MACHINE.goto(s.flow, "supply"))


def restock(w: Work, move: Draw) -> None:
    """ARC-4.9: one card drawn from the pocket for the warehouse."""
    for name, value in restocked(w.position, move.card).items():
        setattr(w, name, value)


def restocked(s: ArchipelState, card: str) -> dict[str, Any]:
    """The fields [`restock`][tabletop.archipel.rules.harbour.restock] changes when `card` is
    drawn (the flow at its next step among them), as [`dealt`][tabletop.archipel.rules.setup.dealt]."""
    warehouse = s.warehouse.add(card)
    step = "restock" if warehouse.total < SHOP_SIZE else "turn.next"
    return {"flow": MACHINE.goto(s.flow, step), "pocket": s.pocket.draw(card), "warehouse": warehouse}
