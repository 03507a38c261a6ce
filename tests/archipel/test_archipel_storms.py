"""ARC-5 (the storms) and ARC-6 (two boats meeting)."""

from __future__ import annotations

import pytest
from archipel_helpers import boat, play, started, storms

from tabletop.archipel import Give, Sail, Take, reference_board
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.tokens import Tokens

FREE = ("",) * 20


def covered(*numbers: int) -> tuple[str, ...]:
    board = reference_board()
    spaces = list(FREE)
    for n in numbers:
        spaces[board.storm_by_number[n]] = f"storm-{n}"
    return tuple(spaces)


def test_channel_blocked_only_when_full() -> None:
    """ARC-5.1: a channel with an open space can be sailed through; all spaces covered blocks it."""
    board = reference_board()
    # Pearl Lagoon is reached only through channel k11 (spaces 17, 18, 19).
    assert board.can_reach(covered(17, 18), "jade", "f26")
    assert not board.can_reach(covered(17, 18, 19), "jade", "f26")
    assert board.can_reach(covered(17, 18, 19), "pearl", "f26"), "inside the lagoon the water is open"


def test_blocked_channels_force_detours() -> None:
    """ARC-5.2: with the direct channel blocked the boat goes round, still for one fuel."""
    board = reference_board()
    storms_ = covered(1, 2)  # k1: Jade Sea - North Sound
    assert board.can_reach(storms_, "jade", "f05")  # through the West Passage and the Central Sea
    storms_ = covered(1, 2, 4, 5)  # and k3: Jade Sea - West Passage
    reach = board.reachable(storms_, "jade")
    assert set(reach) == {"f01", "f02", "f03", "f04", "lotus", "home-red", "s1", "s2", "s4", "s5"}


def test_cut_off_harbour_is_refused() -> None:
    """ARC-5.2: a harbour behind blocked channels cannot be reached."""
    state = storms(started(1), {20: "storm-20"})  # k12, the only channel to Dragon Cove
    assert not state.is_legal(Sail("dragon"))
    with pytest.raises(IllegalMove) as info:
        play(state, "sail dragon")
    assert (info.value.code, info.value.rule) == ("cut-off", "ARC-5.2")


def test_storm_gear_clears_a_storm_and_returns_it_to_the_pocket() -> None:
    """ARC-5.3, ARC-10.1: sail into a storm for one fuel; the storm goes to the pocket, the gear out of the game."""
    state = storms(boat(started(1), 0, cards=["storm-gear"]), {20: "storm-20"})
    pocket = state.pocket.contents["storm-20"]
    state = play(state, "sail s20")
    assert state.storms[state.map.storm_by_number[20]] == ""
    assert state.pocket.contents["storm-20"] == pocket + 1
    assert state.removed == Tokens({"storm-gear": 1})
    assert (state.boats[0].at, state.boats[0].fuel) == ("s20", 4)


def test_after_clearing_the_boat_sails_on() -> None:
    """ARC-5.4: with fuel left the boat sails on from the storm space, to either side."""
    state = storms(boat(started(1), 0, cards=["storm-gear"]), {20: "storm-20"})
    state = play(state, "sail s20")
    assert state.is_legal(Sail("dragon")) and state.is_legal(Sail("f20"))
    state = play(state, "sail dragon")
    assert state.boats[0].fuel == 3


def test_storm_needs_gear() -> None:
    """ARC-5.3: without storm gear a boat does not sail into a storm."""
    state = storms(started(1), {20: "storm-20"})
    with pytest.raises(IllegalMove) as info:
        play(state, "sail s20")
    assert info.value.code == "no-storm-gear"


def test_boats_together_hand_over_fuel_fish_and_equipment() -> None:
    """ARC-6.1: boats on the same location give each other equipment, fish and fuel, either way."""
    state = boat(started(1), 0, at="f07", fuel=3, cards=["bait-red"], fish=["blue"])
    state = boat(state, 1, at="f07", fuel=1, cards=["storm-gear"])
    moves = state.legal_moves()
    for move in (Give("fuel", "yellow"), Give("fish-blue", "yellow"), Give("bait-red", "yellow")):
        assert move in moves
    for move in (Take("fuel", "yellow"), Take("storm-gear", "yellow")):
        assert move in moves
    state = play(state, "give fish-blue to yellow", "take storm-gear from yellow", "give fuel to yellow")
    assert state.boats[1].fish == Tokens({"blue": 1}) and state.boats[1].fuel == 2
    assert state.boats[0].cards == Tokens({"bait-red": 1, "storm-gear": 1})


def test_meetings_need_the_same_location() -> None:
    """ARC-6.1: only boats on the same location meet."""
    state = boat(started(1), 0, cards=["bait-red"])
    with pytest.raises(IllegalMove) as info:
        play(state, "give bait-red to yellow")
    assert info.value.code == "not-together"


def test_receiver_limits_hold() -> None:
    """ARC-1.3, ARC-6.1: nobody receives beyond 5 fuel, 3 fish or 4 equipment cards."""
    state = boat(started(1), 0, at="f07", cards=["bait-red"])
    state = boat(state, 1, at="f07", cards=["bait-blue"] * 4)
    assert not state.is_legal(Give("fuel", "yellow"))
    assert not state.is_legal(Give("bait-red", "yellow"))
    with pytest.raises(IllegalMove) as info:
        play(state, "give bait-red to yellow")
    assert info.value.code == "no-room"


def test_what_changed_hands_does_not_go_back_in_the_same_turn() -> None:
    """ARC-6.1 (ruling): an item handed over does not come back the same turn (no endless meetings)."""
    state = boat(started(1), 0, at="f07", fuel=3)
    state = boat(state, 1, at="f07", fuel=1)
    state = play(state, "give fuel to yellow")
    assert not state.is_legal(Take("fuel", "yellow"))
    assert state.is_legal(Give("fuel", "yellow"))
    state = play(state, "end", "end")
    assert state.is_legal(Take("fuel", "yellow")), "next turn it may"


def test_storm_gear_does_not_clear_the_storm_on_the_boat_s_own_space() -> None:
    """ARC-5.3 (ruling): "If you have the storm gear card, move to a storm space (this will take
    1 fuel)": a boat already on the space a storm came to cannot move to it, so the gear clears
    that storm only after the boat has left and come back (two fuel)."""
    state = storms(boat(started(4, players=1), 0, cards=["storm-gear"], at="s1"), {1: "storm-1"})
    assert state.storm("s1") == "storm-1" and state.boats[0].at == "s1"
    assert not state.is_legal(Sail("s1"))
    assert not any(str(move) == "sail s1" for move in state.legal_moves())
    with pytest.raises(IllegalMove) as info:
        play(state, "sail s1")
    assert (info.value.code, info.value.rule) == ("already-there", "ARC-2.7")
    back = play(state, "sail f01", "sail s1")
    assert back.storm("s1") == "" and back.boats[0].fuel == 3 and "storm-gear" not in back.boats[0].cards
