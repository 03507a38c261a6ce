"""The action tokens (ZOO-4.1 to ZOO-4.14), helper abilities after a token (ZOO-5.1) and
intrigue cards (ZOO-12.8): legal moves and what they do.

Legal moves are listed in a stable order: for trading, purchases (companies/fruits in board
order, a fruit from the warehouse before the same fruit from each other seat clockwise from
the first player) then sales, then `done`; hiring, the helper market from the slot next to
the deck; lobbying, each face-up card (row order) into each company (board order);
speculation, each non-empty company deck in board order (each deck when all are empty);
then `done`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from tabletop.kernel.deck import HIDDEN, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move
from tabletop.spolka_zoo.content import HELPER_COST, HELPERS, TOKENS
from tabletop.spolka_zoo.flow import WORK_STARTS, humans_from
from tabletop.spolka_zoo.moves import Done, Hire, Lobby, Pick, PlayIntrigue, Speculate, Trade, UseHelper
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.rules.decks import DRAW_HELPER, DRAW_INFLUENCE, deck_of, remove_cards, shuffled_into
from tabletop.spolka_zoo.rules.effects import effect_tasks
from tabletop.spolka_zoo.rules.work import start, tasks_of
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Position, Seat, Task, Turn, evolve, fields_with, piles_with
from tabletop.spolka_zoo.state.makeup import lobbied
from tabletop.spolka_zoo.state.parts import _ORDERS  # the seats clockwise from each first player

__all__ = [
    "STEPS",
    "abilities",
    "ability_moves",
    "act",
    "action_moves",
    "can_intrigue",
    "close_window",
    "intrigue_moves",
    "pick",
    "pick_moves",
    "play_intrigue",
    "use_helper",
]

TRANSACTIONS: Final = 2
"""Transactions per trading token."""
#: Coins for lobbying and for speculation.
LOBBY_COINS: Final = 2
SPECULATION_COINS: Final = 1
SPECULATION_LOOK: Final = 4
"""Cards a speculator looks at."""
#: Coins a buyer pays a seller above the price when buying from another player's pool.
PLAYER_MARKUP: Final = 2
DONE: Final = Done()

# Moves are values: each distinct move is built once and shared, so listing the legal moves
# picks moves instead of building them (the action step's moves are listed at every step).
_trade_move: Final = functools.cache(Trade)
_hire_move: Final = functools.cache(Hire)
_lobby_move: Final = functools.cache(Lobby)
_speculate_move: Final = functools.cache(Speculate)
_turn: Final = functools.cache(Turn)
"""`Turn(...)` of a token's progress, each built once and shared (turns are values)."""
_TURNS: Final[dict[tuple[int, int, int], Turn]] = {}
"""`_turn_at`'s turns by (number, position, seat): at most 5 numbers x 6 positions x 6 seats."""


def _turn_at(number: int, position: int, seat: int) -> Turn:
    """`Turn(number, position, seat)`, shared: found by its three values given positionally (no
    keywords hashed into `_turn`'s cache key)."""
    key = (number, position, seat)
    found = _TURNS.get(key)
    if found is None:
        found = _TURNS[key] = _turn(number=number, position=position, seat=seat)
    return found


_TURNS_WITH: Final[dict[tuple[int, str, str, bool], tuple[Turn, Turn]]] = {}
"""`_turn_with`'s turns by (the id of the turn changed, token, action, used): (that turn, kept alive with its id,
the changed turn); at most `_MAX_TURNS_WITH`, emptied when full so that a long process keeps sharing."""
_MAX_TURNS_WITH: Final = 4096
"""Changed turns kept in `_TURNS_WITH` at most (when it is full, the table is emptied and fills again)."""


def _turn_with(turn: Turn, token: str, action: str, used: bool) -> Turn:
    """`turn` with its token revealed or its action used, shared: a turn from `_turn_at` changes
    the same few ways at every token, so the changed turn is built once (turns are values)."""
    key = (id(turn), token, action, used)
    hit = _TURNS_WITH.get(key)
    if hit is not None and hit[0] is turn:
        return hit[1]
    changed = _WITH_TOKEN(turn, token, action, used)
    if len(_TURNS_WITH) >= _MAX_TURNS_WITH:  # full (turns read from texts, a long process): start again
        _TURNS_WITH.clear()
    _TURNS_WITH[key] = (turn, changed)
    return changed


def _used(turn: Turn) -> Turn:
    """`turn` with its action performed (not declined): helper abilities may follow."""
    return _turn_with(turn, turn.token, turn.action, True)


