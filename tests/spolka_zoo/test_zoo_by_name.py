"""Spółka ZOO read by name (issue 16): companies by fruit, decks by the names chance nodes use,
cards' printed values from the card object, a seat's shares by company."""

from __future__ import annotations

import pytest
from zoo_helpers import seat, start

from tabletop.spolka_zoo.content import CARDS, FRUITS, HelperCard, card
from tabletop.spolka_zoo.state import FRUIT_INDEX, PILES


def test_a_company_reads_by_its_fruit() -> None:
    """ZOO-8.1: `state.company(fruit)` gives its prices, board, deck, shareholders and majority."""
    state = seat(start(3), 1, shares=(0, 2, 0))
    state = seat(state, 2, shares=(0, 1, 0))
    lemon = state.company("lemon")
    c = FRUIT_INDEX["lemon"]
    assert lemon.name == "lemon" and lemon.position == state.board.index("lemon")
    assert (lemon.share_price, lemon.fruit_price) == (state.share_price[c], state.fruit_price[c])
    assert lemon.board == state.company_fruit[c] and lemon.deck == state.decks[c]
    assert lemon.shareholders == state.shareholders("lemon") and set(lemon.shareholders) == {1, 2}
    assert lemon.majority == 1
    assert state.seats[1].shares_in("lemon") == 2
    with pytest.raises(ValueError, match="no company 'banana' \\(companies: apple, lemon, pineapple\\)"):
        state.company("banana")


def test_decks_read_by_the_names_chance_nodes_use() -> None:
    """`state.pile(name)`: a company's deck by its fruit, every other deck by its field of `piles`."""
    state = start(3)
    for fruit in FRUITS:
        assert state.pile(fruit) is state.decks[FRUIT_INDEX[fruit]]
    for name in PILES:
        assert state.pile(name) is getattr(state.piles, name)
    with pytest.raises(ValueError, match="no deck 'helper_row'"):
        state.pile("helper_row")


def test_a_cards_printed_values_come_from_the_card_object() -> None:
    """A helper's cost and glory are on its card; every card id has one; an unknown id is refused."""
    owl = card("h-owl")
    assert isinstance(owl, HelperCard) and owl.cost.total > 0 and owl.glory >= 0
    assert all(card(i).id == i for i in CARDS)
    with pytest.raises(ValueError, match="no Spółka ZOO card 'h-nobody'"):
        card("h-nobody")
