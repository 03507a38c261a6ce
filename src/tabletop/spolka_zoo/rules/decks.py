"""Operations that move cards: refilling the face-up rows, dealing secret cards, looking at
the top of a company deck (speculation and look effects), moving a top card to another deck,
and removing the face-up influence cards.

Whenever a card comes from the unknown part of a deck its identity is a chance outcome; who
learns it is recorded on the card ([`Known`][tabletop.kernel.deck.Known]), so views hide it
from everybody else.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Callable, Iterable
from typing import Any, Final, cast

import attrs

from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.fastattrs import blank, cleared_caches, maker, writable_twin
from tabletop.kernel.pending import Operation
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens, _blank, _build, _ones
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.moves import Arrange, LookAt, MoveTop
from tabletop.spolka_zoo.rules.work import decide, finish, replace, tasks_of, wait_chance, wait_choice
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Position, Task, evolve, piles_with
from tabletop.spolka_zoo.state.makeup import moved_openly, moved_secretly

__all__ = [
    "DRAW_HELPER",
    "DRAW_INFLUENCE",
    "EMPTY",
    "KNOWN",
    "OPERATIONS",
    "UNKNOWN",
    "arrangements",
    "deck_of",
    "drawn",
    "neighbour",
    "remove_cards",
    "shuffled_into",
    "top_kind",
]

_ROWS: Final = {"influence": ("influence", "influence_row"), "helper": ("helper_deck", "helper_row")}
_BOXES: Final = {"goal": "goal_box", "intrigue": "intrigue_box"}

DRAW_HELPER: Final[Callable[[int], Task]] = tasks_of("draw_row", "index", arg="helper")
"""`DRAW_HELPER(slot)`: the task refilling the helper row's slot from the helper deck (ZOO-1.4)."""
DRAW_INFLUENCE: Final[Callable[[int], Task]] = tasks_of("draw_row", "index", arg="influence")
"""`DRAW_INFLUENCE(slot)`: the task refilling the influence row's slot from its deck (ZOO-1.4)."""


def deck_of(state: Position, company: str) -> Deck:
    """The deck of `company`."""
    return state.decks[FRUIT_INDEX[company]]


EMPTY: Final = 0
"""`top_kind`: the deck holds no card."""
KNOWN: Final = 1
"""`top_kind`: the top card is known (`deck.top_card()`, no chance event)."""
UNKNOWN: Final = 2
"""`top_kind`: the top card is drawn from the unknown middle (a chance event)."""


def top_kind(deck: Deck) -> int:
    """`EMPTY` when `deck.is_empty`, else `KNOWN` when `deck.top_is_known`, else `UNKNOWN`: both
    readings at once, the middle's emptiness told by its `total` (a slot: no call), without the
    two properties' and the multiset's `__bool__` calls."""
    if deck.top:
        return KNOWN
    if deck.middle.total:
        return UNKNOWN
    return KNOWN if deck.bottom else EMPTY


def shuffled_into(deck: Deck, cards: Iterable[str]) -> Deck:
    """`deck.shuffle_in(cards)`: the whole deck with `cards` shuffled in, its composition
    counted in one pass (the kernel's version builds and adds four multisets); one card into a
    deck of unknown order alone (a lobbied card) is one `Tokens.add`, which keeps the kinds sorted."""
    if not deck.top and not deck.bottom and type(cards) is tuple and len(cards) == 1:
        return _deck((), deck.middle.add(cards[0]), ())
    counts = deck.middle._counts.copy()  # `as_dict()` without its call (a copy: the table is sorted anew below)
    for known in (*deck.top, *deck.bottom):
        counts[known.card] = counts.get(known.card, 0) + 1
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    # Card ids and positive counts, as `Tokens(counts)` would check: sorted, without the checks; one card of
    # each id (nearly every deck) sorted by its ids alone, no pair built, compared or read back per card.
    total = sum(counts.values())
    clean = _ones(sorted(counts), 1) if total == len(counts) else dict(sorted(counts.items()))
    return _deck((), _build(clean, total), ())


