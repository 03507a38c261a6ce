"""Reading an untrusted state refuses a table play never leaves (fuzz 38): a setup that is not
the month's, a row left short while its deck holds cards, an End of Day report naming what no
End of Day adds or discards, a forfeit after the last round: each refusal is a `DecodeError`
naming the field, the value and the rule; the tables of sound play read back."""

from __future__ import annotations

from typing import Any

import pytest
from conservas_helpers import (
    GAME,
    changed,
    draw,
    paying_upkeep,
    play,
    read_edited,
    read_refusal,
    start,
    supply_water,
    to_land,
    water_round,
    with_bag,
)

from tabletop.conservas import ConservasState


def _choosing() -> ConservasState:
    """Setup, the two boats offered."""
    state = play(GAME.new_game(1), "card el-dorado", "card bogavanti")
    assert state.flow.key == "setup.choose"
    return state


def _dealt_to(row: str, card: str) -> Any:
    """An edit dealing `card` from the middle of its deck to `row`, every card still in one place."""
    deck = "boat_deck" if row == "boat_row" else "upgrade_deck"

    def edit(s: dict[str, Any]) -> None:
        middle = s["cards"][deck]["middle"]
        middle[card] -= 1
        if not middle[card]:
            del middle[card]
        s["cards"][row].append(card)

    return edit


def _report(**fields: object) -> Any:
    return lambda s: s["report"].update(fields)


def _last_round_over() -> ConservasState:
    """January played to its end with water handfuls (7 rounds)."""
    state = start()
    while not state.is_terminal:
        state = water_round(state)
    assert state.flow.key == "end.over" and not state.forfeit and state.bag.contents
    return state


def _forfeited() -> ConservasState:
    """Round 1 forfeited: the bag runs out after 2 sardines and the supply holds 2 water, 3 needed."""
    state = draw(supply_water(with_bag(start(), sardine=2), 2), "sardine sardine")
    assert state.flow.key == "end.over" and state.forfeit
    return state


def test_the_setup_is_the_months() -> None:
    """CON-1.3, CON-1.4: the bag and money are the month's until the first handful; nothing was sold yet."""
    state = _choosing()
    assert read_edited(state) == state
    text = read_refusal(state, lambda s: s.__setitem__("money", 11))
    assert "state.money" in text and "11 euros at setup.choose: January starts with 10" in text and "CON-1.4" in text

    def one_more(s: dict[str, Any]) -> None:
        s["supply"]["octopus"] -= 1
        s["bag"]["contents"]["octopus"] = 1

    text = read_refusal(state, one_more)
    assert "state.bag" in text and "octopus" in text and "CON-1.3" in text
    text = read_refusal(state, _report(income=3))
    assert "state.report" in text and "income=3" in text


def test_no_boat_is_kept_before_the_choice() -> None:
    """CON-1.5: the player keeps one of the two boats offered, at `setup.choose`."""

    def kept(s: dict[str, Any]) -> None:
        s["cards"]["fleet"] = [s["cards"]["offer"].pop()]

    text = read_refusal(_choosing(), kept)
    assert "state.cards.fleet" in text and "1 boat(s) in the fleet at setup.choose: 0 kept yet" in text


@pytest.mark.parametrize(("row", "to"), [("boat_row", "fleet"), ("upgrade_row", "upgrade_discard")])
def test_a_row_short_while_its_deck_holds_cards_is_refused(row: str, to: str) -> None:
    """CON-4.3, CON-4.4: the rows are refilled to 3 at each End of Day (and dealt 3 at setup)."""

    def moved(s: dict[str, Any]) -> None:
        s["cards"][to].append(s["cards"][row].pop())

    text = read_refusal(start(), moved)
    assert f"state.cards.{row}" in text and "2 card(s) in the row at sea.draw, the deck holding" in text


def test_a_row_short_of_this_rounds_purchases_reads() -> None:
    """CON-3.8: a card bought is not replaced until the End of Day."""
    state = draw(start(), "sardine sardine water water water")
    state = to_land(changed(play(state, "place el-dorado sardine,sardine"), money=20))
    state = play(state, "trade ref-market-stall sardine", "buy bogavanti")
    assert (len(state.boat_row), len(state.upgrade_row)) == (2, 2) and read_edited(state) == state
    text = read_refusal(state, _dealt_to("upgrade_row", "ref-grant"))
    assert "state.cards.upgrade_row" in text and "3 card(s) in the row and 1 bought this round at land.act" in text
    dealing = play(state, "done")
    assert dealing.flow.key == "eod.boat_deal" and read_edited(dealing) == dealing


@pytest.mark.parametrize(
    ("fields", "path", "words"),
    [
        ({"spawned": {"el-dorado": 1}}, "report.spawned", "only fish are added"),
        ({"restocked": {"water": 2}}, "report.restocked", "only fish are added"),
        ({"discarded": ["ref-hatchery"]}, "report.discarded[0]", "'ref-hatchery' discarded for its upkeep: not a boat"),
        ({"discarded": ["el-dorado"]}, "report.discarded[0]", "'el-dorado' discarded for its upkeep: one of the fleet"),
    ],
)
def test_the_report_names_fish_and_boats_off_the_fleet(fields: dict[str, Any], path: str, words: str) -> None:
    """CON-4.6, CON-4.7: spawning and restocking add fish; upkeep discards boats of the fleet."""
    text = read_refusal(water_round(start()), _report(**fields))
    assert f"state.{path}" in text and words in text


def test_no_report_before_the_first_upkeep_nor_a_spawning_while_paying_it() -> None:
    """CON-4.6: the first End of Day's report comes at its upkeep; spawning comes after the upkeep."""
    text = read_refusal(to_land(start()), _report(income=5, upkeep=2))
    assert "state.report" in text and "an End of Day report at land.act of round 1" in text and "CON-4.6" in text
    paying = paying_upkeep()
    assert paying.flow.key == "eod.pay" and read_edited(paying) == paying
    text = read_refusal(paying, _report(spawned={"sardine": 1}))
    assert "state.report" in text and "the upkeep is being paid, and the report says" in text


def test_a_forfeit_after_the_last_round_is_refused() -> None:
    """CON-2.7, CON-4.8: the last round ends after spawning, the Deep Sea back in the bag; a
    forfeit ends the game At Sea, the bag empty and the supply's water short of the handful."""
    over = _last_round_over()
    assert read_edited(over) == over
    text = read_refusal(over, lambda s: s.__setitem__("forfeit", "x"))
    assert "state.forfeit" in text and "forfeited ('x') with" in text and "the bag holds" in text and "CON-2.7" in text

    def deep(s: dict[str, Any]) -> None:
        s["bag"]["contents"]["water"] -= 1
        s["deep"]["water"] = 1

    text = read_refusal(over, deep)
    assert "state.deep" in text and "Deep Sea water at the end" in text and "CON-4.8" in text


def test_a_forfeit_with_water_enough_or_a_bag_holding_tokens_is_refused() -> None:
    """CON-2.7: the game is forfeited only when the supply cannot complete the handful."""
    forfeited = _forfeited()
    assert read_edited(forfeited) == forfeited

    def water(s: dict[str, Any]) -> None:
        s["deep"]["water"] -= 1
        s["supply"]["water"] += 1

    text = read_refusal(forfeited, water)
    assert "state.forfeit" in text and "with 3 water in the supply, 3 needed" in text

    def bag(s: dict[str, Any]) -> None:
        s["supply"]["octopus"] -= 1
        s["bag"]["contents"]["octopus"] = 1

    text = read_refusal(forfeited, bag)
    assert "state.forfeit" in text and "the bag holds 1" in text
