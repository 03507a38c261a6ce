"""Edge cases of the round read from the rulebook's plain words: the Deep Sea is one area for
spawning, a player whose boats were all lost still fills the Open Water card, and a row discarded
on an empty deck is shuffled back (CON-4.7, CON-2.4, CON-1.7, CON-2.5, CON-4.5)."""

from __future__ import annotations

import pytest
from conservas_helpers import changed, draw, finish_day, play, start, texts, to_land, water_round

from tabletop.conservas.moves import OPEN_WATER, Place
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import Deck
from tabletop.kernel.tokens import Tokens


def test_fish_under_a_boat_and_on_the_open_water_card_spawn_together() -> None:
    """CON-4.7, CON-2.4 "The Deep Sea area consists of tokens on the Open Water card and the tokens
    that were not loaded onto a Boat ... There must be at least 2 Fish tokens of the same colour":
    one sardine left under El Dorado and one on the Open Water card make two, so one is spawned."""
    state = draw(start(), "sardine water water water water")
    state = play(state, "place el-dorado water,water")
    state = draw(state, "sardine water water water water")
    state = play(state, f"place {OPEN_WATER}")
    assert state.flow.key == "land.act" and state.deep["sardine"] == 2 and not state.catch["sardine"]
    state = finish_day(play(state, "done"))
    assert state.report.spawned == Tokens({"sardine": 1})


def test_with_every_boat_lost_the_open_water_card_still_takes_a_handful() -> None:
    """CON-1.7, CON-2.5 "Steps 1 through 3 are repeated until each Boat and Open Water card have had
    tokens placed on them": a player whose only boat was discarded for its upkeep draws one
    handful, for the Open Water card, and goes On Land."""
    state = water_round(changed(start(first="quid-pro-pulpo", other="el-dorado"), money=0))
    assert state.fleet == () and state.flow.round == 2
    state = draw(state, "water water water water water")
    assert state.legal_moves() == (Place(OPEN_WATER),)
    state = play(state, f"place {OPEN_WATER}")
    assert state.flow.key == "land.act" and texts(state.legal_moves()) == ["done"]


def test_a_row_discarded_on_an_empty_deck_is_shuffled_back_and_dealt() -> None:
    """CON-4.5 "If the draw deck is empty, you can shuffle and draw new cards" (ruling: today's
    discards included): the boat deck and its discards are empty, the row of three is discarded,
    and the three are shuffled into a new deck and dealt again, each with the same chance."""
    state = to_land(start())
    rest = state.boat_deck.cards().elements()
    state = changed(state, boat_deck=Deck(), boat_discard=(), fleet=(*state.fleet, *rest))
    row = state.boat_row
    state = play(state, "done")
    assert texts(state.legal_moves()) == ["keep boats", "discard boats"]
    state = play(state, "discard boats")
    assert state.current_player == CHANCE and state.boat_discard == () and len(state.boat_deck) == 3
    outcomes = state.chance_outcomes()
    assert {move.card for move, _ in outcomes} == set(row)  # type: ignore[attr-defined]
    assert all(p == pytest.approx(1 / 3) for _, p in outcomes)