def drawn(deck: Deck, card: str) -> Deck:
    """`deck.draw(card)[1]`: the deck after its top card is drawn, `card` the chance outcome when
    the top is unknown. A card of the unknown middle (every chance step's draw) is taken out
    here, the middle's counts copied and built by the kernel's `_build` (one call where
    `Deck.draw` and `Tokens.remove` made two, and no pair returned); any other draw, and a card
    not in the middle (which raises), is the kernel's `draw`; a known top card (a company card
    revealed) is taken off here too, as the kernel's `draw` takes it."""
    middle = deck.middle
    if deck.top:  # the kernel's `draw` of a known top, in line: `card` is ignored
        return _deck(deck.top[1:], middle, deck.bottom)
    counts = middle._counts
    have = counts.get(card)
    if have is None:
        return deck.draw(card)[1]
    counts = counts.copy()  # `copy()`, as the kernel's multisets copy (see `tokens._build`)
    if have == 1:
        del counts[card]
    else:
        counts[card] = have - 1
    rest = _blank()  # the kernel's `_build(counts, middle.total - 1)` in line: a call less per card drawn
    rest._counts = counts
    rest._hash = None
    rest.total = middle.total - 1
    rest.__class__ = Tokens
    new = _blank_deck()  # `_deck((), rest, deck.bottom)` in line: a call less per card drawn (as `maker` builds it)
    new.top = ()
    new.middle = rest
    new.bottom = deck.bottom
    new.__class__ = Deck
    return new  # type: ignore[no-any-return]  # a `Deck` now


def remove_cards(draft: Draft, cards: tuple[Known, ...]) -> None:
    """`cards` leave the game (kept with who has seen them)."""
    draft.piles = evolve(draft.piles, removed=draft.piles.removed + cards)


def neighbour(state: Position, company: str, step: int) -> str:
    """The company `step` boards to the right of `company` (wrapping around)."""
    return state.board[(state.board.index(company) + step) % 3]


# Refilling a face-up row ---------------------------------------------------------------------


def _row_run(draft: Draft, task: Task) -> None:
    deck_name, _ = _ROWS[task.arg]
    deck: Deck = getattr(draft.piles, deck_name)
    if not deck.top and deck.middle.total:  # `top_kind(deck) == UNKNOWN` in line (a call less per refill)
        wait_chance(draft)
    elif deck.top or deck.bottom:
        _row_drawn(draft, task, deck.top_card())
    else:
        finish(draft)


def _row_outcomes(state: Position, task: Task) -> Tokens:
    deck: Deck = getattr(state.piles, _ROWS[task.arg][0])
    return deck.middle  # unknown(deck)


_WITH_ROWS: Final = {kind: piles_with(*names) for kind, names in _ROWS.items()}


def _row_drawn(draft: Draft, task: Task, card: str) -> None:
    deck_name, row_name = _ROWS[task.arg]
    piles = draft.piles
    deck = drawn(getattr(piles, deck_name), card)
    row = list(getattr(piles, row_name))
    row[task.index] = card
    draft.piles = _WITH_ROWS[task.arg](piles, deck, tuple(row))
    queue = draft.queue
    if draft.flow.step == "work" and queue:  # `finish(draft)` in line, at work (every step but `_drawn`'s)
        draft.queue = queue[1:]
    else:
        finish(draft)


# Dealing a hidden goal or an intrigue card ---------------------------------------------------


def _deal_run(draft: Draft, task: Task) -> None:
    wait_chance(draft)


def _deal_outcomes(state: Position, task: Task) -> Tokens:
    deck: Deck = getattr(state.piles, _BOXES[task.arg])
    return deck.middle


def _deal_drawn(draft: Draft, task: Task, card: str) -> None:
    box = _BOXES[task.arg]
    _, deck = getattr(draft.piles, box).draw(card)
    seat = draft.seats[task.seat]
    if task.arg == "goal":
        seat = evolve(seat, goal=card)
    else:
        seat = evolve(seat, intrigues=tuple(sorted((*seat.intrigues, card))))
    draft.set_seat(task.seat, seat)
    draft.piles = evolve(draft.piles, **{box: deck})
    finish(draft)


# Looking at the top of a company deck ----------------------------------------------------------


Picker = Callable[[tuple[str, ...]], tuple[str, ...]]
"""Picks the cards at some positions out of the looked-at cards, as a tuple."""


def _picker(positions: tuple[int, ...]) -> Picker:
    if len(positions) >= 2:
        return operator.itemgetter(*positions)
    return lambda cards: tuple(cards[i] for i in positions)  # itemgetter gives no 0- or 1-tuples


