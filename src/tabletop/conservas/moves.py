"""Conservas moves: small frozen values with a one-line notation, and the notation parser.

| notation | meaning | rule |
|---|---|---|
| `token sardine` | chance: the token drawn from the sea bag | CON-2.1 |
| `card el-dorado` | chance: the card dealt from a deck | CON-1.5/6/8 |
| `choose el-dorado` | keep this one of the two boats offered | CON-1.5 |
| `place el-dorado water` | put the handful on a card, these stay on board | CON-2.2 |
| `place open-water` | put the handful on the Open Water card | CON-2.4 |
| `redraw sardine` | return a drawn sardine, draw again | CON-6.4 |
| `return water,water` | return these drawn tokens to the bag | CON-6.6 |
| `sell r1c1 sardine,sardine` | sell to a space (paying these) | CON-3.2 |
| `sell r3c1 sardine,scallop leave scallop` | ... leaving a scallop there | CON-3.3 |
| `trade fish-finders sardine,sardine` | pay fish for an upgrade | CON-3.5 |
| `trade ref-grant mussel,sardine leave mussel` | ... leaving one on the card (alias: `keep mussel`) | CON-3.6 |
| `buy pez-limoncello` | buy a face-up boat | CON-3.7 |
| `done` | end On Land | CON-3.9 |
| `keep boats` | keep the boat row (also `keep upgrades`) | CON-4.3/4 |
| `discard boats` | discard the row and deal 3 new | CON-4.3/4 |
| `upkeep quid-pro-pulpo` | pay this boat's upkeep next | CON-4.6 |

Each word says one thing: `leave` names the token left on a market space or on an upgrade
card (the rulebook's words for both), `keep` and `discard` answer the End of Day's row
question. Before, a trade wrote the token the card keeps as `keep mussel`; that notation is
still read, as an alias of `leave mussel`.

Token lists are written as [`Tokens`][tabletop.kernel.tokens.Tokens] prints them
(`sardine,sardine,water`, kinds sorted); the parser also reads `2 sardine, water`.

```pycon
>>> str(Place("el-dorado", Tokens({"sardine": 2})))
'place el-dorado sardine,sardine'
>>> parse_move("sell r3c1 sardine,scallop leave scallop")
Sell(space='r3c1', paid=Tokens({'sardine': 1, 'scallop': 1}), leave='scallop')

```
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar, Final

import attrs

from tabletop.conservas.state import Blank
from tabletop.kernel.errors import NotationError
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens

__all__ = [
    "OPEN_WATER",
    "Buy",
    "Choose",
    "Deal",
    "Done",
    "Draw",
    "Place",
    "Redraw",
    "Return",
    "Row",
    "Sell",
    "Trade",
    "Upkeep",
    "parse_move",
]

OPEN_WATER: Final = "open-water"
"""The id of the Open Water card."""


@attrs.frozen
class Draw(Move):
    """Chance: the token drawn from the sea bag (`token sardine`)."""

    kind: ClassVar[str] = "token"
    token: str

    def __str__(self) -> str:
        return f"token {self.token}"


@attrs.frozen
class Deal(Move):
    """Chance: the card dealt from the top of a deck (`card el-dorado`)."""

    kind: ClassVar[str] = "card"
    card: str

    def __str__(self) -> str:
        return f"card {self.card}"


@attrs.frozen
class Choose(Move):
    """Setup: keep this boat of the two offered (`choose el-dorado`)."""

    kind: ClassVar[str] = "choose"
    boat: str

    def __str__(self) -> str:
        return f"choose {self.boat}"


@attrs.frozen
class Place(Move):
    """At Sea: put the handful on `card`; `kept` stays on the boat, the rest is Deep Sea.

    For the Open Water card `kept` is empty.
    """

    kind: ClassVar[str] = "place"
    card: str
    kept: Tokens = attrs.field(factory=Tokens)

    def __str__(self) -> str:
        if self.card == OPEN_WATER and not self.kept:
            return f"place {OPEN_WATER}"
        return f"place {self.card} {self.kept}"


@attrs.frozen
class Redraw(Move):
    """At Sea: return one drawn token of `token` kind to the bag and draw one more."""

    kind: ClassVar[str] = "redraw"
    token: str

    def __str__(self) -> str:
        return f"redraw {self.token}"


@attrs.frozen
class Return(Move):
    """At Sea: return these drawn tokens to the bag (a `sift` upgrade)."""

    kind: ClassVar[str] = "return"
    tokens: Tokens

    def __str__(self) -> str:
        return f"return {self.tokens}"


@attrs.frozen
class Sell(Move):
    """On Land: sell `paid` (the fish the space needs) to `space`, leaving a `leave` token there."""

    kind: ClassVar[str] = "sell"
    space: str
    paid: Tokens
    leave: str

    def __str__(self) -> str:
        text = f"sell {self.space} {self.paid}"
        if len(self.paid) == 1 and self.leave in self.paid:
            return text
        return f"{text} leave {self.leave}"


@attrs.frozen
class Trade(Move):
    """On Land: pay `paid` fish for the face-up upgrade `card`; `keep` stays on the card
    (`trade ref-grant mussel,sardine leave mussel`; the old `... keep mussel` is read too)."""

    kind: ClassVar[str] = "trade"
    card: str
    paid: Tokens
    keep: str = Blank.NONE

    def __str__(self) -> str:
        text = f"trade {self.card} {self.paid}"
        return f"{text} leave {self.keep}" if self.keep else text


@attrs.frozen
class Buy(Move):
    """On Land: buy the face-up boat `boat` for its price."""

    kind: ClassVar[str] = "buy"
    boat: str

    def __str__(self) -> str:
        return f"buy {self.boat}"


@attrs.frozen
class Done(Move):
    """On Land: end the phase."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class Row(Move):
    """End of Day: keep the `row` (`"boats"` or `"upgrades"`) or discard it and deal 3 new."""

    kind: ClassVar[str] = "row"
    row: str
    discard: bool

    def __str__(self) -> str:
        return f"{'discard' if self.discard else 'keep'} {self.row}"


