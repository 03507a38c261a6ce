"""Upgrade effects (CON-6.x) and month special rules (CON-7.2 to CON-7.4)."""

from __future__ import annotations

import pytest
from conservas_helpers import (
    changed,
    codes,
    draw,
    finish_day,
    own,
    play,
    start,
    texts,
    to_land,
    water_round,
    with_catch,
    with_deep,
)

from tabletop.conservas import Redraw, Return
from tabletop.conservas.checks import boat_price
from tabletop.conservas.content import EFFECTS, FREQUENCIES, UPGRADES, Effect, Upgrade
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.tokens import Tokens


def handful_size(state) -> int:
    """Place the handful being drawn, then count the draws of the next one (upgrades bought
    earlier are counted from the next handful on)."""
    while state.current_player == CHANCE:
        state = state.apply(state.legal_moves()[0])
    state = play(state, "place open-water")
    n = 0
    while state.current_player == CHANCE:
        state = state.apply(state.legal_moves()[0])
        n += 1
    return n


def test_every_effect_kind_is_on_a_shipped_card() -> None:
    """CON-6.1: the reference set uses every effect kind of the vocabulary."""
    assert {card.effect.kind for card in UPGRADES.values()} == set(EFFECTS)


def test_draw_count_secondary_nets_draws_8() -> None:
    """CON-6.3: Secondary Nets: 8 tokens per handful instead of 5; the largest draw_count wins."""
    assert handful_size(start()) == 5
    assert handful_size(own(start(), "secondary-nets")) == 8
    assert handful_size(own(start(), "ref-deep-nets")) == 6
    assert handful_size(own(start(), "ref-deep-nets", "secondary-nets")) == 8


def test_redraw_fish_finders_once_per_round() -> None:
    """CON-6.4: Fish Finders returns one drawn token to the bag and draws another, once per round."""
    state = draw(own(start(), "fish-finders"), "sardine water water water water")
    assert texts(m for m in state.legal_moves() if isinstance(m, Redraw)) == ["redraw sardine", "redraw water"]
    bag = state.bag.contents
    state = play(state, "redraw water")
    assert state.current_player == CHANCE
    assert state.bag.contents == bag + Tokens({"water": 1})
    state = draw(state, "scallop")
    assert state.hand == Tokens({"sardine": 1, "scallop": 1, "water": 3})
    assert codes(state, "redraw sardine") == "no-redraw"
    state = draw(play(state, "place el-dorado sardine,scallop"), "water water water water water")
    assert codes(state, "redraw water") == "no-redraw"
    state = water_round(play(state, "place open-water"), land="done")
    state = draw(state, "water water water water water")
    assert "redraw water" in texts(state.legal_moves())


def test_redraw_ongoing_works_once_per_handful() -> None:
    """CON-6.1, CON-6.4: an ongoing redraw card (Sonar) works once in every handful."""
    state = draw(own(start(), "ref-sonar"), "water water water water water")
    state = draw(play(state, "redraw water"), "water")
    assert codes(state, "redraw water") == "no-redraw"
    state = draw(play(state, "place el-dorado water,water"), "water water water water water")
    assert "redraw water" in texts(state.legal_moves())


def test_ongoing_redraw_is_used_before_a_once_per_round_one() -> None:
    """CON-6.4 (ruling): with both, the ongoing card is used first, saving the once-per-round card."""
    state = draw(own(start(), "fish-finders", "ref-sonar"), "water water water water water")
    state = draw(play(state, "redraw water"), "water")
    assert state.spent == ()
    state = draw(play(state, "redraw water"), "water")
    assert state.spent == ("fish-finders",)
    assert codes(state, "redraw water") == "no-redraw"


def test_catch_bonus_boats_keep_more_at_most_5() -> None:
    """CON-6.5: Wide Hold: El Dorado keeps 3; no card ever holds more than 5."""
    state = draw(own(start(), "ref-wide-hold"), "water water water water water")
    assert {m.kept.total for m in state.legal_moves() if getattr(m, "card", "") == "el-dorado"} == {3}
    state = draw(own(start(first="bogavanti"), "ref-big-hold"), "water water water water water")
    assert {m.kept.total for m in state.legal_moves() if getattr(m, "card", "") == "bogavanti"} == {5}


