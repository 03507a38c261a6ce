"""The Archipel state and its parts: data only, with read-only questions about a position.

Everything on the table is in [`ArchipelState`][tabletop.archipel.state.ArchipelState]: the boats, the fish spots, the
storm spaces, the pocket, shops, warehouse and markets, the cards and fish out of the game, the fuel supply. The rules
are given to the class once, in [`tabletop.archipel`][tabletop.archipel] (`ArchipelState.bind`); this module imports
only the kernel and the game's content.

Things the rulebook names are read by id: `state.spot("f07")`, `state.storm("s7")`, `state.shop("jade")`,
`state.market("jade")`, `state.order("jade")`, `state.channel(id)`, `state.blocked(id)`, `state.boat_of("red")` (each
boat holds its own fish). The tuples (`spots`, `storms`, `shops`, `markets`) stay in board order for the JSON and the
rules.

The markets' questions (`orders`, `missing`, `supplied_as_far_as_possible`, `boats_safe`) and `HARBOURS` live in
[`tabletop.archipel.content.markets`][tabletop.archipel.content.markets]; they are imported here, so they are still
importable from this module.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import ClassVar, Final

import attrs

from tabletop.archipel.content.board import HOME, Board, board_for
from tabletop.archipel.content.markets import HARBOURS, boats_safe, missing, orders, supplied_as_far_as_possible
from tabletop.kernel.bag import Bag
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import State
from tabletop.kernel.serialize import OPTIONAL
from tabletop.kernel.tokens import Tokens

__all__ = [
    "ANYTIME",
    "DECK",
    "EMPTY",
    "ENDINGS",
    "FUEL_MARKERS",
    "HARBOURS",
    "HOLD",
    "SHOP_SIZE",
    "SUPPLIED",
    "TANK",
    "UNSEEN",
    "ArchipelOutcome",
    "ArchipelState",
    "Boat",
    "Spot",
    "SpotFish",
    "Turn",
    "boats_safe",
    "dealing_to",
    "missing",
    "orders",
    "others_here",
    "supplied_as_far_as_possible",
]

FUEL_MARKERS: Final = 30
"""Fuel markers in the box (ARC-1.4)."""
TANK: Final = 5
"""A full tank (ARC-1.4)."""
HOLD: Final = 3
"""Fish a boat card holds (ARC-3.5)."""
DECK: Final = 4
"""Equipment cards a boat card holds (ARC-4.5)."""
SHOP_SIZE: Final = 3
"""Cards in a shop or the warehouse when supplied (ARC-1.7)."""


class SpotFish(enum.StrEnum):
    """What a fish spot holds when it is not a fish of a known kind: the one set of sentinels.

    The members are strings equal to the values the JSON of a state holds (`""`, `"unseen"`, `"?"`), so
    `spot.fish == SpotFish.UNSEEN` reads a state from any source.
    """

    CAUGHT = ""
    """No piece on the spot: its fish was caught."""
    UNSEEN = "unseen"
    """A face-down fish nobody has seen: its kind is not decided until it is exposed (ARC-1.5)."""
    REMEMBERED = HIDDEN
    """In a seat's view of the memory game only: a face-down fish seen before (ARC-8.3)."""


EMPTY: Final = SpotFish.CAUGHT
"""A fish spot whose fish was caught: no piece on it (`SpotFish.CAUGHT`)."""
UNSEEN: Final = SpotFish.UNSEEN
"""A face-down fish nobody has seen (`SpotFish.UNSEEN`)."""
ANYTIME: Final = "anytime"
"""The `declare` option's default: the players judge when the markets are supplied (ARC-7.1)."""
SUPPLIED: Final = "supplied"
"""The `declare` option's strict value: only once nothing in play can fill an order (ARC-7.1)."""

ENDINGS: Final = {
    1: "1: all orders filled, all boats home",
    2: "2: all orders filled, not all boats home",
    3: "3: orders missing",
}
"""The rulebook's three endings (ARC-7.2 to ARC-7.4), as the outcome's summary names them."""
SEASON_RESULTS: Final = {
    1: "ending 1: all markets supplied, all boats home",
    2: "ending 2: all markets supplied, not all boats home",
    3: "ending 3: not all markets supplied",
}
"""The endings in the rulebook's words ("Game end"), as the outcome's summary tallies them."""
HOW_IT_ENDED: Final = {
    "declared": "the players declared it over",
    "complete": "by itself: every order filled, every boat home",
    "stranded": "by itself: no boat can ever move again",
    "idle": "by itself: the stormy season, rounds without progress",
}
"""How the season came to its end (`ArchipelOutcome.ended_by`), in words."""
RETURNS: Final = {1: 1.0, 2: 0.5, 3: 0.0}
"""What each ending is worth to every seat (co-operative: everybody shares it)."""


