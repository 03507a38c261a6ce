"""The parts of Archipel's content files as read: areas, islands, home ports, fish spots,
channels, storm cards, square cards, fish pieces and rule entries.

Each class lists its attributes, so a case can read a card's printed values
([`card`][tabletop.archipel.content.kinds.card]) or an island's market orders by name.
"""

from __future__ import annotations

import attrs

__all__ = [
    "AreaDef",
    "BoardFile",
    "CardDef",
    "CardsFile",
    "ChannelDef",
    "FishDef",
    "HomePortDef",
    "IslandDef",
    "RuleDef",
    "SpotDef",
    "StormCards",
    "Warehouse",
]


@attrs.frozen
class AreaDef:
    """A sea area: open water in which every location reaches every other.

    Attributes:
        id: The area's id (`"jade-sea"`).
        name: Its name on the board.
        x: Where the board's picture draws its centre, or `None` to place it on a ring.
        y: Likewise, downwards.
    """

    id: str
    name: str
    x: float | None = None
    y: float | None = None


@attrs.frozen
class IslandDef:
    """An island: its harbour (location id = the island id), market orders and shop.

    Attributes:
        id: The island's id, which is also its harbour's location id (`"jade"`).
        name: Its name on the board.
        area: The sea area its harbour lies in.
        market: The fish colours its market orders, one entry per fish (ARC-4.2).
        pagoda: A grey pagoda island, out of the short game (ARC-9.1).
    """

    id: str
    name: str
    area: str
    market: tuple[str, ...]
    pagoda: bool = False


@attrs.frozen
class HomePortDef:
    """A coloured home port: a harbour with no market and no shop.

    Attributes:
        id: The location id (`"home-red"`).
        colour: The boat whose home port it is (ARC-1.2).
        area: The sea area it lies in.
    """

    id: str
    colour: str
    area: str


@attrs.frozen
class SpotDef:
    """A fish spot: one fish piece starts on it, face down (ARC-1.5).

    Attributes:
        id: The location id (`"f07"`).
        area: The sea area it lies in.
    """

    id: str
    area: str


@attrs.frozen
class ChannelDef:
    """A channel: numbered storm spaces joining two sea areas (ARC-5.1).

    Attributes:
        id: The channel's id in the board file.
        areas: The two sea areas it joins.
        spaces: The numbers of its storm spaces (location ids `s<number>`).
    """

    id: str
    areas: tuple[str, str]
    spaces: tuple[int, ...]


@attrs.frozen
class StormCards:
    """The storm cards: one per number, and some blank ones.

    Attributes:
        numbers: The numbered storm cards (one per storm space).
        blank: How many storm cards have no number (ARC-4.3A).
    """

    numbers: tuple[int, ...]
    blank: int


@attrs.frozen
class Warehouse:
    """Where the warehouse is drawn.

    Attributes:
        corner: The board's corner (`"north-east"` ...).
    """

    corner: str = "north-east"


@attrs.frozen
class BoardFile:
    """A board file as read, before it is compiled into a [`Board`][tabletop.archipel.content.board.Board].

    Attributes:
        name: The board's name.
        reference: True for reference content (not the printed board).
        areas: The sea areas.
        islands: The twelve islands, in board order.
        home_ports: The five home ports, in board order.
        spots: The thirty fish spots, in board order.
        channels: The channels and their storm spaces, in board order.
        storm_cards: The storm cards the board's numbers call for.
        warehouse: Where the warehouse is drawn.
        file: The file's name, for errors.
    """

    name: str
    reference: bool
    areas: tuple[AreaDef, ...]
    islands: tuple[IslandDef, ...]
    home_ports: tuple[HomePortDef, ...]
    spots: tuple[SpotDef, ...]
    channels: tuple[ChannelDef, ...]
    storm_cards: StormCards
    warehouse: Warehouse
    file: str


@attrs.frozen
class CardDef:
    """A kind of square card, as printed, and how many there are.

    Attributes:
        id: The card kind, as the notation writes it (`"bait-red"`).
        group: `"bait"`, `"jerrycan"`, `"storm-gear"`, `"good-weather"` or `"leak"`.
        back: The background colour: `"red"` cards leave the game after use, `"blue"` ones
            go back to the pocket (ARC-10).
        count: How many cards of this kind are in the game.
        colour: A bait's fish colour (`"multi"` for multicolour bait); `""` for other cards.
    """

    id: str
    group: str
    back: str
    count: int
    colour: str = ""


@attrs.frozen
class CardsFile:
    """The square cards other than storms, and how many storm cards there are.

    Attributes:
        cards: Every other kind of square card.
        storm_cards: How many storm cards there are (numbered and blank).
    """

    cards: tuple[CardDef, ...]
    storm_cards: int


@attrs.frozen
class FishDef:
    """A kind of fish piece and how many there are.

    Attributes:
        id: The kind (`"blue"`, `"shark"`).
        count: How many pieces of this kind.
        shark: True for the shark, which no bait catches (ARC-3.3).
    """

    id: str
    count: int
    shark: bool = False


@attrs.frozen
class RuleDef:
    """One entry of the rule catalogue.

    Attributes:
        id: The rule ID (`"ARC-2.2"`).
        title: The rule in one line.
    """

    id: str
    title: str
