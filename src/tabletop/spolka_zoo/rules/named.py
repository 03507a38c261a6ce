"""Whom and what an effect names (ZOO-6.1): the seats its `who` names, the companies and fruits
its `company` and `fruit` name, and where a price it moves ends (moved out of `effects.py`, the
operations that carry effects out, which read these).
"""

from __future__ import annotations

from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.state import FRUIT_INDEX, FRUIT_TRACK, SHARE_TRACK, Draft, Position, Task

__all__ = [
    "companies_named",
    "fruit_changes",
    "fruit_move",
    "fruit_moved",
    "fruits_named",
    "seats_named",
    "share_changes",
    "share_move",
    "share_moved",
]


def seats_named(state: Position, task: Task, who: str) -> tuple[int, ...]:
    """The seats `who` names, in the order they act."""
    if who == "choice":
        return (task.seat,) if task.seat >= 0 else ()
    if who == "self":
        return (task.actor,)
    if who == "first":
        return (state.flow.first_player,)
    if who == "majority":
        majority = state.majority(task.company)
        return (majority,) if majority >= 0 else ()
    order = state.order_from_first()
    if who in ("all", "others"):
        return tuple(s for s in order if who == "all" or s != task.actor)
    if who in ("richest", "poorest"):
        money = [state.seats[s].money for s in order]
        target = max(money) if who == "richest" else min(money)
        return tuple(s for s, m in zip(order, money, strict=True) if m == target)
    holders = state.shareholders(task.company)
    if who == "minorities":
        majority = state.majority(task.company)
        rest = [s for s in holders if s != majority]
        return tuple(sorted(rest, key=lambda s: state.standing_key(s, task.company), reverse=True))
    return holders


def _pick(state: Position, values: tuple[int, ...], highest: bool) -> int:
    """Index (in FRUITS order) of the best value, ties going to the leftmost board."""
    best = max(values) if highest else min(values)
    return min((i for i in range(3) if values[i] == best), key=lambda i: state.board_rank(FRUITS[i]))


def companies_named(state: Position, task: Task, value: str) -> tuple[str, ...]:
    """The companies `value` names (`("choice",)` when a seat must choose)."""
    if value == "":
        return (task.company,)
    if value in FRUITS or value == "choice":
        return (value,)
    if value == "all":
        return state.board
    if value in ("leftmost", "rightmost"):
        return (state.board[0] if value == "leftmost" else state.board[-1],)
    return (FRUITS[_pick(state, state.share_price, value == "dearest")],)


def fruits_named(state: Position, value: str, company: str) -> tuple[str, ...]:
    """The fruits `value` names; `"choice"` lists them all in board order."""
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


def share_moved(state: Position, company: str, delta: int, beyond: bool) -> int:
    """The share price of `company` once moved `delta` spaces."""
    price = state.share_price[FRUIT_INDEX[company]]
    return economy.move_price(price, delta, SHARE_TRACK, beyond=beyond)


def fruit_moved(state: Position, fruit: str, delta: int, beyond: bool) -> int:
    """The price of `fruit` once moved `delta` spaces."""
    price = state.fruit_price[FRUIT_INDEX[fruit]]
    return economy.move_price(price, delta, FRUIT_TRACK, beyond=beyond)


def share_changes(state: Position, company: str, delta: int, beyond: bool) -> bool:
    """Whether moving the share price of `company` changes it (it may already stand at an end)."""
    return share_moved(state, company, delta, beyond) != state.share_price[FRUIT_INDEX[company]]


def fruit_changes(state: Position, fruit: str, delta: int, beyond: bool) -> bool:
    """Whether moving the price of `fruit` changes it."""
    return fruit_moved(state, fruit, delta, beyond) != state.fruit_price[FRUIT_INDEX[fruit]]


def share_move(draft: Draft, company: str, delta: int, beyond: bool) -> None:
    """Move the share price of `company` `delta` spaces (past the track's end if `beyond`)."""
    economy.set_share_price(draft, company, share_moved(draft, company, delta, beyond))


def fruit_move(draft: Draft, fruit: str, delta: int, beyond: bool) -> None:
    """Move the price of `fruit` `delta` spaces (past the track's end if `beyond`)."""
    economy.set_fruit_price(draft, fruit, fruit_moved(draft, fruit, delta, beyond))
