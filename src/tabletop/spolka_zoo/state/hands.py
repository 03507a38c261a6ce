"""The invariant of the cards dealt to the seats: hidden goals and intrigue hands (fuzz 38).

The setup deals one hidden goal to each player (ZOO-12.5) and 5 intrigue cards to each player
with two seats, 3 otherwise (ZOO-12.7); bots receive none (ZOO-12.1: "Bots do not receive
these cards at the start of the game; instead each Bot receives 20 coins"). A goal is kept to
the end and intrigues only leave a hand when played, and no card is dealt later. So a human
seat holds its goal (or has it pending in a deal) from the deal on, never two, and at most its
hand of intrigues counting those pending; a bot holds neither; and a pending deal is for a
player, of a module in play. A text with a second goal dealt to a seat was accepted, and the
second deal then lost the first goal (conservation broke at the next step); a bot holding a
goal or intrigues, or a hand of six in a game of three, was accepted too.

Each check holds on every state of seeded random games of every configuration
(`tests/spolka_zoo/test_zoo_hands_read.py`).
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.kernel.errors import InvariantBroken
from tabletop.spolka_zoo.state import ZooState

__all__ = ["check_hands", "intrigue_hand"]

_MODULES: Final = {"goal": ("hidden_goals", "ZOO-12.5"), "intrigue": ("intrigues", "ZOO-12.7")}
"""What a deal gives: the module that deals it and its rule."""


def intrigue_hand(seats: int) -> int:
    """The intrigue cards dealt to each player: 5 with two seats, else 3 (ZOO-12.7)."""
    return 5 if seats == 2 else 3


def check_hands(state: ZooState) -> None:
    """The seats hold the goals and intrigues the deal gives them, and every pending deal is
    one the setup makes.

    Raises:
        InvariantBroken: Naming the seat's field or the task, its value and the rule.
    """
    seats, modules = state.seats, state.config.modules
    pending: dict[tuple[str, int], int] = {}
    for i, task in enumerate(state.queue):
        if task.op != "deal":
            continue
        module, rule = _MODULES.get(task.arg, ("", "ZOO-12.5"))
        if module not in modules:
            _broken(f"a deal of {task.arg!r} with the modules {modules!r}", f"queue[{i}].arg", rule)
        if not 0 <= task.seat < len(seats) or seats[task.seat].bot:
            _broken(f"a deal of {task.arg!r} to seat {task.seat}, not a player's", f"queue[{i}].seat", "ZOO-12.1")
        pending[task.arg, task.seat] = pending.get((task.arg, task.seat), 0) + 1
    dealt = state.flow.key != "setup.board"  # the deal's tasks are all queued when it begins
    hand = intrigue_hand(len(seats))
    for i, seat in enumerate(seats):
        if seat.bot:
            if seat.goal or seat.intrigues:
                where = f"seats[{i}].goal" if seat.goal else f"seats[{i}].intrigues"
                _broken(
                    f"bot seat {i} holds {seat.goal or seat.intrigues!r}: bots get coins instead", where, "ZOO-12.1"
                )
            continue
        to_deal = pending.get(("goal", i), 0)
        if "hidden_goals" in modules and (seat.goal != "") + to_deal != dealt:
            _broken(f"seat {i} holds {seat.goal!r} with {to_deal} goal deals pending", f"seats[{i}].goal", "ZOO-12.5")
        to_deal = pending.get(("intrigue", i), 0)
        if len(seat.intrigues) + to_deal > hand:
            msg = f"seat {i} holds {len(seat.intrigues)} intrigues and {to_deal} to deal: the hand is {hand}"
            _broken(msg, f"seats[{i}].intrigues", "ZOO-12.7")


def _broken(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
