"""The effect vocabulary at work: how each effect kind of a card is carried out.

A card effect is queued as an `effect` task (the card id and the effect's index, the
company whose deck is being resolved, the seat that played or owns the card). Running it
finds the seats `who` names and either acts at once (money, prices, fruit put on a board)
or queues one decision per seat (take fruits, discard fruits, buy or sell offers...).
Everything is carried out as far as possible and the rest ignored (rulebook, Market phase
step 1; FAQ on discards). Ties between fruits or companies follow the company-board order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, Final

from tabletop.kernel.deck import HIDDEN, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.pending import Operation
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import EFFECTS, FAMILY, FRUITS, Effect
from tabletop.spolka_zoo.moves import Add, Buy, Discard, MoveShare, Pass, Price, Sell, Swap, Take, Target
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.rules.decks import remove_cards
from tabletop.spolka_zoo.rules.named import (
    companies_named,
    fruit_changes,
    fruit_move,
    fruits_named,
    seats_named,
    share_changes,
    share_move,
)
from tabletop.spolka_zoo.rules.work import Options, decide, finish, shared_task, tasks_of
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Position, Task, evolve, fields_with
from tabletop.spolka_zoo.state.makeup import moved_openly, resolving_company

__all__ = ["OPERATIONS", "effect_possible", "effect_tasks", "selections"]

_DEFAULT_WHO: Final = {"starting": "majority", "influence": "majority", "event": "first"}
PASS: Final = Pass()
_BUYS: Final = {company: Buy(company) for company in FRUITS}  # `_buy_share_first`'s moves, made once (shared)
_WITH_OP_SEAT: Final = fields_with(Task, "op", "seat")
"""An effect's task turned into a choice of target, and back with the target chosen."""


@functools.cache
def effect_tasks(card: str, company: str = "", actor: int = -1) -> tuple[Task, ...]:
    """One `effect` task per effect of `card` (tasks are values: built once, shared).

    Raises:
        IllegalMove: If `card` is hidden: only a seat's view holds hidden cards, and a view
            cannot resolve what it does not know.
    """
    key = (card, company, actor)
    found = _EFFECT_TASKS.get(key)
    if found is not None:
        return found
    if card == HIDDEN:
        msg = "a view cannot resolve a card it does not know: apply the move to the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ZOO-6.4")
    found = tuple([_EFFECT(actor, company, card, i) for i in range(len(EFFECTS[card]))])
    if len(_EFFECT_TASKS) >= _MAX_EFFECT_TASKS:  # full (a long process): start again
        _EFFECT_TASKS.clear()
    _EFFECT_TASKS[key] = found
    return found


_EFFECT: Final[Callable[[int, str, str, int], Task]] = tasks_of("effect", "actor", "company", "card", "index")
"""`_EFFECT(actor, company, card, index)`: carry out effect `index` of `card`."""
_EFFECT_TASKS: Final[dict[tuple[str, str, int], tuple[Task, ...]]] = {}
"""`effect_tasks`' answers by (card, company, actor), at most `_MAX_EFFECT_TASKS` (emptied when full)."""
_MAX_EFFECT_TASKS: Final = 4096
"""Answers kept in `_EFFECT_TASKS` at most (cards x 4 companies or none x 6 actors or none; emptied when full)."""


_SELECTED: Final[dict[tuple[str, int, str, int, str, int], Tokens]] = {}
"""`Tokens({a: x, b: y, c: z})` by `(a, x, b, y, c, z)`: the few selections of fruit there are,
each multiset built once (values: shared by every decision that offers them)."""
_MAX_SELECTED: Final = 4096
"""Selections kept in `_SELECTED` at most (when it is full, the table is emptied and fills again)."""


def selections(pool: Tokens, k: int, order: tuple[str, ...]) -> Iterator[Tokens]:
    """Every choice of `k` tokens from `pool`, most of `order[0]` first, and so on."""
    a, b, c = order
    for x in range(min(pool[a], k), -1, -1):
        for y in range(min(pool[b], k - x), -1, -1):
            z = k - x - y
            if z <= pool[c]:
                key = (a, x, b, y, c, z)
                chosen = _SELECTED.get(key)
                if chosen is None:
                    chosen = Tokens({a: x, b: y, c: z})
                    if len(_SELECTED) >= _MAX_SELECTED:  # full (a long process): start again
                        _SELECTED.clear()
                    _SELECTED[key] = chosen
                yield chosen


