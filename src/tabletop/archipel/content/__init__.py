"""Archipel's content files: the board, the square cards, the fish pieces and the rule catalogue.

Every file starts with `kind = "archipel.<kind>"` and is checked on load; each problem is a
[`ContentError`][tabletop.kernel.errors.ContentError] naming the file, the item and the field:

```text
board.toml, item 'k3', field 'areas': unknown area 'jade-see'
```

The shipped files are reference content (labelled `reference = true` in each file): the
printed board and the bait proportions are not public. `load_board` reads a board file an
owner typed in; `new_game(board=path)` plays on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from tabletop.archipel.content.defs import (
    AreaDef,
    BoardFile,
    CardDef,
    CardsFile,
    ChannelDef,
    FishDef,
    HomePortDef,
    IslandDef,
    RuleDef,
    SpotDef,
    StormCards,
    Warehouse,
)
from tabletop.kernel.content import load_items, parse_toml, read_package_toml, read_toml, structure_item
from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens

__all__ = [
    "AreaDef",
    "BoardFile",
    "CardDef",
    "CardsFile",
    "ChannelDef",
    "FishDef",
    "HomePortDef",
    "IslandDef",
    "SpotDef",
    "load_board_file",
    "load_cards",
    "load_fish",
    "load_rules",
    "parse_board",
]

PACKAGE: Final = "tabletop.archipel"
ISLANDS: Final = 12
HOME_PORTS: Final = 5
FISH_SPOTS: Final = 30
PAGODAS: Final = 4
ORDERS_PER_MARKET: Final = 2
CORNERS: Final = ("north-west", "north-east", "south-west", "south-east")
CARD_GROUPS: Final = ("bait", "jerrycan", "storm-gear", "good-weather", "leak")
BACKS: Final = ("blue", "red")
RESERVED_ID: Final = "warehouse"
"""Not a location id: events name the warehouse so (`draw bait-red ... for the warehouse`)."""


#: The kernel's strict converter: ``spaces = ["20"]``, ``pagoda = "no"`` or ``market = "blue"``
#: are errors, not coerced.
_CONVERTER: Final = make_converter()
_BOARD_KEYS: Final = frozenset(
    {"kind", "reference", "name", "warehouse", "storm_cards", "areas", "islands", "home_ports", "spots", "channels"}
)


# Loading ---------------------------------------------------------------------------------------


def _check_kind(data: Mapping[str, Any], kind: str, file: str) -> None:
    if data.get("kind") != f"archipel.{kind}":
        raise ContentError(f"expected kind = 'archipel.{kind}', got {data.get('kind')!r}", file=file, field="kind")


def load_rules(path: str | Path | None = None) -> dict[str, str]:
    """The rule catalogue {rule ID: title}, from `path` or the shipped `data/rules.toml`."""
    data, file = _read(path, "rules.toml")
    _check_kind(data, "rules", file)
    return {rule.id: rule.title for rule in load_items(_CONVERTER, data, "rules", RuleDef, file=file)}


def load_fish(path: str | Path | None = None) -> tuple[FishDef, ...]:
    """The fish pieces, from `path` or the shipped `data/fish.toml`.

    Raises:
        ContentError: Unless there is exactly one shark kind and every count is positive.
    """
    data, file = _read(path, "fish.toml")
    _check_kind(data, "fish", file)
    fish = load_items(_CONVERTER, data, "fish", FishDef, file=file)
    for item in fish:
        if item.count < 1:
            raise ContentError("a count must be at least 1", file=file, item=item.id, field="count")
    if sum(item.shark for item in fish) != 1:
        raise ContentError("exactly one kind of fish must be the shark (shark = true)", file=file, item="fish")
    return fish


def load_cards(path: str | Path | None = None) -> CardsFile:
    """The square cards, from `path` or the shipped `data/cards.toml`.

    Raises:
        ContentError: On an unknown group or back, a bad count, or bait that does not match
            the fish colours.
    """
    data, file = _read(path, "cards.toml")
    _check_kind(data, "cards", file)
    storms = data.get("storm_cards")
    if not isinstance(storms, int) or isinstance(storms, bool) or storms < 0:
        raise ContentError("expected the number of storm cards", file=file, field="storm_cards")
    cards = load_items(_CONVERTER, data, "cards", CardDef, file=file)
    colours = {f.id for f in load_fish() if not f.shark}
    for card in cards:
        _check_card(card, colours, file)
    for group in ("jerrycan", "storm-gear", "good-weather", "leak", "bait"):
        if not any(card.group == group for card in cards):
            raise ContentError(f"no card of group {group!r}", file=file, item="cards")
    for group in ("storm-gear", "good-weather", "leak"):
        if sum(card.group == group for card in cards) != 1:
            raise ContentError(f"exactly one card kind of group {group!r} expected", file=file, item="cards")
    bait_colours = [card.colour for card in cards if card.group == "bait"]
    if sorted(bait_colours) != sorted([*colours, "multi"]):
        msg = f"one bait kind per fish colour and one 'multi' expected, got {sorted(bait_colours)}"
        raise ContentError(msg, file=file, item="cards")
    return CardsFile(cards, storms)


def _check_card(card: CardDef, colours: set[str], file: str) -> None:
    if card.group not in CARD_GROUPS:
        raise ContentError(f"unknown group {card.group!r} (known: {', '.join(CARD_GROUPS)})", file=file, item=card.id)
    if card.back not in BACKS:
        raise ContentError(f"back must be 'blue' or 'red', got {card.back!r}", file=file, item=card.id, field="back")
    if card.count < 1:
        raise ContentError("a count must be at least 1", file=file, item=card.id, field="count")
    if card.id.startswith("storm-") and card.group != "storm-gear":
        raise ContentError("'storm-...' names are kept for storm cards", file=file, item=card.id, field="id")
    if card.group == "bait":
        if card.colour not in colours | {"multi"}:
            msg = f"bait colour {card.colour!r} is not a fish colour or 'multi'"
            raise ContentError(msg, file=file, item=card.id, field="colour")
        if card.id != f"bait-{card.colour}":
            raise ContentError(
                f"bait of colour {card.colour!r} must be called 'bait-{card.colour}'", file=file, item=card.id
            )
    elif card.colour:
        raise ContentError("only bait has a colour", file=file, item=card.id, field="colour")


def load_board_file(path: str | Path | None = None) -> BoardFile:
    """Read and check a board file (`None`: the shipped reference board).

    Raises:
        ContentError: Naming the file, item and field of the first problem: wrong counts
            (12 islands, 5 home ports, 30 fish spots, 4 pagodas), unknown areas, a channel
            that does not join two areas, storm numbers that do not match the storm cards,
            market orders no fish can fill, a location unreachable on an empty board.
    """
    data, file = _read(path, "board.toml")
    return parse_board(data, file)


def parse_board(data: Mapping[str, Any], file: str) -> BoardFile:
    """Check parsed board TOML (see [`load_board_file`][tabletop.archipel.content.load_board_file])."""
    _check_kind(data, "board", file)
    unknown = sorted(set(data) - _BOARD_KEYS)
    if unknown:
        raise ContentError(f"unknown key(s): {', '.join(unknown)}", file=file)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ContentError("expected the board's name", file=file, field="name")
    reference = data.get("reference", False)
    if not isinstance(reference, bool):
        raise ContentError("expected true or false", file=file, field="reference")
    board = BoardFile(
        name=name,
        reference=reference,
        areas=load_items(_CONVERTER, data, "areas", AreaDef, file=file),
        islands=load_items(_CONVERTER, data, "islands", IslandDef, file=file),
        home_ports=load_items(_CONVERTER, data, "home_ports", HomePortDef, file=file),
        spots=load_items(_CONVERTER, data, "spots", SpotDef, file=file),
        channels=load_items(_CONVERTER, data, "channels", ChannelDef, file=file),
        storm_cards=_table(data, "storm_cards", StormCards, file),
        warehouse=_table(data, "warehouse", Warehouse, file) if "warehouse" in data else Warehouse(),
        file=file,
    )
    _check_board(board)
    return board


def _table(data: Mapping[str, Any], key: str, cls: type[Any], file: str) -> Any:
    raw = data.get(key)
    if not isinstance(raw, dict):
        raise ContentError(f"expected a table [{key}]", file=file, item=key)
    return structure_item(_CONVERTER, raw, cls, file=file, item=key)


def _read(path: str | Path | None, default: str) -> tuple[dict[str, Any], str]:
    if path is None:
        return read_package_toml(f"{PACKAGE}.data", default), default
    return read_toml(path), Path(path).name


# Board checks ----------------------------------------------------------------------------------


def _check_board(board: BoardFile) -> None:
    file = board.file
    _check_counts(board)
    areas = {area.id for area in board.areas}
    seen: dict[str, str] = {}
    located = [
        *(("islands", i.id, i.area) for i in board.islands),
        *(("home_ports", h.id, h.area) for h in board.home_ports),
        *(("spots", s.id, s.area) for s in board.spots),
    ]
    for key, ident, area in located:
        _unique_location(ident, key, seen, file)
        if area not in areas:
            raise ContentError(f"unknown area {area!r}", file=file, item=ident, field="area")
    _check_markets(board)
    _check_channels(board, areas, seen)
    _check_storm_cards(board)
    _check_connected(board)
    colours = [h.colour for h in board.home_ports]
    for home in board.home_ports:
        if not home.colour or any(c.isspace() for c in home.colour):
            msg = f"a boat colour is one word (move notation names it: 'give fuel to red'), got {home.colour!r}"
            raise ContentError(msg, file=file, item=home.id, field="colour")
    if len(set(colours)) != len(colours):
        raise ContentError("two home ports have the same colour", file=file, item="home_ports", field="colour")
    if board.warehouse.corner not in CORNERS:
        msg = f"corner must be one of {', '.join(CORNERS)}"
        raise ContentError(msg, file=file, item="warehouse", field="corner")


def _check_counts(board: BoardFile) -> None:
    counts = (
        ("islands", len(board.islands), ISLANDS),
        ("home_ports", len(board.home_ports), HOME_PORTS),
        ("spots", len(board.spots), FISH_SPOTS),
        ("pagoda islands", sum(i.pagoda for i in board.islands), PAGODAS),
    )
    for what, have, want in counts:
        if have != want:
            raise ContentError(f"the board needs {want} {what}, this one has {have}", file=board.file, item=what)
    if not board.channels:
        raise ContentError("the board needs channels", file=board.file, item="channels")


def _unique_location(ident: str, key: str, seen: dict[str, str], file: str) -> None:
    if not ident or any(c.isspace() for c in ident):
        raise ContentError("a location id is one word", file=file, item=ident, field="id")
    if ident == RESERVED_ID:
        msg = f"{RESERVED_ID!r} names the warehouse in events; choose another location id"
        raise ContentError(msg, file=file, item=ident, field="id")
    if ident in seen:
        raise ContentError(f"location id {ident!r} is used twice ({seen[ident]}, {key})", file=file, item=ident)
    seen[ident] = key


def _check_markets(board: BoardFile) -> None:
    fish = {f.id: f.count for f in load_fish() if not f.shark}
    ordered: dict[str, int] = {}
    for island in board.islands:
        if len(island.market) != ORDERS_PER_MARKET:
            msg = f"a market orders {ORDERS_PER_MARKET} fish, got {len(island.market)}"
            raise ContentError(msg, file=board.file, item=island.id, field="market")
        for colour in island.market:
            if colour not in fish:
                msg = f"{colour!r} is not a fish colour ({', '.join(fish)})"
                raise ContentError(msg, file=board.file, item=island.id, field="market")
            ordered[colour] = ordered.get(colour, 0) + 1
    for colour, n in ordered.items():
        if n > fish[colour]:
            msg = f"{n} {colour} fish are ordered but there are only {fish[colour]}"
            raise ContentError(msg, file=board.file, item="islands", field="market")


def _check_channels(board: BoardFile, areas: set[str], seen: dict[str, str]) -> None:
    numbers: set[int] = set()
    for channel in board.channels:
        a, b = channel.areas
        for area in (a, b):
            if area not in areas:
                raise ContentError(f"unknown area {area!r}", file=board.file, item=channel.id, field="areas")
        if a == b:
            raise ContentError("a channel joins two different areas", file=board.file, item=channel.id, field="areas")
        if not channel.spaces:
            raise ContentError("a channel has at least one storm space", file=board.file, item=channel.id)
        for number in channel.spaces:
            if number < 1 or number in numbers:
                msg = f"storm number {number} is not positive or is used twice"
                raise ContentError(msg, file=board.file, item=channel.id, field="spaces")
            numbers.add(number)
            _unique_location(f"s{number}", "channels", seen, board.file)


def _check_storm_cards(board: BoardFile) -> None:
    spaces = sorted(n for channel in board.channels for n in channel.spaces)
    cards = board.storm_cards
    if sorted(cards.numbers) != spaces:
        msg = f"the numbered storm cards {sorted(cards.numbers)} must match the storm spaces {spaces}"
        raise ContentError(msg, file=board.file, item="storm_cards", field="numbers")
    total = load_cards().storm_cards
    if cards.blank < 0 or len(cards.numbers) + cards.blank != total:
        msg = f"{len(cards.numbers)} numbered + {cards.blank} blank storm cards; the game has {total}"
        raise ContentError(msg, file=board.file, item="storm_cards", field="blank")


def _check_connected(board: BoardFile) -> None:
    first = board.areas[0].id
    reached = {first}
    todo = [first]
    while todo:
        here = todo.pop()
        for channel in board.channels:
            if here in channel.areas:
                other = channel.areas[1] if channel.areas[0] == here else channel.areas[0]
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
    for area in board.areas:
        if area.id not in reached:
            msg = f"area {area.id!r} cannot be reached from {first!r} even with no storm on the board"
            raise ContentError(msg, file=board.file, item=area.id)


def fish_pieces() -> Tokens:
    """Every fish piece of the game, as a multiset of kinds."""
    return Tokens({f.id: f.count for f in load_fish()})


def board_from_text(text: str, file: str = "<string>") -> BoardFile:
    """Check board TOML given as text (for tests and tools)."""
    return parse_board(parse_toml(text, file=file), file)
