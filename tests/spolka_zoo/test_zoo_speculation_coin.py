"""Speculation's coin does not depend on the decks (rules audit 37, C1), and lobbying's does
on the influence cards, as recorded in the rulings."""

from __future__ import annotations

import attrs
from zoo_helpers import deck, legal, play, seat, start

from tabletop.kernel.deck import Deck, Known
from tabletop.spolka_zoo import ZooState


def _no_company_cards(state: ZooState) -> ZooState:
    for company in range(3):
        state = deck(state, company, ())
    return state


def test_speculation_pays_its_coin_when_every_company_deck_is_empty() -> None:
    """ZOO-4.12 "The player takes 1 coin from the Bank. Then they may look at the 4 top cards of
    any one Company deck": with all three company decks empty each deck may still be chosen, the
    coin is taken and the look finds nothing."""
    state = play(_no_company_cards(start()), "pick speculate", "pick share", "pick share")
    assert legal(state) == ["speculate apple", "speculate lemon", "speculate pineapple", "done"]
    after = play(state, "speculate lemon")
    assert after.seats[0].money == state.seats[0].money + 1
    assert after.current_player == 1 and after.seats[0].played == ("speculate",)
    assert all(len(d) == 0 for d in after.decks)


def test_declining_speculation_on_empty_decks_still_gives_nothing() -> None:
    """ZOO-3.4 "A player is not obliged to perform the action of the Action token they have just
    chosen. But it still counts as playing an Action token": `done` spends the token, no coin."""
    state = play(_no_company_cards(start()), "pick speculate", "pick share", "pick share")
    after = play(state, "done")
    assert after.seats[0].money == state.seats[0].money and after.seats[0].played == ("speculate",)


def test_a_helper_after_speculation_works_after_the_coin_on_empty_decks() -> None:
    """ZOO-5.1, ZOO-4.12: a helper whose ability follows speculation works once the speculation
    was performed, the coin taken, even though the look found nothing."""
    state = seat(_no_company_cards(start()), 0, helpers=("h-weasel",))
    state = play(state, "pick speculate", "pick share", "pick share", "speculate apple")
    assert legal(state) == ["use h-weasel", "done"]


def test_with_a_deck_holding_cards_only_those_decks_may_be_chosen() -> None:
    """ZOO-4.12 (ruling): while a company deck has cards, an empty deck cannot be chosen."""
    state = deck(deck(start(), 0, ()), 2, ())
    state = play(state, "pick speculate", "pick share", "pick share")
    assert legal(state) == ["speculate lemon", "done"]


def test_lobbying_with_no_face_up_influence_card_can_only_be_declined() -> None:
    """ZOO-4.11 (ruling, kept): "Then they must choose one of the face-up cards ... and shuffle it
    into a Company deck": with the row and the influence deck exhausted nothing can be lobbied,
    so lobbying can only be declined and its 2 coins are not taken."""
    state = start()
    piles = state.piles
    cards = (*piles.influence.cards().elements(), *filter(None, piles.influence_row))
    gone = tuple(Known(c, public=True) for c in cards)
    empty_row = ("",) * len(piles.influence_row)
    piles = attrs.evolve(piles, influence=Deck(), influence_row=empty_row, removed=piles.removed + gone)
    state = play(attrs.evolve(state, piles=piles), "pick lobby", "pick share", "pick share")
    assert legal(state) == ["done"]
    assert play(state, "done").seats[0].money == state.seats[0].money