@functools.cache
def _layouts(n: int, mode: str) -> tuple[tuple[Picker, int, str], ...]:
    """The arrangements of `n` different cards as positions, in the order of
    [`arrangements`][tabletop.spolka_zoo.rules.decks.arrangements]: (picker of the top cards,
    position of the moved card or -1, target).

    The original order comes first, then every order, then for each card moved away (to each
    target) every order of the rest."""
    every = range(n)
    layouts = [(tuple(every), -1, ""), *((p, -1, "") for p in itertools.permutations(every))]
    targets = FRUITS if mode == "bottom" else ("remove",)
    for moved in every:
        rest = [i for i in every if i != moved]
        layouts.extend((p, moved, target) for target in targets for p in itertools.permutations(rest))
    pickers: dict[tuple[int, ...], Picker] = {}
    return tuple((pickers.setdefault(top, _picker(top)), moved, to) for top, moved, to in dict.fromkeys(layouts))


_deck: Final = maker(Deck)
"""`Deck(top, middle, bottom)` without `__init__`'s per-field calls."""
_blank_deck: Final[Callable[[], Any]] = blank(cast("type", writable_twin(Deck)))
"""An empty writable twin of `Deck` (see `writable_twin`), for `drawn` to fill as `_deck` fills one."""
assert not cleared_caches(Deck) and [a.name for a in attrs.fields(Deck)] == ["top", "middle", "bottom"]
_known: Final = maker(Known)
"""`Known(card, seen_by, public)`, built the same way."""
_NOBODY: Final = Known("").seen_by
"""`Known`'s default `seen_by` (the kernel's own empty set)."""
_arrange: Final = maker(Arrange)
"""`Arrange(top, moved, to)` without `__init__`'s per-field calls (about a hundred for every look)."""


@functools.cache
def _targets_of(n: int, mode: str) -> tuple[tuple[str, ...], int, int]:
    """For `n` different cards, in the order of the arrangements: the `to` of each, how many
    keep every card (the `n!` orders), and the targets a card moved away may go to."""
    targets = FRUITS if mode == "bottom" else ("remove",)
    orders = math.factorial(n - 1) if n else 0
    tos = ("",) * math.factorial(n) + tuple(target for _ in range(n) for target in targets for _ in range(orders))
    return tos, math.factorial(n), len(targets)


# A small cache: the legal moves ask for the arrangements the interpreter has just listed.
# A big one (each entry holds about a hundred moves) rarely hits across different games and
# its memory slows everything down.
@functools.lru_cache(maxsize=16)
def arrangements(cards: tuple[str, ...], mode: str) -> tuple[Arrange, ...]:
    """Every way to put looked-at `cards` back, keeping the order first.

    `mode` `"bottom"`: one card may go to the bottom of any company deck; `"remove"`:
    one card may leave the game.
    """
    if len(set(cards)) == len(cards):
        # About a hundred moves for every look: the tops are the orders of all the cards
        # (`itertools.permutations` lists the original order first), then for each card moved
        # away, to each target, the orders of the rest; each move built by the kernel's maker
        # (its three slots filled as its __init__ would, no call per slot), mapped over the three
        # columns (no loop of bytecodes around the calls).
        tos, kept, targets = _targets_of(len(cards), mode)
        tops = list(itertools.permutations(cards))
        moved = [""] * kept
        for i, card in enumerate(cards):
            rest = list(itertools.permutations(cards[:i] + cards[i + 1 :]))
            tops += rest * targets
            moved += [card] * (len(rest) * targets)
        return tuple(map(_arrange, tops, moved, tos))  # the three columns are as long (`_targets_of`)
    # Identical copies: different layouts can give the same arrangement; keep the first.
    found = dict.fromkeys(
        [(top(cards), cards[moved] if moved >= 0 else "", to) for top, moved, to in _layouts(len(cards), mode)]
    )
    return tuple([Arrange(*arrangement) for arrangement in found])


def _look_run(draft: Draft, task: Task) -> None:
    if task.company == "choice":
        decide(draft, task, _look_options, _look_chosen)
        return
    deck = deck_of(draft, task.company)
    k = min(task.n, len(deck))
    if k == 0:
        finish(draft)
    elif deck.needs_reveal(k):
        wait_chance(draft)
    else:
        _known_to_view(deck.top[:k], task)
        draft.set_deck(task.company, deck.look(k, task.seat))
        # `decide(draft, task, _look_options, _look_chosen)` without listing the arrangements
        # (asked for only if the seat's legal moves are): a look offers two or more (ZOO-4.12,
        # ZOO-6.4), and a bot takes the first, the original order.
        if draft.is_bot(task.seat):
            cards, _ = draft.decks[FRUIT_INDEX[task.company]].take_top(k)
            _look_chosen(draft, task, Arrange(tuple([known.card for known in cards])))
        else:
            wait_choice(draft, task.seat)


