"""The board as a graph: locations in sea areas, channels of storm spaces between areas.

A boat sails from its location to any location whose sea area it can reach without crossing
a blocked channel (ARC-2.2, ARC-5.1): a channel is blocked only when every one of its storm
spaces is covered. A boat on a storm space sits in that channel and can leave it to either
side; a storm space counts as reachable when either area of its channel is (ARC-5.3: storm
gear takes the boat into the storm).

Reachability depends only on which channels are blocked, so it is computed once per set of
blocked channels and cached; a game's positions share a handful of such sets.

```pycon
>>> board = reference_board()
>>> len(board.islands), len(board.spots), len(board.storm_ids)
(12, 30, 20)
>>> "f29" in board.reachable(("",) * 20, "jade")
True

```
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Final, TypeVar

from tabletop.archipel.content import BoardFile, ChannelDef, HomePortDef, IslandDef, load_board_file
from tabletop.archipel.content.kinds import all_cards
from tabletop.kernel.errors import ContentError
from tabletop.kernel.tokens import Tokens

__all__ = ["DIGEST", "Board", "board_for", "check_board_option", "is_loaded", "load_board", "reference_board"]

SPOT: Final = "spot"
HARBOUR: Final = "harbour"
HOME: Final = "home"
STORM: Final = "storm"
_CACHE_LIMIT: Final = 200_000

T = TypeVar("T")

Targets = tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...]]
"""Reachable locations by kind: fish spot indices, harbour and home port ids, storm space indices."""


class Board:
    """A compiled board: indices, location kinds and cached reachability.

    A state reads it as `state.map`; its by-name accessors (`state.spot("f07")`,
    `state.shop("jade")`...) are the way to read the position.

    Attributes:
        data: The board file it was compiled from.
        source: How states name it (see `source` below).
        name: The board's name.
        islands: The islands (their definitions), in board order.
        homes: The home ports, in seating order.
        channels: The channels, in board order.
        spots: The fish spot ids (`f01`...), in board order.
        island_ids: The island ids, in board order.
        home_ids: The home port ids.
        home_colours: Each home port's colour, by its id.
        storm_ids: The storm space ids (`s1`...), in board order.
        locations: Every location id: fish spots, islands, home ports, storm spaces.
        kind: Each location's kind: `"spot"`, `"harbour"`, `"home"` or `"storm"`.
        orders: What each island's market orders, in board order.
        pagodas: The pagoda islands (out of the short game).
        cards: The 61 square cards of a game on this board.

    Args:
        data: A checked board file.
        source: How states name this board: `""` for the shipped reference board, else
            `sha256:` and the digest of its file.
    """

    def __init__(self, data: BoardFile, source: str) -> None:
        self.data = data
        self.source = source
        self.name = data.name
        self.reference = data.reference
        self.islands: tuple[IslandDef, ...] = data.islands
        self.homes: tuple[HomePortDef, ...] = data.home_ports
        self.channels: tuple[ChannelDef, ...] = data.channels
        self.area_ids = tuple(a.id for a in data.areas)
        area = {a: i for i, a in enumerate(self.area_ids)}
        self.spots = tuple(s.id for s in data.spots)
        self.storm_numbers = tuple(n for c in data.channels for n in c.spaces)
        self.storm_ids = tuple(f"s{n}" for n in self.storm_numbers)
        self.island_ids = tuple(i.id for i in data.islands)
        self.home_ids = tuple(h.id for h in data.home_ports)
        self.home_colours = {h.id: h.colour for h in data.home_ports}
        self.locations = (*self.spots, *self.island_ids, *self.home_ids, *self.storm_ids)
        self.kind: dict[str, str] = {
            **dict.fromkeys(self.spots, SPOT),
            **dict.fromkeys(self.island_ids, HARBOUR),
            **dict.fromkeys(self.home_ids, HOME),
            **dict.fromkeys(self.storm_ids, STORM),
        }
        self.spot_index = {s: i for i, s in enumerate(self.spots)}
        self.island_index = {s: i for i, s in enumerate(self.island_ids)}
        self.storm_index = {s: i for i, s in enumerate(self.storm_ids)}
        self.storm_by_number = {n: i for i, n in enumerate(self.storm_numbers)}
        self.pagodas = frozenset(i.id for i in data.islands if i.pagoda)
        #: What each island's market orders.
        self.orders = tuple(Tokens(list(i.market)) for i in data.islands)
        self.cards: Tokens = all_cards(self.storm_numbers, data.storm_cards.blank)
        channel_spaces: list[tuple[int, ...]] = []
        storm_channel: list[int] = []
        start = 0
        for j, channel in enumerate(data.channels):
            channel_spaces.append(tuple(range(start, start + len(channel.spaces))))
            storm_channel.extend([j] * len(channel.spaces))
            start += len(channel.spaces)
        self.channel_spaces = tuple(channel_spaces)
        self.channel_areas = tuple((area[c.areas[0]], area[c.areas[1]]) for c in data.channels)
        self.storm_channel = tuple(storm_channel)
        self.areas_of: dict[str, tuple[int, ...]] = {}
        for spot in data.spots:
            self.areas_of[spot.id] = (area[spot.area],)
        for island in data.islands:
            self.areas_of[island.id] = (area[island.area],)
        for home in data.home_ports:
            self.areas_of[home.id] = (area[home.area],)
        for sid, j in zip(self.storm_ids, storm_channel, strict=True):
            self.areas_of[sid] = self.channel_areas[j]
        # Each location's areas as a bit mask (bit a: area a), by kind in board order: what
        # `targets` filters by the areas a boat reaches.
        bits = {loc: sum(1 << a for a in set(areas)) for loc, areas in self.areas_of.items()}
        self._spot_bits = tuple(bits[loc] for loc in self.spots)
        self._harbour_bits = tuple((loc, bits[loc]) for loc in (*self.island_ids, *self.home_ids))
        self._storm_bits = tuple(bits[loc] for loc in self.storm_ids)
        self._blocked: dict[tuple[str, ...], int] = {}
        self._blocked_by_cover: dict[tuple[bool, ...], int] = {}
        self._components: dict[int, tuple[int, ...]] = {}
        self._area_reach: dict[int, tuple[int, ...]] = {}
        self._reach: dict[tuple[int, str], tuple[str, ...]] = {}
        self._targets: dict[tuple[int, str], Targets] = {}
        self._in_areas: dict[int, Targets] = {}
        self._from_areas: dict[tuple[int, str], Targets] = {}

    def __repr__(self) -> str:
        return f"<Board {self.name!r}>"

    # Storms and reachability ---------------------------------------------------------------

    def blocked(self, storms: tuple[str, ...]) -> int:
        """The blocked channels as a bit mask (bit j: channel j), given the storm spaces' cards."""
        mask = self._blocked.get(storms)
        if mask is None:
            covered = tuple(map(bool, storms))  # which spaces hold a storm: the cards themselves do not matter
            mask = self._blocked_by_cover.get(covered)
            if mask is None:
                mask = 0
                for j, spaces in enumerate(self.channel_spaces):
                    if all(covered[i] for i in spaces):
                        mask |= 1 << j
                if len(self._blocked_by_cover) > _CACHE_LIMIT:
                    self._blocked_by_cover.clear()
                self._blocked_by_cover[covered] = mask
            if len(self._blocked) > _CACHE_LIMIT:
                self._blocked.clear()
            self._blocked[storms] = mask
        return mask

    def components(self, mask: int) -> tuple[int, ...]:
        """For each area, the id of the group of areas it reaches when `mask` is blocked."""
        found = self._components.get(mask)
        if found is None:
            parent = list(range(len(self.area_ids)))

            def root(a: int) -> int:
                while parent[a] != a:
                    parent[a] = parent[parent[a]]
                    a = parent[a]
                return a

            for j, (a, b) in enumerate(self.channel_areas):
                if not mask >> j & 1:
                    parent[root(a)] = root(b)
            found = tuple(root(a) for a in range(len(self.area_ids)))
            self._components[mask] = found
        return found

    def reachable(self, storms: tuple[str, ...], at: str) -> tuple[str, ...]:
        """Every location a boat at `at` can sail to, in board order (`at` excluded).

        Reachable means: one of the location's areas is connected to one of the boat's
        areas through channels that are not blocked.
        """
        mask = self.blocked(storms)
        key = (mask, at)
        found = self._reach.get(key)
        if found is None:
            comp = self.components(mask)
            mine = {comp[a] for a in self.areas_of[at]}
            found = tuple(
                loc for loc in self.locations if loc != at and any(comp[a] in mine for a in self.areas_of[loc])
            )
            if len(self._reach) > _CACHE_LIMIT:
                self._reach.clear()
            self._reach[key] = found
        return found

    def targets(self, storms: tuple[str, ...], at: str) -> Targets:
        """[`reachable`][tabletop.archipel.content.board.Board.reachable] split by kind: (fish
        spot indices, harbour and home port ids, storm space indices), each in board order."""
        mask = self.blocked(storms)
        key = (mask, at)
        found = self._targets.get(key)
        if found is None:
            reach = self.area_reach(mask)
            areas = 0
            for a in self.areas_of[at]:
                areas |= reach[a]
            found = self._targets_in(areas, at)
            if len(self._targets) > _CACHE_LIMIT:
                self._targets.clear()
            self._targets[key] = found
        return found

    def area_reach(self, mask: int) -> tuple[int, ...]:
        """For each area, the areas it reaches when the channels of `mask` are blocked, as a bit
        mask (bit a: area a)."""
        found = self._area_reach.get(mask)
        if found is None:
            comp = self.components(mask)
            group: dict[int, int] = {}
            for a, c in enumerate(comp):
                group[c] = group.get(c, 0) | 1 << a
            found = self._area_reach[mask] = tuple(group[c] for c in comp)
        return found

    def _targets_in(self, areas: int, at: str) -> Targets:
        """The locations in the areas of the bit mask `areas`, by kind in board order, `at`
        left out: kept by the areas, which many sets of blocked channels share (most leave
        every area connected)."""
        key = (areas, at)
        found = self._from_areas.get(key)
        if found is None:
            every = self._in_areas.get(areas)
            if every is None:
                every = self._in_areas[areas] = (
                    tuple([i for i, bits in enumerate(self._spot_bits) if bits & areas]),
                    tuple([loc for loc, bits in self._harbour_bits if bits & areas]),
                    tuple([i for i, bits in enumerate(self._storm_bits) if bits & areas]),
                )
            spots, harbours, spaces = every
            kind = self.kind[at]
            if kind == SPOT:
                spots = _without(spots, self.spot_index[at])
            elif kind == STORM:
                spaces = _without(spaces, self.storm_index[at])
            else:
                harbours = _without(harbours, at)
            found = (spots, harbours, spaces)
            if len(self._from_areas) > _CACHE_LIMIT:
                self._from_areas.clear()
            self._from_areas[key] = found
        return found

    def can_reach(self, storms: tuple[str, ...], at: str, target: str) -> bool:
        """True when a boat at `at` can sail to `target`."""
        comp = self.components(self.blocked(storms))
        mine = {comp[a] for a in self.areas_of[at]}
        return any(comp[a] in mine for a in self.areas_of[target])


