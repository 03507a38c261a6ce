"""CON-2.7, the `overfishing` option: when running out of water in the general supply forfeits.
`"short"` (the default, unchanged): when the supply cannot complete a handful; `"empty"`: as
soon as a handful takes the supply's last water."""

from __future__ import annotations

import json

import pytest
from conservas_helpers import GAME, changed, draw, start, supply_water, with_bag

import tabletop
from tabletop.conservas import ConservasState
from tabletop.kernel.chance import TERMINAL
from tabletop.kernel.tokens import Tokens


def _last_water(overfishing: str) -> ConservasState:
    """2 sardines in the bag, exactly the 3 water the handful then needs left in the supply."""
    state = changed(start(), overfishing=overfishing)
    return draw(supply_water(with_bag(state, sardine=2), 3), "sardine sardine")


def test_the_default_plays_on_when_the_last_water_completes_a_handful() -> None:
    """CON-2.7 (`short`, the default): the supply's last 3 water complete the handful; play goes on."""
    assert GAME.new_game(0).overfishing == "short"
    state = _last_water("short")
    assert state.flow.key == "sea.place"
    assert state.forfeit == ""
    assert state.supply["water"] == 0


def test_empty_forfeits_when_a_handful_takes_the_last_water() -> None:
    """CON-2.7 (`empty`): the handful is completed with the supply's last water, then the game is
    forfeited at once, lost, with the reason."""
    state = _last_water("empty")
    assert state.current_player == TERMINAL
    assert state.hand == Tokens({"sardine": 2, "water": 3})
    assert state.supply["water"] == 0
    assert state.forfeit == (
        "overfished in round 1: the bag ran out and the supply's last 3 water tokens completed the handful"
    )
    assert state.outcome is not None and not state.outcome.won
    assert GAME.state_from_json(state.to_json()) == state


@pytest.mark.parametrize("overfishing", ["short", "empty"])
def test_both_forfeit_when_the_supply_cannot_complete_a_handful(overfishing: str) -> None:
    """CON-2.7: 2 water left and 3 needed forfeits whichever the option."""
    state = changed(start(), overfishing=overfishing)
    state = draw(supply_water(with_bag(state, sardine=2), 2), "sardine sardine")
    assert state.current_player == TERMINAL
    assert state.forfeit.endswith("the supply has 2 water tokens, 3 needed")


@pytest.mark.parametrize("overfishing", ["short", "empty"])
def test_water_to_spare_never_forfeits(overfishing: str) -> None:
    """CON-2.6: with more water in the supply than the handful needs, both options play on."""
    state = changed(start(), overfishing=overfishing)
    state = draw(supply_water(with_bag(state, sardine=2), 4), "sardine sardine")
    assert state.flow.key == "sea.place"
    assert state.forfeit == ""
    assert state.supply["water"] == 1


def test_the_option_is_validated_and_kept() -> None:
    """CON-2.7: a bad value is refused naming the option and the value; a game keeps it through JSON,
    and a state written before the option existed reads as `short`."""
    with pytest.raises(ValueError, match=r"option 'overfishing' must be one of 'short', 'empty'; got 'never'"):
        GAME.new_game(0, overfishing="never")
    state = GAME.new_game(0, overfishing="empty")
    assert GAME.state_from_json(state.to_json()).overfishing == "empty"
    document = json.loads(GAME.new_game(0).to_json())
    del document["state"]["overfishing"]
    assert GAME.state_from_json(json.dumps(document)).overfishing == "short"
    document["state"]["overfishing"] = "never"
    with pytest.raises(tabletop.DecodeError, match=r"state\.overfishing: .*'never' is not short or empty.*CON-2\.7"):
        GAME.state_from_json(json.dumps(document))