_BOT_TURN: Final[Callable[[int], Task]] = tasks_of("bot_turn", "seat")
"""`_BOT_TURN(seat)`: the bot at `seat` plays its turn."""
_BOT_TURNS: Final[dict[int, tuple[Task]]] = {}
"""`(_BOT_TURN(seat),)` by seat (five at most), the tasks a bot's turn starts with: no call nor tuple per turn."""
_NEXT_RESUME: Final = WORK_STARTS["action.next"]
"""Where the round resumes after work started at `action.next` (a bot's turn)."""
_LOOK_BOTTOM: Final[Callable[[int, int, str], Task]] = tasks_of(
    "look", "seat", "actor", "company", n=SPECULATION_LOOK, arg="bottom"
)
"""`_LOOK_BOTTOM(seat, actor, company)`: a speculation's look at the bottom of a company deck."""


# The action phase's steps (ZOO-3.1 to ZOO-3.4) ----------------------------------------------------


def _start(draft: Draft) -> None:
    """`action.start`: a new token of the round; the first human seat picks (ZOO-3.1)."""
    draft.turn = _turn_at(draft.turn.number + 1, 0, -1)
    draft.goto("pick", humans_from(draft, None)[0])


def pick_moves(state: Position) -> tuple[Move, ...]:
    """The tokens the seat to move may pick (ZOO-3.1; a duplicate never first, ZOO-4.13)."""
    return _picks_after(state.seats[state.flow.player].played)


_WITH_PICK: Final = fields_with(Seat, "pick")
_WITH_PLAYED: Final = fields_with(Seat, "pick", "played")
_WITH_TOKEN: Final = fields_with(Turn, "token", "action", "used")
_WITH_TRADES: Final = fields_with(Turn, "trades", "used")
_WITH_HELPERS: Final = fields_with(Seat, "helpers")
_WITH_HELPER_ROW: Final = piles_with("helper_row")
_WITH_INFLUENCE_ROW: Final = piles_with("influence_row")
"""The seat's and the turn's few changes of every token (`evolve` with those fields)."""


_PICKS: Final = {token: Pick(token) for token in TOKENS}
"""One `Pick` per token, shared by every list of picks."""


@functools.cache
def _picks_after(played: tuple[str, ...]) -> tuple[Move, ...]:
    """The tokens a seat may pick after playing `played` this round (built once each)."""
    return tuple([_PICKS[t] for t in TOKENS if t not in played and (t != "duplicate" or played)])


def pick(draft: Draft, move: Pick) -> None:
    """`action.pick`: the seat's secret choice; the next human seat picks, or play goes on."""
    seat_index = draft.flow.player
    draft.set_seat(seat_index, _WITH_PICK(draft.seats[seat_index], move.token))
    rest = humans_from(draft, seat_index)
    if rest:
        draft.goto("pick", rest[0])
    else:
        draft.goto("next")


def _next(draft: Draft) -> None:
    """`action.next`: the next seat clockwise resolves its token (ZOO-3.2); a bot plays its
    bot card instead (ZOO-13.3); after the last seat, the next token or the market phase."""
    turn = draft.turn
    order = _ORDERS[len(draft.seats)][draft.flow.first_player]  # draft.order_from_first(), without the call
    if turn.position == len(order):
        draft.goto("start" if turn.number < draft.config.tokens_per_round else "market.start")
        return
    seat = order[turn.position]
    key = (turn.number, turn.position + 1, seat)
    found = _TURNS.get(key)  # `_turn_at(*key)` without the call: it is there but the first time
    draft.turn = found if found is not None else _turn_at(*key)
    if draft.seats[seat].bot:
        tasks = _BOT_TURNS.get(seat)
        if tasks is None:
            tasks = _BOT_TURNS[seat] = (_BOT_TURN(seat),)
        draft.to_work()  # `start(draft, tasks)` in line, from this step: the work resumes where action.next's does
        draft.queue = tasks + draft.queue
        draft.resume = _NEXT_RESUME
    elif draft.seats[seat].intrigues:
        draft.goto("before", seat)
    else:  # nothing to decide before the reveal: reveal at once
        _revealed(draft)
        draft.goto("act", seat)


def _revealed(draft: Draft) -> None:
    """The token of `turn.seat` is revealed (ZOO-3.2); a duplicate copies the token before it.

    Raises:
        IllegalMove: In a seat's view, when the token is another seat's secret pick (ZOO-3.1):
            the view does not know what it reveals.
    """
    index = draft.turn.seat
    seat = draft.seats[index]
    token = seat.pick
    if token == HIDDEN:
        msg = f"a view cannot reveal seat {index}'s secret token: apply the move to the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ZOO-3.1")
    action = seat.played[-1] if token == "duplicate" else token
    draft.set_seat(index, _WITH_PLAYED(seat, "", (*seat.played, token)))
    turn = draft.turn
    draft.turn = _turn_with(turn, token, action, turn.used)


def _reveal(draft: Draft) -> None:
    """`action.reveal`: the token is revealed; an intrigue may be played before it resolves."""
    _revealed(draft)
    window = draft.seats[draft.turn.seat].intrigues and not draft.turn.intrigue
    draft.goto("revealed" if window else "act")