# Parts --------------------------------------------------------------------------------------


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
        fish: The fish's kind (`"blue"`, `"shark"`...), or one of the [`SpotFish`][tabletop.archipel.state.SpotFish]
            sentinels: `CAUGHT` (`""`, no piece: it was caught), `UNSEEN` (`"unseen"`, face down, never exposed:
            nobody knows it, and the game has not decided it yet), or in a view of the memory game `REMEMBERED`
            (`"?"`, a face-down fish seen before).
        face_up: True when the piece lies face up (its kind is public).
    """

    fish: str = UNSEEN
    face_up: bool = False

    @property
    def remembered(self) -> bool:
        """True for a face-down fish whose kind the game knows: the memory game's secret (ARC-8.3)."""
        return not self.face_up and self.fish not in (EMPTY, UNSEEN)


@attrs.frozen
class Turn:
    """What the current turn has done so far (reset at each turn).

    Attributes:
        may_catch: The boat may still try to catch the fish where it is: true at the start of a turn (staying
            put) and after each move, false after a try.
        shop: The island whose shop the boat emptied this turn (`""`: none), which the warehouse refills when the
            turn ends.
        weather: The weather card waiting for the current player's choice: `storm-blank` (where it goes),
            `good-weather` (which storm it removes), or a numbered storm whose space a blank storm must leave first.
        gifts: What changed hands at meetings this turn, as `"giver>taker:item"`, so that nothing goes back the way
            it came in the same turn.
        sailed: The boat has sailed this turn. A boat that tries its fish before sailing has stayed "instead of
            moving" (ARC-2.7), so it sails no more this turn.
    """

    may_catch: bool = True
    shop: str = ""
    weather: str = ""
    gifts: frozenset[str] = frozenset()
    sailed: bool = attrs.field(default=False, metadata={OPTIONAL: True})  # absent from texts of before it


@attrs.frozen
class ArchipelOutcome:
    """How the season ended.

    Attributes:
        ending: 1, 2 or 3, the rulebook's endings (ARC-7.2 to ARC-7.4).
        orders_filled: Fish delivered to the markets in play.
        orders: Fish the markets in play ordered (24; 16 in the short game).
        home: For each boat, whether it is in its own home port.
        ended_by: `"declared"` (ARC-7.1), `"complete"` or `"stranded"` (ARC-7.5), or `"idle"` (ARC-7.6).
        rounds: The round in which the season ended.
    """

    ending: int
    orders_filled: int
    orders: int
    home: tuple[bool, ...]
    ended_by: str
    rounds: int

    @property
    def returns(self) -> tuple[float, ...]:
        """1 for ending 1, 0.5 for ending 2, 0 for ending 3, for every seat alike."""
        return (RETURNS[self.ending],) * len(self.home)

    def summary(self) -> Mapping[str, str | int | float]:
        """In words, the ending and how it came (tallied); orders filled, boats home and the last round (averaged)."""
        return {
            "result": SEASON_RESULTS[self.ending],
            "how it ended": HOW_IT_ENDED.get(self.ended_by, self.ended_by),
            "orders filled": self.orders_filled,
            "boats home": sum(self.home),
            "last round": self.rounds,
        }


