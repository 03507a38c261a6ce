"""A broken Spółka ZOO invariant names its field path and rule; reading such a state refuses it
at that path."""

from __future__ import annotations

import json

import attrs
import pytest
from zoo_helpers import seat, start

from tabletop.kernel.errors import DecodeError, InvariantBroken
from tabletop.spolka_zoo import GAME
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.state import Task, ZooState


def _refused(broken: ZooState, message: str, path: str, rule: str) -> None:
    """`broken` breaks an invariant at `path` under `rule`, and its text is refused at that path."""
    with pytest.raises(InvariantBroken, match=message) as caught:
        invariants(broken)
    assert (caught.value.path, caught.value.rule) == (path, rule)
    text = json.loads(broken.to_json())
    with pytest.raises(DecodeError) as decoded:
        GAME.state_from_json(json.dumps(text))
    assert decoded.value.path == f"state.{path}"


def test_a_purse_below_zero_names_the_seat_and_the_rule() -> None:
    """ZOO-11.11: nobody holds fewer than 0 coins; the error names seats[1].money."""
    broken = seat(start(3), 1, money=-2)
    _refused(broken, r"seats\[1\]\.money: seat 1 has -2 coins \(ZOO-11\.11\)", "seats[1].money", "ZOO-11.11")


def test_pending_work_of_an_unknown_operation_names_the_task() -> None:
    """A task names an operation of the table: the error points at queue[0].op."""
    state = start(3)
    broken = attrs.evolve(state, queue=(Task("juggle"),))
    with pytest.raises(InvariantBroken, match="unknown operation 'juggle'") as caught:
        invariants(broken)
    assert caught.value.path == "queue[0].op"


def test_fruit_not_conserved_names_the_warehouse() -> None:
    """ZOO-1.3: the fruit in play is the warehouse's and the seats' starting fruit."""
    state = start(3)
    broken = attrs.evolve(state, warehouse=state.warehouse.add("apple"))
    with pytest.raises(InvariantBroken, match="fruit tokens not conserved") as caught:
        invariants(broken)
    assert (caught.value.path, caught.value.rule) == ("warehouse", "ZOO-1.3")


def test_a_turn_position_past_the_seats_names_the_field_and_the_rule() -> None:
    """ZOO-3.2: each token is resolved by the seats in turn from the first player, so a turn's
    position counts at most every seat; a text with position 99 is refused at that field."""
    state = start(3)
    broken = attrs.evolve(state, turn=attrs.evolve(state.turn, position=99))
    _refused(broken, r"position 99 of 3 seats \(ZOO-3\.2\)", "turn.position", "ZOO-3.2")


def test_the_seat_resolving_is_the_last_seat_started() -> None:
    """ZOO-3.2: the seat resolving the token is the position-th seat clockwise from the first
    player; naming another seat is refused at turn.seat."""
    state = start(3)
    order = state.order_from_first()
    broken = attrs.evolve(state, turn=attrs.evolve(state.turn, position=1, seat=order[1]))
    with pytest.raises(InvariantBroken, match=r"seat \d resolving at position 1") as caught:
        invariants(broken)
    assert (caught.value.path, caught.value.rule) == ("turn.seat", "ZOO-3.2")
