"""Turn order: clockwise from the first player, the seats after one, the next seat."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.turns import TurnOrder, clockwise


@given(st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(0, n - 1))))
def test_turn_order_is_clockwise_from_the_first(case: tuple[int, int, int]) -> None:
    """Every seat once, starting at the first; the seats after one are the rest of that order."""
    seats, first, seat = case
    order = TurnOrder(seats)
    full = order.from_first(first)
    assert sorted(full) == list(range(seats)) and full[0] == first
    assert all(full[(i + 1) % seats] == order.next(full[i]) for i in range(seats))
    assert order.after(first, seat) == full[full.index(seat) + 1 :]
    assert order.next(seat, -1) == (seat - 1) % seats
    assert clockwise(seats, first) is full  # built once, shared


def test_bad_seats_are_refused_by_name() -> None:
    """A seat that is not at the table is refused, naming it."""
    with pytest.raises(ValueError, match="no seat 4 at a table of 3"):
        TurnOrder(3).from_first(4)
    with pytest.raises(ValueError, match="no seat -1 at a table of 3"):
        TurnOrder(3).after(0, -1)
    with pytest.raises(ValueError, match="must be >= 1"):
        TurnOrder(0)