# The state ----------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class ArchipelState(State):
    """An Archipel position.

    Attributes:
        flow: Phase, step, round, current and first player.
        seed: The seed chance is sampled from (`None` in a view).
        chance_count: Chance events so far.
        board: `""` for the reference board, else `sha256:` and the digest of a board file
            loaded in this process (`new_game(board=path)` loads it).
        memory: Playing the memory game (ARC-8).
        short: Playing the short game (ARC-9).
        idle_rounds: Rounds without progress after which the season ends (ARC-7.6).
        declare: When the season may be declared over (ARC-7.1): `"anytime"` or `"supplied"`.
        boats: One boat per seat.
        spots: The fish spots' pieces, in board order (`f01` is `spots[0]`).
        unseen: The fish not exposed yet: what a face-down `"unseen"` piece may turn out to be.
        storms: The card on each storm space, in board order (`""`: free).
        pocket: The blue pocket (a bag of square cards).
        shops: Each island's shop cards, in board order.
        shut: Islands whose shop carries a 'closed' sign.
        markets: The fish delivered to each island's market, in board order.
        warehouse: The warehouse's cards.
        warehouse_shut: The warehouse carries a 'closed' sign (ARC-4.10).
        bought: Cards just taken from a shop and not yet on the boat card.
        removed: Square cards out of the game (in the box).
        lost: Fish out of the game.
        supply: Fuel markers beside the board.
        turn: What the current turn has done.
        last_progress: The last round with progress (ARC-7.6): a fish exposed, caught or
            delivered, bait or storm gear bought, a storm removed.
        ended_by: How the season ended (`""` while it goes on).
    """

    flow: Flow
    seed: int | None
    chance_count: int
    board: str
    memory: bool
    short: bool
    idle_rounds: int
    declare: str
    boats: tuple[Boat, ...]
    spots: tuple[Spot, ...]
    unseen: Tokens
    storms: tuple[str, ...]
    pocket: Bag
    shops: tuple[Tokens, ...]
    shut: frozenset[str]
    markets: tuple[Tokens, ...]
    warehouse: Tokens
    warehouse_shut: bool
    bought: Tokens
    removed: Tokens
    lost: Tokens
    supply: int
    turn: Turn
    last_progress: int
    ended_by: str
    # The hash is kept (attrs' cache_hash): built states get it cleared like the kernel's caches.
    _CACHES: ClassVar[tuple[str, ...]] = (*State._CACHES, "_attrs_cached_hash")

    @property
    def num_players(self) -> int:
        """One seat per boat."""
        return len(self.boats)

    @property
    def map(self) -> Board:
        """The board this game is played on."""
        return board_for(self.board)

    @property
    def outcome(self) -> ArchipelOutcome | None:
        """`None` until the season is over; then the ending, orders filled and boats home."""
        if not self.ended_by:
            return None
        filled, wanted = orders(self)
        home = tuple(boat.at == boat.home for boat in self.boats)
        ending = 3 if filled < wanted else 1 if all(home) else 2
        return ArchipelOutcome(ending, filled, wanted, home, self.ended_by, self.flow.round)

    @property
    def boat(self) -> Boat:
        """The current player's boat."""
        return self.boats[self.flow.player]

    def _counted(self) -> ArchipelState:
        """Chance events are counted by `rules.apply` in the one state each step builds."""
        return self

    # Read access by name (issue 16) ----------------------------------------------------------

    def spot(self, spot: str) -> Spot:
        """The piece on fish spot `spot` (`"f07"`).

        Raises:
            KeyError: Naming the id, if the board has no such fish spot.
        """
        return self.spots[_index(self.map.spot_index, spot, "fish spot")]

    def storm(self, space: str) -> str:
        """The storm card on storm space `space` (`"s7"`), `""` when it is free."""
        return self.storms[_index(self.map.storm_index, space, "storm space")]

    def shop(self, island: str) -> Tokens:
        """The cards in the shop of `island` (`"jade"`)."""
        return self.shops[_index(self.map.island_index, island, "island")]

    def market(self, island: str) -> Tokens:
        """The fish delivered to the market of `island` so far."""
        return self.markets[_index(self.map.island_index, island, "island")]

    def order(self, island: str) -> Tokens:
        """The fish the market of `island` orders (printed on the board; ARC-4.2)."""
        return self.map.orders[_index(self.map.island_index, island, "island")]

    def channel(self, channel: str) -> dict[str, str]:
        """The storm spaces of `channel` (its id in the board file) with their cards (`""`: free)."""
        board = self.map
        j = _index({c.id: j for j, c in enumerate(board.channels)}, channel, "channel")
        return {board.storm_ids[i]: self.storms[i] for i in board.channel_spaces[j]}

    def blocked(self, channel: str) -> bool:
        """True when every storm space of `channel` is covered (ARC-5.1)."""
        return all(self.channel(channel).values())

    def boat_of(self, colour: str) -> Boat:
        """The boat of `colour` (`"red"`): where it is, its fuel, fish and equipment (`.fish`: its own catch)."""
        return self.boats[self.seat_of(colour)]

    def seat_of(self, colour: str) -> int:
        """The seat of the boat of `colour` (boats are named by colour in notation).

        Raises:
            KeyError: If no boat of this game has that colour.
        """
        for seat, boat in enumerate(self.boats):
            if boat.colour == colour:
                return seat
        colours = ", ".join(b.colour for b in self.boats)
        msg = f"no {colour!r} boat in this game (boats: {colours})"
        raise KeyError(msg)

    def boats_with(self, seat: int, boat: Boat) -> tuple[Boat, ...]:
        """The boats with seat `seat`'s replaced by `boat` (to build the next state)."""
        boats = list(self.boats)
        boats[seat] = boat
        return tuple(boats)

    def in_harbour(self, seat: int) -> bool:
        """True when boat `seat` is in a harbour (an island's or a home port)."""
        return self.map.kind[self.boats[seat].at] in HARBOURS

    def is_home(self, seat: int) -> bool:
        """True when boat `seat` is in its own home port."""
        boat = self.boats[seat]
        return boat.at == boat.home and self.map.kind[boat.at] == HOME


def _index(ids: Mapping[str, int], key: str, what: str) -> int:
    """The position of `key` among the board's ids of a kind, or a `KeyError` naming it."""
    found = ids.get(key)
    if found is None:
        msg = f"no {what} {key!r} on this board (e.g. {', '.join(list(ids)[:8])})"
        raise KeyError(msg)
    return found


# Questions several rules ask ------------------------------------------------------------------


def others_here(s: ArchipelState) -> tuple[int, ...]:
    """The seats of the other boats on the current boat's location (ARC-6.1)."""
    me = s.flow.player
    at = s.boats[me].at
    return tuple(i for i, b in enumerate(s.boats) if i != me and b.at == at)


def dealing_to(s: ArchipelState) -> str:
    """Where the next card drawn goes: an island's shop (its id) or `"warehouse"`."""
    if s.flow.phase == "setup":
        shut = s.shut
        for island, shop in zip(board_for(s.board).island_ids, s.shops, strict=False):
            if shop.total < SHOP_SIZE and island not in shut:
                return island
    return "warehouse"
