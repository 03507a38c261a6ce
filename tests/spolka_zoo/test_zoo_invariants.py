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
from tabletop.spolka_zoo.state import Task


def test_a_purse_below_zero_names_the_seat_and_the_rule() -> None:
    """ZOO-11.11: nobody holds fewer than 0 coins; the error names seats[1].money."""
    broken = seat(start(3), 1, money=-2)
    with pytest.raises(InvariantBroken, match=r"seats\[1\]\.money: seat 1 has -2 coins \(ZOO-11\.11\)") as caught:
        invariants(broken)
    assert (caught.value.path, caught.value.rule) == ("seats[1].money", "ZOO-11.11")
    text = json.loads(broken.to_json())
    with pytest.raises(DecodeError) as decoded:
        GAME.state_from_json(json.dumps(text))
    assert decoded.value.path == "state.seats[1].money"


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
