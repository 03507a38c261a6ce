"""The kinds of Archipel's square cards and fish pieces, read from the data files.

Square cards and fish are string kinds counted in [`Tokens`][tabletop.kernel.tokens.Tokens]:
cards are `bait-blue` ... `bait-multi`, `jerrycan-blue`, `jerrycan-red`, `storm-gear`,
`good-weather`, `leak`, `storm-7` (numbered) and `storm-blank`; fish are their colour
(`blue` ...) or `shark`. A card's printed values (its group, colour and background) are
on its [`CardDef`][tabletop.archipel.content.defs.CardDef]: [`card`][tabletop.archipel.content.kinds.card].
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from tabletop.archipel.content import CardDef, load_cards, load_fish
from tabletop.kernel.tokens import Tokens

__all__ = [
    "BAITS",
    "BAIT_OF",
    "CATCHES",
    "COLOURS",
    "FISH",
    "GEAR",
    "GOOD_WEATHER",
    "JERRYCANS",
    "JERRYCAN_SET",
    "LEAK",
    "MULTI",
    "PAIR_KIND",
    "RED_BACK",
    "SHARK",
    "STORM_BLANK",
    "all_cards",
    "card",
    "is_storm",
    "is_weather",
    "storm_card",
    "storm_number",
]

_FISH_DEFS: Final = load_fish()
_CARDS: Final = load_cards()
_CARD_DEFS: Final = {c.id: c for c in _CARDS.cards}

FISH: Final = Tokens({f.id: f.count for f in _FISH_DEFS})
"""Every fish piece, by kind."""
SHARK: Final = next(f.id for f in _FISH_DEFS if f.shark)
"""The shark's kind."""
COLOURS: Final = tuple(f.id for f in _FISH_DEFS if not f.shark)
"""The fish colours, in file order (sharks excluded)."""

OTHER_CARDS: Final = Tokens({c.id: c.count for c in _CARDS.cards})
"""The square cards other than storm cards."""
BAIT_OF: Final = {c.colour: c.id for c in _CARDS.cards if c.group == "bait"}
"""The bait that catches each fish colour."""
MULTI: Final = BAIT_OF.pop("multi")
"""Multicolour bait: catches any fish (ARC-3.2)."""
BAITS: Final = frozenset([*BAIT_OF.values(), MULTI])
"""Every bait kind."""
CATCHES: Final = {bait: colour for colour, bait in BAIT_OF.items()}
"""What each coloured bait catches."""
JERRYCANS: Final = tuple(c.id for c in _CARDS.cards if c.group == "jerrycan")
"""The jerrycan kinds (ARC-4.6)."""
JERRYCAN_SET: Final = frozenset(JERRYCANS)
"""The jerrycan kinds as a set: `JERRYCAN_SET.isdisjoint(map(PAIR_KIND, cards.items()))` tests a
boat's cards in one call."""
PAIR_KIND: Final = itemgetter(0)
"""The kind of a multiset's `(kind, count)` pair: `map(PAIR_KIND, tokens.items())` lists a
multiset's kinds in order at C speed, where iterating the multiset calls its `__iter__`."""
GEAR: Final = next(c.id for c in _CARDS.cards if c.group == "storm-gear")
"""Storm gear (ARC-5.3)."""
GOOD_WEATHER: Final = next(c.id for c in _CARDS.cards if c.group == "good-weather")
"""Good weather (ARC-4.4)."""
LEAK: Final = next(c.id for c in _CARDS.cards if c.group == "leak")
"""A boat leak (ARC-4.1)."""
RED_BACK: Final = frozenset(c.id for c in _CARDS.cards if c.back == "red")
"""Cards with a red background leave the game after use (ARC-10.1)."""
STORM_BLANK: Final = "storm-blank"
"""A storm card without a number (ARC-4.3)."""


def card(kind: str) -> CardDef | None:
    """The printed card of `kind` (group, colour, background, count), or `None` for a storm card."""
    return _CARD_DEFS.get(kind)


def storm_card(number: int) -> str:
    """The card id of the storm card with `number`."""
    return f"storm-{number}"


def is_storm(card: str) -> bool:
    """True for a numbered or blank storm card."""
    return card.startswith("storm-") and card != GEAR


def storm_number(card: str) -> int:
    """The number of a numbered storm card (0 for a blank one)."""
    tail = card[6:]
    return int(tail) if tail.isdigit() else 0


def is_weather(card: str) -> bool:
    """True for cards read as weather news in a harbour (ARC-4.3, ARC-4.4)."""
    return card == GOOD_WEATHER or is_storm(card)


def all_cards(storm_numbers: tuple[int, ...], blank: int) -> Tokens:
    """The 61 square cards of a game on a board with these storm numbers."""
    storms = Tokens({storm_card(n): 1 for n in storm_numbers}).add(STORM_BLANK, blank)
    return OTHER_CARDS + storms
