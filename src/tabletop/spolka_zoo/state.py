"""The Spółka ZOO state: seats, boards, piles, the token being resolved, the pending work,
and the final standings. Data only: this module imports the kernel and `content`, never
the rules (the game's `__init__` binds them to [`ZooState`][tabletop.spolka_zoo.state.ZooState]).

Per-company tuples (share prices, fruit on the boards, company decks, each seat's shares)
are indexed in the fixed order of [`FRUITS`][tabletop.spolka_zoo.content.FRUITS] (apple,
lemon, pineapple); `board` says in which order the company boards lie, left to right,
which decides every "left to right" rule and every bot choice.

Work that may stop for a chance event or a decision (card effects, refills, deck
resolution, division, events, bot turns) is the immutable stack `queue` of
[`Task`][tabletop.spolka_zoo.state.Task] values, top first (see
[`tabletop.kernel.pending`][tabletop.kernel.pending]); `resume` names the step the round
continues at when it is empty.

A step (one `apply`) is worked out on a [`Draft`][tabletop.spolka_zoo.state.Draft], the
kernel's [`Builder`][tabletop.kernel.builder.Builder] of `ZooState`: a working copy that
only that step holds, frozen once into the new state. Functions that only read take a
[`Position`][tabletop.spolka_zoo.state.Position], which both are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

import attrs

from tabletop.kernel.builder import Builder
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.serialize import OPTIONAL
from tabletop.kernel.tokens import Tokens
from tabletop.kernel.turns import clockwise
from tabletop.spolka_zoo.content import FRUITS, GOALS, HELPER_GLORY, HELPERS

__all__ = [
    "FRUIT_INDEX",
    "PILES",
    "Company",
    "Config",
    "Draft",
    "Piles",
    "Position",
    "Seat",
    "Standing",
    "Task",
    "Turn",
    "ZooOutcome",
    "ZooState",
    "evolve",
    "final_outcome",
    "goal_met",
]

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
_ORDERS: Final = {n: tuple(clockwise(n, first) for first in range(n)) for n in range(1, 6)}
"""The kernel's turn orders by seats and first player, looked up on every query about seats."""
COINS_PER_GLORY: Final = 5
"""Coins per glory point at the end of the game (ZOO-10.4)."""


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
        return sum(HELPER_GLORY[h] for h in self.helpers)

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
        return tuple(s for s in self.order_from_first() if self.seats[s].shares[c] > 0)

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
        most = 0
        tied: list[int] = []
        for seat in self.order_from_first():
            n = self.seats[seat].shares[c]
            if n and n >= most and seat not in exclude:
                if n > most:
                    most, tied = n, [seat]
                else:
                    tied.append(seat)
        if len(tied) <= 1:
            return (tied[0] if tied else -1), True
        keys = [(self.seats[s].helper_glory, len(self.seats[s].helpers)) for s in tied]
        top = max(keys)
        if keys.count(top) > 1:
            return -1, False
        return tied[keys.index(top)], True

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
        seat, _ = self.next_taker(company)
        return seat


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


@attrs.frozen
class ZooState(Position, State):
    """A Spółka ZOO position (see the module docstring)."""

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
    turn: Turn = Turn()
    queue: tuple[Task, ...] = ()
    resume: str = ""
    finished: bool = False
    deck_makeup: tuple[tuple[Tokens, int], ...] = attrs.field(default=(), metadata={OPTIONAL: True})  # views.makeups

    if TYPE_CHECKING:  # the rules' hooks, bound once in the game's __init__ (State.bind)

        def _player_moves(self) -> tuple[Move, ...]: ...
        def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]: ...
        def _apply(self, move: Move) -> ZooState: ...
        def _view(self, player: int) -> ZooState: ...

    # Protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def outcome(self) -> ZooOutcome | None:
        if not self.finished:
            return None
        return final_outcome(self)

    def _counted(self) -> ZooState:
        """Chance events are counted by the rules in the state they build anyway (one new
        state per step instead of two): see `rules.apply` and `rules.work.finish`."""
        return self


class Draft(Position, Builder["ZooState"], state=ZooState):
    """The next position while one step is worked out: the kernel's
    [`Builder`][tabletop.kernel.builder.Builder] of [`ZooState`][tabletop.spolka_zoo.state.ZooState].

    `apply` copies the state into a draft, the move, the automatic steps and the pending work
    change the draft in place (one field at a time, each field a new immutable value), and
    `freeze()` builds the new state once at the end. Its fields are generated from
    `ZooState`'s; what is written here are the two changes made everywhere.
    """

    def goto(
        self, target: str, *, player: int | None = None, round: int | None = None, first_player: int | None = None
    ) -> None:
        """Move the flow to `target` through the phase machine (which checks the transition)."""
        self.flow = ZooState.MACHINE.goto(self.flow, target, player=player, round=round, first_player=first_player)

    def set_seat(self, index: int, seat: Seat) -> None:
        """Replace seat `index`."""
        seats = self.seats
        self.seats = (*seats[:index], seat, *seats[index + 1 :])

    def set_deck(self, company: str, deck: Deck) -> None:
        """Replace the deck of `company`."""
        decks = self.decks
        c = FRUIT_INDEX[company]
        self.decks = (deck if c == 0 else decks[0], deck if c == 1 else decks[1], deck if c == 2 else decks[2])


