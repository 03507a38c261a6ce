"""End of Day (CON-4.x), in the rulebook's order."""

from __future__ import annotations

import pytest
from conservas_helpers import (
    changed,
    codes,
    finish_day,
    paying_upkeep,
    play,
    start,
    texts,
    to_land,
    water_round,
    with_bag,
    with_catch,
    with_deep,
)

from tabletop.conservas.invariants import invariants
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.deck import Deck
from tabletop.kernel.tokens import Tokens


def test_fish_left_on_boats_go_to_the_supply_water_to_the_bag() -> None:
    """CON-4.1, CON-4.2: leftover fish to the supply (not the bag), leftover water back into the bag."""
    state = with_catch(to_land(start()), sardine=2, scallop=1)
    catch = state.catch
    supply, bag = state.supply, state.bag.contents
    state = play(state, "done")
    assert state.catch == Tokens()
    assert state.supply == supply + Tokens({"sardine": 2, "scallop": 1})
    assert state.bag.contents == bag + Tokens({"water": catch["water"]})


def test_rows_may_be_discarded_only_when_nothing_was_bought_from_them() -> None:
    """CON-4.3, CON-4.4: with no purchase the player may discard a row and deal 3 new cards."""
    state = play(to_land(start()), "done")
    assert state.flow.key == "eod.boat_choice"
    assert texts(state.legal_moves()) == ["keep boats", "discard boats"]
    assert codes(state, "discard upgrades") == "wrong-row"
    state = play(state, "discard boats")
    assert state.boat_discard == ("quid-pro-pulpo", "pez-limoncello", "bogavanti")
    assert state.current_player == CHANCE
    state = play(state, "card ref-boat-09", "card ref-boat-10", "card ref-boat-11")
    assert state.boat_row == ("ref-boat-09", "ref-boat-10", "ref-boat-11")
    assert texts(state.legal_moves()) == ["keep upgrades", "discard upgrades"]
    state = play(state, "discard upgrades", "card ref-grant", "card ref-sonar", "card ref-sieve")
    assert state.upgrade_discard == ("secondary-nets", "fish-finders", "ref-market-stall")
    assert state.flow.round == 2


def test_a_purchase_removes_the_option_to_discard_that_row() -> None:
    """CON-4.3: after buying a boat the boat row is only refilled."""
    state = play(to_land(start()), "buy quid-pro-pulpo", "done")
    assert state.flow.key == "eod.boat_deal"
    state = play(state, "card ref-boat-12")
    assert state.boat_row == ("pez-limoncello", "bogavanti", "ref-boat-12")
    assert state.flow.key == "eod.upgrade_choice"


def test_an_empty_deck_is_refilled_from_its_discards() -> None:
    """CON-4.5: when the deck is empty, the discards are shuffled into a new deck to deal from."""
    state = play(to_land(start()), "buy quid-pro-pulpo")
    rest = state.boat_deck.cards()
    state = changed(state, boat_deck=Deck(), boat_discard=tuple(rest.elements()))
    state = play(state, "done")
    assert state.flow.key == "eod.boat_deal"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == rest.total
    assert all(p == pytest.approx(1 / rest.total) for _, p in outcomes)
    assert state.boat_discard == ()
    assert len(state.boat_deck) == rest.total


def test_an_empty_deck_and_discard_leave_the_row_short() -> None:
    """CON-4.5: with no card anywhere the row stays short; play goes on."""
    state = play(to_land(start()), "buy quid-pro-pulpo")
    everything_else = state.boat_deck.cards().elements()
    state = changed(state, boat_deck=Deck(), boat_discard=(), fleet=(*state.fleet, *everything_else))
    state = play(state, "done", "keep upgrades")
    assert state.boat_row == ("pez-limoncello", "bogavanti")