# Who and what ----------------------------------------------------------------------------------


def _who(task: Task, effect: Effect) -> str:
    return effect.who or _DEFAULT_WHO.get(FAMILY[task.card], "self")


# Effect kinds -----------------------------------------------------------------------------------

Kind = Callable[[Draft, Task, Effect, tuple[int, ...]], None]
"""Carries out an effect of a kind for the seats it names."""

_ADD: Final[Callable[[int, str, int, str], Task]] = tasks_of("add", "seat", "company", "n", "arg")
"""`_ADD(seat, company, n, fruit)`: the seat chooses what `n` fruit goes to a company (`"choice"`: the seat chooses)."""
_SHARE_CHOICE: Final[Callable[[int, int, str], Task]] = tasks_of("share_choice", "seat", "n", "arg")
"""`_SHARE_CHOICE(seat, delta, beyond)`: the seat chooses the share price that moves by `delta`."""
_FRUIT_CHOICE: Final[Callable[[int, int, str], Task]] = tasks_of("fruit_choice", "seat", "n", "arg")
"""`_FRUIT_CHOICE(seat, delta, beyond)`: the seat chooses the fruit price that moves by `delta`."""


def _money(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    for seat in seats:
        times = draft.seats[seat].shares[FRUIT_INDEX[task.company]] if effect.per_share else 1
        economy.gain(draft, seat, effect.n * times)
    finish(draft)


def _to_company(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    (company,) = (task.company,) if effect.company == "" else companies_named(draft, task, effect.company)  # no call
    if "choice" in (company, effect.fruit):
        if not seats:
            finish(draft)
        else:
            finish(draft, (_ADD(seats[0], company, effect.n, effect.fruit),))
        return
    for fruit in (effect.fruit,) if effect.fruit in FRUITS else fruits_named(draft, effect.fruit, company):  # no call
        economy.to_company(draft, fruit, company, effect.n)
    finish(draft)


def _per_seat(op: str) -> Kind:
    make: Callable[[int, int, str, int, str], Task] = tasks_of(op, "seat", "actor", "company", "n", "arg")

    def run(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
        company = task.company if effect.company == "" else effect.company
        arg, n, actor = effect.fruit or effect.to, effect.n, task.actor
        finish(draft, tuple([make(seat, actor, company, n, arg) for seat in seats]))

    return run


def _share_price(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    companies = companies_named(draft, task, effect.company)
    if companies == ("choice",):
        if not seats:
            finish(draft)
        else:
            arg = "beyond" if effect.beyond else ""
            finish(draft, (_SHARE_CHOICE(seats[0], effect.delta, arg),))
        return
    for company in companies:
        share_move(draft, company, effect.delta, effect.beyond)
    finish(draft)


def _fruit_price(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    if effect.fruit == "choice":
        if not seats:
            finish(draft)
        else:
            arg = "beyond" if effect.beyond else ""
            finish(draft, (_FRUIT_CHOICE(seats[0], effect.delta, arg),))
        return
    for fruit in fruits_named(draft, effect.fruit, task.company):
        fruit_move(draft, fruit, effect.delta, effect.beyond)
    finish(draft)


_MOVE_CARD: Final[Callable[[int, str, int, str], Task]] = tasks_of("move_card", "seat", "company", "n", "arg")
"""`_MOVE_CARD(seat, company, public, to)`: move a card of the company's deck (seat -1: no choice)."""


def _move_card(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    source = task.company if effect.company == "" else effect.company
    choosing = "choice" in (source, effect.to)
    if choosing and not seats:
        finish(draft)
        return
    seat = seats[0] if seats else -1
    finish(draft, (_MOVE_CARD(seat, source, int(effect.public), effect.to),))


def _remove_self(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    resolving = list(draft.piles.resolving)
    if task.card in resolving:
        company = resolving_company(draft)
        resolving.remove(task.card)
        draft.piles = evolve(draft.piles, resolving=tuple(resolving))
        remove_cards(draft, (Known(task.card, public=True),))
        moved_openly(draft, company, "", task.card)
    finish(draft)


def _refresh(draft: Draft, task: Task, effect: Effect, seats: tuple[int, ...]) -> None:
    finish(draft, (shared_task("refresh"),))


_KINDS: Final[dict[str, Kind]] = {
    "money": _money,
    "fruit_to_company": _to_company,
    "take_fruit": _per_seat("take"),
    "discard_fruit": _per_seat("discard"),
    "share_price": _share_price,
    "fruit_price": _fruit_price,
    "buy_share": _per_seat("buy_share"),
    "sell_share": _per_seat("sell_share"),
    "buy_fruit": _per_seat("buy_fruit"),
    "sell_fruit": _per_seat("sell_fruit"),
    "move_card": _move_card,
    "look": _per_seat("look"),
    "remove_self": _remove_self,
    "refresh_influence": _refresh,
    "move_share": _per_seat("move_share"),
    "swap_fruit": _per_seat("swap_fruit"),
}


_OWN_BOARD: Final = {
    card: tuple(
        (e.fruit, e.n) if e.kind == "fruit_to_company" and e.company == "" and e.fruit in FRUITS else None
        for e in effects
    )
    for card, effects in EFFECTS.items()
}
"""For each effect of each card, the fruit and count it moves from the warehouse to the card's own
company board, if that is what it does (no seat chooses, none is named): `None` for any other."""


def _effect_run(draft: Draft, task: Task) -> None:
    plain = _OWN_BOARD[task.card][task.index]
    if plain is not None:  # `_to_company` without its seats: nobody is asked (most starting cards)
        economy.to_company(draft, plain[0], task.company, plain[1])
        queue = draft.queue
        if draft.flow.step == "work" and queue:  # `finish(draft)` in line, at work (where `_work` runs it)
            draft.queue = queue[1:]
        else:
            finish(draft)
        return
    effect = EFFECTS[task.card][task.index]
    who = effect.who or _DEFAULT_WHO.get(FAMILY[task.card], "self")  # _who(task, effect)
    if who == "choice" and task.seat < 0:
        finish(draft, (_WITH_OP_SEAT(task, "target", task.actor),))
    else:
        _KINDS[effect.kind](draft, task, effect, seats_named(draft, task, who))


def effect_possible(state: Position, card: str, index: int, actor: int = -1) -> bool:
    """Whether an effect can be carried out at least in part (events skip cards that cannot)."""
    effect = EFFECTS[card][index]
    task = _EFFECT(actor, "", card, index)
    seats = seats_named(state, task, _who(task, effect))
    kind = effect.kind
    if kind == "money":
        return bool(seats) and (effect.n > 0 or any(state.seats[s].money > 0 for s in seats))
    if kind == "discard_fruit":
        return any(state.seats[s].fruit for s in seats)
    if kind == "fruit_to_company":
        return any(state.warehouse[f] for f in fruits_named(state, effect.fruit, state.board[0]))
    if kind == "share_price":
        companies = state.board if effect.company == "choice" else companies_named(state, task, effect.company)
        return any(share_changes(state, c, effect.delta, effect.beyond) for c in companies)
    if kind == "fruit_price":
        return any(fruit_changes(state, f, effect.delta, effect.beyond) for f in fruits_named(state, effect.fruit, ""))
    return True


# Decisions ---------------------------------------------------------------------------------------


Act = Callable[[Draft, Task, Any], None]
"""Carries out a decision's chosen move (never `Pass`), given as its typed move."""


def _decision(name: str, rule: str, doc: str, options: Options, act: Act) -> Operation[Draft, Task]:
    """The operation of a decision inside an effect: the seat picks one of `options`
    (`Pass` declines an offer), then `act` carries it out; a bot seat, whose choice is the first
    option (`decide`), has it from `_FIRSTS` when the decision is there, without the others."""
    first = _FIRSTS.get(name)

    def chosen(draft: Draft, task: Task, move: Move) -> None:
        if type(move) is not Pass:
            act(draft, task, move)
        finish(draft)

    def run(draft: Draft, task: Task) -> None:
        if first is None or not draft.seats[task.seat].bot:
            decide(draft, task, options, chosen)
        elif (move := first(draft, task)) is None:
            finish(draft)
        else:
            chosen(draft, task, move)

    return Operation(name, run, rule, doc, options=options, chosen=chosen)


@functools.lru_cache(maxsize=4096)
def _selection_choices(move: type[Take | Discard], pool: Tokens, k: int, order: tuple[str, ...]) -> tuple[Move, ...]:
    """`move` (take or discard) for every selection of `k` fruits from `pool` (asked twice
    per decision, by the pending work and by the legal moves: built once)."""
    return tuple(move(sel) for sel in selections(pool, k, order))


def _take_options(state: Position, task: Task) -> tuple[Move, ...]:
    board = state.company_fruit[FRUIT_INDEX[task.company]]
    k = min(task.n, board.total)
    return _selection_choices(Take, board, k, state.board) if k else ()


def _take_first(state: Position, task: Task) -> Move | None:
    """`_take_options(state, task)[0]` (or `None`), without the other selections."""
    board = state.company_fruit[FRUIT_INDEX[task.company]]
    k = min(task.n, board.total)
    if not k:
        return None
    a, b, c = state.board  # the first selection, as `selections` makes it: the most of a, then of b
    x = min(board._counts.get(a, 0), k)  # `board[a]` from the multiset's own dict: no call of its `__getitem__`
    y = min(board._counts.get(b, 0), k - x)
    chosen = _SELECTED.get((a, x, b, y, c, k - x - y)) if k - x - y <= board._counts.get(c, 0) else None
    if chosen is None:  # not made yet (or not of a, b and c alone): made by `selections`
        chosen = next(selections(board, k, state.board), None)
    return None if chosen is None else Take(chosen)


def _take(draft: Draft, task: Task, move: Take) -> None:
    fruits = move.fruits
    economy.take_from_company(draft, task.seat, task.company, fruits)
    if task.arg == "divide" and fruits.total:  # `fruits` true, without the multiset's `__bool__` call
        economy.gain(draft, task.seat, draft.seats[task.seat].passive("division_money"))


def _discard_options(state: Position, task: Task) -> tuple[Move, ...]:
    pool = state.seats[task.seat].fruit
    k = min(task.n, pool.total)
    return _selection_choices(Discard, pool, k, state.board) if k else ()


def _discard(draft: Draft, task: Task, move: Discard) -> None:
    economy.discard_fruit(draft, task.seat, move.fruits)


def _add_options(state: Position, task: Task) -> tuple[Move, ...]:
    companies = state.board if task.company == "choice" else (task.company,)
    return tuple(
        Add(fruit, company)
        for company in companies
        for fruit in fruits_named(state, task.arg, company)
        if state.warehouse[fruit]
    )


def _add(draft: Draft, task: Task, move: Add) -> None:
    economy.to_company(draft, move.fruit, move.company, task.n)


def _price_options(state: Position, task: Task) -> tuple[Move, ...]:
    changes = share_changes if task.op == "share_choice" else fruit_changes
    return tuple(Price(c) for c in state.board if changes(state, c, task.n, task.arg == "beyond"))


def _price(draft: Draft, task: Task, move: Price) -> None:
    moved = share_move if task.op == "share_choice" else fruit_move
    moved(draft, move.item, task.n, task.arg == "beyond")


def _buy_share_options(state: Position, task: Task) -> tuple[Move, ...]:
    seat = state.seats[task.seat]
    companies = state.board if task.company == "choice" else (task.company,)
    found = tuple(
        Buy(c) for c in companies if seat.share_pool and seat.money >= economy.share_cost(state, task.seat, c, task.n)
    )
    return (*found, PASS)


def _buy_share_first(state: Position, task: Task) -> Move | None:
    """`_buy_share_options(state, task)[0]`: the first company the seat can pay a share of, or `PASS`."""
    seat = state.seats[task.seat]
    if seat.share_pool:
        for c in state.board if task.company == "choice" else (task.company,):
            if seat.money >= economy.share_cost(state, task.seat, c, task.n):
                return _BUYS[c]
    return PASS


def _sell_share_options(state: Position, task: Task) -> tuple[Move, ...]:
    shares = state.seats[task.seat].shares
    companies = state.board if task.company == "choice" else (task.company,)
    return (*(Sell(c) for c in companies if shares[FRUIT_INDEX[c]]), PASS)


def _buy_fruit_options(state: Position, task: Task) -> tuple[Move, ...]:
    money = state.seats[task.seat].money
    fruits = fruits_named(state, task.arg, "")
    found = (f for f in fruits if state.warehouse[f] and money >= economy.fruit_cost(state, task.seat, f, task.n))
    return (*(Buy(f) for f in found), PASS)


def _sell_fruit_options(state: Position, task: Task) -> tuple[Move, ...]:
    pool = state.seats[task.seat].fruit
    return (*(Sell(f) for f in fruits_named(state, task.arg, "") if pool[f]), PASS)


def _move_share_options(state: Position, task: Task) -> tuple[Move, ...]:
    shares = state.seats[task.seat].shares
    pairs = ((a, b) for a in state.board for b in state.board if a != b and shares[FRUIT_INDEX[a]])
    return (*(MoveShare(a, b) for a, b in pairs), PASS)


def _swap_options(state: Position, task: Task) -> tuple[Move, ...]:
    pool = state.seats[task.seat].fruit
    pairs = ((a, b) for a in state.board for b in state.board if a != b and pool[a] and state.warehouse[b])
    return (*(Swap(a, b) for a, b in pairs), PASS)


def _target_options(state: Position, task: Task) -> tuple[Move, ...]:
    return tuple(Target(s) for s in state.order_from_first() if s != task.actor)


def _target(draft: Draft, task: Task, move: Move) -> None:
    assert isinstance(move, Target)
    finish(draft, (_WITH_OP_SEAT(task, "effect", move.seat),))


def _buy_share(draft: Draft, task: Task, move: Buy) -> None:
    economy.buy_share(draft, task.seat, move.item, task.n)


def _sell_share(draft: Draft, task: Task, move: Sell) -> None:
    economy.sell_share(draft, task.seat, move.item, task.n)


def _buy_fruit(draft: Draft, task: Task, move: Buy) -> None:
    economy.buy_fruit(draft, task.seat, move.item, task.n)


def _sell_fruit(draft: Draft, task: Task, move: Sell) -> None:
    economy.sell_fruit(draft, task.seat, move.item, task.n)


def _move_share(draft: Draft, task: Task, move: MoveShare) -> None:
    economy.move_share(draft, task.seat, move.source, move.target)


def _swap(draft: Draft, task: Task, move: Swap) -> None:
    economy.swap_fruit(draft, task.seat, move.give, move.get)


_FIRSTS: Final = {"take": _take_first, "buy_share": _buy_share_first}
"""The first option of the decisions bots meet most (`options(state, task)[0]`, or `None` for none)."""


def _target_run(draft: Draft, task: Task) -> None:
    decide(draft, task, _target_options, _target)


OPERATIONS: Final = (
    Operation("effect", _effect_run, "ZOO-6.1", "carry out one effect of a card, as far as possible"),
    _decision("take", "ZOO-8.2", "a seat takes fruits of its choice from a company board", _take_options, _take),
    _decision("discard", "ZOO-11.11", "a seat discards fruits of its choice (what it can)", _discard_options, _discard),
    _decision("add", "ZOO-7.6", "a seat puts fruit of its choice on a company board", _add_options, _add),
    _decision(
        "share_choice", "ZOO-4.5", "a seat moves the share price of a company of its choice", _price_options, _price
    ),
    _decision("fruit_choice", "ZOO-4.5", "a seat moves the price of a fruit of its choice", _price_options, _price),
    _decision("buy_share", "ZOO-6.3", "a seat may buy a share; the price moves", _buy_share_options, _buy_share),
    _decision("sell_share", "ZOO-6.3", "a seat may sell a share; the price moves", _sell_share_options, _sell_share),
    _decision("buy_fruit", "ZOO-6.3", "a seat may buy a fruit; the price moves", _buy_fruit_options, _buy_fruit),
    _decision("sell_fruit", "ZOO-6.3", "a seat may sell a fruit; the price moves", _sell_fruit_options, _sell_fruit),
    _decision("move_share", "ZOO-11.5", "a seat may move a share to another company", _move_share_options, _move_share),
    _decision("swap_fruit", "ZOO-11.5", "a seat may exchange a fruit with the warehouse", _swap_options, _swap),
    Operation(
        "target",
        _target_run,
        "ZOO-6.1",
        "the seat carrying out an effect names the seat it targets",
        options=_target_options,
        chosen=_target,
    ),
)
"""The effect and decision operations of the operation table."""