# The end of the game (ZOO-10.1 to ZOO-10.5, ZOO-12.6) ----------------------------------------------
#
# Hidden goals are checked first, on the board as it stands. Then every seat sells all its
# shares and fruits at the current prices, which no longer move; helpers marked 'not at game
# end' no longer help. Every 5 coins is 1 glory. The most glory wins; ties go to the larger
# remainder of unconverted coins, then to more helpers; seats still tied share the victory.


@attrs.frozen
class Standing:
    """One seat's final account.

    Attributes:
        seat: The seat.
        bot: True for a bot.
        helper_glory: Glory printed on its helpers.
        goal: Its hidden goal ("" without one).
        goal_glory: Glory from the hidden goal (0 when not met).
        sale: Coins from selling every share and fruit at the end.
        money: Coins after the sale.
        money_glory: `money // 5`.
        leftover: Coins not converted into glory (the first tie-breaker).
        helpers: Helpers hired (the second tie-breaker).
        glory: Total glory.
        rank: 1 for the winner(s); seats tied on every tie-breaker share a rank.
    """

    seat: int
    bot: bool
    helper_glory: int
    goal: str
    goal_glory: int
    sale: int
    money: int
    money_glory: int
    leftover: int
    helpers: int
    glory: int
    rank: int


@attrs.frozen
class ZooOutcome:
    """The result of a game: every seat's standing and the winner(s).

    `returns` are the seats' glory totals; `summary()` names the winner seat(s) (a shared
    victory as `"seats 0+2"`) and gives each seat's glory.
    """

    standings: tuple[Standing, ...]
    winners: tuple[int, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        return tuple(float(s.glory) for s in self.standings)

    def summary(self) -> Mapping[str, str | int | float]:
        label = "seat" if len(self.winners) == 1 else "seats"
        result: dict[str, str | int | float] = {"winner": f"{label} {'+'.join(map(str, self.winners))}"}
        for standing in self.standings:
            result[f"glory seat {standing.seat}"] = standing.glory
        return result


def goal_met(state: Position, seat: int) -> bool:
    """Whether the seat's hidden goal holds on the board as it stands."""
    me = state.seats[seat]
    goal = GOALS.get(me.goal)
    if goal is None:
        return False
    if goal.condition == "shares_everywhere":
        return all(me.shares)
    if goal.condition == "majorities":
        return sum(state.majority(c) == seat for c in FRUITS) >= goal.n
    if goal.condition == "helpers":
        return len(me.helpers) >= goal.n
    if goal.condition == "fruit":
        return me.fruit[goal.fruit] >= goal.n
    return me.money >= goal.n


def _sale(state: Position, seat: int) -> int:
    me = state.seats[seat]
    share_bonus = me.passive("sell_bonus", "share", at_end=True)
    total = sum(n * (price + share_bonus) for n, price in zip(me.shares, state.share_price, strict=True))
    for i, fruit in enumerate(FRUITS):
        total += me.fruit[fruit] * (state.fruit_price[i] + me.passive("sell_bonus", fruit, at_end=True))
    return total


def final_outcome(state: Position) -> ZooOutcome:
    """Score the finished game."""
    rows = []
    for seat, me in enumerate(state.seats):
        goal_glory = GOALS[me.goal].glory if goal_met(state, seat) else 0
        sale = _sale(state, seat)
        money = me.money + sale
        glory = me.helper_glory + goal_glory + money // COINS_PER_GLORY
        rows.append((seat, me, goal_glory, sale, money, glory))
    keys = [(glory, money % COINS_PER_GLORY, len(me.helpers)) for _, me, _, _, money, glory in rows]
    standings = tuple(
        Standing(
            seat=seat,
            bot=me.bot,
            helper_glory=me.helper_glory,
            goal=me.goal,
            goal_glory=goal_glory,
            sale=sale,
            money=money,
            money_glory=money // COINS_PER_GLORY,
            leftover=money % COINS_PER_GLORY,
            helpers=len(me.helpers),
            glory=glory,
            rank=1 + sum(other > keys[seat] for other in keys),
        )
        for seat, me, goal_glory, sale, money, glory in rows
    )
    winners = tuple(s.seat for s in standings if s.rank == 1)
    return ZooOutcome(standings, winners)
