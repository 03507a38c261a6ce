"""Reading an untrusted state refuses what this round records (`bought`, `spent`,
`handful_spent`, `due`) when it names a card that is not there, or could not be there at that
step (the gap left by session 37): each refusal is a `DecodeError` naming the field, the value
and the rule; the records of sound play read back."""

from __future__ import annotations

import pytest
from conservas_helpers import GAME, changed, draw, own, paying_upkeep, play, read_edited, read_refusal, start, to_land

from tabletop.conservas import ConservasState
from tabletop.kernel.phases import Flow


def _refused(state: ConservasState, field: str, value: list[str]) -> str:
    """The refusal of `state`'s JSON with `field` set to `value`."""
    return read_refusal(state, lambda s: s.__setitem__(field, value))


def _land() -> ConservasState:
    return to_land(start())


def _sonar_handful() -> ConservasState:
    """At Sea with Sonar (an ongoing redraw) used for this handful: `handful_spent` holds it."""
    state = draw(own(start(), "ref-sonar"), "water water water water water")
    state = play(state, "redraw water")
    assert state.handful_spent == ("ref-sonar",) and state.flow.key == "sea.draw"
    return state


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("zzz", "'zzz' bought in round 1: not a boat or an upgrade"),
        ("bogavanti", "'bogavanti' bought this round is not one of the player's boats"),
        ("fish-finders", "'fish-finders' bought in round 1: an upgrade the player does not own"),
    ],
)
def test_bought_names_a_boat_of_the_fleet_or_an_upgrade_owned(value: str, words: str) -> None:
    """CON-3.5, CON-3.7: a boat bought joins the player's boats, a traded upgrade their upgrades."""
    text = _refused(_land(), "bought", [value])
    assert "state.bought[0]" in text and words in text


def test_bought_names_no_upgrade_of_an_earlier_round() -> None:
    """CON-3.5: an upgrade traded for in round 1 was not bought in round 2."""
    state = changed(own(_land(), "ref-market-stall"), flow=Flow("land", "act", round=2))
    text = _refused(state, "bought", ["ref-market-stall"])
    assert "state.bought[0]" in text and "'ref-market-stall' bought in round 2: an upgrade bought in round 1" in text
    assert "CON-3.5" in text


def test_the_boats_bought_are_the_last_of_the_fleets_line() -> None:
    """CON-3.7: a boat bought is placed in a line with the player's other boats, after them."""
    state = play(to_land(changed(start(), money=20)), "buy bogavanti", "buy quid-pro-pulpo")
    assert state.fleet == ("el-dorado", "bogavanti", "quid-pro-pulpo") and read_edited(state) == state
    text = _refused(state, "bought", ["el-dorado", "bogavanti"])
    assert "state.bought" in text and "el-dorado, bogavanti bought this round, the fleet's line being" in text
    text = _refused(state, "bought", ["quid-pro-pulpo", "bogavanti"])
    assert "quid-pro-pulpo, bogavanti bought this round" in text and "CON-3.7" in text


def test_nothing_is_bought_before_on_land_nor_twice() -> None:
    """CON-3.7: boats and upgrades are bought On Land, each card once."""
    text = _refused(start(), "bought", ["el-dorado"])
    assert "state.bought[0]" in text and "'el-dorado' bought this round at sea.draw" in text and "CON-3.7" in text
    text = _refused(_land(), "bought", ["el-dorado", "el-dorado"])
    assert "state.bought" in text and "'el-dorado' twice in bought" in text


@pytest.mark.parametrize(
    ("owned", "value", "words"),
    [
        ((), "zzz", "'zzz' in spent at land.act: not an upgrade the player owns"),
        ((), "fish-finders", "'fish-finders' in spent at land.act: not an upgrade the player owns"),
        (("secondary-nets",), "secondary-nets", "'secondary-nets' in spent at land.act: spent records no use of it"),
        (("ref-sonar",), "ref-sonar", "'ref-sonar' in spent at land.act: spent records no use of it"),
    ],
)
def test_spent_names_an_owned_once_per_round_card_play_uses(owned: tuple[str, ...], value: str, words: str) -> None:
    """CON-6.1: `spent` records the once-per-round cards used this round, which the player owns."""
    text = _refused(own(_land(), *owned), "spent", [value])
    assert "state.spent[0]" in text and words in text and "CON-6.1" in text


