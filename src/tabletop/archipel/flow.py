"""Archipel's round structure: the phase table (`MACHINE`) and the boats' turn order.

The phase table reads as the rulebook's turn (ARC-2 to ARC-7); each step names its rule
(`Step.rule`):

* `setup.deal`: chance deals three face-up cards to every open shop, then to the warehouse.
* `turn.act`: the current player sails, tries to catch fish, uses jerrycans (any boat may
  use its own, ARC-2.6), throws fish overboard, meets other boats, ends the turn or declares
  the season over.
* `turn.expose`: chance decides a face-down fish nobody has seen; `turn.multi` and
  `turn.shark` are the catcher's choices that may follow.
* `harbour.*`: entering (or staying in) a harbour: leak check, deliveries, weather news
  (`harbour.weather` when the player must choose a storm space), equipment (`harbour.dock`,
  where excess cards are handed over or discarded), then the warehouse supplies the emptied
  shop and chance refills the warehouse from the pocket (`harbour.restock`).
* `turn.next`: the next boat clockwise (the kernel's
  [`TurnOrder`][tabletop.kernel.turns.TurnOrder], [`turn_order`][tabletop.archipel.flow.turn_order]),
  or the end of the season.

Every step function works on a [`Work`][tabletop.archipel.flow.Work], the kernel's
[`Builder`][tabletop.kernel.builder.Builder] of the state: one `apply` copies the state in
once, the move and the automatic steps after it change it and move it along the table
([`Work.go`][tabletop.archipel.flow.Work.go]), and it is frozen into the next state once.

The table, as the docs show it:

(`MACHINE.table()`, embedded in the rules page of the docs).
"""

from __future__ import annotations

import functools
from typing import Any, Final

from tabletop.archipel.content.board import Board, board_for
from tabletop.archipel.state import ArchipelState, Boat, Spot, Turn
from tabletop.kernel.bag import Bag
from tabletop.kernel.builder import Builder
from tabletop.kernel.fastattrs import maker
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step
from tabletop.kernel.tokens import Tokens
from tabletop.kernel.turns import TurnOrder

__all__ = ["MACHINE", "Work", "make_boat", "make_turn", "next_turn", "stay", "turn_order"]

MACHINE: Final = PhaseMachine(
    "archipel",
    (
        Phase(
            "setup",
            (
                Step(
                    "deal",
                    Actor.CHANCE,
                    frozenset({"draw"}),
                    ("deal", "turn.act"),
                    "ARC-1.7: three face-up cards for each open shop, then the warehouse.",
                    rule="ARC-1.7",
                ),
            ),
        ),
        Phase(
            "turn",
            (
                Step(
                    "act",
                    Actor.PLAYER,
                    frozenset({"sail", "catch", "refuel", "throw", "give", "take", "end-turn", "stay", "over"}),
                    ("act", "expose", "multi", "shark", "harbour.arrive", "next", "end.over"),
                    "ARC-2, ARC-3, ARC-5.3, ARC-6: sail, catch, refuel, meet, end the turn.",
                    rule="ARC-2.2",
                ),
                Step(
                    "expose",
                    Actor.CHANCE,
                    frozenset({"expose"}),
                    ("act", "multi", "shark"),
                    "ARC-3.2: a face-down fish nobody has seen is exposed.",
                    rule="ARC-3.2",
                ),
                Step(
                    "multi",
                    Actor.PLAYER,
                    frozenset({"multi"}),
                    ("act",),
                    "ARC-3.3: use multicolour bait or not.",
                    rule="ARC-3.3",
                ),
                Step(
                    "shark",
                    Actor.PLAYER,
                    frozenset({"feed"}),
                    ("act",),
                    "ARC-3.4: the bait the shark eats.",
                    rule="ARC-3.4",
                ),
                Step(
                    "next",
                    Actor.AUTO,
                    then=("act", "end.over"),
                    doc="ARC-2.1, ARC-7.5, ARC-7.6: the next boat.",
                    rule="ARC-2.1",
                ),
            ),
        ),
        Phase(
            "harbour",
            (
                Step(
                    "arrive",
                    Actor.AUTO,
                    then=("news",),
                    doc="ARC-4.1, ARC-4.2: shop cards, leaks, deliveries.",
                    rule="ARC-4.1",
                ),
                Step(
                    "news",
                    Actor.AUTO,
                    then=("weather", "stow"),
                    doc="ARC-4.3, ARC-4.4: weather news.",
                    rule="ARC-4.3",
                ),
                Step(
                    "weather",
                    Actor.PLAYER,
                    frozenset({"place", "calm"}),
                    ("news",),
                    "ARC-4.3, ARC-4.4: where a blank storm goes, which storm good weather removes.",
                    rule="ARC-4.3",
                ),
                Step(
                    "stow",
                    Actor.AUTO,
                    then=("dock",),
                    doc="ARC-4.5: the cards become equipment, four at most.",
                    rule="ARC-4.5",
                ),
                Step(
                    "dock",
                    Actor.PLAYER,
                    frozenset({"discard", "refuel", "throw", "give", "take", "done", "over"}),
                    ("stow", "supply", "end.over"),
                    "ARC-4.7, ARC-4.8, ARC-6.1: excess cards, meetings, the end of the turn.",
                    rule="ARC-4.7",
                ),
                Step(
                    "supply",
                    Actor.AUTO,
                    then=("restock", "turn.next"),
                    doc="ARC-4.9, ARC-4.10: refill the shop.",
                    rule="ARC-4.9",
                ),
                Step(
                    "restock",
                    Actor.CHANCE,
                    frozenset({"draw"}),
                    ("restock", "turn.next"),
                    "ARC-4.9: the warehouse is refilled from the pocket.",
                    rule="ARC-4.9",
                ),
            ),
        ),
        Phase("end", (Step("over", Actor.END, doc="ARC-7: the season is over.", rule="ARC-7.1"),)),
    ),
    start="setup.deal",
)
"""The phase table: every step Archipel runs, with its rule."""


