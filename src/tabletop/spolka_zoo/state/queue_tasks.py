"""The invariant of the pending tasks: each names a known operation, seats of the game, a
company, a card, and what its operation needs (fuzz 38).

Beyond the names, the rules make each task with what its operation reads: a decision or a
deal names the seat that decides or receives (a bot's turn and its card a bot's seat,
ZOO-13.3); a company's deck, division, take or lobbied card names a company, and an offer, a
look, a move or a fruit added names one or the seat's choice (ZOO-6.1); and the market
resolves the decks, then divides the fruit, each company once from the left to the right
(ZOO-7.1, ZOO-8.6), so the companies of the pending `resolve_deck` (or `divide`) tasks are the
last ones of the board's order. A text that named seat -1 for an offer, no company for a
division, or one company's deck twice was accepted, and play then failed with a `KeyError`,
moved a seat that does not exist, or broke the decks' makeup.

Each check holds on every state of seeded random games of every configuration
(`tests/spolka_zoo/test_zoo_queue_read.py`).
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import InvariantBroken
from tabletop.spolka_zoo.content import FAMILY, FRUITS
from tabletop.spolka_zoo.state import Task, ZooState

__all__ = ["check_queue"]

#: What a task's ``company`` may be: none, the seat's choice, or a company.
_TASK_COMPANIES: Final = frozenset({"", "choice", *FRUITS})

_SEATED: Final = frozenset(
    {"add", "bot_card", "bot_turn", "buy_fruit", "buy_share", "deal", "discard", "fruit_choice", "look"}
    | {"move_share", "sell_fruit", "sell_share", "share_choice", "swap_fruit", "take", "target"}
)
"""The operations of a seat: a decision (its seat decides), a deal, a bot's turn or card."""
_COMPANY: Final = frozenset(FRUITS)
_COMPANY_OR_CHOICE: Final = frozenset({"choice", *FRUITS})
_COMPANIES: Final = {
    "resolve_deck": (_COMPANY, "a company", "ZOO-7.1"),
    "divide": (_COMPANY, "a company", "ZOO-8.6"),
    "take": (_COMPANY, "a company", "ZOO-8.2"),
    "lobby_top": (_COMPANY, "a company", "ZOO-13.3"),
    "add": (_COMPANY_OR_CHOICE, "a company or the seat's choice", "ZOO-6.1"),
    "buy_share": (_COMPANY_OR_CHOICE, "a company or the seat's choice", "ZOO-6.1"),
    "sell_share": (_COMPANY_OR_CHOICE, "a company or the seat's choice", "ZOO-6.1"),
    "look": (_COMPANY_OR_CHOICE, "a company or the seat's choice", "ZOO-6.1"),
    "move_card": (_COMPANY_OR_CHOICE, "a company or the seat's choice", "ZOO-6.1"),
}
"""The operations that read a company, with the values they may hold, what those are, and the rule."""
_ORDERED: Final = (("resolve_deck", "ZOO-7.1"), ("divide", "ZOO-8.6"))
"""The market's operations done once per company from the left to the right, with their rule."""


def check_queue(state: ZooState, ops: frozenset[str]) -> None:
    """Every pending task names one of the operations `ops` (the rules' operations: the state
    package does not import the rules) and what its operation needs, and the market's pending
    decks and divisions are the last companies of the board's order.

    Raises:
        InvariantBroken: Naming the task's field (`queue[0].seat`), its value and the rule.
    """
    seats = range(-1, len(state.seats))
    market = False
    for i, task in enumerate(state.queue):
        if not _sound(task, seats, ops):  # the messages are built only for a broken task
            _task_broken(task, f"queue[{i}]", seats, ops)
        op = task.op
        if op in _SEATED:
            _seated(state, task, i)
        market = market or op in ("resolve_deck", "divide")
    if market:
        _market_order(state)


def _sound(task: Task, seats: range, ops: frozenset[str]) -> bool:
    """Whether a task passes every check of `_task_broken` (the fast path of a sound queue)."""
    op = task.op
    companies = _COMPANIES.get(op)
    return (
        op in ops
        and task.seat in seats
        and task.actor in seats
        and task.company in _TASK_COMPANIES
        and (task.card in FAMILY or task.card in ("", HIDDEN))
        and task.index >= 0
        and (not task.done or all(seat in seats for seat in task.done))
        and (companies is None or task.company in companies[0])
        and (op != "effect" or task.card in FAMILY or task.card == HIDDEN)
    )


def _task_broken(task: Task, at: str, seats: range, ops: frozenset[str]) -> None:
    """Raise for the first check a task fails."""
    _check(task.op in ops, f"unknown operation {task.op!r}", f"{at}.op")
    _check(task.seat in seats, f"no seat {task.seat}: {task}", f"{at}.seat")
    _check(task.actor in seats, f"no seat {task.actor}: {task}", f"{at}.actor")
    _check(task.company in _TASK_COMPANIES, f"unknown company: {task}", f"{at}.company")
    _check(task.card in FAMILY or task.card in ("", HIDDEN), f"unknown card: {task}", f"{at}.card")
    _check(task.index >= 0, f"an index below 0: {task}", f"{at}.index")
    _check(all(seat in seats for seat in task.done), f"served seats that do not exist: {task}", f"{at}.done")
    companies = _COMPANIES.get(task.op)
    if companies is not None and task.company not in companies[0]:
        _, what, rule = companies
        _broken(f"{task.company!r} is not {what}: {task}", f"{at}.company", rule)
    _check(task.op != "effect" or task.card in FAMILY or task.card == HIDDEN, f"an effect of no card: {task}", at)


def _seated(state: ZooState, task: Task, i: int) -> None:
    """A seat's task names a seat; a bot's turn and card a bot's (ZOO-13.3)."""
    if task.seat < 0:
        _broken(f"no seat for the seat's task {task}", f"queue[{i}].seat", "ZOO-6.1")
    if task.op in ("bot_turn", "bot_card") and not state.seats[task.seat].bot:
        _broken(f"a bot's task for seat {task.seat}, a player: {task}", f"queue[{i}].seat", "ZOO-13.3")


def _market_order(state: ZooState) -> None:
    """The companies of the pending decks (and divisions) are the last of the board's order."""
    board = state.board
    for op, rule in _ORDERED:
        found = tuple([task.company for task in state.queue if task.op == op])
        if found and found != board[len(board) - len(found) :]:
            i = next(i for i, task in enumerate(state.queue) if task.op == op)
            _broken(f"{op} tasks for {found!r} with the companies {board!r} left to right", f"queue[{i}].company", rule)


def _check(holds: object, message: str, path: str, rule: str = "") -> None:
    if not holds:
        raise InvariantBroken(message, path=path, rule=rule)


def _broken(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