def test_sift_draws_extra_then_returns_as_many() -> None:
    """CON-6.6: Sorting Table: draw 6, return 1 of your choice to the bag, place 5."""
    state = own(start(), "ref-sorting-table")
    state = play(draw(state, "water water water water water"), "place open-water")
    state = draw(state, "sardine water water water water")
    assert state.current_player == CHANCE
    state = draw(state, "scallop")
    assert state.flow.key == "sea.sift"
    assert texts(state.legal_moves()) == ["return sardine", "return scallop", "return water"]
    assert all(isinstance(m, Return) for m in state.legal_moves())
    assert codes(state, "return water,water") == "wrong-return"
    bag = state.bag.contents
    state = play(state, "return water")
    assert state.hand.total == 5
    assert state.bag.contents == bag + Tokens({"water": 1})
    assert state.flow.key == "sea.place"


def test_sale_bonus_ongoing_and_limited_to_a_fish() -> None:
    """CON-6.7: Market Stall: +1 on every sale; Sardine Brand: +2 on sales with sardines only."""
    state = with_catch(own(to_land(start()), "ref-market-stall", "ref-sardine-brand"), sardine=2, scallop=2)
    state = play(state, "sell r1c1 sardine,sardine")
    assert state.money == 10 + 3 + 1 + 2
    state = play(state, "sell r2c1 scallop,scallop")
    assert state.money == 16 + 2 + 1


def test_sale_bonus_once_per_round() -> None:
    """CON-6.1, CON-6.7: Octopus Brand adds 3 to the first octopus sale of each round only."""
    state = with_catch(own(to_land(start("may")), "ref-octopus-brand"), octopus=3)
    state = play(state, "sell r3c1 octopus")
    assert state.money == 20 + 3 + 3
    state = play(state, "sell r3c2 octopus,octopus")
    assert state.money == 26 + 6
    assert state.spent == ("ref-octopus-brand",)


def test_sale_bonus_when_bought_works_only_in_that_round() -> None:
    """CON-6.1, CON-6.7: Festival adds 2 to the sales after it is bought, that round only."""
    state = start(upgrades=("ref-festival", "fish-finders", "ref-market-stall"))
    state = with_catch(to_land(state), sardine=3, scallop=2)
    state = play(state, "trade ref-festival sardine,scallop", "sell r1c1 sardine,sardine")
    assert state.money == 10 + 3 + 2
    state = with_catch(to_land(finish_day(play(state, "done"))), sardine=1)
    money = state.money
    state = play(state, "sell r1c2 sardine")
    assert state.money == money + 1


def test_boat_discounts() -> None:
    """CON-6.8: Shipyard (ongoing) -2; Broker (once per round) -3; never below 0."""
    state = own(to_land(start()), "ref-shipyard")
    assert play(state, "buy pez-limoncello").money == 10 - 6
    state = own(to_land(start()), "ref-broker")
    state = play(state, "buy quid-pro-pulpo")
    assert state.money == 10 - 2
    assert play(state, "buy pez-limoncello").money == 0
    row = ("te-parece-bonito", "quid-pro-pulpo", "bogavanti")
    cheap = own(to_land(start(boats=row, other="el-peztidigitador")), "ref-shipyard")
    assert play(cheap, "buy te-parece-bonito").money == 10


def test_boat_discount_when_bought() -> None:
    """CON-6.1, CON-6.8: Boat Fair makes boats 4 cheaper in the round it is bought only."""
    state = start(upgrades=("ref-boat-fair", "fish-finders", "ref-market-stall"))
    state = with_catch(to_land(state), sardine=1)
    state = play(state, "trade ref-boat-fair sardine")
    assert boat_price(state, "quid-pro-pulpo") == (1, ())
    state = play(state, "buy pez-limoncello")
    assert state.money == 10 - 4
    state = to_land(finish_day(play(state, "done")))
    assert boat_price(state, "quid-pro-pulpo") == (5, ())