def _after(draft: Draft) -> None:
    """`action.after`: helper abilities if the action was performed (ZOO-5.1), else the last
    intrigue window (ZOO-12.8), else the token is done."""
    if draft.turn.used and abilities(draft):
        draft.goto("abilities")
    elif can_intrigue(draft):
        draft.goto("late")
    else:
        _finish(draft)


def _finish(draft: Draft) -> None:
    """`action.finish`: the token is spent; on to the next seat (from `after` directly when
    nothing is left to do)."""
    turn = draft.turn
    draft.turn = _turn_at(turn.number, turn.position, -1)
    draft.goto("next")


STEPS: Final[dict[str, Callable[[Draft], None]]] = {
    "action.start": _start,
    "action.next": _next,
    "action.reveal": _reveal,
    "action.after": _after,
    "action.finish": _finish,
}
"""The automatic steps of the action phase, by step."""

_WINDOW_NEXT: Final = {
    "before": "action.reveal",
    "revealed": "action.act",
    "abilities": "action.after",
    "late": "action.finish",
}


def close_window(draft: Draft, move: Move) -> None:
    """An intrigue played (ZOO-12.8), a helper used (ZOO-5.1), or `done` in a window."""
    if isinstance(move, PlayIntrigue):
        play_intrigue(draft, move.card)
    elif isinstance(move, UseHelper):
        use_helper(draft, move.card)
    elif draft.flow.step == "abilities":  # the intrigue was offered beside the abilities: the token is done
        draft.goto("finish")
    else:
        draft.goto(_WINDOW_NEXT[draft.flow.step].split(".")[1])


# The token's action (ZOO-4) ------------------------------------------------------------------------


def _share_trades(state: Position, seat: int) -> list[Move]:
    """Buys then sells of shares, in board order; never back a transaction made with this token.

    `economy.share_cost` with its passive discount read once (not once per company)."""
    me = state.seats[seat]
    done = state.turn.trades
    moves: list[Move] = []
    if me.share_pool:
        money, cut, prices = me.money, me.passive("share_discount"), state.share_price
        moves = [
            _trade_move("buy", "share", c)
            for c in state.board
            if money >= max(0, prices[FRUIT_INDEX[c]] - cut) and not (done and f"sell:{c}" in done)
        ]
    shares = me.shares
    moves += [
        _trade_move("sell", "share", c)
        for c in state.board
        if shares[FRUIT_INDEX[c]] and not (done and f"buy:{c}" in done)
    ]
    return moves


def _fruit_trades(state: Position, seat: int) -> list[Move]:
    """For each fruit in board order: from the warehouse, then from the other seats; then the
    sales. `economy.fruit_cost` with its passive discount read once (not once per fruit)."""
    me = state.seats[seat]
    done = state.turn.trades
    seats = state.seats
    others = [other for other in state.order_from_first() if other != seat]
    money, cut, prices, warehouse = me.money, me.passive("fruit_discount"), state.fruit_price, state.warehouse
    moves: list[Move] = []
    for fruit in state.board:
        if done and f"sell:{fruit}" in done:
            continue
        price = prices[FRUIT_INDEX[fruit]]
        if warehouse[fruit] and money >= max(0, price - cut):
            moves.append(_trade_move("buy", "fruit", fruit))
        if money >= price + PLAYER_MARKUP:
            moves.extend(_trade_move("buy", "fruit", fruit, other) for other in others if seats[other].fruit[fruit])
    pool = me.fruit
    moves.extend(_trade_move("sell", "fruit", f) for f in state.board if pool[f] and not (done and f"buy:{f}" in done))
    return moves


def action_moves(state: Position) -> tuple[Move, ...]:
    """The moves of the seat carrying out its token's action (`action.act`)."""
    seat = state.turn.seat
    action = state.turn.action
    moves: list[Move]
    if action == "share":
        moves = _share_trades(state, seat)
    elif action == "fruit":
        moves = _fruit_trades(state, seat)
    elif action == "helper":
        pool = state.seats[seat].fruit
        moves = [
            _hire_move(card) for card in dict.fromkeys(state.piles.helper_row) if card and HELPER_COST[card] <= pool
        ]
    elif action == "lobby":
        cards = dict.fromkeys(c for c in state.piles.influence_row if c)
        moves = [_lobby_move(card, company) for card in cards for company in state.board]
    else:
        moves = _speculations(state)
    return (*moves, DONE)


def _speculations(state: Position) -> list[Move]:
    """Speculation on each company deck with cards, in board order; when all three are empty,
    on each of them: "The player takes 1 coin from the Bank. Then they may look at the 4 top
    cards" (ZOO-4.12), so the coin is taken whatever the decks hold and the look finds nothing."""
    found: list[Move] = [_speculate_move(c) for c in state.board if len(deck_of(state, c))]
    return found or [_speculate_move(c) for c in state.board]


