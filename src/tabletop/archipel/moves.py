"""Archipel's moves and their one-line notation.

- `sail f07` — sail to a location for one fuel (ARC-2.3): a fish spot `fNN`, an island's harbour (its id), a home
  port `home-red`, a storm space `sN` (with storm gear: clear that storm, ARC-5.3)
- `catch` — try to catch the fish where the boat is (ARC-3.1)
- `use bait-multi` — catch the exposed fish with multicolour bait (ARC-3.3)
- `release` — let it swim and keep the multicolour bait (ARC-3.3)
- `feed bait-red` — the shark eats this bait (ARC-3.4)
- `refuel jerrycan-blue` — fill the tank with a jerrycan (ARC-2.6, ARC-4.6)
- `refuel red with jerrycan-blue` — the red boat fills its tank with its jerrycan, on any player's turn (ARC-2.6: "at
  any time")
- `throw blue` — throw a fish overboard (ARC-3.6)
- `give fuel to red` — hand one item to the red boat on the same location (ARC-6.1); items: `fuel`, `fish-blue`, a
  card (`bait-red`)
- `take bait-red from red` — take one item from the red boat on the same location (ARC-6.1)
- `place s7` — put a blank storm card on storm space 7 (ARC-4.3)
- `calm s7` — good weather: remove the storm on space 7 (ARC-4.4)
- `discard bait-red` — remove a card beyond the four a boat holds (ARC-4.7)
- `end turn` — end the turn at sea or in a home port and stay there until the next turn (ARC-2.5)
- `stay` — instead of moving, stay in the island's harbour where the last turn ended, which takes
  its shop's cards: the harbour sequence runs as on arrival (ARC-2.7)
- `done` — done on the quay after a harbour visit: the turn is over (ARC-4.8)
- `end` — **alias**, read with the state: whichever of `end turn`, `stay` and `done` the step and
  the boat's location call for (the one word recorded games and scenarios used before the three
  had names of their own); see [`End`][tabletop.archipel.moves.End]
- `season over` — declare the season over (ARC-7.1)
- `draw bait-red` — chance: the card drawn from the pocket (ARC-1.7, ARC-4.9)
- `fish shark` — chance: the fish a face-down piece turns out to be (ARC-3.2)

Moves with the same arguments are the same object (interned), so legal-move sets are cheap.

```pycon
>>> str(Sail("f07")), parse_move(None, "give fuel to red")
('sail f07', Give(item='fuel', boat='red'))

```
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, TypeVar

import attrs

from tabletop.archipel.content.board import HARBOUR
from tabletop.archipel.state import ArchipelState
from tabletop.kernel.errors import NotationError
from tabletop.kernel.fastattrs import remember
from tabletop.kernel.protocol import Move

__all__ = [
    "CATCH",
    "DONE",
    "END",
    "END_TURN",
    "FISH_ITEM",
    "FUEL",
    "OVER",
    "RELEASE",
    "STAY",
    "USE_MULTI",
    "Calm",
    "Catch",
    "Discard",
    "Done",
    "Draw",
    "End",
    "EndTurn",
    "Expose",
    "Feed",
    "Give",
    "MultiChoice",
    "Over",
    "Place",
    "Refuel",
    "Sail",
    "Stay",
    "Take",
    "Throw",
    "parse_move",
]


@attrs.frozen(cache_hash=True)
class Sail(Move):
    """Sail to the location `to` for one fuel."""

    kind: ClassVar[str] = "sail"
    to: str

    def __str__(self) -> str:
        return f"sail {self.to}"


@attrs.frozen(cache_hash=True)
class Catch(Move):
    """Try to catch the fish where the boat is."""

    kind: ClassVar[str] = "catch"

    def __str__(self) -> str:
        return "catch"


@attrs.frozen(cache_hash=True)
class MultiChoice(Move):
    """With multicolour bait only: catch the exposed fish with it (`use`) or let it swim."""

    kind: ClassVar[str] = "multi"
    use: bool

    def __str__(self) -> str:
        return "use bait-multi" if self.use else "release"


@attrs.frozen(cache_hash=True)
class Feed(Move):
    """The shark eats this bait (the player's choice)."""

    kind: ClassVar[str] = "feed"
    bait: str

    def __str__(self) -> str:
        return f"feed {self.bait}"


@attrs.frozen(cache_hash=True)
class Refuel(Move):
    """Fill a tank to five with this jerrycan.

    Attributes:
        can: The jerrycan (`jerrycan-blue` or `jerrycan-red`).
        boat: The colour of the boat that uses its own jerrycan, or `""` for the current
            player's boat. A jerrycan "can be used at any time" (ARC-2.6, ARC-4.6), so another
            boat may fill its tank during the current player's turn, for example to hand fuel
            to a visitor that arrived with its last marker.
    """

    kind: ClassVar[str] = "refuel"
    can: str
    boat: str = ""

    def __str__(self) -> str:
        if self.boat:
            return f"refuel {self.boat} with {self.can}"
        return f"refuel {self.can}"


@attrs.frozen(cache_hash=True)
class Throw(Move):
    """Throw a fish of this colour overboard (it leaves the game)."""

    kind: ClassVar[str] = "throw"
    fish: str

    def __str__(self) -> str:
        return f"throw {self.fish}"


@attrs.frozen(cache_hash=True)
class Give(Move):
    """Hand one item (`fuel`, `fish-<colour>` or a card) to the boat of colour `boat`."""

    kind: ClassVar[str] = "give"
    item: str
    boat: str

    def __str__(self) -> str:
        return f"give {self.item} to {self.boat}"


@attrs.frozen(cache_hash=True)
class Take(Move):
    """Take one item (`fuel`, `fish-<colour>` or a card) from the boat of colour `boat`."""

    kind: ClassVar[str] = "take"
    item: str
    boat: str

    def __str__(self) -> str:
        return f"take {self.item} from {self.boat}"


@attrs.frozen(cache_hash=True)
class Place(Move):
    """Put a blank storm card on the free storm space `space`."""

    kind: ClassVar[str] = "place"
    space: str

    def __str__(self) -> str:
        return f"place {self.space}"


@attrs.frozen(cache_hash=True)
class Calm(Move):
    """Good weather: remove the storm card on `space` from the game."""

    kind: ClassVar[str] = "calm"
    space: str

    def __str__(self) -> str:
        return f"calm {self.space}"


@attrs.frozen(cache_hash=True)
class Discard(Move):
    """Remove one card of this kind from the game (a boat holds at most four)."""

    kind: ClassVar[str] = "discard"
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(cache_hash=True)
class EndTurn(Move):
    """End the turn at sea or in a home port, staying there until the next turn (ARC-2.5).

    Legal in `turn.act` anywhere but an island's harbour (there the boat `stay`s instead,
    ARC-2.7); the next boat plays.
    """

    kind: ClassVar[str] = "end-turn"

    def __str__(self) -> str:
        return "end turn"


@attrs.frozen(cache_hash=True)
class Stay(Move):
    """Stay in the island's harbour where the last turn ended instead of moving (ARC-2.7).

    Legal in `turn.act` in an island's harbour. It takes no fuel, but the boat must take that
    shop's cards: the harbour sequence runs as on arrival (ARC-4).
    """

    kind: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "stay"


@attrs.frozen(cache_hash=True)
class Done(Move):
    """Done on the quay: the turn in the harbour is over (ARC-4.8).

    Legal in `harbour.dock` once no card beyond four waits (ARC-4.7); the warehouse supplies
    the emptied shop (ARC-4.9) and the next boat plays.
    """

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


class End:
    """The alias `end`: the one word for [`EndTurn`][tabletop.archipel.moves.EndTurn],
    [`Stay`][tabletop.archipel.moves.Stay] and [`Done`][tabletop.archipel.moves.Done] that
    the notation had before the three got names of their own (issue 16). Not a move:
    [`End.resolve`][tabletop.archipel.moves.End.resolve] (and `parse_move` for the text `end`)
    gives the move the alias stands for in a state, so recorded games and scenarios that say
    `end` keep reading.

    ```pycon
    >>> from tabletop.archipel import new_game
    >>> End.resolve(new_game(seed=1))
    EndTurn()

    ```
    """

    NOTATION: ClassVar[str] = "end"
    """The alias's notation."""

    @staticmethod
    def resolve(state: object) -> Move:
        """The move `end` stands for in `state`: `done` on the quay (`harbour.dock`), `stay`
        in `turn.act` in an island's harbour, `end turn` anywhere else (and without an
        Archipel state: the move is then checked against the state it is applied to)."""
        if not isinstance(state, ArchipelState):
            return END_TURN
        step = state.flow.step
        if step == "dock":
            return DONE
        if step == "act" and state.map.kind[state.boats[state.flow.player].at] == HARBOUR:
            return STAY
        return END_TURN


@attrs.frozen(cache_hash=True)
class Over(Move):
    """Declare the season over: the game ends and the ending is read off the board."""

    kind: ClassVar[str] = "over"

    def __str__(self) -> str:
        return "season over"


@attrs.frozen(cache_hash=True)
class Draw(Move):
    """Chance: the card drawn from the pocket."""

    kind: ClassVar[str] = "draw"
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen(cache_hash=True)
class Expose(Move):
    """Chance: what a face-down fish nobody has seen turns out to be."""

    kind: ClassVar[str] = "expose"
    fish: str

    def __str__(self) -> str:
        return f"fish {self.fish}"


FUEL: Final = "fuel"
"""The item `fuel` of `give`/`take`: one fuel marker."""
FISH_ITEM: Final = "fish-"
"""The prefix of a fish item of `give`/`take` (`fish-blue`)."""

CATCH: Final = Catch()
END_TURN: Final = EndTurn()
"""`end turn`: the turn ends at sea or in a home port (ARC-2.5)."""
STAY: Final = Stay()
"""`stay`: the boat stays in an island's harbour and takes its shop's cards (ARC-2.7)."""
DONE: Final = Done()
"""`done`: the turn on the quay is over (ARC-4.8)."""
END: Final = END_TURN
"""Old name of [`END_TURN`][tabletop.archipel.moves.END_TURN], kept importable."""
OVER: Final = Over()
USE_MULTI: Final = MultiChoice(True)
RELEASE: Final = MultiChoice(False)

M = TypeVar("M", bound=Move)
_INTERNED: dict[tuple[Any, ...], Move] = {}
MAX_INTERNED: Final = 16_384
"""Moves kept in `_INTERNED` at most. The game's own moves are a few thousand; texts read from users
(`parse_move("sail X")` for any word X) would otherwise grow the table without end, so a full table
is emptied and fills again (`kernel.fastattrs.remember`; moves compare by value, so a move built
again is equal to the one forgotten)."""


def intern(cls: type[M], *args: str) -> M:
    """The one instance of `cls(*args)` (moves are values; sharing them makes sets cheap)."""
    key = (cls, *args)
    move = _INTERNED.get(key)  # one dict lookup: cheaper than building and hashing a new move
    if move is None:
        made: Move = cls(*args)
        move = remember(_INTERNED, key, made, MAX_INTERNED)
    return move  # type: ignore[return-value]


_ONE_WORD: Final[dict[str, Move]] = {"catch": CATCH, "stay": STAY, "done": DONE, "release": RELEASE}
_ONE_ARG: Final[dict[str, type[Move]]] = {
    "sail": Sail,
    "feed": Feed,
    "refuel": Refuel,
    "throw": Throw,
    "place": Place,
    "calm": Calm,
    "discard": Discard,
    "draw": Draw,
    "fish": Expose,
}
_HELP: Final = (
    "try 'sail f07', 'catch', 'use bait-multi', 'release', 'feed bait-red', 'refuel jerrycan-blue', "
    "'refuel red with jerrycan-blue', 'throw blue', 'give fuel to red', 'take bait-red from red', "
    "'place s7', 'calm s7', 'discard bait-red', 'end turn', 'stay', 'done', 'season over', 'draw bait-red', "
    "'fish shark'"
)


def parse_move(state: object, text: str) -> Move:
    """Read Archipel move notation.

    The notation is context-free but for the alias `end`, which reads as `end turn`, `stay`
    or `done` by the `state`'s step and the boat's location (see
    [`End`][tabletop.archipel.moves.End]); every other text needs no state.

    Raises:
        NotationError: If `text` is not the notation of an Archipel move.
    """
    words = text.split()
    if len(words) == 1 and words[0] in _ONE_WORD:
        return _ONE_WORD[words[0]]
    if words == ["season", "over"]:
        return OVER
    if words == ["end", "turn"]:
        return END_TURN
    if words == [End.NOTATION]:
        return End.resolve(state)
    if words == ["use", "bait-multi"]:
        return USE_MULTI
    if len(words) == 2 and words[0] in _ONE_ARG:
        return intern(_ONE_ARG[words[0]], words[1])
    if len(words) == 4 and words[0] == "give" and words[2] == "to":
        return intern(Give, words[1], words[3])
    if len(words) == 4 and words[0] == "refuel" and words[2] == "with":
        return intern(Refuel, words[3], words[1])
    if len(words) == 4 and words[0] == "take" and words[2] == "from":
        return intern(Take, words[1], words[3])
    msg = f"not an Archipel move: {text!r} ({_HELP})"
    raise NotationError(msg, text=text)
