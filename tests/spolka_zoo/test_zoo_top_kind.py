"""`decks.top_kind` reads a deck as `is_empty` and `top_is_known` do, for hand-made decks and
every deck of random games (company decks and piles, full states and views)."""

from __future__ import annotations

import random

from tabletop.kernel.chance import sample_chance
from tabletop.kernel.deck import Deck, Known
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.rules.decks import EMPTY, KNOWN, UNKNOWN, top_kind
from tabletop.spolka_zoo.state import PILES


def _expected(deck: Deck) -> int:
    if deck.is_empty:
        return EMPTY
    return KNOWN if deck.top_is_known else UNKNOWN


def test_hand_made_decks() -> None:
    a, b = Known("a"), Known("b")
    middle = Deck.shuffled(["x", "y"]).middle
    m = middle
    decks = [Deck(), Deck((), m), Deck((a,)), Deck((), m, (b,)), Deck((), bottom=(b,)), Deck((a,), m, (b,))]
    kinds = [EMPTY, UNKNOWN, KNOWN, UNKNOWN, KNOWN, KNOWN]
    assert [top_kind(d) for d in decks] == [_expected(d) for d in decks] == kinds


def test_every_deck_of_random_games() -> None:
    seen = set()
    for seed, options in enumerate(({"players": 2}, {"players": 1, "bots": 4}, {"players": 3, "modules": ("events",)})):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            for view in (state, state.view(0)):
                for deck in (*view.decks, *(getattr(view.piles, name) for name in PILES)):
                    kind = top_kind(deck)
                    assert kind == _expected(deck)
                    seen.add(kind)
            state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))
    assert seen == {EMPTY, KNOWN, UNKNOWN}
