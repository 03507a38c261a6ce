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
- `choose take apple,lemon` — a decision inside a card's effect, one typed move per kind of
  decision (see [`Choose`][tabletop.spolka_zoo.moves.Choose]): `choose take apple,lemon`
  ([`Take`][tabletop.spolka_zoo.moves.Take]), `choose discard lemon`, `choose add apple>lemon`
  (an apple onto the lemon board), `choose price apple`, `choose buy apple`,
  `choose sell apple`, `choose move apple>lemon` (a share), `choose swap apple>lemon` (a
  fruit for one from the warehouse), `choose seat 2`, `choose look apple`,
  `choose deck apple>lemon` (the top card), `choose pass`
- `done` — end (or decline) the action, the window, the abilities
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final, cast

import attrs

from tabletop.kernel.errors import NotationError
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FRUITS, TOKENS

__all__ = [
    "Add",
    "Arrange",
    "Buy",
    "Choose",
    "Discard",
    "Done",
    "Draw",
    "Hire",
    "Lobby",
    "LookAt",
    "MoveShare",
    "MoveTop",
    "Order",
    "Pass",
    "Pick",
    "PlayIntrigue",
    "Price",
    "Sell",
    "Speculate",
    "Swap",
    "Take",
    "Target",
    "Trade",
    "UseHelper",
    "parse",
    "parse_choice",
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


class _ChoiceClass(type):
    """Lets `Choose("take apple,lemon")`, the old string form, build the typed move; its subclasses are
    made by `_TypedChoiceClass`, which builds them as any class is built."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> Any:
        if mcls is _ChoiceClass and any(isinstance(base, _ChoiceClass) for base in bases):
            mcls = _TypedChoiceClass  # a typed choice: no Python `__call__` per move built
        return super().__new__(mcls, name, bases, namespace, **kwargs)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls is Choose:
            if len(args) != 1 or kwargs or not isinstance(args[0], str):
                msg = "Choose(option) takes the option's text, e.g. Choose('take apple,lemon')"
                raise TypeError(msg)
            return parse_choice(args[0])
        return super().__call__(*args, **kwargs)


class _TypedChoiceClass(_ChoiceClass):
    """The class of `Choose`'s subclasses (`Take`, `Target`...): building one is the plain type call
    (`type.__call__`, in C), where `_ChoiceClass.__call__`, a Python method unpacking its arguments,
    cost about as much again as the move itself."""

    __call__ = type.__call__


class Choose(Move, metaclass=_ChoiceClass):
    """A decision inside an effect: the base of the typed choice moves, all of kind `choose`.

    Each subclass holds typed values (`Take(Tokens({"apple": 1}))`, `Target(2)`), never a
    text to parse again; `option` is the text after `choose` in the notation. The old form
    `Choose("take apple,lemon")` still works: it parses the option into the typed move.
    """

    __slots__ = ()
    kind: ClassVar[str] = "choose"
    FORMAT: ClassVar[str]
    """The option's text with the move's fields in braces: `"add {fruit}>{company}"`."""

    @property
    def option(self) -> str:
        """The option as text, as in the notation after `choose` (`"take apple,lemon"`)."""
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(self)))
        return self.FORMAT.format_map({field.name: getattr(self, field.name) for field in fields})

    def __str__(self) -> str:
        return f"choose {self.option}"


@attrs.frozen
class Pass(Choose):
    """Decline an offer inside an effect (buy, sell, move or swap): `choose pass`."""

    FORMAT: ClassVar[str] = "pass"


@attrs.frozen
class Take(Choose):
    """Take these fruits from a company board: `choose take apple,lemon`."""

    fruits: Tokens
    FORMAT: ClassVar[str] = "take {fruits}"


@attrs.frozen
class Discard(Choose):
    """Discard these fruits from the pool to the warehouse: `choose discard lemon`."""

    fruits: Tokens
    FORMAT: ClassVar[str] = "discard {fruits}"


@attrs.frozen
class Add(Choose):
    """Put fruit of type `fruit` from the warehouse on the board of `company`: `choose add apple>lemon`."""

    fruit: str
    company: str
    FORMAT: ClassVar[str] = "add {fruit}>{company}"


@attrs.frozen
class Price(Choose):
    """Move the price of this company's shares or of this fruit: `choose price apple`."""

    item: str
    FORMAT: ClassVar[str] = "price {item}"


@attrs.frozen
class Buy(Choose):
    """Accept an offer to buy a share in, or a fruit of, `item`: `choose buy apple`."""

    item: str
    FORMAT: ClassVar[str] = "buy {item}"


@attrs.frozen
class Sell(Choose):
    """Accept an offer to sell a share in, or a fruit of, `item`: `choose sell apple`."""

    item: str
    FORMAT: ClassVar[str] = "sell {item}"


@attrs.frozen
class MoveShare(Choose):
    """Move one of your shares from company `source` to `target`: `choose move apple>lemon`."""

    source: str
    target: str
    FORMAT: ClassVar[str] = "move {source}>{target}"


@attrs.frozen
class Swap(Choose):
    """Exchange a fruit `give` of your pool for a `get` from the warehouse: `choose swap apple>lemon`."""

    give: str
    get: str
    FORMAT: ClassVar[str] = "swap {give}>{get}"


@attrs.frozen
class Target(Choose):
    """Name the seat an effect targets: `choose seat 2`."""

    seat: int
    FORMAT: ClassVar[str] = "seat {seat}"


@attrs.frozen
class LookAt(Choose):
    """Look at the deck of `company`: `choose look apple`."""

    company: str
    FORMAT: ClassVar[str] = "look {company}"


@attrs.frozen
class MoveTop(Choose):
    """Move the top card of the `source` deck onto the `target` deck: `choose deck apple>lemon`."""

    source: str
    target: str
    FORMAT: ClassVar[str] = "deck {source}>{target}"


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


def _tokens(word: str, text: str) -> Tokens:
    try:
        fruits = Tokens.parse(word)
    except ValueError as exc:
        raise _fail(text, str(exc)) from None
    for fruit in fruits:
        _fruit(fruit, text)
    return fruits


def _two(word: str, text: str) -> tuple[str, str]:
    a, sep, b = word.partition(">")
    if not sep:
        raise _fail(text, f"{word!r} is not 'fruit>fruit'")
    return _fruit(a, text), _fruit(b, text)


def _seat(word: str, text: str) -> Target:
    if not word.isdigit():
        raise _fail(text, f"{word!r} is not a seat number")
    return Target(int(word))


_CHOICES: Final[dict[str, Callable[[str, str], Choose]]] = {
    "take": lambda word, text: Take(_tokens(word, text)),
    "discard": lambda word, text: Discard(_tokens(word, text)),
    "add": lambda word, text: Add(*_two(word, text)),
    "price": lambda word, text: Price(_fruit(word, text)),
    "buy": lambda word, text: Buy(_fruit(word, text)),
    "sell": lambda word, text: Sell(_fruit(word, text)),
    "move": lambda word, text: MoveShare(*_two(word, text)),
    "swap": lambda word, text: Swap(*_two(word, text)),
    "seat": _seat,
    "look": lambda word, text: LookAt(_fruit(word, text)),
    "deck": lambda word, text: MoveTop(*_two(word, text)),
}


def _choice(words: list[str], text: str) -> Choose:
    if words == ["pass"]:
        return Pass()
    verb, arg = words[0], " ".join(words[1:])
    if verb not in _CHOICES or not arg:
        raise _fail(text, f"a choice is 'pass' or one of {', '.join(_CHOICES)} with its value")
    return _CHOICES[verb](arg, text)


def parse_choice(option: str) -> Choose:
    """The typed choice move of an option's text (`"take apple,lemon"`, `"pass"`): the
    notation after `choose`.

    Raises:
        NotationError: If `option` is not a choice.
    """
    words = option.split()
    if not words:
        raise _fail(f"choose {option}", "empty")
    return _choice(words, f"choose {option}")


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
        return _choice(rest, text)
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
