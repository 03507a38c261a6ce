"""Reading a Spółka ZOO state refuses a seat whose secret pick is missing when its token is due,
or made before its turn to pick (fuzz 38: the empty pick was revealed as a token)."""

from __future__ import annotations

import json

import attrs
import pytest
from zoo_helpers import play, refused, seat, start

from tabletop.kernel.errors import DecodeError
from tabletop.spolka_zoo import GAME


def test_a_seat_with_no_pick_when_tokens_resolve_isrefused() -> None:
    """ZOO-3.1 "each player chooses one of their available Action tokens" before ZOO-3.2 the
    tokens are revealed: once the picks are made, a human seat not yet revealed with no pick is
    refused (its reveal played an empty token)."""
    state = play(start(3), "pick share; pick fruit; pick speculate")
    assert state.flow.key == "action.act" and state.turn.seat == 0
    refused(seat(state, 2, pick=""), "seats[2].pick", "ZOO-3.1", "picked ''")


def test_a_pick_before_the_seats_turn_to_pick_isrefused() -> None:
    """ZOO-3.1: the seats pick in turn from the first player; at seat 1's pick a seat after it
    holding a pick is refused, and so is seat 0 (before it) holding none."""
    state = play(start(3), "pick share")
    assert state.flow.key == "action.pick" and state.flow.player == 1
    refused(seat(state, 2, pick="fruit"), "seats[2].pick", "ZOO-3.1", "0 tokens due")
    refused(seat(state, 0, pick=""), "seats[0].pick", "ZOO-3.1", "1 tokens due")


def test_the_fuzzers_text_isrefused_when_read() -> None:
    """The text fuzz 38 found (a pick emptied once every seat had picked) is refused by
    `state_from_json` at the pick."""
    text = json.loads(play(start(3), "pick share; pick fruit; pick speculate").to_json())
    text["state"]["seats"][2]["pick"] = ""
    with pytest.raises(DecodeError, match=r"state\.seats\[2\]\.pick.*\(ZOO-3\.1\)"):
        GAME.state_from_json(json.dumps(text))


def test_a_seat_resolving_while_the_seats_pick_isrefused() -> None:
    """ZOO-3.2 "starting from the First Player and going clockwise, each player reveals their
    token": while the seats pick, no seat has begun resolving (position 0); a later position
    skipped the first seats' tokens (fuzz 38)."""
    state = play(start(3), "pick share")
    refused(attrs.evolve(state, turn=attrs.evolve(state.turn, position=2)), "turn.position", "ZOO-3.2", "position 2")


def test_transactions_with_the_action_not_performed_arerefused() -> None:
    """ZOO-4.1 "With this Action token a player may perform up to two transactions": a token
    with a transaction made is performed (`used`, which the helper abilities after it read,
    ZOO-5.1); transactions on a token marked not performed are refused (fuzz 38)."""
    state = play(start(3), "pick share; pick share; pick share", "buy share apple")
    assert state.turn.used and state.turn.trades == ("buy:apple",)
    broken = attrs.evolve(state, turn=attrs.evolve(state.turn, used=False))
    refused(broken, "turn.used", "ZOO-4.1", "('buy:apple',)")