def test_upkeep_discount() -> None:
    """CON-6.9: Mooring: each boat's upkeep is 1 less, never below 0."""
    state = own(start(first="bogavanti"), "ref-mooring")
    state = water_round(state)
    assert state.report.upkeep == 1
    state = own(start(first="quid-pro-pulpo", other="el-dorado"), "ref-mooring")
    assert water_round(state).report.upkeep == 0


def test_upkeep_discount_when_bought() -> None:
    """CON-6.9: Harbour Deal cuts upkeep by 2 only at the End of Day of the round it is bought."""
    state = start(first="bogavanti", upgrades=("ref-harbour-deal", "fish-finders", "ref-market-stall"))
    state = water_round(with_catch(to_land(state), sardine=1), land="trade ref-harbour-deal sardine; done")
    assert state.report.upkeep == 0
    assert water_round(state).report.upkeep == 2


def test_extra_spawn() -> None:
    """CON-6.10: Hatchery adds 1 to every kind that spawns; Mussel Bed adds 2 to mussels only."""
    state = with_deep(own(to_land(start("march")), "ref-hatchery", "ref-mussel-bed"), sardine=3, mussel=2, scallop=1)
    state = finish_day(play(state, "done"))
    assert state.report.spawned == Tokens({"sardine": 3, "mussel": 4})


def test_income_before_upkeep_and_when_bought() -> None:
    """CON-6.11: Savings gives 1 every End of Day before upkeep; Grant gives 5 in the round bought only."""
    state = start(first="quid-pro-pulpo", other="el-dorado")
    state = own(changed(state, money=0), "ref-savings")
    state = water_round(state)
    assert state.fleet == ("quid-pro-pulpo",)
    assert (state.report.income, state.report.upkeep, state.money) == (1, 1, 0)
    state = start(upgrades=("ref-grant", "fish-finders", "ref-market-stall"))
    state = with_catch(to_land(state), sardine=1, scallop=1)
    state = water_round(state, land="trade ref-grant sardine,scallop leave scallop; done")
    assert state.report.income == 5
    assert water_round(state).report.income == 0


def test_return_catch() -> None:
    """CON-6.12: Live Well: fish left on the boats go back into the bag instead of the supply."""
    state = with_catch(own(to_land(start()), "ref-live-well"), sardine=2)
    bag, supply = state.bag.contents, state.supply
    state = play(state, "done")
    assert state.bag.contents == bag + Tokens({"sardine": 2, "water": 2})
    assert state.supply == supply


def test_restock_every_round_and_when_bought() -> None:
    """CON-6.13: Restocking: 2 sardines into the bag each End of Day; Breeding Program: 3 octopus once."""
    state = water_round(own(start(), "ref-restocking"))
    assert state.report.restocked == Tokens({"sardine": 2})
    state = start("may", upgrades=("ref-breeding-program", "fish-finders", "ref-market-stall"))
    state = with_catch(to_land(state), sardine=1, scallop=1)
    state = water_round(state, land="trade ref-breeding-program sardine,scallop; done")
    assert state.report.restocked == Tokens({"octopus": 3})
    assert water_round(state).report.restocked == Tokens()


def test_restock_is_capped_by_the_supply() -> None:
    """CON-6.13: only the fish the supply still has are moved."""
    state = own(start(), "ref-restocking")
    state = changed(state, supply=state.supply.remove("sardine", 24), deep=Tokens({"sardine": 24}))
    state = water_round(state)
    assert state.report.restocked == Tokens()


def test_one_time_upgrades_stay_and_count() -> None:
    """CON-6.2: a when_bought card stays in the player's area after its round and counts for goals."""
    state = start(upgrades=("ref-grant", "fish-finders", "ref-market-stall"))
    state = with_catch(to_land(state), sardine=1, scallop=1)
    state = water_round(state, land="trade ref-grant sardine,scallop leave sardine; done")
    state = water_round(state)
    assert state.upgrade_ids == ("ref-grant",)
    assert state.upgrades[0].kept == Tokens({"sardine": 1})