def test_a_known_bottom_card_is_dealt_without_chance() -> None:
    """CON-1.5, CON-4.3: once the unknown cards are gone, the boat put under the deck is dealt as known."""
    state = to_land(start())
    bottom = state.boat_deck.bottom
    unknown = state.boat_deck.middle.elements()
    state = changed(state, boat_deck=Deck((), Tokens(), bottom), fleet=(*state.fleet, *unknown))
    state = play(state, "buy quid-pro-pulpo", "done")
    assert state.boat_row == ("pez-limoncello", "bogavanti", "te-parece-bonito")
    assert state.flow.key == "eod.upgrade_choice"


def test_upkeep_is_paid_for_every_boat_except_those_bought_this_round() -> None:
    """CON-4.6: the starting boat pays; a boat bought this round does not."""
    state = start(first="quid-pro-pulpo", other="el-dorado", boats=("el-peztidigitador", "pez-limoncello", "bogavanti"))
    state = water_round(state, land="buy el-peztidigitador; done")
    assert state.report.upkeep == 1
    assert state.money == 10 - 4 - 1
    state = water_round(state)
    assert state.report.upkeep == 2
    assert state.money == 3


def test_upkeep_never_takes_money_below_zero_and_unpaid_boats_are_discarded() -> None:
    """CON-4.6: a boat whose upkeep cannot be paid is discarded; money stays at 0."""
    state = start(first="quid-pro-pulpo", other="el-dorado")
    state = water_round(changed(state, money=0))
    assert state.money == 0
    assert state.fleet == ()
    assert state.report.discarded == ("quid-pro-pulpo",)
    assert "quid-pro-pulpo" in state.boat_discard


def test_no_upkeep_decision_when_the_order_does_not_matter() -> None:
    """CON-4.6: enough money for everybody, or only one boat affordable: no decision is asked."""
    state = start(first="quid-pro-pulpo", other="el-dorado")
    row = ("el-peztidigitador", "pez-limoncello", "el-dorado")  # the row stays full (CON-4.3)
    state = changed(state, fleet=("quid-pro-pulpo", "bogavanti"), boat_row=row)
    state = changed(state, boat_deck=state.boat_deck.remove("el-dorado"))
    rich = water_round(changed(state, money=3))
    assert rich.money == 0 and rich.fleet == ("quid-pro-pulpo", "bogavanti")
    poor = water_round(changed(state, money=1))
    assert poor.money == 0 and poor.fleet == ("quid-pro-pulpo",)
    assert poor.report.discarded == ("bogavanti",)


def test_the_player_orders_upkeep_when_it_decides_which_boat_stays() -> None:
    """CON-4.6: with 2 euros and boats owing 1 and 2, paying either first keeps a different fleet."""
    state = paying_upkeep()
    assert texts(state.legal_moves()) == ["upkeep quid-pro-pulpo", "upkeep bogavanti"]
    keep_big = play(state, "upkeep bogavanti")
    assert keep_big.fleet == ("bogavanti",) and keep_big.money == 0
    keep_small = play(state, "upkeep quid-pro-pulpo")
    assert keep_small.fleet == ("quid-pro-pulpo",) and keep_small.money == 1
    assert codes(state, "upkeep el-dorado") == "not-due"


@pytest.mark.parametrize(("n", "new"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (7, 6)])
def test_spawning_adds_n_minus_one(n: int, new: int) -> None:
    """CON-4.7: a fish kind with n >= 2 in the Deep Sea gains n - 1; one alone gains nothing."""
    state = to_land(start())
    state = with_deep(state, sardine=n) if n else state
    state = finish_day(play(state, "done"))
    assert state.report.spawned["sardine"] == new


def test_water_never_spawns() -> None:
    """CON-4.7: only fish spawn."""
    state = finish_day(play(to_land(start()), "done"))
    assert "water" not in state.report.spawned


