"""The invariant of the face-up rows: the influence and helper rows have one slot per card of
the market (ZOO-1.4, ZOO-1.5: 3 cards, 4 with four or five seats), and a pending refill names
an empty slot of its row, once (fuzz 38).

The rules keep the rows' length from the first state on (an empty slot is `""`) and refill only
the slot they emptied (lobbying ZOO-4.11, hiring ZOO-4.10, the removal of the face-up influence
cards ZOO-11.3). A text with a row one slot short was accepted, and the refill of its last slot
then failed with an `IndexError`; a refill of a slot holding a card would lose that card.

Each check holds on every state of seeded random games of every configuration
(`tests/spolka_zoo/test_zoo_rows_read.py`).
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.kernel.errors import InvariantBroken
from tabletop.spolka_zoo.state import ZooState

__all__ = ["check_rows"]

_ROWS: Final = (("influence_row", "influence", "ZOO-1.4"), ("helper_row", "helper", "ZOO-1.5"))
"""Each face-up row: its field of the piles, the `arg` of its refill task, and its rule."""


def check_rows(state: ZooState) -> None:
    """Each face-up row has one slot per card of the market, and each pending refill names an
    empty slot of its row, no slot twice.

    Raises:
        InvariantBroken: Naming the row or the task, its value and the rule.
    """
    size = state.config.market_size
    rows = {}
    for name, kind, rule in _ROWS:
        row = getattr(state.piles, name)
        if len(row) != size:
            seats = len(state.seats)
            _broken(f"{len(row)} slots {row!r} with {seats} seats: the row has {size}", f"piles.{name}", rule)
        rows[kind] = (row, rule)
    refilled = set()
    for i, task in enumerate(state.queue):
        if task.op == "draw_row" and task.arg in rows:
            row, rule = rows[task.arg]
            slot, at = task.index, f"queue[{i}].index"
            if not 0 <= slot < size:
                _broken(f"a refill of slot {slot} of the {task.arg} row of {size}", at, rule)
            if row[slot]:
                _broken(f"a refill of slot {slot} of the {task.arg} row, which holds {row[slot]!r}", at, rule)
            if (task.arg, slot) in refilled:
                _broken(f"a second refill of slot {slot} of the {task.arg} row", at, rule)
            refilled.add((task.arg, slot))


def _broken(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