def test_month_upkeep_rise() -> None:
    """CON-7.2: May's running costs: in rounds 3, 5 and 7 every boat's upkeep is 1 more, even a free boat's."""
    state = start("may", first="el-dorado")
    for round_, upkeep in [(1, 0), (2, 0), (3, 1), (4, 0), (5, 1)]:
        assert state.flow.round == round_
        state = water_round(state)
        assert state.report.upkeep == upkeep


def test_month_price_bonus() -> None:
    """CON-7.3: February's mussel fair: a sale with mussels earns 1 more."""
    state = with_catch(to_land(start("february")), sardine=1, mussel=1)
    state = play(state, "sell r1c1 sardine")
    assert state.money == 10 + 1
    state = play(state, "sell r2c1 mussel")
    assert state.money == 11 + 2 + 1


def test_month_migration() -> None:
    """CON-7.4: March's sardine run: at the End of Day of round 4, 4 sardines join the bag."""
    state = start("march")
    for _ in (1, 2, 3):
        state = water_round(state)
        assert state.report.restocked == Tokens()
    state = water_round(state)
    assert state.report.restocked == Tokens({"sardine": 4})


def test_a_once_per_round_discount_is_not_wasted_on_a_boat_already_free() -> None:
    """CON-6.8, CON-6.1: "never below zero": Broker (once per round) is kept for a later boat when
    Shipyard alone already makes this one free, whatever order the cards were bought in."""
    row = ("ref-boat-18", "quid-pro-pulpo", "bogavanti")
    state = own(to_land(start(boats=row)), "ref-broker", "ref-shipyard")
    assert boat_price(state, "ref-boat-18") == (0, ())
    state = play(state, "buy ref-boat-18")
    assert (state.money, state.spent) == (10, ())
    assert boat_price(state, "quid-pro-pulpo") == (0, ("ref-broker",))
    state = play(state, "buy quid-pro-pulpo")
    assert (state.money, state.spent) == (10, ("ref-broker",))


_EOD_EFFECTS = {
    "upkeep_discount": Effect("upkeep_discount", 1),
    "extra_spawn": Effect("extra_spawn", 1),
    "income": Effect("income", 2),
    "return_catch": Effect("return_catch", 0, "sardine"),
    "restock": Effect("restock", 2, "scallop"),
}


def _eod_effect_worked(state, kind: str) -> bool:
    """Play a round with a sardine left on a boat and 2 sardines in the Deep Sea; did ``kind`` act?"""
    state = with_deep(with_catch(to_land(state), sardine=1, mussel=1), sardine=2)
    bag = state.bag.contents
    state = finish_day(play(state, "done"))
    report = state.report
    worked = {
        "upkeep_discount": report.upkeep == 0,
        "extra_spawn": report.spawned == Tokens({"sardine": 2}),
        "income": report.income == 2,
        "return_catch": state.bag.contents["sardine"] == bag["sardine"] + 3 + report.spawned["sardine"]
        and state.bag.contents["mussel"] == 0,
        "restock": report.restocked == Tokens({"scallop": 2}),
    }
    return worked[kind]


@pytest.mark.parametrize("frequency", FREQUENCIES)
@pytest.mark.parametrize("kind", sorted(_EOD_EFFECTS))
def test_every_end_of_day_effect_with_every_frequency(
    monkeypatch: pytest.MonkeyPatch, kind: str, frequency: str
) -> None:
    """CON-6.1, CON-6.9 to CON-6.13: each End of Day effect works every End of Day when ongoing or
    once per round, and only at the End of Day of the round bought when round-bought."""
    assert frequency in EFFECTS[kind].frequencies
    card = Upgrade("ref-savings", "Test card", "any", "end_of_day", frequency, _EOD_EFFECTS[kind])
    monkeypatch.setitem(UPGRADES, "ref-savings", card)
    state = own(to_land(changed(start(first="quid-pro-pulpo", other="el-dorado"), money=5)), "ref-savings")
    assert _eod_effect_worked(state, kind)
    later = changed(water_round(state), money=5)
    assert later.flow.round == 2
    assert _eod_effect_worked(later, kind) is (frequency != "when_bought")
