"""ARC-4 (the harbours) and ARC-10 (where used cards go)."""

from __future__ import annotations

import pytest
from archipel_helpers import boat, play, shop, started, storms

from tabletop.archipel import ArchipelState, Calm, Discard, Place
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.tokens import Tokens


def at_jade(wares: list[str], placed: dict[int, str] | None = None, **boat_changes: object) -> ArchipelState:
    """Red in Jade's harbour at the start of its turn, Jade's shop holding ``wares``, storms ``placed``."""
    state = boat(started(1), 0, at="jade", **boat_changes)
    state = storms(state, placed or {})
    return shop(state, "jade", wares)


def test_one_leak_loses_the_equipment_only() -> None:
    """ARC-4.1: one leak card: every square card on the boat leaves the game, the fish stay."""
    state = at_jade(["leak", "bait-red", "bait-blue"], cards=["storm-gear", "bait-yellow"], fish=["blue", "orange"])
    state = play(state, "end")
    assert state.removed == Tokens({"storm-gear": 1, "bait-yellow": 1})
    assert state.boats[0].cards == Tokens({"bait-red": 1, "bait-blue": 1})
    assert state.markets[0] == Tokens({"blue": 1}), "the leak is checked first, then the fish delivered"
    assert state.boats[0].fish == Tokens({"orange": 1})


def test_two_leaks_lose_the_fish_too_and_return_to_the_pocket() -> None:
    """ARC-4.1: two leak cards: the fish are lost as well; the leak cards go back to the pocket."""
    state = at_jade(["leak", "leak", "bait-red"], cards=["storm-gear"], fish=["blue"])
    leaks = state.pocket.contents["leak"]
    state = play(state, "end")
    assert state.lost == Tokens({"blue": 1}) and not state.markets[0]
    assert state.pocket.contents["leak"] == leaks + 2
    assert state.boats[0].cards == Tokens({"bait-red": 1})


def test_deliveries_fill_only_the_orders() -> None:
    """ARC-4.2: fish of the ordered colours go to the market, as many as it still wants."""
    state = at_jade([], fish=["blue", "blue", "red"])
    state = play(state, "end")
    assert state.markets[0] == Tokens({"blue": 1})  # Jade orders one blue and one yellow
    assert state.boats[0].fish == Tokens({"blue": 1, "red": 1})
    assert state.last_progress == state.flow.round


def test_numbered_storm_goes_on_its_space() -> None:
    """ARC-4.3: a numbered storm card goes straight onto the space with its number."""
    state = play(at_jade(["storm-12", "bait-red", "bait-blue"]), "end")
    assert state.storms[state.map.storm_by_number[12]] == "storm-12"
    assert state.flow.key == "harbour.dock"


def test_blank_storm_space_is_chosen() -> None:
    """ARC-4.3: a storm without number goes on a free space the players choose."""
    state = at_jade(["storm-blank", "bait-red", "bait-blue"], {3: "storm-3"})
    state = play(state, "end")
    places = state.legal_moves()
    assert Place("s3") not in places and Place("s4") in places and len(places) == 19
    state = play(state, "place s4")
    assert state.storms[state.map.storm_by_number[4]] == "storm-blank"


def test_blank_storm_with_no_free_space_returns_to_the_pocket() -> None:
    """ARC-4.3 (ruling): a blank storm with no free space left goes back to the pocket."""
    full = {n: f"storm-{n}" for n in range(1, 21) if n != 9}
    state = at_jade(["storm-blank", "bait-red", "bait-blue"], {**full, 9: "storm-blank"})
    before = state.pocket.contents["storm-blank"]
    state = play(state, "end")
    assert state.flow.key == "harbour.dock"
    assert state.pocket.contents["storm-blank"] == before + 1


def test_numbered_storm_displaces_a_blank_one() -> None:
    """ARC-4.3: a numbered storm whose space holds a blank storm: the blank moves first, by choice."""
    state = at_jade(["storm-5", "bait-red", "bait-blue"], {5: "storm-blank"})
    state = play(state, "end")
    assert state.turn.weather == "storm-5" and Place("s5") not in state.legal_moves()
    state = play(state, "place s17")
    assert state.storms[state.map.storm_by_number[5]] == "storm-5"
    assert state.storms[state.map.storm_by_number[17]] == "storm-blank"


def test_displaced_blank_with_nowhere_to_go_returns_to_the_pocket() -> None:
    """ARC-4.3 (ruling): if the displaced blank storm has no free space, it goes back to the pocket."""
    others = {n: f"storm-{n}" for n in range(1, 21) if n not in (5, 6)}
    state = at_jade(["storm-5", "bait-red", "bait-blue"], {**others, 5: "storm-blank", 6: "storm-blank"})
    before = state.pocket.contents["storm-blank"]
    state = play(state, "end")
    assert state.flow.key == "harbour.dock"
    assert state.storms[state.map.storm_by_number[5]] == "storm-5"
    assert state.pocket.contents["storm-blank"] == before + 1


