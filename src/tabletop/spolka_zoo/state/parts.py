"""The parts of a Spółka ZOO state: the options, the seats, the piles, the token being
resolved, a unit of pending work, and [`Position`][tabletop.spolka_zoo.state.parts.Position],
what every reader of a position (the state and its draft) may ask about seats and shareholders.

Per-company tuples are indexed in the fixed order of
[`FRUITS`][tabletop.spolka_zoo.content.FRUITS] (see [`tabletop.spolka_zoo.state`][tabletop.spolka_zoo.state]).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.fastattrs import blank, cleared_caches, plain_slots, remember, writable_twin
from tabletop.kernel.phases import Flow
from tabletop.kernel.tokens import Tokens
from tabletop.kernel.turns import clockwise
from tabletop.spolka_zoo.content import FRUITS, HELPER_GLORY, HELPERS

__all__ = [
    "FRUIT_INDEX",
    "FRUIT_SUPPLY",
    "FRUIT_TRACK",
    "PILES",
    "ROUNDS",
    "SHARE_TOKENS",
    "SHARE_TRACK",
    "Company",
    "Config",
    "Piles",
    "Position",
    "Seat",
    "Task",
    "Turn",
    "fields_with",
    "piles_with",
]

T = TypeVar("T", bound=attrs.AttrsInstance)

FRUIT_INDEX: Final = {fruit: i for i, fruit in enumerate(FRUITS)}
"""Index of each company/fruit in the per-company tuples."""
SHARE_TOKENS: Final = 8
"""Share tokens per seat."""
FRUIT_SUPPLY: Final = {2: 8, 3: 11, 4: 14, 5: 17}
"""Fruit tokens of each type in the warehouse at setup, by seats (bots included)."""
#: Base price tracks: (lowest, highest) space.
SHARE_TRACK: Final = (1, 10)
FRUIT_TRACK: Final = (1, 5)
#: Rounds in a game.
ROUNDS: Final = 5
_NO_CARDS: Final = Deck()
_NOTHING: Final = Tokens()
PILES: Final = ("influence", "helper_deck", "bot_deck", "event_deck", "goal_box", "intrigue_box")
"""The face-down decks of `Piles`, by field name."""
_majorities: tuple[tuple[Seat, ...], dict[str, int]] = ((), {})
"""`majority` by company for the last seats (by identity) asked about: a company's deck asks once
per card it reveals. The seats are kept alive with the answers. (The first player is no part of
the key: `next_taker`'s answer does not depend on the order the seats are looked at in.)"""
_majorities_before: tuple[tuple[Seat, ...], dict[str, int]] = ((), {})
"""`_majorities` of the seats asked about before the last: the siblings of a search, each a card
revealed from one state, ask about their parent's seats in turn with their own changed seats."""
_ORDERS: Final = {n: tuple(clockwise(n, first) for first in range(n)) for n in range(1, 6)}
"""The kernel's turn orders by seats and first player, looked up on every query about seats."""


@attrs.frozen
class Config:
    """The options of the game (public and constant)."""

    players: int
    bots: int
    modules: tuple[str, ...]
    seating: str
    bot_rule: str
    starting_money: int
    starting_fruits: int
    unowned_cards: str = "ignored"
    empty_board_ties: str = "paid"
    warehouse_fruit: str = "printed"

    @property
    def seats(self) -> int:
        """Players and bots together."""
        return self.players + self.bots

    @property
    def tokens_per_round(self) -> int:
        """Action tokens each seat plays per round: 4 with two seats, else 3."""
        return 4 if self.seats == 2 else 3

    @property
    def market_size(self) -> int:
        """Face-up cards of the influence and helper rows: 4 with four or five seats, else 3."""
        return 4 if self.seats >= 4 else 3

    @property
    def warehouse_start(self) -> int:
        """Fruit tokens of each type on the warehouse at the start (ZOO-1.3).

        The printed 8/11/14/17 (option `warehouse_fruit="printed"`, the default), or those
        less the seats' starting fruit (`"less-starting"`).
        """
        printed = FRUIT_SUPPLY[self.seats]
        return printed if self.warehouse_fruit == "printed" else printed - self.starting_fruits * self.seats

    @property
    def fruit_supply(self) -> int:
        """Fruit tokens of each type in play: the warehouse's and the seats' starting fruit."""
        return self.warehouse_start + self.starting_fruits * self.seats


class _Glory(dict[tuple[str, ...], int]):
    """Glory printed on helpers, by the tuple of helper cards (`Seat.helper_glory`), each sum worked out
    once (`__missing__`): a look-up where a generator over the helpers cost a call and a frame; a seat
    hires a few of the game's helpers, so the tuples met are few."""

    __slots__ = ()

    def __missing__(self, helpers: tuple[str, ...]) -> int:
        return remember(self, helpers, sum(HELPER_GLORY[h] for h in helpers), _GLORIES_KEPT)


_GLORIES_KEPT: Final = 4096
"""At most this many tuples of helpers kept in `_GLORY` (emptied when full, as every bounded table: a game
meets a few dozen)."""
_GLORY: Final = _Glory()


@attrs.frozen
class Seat:
    """One seat (player or bot). Everything but `pick`, `goal` and `intrigues` is public.

    Attributes:
        bot: True for a bot.
        money: Coins.
        fruit: Fruit tokens in the pool.
        shares: Share tokens on each company board (`FRUITS` order); the rest of the eight
            are in the pool.
        helpers: Hired helper cards.
        played: Action tokens played this round, in order (face up).
        pick: The token chosen secretly for the current turn, not yet revealed ("" if none).
        goal: The hidden goal card ("" without the module).
        intrigues: The intrigue cards in hand.
    """

    bot: bool
    money: int
    fruit: Tokens
    shares: tuple[int, int, int]
    helpers: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    pick: str = ""
    goal: str = ""
    intrigues: tuple[str, ...] = ()

    def shares_in(self, company: str) -> int:
        """The seat's shares in `company` (a fruit)."""
        return self.shares[FRUIT_INDEX[company]]

    @property
    def share_pool(self) -> int:
        """Share tokens not on any company board."""
        return SHARE_TOKENS - sum(self.shares)

    @property
    def helper_glory(self) -> int:
        """Glory printed on the hired helpers."""
        return _GLORY[self.helpers]

    def passive(self, kind: str, fruit: str = "", *, at_end: bool = False) -> int:
        """The total `n` of this seat's passive helper effects of `kind` (bots: 0).

        Bots never use helper abilities (rulebook, Bots and Helper cards); at the end of the
        game helpers marked 'not at game end' stop working.
        """
        if self.bot:
            return 0
        total = 0
        for helper in self.helpers:
            card = HELPERS[helper]
            if card.trigger != "passive" or (at_end and card.not_at_end):
                continue
            for effect in card.effects:
                if effect.kind == kind and effect.fruit == fruit:
                    total += effect.n
        return total


@attrs.frozen
class Piles:
    """Every card pile apart from the company decks and the seats' cards.

    Attributes:
        influence: The face-down influence deck.
        influence_row: The face-up influence cards ("" marks an empty slot).
        helper_deck: The face-down helper deck.
        helper_row: The helper market, slot 0 lying next to the deck ("" empty).
        bot_deck: The shared bot deck.
        bot_discard: Bot cards resolved or discarded since the last shuffle (face up).
        event_deck: The events deck.
        event_aside: Event cards set aside this market phase (face up).
        goal_box: Hidden goal cards not dealt (out of the game, unseen).
        intrigue_box: Intrigue cards not dealt (out of the game, unseen).
        removed: Cards removed from the game, with who has seen them.
        resolving: Cards revealed from the company deck being resolved.
        shown: (company, card) for every company card revealed in the market phase of round
            `shown_round`, in order (public; the cards themselves are back in their decks).
        shown_round: The round of that market phase (0 before the first).
    """

    influence: Deck
    influence_row: tuple[str, ...]
    helper_deck: Deck
    helper_row: tuple[str, ...]
    bot_deck: Deck = _NO_CARDS
    bot_discard: Tokens = _NOTHING
    event_deck: Deck = _NO_CARDS
    event_aside: Tokens = _NOTHING
    goal_box: Deck = _NO_CARDS
    intrigue_box: Deck = _NO_CARDS
    removed: tuple[Known, ...] = ()
    resolving: tuple[str, ...] = ()
    shown: tuple[tuple[str, str], ...] = ()
    shown_round: int = 0


def piles_with(*names: str) -> Callable[..., Piles]:
    """`with_(piles, *values)`: `evolve(piles, **dict(zip(names, values)))` for a fixed set of
    field names, generated once: every slot copied or set directly, no dict of changes read (a
    step's piles change in the same few ways, on the hot path of every draw).

    Raises:
        TypeError: If a name is not a field of `Piles`.
    """
    return fields_with(Piles, *names)


def fields_with(cls: type[T], *names: str) -> Callable[..., T]:
    """`with_(inst, *values)`: `evolve(inst, **dict(zip(names, values)))` for the attrs class
    `cls` and a fixed set of its field names, generated once (see
    [`piles_with`][tabletop.spolka_zoo.state.parts.piles_with]): the new instance is built as
    the kernel's [writable twin][tabletop.kernel.fastattrs.writable_twin] of `cls`, one plain
    store per slot, then made a `cls` (for the seats, turns and tasks a step changes in the
    same few ways).

    ```pycon
    >>> with_money = fields_with(Seat, "money")
    >>> seat = Seat(bot=False, money=5, fruit=Tokens(), shares=(1, 0, 0))
    >>> with_money(seat, 7) == attrs.evolve(seat, money=7)
    True

    ```

    Raises:
        TypeError: If a name is not a field of `cls`.
    """
    attributes = list(attrs.fields(cls))
    fields = [a.name for a in attributes]
    unknown = [name for name in names if name not in fields]
    if unknown:
        msg = f"fields_with: not fields of {cls.__name__}: {', '.join(unknown)}"
        raise TypeError(msg)
    twin = writable_twin(cls)
    assert twin is not None and plain_slots(cls, attributes) and not cleared_caches(cls)
    namespace: dict[str, Any] = {"_cls": cls, "_twin": blank(twin)}
    lines = [f"def with_(inst, {', '.join(names)}):", "    new = _twin()"]
    lines += [f"    new.{name} = {name if name in names else 'inst.' + name}" for name in fields]
    lines += ["    new.__class__ = _cls", "    return new"]
    exec(compile("\n".join(lines) + "\n", f"<{cls.__name__} with {','.join(names)}>", "exec"), namespace)
    with_: Callable[..., T] = namespace["with_"]
    return with_


@attrs.frozen
class Turn:
    """The action phase's progress and the token being resolved.

    Attributes:
        number: Which token of the round (1 to 3, or 4 with two seats); 0 before the first.
        position: Seats that have started resolving this token, counted from the first player.
        seat: The seat resolving a token now (-1 between tokens).
        token: The token it revealed ("" before the reveal).
        action: The action carried out: the token, or for a duplicate the token it copies.
        trades: Transactions made with a trading token (`"buy:apple"`...).
        used: The action was performed (not declined), so helper abilities may follow.
        abilities: Helper abilities already used after this token.
        intrigue: An intrigue card was played for this token.
    """

    number: int = 0
    position: int = 0
    seat: int = -1
    token: str = ""
    action: str = ""
    trades: tuple[str, ...] = ()
    used: bool = False
    abilities: tuple[str, ...] = ()
    intrigue: bool = False


@attrs.frozen
class Task:
    """One unit of pending work for the effect interpreter.

    Attributes:
        op: What to do (`"effect"`, `"draw_row"`, `"resolve_deck"`, `"take"`...).
        seat: The seat it concerns or who decides (-1: none).
        actor: The seat whose card or action caused it (-1: none).
        company: The company it concerns ("" when none).
        card: The card it comes from ("" when none).
        index: The effect's index on that card, or a slot number.
        n: A count: fruits, cards, a discount, end-of-deck icons seen...
        arg: A further parameter (a fruit, a mode, a target).
        done: Seats already served (fruit division).
    """

    op: str
    seat: int = -1
    actor: int = -1
    company: str = ""
    card: str = ""
    index: int = 0
    n: int = 0
    arg: str = ""
    done: tuple[int, ...] = ()


class Position:
    """What every reader of a position needs: the fields (declared here for the type checker)
    and the queries about seats and shareholders. [`ZooState`][tabletop.spolka_zoo.state.ZooState] and
    [`Draft`][tabletop.spolka_zoo.state.Draft] are positions; functions that only read take a `Position`, so they serve
    both."""

    __slots__ = ()

    if TYPE_CHECKING:
        flow: Flow
        seed: int | None
        chance_count: int
        config: Config
        board: tuple[str, ...]
        share_price: tuple[int, int, int]
        fruit_price: tuple[int, int, int]
        warehouse: Tokens
        company_fruit: tuple[Tokens, Tokens, Tokens]
        decks: tuple[Deck, Deck, Deck]
        seats: tuple[Seat, ...]
        piles: Piles
        turn: Turn
        queue: tuple[Task, ...]
        resume: str
        finished: bool
        deck_makeup: tuple[tuple[Tokens, int], ...]

    # Queries --------------------------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        """True when `seat` is a bot."""
        return self.seats[seat].bot

    def order_from_first(self) -> tuple[int, ...]:
        """The seats clockwise from the first player."""
        return _ORDERS[len(self.seats)][self.flow.first_player]

    def board_rank(self, fruit: str) -> int:
        """Position of a company (or its fruit) on the table, 0 = leftmost."""
        return self.board.index(fruit) if self.board else FRUIT_INDEX[fruit]

    def shareholders(self, company: str) -> tuple[int, ...]:
        """Seats with at least one share in `company`, clockwise from the first player."""
        c = FRUIT_INDEX[company]
        seats = self.seats
        return tuple([s for s in _ORDERS[len(seats)][self.flow.first_player] if seats[s].shares[c] > 0])

    def standing_key(self, seat: int, company: str) -> tuple[int, int, int]:
        """How a shareholder ranks: shares, then helper glory, then helper count."""
        s = self.seats[seat]
        return (s.shares[FRUIT_INDEX[company]], s.helper_glory, len(s.helpers))

    def next_taker(self, company: str, exclude: tuple[int, ...] = ()) -> tuple[int, bool]:
        """The best-ranked shareholder not in `exclude`: (seat, True), or (-1, False) when
        an unbreakable tie decides the top place, or (-1, True) when nobody is left.

        Shareholders rank by shares, then helper glory, then helper count (ZOO-8.5).
        """
        c = FRUIT_INDEX[company]
        seats = self.seats
        most = 0
        tied: list[int] = []
        for seat in _ORDERS[len(seats)][self.flow.first_player]:
            n = seats[seat].shares[c]
            if n and n >= most and seat not in exclude:
                if n > most:
                    most, tied = n, [seat]
                else:
                    tied.append(seat)
        if len(tied) <= 1:
            return (tied[0] if tied else -1), True
        # The tie broken by helper glory, then helper count: the best key if only one seat has it
        # (a loop: no list of keys, no property and generator per seat, `_GLORY` by the helpers).
        best, top, alone = -1, (-1, -1), False
        glory = _GLORY
        for seat in tied:
            helpers = seats[seat].helpers
            key = (glory[helpers], len(helpers))
            if key > top:
                best, top, alone = seat, key, True
            elif key == top:
                alone = False
        return (best, True) if alone else (-1, False)

    def company(self, name: str) -> Company:
        """The company `name` (a fruit), with its prices, board, deck and shareholders.

        Raises:
            ValueError: If `name` is not a company.
        """
        if name not in FRUIT_INDEX:
            msg = f"no company {name!r} (companies: {', '.join(FRUITS)})"
            raise ValueError(msg)
        c = FRUIT_INDEX[name]
        prices = (self.share_price[c], self.fruit_price[c])
        holders = self.shareholders(name)
        return Company(
            name, self.board_rank(name), *prices, self.company_fruit[c], self.decks[c], holders, self.majority(name)
        )

    def pile(self, name: str) -> Deck:
        """A deck by the name its chance nodes use: a company (its deck) or a deck of `piles`
        (`influence`, `helper_deck`, `bot_deck`, `event_deck`, `goal_box`, `intrigue_box`).

        Raises:
            ValueError: If no deck has that name.
        """
        if name in FRUIT_INDEX:
            return self.decks[FRUIT_INDEX[name]]
        if name not in PILES:
            msg = f"no deck {name!r} (decks: {', '.join((*FRUITS, *PILES))})"
            raise ValueError(msg)
        deck: Deck = getattr(self.piles, name)
        return deck

    def majority(self, company: str) -> int:
        """The majority shareholder of `company`, or -1 when none can be determined."""
        global _majorities, _majorities_before  # a two-entry cache, the last asked first
        seats = self.seats
        memo = _majorities
        if memo[0] is not seats:
            memo = _majorities_before
            if memo[0] is not seats:
                memo = (seats, {})
            _majorities_before, _majorities = _majorities, memo  # each pair whole: a race only forgets one
        found = memo[1].get(company)
        if found is None:
            found = memo[1][company] = self.next_taker(company)[0]
        return found


@attrs.frozen
class Company:
    """One company, read by its fruit: `state.company("apple")`.

    Attributes:
        name: The company (its fruit: `"apple"`, `"lemon"`, `"pineapple"`).
        position: Where its board lies, 0 = leftmost (the order of `state.board`).
        share_price: Its share price.
        fruit_price: The price of its fruit.
        board: The fruit on its board, waiting for the division.
        deck: Its company deck.
        shareholders: The seats with a share in it, clockwise from the first player.
        majority: The majority shareholder, or -1 when none can be determined (ZOO-8.5).
    """

    name: str
    position: int
    share_price: int
    fruit_price: int
    board: Tokens
    deck: Deck
    shareholders: tuple[int, ...]
    majority: int
