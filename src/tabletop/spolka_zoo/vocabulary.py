"""The effect vocabulary at work: how each effect kind of a card is carried out.

A card effect is queued as an ``effect`` task (the card id and the effect's index, the
company whose deck is being resolved, the seat that played or owns the card). Running it
finds the seats ``who`` names and either acts at once (money, prices, fruit put on a board)
or queues one decision per seat (take fruits, discard fruits, buy or sell offers...).
Everything is carried out as far as possible and the rest ignored (rulebook, Market phase
step 1; FAQ on discards). Ties between fruits or companies follow the company-board order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Final

from tabletop.kernel.deck import Known
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import economy
from tabletop.spolka_zoo.cards import EFFECTS, FAMILY
from tabletop.spolka_zoo.content import FRUITS, Effect
from tabletop.spolka_zoo.decks import remove_cards
from tabletop.spolka_zoo.interpreter import Op, decide, finish, register
from tabletop.spolka_zoo.moves import Choose
from tabletop.spolka_zoo.state import FRUIT_INDEX, FRUIT_TRACK, SHARE_TRACK, Task, ZooState, evolve

__all__ = ["effect_possible", "effect_tasks", "selections"]

_DEFAULT_WHO: Final = {"starting": "majority", "influence": "majority", "event": "first"}
PASS: Final = Choose("pass")


@functools.cache
def effect_tasks(card: str, company: str = "", actor: int = -1) -> tuple[Task, ...]:
    """One ``effect`` task per effect of ``card`` (tasks are values: built once, shared)."""
    return tuple(Task("effect", actor=actor, company=company, card=card, index=i) for i in range(len(EFFECTS[card])))


def selections(pool: Tokens, k: int, order: tuple[str, ...]) -> Iterator[Tokens]:
    """Every choice of ``k`` tokens from ``pool``, most of ``order[0]`` first, and so on."""
    a, b, c = order
    for x in range(min(pool[a], k), -1, -1):
        for y in range(min(pool[b], k - x), -1, -1):
            z = k - x - y
            if z <= pool[c]:
                yield Tokens({a: x, b: y, c: z})


# Who and what ----------------------------------------------------------------------------------


def _who(task: Task, effect: Effect) -> str:
    return effect.who or _DEFAULT_WHO.get(FAMILY[task.card], "self")


def seats_named(state: ZooState, task: Task, who: str) -> tuple[int, ...]:
    """The seats ``who`` names, in the order they act."""
    if who == "choice":
        return (task.seat,) if task.seat >= 0 else ()
    if who == "self":
        return (task.actor,)
    if who == "first":
        return (state.flow.first_player,)
    order = state.order_from_first()
    if who in ("all", "others"):
        return tuple(s for s in order if who == "all" or s != task.actor)
    if who in ("richest", "poorest"):
        money = [state.seats[s].money for s in order]
        target = max(money) if who == "richest" else min(money)
        return tuple(s for s, m in zip(order, money, strict=True) if m == target)
    majority = state.majority(task.company)
    if who == "majority":
        return (majority,) if majority >= 0 else ()
    holders = state.shareholders(task.company)
    if who == "minorities":
        rest = [s for s in holders if s != majority]
        return tuple(sorted(rest, key=lambda s: state.standing_key(s, task.company), reverse=True))
    return holders


def _pick(state: ZooState, values: tuple[int, ...], highest: bool) -> int:
    """Index (in FRUITS order) of the best value, ties going to the leftmost board."""
    best = max(values) if highest else min(values)
    return min((i for i in range(3) if values[i] == best), key=lambda i: state.board_rank(FRUITS[i]))


def companies_named(state: ZooState, task: Task, value: str) -> tuple[str, ...]:
    """The companies ``value`` names (``("choice",)`` when a seat must choose)."""
    if value == "":
        return (task.company,)
    if value in FRUITS or value == "choice":
        return (value,)
    if value == "all":
        return state.board
    if value in ("leftmost", "rightmost"):
        return (state.board[0] if value == "leftmost" else state.board[-1],)
    return (FRUITS[_pick(state, state.share_price, value == "dearest")],)


def fruits_named(state: ZooState, value: str, company: str) -> tuple[str, ...]:
    """The fruits ``value`` names; ``"choice"`` lists them all in board order."""
    if value in FRUITS:
        return (value,)
    if value == "own":
        return (company,)
    if value in ("choice", "each", "all"):
        return state.board
    if value in ("scarcest", "most"):
        counts = (state.warehouse["apple"], state.warehouse["lemon"], state.warehouse["pineapple"])
        return (FRUITS[_pick(state, counts, value == "most")],)
    return (FRUITS[_pick(state, state.fruit_price, value == "dearest")],)


def _share_move(state: ZooState, company: str, delta: int, beyond: bool) -> ZooState:
    price = state.share_price[FRUIT_INDEX[company]]
    return economy.set_share_price(state, company, economy.move_price(price, delta, SHARE_TRACK, beyond=beyond))


def _fruit_move(state: ZooState, fruit: str, delta: int, beyond: bool) -> ZooState:
    price = state.fruit_price[FRUIT_INDEX[fruit]]
    return economy.set_fruit_price(state, fruit, economy.move_price(price, delta, FRUIT_TRACK, beyond=beyond))


# Effect kinds -----------------------------------------------------------------------------------

Kind = Callable[[ZooState, Task, Effect, tuple[int, ...]], ZooState]


def _money(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    for seat in seats:
        times = state.seats[seat].shares[FRUIT_INDEX[task.company]] if effect.per_share else 1
        state = economy.gain(state, seat, effect.n * times)
    return finish(state)


def _to_company(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    (company,) = companies_named(state, task, effect.company)
    if "choice" in (company, effect.fruit):
        if not seats:
            return finish(state)
        return finish(state, Task("add", seat=seats[0], company=company, arg=effect.fruit, n=effect.n))
    for fruit in fruits_named(state, effect.fruit, company):
        state = economy.to_company(state, fruit, company, effect.n)
    return finish(state)


def _per_seat(op: str) -> Kind:
    def run(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
        company = task.company if effect.company == "" else effect.company
        args = {"company": company, "arg": effect.fruit or effect.to, "n": effect.n, "actor": task.actor}
        return finish(state, *(Task(op, seat=seat, **args) for seat in seats))  # type: ignore[arg-type]

    return run


def _share_price(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    companies = companies_named(state, task, effect.company)
    if companies == ("choice",):
        if not seats:
            return finish(state)
        arg = "beyond" if effect.beyond else ""
        return finish(state, Task("share_choice", seat=seats[0], n=effect.delta, arg=arg))
    for company in companies:
        state = _share_move(state, company, effect.delta, effect.beyond)
    return finish(state)


def _fruit_price(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    if effect.fruit == "choice":
        if not seats:
            return finish(state)
        arg = "beyond" if effect.beyond else ""
        return finish(state, Task("fruit_choice", seat=seats[0], n=effect.delta, arg=arg))
    for fruit in fruits_named(state, effect.fruit, task.company):
        state = _fruit_move(state, fruit, effect.delta, effect.beyond)
    return finish(state)


def _move_card(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    source = task.company if effect.company == "" else effect.company
    choosing = "choice" in (source, effect.to)
    if choosing and not seats:
        return finish(state)
    seat = seats[0] if seats else -1
    return finish(state, Task("move_card", seat=seat, company=source, arg=effect.to, n=int(effect.public)))


def _remove_self(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    resolving = list(state.piles.resolving)
    if task.card not in resolving:
        return finish(state)
    resolving.remove(task.card)
    state = evolve(state, piles=evolve(state.piles, resolving=tuple(resolving)))
    return finish(remove_cards(state, (Known(task.card, public=True),)))


def _refresh(state: ZooState, task: Task, effect: Effect, seats: tuple[int, ...]) -> ZooState:
    return finish(state, Task("refresh"))


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


def _effect_run(state: ZooState, task: Task) -> ZooState:
    effect = EFFECTS[task.card][task.index]
    who = _who(task, effect)
    if who == "choice" and task.seat < 0:
        return finish(state, evolve(task, op="target", seat=task.actor))
    return _KINDS[effect.kind](state, task, effect, seats_named(state, task, who))


register("effect", Op(_effect_run))


def effect_possible(state: ZooState, card: str, index: int, actor: int = -1) -> bool:
    """Whether an effect can be carried out at least in part (events skip cards that cannot)."""
    effect = EFFECTS[card][index]
    task = Task("effect", actor=actor, card=card, index=index)
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
        return any(_share_move(state, c, effect.delta, effect.beyond) != state for c in companies)
    if kind == "fruit_price":
        return any(
            _fruit_move(state, f, effect.delta, effect.beyond) != state for f in fruits_named(state, effect.fruit, "")
        )
    return True


# Decisions ---------------------------------------------------------------------------------------


def _run_decide(state: ZooState, task: Task) -> ZooState:
    return decide(state, task)


def _decision(name: str, options: Callable[[ZooState, Task], tuple[Move, ...]]) -> None:
    def apply(state: ZooState, task: Task, move: Move) -> ZooState:
        assert isinstance(move, Choose)
        if move == PASS:
            return finish(state)
        return finish(_CHOSEN[name](state, task, move.option.split(" ", 1)[1]))

    register(name, Op(_run_decide, options=options, chosen=apply))


def _take_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    board = state.company_fruit[FRUIT_INDEX[task.company]]
    k = min(task.n, board.total)
    return tuple(Choose(f"take {sel}") for sel in selections(board, k, state.board)) if k else ()


def _take(state: ZooState, task: Task, text: str) -> ZooState:
    fruits = Tokens.parse(text)
    state = economy.take_from_company(state, task.seat, task.company, fruits)
    if task.arg == "divide" and fruits:
        state = economy.gain(state, task.seat, state.seats[task.seat].passive("division_money"))
    return state


def _discard_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    pool = state.seats[task.seat].fruit
    k = min(task.n, pool.total)
    return tuple(Choose(f"discard {sel}") for sel in selections(pool, k, state.board)) if k else ()


def _add_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    companies = state.board if task.company == "choice" else (task.company,)
    return tuple(
        Choose(f"add {fruit}>{company}")
        for company in companies
        for fruit in fruits_named(state, task.arg, company)
        if state.warehouse[fruit]
    )


def _add(state: ZooState, task: Task, text: str) -> ZooState:
    fruit, _, company = text.partition(">")
    return economy.to_company(state, fruit, company, task.n)


def _price_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    move = _share_move if task.op == "share_choice" else _fruit_move
    return tuple(Choose(f"price {c}") for c in state.board if move(state, c, task.n, task.arg == "beyond") != state)


def _price(state: ZooState, task: Task, text: str) -> ZooState:
    move = _share_move if task.op == "share_choice" else _fruit_move
    return move(state, text, task.n, task.arg == "beyond")


def _buy_share_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    seat = state.seats[task.seat]
    companies = state.board if task.company == "choice" else (task.company,)
    found = tuple(
        Choose(f"buy {c}")
        for c in companies
        if seat.share_pool and seat.money >= economy.share_cost(state, task.seat, c, task.n)
    )
    return (*found, PASS)


def _sell_share_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    shares = state.seats[task.seat].shares
    companies = state.board if task.company == "choice" else (task.company,)
    return (*(Choose(f"sell {c}") for c in companies if shares[FRUIT_INDEX[c]]), PASS)


def _buy_fruit_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    money = state.seats[task.seat].money
    fruits = fruits_named(state, task.arg, "")
    found = (f for f in fruits if state.warehouse[f] and money >= economy.fruit_cost(state, task.seat, f, task.n))
    return (*(Choose(f"buy {f}") for f in found), PASS)


def _sell_fruit_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    pool = state.seats[task.seat].fruit
    return (*(Choose(f"sell {f}") for f in fruits_named(state, task.arg, "") if pool[f]), PASS)


def _move_share_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    shares = state.seats[task.seat].shares
    pairs = ((a, b) for a in state.board for b in state.board if a != b and shares[FRUIT_INDEX[a]])
    return (*(Choose(f"move {a}>{b}") for a, b in pairs), PASS)


def _swap_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    pool = state.seats[task.seat].fruit
    pairs = ((a, b) for a in state.board for b in state.board if a != b and pool[a] and state.warehouse[b])
    return (*(Choose(f"swap {a}>{b}") for a, b in pairs), PASS)


def _target_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    return tuple(Choose(f"seat {s}") for s in state.order_from_first() if s != task.actor)


def _target(state: ZooState, task: Task, move: Move) -> ZooState:
    assert isinstance(move, Choose)
    seat = int(move.option.split()[1])
    return finish(state, evolve(task, op="effect", seat=seat))


def _pair(text: str) -> tuple[str, str]:
    a, _, b = text.partition(">")
    return a, b


_CHOSEN: Final[dict[str, Callable[[ZooState, Task, str], ZooState]]] = {
    "take": _take,
    "discard": lambda s, t, text: economy.discard_fruit(s, t.seat, Tokens.parse(text)),
    "add": _add,
    "share_choice": _price,
    "fruit_choice": _price,
    "buy_share": lambda s, t, c: economy.buy_share(s, t.seat, c, t.n),
    "sell_share": lambda s, t, c: economy.sell_share(s, t.seat, c, t.n),
    "buy_fruit": lambda s, t, f: economy.buy_fruit(s, t.seat, f, t.n),
    "sell_fruit": lambda s, t, f: economy.sell_fruit(s, t.seat, f, t.n),
    "move_share": lambda s, t, text: economy.move_share(s, t.seat, *_pair(text)),
    "swap_fruit": lambda s, t, text: economy.swap_fruit(s, t.seat, *_pair(text)),
}

_decision("take", _take_options)
_decision("discard", _discard_options)
_decision("add", _add_options)
_decision("share_choice", _price_options)
_decision("fruit_choice", _price_options)
_decision("buy_share", _buy_share_options)
_decision("sell_share", _sell_share_options)
_decision("buy_fruit", _buy_fruit_options)
_decision("sell_fruit", _sell_fruit_options)
_decision("move_share", _move_share_options)
_decision("swap_fruit", _swap_options)
register("target", Op(_run_decide, options=_target_options, chosen=_target))
