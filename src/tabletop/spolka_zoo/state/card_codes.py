"""The code of the cards of a state's parts (issue 12): each part's cards as one integer, the
kernel's [`CountCode`][tabletop.kernel.serialize.validate.CountCode] of the game's cards, kept by
the identity of the part.

The invariants add the codes of a state's parts up against the configuration's cards (every
card in exactly one place: [tabletop.spolka_zoo.invariants][]); the card places' check
([`card_places`][tabletop.spolka_zoo.state.card_places]) reads the same kept codes against the
mask of the cards a place may not hold (`mask`). Here, below both (the invariants import the
card places).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import Any, Final

import tabletop.spolka_zoo.content as content
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.serialize.validate import CountCode
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state.parts import Piles

__all__ = ["CODE", "CODES", "MOST_CARDS", "deck_code", "mask", "part_code", "piles_code"]

MOST_CARDS: Final = max(map(len, chain.from_iterable(content.STARTING_DECKS.values()))) * len(content.FRUITS) + sum(
    map(
        len,
        (
            content.INFLUENCE_IDS,
            content.HELPER_IDS,
            content.BOT_IDS,
            content.EVENT_IDS,
            content.GOAL_IDS,
            content.INTRIGUE_IDS,
        ),
    )
)
"""At least as many cards as any configuration puts in play."""

CODE: Final = CountCode(content.FAMILY, MOST_CARDS)
"""The exact code of a multiset of cards: the cards of a state's parts added up, against the
configuration's (a `?` of a view, or any card not known, has none)."""

CODES: Final = PartAnswers(2048)
"""The code of the cards of each part (the piles, the tuple of company decks, a deck, a multiset:
each part's type has one way of coding it), kept by the identity of the part."""


def piles_code(p: Piles) -> int | None:
    """The code of the cards of the piles (`None` if one is not known): of their rows and
    decks, each kept by its part's identity."""
    return CODES.total(
        (
            p.influence_row,
            p.helper_row,
            p.resolving,
            p.removed,
            p.bot_discard,
            p.event_aside,
            p.influence,
            p.helper_deck,
            p.bot_deck,
            p.event_deck,
            p.goal_box,
            p.intrigue_box,
        ),
        part_code,
    )


def part_code(part: Any) -> int | None:
    """The code of the cards of a part (`None` if one is not known): the piles, a deck, a
    multiset, a row (its `""` an empty place) or the cards removed."""
    if type(part) is Deck:
        return deck_code(part)
    if type(part) is Tokens:
        return CODE.tokens(part)
    if type(part) is Piles:
        return piles_code(part)
    if part and type(part[0]) is Known:
        return CODE.pieces([known.card for known in part])
    return CODE.pieces(filter(None, part))


def deck_code(deck: Deck) -> int | None:
    """The code of the cards of a deck (`None` if one is not known)."""
    code = CODE.tokens(deck.middle)
    if code is None or not (deck.top or deck.bottom):
        return code
    known = CODE.pieces([known.card for known in (*deck.top, *deck.bottom)])
    return None if known is None else code + known


def mask(allowed: Iterable[str]) -> int:
    """The bits of a code that a part holding only cards of `allowed` leaves clear: the digit of
    every other card, and every bit above the count of all cards (a negative number: all the bits
    above are set). `code & mask(allowed) == 0` exactly when the part's cards are all of `allowed`.

    ```pycon
    >>> code = CODE.pieces(["apple-1", "bot-01"])
    >>> code & mask(["apple-1", "bot-01"]), code & mask(["apple-1"]) != 0
    (0, True)

    ```
    """
    weights = CODE.weights
    every = 1 << (max(weights.values()).bit_length() - 1)  # the top digit's lowest bit
    lows = sorted(weight ^ every for weight in weights.values())  # each card's digit's lowest bit
    digit = lows[1] // lows[0] - 1  # one digit's bits, from its lowest
    found = ~(every * (digit + 1) - 1)  # above the top digit
    allowed = frozenset(allowed)
    for card, weight in weights.items():
        if card not in allowed:
            found |= (weight ^ every) * digit
    return found
