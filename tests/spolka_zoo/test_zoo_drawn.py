"""Issue 12: `decks.drawn(deck, card)`, the deck after a draw with the unknown middle's card taken out
in line, is the kernel's `deck.draw(card)[1]`: the same deck (and a multiset as the kernel builds it:
sorted, its total) for every card of the middle of seeded states' decks, a known top or bottom, and
the same `ValueError` for a card that is not there or an empty deck."""

from __future__ import annotations

import pytest
from zoo_helpers import random_states

from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.rules.decks import drawn
from tabletop.spolka_zoo.state import PILES


def _same(deck: Deck, card: str) -> None:
    mine, kernels = drawn(deck, card), deck.draw(card)[1]
    assert mine == kernels
    assert type(mine) is Deck and type(mine.middle) is Tokens
    assert list(mine.middle.items()) == list(kernels.middle.items())  # the kinds in the same order
    assert mine.middle.total == kernels.middle.total == sum(kernels.middle._counts.values())


@pytest.mark.parametrize("options", [{"players": 1, "bots": 4}, {"players": 5}])
def test_drawn_is_the_kernels_draw(options: dict[str, int]) -> None:
    decks = 0
    for state in random_states(2, **options)[::7]:
        for deck in (*state.decks, *(getattr(state.piles, name) for name in PILES)):
            for card in deck.middle:
                _same(deck, card)
                decks += 1
    assert decks > 1000


def test_drawn_takes_a_known_card_first_and_refuses_as_the_kernel_does() -> None:
    middle = Tokens({"a": 2, "b": 1})
    top, bottom = (Known("t", public=True),), (Known("z", public=True),)
    for deck in (Deck(top, middle, bottom), Deck((), middle, bottom), Deck((), middle, ()), Deck((), Tokens(), bottom)):
        for card in ("a", "b", "t", "z"):
            try:
                expected = deck.draw(card)[1]
            except ValueError as refusal:
                with pytest.raises(ValueError, match=str(refusal)):
                    drawn(deck, card)
            else:
                assert drawn(deck, card) == expected
    with pytest.raises(ValueError, match="cannot draw from an empty deck"):
        drawn(Deck(), "a")