def test_spawning_is_capped_by_the_supply() -> None:
    """CON-4.7: spawning takes tokens from the supply only as far as it has them."""
    state = with_deep(to_land(start()), octopus=10)
    left = state.supply["octopus"]
    assert left == 6
    state = finish_day(play(state, "done"))
    assert state.report.spawned["octopus"] == 6
    assert state.supply["octopus"] == 0


def test_the_deep_sea_goes_back_into_the_bag() -> None:
    """CON-4.8: after spawning every Deep Sea token (water too) goes into the bag."""
    state = to_land(start())
    deep, bag, catch = state.deep, state.bag.contents, state.catch
    state = finish_day(play(state, "done"))
    assert state.deep == Tokens()
    assert state.bag.contents == bag + deep + catch + state.report.spawned


def test_the_round_marker_advances_and_the_last_round_ends_the_game() -> None:
    """CON-4.9: each End of Day moves to the next round; after round 7 of January the game ends."""
    state = start(first="el-dorado")
    for round_ in range(1, 8):
        assert state.flow.round == round_
        state = water_round(state)
    assert state.current_player == TERMINAL
    assert state.outcome is not None and state.outcome.rounds == 7


def test_no_upkeep_decision_when_every_affordable_boat_can_be_paid() -> None:
    """CON-4.6 (ruling): the player orders payments only when the order changes which boats stay.

    With 2 euros, two boats owing 1 each and one owing 3: both cheap boats are paid in any
    order and the dear one is discarded in any order, so no decision is asked.
    """
    state = start(first="quid-pro-pulpo", other="el-dorado")
    assert state.boat_row == ("el-peztidigitador", "pez-limoncello", "bogavanti")
    deck = state.boat_deck.remove("ref-boat-17").remove("el-chipironcuatre")
    state = changed(
        state,
        fleet=("quid-pro-pulpo", "el-peztidigitador", "ref-boat-17"),
        boat_row=("pez-limoncello", "bogavanti", "el-chipironcuatre"),
        boat_deck=deck,
        money=2,
    )
    invariants(state)
    state = play(to_land(state), "done", "keep boats", "keep upgrades")
    assert state.flow.round == 2
    assert state.fleet == ("quid-pro-pulpo", "el-peztidigitador")
    assert state.report.discarded == ("ref-boat-17",)
    assert (state.money, state.report.upkeep) == (0, 2)


def test_step_1_comes_before_step_6_fish_off_the_boats_can_spawn() -> None:
    """CON-4.1 then CON-4.7: fish left on the boats go to the supply first, and spawning takes
    from the supply afterwards, so they can be the new fish even when the supply was empty."""
    state = to_land(start())
    pool = state.supply + state.bag.contents
    state = with_bag(state, sardine=pool["sardine"] - 5, water=pool["water"], scallop=pool["scallop"])
    state = with_deep(with_catch(state, sardine=2), sardine=3)
    assert state.supply["sardine"] == 0
    state = finish_day(play(state, "done"))
    assert state.report.spawned == Tokens({"sardine": 2})
    assert state.supply["sardine"] == 0


def test_steps_3_and_4_come_before_step_5_a_boat_lost_to_upkeep_is_not_dealt_back() -> None:
    """CON-4.3/4.5 then CON-4.6: the rows are refilled before upkeep, so a boat discarded for
    unpaid upkeep cannot be reshuffled into the row at the same End of Day."""
    state = to_land(start(first="quid-pro-pulpo", other="el-dorado"))
    # Empty the boat deck: its boats join the fleet as if bought this round (they owe nothing).
    rest = state.boat_deck.cards().elements()
    state = changed(state, money=4, boat_deck=Deck(), fleet=(*state.fleet, *rest), bought=rest)
    row = state.boat_row
    assert row[0] == "el-peztidigitador"
    state = play(state, "buy el-peztidigitador", "done", "keep upgrades")
    assert state.flow.round == 2
    assert state.boat_row == row[1:]
    assert state.report.discarded == ("quid-pro-pulpo",)
    assert state.boat_discard == ("quid-pro-pulpo",)
