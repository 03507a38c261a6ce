"""Archipel rulings held against the plain text of the rulebook (issue 17's audit).

Each test cites the rule ID its ruling reads; see `docs/archipel/rulings.md`.
"""

from __future__ import annotations

import random

import pytest
from archipel_helpers import boat, fish_at, play, started

from tabletop.archipel import GAME, ArchipelState, Refuel
from tabletop.archipel.views import perturb
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.tokens import Tokens

FULL_HOLD = ["bait-blue", "bait-yellow", "bait-red", "storm-gear"]
WITH_CAN = ["jerrycan-blue", "bait-blue", "bait-red", "bait-multi"]


def stranded_visit() -> ArchipelState:
    """Red (seat 0, to move) at f30 with its last fuel marker; yellow (seat 1) at f29 with an
    empty tank and a blue jerrycan. Both boats carry four cards."""
    state = boat(started(1), 1, at="f29", fuel=0, cards=WITH_CAN)
    state = boat(state, 0, at="f30", fuel=1, cards=FULL_HOLD)
    assert state.current_player == 0 and state.flow.key == "turn.act"
    return play(state, "sail f29")


def test_the_visited_boat_fills_its_tank_and_hands_fuel_on() -> None:
    """ARC-2.6, ARC-4.6: "It can be used at any time": the stranded boat's jerrycan fills its
    tank on the visitor's turn, and the visitor takes fuel and sails on (ARC-6.1)."""
    state = stranded_visit()
    red, yellow = state.boats[0], state.boats[1]
    assert red.fuel == 0 and yellow.fuel == 0 and red.at == yellow.at == "f29"
    moves = state.legal_moves()
    # Four cards each: the jerrycan cannot change boats (ARC-4.7), and nobody has fuel to give.
    assert not any(str(m).startswith(("take jerrycan", "give", "take fuel")) for m in moves)
    assert Refuel("jerrycan-blue", "yellow") in moves
    pocket = state.pocket.contents["jerrycan-blue"]
    after = play(state, "refuel yellow with jerrycan-blue")
    assert after.boats[1].fuel == 5 and "jerrycan-blue" not in after.boats[1].cards
    assert after.pocket.contents["jerrycan-blue"] == pocket + 1, "a blue jerrycan returns to the pocket (ARC-10.2)"
    assert after.current_player == 0 and after.supply == state.supply - 5
    after = play(after, "take fuel from yellow", "take fuel from yellow")
    assert after.boats[0].fuel == 2 and after.boats[1].fuel == 3
    after = play(after, "sail f01")
    assert after.boats[0].at == "f01" and after.boats[0].fuel == 1


def test_refuelling_another_boat_is_a_move_with_events_and_views() -> None:
    """ARC-2.6: the move names the boat; its events say who acted and whose tank filled, and
    every seat's view lists it like any move."""
    state = stranded_visit()
    move = GAME.parse_move(state, "refuel yellow with jerrycan-blue")
    assert move == Refuel("jerrycan-blue", "yellow") and str(move) == "refuel yellow with jerrycan-blue"
    after = state.apply(move)
    events = state.events(move, after)
    assert events[0].kind == "move" and events[0].text == "red boat: refuel yellow with jerrycan-blue"
    assert any(e.kind == "fuel" and e.get("boat") == "yellow" and e.get("fuel") == 5 for e in events)
    for seat in range(state.num_players):
        assert move in state.view(seat).legal_moves()


def test_a_boat_elsewhere_may_use_its_jerrycan_too() -> None:
    """ARC-2.6 (plain reading, "at any time"): a boat not on the current boat's location may
    fill up as well; a red-backed jerrycan then leaves the game (ARC-10.1)."""
    state = boat(started(1), 1, at="f29", fuel=2, cards=["jerrycan-red"])
    state = boat(state, 0, at="f01", fuel=3)
    after = play(state, "refuel yellow with jerrycan-red")
    assert after.boats[1].fuel == 5 and after.removed == Tokens({"jerrycan-red": 1})
    assert after.current_player == 0


@pytest.mark.parametrize(
    ("text", "code", "rule"),
    [
        ("refuel red with jerrycan-blue", "own-boat", "ARC-2.6"),
        ("refuel purple with jerrycan-blue", "no-such-boat", "ARC-2.6"),
        ("refuel yellow with jerrycan-red", "no-jerrycan", "ARC-4.6"),
        ("refuel yellow with bait-red", "not-a-jerrycan", "ARC-4.6"),
    ],
)
def test_refusals_name_the_rule(text: str, code: str, rule: str) -> None:
    """ARC-2.6, ARC-4.6: a refuel that cannot happen is refused with its code and rule, and
    changes nothing."""
    state = stranded_visit()
    with pytest.raises(IllegalMove) as info:
        play(state, text)
    assert (info.value.code, info.value.rule) == (code, rule)


def test_a_full_tank_of_another_boat_is_refused() -> None:
    """ARC-4.6 (ruling): a jerrycan fills a tank, so it is not used on a full one, whoever's."""
    state = boat(started(1), 1, fuel=5, cards=["jerrycan-blue"])
    assert Refuel("jerrycan-blue", "yellow") not in state.legal_moves()
    with pytest.raises(IllegalMove) as info:
        play(state, "refuel yellow with jerrycan-blue")
    assert info.value.code == "tank-full"


def test_refuel_notation_is_checked() -> None:
    """ARC-2.6: the notation names the boat with 'with'; anything else is a notation error."""
    with pytest.raises(NotationError):
        GAME.parse_move(None, "refuel yellow jerrycan-blue")


def test_refuelling_another_boat_reveals_no_secret() -> None:
    """ARC-2.6, ARC-8.3: in the memory game, shuffling the remembered face-down fish changes
    neither the refuel moves a seat's view lists nor the events of a refuel it sees."""
    state = boat(started(1, memory=True), 1, at="f29", fuel=0, cards=WITH_CAN)
    state = boat(state, 0, cards=["bait-red"], fuel=5)
    state = fish_at(fish_at(state, "f02", "shark", face_up=False), "f03", "blue", face_up=False)
    move = Refuel("jerrycan-blue", "yellow")
    for seed in range(10):
        other = perturb(state, 0, random.Random(seed))
        for seat in range(state.num_players):
            assert other.view(seat).legal_moves() == state.view(seat).legal_moves()
            assert move in other.view(seat).legal_moves()
        mine = [e.text for e in state.events(move, state.apply(move)) if e.visible(1)]
        theirs = [e.text for e in other.events(move, other.apply(move)) if e.visible(1)]
        assert mine == theirs
