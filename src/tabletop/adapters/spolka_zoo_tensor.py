"""Spółka ZOO's observation tensor: a fixed-length vector computed from one seat's view.

The tensor is a concatenation of named sections (see [layout][tabletop.adapters.spolka_zoo_tensor.Encoder.layout]);
its length depends on the options (the number of seats, the cards in play) only. Small
categorical things are one-hot; counts, prices and money are raw numbers; long ordered
sequences (known deck positions, removed cards, the task queue) are *codes*: a word (card
id, company, task operation...) is written as `i / W`, its index `i` in a fixed sorted
vocabulary of `W` words, with 0 for "none". The encoding is injective on views: everything
a view holds is in the tensor (a view has no seed), so two different views give different
tensors.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Final

from tabletop.adapters.bridge import Section
from tabletop.adapters.spolka_zoo_actions import HELPER_SLOTS
from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.spolka_zoo.content import (
    BOT,
    BOT_IDS,
    EFFECTS,
    EVENT_IDS,
    FAMILY,
    FRUITS,
    GOAL_IDS,
    HELPER_IDS,
    INFLUENCE_IDS,
    INTRIGUE_IDS,
    STARTING_DECKS,
    TOKENS,
)
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.rules import OPS
from tabletop.spolka_zoo.rules.setup import seat_order
from tabletop.spolka_zoo.state import ROUNDS, Config, ZooState
from tabletop.spolka_zoo.state.makeup import makeups
from tabletop.spolka_zoo.views import PickShown

__all__ = ["QUEUE_SLOTS", "WORDS", "Encoder", "bots_placed", "code"]

QUEUE_SLOTS: Final = 48
"""Task slots of the queue section (the longest queue, dealing at setup with five seats, has 28)."""

_STEPS: Final = tuple(f"{phase.name}.{step.name}" for phase in MACHINE.phases for step in phase.steps)
_INFLUENCE_FAMILY: Final = tuple(sorted({c for c, f in FAMILY.items() if f in ("starting", "influence")}))
_INFLUENCE_CARDS: Final = tuple(sorted(set(INFLUENCE_IDS)))
_HELPERS: Final = tuple(sorted(set(HELPER_IDS)))
_GOALS: Final = tuple(sorted(set(GOAL_IDS)))
_INTRIGUES: Final = tuple(sorted(set(INTRIGUE_IDS)))
_BOTS: Final = tuple(sorted(set(BOT_IDS)))
_EVENTS: Final = tuple(sorted(set(EVENT_IDS)))
_TRADES: Final = tuple(f"{op}:{f}" for op in ("buy", "sell") for f in FRUITS)


def _vocabulary() -> tuple[str, ...]:
    words = set(FAMILY) | set(OPS) | set(TOKENS) | set(FRUITS) | set(_STEPS) | {HIDDEN}
    words |= {"choice", "next", "previous", "remove", "bottom", "beyond", "divide"}
    words |= {"goal", "intrigue", "helper", "influence"}
    for effects in EFFECTS.values():
        for e in effects:
            words |= {e.fruit, e.to, e.company, e.who}
    for card in BOT:
        for b in card.effects:
            words |= {b.company, b.to}
    words.discard("")
    return ("", *sorted(words))


#: Every word a code can stand for; "" (none) has code 0.
WORDS: Final = _vocabulary()
_CODE: Final = {word: i / len(WORDS) for i, word in enumerate(WORDS)}


def code(word: str) -> float:
    """The code of `word`: its index in `WORDS` over their number.

    Raises:
        ValueError: If `word` is not in the vocabulary.
    """
    try:
        return _CODE[word]
    except KeyError:
        msg = f"observation: {word!r} is not in the Spółka ZOO tensor vocabulary"
        raise ValueError(msg) from None


def _one_hot(value: object, choices: tuple[object, ...]) -> list[float]:
    out = [0.0] * len(choices)
    out[choices.index(value)] = 1.0
    return out


def _counts(tokens: Iterable[str], kinds: tuple[str, ...]) -> list[float]:
    out = [0.0] * len(kinds)
    for card in tokens:
        out[kinds.index(card)] += 1.0
    return out


def _seats_mask(seats: frozenset[int] | tuple[int, ...], n: int) -> list[float]:
    return [1.0 if i in seats else 0.0 for i in range(n)]


def _sequence(items: list[list[float]], slots: int, width: int, what: str) -> list[float]:
    if len(items) > slots:
        msg = f"observation: {len(items)} {what} do not fit the {slots} slots of the layout"
        raise ValueError(msg)
    out = [v for item in items for v in item]
    return out + [0.0] * ((slots - len(items)) * width)


def _unknown_only(deck: Deck, name: str) -> list[float]:
    """A deck nothing ever puts a known card on: its size is all a seat can see."""
    if deck.top or deck.bottom:
        msg = f"observation: the {name} holds known cards, which the tensor layout does not foresee"
        raise ValueError(msg)
    return [float(len(deck))]


Fill = Callable[[ZooState, int], list[float]]


@functools.cache
def bots_placed(players: int, bots: int, seating: str) -> bool:
    """The config section's seating flag: the bots sit elsewhere than after the players (ZOO-13.1:
    `alternate`, or a pattern such as `PBPP`; `PPBB` with two of each is the default order).
    Where they sit is in the seats' bot flags."""
    return seat_order(players, bots, seating) != seat_order(players, bots, "humans-first")


