"""Spółka ZOO's invariants keep the card counts of the piles, the seats and the company decks,
and each deck's makeup check, by the identity of those (immutable) parts: a state that shares a
part with one already checked still has every part that differs checked (issue 12)."""

from __future__ import annotations

import attrs
import pytest
from zoo_helpers import start

from tabletop.kernel.deck import Deck
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.invariants import invariants


def _less(deck: Deck) -> Deck:
    """`deck` with one card of its middle gone."""
    card = next(iter(deck.middle))
    return attrs.evolve(deck, middle=deck.middle.remove(card))


def test_a_changed_deck_beside_kept_parts_is_counted_again() -> None:
    """Every card in exactly one place: a company deck missing a card, the piles and seats the
    very objects already counted."""
    state = start(3)
    invariants(state)
    broken = attrs.evolve(state, decks=(_less(state.decks[0]), *state.decks[1:]))
    with pytest.raises(InvariantBroken, match="cards not conserved"):
        invariants(broken)
    invariants(state)  # the kept answers are still those of the sound parts


def test_changed_piles_or_seats_beside_kept_decks_are_counted_again() -> None:
    state = start(3)
    invariants(state)
    piles = attrs.evolve(state.piles, influence=_less(state.piles.influence))
    with pytest.raises(InvariantBroken, match="cards not conserved"):
        invariants(attrs.evolve(state, piles=piles))
    helper = state.piles.helper_row[0] if state.piles.helper_row else state.piles.influence_row[0]
    seats = (attrs.evolve(state.seats[0], helpers=(*state.seats[0].helpers, helper)), *state.seats[1:])
    with pytest.raises(InvariantBroken, match="cards not conserved"):
        invariants(attrs.evolve(state, seats=seats))


def test_a_new_makeup_for_a_kept_deck_is_checked_again() -> None:
    """ZOO-1.2: a deck checked sound against its makeup is checked again against another one."""
    state = start(3)
    invariants(state)
    (known, secret), *rest = state.deck_makeup
    wrong = ((known, secret + 1), *rest)
    with pytest.raises(InvariantBroken, match=r"more for a deck of") as caught:
        invariants(attrs.evolve(state, deck_makeup=wrong))
    assert (caught.value.path, caught.value.rule) == ("deck_makeup[0]", "ZOO-1.2")
    card = next(iter(known))
    lacking = ((known.remove(card) + Tokens({"no-such-card": 1}), secret), *rest)
    with pytest.raises(InvariantBroken, match="lacks 1 cards of its makeup") as caught:
        invariants(attrs.evolve(state, deck_makeup=lacking))
    assert (caught.value.path, caught.value.rule) == ("deck_makeup[0]", "ZOO-4.11")
