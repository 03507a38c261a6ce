"""The Archipel state and its outcome.

Everything on the table is in [`ArchipelState`][tabletop.archipel.state.ArchipelState]: the boats, the fish spots, the
storm spaces, the pocket, shops, warehouse and markets, the cards and fish out of the game, the
fuel supply. The rules live in [`tabletop.archipel.rules`][tabletop.archipel.rules]; this class wires them into the
kernel's protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

import attrs

from tabletop.archipel import queries, refusals, rules, views
from tabletop.archipel.board import HOME, Board, board_for
from tabletop.archipel.pieces import Boat, Spot, Turn
from tabletop.kernel.bag import Bag
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.events import Event
from tabletop.kernel.phases import Flow, PhaseMachine
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens

__all__ = ["ENDINGS", "ArchipelOutcome", "ArchipelState"]

ENDINGS: Final = {
    1: "1: all orders filled, all boats home",
    2: "2: all orders filled, not all boats home",
    3: "3: orders missing",
}
"""The rulebook's three endings (ARC-7.2 to ARC-7.4), as the outcome's summary names them."""
RETURNS: Final = {1: 1.0, 2: 0.5, 3: 0.0}
"""What each ending is worth to every seat (co-operative: everybody shares it)."""


@attrs.frozen
class ArchipelOutcome:
    """How the season ended.

    Attributes:
        ending: 1, 2 or 3, the rulebook's endings (ARC-7.2 to ARC-7.4).
        orders_filled: Fish delivered to the markets in play.
        orders: Fish the markets in play ordered (24; 16 in the short game).
        home: For each boat, whether it is in its own home port.
        ended_by: `"declared"` (ARC-7.1), `"complete"` or `"stranded"` (ARC-7.5), or
            `"idle"` (ARC-7.6).
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
        """The ending and how it came (tallied), orders filled and boats home (averaged)."""
        return {
            "ending": ENDINGS[self.ending],
            "ended by": self.ended_by,
            "orders filled": self.orders_filled,
            "boats home": sum(self.home),
            "rounds": self.rounds,
        }


@attrs.frozen
class ArchipelState(State):
    """An Archipel position.

    Attributes:
        flow: Phase, step, round, current and first player.
        seed: The seed chance is sampled from (`None` in a view).
        chance_count: Chance events so far.
        board: `""` for the reference board, else the path of the board file.
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

    MACHINE: ClassVar[PhaseMachine] = rules.MACHINE

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
        filled, orders = queries.orders(self)
        home = tuple(boat.at == boat.home for boat in self.boats)
        ending = 3 if filled < orders else 1 if all(home) else 2
        return ArchipelOutcome(ending, filled, orders, home, self.ended_by, self.flow.round)

    @property
    def boat(self) -> Boat:
        """The current player's boat."""
        return self.boats[self.flow.player]

    def in_harbour(self, seat: int) -> bool:
        """True when boat `seat` is in a harbour (an island's or a home port)."""
        return self.map.kind[self.boats[seat].at] in queries.HARBOURS

    def is_home(self, seat: int) -> bool:
        """True when boat `seat` is in its own home port."""
        boat = self.boats[seat]
        return boat.at == boat.home and self.map.kind[boat.at] == HOME

    def events(self, move: Move, after: ArchipelState) -> tuple[Event, ...]:
        """What `move` did: the move itself, then what it caused (catches, storms, draws...)."""
        return views.events(self, move, after)

    def _player_moves(self) -> tuple[Move, ...]:
        return rules.player_moves(self)

    def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return rules.chance_outcomes(self)

    def _apply(self, move: Move) -> ArchipelState:
        return rules.apply(self, move)

    def _refusal(self, move: Move) -> IllegalMove:
        return refusals.refusal(self, move) or super()._refusal(move)

    def _view(self, player: int) -> ArchipelState:
        return views.view(self, player)


ArchipelState.AUTO = rules.AUTO