class Encoder:
    """The observation tensor of one configuration: its sections and how each is filled.

    Args:
        config: The game's options (as a state holds them).
    """

    def __init__(self, config: Config) -> None:
        n = config.seats
        self.seats = n
        self.config = config
        self.tokens_per_round = config.tokens_per_round
        self.market = config.market_size
        #: Slots for the known positions of a company deck, the cards resolving, the cards shown:
        #: at most every card of the influence family (starting cards and influence cards).
        self.deck_slots = len(INFLUENCE_IDS) + sum(len(d) for d in STARTING_DECKS[n])
        self.removed_slots = self.deck_slots + len(INTRIGUE_IDS)
        #: Helper slots of a seat: a player hires at most two a round (the helper token and a
        #: duplicate of it), a bot one per turn (its bot card).
        self.helper_slots = max(HELPER_SLOTS, self.tokens_per_round * ROUNDS if config.bots else 0)
        per_seat = 8 + self.helper_slots * len(_HELPERS) + self.tokens_per_round * len(TOKENS) + 8
        per_seat += len(_GOALS) + 2 + len(_INTRIGUES) + 1
        deck = 4 + 2 * len(_INFLUENCE_FAMILY) + self.deck_slots * (4 + n)
        self._sections: tuple[tuple[str, int, str, Fill], ...] = (
            ("observer", n, "one-hot: the seat observing", self._observer),
            (
                "config",
                11,
                "players, bots, modules (3 flags), bots seated elsewhere than after the players, all-effects bot rule, "
                "unowned cards resolved, empty-board ties unpaid, starting money, starting fruits",
                self._config,
            ),
            (
                "flow",
                len(_STEPS) + 2 * n + 3,
                "one-hot step of the phase table; round; one-hot first player; one-hot seat of the flow; "
                "game finished; chance events so far",
                self._flow,
            ),
            ("board", 9, "one-hot place (left to right) of each company, apple, lemon, pineapple", self._board),
            ("prices", 6, "share prices then fruit prices (apple, lemon, pineapple)", self._prices),
            ("fruit", 12, "warehouse fruit, then the fruit on each company board (3 x 3)", self._fruit),
            *(
                (
                    f"seat{i}",
                    per_seat,
                    f"seat {i}: bot, money, fruit (3), shares (3); hired helpers in order "
                    f"({self.helper_slots} one-hot slots); tokens played in order (one-hot slots); pick one-hot "
                    "(none, 6 tokens, hidden); goal one-hot (none, goals, hidden); intrigue counts per card; "
                    "hidden intrigues",
                    self._seat(i),
                )
                for i in range(n)
            ),
            (
                "rows",
                self.market * (len(_INFLUENCE_FAMILY) + len(_HELPERS)),
                "the face-up influence cards, then the helper market, one one-hot slot each (all zero: empty)",
                self._rows,
            ),
            *(
                (
                    f"deck.{company}",
                    deck,
                    f"the {company} deck: unknown cards, known top, known bottom; "
                    "counts of the known cards this seat sees per card; its public makeup (ZOO-4.12): counts "
                    "per card of the cards known to be in it, and how many more of unknown identity; then each "
                    "known position (top first, "
                    "then bottom): present, at the bottom, card code, public, seen by (one flag per seat)",
                    self._company_deck(c),
                )
                for c, company in enumerate(FRUITS)
            ),
            (
                "piles",
                6,
                "cards in the influence, helper, bot and event decks, the goal and intrigue boxes",
                self._piles,
            ),
            (
                "piles.cards",
                len(_INFLUENCE_CARDS) + len(_HELPERS) + len(_BOTS) + len(_EVENTS),
                "the public composition of the influence, helper, bot and event decks: counts per card",
                self._pile_cards,
            ),
            (
                "discards",
                len(_BOTS) + len(_EVENTS),
                "bot discards and events set aside, counts per card",
                self._discards,
            ),
            (
                "removed",
                self.removed_slots * (3 + n),
                "cards out of the game in order: present, card code, public, seen by (one flag per seat)",
                self._removed,
            ),
            (
                "resolving",
                self.deck_slots,
                "codes of the company cards revealed from the deck being resolved",
                self._resolving,
            ),
            (
                "shown",
                1 + 2 * self.deck_slots,
                "round of the last market phase; each company card shown in it: company code, card code",
                self._shown,
            ),
            (
                "turn",
                4 + n + 1 + 2 * (len(TOKENS) + 1) + 2 * (len(_TRADES) + 1) + HELPER_SLOTS,
                "token number, position, action used, intrigue played; one-hot seat resolving (or none); "
                "one-hot token and action (none or 6 tokens); two trades one-hot (none, buy x3, sell x3); "
                "codes of the helper abilities used",
                self._turn,
            ),
            (
                "queue",
                1 + QUEUE_SLOTS * (9 + n),
                "resume step code; each pending task: present, operation "
                "code, seat + 1, actor + 1, company code, card code, index, n, argument code, seats served "
                "(seat + 1 each)",
                self._queue,
            ),
        )

    def layout(self) -> tuple[Section, ...]:
        """The sections in order, covering the tensor exactly."""
        out: list[Section] = []
        offset = 0
        for name, size, doc, _ in self._sections:
            out.append(Section(name, offset, size, doc))
            offset += size
        return tuple(out)

    @property
    def size(self) -> int:
        """The length of the tensor."""
        return sum(size for _, size, _, _ in self._sections)

    def encode(self, view: ZooState, seat: int) -> tuple[float, ...]:
        """The tensor of `seat` from its view.

        Raises:
            ValueError: If the view holds something the layout cannot hold (it cannot in a
                real game: every bound is the most the game allows).
        """
        out: list[float] = []
        for name, size, _, fill in self._sections:
            part = fill(view, seat)
            assert len(part) == size, f"section {name}: {len(part)} values for {size}"
            out.extend(part)
        return tuple(out)

    # Sections ----------------------------------------------------------------------------

    def _observer(self, view: ZooState, seat: int) -> list[float]:
        return _one_hot(seat, tuple(range(self.seats)))

    def _config(self, view: ZooState, seat: int) -> list[float]:
        c = view.config
        flags = [m in c.modules for m in ("events", "hidden_goals", "intrigues")]
        flags += [c.bot_rule == "all-effects", c.unowned_cards == "resolved", c.empty_board_ties == "unpaid"]
        return [
            float(c.players),
            float(c.bots),
            *map(float, flags[:3]),
            float(bots_placed(c.players, c.bots, c.seating)),
            *map(float, flags[3:]),
            float(c.starting_money),
            float(c.starting_fruits),
        ]

    def _flow(self, view: ZooState, seat: int) -> list[float]:
        f = view.flow
        seats = tuple(range(self.seats))
        return [
            *_one_hot(f.key, _STEPS),
            float(f.round),
            *_one_hot(f.first_player, seats),
            *_one_hot(f.player, seats),
            float(view.finished),
            float(view.chance_count),
        ]

    def _board(self, view: ZooState, seat: int) -> list[float]:
        out = [0.0] * 9
        for place, company in enumerate(view.board):
            out[3 * FRUITS.index(company) + place] = 1.0
        return out

    def _prices(self, view: ZooState, seat: int) -> list[float]:
        return [float(p) for p in (*view.share_price, *view.fruit_price)]

    def _fruit(self, view: ZooState, seat: int) -> list[float]:
        return [float(t[f]) for t in (view.warehouse, *view.company_fruit) for f in FRUITS]

    def _seat(self, index: int) -> Fill:
        def fill(view: ZooState, seat: int) -> list[float]:
            s = view.seats[index]
            out = [float(s.bot), float(s.money), *(float(s.fruit[f]) for f in FRUITS), *map(float, s.shares)]
            out += _sequence([_one_hot(h, _HELPERS) for h in s.helpers], self.helper_slots, len(_HELPERS), "helpers")
            out += _sequence([_one_hot(t, TOKENS) for t in s.played], self.tokens_per_round, len(TOKENS), "tokens")
            out += _one_hot(s.pick, (PickShown.NONE, *TOKENS, PickShown.HIDDEN))
            out += _one_hot(s.goal, ("", *_GOALS, HIDDEN))
            out += _counts((c for c in s.intrigues if c != HIDDEN), _INTRIGUES)
            out.append(float(s.intrigues.count(HIDDEN)))
            return out

        return fill

    def _rows(self, view: ZooState, seat: int) -> list[float]:
        out: list[float] = []
        for row, kinds in ((view.piles.influence_row, _INFLUENCE_FAMILY), (view.piles.helper_row, _HELPERS)):
            for card in row:
                out += [0.0] * len(kinds) if not card else _one_hot(card, kinds)
        return out

    def _known(self, known: Known, *extra: float) -> list[float]:
        return [1.0, *extra, code(known.card), float(known.public), *_seats_mask(known.seen_by, self.seats)]

    def _company_deck(self, c: int) -> Fill:
        def fill(view: ZooState, seat: int) -> list[float]:
            deck = view.decks[c]
            out = [float(deck.middle.total), float(len(deck.top)), float(len(deck.bottom))]
            known = (*deck.top, *deck.bottom)
            out += _counts((k.card for k in known if k.card != HIDDEN), _INFLUENCE_FAMILY)
            makeup, secret = makeups(view)[c]
            out += [*_counts(makeup.elements(), _INFLUENCE_FAMILY), float(secret)]
            slots = [self._known(k, 0.0) for k in deck.top] + [self._known(k, 1.0) for k in deck.bottom]
            out += _sequence(slots, self.deck_slots, 4 + self.seats, "known deck positions")
            return out

        return fill

    def _piles(self, view: ZooState, seat: int) -> list[float]:
        p = view.piles
        names = ("influence", "helper_deck", "bot_deck", "event_deck", "goal_box", "intrigue_box")
        return [v for name in names for v in _unknown_only(getattr(p, name), name)]

    def _pile_cards(self, view: ZooState, seat: int) -> list[float]:
        p = view.piles
        out: list[float] = []
        for deck, kinds in (
            (p.influence, _INFLUENCE_CARDS),
            (p.helper_deck, _HELPERS),
            (p.bot_deck, _BOTS),
            (p.event_deck, _EVENTS),
        ):
            out += _counts((c for c in deck.middle.elements() if c != HIDDEN), kinds)
        return out

    def _discards(self, view: ZooState, seat: int) -> list[float]:
        p = view.piles
        return _counts(p.bot_discard.elements(), _BOTS) + _counts(p.event_aside.elements(), _EVENTS)

    def _removed(self, view: ZooState, seat: int) -> list[float]:
        slots = [self._known(k) for k in view.piles.removed]
        return _sequence(slots, self.removed_slots, 3 + self.seats, "removed cards")

    def _resolving(self, view: ZooState, seat: int) -> list[float]:
        return _sequence([[code(c)] for c in view.piles.resolving], self.deck_slots, 1, "resolving cards")

    def _shown(self, view: ZooState, seat: int) -> list[float]:
        slots = [[code(company), code(card)] for company, card in view.piles.shown]
        return [float(view.piles.shown_round), *_sequence(slots, self.deck_slots, 2, "shown cards")]

    def _turn(self, view: ZooState, seat: int) -> list[float]:
        t = view.turn
        out = [float(t.number), float(t.position), float(t.used), float(t.intrigue)]
        out += _one_hot(t.seat, (-1, *range(self.seats)))
        out += _one_hot(t.token, ("", *TOKENS)) + _one_hot(t.action, ("", *TOKENS))
        trades = [*t.trades, "", ""][:2]
        if len(t.trades) > 2:
            msg = f"observation: {len(t.trades)} trades in one token"
            raise ValueError(msg)
        for trade in trades:
            out += _one_hot(trade, ("", *_TRADES))
        out += _sequence([[code(h)] for h in t.abilities], HELPER_SLOTS, 1, "abilities")
        return out

    def _queue(self, view: ZooState, seat: int) -> list[float]:
        n = self.seats
        slots = []
        for task in view.queue:
            done = [float(s + 1) for s in task.done] + [0.0] * (n - len(task.done))
            slots.append(
                [
                    1.0,
                    code(task.op),
                    float(task.seat + 1),
                    float(task.actor + 1),
                    code(task.company),
                    code(task.card),
                    float(task.index),
                    float(task.n),
                    code(task.arg),
                    *done[:n],
                ]
            )
        return [code(view.resume), *_sequence(slots, QUEUE_SLOTS, 9 + n, "pending tasks")]
