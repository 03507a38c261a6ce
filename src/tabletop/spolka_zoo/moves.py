"""Spółka ZOO moves and their notation.

- `board lemon,apple,pineapple` — chance: the company boards' order, left to right
- `draw inf-apple` — chance: the card drawn or revealed
- `pick share` — choose an action token secretly
- `buy share apple` / `sell share apple` — a share transaction (share trading)
- `buy fruit lemon` / `sell fruit lemon` — a fruit transaction with the warehouse
- `buy fruit lemon from 2` — buy a fruit from seat 2's pool (price + 2 to them)
- `hire h-owl` — hire a helper from the market
- `lobby inf-apple lemon` — lobby: a face-up influence card into a deck
- `speculate apple` — speculation on a company deck
- `arrange a,b,c` / `arrange a,b bottom c lemon` / `arrange a,b remove c` — put looked-at cards back (top card
  first), one maybe to the bottom of a deck or out of the game
- `intrigue int-windfall` — play an intrigue card
- `use h-fox` — use a helper's ability after a token
- `choose take apple,lemon` — a decision inside a card's effect
- `done` — end (or decline) the action, the window, the abilities
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from tabletop.kernel.errors import NotationError
from tabletop.kernel.protocol import Move, State
from tabletop.spolka_zoo.content import FRUITS, TOKENS

__all__ = [
    "Arrange",
    "Choose",
    "Done",
    "Draw",
    "Hire",
    "Lobby",
    "Order",
    "Pick",
    "PlayIntrigue",
    "Speculate",
    "Trade",
    "UseHelper",
    "parse",
]


@attrs.frozen
class Order(Move):
    """Chance: the order of the company boards, left to right."""

    kind: ClassVar[str] = "order"
    companies: tuple[str, ...]

    def __str__(self) -> str:
        return f"board {','.join(self.companies)}"


@attrs.frozen
class Draw(Move):
    """Chance: the card drawn, revealed or dealt."""

    kind: ClassVar[str] = "draw"
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Pick(Move):
    """Choose an action token secretly."""

    kind: ClassVar[str] = "pick"
    token: str

    def __str__(self) -> str:
        return f"pick {self.token}"


@attrs.frozen
class Trade(Move):
    """One transaction of share trading (`what="share"`) or fruit trading (`"fruit"`).

    `seller` is the seat a fruit is bought from (-1: the warehouse or the bank).
    """

    kind: ClassVar[str] = "trade"
    op: str
    what: str
    item: str
    seller: int = -1

    def __str__(self) -> str:
        text = f"{self.op} {self.what} {self.item}"
        return f"{text} from {self.seller}" if self.seller >= 0 else text


@attrs.frozen
class Hire(Move):
    """Hire a helper from the market."""

    kind: ClassVar[str] = "hire"
    card: str

    def __str__(self) -> str:
        return f"hire {self.card}"


@attrs.frozen
class Lobby(Move):
    """Lobbying: shuffle a face-up influence card into a company deck."""

    kind: ClassVar[str] = "lobby"
    card: str
    company: str

    def __str__(self) -> str:
        return f"lobby {self.card} {self.company}"


@attrs.frozen
class Speculate(Move):
    """Speculation on a company deck."""

    kind: ClassVar[str] = "speculate"
    company: str

    def __str__(self) -> str:
        return f"speculate {self.company}"


@attrs.frozen
class Arrange(Move):
    """Put looked-at cards back: `top` on the deck (top card first); `moved` to the
    bottom of the deck `to` or, with `to="remove"`, out of the game."""

    kind: ClassVar[str] = "arrange"
    top: tuple[str, ...]
    moved: str = ""
    to: str = ""

    def __str__(self) -> str:
        text = f"arrange {','.join(self.top) or '-'}"
        if not self.moved:
            return text
        if self.to == "remove":
            return f"{text} remove {self.moved}"
        return f"{text} bottom {self.moved} {self.to}"


@attrs.frozen
class PlayIntrigue(Move):
    """Play an intrigue card from the hand."""

    kind: ClassVar[str] = "intrigue"
    card: str

    def __str__(self) -> str:
        return f"intrigue {self.card}"


@attrs.frozen
class UseHelper(Move):
    """Use a helper's ability after resolving a token."""

    kind: ClassVar[str] = "ability"
    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@attrs.frozen
class Choose(Move):
    """A decision inside an effect: `take apple,lemon`, `buy apple`, `pass`, `seat 2`..."""

    kind: ClassVar[str] = "choose"
    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@attrs.frozen
class Done(Move):
    """End the current action (declining it if nothing was done), window or abilities."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


_HELP: Final = "try 'pick share', 'buy share apple', 'hire h-owl', 'lobby inf-apple lemon', 'choose pass', 'done'"


def _fail(text: str, why: str = "") -> NotationError:
    extra = f" ({why})" if why else ""
    return NotationError(f"not a Spółka ZOO move: {text!r}{extra}; {_HELP}", text=text)


def _fruit(word: str, text: str) -> str:
    if word not in FRUITS:
        raise _fail(text, f"{word!r} is not a company or fruit")
    return word


def _card(word: str, text: str) -> str:
    if not word or any(ch in word for ch in ",>") or word == "-":
        raise _fail(text, f"{word!r} is not a card id")
    return word


def _arrange(words: list[str], text: str) -> Arrange:
    if len(words) < 2:
        raise _fail(text)
    top = () if words[1] == "-" else tuple(_card(w, text) for w in words[1].split(","))
    rest = words[2:]
    if not rest:
        return Arrange(top)
    if len(rest) == 2 and rest[0] == "remove":
        return Arrange(top, _card(rest[1], text), "remove")
    if len(rest) == 3 and rest[0] == "bottom":
        return Arrange(top, _card(rest[1], text), _fruit(rest[2], text))
    raise _fail(text)


def _trade(words: list[str], text: str) -> Trade:
    if len(words) not in (3, 5) or words[0] not in ("buy", "sell") or words[1] not in ("share", "fruit"):
        raise _fail(text)
    item = _fruit(words[2], text)
    if len(words) == 3:
        return Trade(words[0], words[1], item)
    if words[3] != "from" or not words[4].isdigit() or words[:2] != ["buy", "fruit"]:
        raise _fail(text, "only a fruit can be bought 'from' a seat")
    return Trade("buy", "fruit", item, int(words[4]))


def parse(state: State, text: str) -> Move:
    """Read the notation of any Spółka ZOO move (see the module docstring).

    Raises:
        NotationError: If `text` is not a move.
    """
    words = text.split()
    if not words:
        raise _fail(text, "empty")
    head, rest = words[0], words[1:]
    if head == "done" and not rest:
        return Done()
    if head == "choose" and rest:
        return Choose(" ".join(rest))
    if head in ("buy", "sell"):
        return _trade(words, text)
    if head == "arrange":
        return _arrange(words, text)
    if len(rest) == 1:
        arg = rest[0]
        if head == "board":
            companies = tuple(arg.split(","))
            if sorted(companies) != sorted(FRUITS):
                raise _fail(text, "the board order names each company once")
            return Order(companies)
        if head == "pick":
            if arg not in TOKENS:
                raise _fail(text, f"tokens are {', '.join(TOKENS)}")
            return Pick(arg)
        simple = {"draw": Draw, "hire": Hire, "intrigue": PlayIntrigue, "use": UseHelper}
        if head in simple:
            return simple[head](_card(arg, text))
        if head == "speculate":
            return Speculate(_fruit(arg, text))
    if head == "lobby" and len(rest) == 2:
        return Lobby(_card(rest[0], text), _fruit(rest[1], text))
    raise _fail(text)
