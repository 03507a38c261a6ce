"""Issue 12, session 37: `decks.shuffled_into` sorts a deck of one card per id by its ids alone
(`dict.fromkeys(sorted(ids), 1)`, no pair per card) and copies the middle's counts without `as_dict`'s
call; a deck holding a card twice is sorted by its pairs as before. On every deck of seeded states, with
the cards a step shuffles in (none, one, the cards being resolved, the bot discards, cards already in the
deck): the kernel's `shuffle_in`, and the same dict table (memory) as `dict(sorted(...))` of the counts."""

from __future__ import annotations

import sys

from zoo_helpers import random_states

from tabletop.kernel.deck import Deck
from tabletop.spolka_zoo.rules.decks import shuffled_into
from tabletop.spolka_zoo.state import PILES, ZooState

_OPTIONS: tuple[dict[str, object], ...] = (
    {"players": 1, "bots": 4},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
)


def _states() -> list[ZooState]:
    """Every seventh state of two random games of each configuration (bots, and every module)."""
    return [state for options in _OPTIONS for seed in (5, 6) for state in random_states(seed, **options)[::7]]


def _decks(state: ZooState) -> list[Deck]:
    return [*state.decks, *(getattr(state.piles, name) for name in PILES)]


def _check(deck: Deck, cards: tuple[str, ...]) -> bool:
    shuffled = shuffled_into(deck, cards)
    plain = deck.shuffle_in(cards)
    assert shuffled == plain
    assert list(shuffled.middle.items()) == list(plain.middle.items())
    assert shuffled.middle.total == plain.middle.total
    assert not shuffled.top and not shuffled.bottom
    counts = dict(deck.cards().items())
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    if deck.top or deck.bottom or len(cards) != 1:  # (one card into a middle alone is `Tokens.add`'s)
        assert sys.getsizeof(shuffled.middle._counts) == sys.getsizeof(dict(sorted(counts.items())))
    return all(n == 1 for n in counts.values())


def test_a_deck_with_cards_shuffled_in_is_the_kernels_shuffle() -> None:
    ones = twice = 0
    for state in _states():
        piles = state.piles
        spare = [*piles.bot_discard, *piles.resolving, "inf-apple"]
        for deck in _decks(state):
            held = [*deck.cards()]
            for cards in ((), (spare[0],), tuple(piles.resolving), tuple(piles.bot_discard), tuple(held[:2])):
                if _check(deck, cards):
                    ones += 1
                else:
                    twice += 1
    assert ones > 100
    assert twice > 10  # a card twice (shuffled into a deck holding it) keeps the pairs' path covered
