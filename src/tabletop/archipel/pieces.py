"""Archipel's pieces: card and fish kinds from the data files, boats, fish spots, turn flags.

Square cards and fish are string kinds counted in [`Tokens`][tabletop.kernel.tokens.Tokens]:
cards are `bait-blue` ... `bait-multi`, `jerrycan-blue`, `jerrycan-red`, `storm-gear`,
`good-weather`, `leak`, `storm-7` (numbered) and `storm-blank`; fish are their colour
(`blue` ...) or `shark`.
"""

from __future__ import annotations

from typing import Final

import attrs

from tabletop.archipel.content import load_cards, load_fish
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.tokens import Tokens

__all__ = [
    "BAIT_OF",
    "COLOURS",
    "EMPTY",
    "FISH",
    "GEAR",
    "GOOD_WEATHER",
    "JERRYCANS",
    "LEAK",
    "MULTI",
    "SHARK",
    "STORM_BLANK",
    "UNSEEN",
    "Boat",
    "Spot",
    "Turn",
    "evolve",
    "storm_card",
]

#: Fuel markers in the box (ARC-1.4), a full tank, fish and equipment a boat card holds (ARC-1.3).
FUEL_MARKERS: Final = 30
TANK: Final = 5
HOLD: Final = 3
DECK: Final = 4
SHOP_SIZE: Final = 3
"""Cards in a shop or the warehouse when supplied (ARC-1.7)."""

_FISH_DEFS: Final = load_fish()
_CARDS: Final = load_cards()

#: Every fish piece.
FISH: Final = Tokens({f.id: f.count for f in _FISH_DEFS})
SHARK: Final = next(f.id for f in _FISH_DEFS if f.shark)
COLOURS: Final = tuple(f.id for f in _FISH_DEFS if not f.shark)
"""The fish colours, in file order (sharks excluded)."""

#: The square cards other than storm cards.
OTHER_CARDS: Final = Tokens({c.id: c.count for c in _CARDS.cards})
STORM_CARDS: Final = _CARDS.storm_cards
BAIT_OF: Final = {c.colour: c.id for c in _CARDS.cards if c.group == "bait"}
MULTI: Final = BAIT_OF.pop("multi")
BAITS: Final = frozenset([*BAIT_OF.values(), MULTI])
"""Every bait kind."""
#: What each coloured bait catches.
CATCHES: Final = {bait: colour for colour, bait in BAIT_OF.items()}
JERRYCANS: Final = tuple(c.id for c in _CARDS.cards if c.group == "jerrycan")
GEAR: Final = next(c.id for c in _CARDS.cards if c.group == "storm-gear")
GOOD_WEATHER: Final = next(c.id for c in _CARDS.cards if c.group == "good-weather")
LEAK: Final = next(c.id for c in _CARDS.cards if c.group == "leak")
#: Cards with a red background leave the game after use (ARC-10.1).
RED_BACK: Final = frozenset(c.id for c in _CARDS.cards if c.back == "red")
STORM_BLANK: Final = "storm-blank"

EMPTY: Final = ""
"""A fish spot whose fish was caught: no piece on it."""
UNSEEN: Final = "unseen"
"""A face-down fish nobody has seen: its identity is not decided until it is exposed (ARC-1.5)."""


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


@attrs.frozen
class Boat:
    """A boat: its colour, home port, location and boat card.

    Attributes:
        colour: The pawn's colour, which names the boat in notation (`give fuel to red`).
        home: The location id of its home port.
        at: The location id where the pawn is.
        fuel: Fuel markers on the boat card (0-5).
        fish: Fish on the boat card (at most 3).
        cards: Equipment (square cards) on the boat card (at most 4).
    """

    colour: str
    home: str
    at: str
    fuel: int = TANK
    fish: Tokens = attrs.field(factory=Tokens)
    cards: Tokens = attrs.field(factory=Tokens)


@attrs.frozen
class Spot:
    """A fish spot's piece.

    Attributes:
        fish: `""` (no piece: it was caught), `"unseen"` (face down, never exposed:
            nobody knows it, and the game has not decided it yet), or the fish's kind.
            In a view of the memory game, a face-down fish seen before shows as `"?"`.
        face_up: True when the piece lies face up (its kind is public).
    """

    fish: str = UNSEEN
    face_up: bool = False


@attrs.frozen
class Turn:
    """What the current turn has done so far (reset at each turn).

    Attributes:
        may_catch: The boat may still try to catch the fish where it is: true at the start
            of a turn (staying put) and after each move, false after a try.
        shop: The island whose shop the boat emptied this turn (`""`: none), which the
            warehouse refills when the turn ends.
        weather: The weather card waiting for the current player's choice: `storm-blank`
            (where it goes), `good-weather` (which storm it removes), or a numbered storm
            whose space a blank storm must leave first.
        gifts: What changed hands at meetings this turn, as `"giver>taker:item"`, so that
            nothing goes back the way it came in the same turn.
    """

    may_catch: bool = True
    shop: str = ""
    weather: str = ""
    gifts: frozenset[str] = frozenset()


def all_cards(storm_numbers: tuple[int, ...], blank: int) -> Tokens:
    """The 61 square cards of a game on a board with these storm numbers."""
    storms = Tokens({storm_card(n): 1 for n in storm_numbers}).add(STORM_BLANK, blank)
    return OTHER_CARDS + storms
