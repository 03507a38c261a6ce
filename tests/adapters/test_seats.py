"""A seat that is not a seat is refused the same way everywhere: `SeatError` (a `ValueError`).

`state.view(seat)` and every bridge method that takes a seat (`observation`,
`observation_string`, `sample_state`) refuse a number out of range, a `bool`, a float, a string
and `None` with the same typed error naming the value and the seats; any integer type that
Python can use as an index (numpy's included) is a seat. A view of another game is a
`TypeError` naming what was passed.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.adapters import bridge_for
from tabletop.kernel.errors import SeatError, seat_index

CONFIGS = [("conservas", {}), ("archipel", {"players": 3}), ("spolka_zoo", {"players": 3})]
NOT_SEATS = [-1, 99, 1.0, True, None, "0"]


class Index:
    """An integer type of one's own: anything with `__index__` is a seat number."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def _state(name: str, options: dict[str, int]) -> tabletop.State:
    return tabletop.get_game(name).new_game(1, **options)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[c[0] for c in CONFIGS])
@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_view_and_bridges_refuse_what_is_not_a_seat(name: str, options: dict[str, int], seat: object) -> None:
    state = _state(name, options)
    bridge = bridge_for(state)
    view = state.view(0)
    seats = state.num_players
    calls = {
        "view": lambda: state.view(seat),  # type: ignore[arg-type]
        "observation": lambda: bridge.observation(view, seat),  # type: ignore[arg-type]
        "observation_string": lambda: bridge.observation_string(view, seat),  # type: ignore[arg-type]
        "sample_state": lambda: bridge.sample_state(view, seat, random.Random(1)),  # type: ignore[arg-type]
    }
    for where, call in calls.items():
        if seat == 0 or (seat is not True and isinstance(seat, int) and 0 <= seat < seats):
            continue  # a seat of this game (1 in a three-seat game)
        with pytest.raises(SeatError, match=f"^{where}: no seat {seat!r}: seats are 0 to {seats - 1}$") as raised:
            call()
        assert raised.value.seat is seat or raised.value.seat == seat
        assert raised.value.seats == seats
        assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_any_integer_type_is_a_seat(name: str, options: dict[str, int]) -> None:
    state = _state(name, options)
    bridge = bridge_for(state)
    last = state.num_players - 1
    assert state.view(Index(last)) == state.view(last)  # type: ignore[arg-type]
    view = state.view(last)
    assert bridge.observation(view, Index(last)) == bridge.observation(view, last)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_a_view_of_another_game_is_a_type_error(name: str, options: dict[str, int]) -> None:
    bridge = bridge_for(_state(name, options))
    other = _state("conservas" if name != "conservas" else "archipel", {})
    for call in (bridge.observation, bridge.observation_string):
        with pytest.raises(TypeError, match="not a"):
            call(other.view(0), 0)


def test_seat_index_reads_integers_and_refuses_the_rest() -> None:
    assert seat_index(2, 3) == 2
    assert seat_index(Index(0), 1) == 0
    for seat in NOT_SEATS:
        with pytest.raises(SeatError, match=f"^no seat {seat!r}: seats are 0 to 1$"):
            seat_index(seat, 2)