def act(draft: Draft, move: Move) -> None:
    """Carry out one move of `action.act`."""
    seat = draft.turn.seat
    if isinstance(move, Trade):
        _trade(draft, seat, move)
    elif isinstance(move, Hire):
        _hire(draft, seat, move.card)
    elif isinstance(move, Lobby):
        _lobby(draft, seat, move)
    elif isinstance(move, Speculate):
        economy.gain(draft, seat, SPECULATION_COINS)
        look = _LOOK_BOTTOM(seat, seat, move.company)
        draft.turn = _used(draft.turn)
        start(draft, (look,))
    else:
        draft.goto("after")


def _trade(draft: Draft, seat: int, move: Trade) -> None:
    if move.what == "share":
        (economy.buy_share if move.op == "buy" else economy.sell_share)(draft, seat, move.item)
    elif move.op == "sell":
        economy.sell_fruit(draft, seat, move.item)
    elif move.seller >= 0:
        economy.buy_fruit_from(draft, seat, move.item, move.seller)
    else:
        economy.buy_fruit(draft, seat, move.item)
    trades = (*draft.turn.trades, f"{move.op}:{move.item}")
    draft.turn = _WITH_TRADES(draft.turn, trades, True)
    draft.goto("after" if len(trades) >= TRANSACTIONS else "act")


def _hire(draft: Draft, seat: int, card: str) -> None:
    slot = draft.piles.helper_row.index(card)
    economy.discard_fruit(draft, seat, HELPER_COST[card])
    me = draft.seats[seat]
    draft.set_seat(seat, _WITH_HELPERS(me, (*me.helpers, card)))
    row = list(draft.piles.helper_row)
    row[slot] = ""
    draft.piles = _WITH_HELPER_ROW(draft.piles, tuple(row))
    draft.turn = _used(draft.turn)
    start(draft, (DRAW_HELPER(slot),))


def _lobby(draft: Draft, seat: int, move: Lobby) -> None:
    slot = draft.piles.influence_row.index(move.card)
    economy.gain(draft, seat, LOBBY_COINS)
    draft.set_deck(move.company, shuffled_into(deck_of(draft, move.company), (move.card,)))
    lobbied(draft, move.company, move.card)
    row = list(draft.piles.influence_row)
    row[slot] = ""
    draft.piles = _WITH_INFLUENCE_ROW(draft.piles, tuple(row))
    draft.turn = _used(draft.turn)
    start(draft, (DRAW_INFLUENCE(slot),))


# Helper abilities after a token -------------------------------------------------------------------


def abilities(state: Position) -> tuple[Move, ...]:
    """The helper abilities the seat may still use after the token it just resolved."""
    turn = state.turn
    me = state.seats[turn.seat]
    found: list[Move] = []
    for card in dict.fromkeys(me.helpers):
        trigger = HELPERS[card].trigger
        if trigger in ("any", turn.action) and turn.abilities.count(card) < me.helpers.count(card):
            found.append(UseHelper(card))
    return tuple(found)


def ability_moves(state: Position) -> tuple[Move, ...]:
    """The moves of `action.abilities`: each usable helper, each intrigue card (abilities and
    the intrigue after a token come in any order, ZOO-5.3, ZOO-12.8), then `done`."""
    if can_intrigue(state):
        return (*abilities(state), *intrigue_moves(state))
    return (*abilities(state), DONE)


def use_helper(draft: Draft, card: str) -> None:
    """Use a helper's ability: its effects run, then the seat may use others."""
    seat = draft.turn.seat
    draft.turn = evolve(draft.turn, abilities=(*draft.turn.abilities, card))
    start(draft, effect_tasks(card, actor=seat))


# Intrigues -----------------------------------------------------------------------------------------


def can_intrigue(state: Position) -> bool:
    """Whether the seat resolving a token may still play an intrigue card for it."""
    return bool(state.seats[state.turn.seat].intrigues) and not state.turn.intrigue


def intrigue_moves(state: Position) -> tuple[Move, ...]:
    """Play one of the intrigue cards in hand, or `done`."""
    hand = state.seats[state.turn.seat].intrigues
    return (*(PlayIntrigue(card) for card in dict.fromkeys(hand)), DONE)


def play_intrigue(draft: Draft, card: str) -> None:
    """Play an intrigue card: it leaves the game face up and its effects run."""
    seat = draft.turn.seat
    me = draft.seats[seat]
    hand = list(me.intrigues)
    hand.remove(card)
    draft.set_seat(seat, evolve(me, intrigues=tuple(hand)))
    draft.turn = evolve(draft.turn, intrigue=True)
    remove_cards(draft, (Known(card, public=True),))
    start(draft, effect_tasks(card, actor=seat))
