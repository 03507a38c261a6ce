"""Issue 12, session 37: `decks.drawn` builds the deck left after a card of the unknown middle is drawn in
line (its writable twin filled, then made a `Deck`, as the kernel's `maker` builds one: a call less per
card drawn). The deck is a plain frozen `Deck`, equal and hashing equal to the kernel's draw and to one
built by `Deck(...)`, keeping the bottom it had, for every card of the middles of seeded states' decks."""

from __future__ import annotations

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.deck import Deck
from tabletop.spolka_zoo.rules.decks import drawn
from tabletop.spolka_zoo.state import PILES


def test_a_deck_drawn_from_is_a_plain_frozen_deck() -> None:
    checked = 0
    for seed, options in ((12, {"players": 1, "bots": 4}), (13, {"players": 2})):
        for state in random_states(seed, **options)[::9]:
            for deck in (*state.decks, *(getattr(state.piles, name) for name in PILES)):
                if deck.top:
                    continue
                for card in deck.middle:
                    new = drawn(deck, card)
                    plain = Deck(new.top, new.middle, new.bottom)
                    assert type(new) is Deck
                    assert new == plain == deck.draw(card)[1]
                    assert hash(new) == hash(plain)
                    assert new.top == () and new.bottom is deck.bottom
                    with pytest.raises(attrs.exceptions.FrozenInstanceError):
                        new.top = deck.top  # type: ignore[misc]
                    checked += 1
    assert checked > 300
