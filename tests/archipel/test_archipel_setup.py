"""ARC-1 (preparations) and ARC-2 (sailing), each test written from the rulebook sentence."""

from __future__ import annotations

from fractions import Fraction

import pytest
from archipel_helpers import boat, emptied, play, shop, started

from tabletop.archipel import Sail, new_game
from tabletop.archipel.content.kinds import FISH
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.tokens import Tokens


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_boats_start_home_with_full_tanks(players: int) -> None:
    """ARC-1.2, ARC-1.4: each boat in its coloured home port with 5 fuel; the rest is the supply."""
    state = new_game(1, players=players)
    assert [b.at for b in state.boats] == [b.home for b in state.boats]
    assert [b.at for b in state.boats] == list(state.map.home_ids[:players])
    assert all(b.fuel == 5 and not b.cards and not b.fish for b in state.boats)
    assert state.supply == 30 - 5 * players


def test_fish_start_face_down_and_undecided() -> None:
    """ARC-1.5: one face-down fish per spot, identities unknown to everybody (not even in the state)."""
    state = new_game(1)
    assert len(state.spots) == 30
    assert all(spot.fish == "unseen" and not spot.face_up for spot in state.spots)
    assert state.unseen == FISH
    assert FISH.total == 30 and FISH["shark"] == 6


def test_dealing_is_chance_with_exact_probabilities() -> None:
    """ARC-1.6, ARC-1.7: each dealt card is drawn from the pocket with probability count/total."""
    state = new_game(1)
    assert state.current_player == CHANCE
    outcomes = {str(m): p for m, p in state.chance_outcomes()}
    assert Fraction(outcomes["draw bait-multi"]).limit_denominator(100) == Fraction(4, 61)
    assert Fraction(outcomes["draw storm-7"]).limit_denominator(100) == Fraction(1, 61)
    assert sum(outcomes.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(("short", "dealt"), [(False, 39), (True, 27)])
def test_shops_and_warehouse_get_three_cards(short: bool, dealt: int) -> None:
    """ARC-1.7, ARC-9.1: three face-up cards for each open shop and the warehouse."""
    state = started(3, short=short)
    assert state.chance_count == dealt
    assert state.pocket.total == 61 - dealt
    assert state.warehouse.total == 3
    open_shops = [s for island, s in zip(state.map.island_ids, state.shops, strict=True) if island not in state.shut]
    assert all(s.total == 3 for s in open_shops)


def test_first_player_and_clockwise_order() -> None:
    """ARC-2.1: the chosen starting player begins and play goes clockwise."""
    state = started(2, players=4, first_player=2)
    assert state.flow.player == 2
    seats = []
    for _ in range(5):
        seats.append(state.flow.player)
        state = play(state, "end")
    assert seats == [2, 3, 0, 1, 2]
    assert state.flow.round == 2


def test_first_player_must_be_a_seat() -> None:
    """A first player beyond the seats is a ValueError naming the option."""
    with pytest.raises(ValueError, match="first_player"):
        new_game(1, players=2, first_player=3)


@pytest.mark.parametrize(("option", "value"), [("players", 0), ("players", 6), ("memory", "yes"), ("short", 1)])
def test_bad_options_name_the_option(option: str, value: object) -> None:
    """Bad option values are ValueErrors naming the option."""
    with pytest.raises(ValueError, match=option):
        new_game(1, **{option: value})


def test_one_fuel_however_far() -> None:
    """ARC-2.2: every reachable fish, harbour and home port costs exactly one fuel."""
    state = started(1)
    sails = [m for m in state.legal_moves() if isinstance(m, Sail)]
    assert len(sails) == 30 + 12 + 4  # every fish spot, island harbour and the other home ports
    for move in (sails[0], sails[-1]):
        after = state.apply(move)
        assert after.boats[0].fuel == 4
        assert after.supply == state.supply + 1


def test_move_again_until_a_harbour() -> None:
    """ARC-2.4, ARC-2.5: at sea with fuel left the boat moves again; a harbour ends the moving."""
    state = play(started(1), "sail f01", "sail f12", "sail f20")
    assert state.flow.key == "turn.act" and state.boats[0].fuel == 2
    state = play(state, "sail home-blue")
    assert state.flow.key == "harbour.dock"
    assert not any(isinstance(m, Sail) for m in state.legal_moves())


def test_turn_may_end_at_sea() -> None:
    """ARC-2.5: a player may end the turn at sea."""
    state = play(started(1), "sail f01", "end")
    assert state.boats[0].at == "f01" and state.flow.player == 1


def test_staying_put_costs_nothing_but_takes_the_shop() -> None:
    """ARC-2.7: staying in an island's harbour takes that shop's cards, for no fuel."""
    state = started(1)
    state = boat(state, 0, at="jade")
    state = shop(state, "jade", ["bait-blue", "bait-red", "storm-gear"])
    after = play(state, "end")
    assert after.boats[0].fuel == 5
    assert after.boats[0].cards == Tokens({"bait-blue": 1, "bait-red": 1, "storm-gear": 1})
    assert after.flow.key == "harbour.dock"


def test_out_of_fuel_at_sea_waits() -> None:
    """ARC-2.6: with no fuel at sea, no sailing: the boat waits for another boat."""
    state = boat(started(1), 0, at="f03", fuel=0)
    assert not any(isinstance(m, Sail) for m in state.legal_moves())
    with pytest.raises(ValueError, match="ARC-2.2") as info:
        play(state, "sail f01")
    assert getattr(info.value, "code", "") == "no-fuel"


def test_a_boat_may_sail_to_another_boat_on_an_empty_spot() -> None:
    """ARC-2.6: to bring fuel, a boat sails to the stranded boat even where no fish is left."""
    state = started(1)
    state = emptied(boat(state, 1, at="f03", fuel=0), "f03", "shark")
    assert state.is_legal(Sail("f03"))
    state = play(state, "sail f03", "give fuel to yellow")
    assert state.boats[1].fuel == 1
    assert not state.is_legal(Sail("f03"))
