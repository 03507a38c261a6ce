"""The action tokens (ZOO-4.1 to ZOO-4.14), helper abilities after a token (ZOO-5.1) and
intrigue cards (ZOO-12.8): legal moves and what they do.

Legal moves are listed in a stable order: for trading, purchases (companies/fruits in board
order, a fruit from the warehouse before the same fruit from each other seat clockwise from
the first player) then sales, then ``done``; hiring, the helper market from the slot next to
the deck; lobbying, each face-up card (row order) into each company (board order);
speculation, each non-empty company deck in board order; then ``done``.
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.deck import Known
from tabletop.kernel.protocol import Move
from tabletop.spolka_zoo import economy
from tabletop.spolka_zoo.cards import HELPER_COST, HELPERS
from tabletop.spolka_zoo.decks import deck_of, remove_cards, set_deck
from tabletop.spolka_zoo.interpreter import start
from tabletop.spolka_zoo.moves import Done, Hire, Lobby, PlayIntrigue, Speculate, Trade, UseHelper
from tabletop.spolka_zoo.state import FRUIT_INDEX, Task, ZooState, evolve
from tabletop.spolka_zoo.vocabulary import effect_tasks

__all__ = [
    "abilities",
    "ability_moves",
    "act",
    "action_moves",
    "can_intrigue",
    "intrigue_moves",
    "play_intrigue",
    "use_helper",
]

#: Transactions per trading token.
TRANSACTIONS: Final = 2
#: Coins for lobbying and for speculation.
LOBBY_COINS: Final = 2
SPECULATION_COINS: Final = 1
#: Cards a speculator looks at.
SPECULATION_LOOK: Final = 4
#: Coins a buyer pays a seller above the price when buying from another player's pool.
PLAYER_MARKUP: Final = 2
DONE: Final = Done()


def _turn(state: ZooState, **changes: object) -> ZooState:
    return evolve(state, turn=evolve(state.turn, **changes))


def _share_trades(state: ZooState, seat: int) -> list[Move]:
    me = state.seats[seat]
    done = state.turn.trades
    buys: list[Move] = [
        Trade("buy", "share", c)
        for c in state.board
        if f"sell:{c}" not in done and me.share_pool and me.money >= economy.share_cost(state, seat, c)
    ]
    sells = [Trade("sell", "share", c) for c in state.board if f"buy:{c}" not in done and me.shares[FRUIT_INDEX[c]]]
    return buys + sells


def _fruit_trades(state: ZooState, seat: int) -> list[Move]:
    me = state.seats[seat]
    done = state.turn.trades
    moves: list[Move] = []
    for fruit in state.board:
        if f"sell:{fruit}" in done:
            continue
        if state.warehouse[fruit] and me.money >= economy.fruit_cost(state, seat, fruit):
            moves.append(Trade("buy", "fruit", fruit))
        if me.money >= state.fruit_price[FRUIT_INDEX[fruit]] + PLAYER_MARKUP:
            moves.extend(
                Trade("buy", "fruit", fruit, other)
                for other in state.order_from_first()
                if other != seat and state.seats[other].fruit[fruit]
            )
    moves.extend(Trade("sell", "fruit", f) for f in state.board if f"buy:{f}" not in done and me.fruit[f])
    return moves


def action_moves(state: ZooState) -> tuple[Move, ...]:
    """The moves of the seat carrying out its token's action (``action.act``)."""
    seat = state.turn.seat
    action = state.turn.action
    moves: list[Move]
    if action == "share":
        moves = _share_trades(state, seat)
    elif action == "fruit":
        moves = _fruit_trades(state, seat)
    elif action == "helper":
        pool = state.seats[seat].fruit
        moves = [Hire(card) for card in dict.fromkeys(state.piles.helper_row) if card and HELPER_COST[card] <= pool]
    elif action == "lobby":
        cards = dict.fromkeys(c for c in state.piles.influence_row if c)
        moves = [Lobby(card, company) for card in cards for company in state.board]
    else:
        moves = [Speculate(c) for c in state.board if len(deck_of(state, c))]
    return (*moves, DONE)


def act(state: ZooState, move: Move) -> ZooState:
    """Carry out one move of ``action.act``."""
    seat = state.turn.seat
    if isinstance(move, Trade):
        return _trade(state, seat, move)
    if isinstance(move, Hire):
        return _hire(state, seat, move.card)
    if isinstance(move, Lobby):
        return _lobby(state, seat, move)
    if isinstance(move, Speculate):
        state = economy.gain(state, seat, SPECULATION_COINS)
        look = Task("look", seat=seat, actor=seat, company=move.company, n=SPECULATION_LOOK, arg="bottom")
        return start(state, (look,), "action.after", turn=evolve(state.turn, used=True))
    return evolve(state, flow=state.MACHINE.goto(state.flow, "after"))