def _without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` (in board order) without `item`, if it is there."""
    if item not in items:
        return items
    i = items.index(item)
    return items[:i] + items[i + 1 :]


_BOARDS: dict[str, Board] = {}


def reference_board() -> Board:
    """The shipped reference archipelago (labelled as such: not the printed board)."""
    return board_for("")


DIGEST: Final = "sha256:"
"""How a board loaded from a file is named in a state: `sha256:` and the file's digest."""


def board_for(name: str) -> Board:
    """The board a state names: `""` for the shipped reference board, else the digest of a
    board file already loaded in this process ([`load_board`][tabletop.archipel.content.board.load_board],
    or `new_game(board=path)`).

    A state never makes the program open a file: a state read from JSON names its board by
    digest, so a path in untrusted JSON is not a board.

    Raises:
        ContentError: Naming the field `board`, if no board of that name is loaded.
    """
    board = _BOARDS.get(name)
    if board is None:
        if name != "":
            msg = f"no board {name!r} is loaded (load its file first: new_game(board=path) or load_board(path))"
            raise ContentError(msg, field="board")
        board = _BOARDS[""] = Board(load_board_file(None), "")
    return board


def load_board(path: str | Path) -> str:
    """Read and check the board file at `path`, keep it for this process, and return its
    name: `sha256:` and the digest of the file (what a state's `board` holds).

    Raises:
        ContentError: Naming the file, item and field, if the file is not a valid board.
    """
    data = load_board_file(Path(path))
    try:
        digest = DIGEST + hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    if digest not in _BOARDS:
        _BOARDS[digest] = Board(data, digest)
    return digest


def is_loaded(name: str) -> bool:
    """True when `name` is `""` or the digest of a board loaded in this process."""
    return name == "" or name in _BOARDS


def check_board_option(value: object) -> str:
    """The canonical value of the `board` option: `""`, or the digest of a valid board file.

    The option takes the path of a board file (the caller's own choice: it is opened), or
    the digest of a board already loaded (as a state names it).

    Raises:
        ValueError: Naming the option, if the value is not a path or text.
        ContentError: Naming the file, item and field, if the file is not a valid board.
    """
    if value is None or value == "":
        return ""
    if not isinstance(value, str | Path):
        msg = f"option 'board' must be a path to a board file; got {value!r}"
        raise ValueError(msg)
    if isinstance(value, str) and value.startswith(DIGEST) and value in _BOARDS:
        return value
    return load_board(value)
