"""The decks and known cards the rules build without `__init__` (the kernel's `maker`, and
`tokens._build` for a counted multiset) are the very values `__init__` builds: equal, of the
same type, hashing alike, frozen, with the multiset's kinds in order."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop.kernel.chance import sample_chance
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.rules import decks
from tabletop.spolka_zoo.rules.decks import shuffled_into


def _same(built: object, plain: object) -> None:
    assert type(built) is type(plain) and built == plain and hash(built) == hash(plain)  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.card = "x"  # type: ignore[attr-defined]


def test_shuffled_into_is_the_kernels_shuffle_in() -> None:
    rng = random.Random(5)
    kinds = ["a", "b", "c", "d", "e"]
    for _ in range(300):
        top = tuple(Known(rng.choice(kinds)) for _ in range(rng.randrange(3)))
        bottom = tuple(Known(rng.choice(kinds), public=True) for _ in range(rng.randrange(3)))
        middle = Tokens([rng.choice(kinds) for _ in range(rng.randrange(6))])
        deck = Deck(top, middle, bottom)
        cards = tuple(rng.choice(kinds) for _ in range(rng.randrange(4)))
        built, plain = shuffled_into(deck, cards), deck.shuffle_in(cards)
        _same(built, plain)
        assert list(built.middle.items()) == list(plain.middle.items())
        assert built.middle.total == plain.middle.total and hash(built.middle) == hash(plain.middle)


def test_known_cards_are_built_as_known_builds_them() -> None:
    assert decks._NOBODY is Known("").seen_by
    for card, seen_by, public in (("a", decks._NOBODY, False), ("b", frozenset({2}), True), ("c", decks._NOBODY, True)):
        _same(decks._known(card, seen_by, public), Known(card, seen_by, public))


@pytest.mark.parametrize(
    "options", [{"players": 1, "bots": 4}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}]
)
def test_every_deck_and_known_card_of_seeded_games_is_a_plain_one(options: dict[str, object]) -> None:
    """Every deck and every known card of seeded games equals the one `__init__` builds from its fields."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            piles = state.piles
            for deck in (*state.decks, piles.influence, piles.helper_deck, piles.bot_deck, piles.event_deck):
                _same(deck, Deck(deck.top, deck.middle, deck.bottom))
                for known in (*deck.top, *deck.bottom):
                    _same(known, Known(known.card, known.seen_by, known.public))
                checked += 1
            for known in piles.removed:
                _same(known, Known(known.card, known.seen_by, known.public))
            move = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
            state = state.apply(move)
    assert checked > 1000