def _trade(state: ZooState, seat: int, move: Trade) -> ZooState:
    if move.what == "share":
        state = (economy.buy_share if move.op == "buy" else economy.sell_share)(state, seat, move.item)
    elif move.op == "sell":
        state = economy.sell_fruit(state, seat, move.item)
    elif move.seller >= 0:
        state = economy.buy_fruit_from(state, seat, move.item, move.seller)
    else:
        state = economy.buy_fruit(state, seat, move.item)
    trades = (*state.turn.trades, f"{move.op}:{move.item}")
    step = "after" if len(trades) >= TRANSACTIONS else "act"
    turn = evolve(state.turn, trades=trades, used=True)
    return evolve(state, turn=turn, flow=state.MACHINE.goto(state.flow, step))


def _hire(state: ZooState, seat: int, card: str) -> ZooState:
    slot = state.piles.helper_row.index(card)
    state = economy.discard_fruit(state, seat, HELPER_COST[card])
    me = state.seats[seat]
    state = economy.set_seat(state, seat, evolve(me, helpers=(*me.helpers, card)))
    row = list(state.piles.helper_row)
    row[slot] = ""
    changes = {"piles": evolve(state.piles, helper_row=tuple(row)), "turn": evolve(state.turn, used=True)}
    return start(state, (Task("draw_row", arg="helper", index=slot),), "action.after", **changes)


def _lobby(state: ZooState, seat: int, move: Lobby) -> ZooState:
    slot = state.piles.influence_row.index(move.card)
    state = economy.gain(state, seat, LOBBY_COINS)
    state = set_deck(state, move.company, deck_of(state, move.company).shuffle_in((move.card,)))
    row = list(state.piles.influence_row)
    row[slot] = ""
    changes = {"piles": evolve(state.piles, influence_row=tuple(row)), "turn": evolve(state.turn, used=True)}
    return start(state, (Task("draw_row", arg="influence", index=slot),), "action.after", **changes)


# Helper abilities after a token -------------------------------------------------------------------


def abilities(state: ZooState) -> tuple[Move, ...]:
    """The helper abilities the seat may still use after the token it just resolved."""
    turn = state.turn
    me = state.seats[turn.seat]
    found: list[Move] = []
    for card in dict.fromkeys(me.helpers):
        trigger = HELPERS[card].trigger
        if trigger in ("any", turn.action) and turn.abilities.count(card) < me.helpers.count(card):
            found.append(UseHelper(card))
    return tuple(found)


def ability_moves(state: ZooState) -> tuple[Move, ...]:
    """The moves of ``action.abilities``: each usable helper, each intrigue card (abilities and
    the intrigue after a token come in any order, ZOO-5.3, ZOO-12.8), then ``done``."""
    if can_intrigue(state):
        return (*abilities(state), *intrigue_moves(state))
    return (*abilities(state), DONE)


def use_helper(state: ZooState, card: str) -> ZooState:
    """Use a helper's ability: its effects run, then the seat may use others."""
    seat = state.turn.seat
    turn = evolve(state.turn, abilities=(*state.turn.abilities, card))
    return start(state, effect_tasks(card, actor=seat), "action.after", turn=turn)


# Intrigues -----------------------------------------------------------------------------------------


def can_intrigue(state: ZooState) -> bool:
    """Whether the seat resolving a token may still play an intrigue card for it."""
    return bool(state.seats[state.turn.seat].intrigues) and not state.turn.intrigue


def intrigue_moves(state: ZooState) -> tuple[Move, ...]:
    """Play one of the intrigue cards in hand, or ``done``."""
    hand = state.seats[state.turn.seat].intrigues
    return (*(PlayIntrigue(card) for card in dict.fromkeys(hand)), DONE)


def play_intrigue(state: ZooState, card: str, resume: str) -> ZooState:
    """Play an intrigue card: it leaves the game face up and its effects run."""
    seat = state.turn.seat
    me = state.seats[seat]
    hand = list(me.intrigues)
    hand.remove(card)
    state = economy.set_seat(state, seat, evolve(me, intrigues=tuple(hand)))
    state = remove_cards(_turn(state, intrigue=True), (Known(card, public=True),))
    return start(state, effect_tasks(card, actor=seat), resume)