def _known_to_view(cards: tuple[Known, ...], task: Task) -> None:
    """Refuse a look at `cards` that shows the looking seat a card the state holds as hidden.

    Raises:
        IllegalMove: In a seat's view, when a card looked at is one another seat looked at
            (ZOO-6.4) and the looking seat has not seen it: the view does not know what the
            seat would learn (it would write `?` as a card the seat knows).
    """
    for known in cards:
        if known.card == HIDDEN and task.seat not in known.seen_by:
            rule = "ZOO-4.12" if task.arg == "bottom" else "ZOO-6.4"
            msg = (
                f"a view cannot show seat {task.seat} the {task.company} deck's top cards another seat looked at: "
                "apply the move to the full state"
            )
            raise IllegalMove(msg, code="hidden-in-view", rule=rule)


def _look_outcomes(state: Position, task: Task) -> Tokens:
    return deck_of(state, task.company).middle


def _look_drawn(draft: Draft, task: Task, card: str) -> None:
    draft.set_deck(task.company, deck_of(draft, task.company).reveal(card, frozenset({task.seat})))


def _look_options(state: Position, task: Task) -> tuple[Move, ...]:
    if task.company == "choice":
        return tuple(LookAt(c) for c in state.board if len(deck_of(state, c)))
    deck = deck_of(state, task.company)
    cards, _ = deck.take_top(min(task.n, len(deck)))
    return arrangements(tuple(k.card for k in cards), task.arg)


class _KnownTo(dict[str, Known]):
    """`Known(card, frozenset({seat}))` by card, for one seat, each made once (when first asked
    for: `__missing__`), so that the cards put back are read by `map(table.__getitem__, ...)`
    at C speed.

    The arrangement is secret (ZOO-4.12: "They do not show them to other players"): a seat
    that saw the card earlier, or everybody when it lay face up, no longer knows where it is.
    """

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, card: str) -> Known:
        known = self[card] = _known(card, frozenset({self.seat}), False)
        return known


class _KnownToSeats(dict[int, _KnownTo]):
    """The `_KnownTo` table of each seat, made when first asked for (a few seats, a few hundred
    cards at most)."""

    __slots__ = ()

    def __missing__(self, seat: int) -> _KnownTo:
        table = self[seat] = _KnownTo(seat)
        return table


_KNOWN_TO: Final = _KnownToSeats()
"""`_KNOWN_TO[seat][card]`: `card` in a known place, known to `seat` only (see `_KnownTo`)."""


_lifted: tuple[Deck, int, tuple[str, ...], Deck] | None = None
"""The last `_lift`: (deck, the cards asked for, the lifted cards' ids sorted, the deck without them). Every
arrangement of a look lifts the same cards off the same deck (a search applies them all to one
state): kept by the deck's identity, the deck kept alive with it."""


def _lift(deck: Deck, n: int) -> tuple[tuple[str, ...], Deck]:
    """`deck.take_top(min(n, len(deck)))`: the ids of the cards lifted, sorted, and the deck
    without them (the deck's length asked on a miss only)."""
    global _lifted  # a one-entry cache, replaced whole and read whole once: no lock needed
    last = _lifted
    if last is not None and last[0] is deck and last[1] == n:
        return last[2], last[3]
    cards, rest = deck.take_top(min(n, len(deck)))
    ids = tuple(sorted([k.card for k in cards]))
    _lifted = (deck, n, ids, rest)
    return ids, rest


def _look_chosen(draft: Draft, task: Task, move: Move) -> None:
    if isinstance(move, LookAt):
        task = evolve(task, company=move.company)
        replace(draft, task)
        _look_run(draft, task)
        return
    assert isinstance(move, Arrange)
    cards, rest = _lift(draft.decks[FRUIT_INDEX[task.company]], task.n)
    placed = (*move.top, move.moved) if move.moved else move.top
    if tuple(sorted(placed)) != cards:
        msg = f"{move} does not put back the looked-at cards {list(cards)}"
        raise ValueError(msg)
    known_to = _KNOWN_TO[task.seat]
    draft.set_deck(task.company, rest.put_top(map(known_to.__getitem__, move.top)))
    if move.moved:
        moved = known_to[move.moved]
        if move.to == "remove":
            remove_cards(draft, (moved,))
        else:
            draft.set_deck(move.to, deck_of(draft, move.to).put_bottom(moved))
        if move.to != task.company:
            moved_secretly(draft, task.company, move.to)
    finish(draft)