@attrs.frozen
class Upkeep(Move):
    """End of Day: settle this boat's upkeep next (when the order matters)."""

    kind: ClassVar[str] = "upkeep"
    boat: str

    def __str__(self) -> str:
        return f"upkeep {self.boat}"


_HELP: Final = (
    "try 'token sardine', 'card el-dorado', 'choose el-dorado', 'place el-dorado sardine,water', "
    "'place open-water', 'redraw water', 'return water', 'sell r1c1 sardine,sardine', "
    "'trade fish-finders sardine,sardine', 'buy el-dorado', 'done', 'keep boats', "
    "'discard upgrades', 'upkeep el-dorado'"
)


def _tokens(text: str, whole: str, *, empty: bool = False) -> Tokens:
    try:
        tokens = Tokens.parse(text)
    except ValueError as exc:
        msg = f"bad token list in {whole!r}: {exc}"
        raise NotationError(msg, text=whole) from None
    if not tokens and not empty:
        msg = f"empty token list in {whole!r}"
        raise NotationError(msg, text=whole)
    return tokens


def _tail(words: list[str], key: str, whole: str) -> tuple[str, str]:
    """Split `... <key> <kind>` off the end: (the rest, the kind or "")."""
    if len(words) >= 2 and words[-2] == key:
        return " ".join(words[:-2]), words[-1]
    if key in words:
        msg = f"{key!r} must be followed by one token kind, at the end: {whole!r}"
        raise NotationError(msg, text=whole)
    return " ".join(words), ""


# Reading notation: one reader per move head, each given the words after the head and the whole
# text (for errors); a reader returns None when the words are not that move's shape.

_Reader = Callable[[list[str], str], Move | None]


def _one_word(cls: Callable[[str], Move]) -> _Reader:
    """`<head> <id>`: a move of one argument (`token sardine`, `buy pez-limoncello`)."""
    return lambda args, text: cls(args[0]) if len(args) == 1 else None


def _row(discard: bool) -> _Reader:
    """`keep boats`, `discard upgrades`: the End of Day's row question."""
    return lambda args, text: Row(args[0], discard) if args in (["boats"], ["upgrades"]) else None


def _place(args: list[str], text: str) -> Move | None:
    if args == [OPEN_WATER]:
        return Place(OPEN_WATER)
    return Place(args[0], _tokens(" ".join(args[1:]), text, empty=True)) if len(args) >= 2 else None


def _return(args: list[str], text: str) -> Move | None:
    return Return(_tokens(" ".join(args), text)) if args else None


def _sell(args: list[str], text: str) -> Move | None:
    if len(args) < 2:
        return None
    rest, leave = _tail(args[1:], "leave", text)
    paid = _tokens(rest, text)
    if not leave and len(paid) != 1:
        msg = f"a sale of several kinds names the token left on the space ('... leave scallop'): {text!r}"
        raise NotationError(msg, text=text)
    return Sell(args[0], paid, leave or next(iter(paid)))


def _trade(args: list[str], text: str) -> Move | None:
    if len(args) < 2:
        return None
    rest, keep = _tail(args[1:], "leave", text)
    if not keep:  # the old notation, an alias: 'trade ref-grant mussel,sardine keep mussel'
        rest, keep = _tail(rest.split(), "keep", text)
    return Trade(args[0], _tokens(rest, text), keep)


_READERS: Final[Mapping[str, _Reader]] = {
    **{cls.kind: _one_word(cls) for cls in (Draw, Deal, Choose, Buy, Upkeep, Redraw)},
    "done": lambda args, text: None if args else Done(),
    "keep": _row(discard=False),
    "discard": _row(discard=True),
    "place": _place,
    "return": _return,
    "sell": _sell,
    "trade": _trade,
}
"""The notation's heads (the module docstring's table), each with its reader."""


def parse_move(text: str, state: State | None = None) -> Move:
    """Read move notation (see the module docstring): the first word picks the reader.

    Raises:
        NotationError: If `text` is not a Conservas move.
    """
    words = text.split()
    if not words:
        raise NotationError(f"empty move; {_HELP}", text=text)
    reader = _READERS.get(words[0])
    move = reader(words[1:], text) if reader is not None else None
    if move is None:
        raise NotationError(f"not a Conservas move: {text!r}; {_HELP}", text=text)
    return move


def parse(state: State, text: str) -> Move:
    """The game's parser hook: `parse_move` with the protocol's argument order."""
    return parse_move(text, state)
