"""At Sea (CON-2.x)."""

from __future__ import annotations

import pytest
from conservas_helpers import changed, codes, draw, play, start, supply_water, texts, with_bag

from tabletop.conservas.rules.sea import submultisets
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.tokens import Tokens


def test_each_token_drawn_is_a_chance_node_with_count_over_total() -> None:
    """CON-2.1: each token of a handful is drawn by chance, kind by count / total."""
    state = start()
    assert state.current_player == CHANCE
    assert {str(m): p for m, p in state.chance_outcomes()} == {
        "token sardine": 0.25,
        "token scallop": 0.25,
        "token water": 0.5,
    }
    state = draw(state, "water")
    assert {str(m): p for m, p in state.chance_outcomes()}["token water"] == pytest.approx(9 / 19)
    assert codes(state, "token octopus") == "not-in-bag"


def test_a_handful_is_five_tokens() -> None:
    """CON-2.1: after 5 draws the player places the handful."""
    state = start()
    for _ in range(4):
        state = draw(state, "water")
        assert state.current_player == CHANCE
    state = draw(state, "water")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"water": 5})


def test_placement_moves_are_the_distinct_sub_multisets_of_catch_size() -> None:
    """CON-2.2, CON-2.3: El Dorado (catch 2) may keep any 2 of the handful, fish or water."""
    state = draw(start(), "sardine sardine scallop water water")
    assert texts(state.legal_moves()) == [
        "place el-dorado sardine,sardine",
        "place el-dorado sardine,scallop",
        "place el-dorado sardine,water",
        "place el-dorado scallop,water",
        "place el-dorado water,water",
        "place open-water",
    ]


def test_submultisets_are_distinct_and_complete() -> None:
    """CON-2.3: the enumeration lists every distinct sub-multiset once."""
    hand = Tokens({"sardine": 3, "scallop": 1, "water": 4})
    for size in range(6):
        found = submultisets(hand, size)
        assert len(set(found)) == len(found)
        assert all(t.total == size and t <= hand for t in found)
    assert len(submultisets(hand, 2)) == 5


def test_a_boat_keeps_exactly_its_catch_size_the_rest_is_deep_sea() -> None:
    """CON-2.3: exactly the catch size stays on board; the other tokens go to the Deep Sea."""
    state = draw(start(), "sardine sardine scallop water water")
    assert codes(state, "place el-dorado sardine") == "wrong-catch"
    assert codes(state, "place el-dorado sardine,sardine,water") == "wrong-catch"
    assert codes(state, "place el-dorado octopus,sardine") == "not-drawn"
    state = play(state, "place el-dorado scallop,water")
    assert state.catch == Tokens({"scallop": 1, "water": 1})
    assert state.deep == Tokens({"sardine": 2, "water": 1})


def test_open_water_takes_the_whole_handful_to_the_deep_sea() -> None:
    """CON-2.4: on the Open Water card the whole handful is Deep Sea."""
    state = draw(start(), "sardine scallop water water water")
    assert codes(state, "place open-water sardine") == "open-water-keeps"
    state = play(state, "place open-water")
    assert state.deep == Tokens({"sardine": 1, "scallop": 1, "water": 3})
    assert state.catch == Tokens()


def test_each_card_once_per_round_in_any_order() -> None:
    """CON-2.2, CON-2.5: every card gets exactly one handful, Open Water first or last (ruling)."""
    state = draw(start(), "water water water water water")
    state = play(state, "place open-water")
    state = draw(state, "water water water water water")
    assert codes(state, "place open-water") == "card-used"
    assert codes(state, "place bogavanti water,water") == "not-your-card"
    state = play(state, "place el-dorado water,water")
    assert state.flow.key == "land.act"
    assert state.used == ("open-water", "el-dorado")


def test_handfuls_repeat_once_per_boat_plus_open_water() -> None:
    """CON-2.5: with three boats the player draws four handfuls."""
    state = start()
    state = changed(state, fleet=("el-dorado",))
    placed = 0
    while state.flow.phase == "sea":
        if state.current_player == CHANCE:
            state = draw(state, "water")
        else:
            state = state.apply(state.legal_moves()[0])
            placed += 1
    assert placed == 2


def test_a_short_bag_is_topped_up_with_water_from_the_supply() -> None:
    """CON-2.6: when the bag runs out mid-handful, water from the supply completes it (no chance)."""
    state = with_bag(start(), sardine=1, scallop=1)
    water = state.supply["water"]
    state = draw(state, "sardine scallop")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"sardine": 1, "scallop": 1, "water": 3})
    assert state.supply["water"] == water - 3
    assert state.bag.is_empty


def test_an_empty_bag_at_the_start_of_a_handful_is_topped_up_too() -> None:
    """CON-2.6: a handful that starts on an empty bag is all water from the supply."""
    state = with_bag(start(), water=5)
    state = draw(state, "water water water water water")
    state = play(state, "place el-dorado water,water")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"water": 5})


def test_no_water_left_in_the_supply_forfeits_the_game() -> None:
    """CON-2.7: the bag is short and the supply has no water: the game is lost, overfished."""
    state = with_bag(start(), sardine=3)
    water = state.supply["water"]
    state = changed(state, supply=state.supply.remove("water", water), deep=Tokens({"water": water}))
    after = draw(state, "sardine sardine sardine")
    assert after.current_player == TERMINAL
    assert after.outcome is not None
    assert not after.outcome.won
    assert after.outcome.forfeit.startswith("overfished in round 1")
    assert after.outcome.summary()["forfeit"] == "overfished"
    assert after.outcome.summary()["last round"] == 1  # the round the forfeit names, not the 0 rounds completed
    assert after.outcome.summary()["money >= 40"] == "forfeit"
    assert after.outcome.returns == (0.0,)


def test_the_last_water_of_the_supply_completes_a_handful_without_forfeit() -> None:
    """CON-2.6, CON-2.7 (ruling): the supply's last water tokens may complete a handful; the game
    is forfeited only when a handful needs water and the supply has none left to give."""
    state = supply_water(with_bag(start(), sardine=2), 3)
    state = draw(state, "sardine sardine")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"sardine": 2, "water": 3})
    assert state.supply["water"] == 0
    assert not state.forfeit
    state = play(state, "place el-dorado sardine,sardine")
    assert state.current_player == TERMINAL
    assert state.outcome is not None
    assert state.outcome.forfeit == (
        "overfished in round 1: the bag ran out and the supply has 0 water tokens, 5 needed"
    )


def test_a_supply_with_too_little_water_forfeits() -> None:
    """CON-2.7: 2 water left and 3 needed: the supply runs out before the handful is complete."""
    state = draw(supply_water(with_bag(start(), sardine=2), 2), "sardine sardine")
    assert state.current_player == TERMINAL
    assert state.outcome is not None and not state.outcome.won
    assert state.outcome.forfeit.endswith("the supply has 2 water tokens, 3 needed")
    assert state.outcome.checks == ()
