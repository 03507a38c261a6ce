"""Spółka ZOO's fixed action space: every move as a small integer, position-based.

Ids do not name cards: a helper is "the 2nd face-up helper", an intrigue "the 1st card of my
hand" (the hand is kept sorted), a speculation arrangement "positions 3, 1, 2 back on top and
position 0 to the bottom of the lemon deck". Companies and fruits are numbered in the fixed
order apple, lemon, pineapple; other seats are counted clockwise from the seat to move
(offset 1 is the next seat). The groups, in id order:

| group | ids | meaning |
|---|---|---|
| `pick` | 6 | pick an action token (share, fruit, helper, lobby, speculate, duplicate) |
| `done` | 1 | end or decline the action, the window or the abilities |
| `buy_share`, `sell_share` | 3 + 3 | a share transaction, per company |
| `buy_fruit` | 3 | buy a fruit from the warehouse |
| `buy_fruit_from` | 12 | buy a fruit (3) from the seat at offset 1-4 (4) |
| `sell_fruit` | 3 | sell a fruit to the warehouse |
| `hire` | 4 | hire the helper of market slot 0-3 (slot 0 lies next to the deck) |
| `lobby` | 12 | face-up influence slot (4) into company (3) |
| `speculate` | 3 | speculate on a company deck |
| `intrigue` | 5 | play the intrigue card at position 0-4 of the sorted hand |
| `use_helper` | 10 | use the helper hired k-th (a seat hires at most two a round) |
| `arrange` | 165 | put 1-4 looked-at cards back: kept positions in order, one maybe moved (to a deck's bottom or out) |
| `choose_pass` | 1 | decline an offer |
| `choose_take` | 45 | take `a` apples and `b` lemons (the rest pineapples), `a + b <= 8` |
| `choose_discard` | 6 | discard `a` apples and `b` lemons (the rest pineapples), `a + b <= 2` |
| `choose_add` | 9 | put a fruit (3) on a company board (3) |
| `choose_price` | 3 | move the price of a company's share or fruit |
| `choose_buy`, `choose_sell` | 3 + 3 | accept an offer to buy or sell, per company or fruit |
| `choose_move` | 6 | move a share from one company to another (ordered pairs) |
| `choose_swap` | 6 | swap a fruit for another from the warehouse (ordered pairs) |
| `choose_seat` | 4 | target the seat at offset 1-4 |
| `choose_look` | 3 | look at a company deck |
| `choose_deck` | 6 | move the top card of one company deck onto another (ordered pairs) |

Chance outcomes: the 6 orders of the company boards (ids 0-5, in `itertools.permutations`
order of apple, lemon, pineapple), then one id per card id of the game (sorted).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final

from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import EFFECTS, FAMILY, FRUITS, TOKENS
from tabletop.spolka_zoo.moves import (
    Arrange,
    Choose,
    Done,
    Draw,
    Hire,
    Lobby,
    Order,
    Pick,
    PlayIntrigue,
    Speculate,
    Trade,
    UseHelper,
)
from tabletop.spolka_zoo.rules.decks import deck_of
from tabletop.spolka_zoo.state import FRUIT_INDEX, ROUNDS, ZooState

__all__ = ["CHANCE_OUTCOMES", "GROUPS", "NUM_ACTIONS", "action_id", "chance_id", "group_of"]

MAX_OFFSET: Final = 4
"""Most seats clockwise from the mover (offsets 1 to 4)."""
ROW_SLOTS: Final = 4
"""Face-up slots of the influence and helper rows (4 with four or five seats)."""
HAND_SLOTS: Final = 5
"""Intrigue cards in a hand (5 with two seats)."""
HELPER_SLOTS: Final = 2 * ROUNDS
"""Helpers a seat can hire: the helper token and a duplicate of it, each round."""
MAX_LOOK: Final = max([4] + [e.n for effects in EFFECTS.values() for e in effects if e.kind == "look"])
"""Cards looked at once: speculation looks at four; look effects at their `n`."""
MAX_TAKE: Final = max([8] + [e.n for effects in EFFECTS.values() for e in effects if e.kind == "take_fruit"])
"""Fruits taken at once: at most a seat's eight shares, or a card's `n`."""
MAX_DISCARD: Final = max([1] + [e.n for effects in EFFECTS.values() for e in effects if e.kind == "discard_fruit"])
"""Fruits discarded at once (the largest `n` of a discard effect)."""
#: Where a card moved away from looked-at cards may go.
_TARGETS: Final = (*FRUITS, "remove")
_PAIRS: Final = tuple((a, b) for a in FRUITS for b in FRUITS if a != b)


def _triangle(k: int) -> dict[tuple[int, int], int]:
    """Index of every `(a, b)` with `a + b <= k`."""
    return {ab: i for i, ab in enumerate((a, b) for a in range(k + 1) for b in range(k + 1 - a))}


def _layouts() -> dict[tuple[tuple[int, ...], int, str], int]:
    """Index of every arrangement layout: (kept positions top first, moved position or -1, target)."""
    found: list[tuple[tuple[int, ...], int, str]] = []
    for n in range(1, MAX_LOOK + 1):
        every = range(n)
        found.extend((p, -1, "") for p in itertools.permutations(every))
        for moved in every:
            rest = [i for i in every if i != moved]
            found.extend((p, moved, to) for to in _TARGETS for p in itertools.permutations(rest))
    return {layout: i for i, layout in enumerate(found)}


_TAKE: Final = _triangle(MAX_TAKE)
_DISCARD: Final = _triangle(MAX_DISCARD)
_LAYOUT: Final = _layouts()

#: The groups of ids in order: (name, size).
GROUPS: Final = (
    ("pick", len(TOKENS)),
    ("done", 1),
    ("buy_share", 3),
    ("sell_share", 3),
    ("buy_fruit", 3),
    ("buy_fruit_from", 3 * MAX_OFFSET),
    ("sell_fruit", 3),
    ("hire", ROW_SLOTS),
    ("lobby", ROW_SLOTS * 3),
    ("speculate", 3),
    ("intrigue", HAND_SLOTS),
    ("use_helper", HELPER_SLOTS),
    ("arrange", len(_LAYOUT)),
    ("choose_pass", 1),
    ("choose_take", len(_TAKE)),
    ("choose_discard", len(_DISCARD)),
    ("choose_add", 9),
    ("choose_price", 3),
    ("choose_buy", 3),
    ("choose_sell", 3),
    ("choose_move", len(_PAIRS)),
    ("choose_swap", len(_PAIRS)),
    ("choose_seat", MAX_OFFSET),
    ("choose_look", 3),
    ("choose_deck", len(_PAIRS)),
)
_START: Final = dict(zip((g for g, _ in GROUPS), itertools.accumulate((0, *(n for _, n in GROUPS))), strict=False))
NUM_ACTIONS: Final = sum(n for _, n in GROUPS)
"""N: the number of player-move ids (the same for every option)."""

_BOARDS: Final = tuple(itertools.permutations(FRUITS))
_CARDS: Final = {card: i for i, card in enumerate(sorted(FAMILY))}
CHANCE_OUTCOMES: Final = len(_BOARDS) + len(_CARDS)
"""Chance-outcome ids: the board orders, then every card id."""


def group_of(action: int) -> tuple[str, int]:
    """The group an id belongs to and its index inside the group.

    Raises:
        ValueError: If `action` is not in `[0, NUM_ACTIONS)`.
    """
    for name, size in GROUPS:
        start = _START[name]
        if start <= action < start + size:
            return name, action - start
    msg = f"action id {action!r} is not in [0, {NUM_ACTIONS})"
    raise ValueError(msg)


def _id(group: str, index: int, size: int) -> int:
    if not 0 <= index < size:
        msg = f"{group} index {index} is outside the action space (0 to {size - 1})"
        raise IllegalMove(msg, code="action-space")
    return _START[group] + index


def chance_id(move: Move) -> int:
    """The id of a chance outcome (a board order or a drawn card)."""
    if isinstance(move, Order):
        return _BOARDS.index(move.companies)
    assert isinstance(move, Draw)
    return len(_BOARDS) + _CARDS[move.card]


def _offset(state: ZooState, seat: int) -> int:
    """How many seats clockwise from the seat to move `seat` sits (1 to 4)."""
    return (seat - state.current_player) % len(state.seats)


def _first_slot(row: tuple[str, ...], card: str) -> int:
    return row.index(card)


def _trade(state: ZooState, move: Trade) -> int:
    c = FRUIT_INDEX[move.item]
    if move.what == "share":
        return _START["buy_share" if move.op == "buy" else "sell_share"] + c
    if move.op == "sell":
        return _START["sell_fruit"] + c
    if move.seller < 0:
        return _START["buy_fruit"] + c
    return _id("buy_fruit_from", c * MAX_OFFSET + _offset(state, move.seller) - 1, 3 * MAX_OFFSET)


def _arrange(state: ZooState, move: Arrange) -> int:
    task = state.queue[0]
    deck = deck_of(state, task.company)
    cards, _ = deck.take_top(min(task.n, len(deck)))
    free = [k.card for k in cards]

    def place(card: str) -> int:
        i = free.index(card)  # identical copies: the first unused position (one canonical layout)
        free[i] = ""
        return i

    top = tuple(place(card) for card in move.top)
    moved = place(move.moved) if move.moved else -1
    return _START["arrange"] + _LAYOUT[(top, moved, move.to)]


def _selection(group: str, table: dict[tuple[int, int], int], text: str) -> int:
    fruits = Tokens.parse(text)
    key = (fruits["apple"], fruits["lemon"])
    if key not in table:
        msg = f"{group} of {text!r} is outside the action space"
        raise IllegalMove(msg, code="action-space")
    return _START[group] + table[key]


def _pair(group: str, text: str) -> int:
    a, _, b = text.partition(">")
    return _START[group] + _PAIRS.index((a, b))


_CHOICES: Final[dict[str, Callable[[ZooState, str], int]]] = {
    "take": lambda s, t: _selection("choose_take", _TAKE, t),
    "discard": lambda s, t: _selection("choose_discard", _DISCARD, t),
    "add": lambda s, t: _START["choose_add"] + 3 * FRUIT_INDEX[t.partition(">")[0]] + FRUIT_INDEX[t.partition(">")[2]],
    "price": lambda s, t: _START["choose_price"] + FRUIT_INDEX[t],
    "buy": lambda s, t: _START["choose_buy"] + FRUIT_INDEX[t],
    "sell": lambda s, t: _START["choose_sell"] + FRUIT_INDEX[t],
    "move": lambda s, t: _pair("choose_move", t),
    "swap": lambda s, t: _pair("choose_swap", t),
    "seat": lambda s, t: _id("choose_seat", _offset(s, int(t)) - 1, MAX_OFFSET),
    "look": lambda s, t: _START["choose_look"] + FRUIT_INDEX[t],
    "deck": lambda s, t: _pair("choose_deck", t),
}


def _choose(state: ZooState, move: Choose) -> int:
    if move.option == "pass":
        return _START["choose_pass"]
    verb, _, rest = move.option.partition(" ")
    return _CHOICES[verb](state, rest)


def action_id(state: ZooState, move: Move) -> int:
    """The id of a legal player move of `state` (see the module docstring).

    Raises:
        IllegalMove: If a position falls outside the fixed space (it cannot in a real game).
    """
    me = state.seats[state.current_player]
    if isinstance(move, Pick):
        return _START["pick"] + TOKENS.index(move.token)
    if isinstance(move, Done):
        return _START["done"]
    if isinstance(move, Trade):
        return _trade(state, move)
    if isinstance(move, Hire):
        return _id("hire", _first_slot(state.piles.helper_row, move.card), ROW_SLOTS)
    if isinstance(move, Lobby):
        slot = _first_slot(state.piles.influence_row, move.card)
        return _id("lobby", slot * 3 + FRUIT_INDEX[move.company], ROW_SLOTS * 3)
    if isinstance(move, Speculate):
        return _START["speculate"] + FRUIT_INDEX[move.company]
    if isinstance(move, PlayIntrigue):
        return _id("intrigue", me.intrigues.index(move.card), HAND_SLOTS)
    if isinstance(move, UseHelper):
        return _id("use_helper", me.helpers.index(move.card), HELPER_SLOTS)
    if isinstance(move, Arrange):
        return _arrange(state, move)
    assert isinstance(move, Choose), move
    return _choose(state, move)