make_boat: Final = maker(Boat)
"""`Boat(colour, home, at, fuel, fish, cards)`, every field given in order, without the generated
`__init__`'s calls (every sail moves a boat)."""
make_turn: Final = maker(Turn)
"""`Turn(may_catch, shop, weather, gifts, sailed)`, every field given in order (a sail or an arrival sets
one or two of them)."""


@functools.cache
def turn_order(seats: int) -> TurnOrder:
    """ARC-2.1: play around a table of `seats` boats goes clockwise (one kernel
    [`TurnOrder`][tabletop.kernel.turns.TurnOrder] per table size, shared)."""
    return TurnOrder(seats)


def next_turn(flow: Flow, seats: int) -> tuple[int, int]:
    """The turn order (ARC-2.1): the seat after `flow.player` clockwise by the kernel's
    [`TurnOrder`][tabletop.kernel.turns.TurnOrder], and its round.

    A new round starts when play comes back to the first player.
    """
    player = turn_order(seats).next(flow.player)
    return player, flow.round + (player == flow.first_player)


def stay(flow: Flow) -> str:
    """Where a move that does not end its step leads: back to `turn.act`, or from the quay
    (`harbour.dock`) to stowing the cards again (ARC-4.5)."""
    return "act" if flow.step == "act" else "stow"


class Work(Builder[ArchipelState], state=ArchipelState):
    """The next Archipel state while one `apply` works it out: the kernel's
    [`Builder`][tabletop.kernel.builder.Builder] of
    [`ArchipelState`][tabletop.archipel.state.ArchipelState].

    `apply` copies the state into a `Work` once; the move's handler and the automatic steps
    that follow change its fields in place (each field a new immutable value) and
    [`go`][tabletop.archipel.flow.Work.go] moves it along the phase table; `freeze()` builds
    the new state once at the end. The copying and freezing are generated from the state
    class's fields; the annotations below only tell the type checker what they are.
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

    def go(self, target: str, *, round: int | None = None, player: int | None = None, **changes: Any) -> None:
        """Move to step `target` of the phase table (optionally changing the round and the
        current player) and set the other fields `changes`: `MACHINE.go` on a builder.

        Raises:
            GameDefinitionError: If the table does not declare that transition.
        """
        if round is None and player is None:  # most moves: no keywords for `goto` to match
            self.flow = MACHINE.goto(self.flow, target)
        else:
            self.flow = MACHINE.goto(self.flow, target, round=round, player=player)
        for name, value in changes.items():
            setattr(self, name, value)

    @property
    def map(self) -> Board:
        """The board this game is played on."""
        return board_for(self.board)

    @property
    def boat(self) -> Boat:
        """The current player's boat."""
        return self.boats[self.flow.player]

    def set_boat(self, seat: int, boat: Boat) -> None:
        """Put `boat` in seat `seat`."""
        boats = list(self.boats)
        boats[seat] = boat
        self.boats = tuple(boats)

    def seat_of(self, colour: str) -> int:
        """The seat of the boat of `colour` (a legal move names a boat in the game)."""
        return next(i for i, b in enumerate(self.boats) if b.colour == colour)

    @property
    def position(self) -> ArchipelState:
        """This work read through the state's read-only helpers (`orders`, `dealing_to`...):
        a `Work` has every field of the state, so they read it as they read a state."""
        return self  # type: ignore[return-value]