def test_an_on_land_card_is_not_spent_at_sea() -> None:
    """CON-6.1, CON-6.7: Octopus Brand, used On Land once per round, is not used before On Land."""
    text = _refused(own(start(), "ref-octopus-brand"), "spent", ["ref-octopus-brand"])
    assert "state.spent[0]" in text and "'ref-octopus-brand' in spent at sea.draw: it is used On Land" in text


def test_handful_spent_names_an_owned_ongoing_redraw() -> None:
    """CON-6.4: `handful_spent` records an ongoing redraw card (Sonar) used for this handful."""
    text = _refused(start(), "handful_spent", ["ref-sonar"])
    assert "state.handful_spent[0]" in text and "not an upgrade the player owns" in text and "CON-6.1" in text
    text = _refused(own(start(), "fish-finders"), "handful_spent", ["fish-finders"])
    assert "'fish-finders' in handful_spent at sea.draw: handful_spent records no use of it" in text
    text = _refused(_sonar_handful(), "handful_spent", ["ref-sonar", "ref-sonar"])
    assert "state.handful_spent" in text and "'ref-sonar' twice in handful_spent" in text


def test_no_card_is_used_during_setup_nor_a_redraw_at_the_sift() -> None:
    """CON-6.1, CON-6.6: nothing is used before the first handful; the sift comes before a redraw."""
    setup = GAME.new_game(1)
    text = _refused(play(setup, "card el-dorado", "card bogavanti"), "spent", ["fish-finders"])
    assert "state.spent[0]" in text and "'fish-finders' used at setup.choose" in text
    state = draw(own(start(), "ref-sonar", "ref-sorting-table"), "water water water water water")
    sifting = draw(play(state, "place el-dorado water,water"), "sardine sardine sardine scallop scallop scallop")
    assert sifting.flow.key == "sea.sift"
    text = _refused(sifting, "handful_spent", ["ref-sonar"])
    assert "state.handful_spent[0]" in text and "'ref-sonar' used at sea.sift" in text


def test_due_names_a_boat_of_the_fleet_not_bought_at_the_pay_step() -> None:
    """CON-4.6: upkeep is due at the End of Day for the player's boats not bought this round."""
    text = _refused(_land(), "due", ["el-dorado"])
    assert "state.due[0]" in text and "'el-dorado' owes upkeep at land.act" in text and "CON-4.6" in text
    paying = paying_upkeep()
    assert paying.flow.key == "eod.pay" and read_edited(paying) == paying
    text = _refused(paying, "due", ["quid-pro-pulpo", "el-dorado"])
    assert "state.due[1]" in text and "'el-dorado' owes upkeep: not one of the player's boats" in text
    text = _refused(paying, "due", ["bogavanti", "bogavanti"])
    assert "state.due" in text and "'bogavanti' twice in due" in text


def test_what_sound_play_records_reads_back() -> None:
    """CON-3.5, CON-3.7, CON-6.4, CON-6.7, CON-6.8: a round's purchases and the cards used read back."""
    redrawn = _sonar_handful()
    assert read_edited(redrawn) == redrawn
    finders = play(draw(own(start(), "fish-finders"), "water water water water water"), "redraw water")
    assert finders.spent == ("fish-finders",) and read_edited(finders) == finders
    state = draw(own(start(), "ref-broker", "ref-octopus-brand"), "sardine sardine water water water")
    state = to_land(changed(play(state, "place el-dorado sardine,sardine"), money=20))
    state = play(state, "trade ref-market-stall sardine", "buy bogavanti")
    assert state.bought == ("ref-market-stall", "bogavanti") and state.spent == ("ref-broker",)
    assert read_edited(state) == state
    later = play(state, "done")
    assert read_edited(later) == later
