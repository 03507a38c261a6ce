"""The Spółka ZOO state: seats, boards, piles, the token being resolved, the task queue.

Per-company tuples (share prices, fruit on the boards, company decks, each seat's shares)
are indexed in the fixed order of [`FRUITS`][tabletop.spolka_zoo.content.FRUITS] (apple,
lemon, pineapple); `board` says in which order the company boards lie, left to right,
which decides every "left to right" rule and every bot choice.

Effects that need a decision or a chance event are run by a small interpreter over
`queue` (see [`tabletop.spolka_zoo.interpreter`][tabletop.spolka_zoo.interpreter]); `resume` names the step the round
continues at when the queue is empty.

A step (one `apply`) is worked out on a [`Draft`][tabletop.spolka_zoo.state.Draft], a mutable working copy that only
that step holds; the new [`ZooState`][tabletop.spolka_zoo.state.ZooState] is built once, from the draft, at the end of
the step. Functions that only read take a [`Position`][tabletop.spolka_zoo.state.Position], which both are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.events import Event
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.phases import Flow, PhaseMachine
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.cards import HELPER_GLORY, HELPERS
from tabletop.spolka_zoo.content import FRUITS

if TYPE_CHECKING:
    from tabletop.spolka_zoo.scoring import ZooOutcome

__all__ = ["FRUIT_INDEX", "Config", "Draft", "Piles", "Position", "Seat", "Task", "Turn", "ZooState", "evolve"]

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

#: Seats clockwise from each first player, by number of seats.
_ORDERS: Final = {n: tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(1, 6)}


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

    def majority(self, company: str) -> int:
        """The majority shareholder of `company`, or -1 when none can be determined."""
        seat, _ = self.next_taker(company)
        return seat


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

    MACHINE: ClassVar[PhaseMachine]

    # Protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def outcome(self) -> ZooOutcome | None:
        if not self.finished:
            return None
        return scoring.final_outcome(self)

    def _player_moves(self) -> tuple[Move, ...]:
        return rules.player_moves(self)

    def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return rules.chance_outcomes(self)

    def _apply(self, move: Move) -> ZooState:
        return rules.apply_move(self, move)

    def _refusal(self, move: Move) -> IllegalMove:
        return rules.refusal(self, move) or super()._refusal(move)

    def _view(self, player: int) -> ZooState:
        return views.view(self, player)

    def _counted(self) -> ZooState:
        """Chance events are counted by `_apply` in the state it builds anyway (one new
        state per step instead of two): see `rules.apply_move` and `interpreter.apply_draw`."""
        return self

    def events(self, move: Move, after: ZooState) -> tuple[Event, ...]:
        return report.events(self, move, after)


class Draft(Position):
    """The next position while one step is worked out.

    `apply` copies the state into a draft, the move, the automatic steps and the effect
    interpreter change the draft in place (one field at a time, each field a new immutable
    value), and [`freeze`][tabletop.spolka_zoo.state.Draft.freeze] builds the new
    [`ZooState`][tabletop.spolka_zoo.state.ZooState] once at the end. A step used to build a new state for every change
    (five or more per step); the draft builds one. A draft never leaves the step that made it, so nobody else ever sees
    it change.
    """

    __slots__ = (
        "board",
        "chance_count",
        "company_fruit",
        "config",
        "decks",
        "finished",
        "flow",
        "fruit_price",
        "piles",
        "queue",
        "resume",
        "seats",
        "seed",
        "share_price",
        "turn",
        "warehouse",
    )

    def __init__(self, state: Position) -> None:
        self.flow = state.flow
        self.seed = state.seed
        self.chance_count = state.chance_count
        self.config = state.config
        self.board = state.board
        self.share_price = state.share_price
        self.fruit_price = state.fruit_price
        self.warehouse = state.warehouse
        self.company_fruit = state.company_fruit
        self.decks = state.decks
        self.seats = state.seats
        self.piles = state.piles
        self.turn = state.turn
        self.queue = state.queue
        self.resume = state.resume
        self.finished = state.finished

    def freeze(self) -> ZooState:
        """The new state, as the draft stands."""
        # The slots are filled directly, as the kernel's ``fastattrs.evolve`` does for every
        # game state: ZooState has no validators, converters or post-init (checked below the
        # class), so this is what ``ZooState(...)`` does, in half the time; it runs every step.
        new: ZooState = _new(ZooState)
        _set_flow(new, self.flow)
        _set_seed(new, self.seed)
        _set_chance_count(new, self.chance_count)
        _set_config(new, self.config)
        _set_board(new, self.board)
        _set_share_price(new, self.share_price)
        _set_fruit_price(new, self.fruit_price)
        _set_warehouse(new, self.warehouse)
        _set_company_fruit(new, self.company_fruit)
        _set_decks(new, self.decks)
        _set_seats(new, self.seats)
        _set_piles(new, self.piles)
        _set_turn(new, self.turn)
        _set_queue(new, self.queue)
        _set_resume(new, self.resume)
        _set_finished(new, self.finished)
        return new

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


def _slot_setter(name: str) -> Callable[[ZooState, Any], None]:
    """The setter of a field's slot on ZooState (its member descriptor's `__set__`)."""
    return getattr(ZooState, name).__set__  # type: ignore[no-any-return]


assert sorted(Draft.__slots__) == sorted(a.name for a in attrs.fields(ZooState))
assert not hasattr(ZooState, "__attrs_post_init__")
assert all(a.validator is None and a.converter is None for a in attrs.fields(ZooState))
_new: Final = object.__new__
_set_flow: Final = _slot_setter("flow")
_set_seed: Final = _slot_setter("seed")
_set_chance_count: Final = _slot_setter("chance_count")
_set_config: Final = _slot_setter("config")
_set_board: Final = _slot_setter("board")
_set_share_price: Final = _slot_setter("share_price")
_set_fruit_price: Final = _slot_setter("fruit_price")
_set_warehouse: Final = _slot_setter("warehouse")
_set_company_fruit: Final = _slot_setter("company_fruit")
_set_decks: Final = _slot_setter("decks")
_set_seats: Final = _slot_setter("seats")
_set_piles: Final = _slot_setter("piles")
_set_turn: Final = _slot_setter("turn")
_set_queue: Final = _slot_setter("queue")
_set_resume: Final = _slot_setter("resume")
_set_finished: Final = _slot_setter("finished")


from tabletop.spolka_zoo import report, rules, scoring, views  # noqa: E402
