"""Read access by name (issue 16): market spaces by id, cards' printed values, one sentinel."""

from __future__ import annotations

import pytest
from conservas_helpers import play, start, to_land, with_catch

from tabletop.conservas import Blank, MarketSpace, Trade
from tabletop.conservas.content import BOATS, MONTHS
from tabletop.kernel.tokens import Tokens


def test_a_market_space_is_read_by_its_id() -> None:
    """CON-3.2: a space needs its fish and pays its price; CON-3.3: the token left marks it filled."""
    state = with_catch(to_land(start()), sardine=2)
    space = state.space("r1c1")
    assert space == MarketSpace("r1c1", 1, 1, MONTHS["january"].spaces[0].needs, 3, None)
    assert not space.filled
    after = play(state, "sell r1c1 sardine,sardine")
    assert after.space("r1c1").token == "sardine" and after.space("r1c1").filled
    assert list(after.spaces) == [s.id for s in MONTHS["january"].spaces]
    assert after.spaces["r1c1"] == after.space("r1c1")


def test_an_unknown_space_id_is_a_key_error_listing_the_ids() -> None:
    """Bad input gets a clear error naming the value and what exists."""
    with pytest.raises(KeyError, match=r"no space 'r9c9' \(spaces: r1c1, "):
        start().space("r9c9")


def test_a_cards_printed_values_from_the_state_or_the_card() -> None:
    """CON-2.3/3.7/4.6: catch size, price and upkeep are printed on the boat card."""
    state = start()
    boat = state.card("el-dorado")
    assert boat is BOATS["el-dorado"]
    assert (boat.catch, boat.cost, boat.upkeep) == (2, BOATS["el-dorado"].cost, BOATS["el-dorado"].upkeep)
    upgrade = state.card("secondary-nets")
    assert upgrade.cost == "same" and upgrade.effect.kind == "draw_count"
    with pytest.raises(KeyError, match="no boat or upgrade card 'nope'"):
        state.card("nope")


def test_an_owned_upgrade_gives_its_card() -> None:
    """CON-3.5: the card bought is in the player's area, with its printed values."""
    state = with_catch(to_land(start()), sardine=2)
    state = play(state, "trade secondary-nets sardine,sardine")
    assert state.upgrades[0].upgrade.name == "Secondary Nets"


def test_nothing_is_one_explicit_value() -> None:
    """issue 16: an open space, no forfeit and no kept token are all `Blank.NONE` (equal to `""`)."""
    state = start()
    assert state.market[0] == Blank.NONE and state.forfeit == Blank.NONE
    assert Trade("secondary-nets", Tokens({"sardine": 2})).keep == Blank.NONE
    assert repr(Blank.NONE) == "Blank.NONE"