def test_good_weather_removes_a_chosen_storm_from_the_game() -> None:
    """ARC-4.4, ARC-10.1: good weather removes one storm of the player's choice; both leave the game."""
    state = at_jade(["good-weather", "bait-red", "bait-blue"], {3: "storm-3", 8: "storm-blank"})
    state = play(state, "end")
    assert state.legal_moves() == (Calm("s3"), Calm("s8"))
    state = play(state, "calm s8")
    assert state.removed == Tokens({"good-weather": 1, "storm-blank": 1})
    assert state.storms[state.map.storm_by_number[3]] == "storm-3"


def test_storms_are_read_before_good_weather() -> None:
    """ARC-4.4 (ruling): storms drawn with good weather are placed first, so it may calm them."""
    state = play(at_jade(["good-weather", "storm-2", "bait-blue"]), "end")
    assert state.legal_moves() == (Calm("s2"),)


def test_good_weather_without_storms_has_no_effect() -> None:
    """ARC-4.4: with no storm on the board the good weather card is removed without effect."""
    state = play(at_jade(["good-weather", "bait-red", "bait-blue"]), "end")
    assert state.flow.key == "harbour.dock"
    assert state.removed == Tokens({"good-weather": 1})


def test_remaining_cards_become_equipment() -> None:
    """ARC-4.5: bait, storm gear and jerrycans go on the boat card."""
    state = play(at_jade(["bait-red", "storm-gear", "jerrycan-blue"]), "end")
    assert state.boats[0].cards == Tokens({"bait-red": 1, "storm-gear": 1, "jerrycan-blue": 1})


@pytest.mark.parametrize(("can", "back"), [("jerrycan-blue", "pocket"), ("jerrycan-red", "removed")])
def test_jerrycans_fill_the_tank(can: str, back: str) -> None:
    """ARC-4.6, ARC-10.1, ARC-10.2: fill up to 5; blue cans return to the pocket, red ones leave the game."""
    state = boat(started(1), 0, cards=[can], fuel=1)
    before = state.pocket.contents[can]
    state = play(state, f"refuel {can}")
    assert state.boats[0].fuel == 5 and not state.boats[0].cards
    if back == "pocket":
        assert state.pocket.contents[can] == before + 1
    else:
        assert state.removed == Tokens({can: 1})


def test_no_refuel_with_a_full_tank() -> None:
    """ARC-4.6 (ruling): a jerrycan fills the tank, so it is not used on a full tank."""
    state = boat(started(1), 0, cards=["jerrycan-blue"])
    with pytest.raises(IllegalMove) as info:
        play(state, "refuel jerrycan-blue")
    assert info.value.code == "tank-full"


def test_excess_equipment_is_discarded_by_choice() -> None:
    """ARC-4.7: beyond four cards the excess leaves the game; the player picks which."""
    state = at_jade(["bait-red", "bait-blue", "storm-gear"], cards=["bait-yellow", "bait-yellow", "jerrycan-blue"])
    state = play(state, "end")
    assert state.boats[0].cards.total == 4 and state.bought.total == 2
    assert Discard("bait-yellow") in state.legal_moves()
    with pytest.raises(IllegalMove) as info:
        play(state, "end")
    assert info.value.code == "cards-waiting"
    state = play(state, "discard bait-yellow", "discard bait-yellow")
    assert state.removed == Tokens({"bait-yellow": 2})
    assert state.boats[0].cards == Tokens({"bait-red": 1, "bait-blue": 1, "storm-gear": 1, "jerrycan-blue": 1})
    assert not state.bought


def test_excess_jerrycan_may_be_used_at_once() -> None:
    """ARC-4.6, ARC-4.7: a jerrycan beyond four cards may be used right away instead of lost."""
    state = at_jade(["jerrycan-blue", "bait-blue", "bait-red"], cards=["bait-yellow"] * 2 + ["storm-gear"], fuel=2)
    state = play(state, "end")
    assert state.bought == Tokens({"jerrycan-blue": 1, "bait-red": 1})
    state = play(state, "refuel jerrycan-blue")
    assert state.boats[0].fuel == 5 and state.bought == Tokens({"bait-red": 1})


def test_turn_is_over_in_a_harbour() -> None:
    """ARC-4.8: in the harbour no more sailing; the turn ends with 'done' (the alias 'end' stays)."""
    state = play(at_jade([]), "end")
    assert {m.kind for m in state.legal_moves()} <= {"done", "over", "give", "take", "throw", "refuel", "discard"}


def test_warehouse_refills_the_shop_and_the_pocket_the_warehouse() -> None:
    """ARC-4.9: after the visit the warehouse's cards go to the emptied shop; chance refills the warehouse."""
    state = at_jade(["bait-red", "bait-blue", "bait-yellow"])
    warehouse = state.warehouse
    state = play(state, "end", "end")
    assert state.shops[0] == warehouse
    assert state.flow.key == "harbour.restock" and not state.warehouse
    state = play(state, "draw bait-multi", "draw bait-multi", "draw storm-gear")
    assert state.warehouse == Tokens({"bait-multi": 2, "storm-gear": 1})
    assert state.flow.key == "turn.act" and state.flow.player == 1


def test_no_supply_for_a_home_port() -> None:
    """ARC-4.9: a home port has no shop: entering it draws nothing."""
    state = play(started(1), "sail home-blue", "end")
    assert state.flow.key == "turn.act" and state.chance_count == 39
