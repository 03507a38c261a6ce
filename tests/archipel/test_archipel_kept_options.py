"""An Archipel state keeps two options the rules read at every step: `declare` (ARC-7.1, when the
season may be declared over) and `idle_rounds` (ruling ARC-7.6, the rounds without progress that end
it). A text that says a value `new_game` would refuse is refused at that field, naming the value."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.archipel import GAME
from tabletop.kernel.errors import DecodeError

BAD: list[tuple[str, Any, str]] = [
    ("declare", "x", "option 'declare' must be one of 'anytime', 'supplied'; got 'x'"),
    ("idle_rounds", 0, "option 'idle_rounds' must be an integer from 1 to 1000; got 0"),
    ("idle_rounds", -5, "option 'idle_rounds' must be an integer from 1 to 1000; got -5"),
    ("idle_rounds", 2**40, "option 'idle_rounds' must be an integer from 1 to 1000; got 1099511627776"),
]


@pytest.mark.parametrize(("field", "value", "message"), BAD)
def test_a_kept_option_new_game_refuses_is_refused_at_its_field(field: str, value: Any, message: str) -> None:
    document = json.loads(GAME.new_game(3, players=3).to_json())
    document["state"][field] = value
    with pytest.raises(DecodeError, match=message) as caught:
        GAME.state_from_json(json.dumps(document))
    assert caught.value.path == f"state.{field}"


def test_the_values_new_game_accepts_are_read() -> None:
    state = GAME.new_game(3, players=2, declare="supplied", idle_rounds=1000)
    assert GAME.state_from_json(state.to_json()) == state
