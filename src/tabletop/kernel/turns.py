"""Turn order: who plays after whom around the table.

The [`Flow`][tabletop.kernel.phases.Flow] says where play stands (phase, step, round, the
seat to move, the first player); a [`TurnOrder`][tabletop.kernel.turns.TurnOrder] says in
which order the seats act from the first player on, so no game keeps its own tables of
"clockwise from" seats.

```pycon
>>> order = TurnOrder(4)
>>> order.from_first(2)
(2, 3, 0, 1)
>>> order.after(2, 3)
(0, 1)
>>> order.next(3)
0

```
"""

from __future__ import annotations

import functools

import attrs

__all__ = ["TurnOrder", "clockwise"]


@functools.cache
def clockwise(seats: int, first: int) -> tuple[int, ...]:
    """The seats `0..seats-1` clockwise from `first` (built once per pair, shared).

    Raises:
        ValueError: If `first` is not a seat.
    """
    if not 0 <= first < seats:
        msg = f"no seat {first!r} at a table of {seats}"
        raise ValueError(msg)
    return tuple((first + i) % seats for i in range(seats))


@attrs.frozen
class TurnOrder:
    """Clockwise play around a table of `seats`.

    Attributes:
        seats: How many seats (bots included).
    """

    seats: int = attrs.field(validator=attrs.validators.ge(1))

    def from_first(self, first: int) -> tuple[int, ...]:
        """Every seat in turn order, starting with `first`."""
        return clockwise(self.seats, first)

    def after(self, first: int, seat: int) -> tuple[int, ...]:
        """The seats still to act after `seat` when play started with `first`.

        Raises:
            ValueError: If `first` or `seat` is not a seat.
        """
        order = clockwise(self.seats, first)
        if not 0 <= seat < self.seats:
            msg = f"no seat {seat!r} at a table of {self.seats}"
            raise ValueError(msg)
        return order[order.index(seat) + 1 :]

    def next(self, seat: int, step: int = 1) -> int:
        """The seat `step` places clockwise from `seat` (the next first player, the left
        neighbour); a negative `step` goes anticlockwise."""
        return (seat + step) % self.seats