# Moving the top card of a company deck onto another deck --------------------------------------


def _targets(state: Position, source: str, to: str) -> tuple[str, ...]:
    if to == "next":
        return (neighbour(state, source, 1),)
    if to == "previous":
        return (neighbour(state, source, -1),)
    if to == "choice":
        return tuple(c for c in state.board if c != source)
    return (to,) if to != source else ()


def _move_run(draft: Draft, task: Task) -> None:
    if task.company == "choice" or task.arg in ("choice", "next", "previous"):
        if task.company != "choice" and task.arg != "choice":
            _move_run(draft, evolve(task, arg=_targets(draft, task.company, task.arg)[0]))
        else:
            decide(draft, task, _move_options, _move_chosen)
        return
    deck = deck_of(draft, task.company)
    kind = top_kind(deck)
    if kind == EMPTY or task.arg == task.company:
        finish(draft)
    elif kind == UNKNOWN:
        replace(draft, task)
        wait_chance(draft)
    else:
        (known,), rest = deck.take_top(1)
        if task.n and known.card == HIDDEN:
            msg = (
                f"a view cannot move the {task.company} deck's top card face up: another seat looked at it; "
                "apply the move to the full state"
            )
            raise IllegalMove(msg, code="hidden-in-view", rule="ZOO-11.3")
        draft.set_deck(task.company, rest)
        _put(draft, task, known)


def _put(draft: Draft, task: Task, known: Known) -> None:
    if task.n:
        known = _known(known.card, known.seen_by, True)
    draft.set_deck(task.arg, deck_of(draft, task.arg).put_top((known,)))
    if known.public:
        moved_openly(draft, task.company, task.arg, known.card)
    else:
        moved_secretly(draft, task.company, task.arg)
    finish(draft)


def _move_outcomes(state: Position, task: Task) -> Tokens:
    return state.decks[FRUIT_INDEX[task.company]].middle  # unknown(deck_of(...))


def _move_drawn(draft: Draft, task: Task, card: str) -> None:
    rest = drawn(deck_of(draft, task.company), card)
    draft.set_deck(task.company, rest)
    _put(draft, task, _known(card, _NOBODY, False))


def _move_options(state: Position, task: Task) -> tuple[Move, ...]:
    sources = state.board if task.company == "choice" else (task.company,)
    return tuple(
        MoveTop(source, target)
        for source in sources
        if len(deck_of(state, source))
        for target in _targets(state, source, task.arg)
    )


def _move_chosen(draft: Draft, task: Task, move: Move) -> None:
    assert isinstance(move, MoveTop)
    _move_run(draft, evolve(task, company=move.source, arg=move.target))


# Removing the face-up influence cards -----------------------------------------------------------


def _refresh_run(draft: Draft, task: Task) -> None:
    row = draft.piles.influence_row
    removed = tuple(_known(card, _NOBODY, True) for card in row if card)
    draft.piles = evolve(draft.piles, influence_row=tuple("" for _ in row), removed=draft.piles.removed + removed)
    finish(draft, tuple([DRAW_INFLUENCE(i) for i in range(len(row))]))


OPERATIONS: Final = (
    Operation(
        "draw_row", _row_run, "ZOO-1.4", "refill a slot of a face-up row from its deck", _row_outcomes, _row_drawn
    ),
    Operation("deal", _deal_run, "ZOO-12.5", "deal a hidden goal or an intrigue card", _deal_outcomes, _deal_drawn),
    Operation(
        "look",
        _look_run,
        "ZOO-4.12",
        "look at the top cards of a deck and put them back (covertly, ZOO-6.4)",
        _look_outcomes,
        _look_drawn,
        _look_options,
        _look_chosen,
    ),
    Operation(
        "move_card",
        _move_run,
        "ZOO-11.3",
        "move the top card of a company deck onto another deck",
        _move_outcomes,
        _move_drawn,
        _move_options,
        _move_chosen,
    ),
    Operation("refresh", _refresh_run, "ZOO-6.1", "remove the face-up influence cards and refill the row"),
)
"""The card-moving operations of the operation table."""
