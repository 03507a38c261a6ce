"""Components and setup (CON-1.x)."""

from __future__ import annotations

import pytest
from conservas_helpers import GAME, codes, play, start, texts

from tabletop.conservas.content import BOATS, MONTH_NAMES, MONTHS, SUPPLY, UPGRADES
from tabletop.kernel.chance import CHANCE


def test_supply_has_116_sea_tokens_in_five_kinds() -> None:
    """CON-1.1: 20 water, 30 sardine, 30 mussel, 20 scallop, 16 octopus: 116 tokens."""
    assert SUPPLY.as_dict() == {"mussel": 30, "octopus": 16, "sardine": 30, "scallop": 20, "water": 20}
    assert SUPPLY.total == 116


@pytest.mark.parametrize("month", MONTH_NAMES)
def test_every_month_starts_with_all_116_tokens_accounted_for(month: str) -> None:
    """CON-1.1, CON-1.3: the bag is loaded from the supply; supply + bag is the whole supply list."""
    state = GAME.new_game(1, month=month)
    assert state.bag.contents == MONTHS[month].bag
    assert state.supply == SUPPLY - MONTHS[month].bag
    assert state.sea_tokens() == SUPPLY


def test_money_is_an_amount() -> None:
    """CON-1.1, CON-1.4: money is a plain integer amount, the month's starting money."""
    state = GAME.new_game(1, month="april")
    assert state.money == 20
    assert isinstance(state.money, int)


def test_defaults_are_january_standard() -> None:
    """CON-1.2: without options, January at the standard goal."""
    state = GAME.new_game(3)
    assert (state.month, state.goal) == ("january", "standard")


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"month": "Jan"}, "option 'month' must be one of 'january', 'february'"),
        ({"month": 1}, "option 'month'"),
        ({"goal": "hard"}, "option 'goal' must be one of 'standard', 'difficult'"),
    ],
)
def test_bad_options_name_the_option_and_the_allowed_values(options: dict[str, object], fragment: str) -> None:
    """CON-1.2: a bad month or goal is a ValueError naming the option and the allowed values."""
    with pytest.raises(ValueError, match=fragment):
        GAME.new_game(1, **options)


def test_january_setup_numbers() -> None:
    """CON-1.3, CON-1.4: January: 5 sardines, 5 scallops, 10 water, 10 euros, round 1."""
    state = GAME.new_game(0, month="january")
    assert state.bag.contents.as_dict() == {"sardine": 5, "scallop": 5, "water": 10}
    assert state.money == 10
    assert state.flow.round == 1


def test_two_boats_are_offered_by_chance() -> None:
    """CON-1.5: the two boats offered are chance draws from the shuffled deck of 18."""
    state = GAME.new_game(0)
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18
    assert all(p == pytest.approx(1 / 18) for _, p in outcomes)
    state = play(state, "card bogavanti")
    assert {str(m) for m, _ in state.chance_outcomes()} == {f"card {b}" for b in BOATS if b != "bogavanti"}


def test_choose_one_boat_the_other_goes_under_the_deck() -> None:
    """CON-1.5: keep 1 of the 2; the other goes to the known bottom of the boat deck."""
    state = play(GAME.new_game(0), "card el-dorado", "card bogavanti")
    assert texts(state.legal_moves()) == ["choose bogavanti", "choose el-dorado"]
    assert codes(state, "choose quid-pro-pulpo") == "not-offered"
    state = play(state, "choose bogavanti")
    assert state.fleet == ("bogavanti",)
    assert state.boat_deck.bottom[0].card == "el-dorado"
    assert "el-dorado" not in state.boat_deck.middle
    assert len(state.boat_deck) == 17


def test_three_boats_and_three_upgrades_face_up() -> None:
    """CON-1.6, CON-1.8: 3 boats then 3 upgrades are dealt face up by chance; then round 1 begins."""
    state = play(GAME.new_game(0), "card el-dorado", "card bogavanti", "choose el-dorado")
    assert len(state.chance_outcomes()) == 16
    state = play(state, "card quid-pro-pulpo", "card pez-limoncello", "card te-parece-bonito")
    assert len(state.chance_outcomes()) == len(UPGRADES)
    state = play(state, "card secondary-nets", "card fish-finders")
    assert codes(state, "card fish-finders") == "not-in-deck"
    state = play(state, "card ref-grant")
    assert state.boat_row == ("quid-pro-pulpo", "pez-limoncello", "te-parece-bonito")
    assert state.upgrade_row == ("secondary-nets", "fish-finders", "ref-grant")
    assert len(state.upgrade_deck) == 24
    assert state.flow.key == "sea.draw"


def test_open_water_card_is_always_available() -> None:
    """CON-1.7: the Open Water card takes a handful every round, beside the boats."""
    state = start()
    state = play(state, *(["token water"] * 5))
    assert "place open-water" in texts(state.legal_moves())
