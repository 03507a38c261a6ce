"""Operations that move cards: refilling the face-up rows, dealing secret cards, looking at
the top of a company deck (speculation and look effects), moving a top card to another deck,
and removing the face-up influence cards.

Whenever a card comes from the unknown part of a deck its identity is a chance outcome; who
learns it is recorded on the card (:class:`~tabletop.kernel.deck.Known`), so views hide it
from everybody else.
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.interpreter import Op, decide, finish, register, replace, unknown, wait_chance
from tabletop.spolka_zoo.moves import Arrange, Choose
from tabletop.spolka_zoo.state import FRUIT_INDEX, Piles, Task, ZooState, evolve

__all__ = ["arrangements", "neighbour", "remove_cards", "set_deck", "with_deck"]

_ROWS: Final = {"influence": ("influence", "influence_row"), "helper": ("helper_deck", "helper_row")}
_BOXES: Final = {"goal": "goal_box", "intrigue": "intrigue_box"}


def with_deck(state: ZooState, company: str, deck: Deck) -> tuple[Deck, Deck, Deck]:
    """The company decks with the deck of ``company`` replaced."""
    decks = list(state.decks)
    decks[FRUIT_INDEX[company]] = deck
    return (decks[0], decks[1], decks[2])


def set_deck(state: ZooState, company: str, deck: Deck) -> ZooState:
    """``state`` with the deck of ``company`` replaced."""
    return evolve(state, decks=with_deck(state, company, deck))


def deck_of(state: ZooState, company: str) -> Deck:
    """The deck of ``company``."""
    return state.decks[FRUIT_INDEX[company]]


def remove_cards(state: ZooState, cards: tuple[Known, ...]) -> ZooState:
    """``cards`` leave the game (kept with who has seen them)."""
    return evolve(state, piles=evolve(state.piles, removed=state.piles.removed + cards))


def neighbour(state: ZooState, company: str, step: int) -> str:
    """The company ``step`` boards to the right of ``company`` (wrapping around)."""
    return state.board[(state.board.index(company) + step) % 3]


# Refilling a face-up row ---------------------------------------------------------------------


def _row_run(state: ZooState, task: Task) -> ZooState:
    deck_name, _ = _ROWS[task.arg]
    deck: Deck = getattr(state.piles, deck_name)
    if deck.is_empty:
        return finish(state)
    if deck.top_is_known:
        return _row_drawn(state, task, deck.top_card())
    return wait_chance(state)


def _row_outcomes(state: ZooState, task: Task) -> Tokens:
    return unknown(getattr(state.piles, _ROWS[task.arg][0]))


def _row_drawn(state: ZooState, task: Task, card: str) -> ZooState:
    deck_name, row_name = _ROWS[task.arg]
    _, deck = getattr(state.piles, deck_name).draw(card)
    row = list(getattr(state.piles, row_name))
    row[task.index] = card
    return finish(state, piles=evolve(state.piles, **{deck_name: deck, row_name: tuple(row)}))


register("draw_row", Op(_row_run, _row_outcomes, _row_drawn))


# Dealing a hidden goal or an intrigue card ---------------------------------------------------


def _deal_run(state: ZooState, task: Task) -> ZooState:
    return wait_chance(state)


def _deal_outcomes(state: ZooState, task: Task) -> Tokens:
    deck: Deck = getattr(state.piles, _BOXES[task.arg])
    return deck.middle


def _deal_drawn(state: ZooState, task: Task, card: str) -> ZooState:
    box = _BOXES[task.arg]
    _, deck = getattr(state.piles, box).draw(card)
    seat = state.seats[task.seat]
    if task.arg == "goal":
        seat = evolve(seat, goal=card)
    else:
        seat = evolve(seat, intrigues=tuple(sorted((*seat.intrigues, card))))
    seats = (*state.seats[: task.seat], seat, *state.seats[task.seat + 1 :])
    return finish(evolve(state, seats=seats, piles=evolve(state.piles, **{box: deck})))


register("deal", Op(_deal_run, _deal_outcomes, _deal_drawn))


# Looking at the top of a company deck ----------------------------------------------------------


def _unique(items: tuple[str, ...]) -> list[tuple[str, ...]]:
    return list(dict.fromkeys(itertools.permutations(items)))


@functools.lru_cache(maxsize=8192)
def arrangements(cards: tuple[str, ...], mode: str) -> tuple[Arrange, ...]:
    """Every way to put looked-at ``cards`` back, keeping the order first.

    ``mode`` ``"bottom"``: one card may go to the bottom of any company deck; ``"remove"``:
    one card may leave the game.
    """
    found = dict.fromkeys([Arrange(cards)])
    found.update(dict.fromkeys(Arrange(p) for p in _unique(cards)))
    targets = FRUITS if mode == "bottom" else ("remove",)
    for moved in dict.fromkeys(cards):
        rest = list(cards)
        rest.remove(moved)
        for target in targets:
            found.update(dict.fromkeys(Arrange(p, moved, target) for p in _unique(tuple(rest))))
    return tuple(found)


def _look_run(state: ZooState, task: Task) -> ZooState:
    if task.company == "choice":
        return decide(state, task)
    deck = deck_of(state, task.company)
    k = min(task.n, len(deck))
    if k == 0:
        return finish(state)
    if deck.needs_reveal(k):
        return wait_chance(state)
    state = set_deck(state, task.company, deck.look(k, task.seat))
    return decide(state, task)


def _look_outcomes(state: ZooState, task: Task) -> Tokens:
    return deck_of(state, task.company).middle


def _look_drawn(state: ZooState, task: Task, card: str) -> ZooState:
    deck = deck_of(state, task.company).reveal(card, frozenset({task.seat}))
    return set_deck(state, task.company, deck)


def _look_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    if task.company == "choice":
        return tuple(Choose(f"look {c}") for c in state.board if len(deck_of(state, c)))
    deck = deck_of(state, task.company)
    cards, _ = deck.take_top(min(task.n, len(deck)))
    return arrangements(tuple(k.card for k in cards), task.arg)


def _take_known(pool: list[Known], card: str) -> Known:
    for i, known in enumerate(pool):
        if known.card == card:
            return pool.pop(i)
    msg = f"no looked-at card {card!r}"
    raise ValueError(msg)


def _look_chosen(state: ZooState, task: Task, move: Move) -> ZooState:
    if isinstance(move, Choose):
        task = evolve(task, company=move.option.removeprefix("look "))
        return _look_run(replace(state, task), task)
    assert isinstance(move, Arrange)
    deck = deck_of(state, task.company)
    cards, rest = deck.take_top(min(task.n, len(deck)))
    pool = list(cards)
    top = [_take_known(pool, card) for card in move.top]
    state = set_deck(state, task.company, rest.put_top(top))
    if move.moved:
        moved = _take_known(pool, move.moved)
        if move.to == "remove":
            state = remove_cards(state, (moved,))
        else:
            state = set_deck(state, move.to, deck_of(state, move.to).put_bottom(moved))
    return finish(state)


register("look", Op(_look_run, _look_outcomes, _look_drawn, _look_options, _look_chosen))


# Moving the top card of a company deck onto another deck --------------------------------------


def _targets(state: ZooState, source: str, to: str) -> tuple[str, ...]:
    if to == "next":
        return (neighbour(state, source, 1),)
    if to == "previous":
        return (neighbour(state, source, -1),)
    if to == "choice":
        return tuple(c for c in state.board if c != source)
    return (to,) if to != source else ()


def _move_run(state: ZooState, task: Task) -> ZooState:
    if task.company == "choice" or task.arg in ("choice", "next", "previous"):
        if task.company != "choice" and task.arg != "choice":
            return _move_run(state, evolve(task, arg=_targets(state, task.company, task.arg)[0]))
        return decide(state, task)
    deck = deck_of(state, task.company)
    if deck.is_empty or task.arg == task.company:
        return finish(state)
    if not deck.top_is_known:
        return wait_chance(replace(state, task))
    (known,), rest = deck.take_top(1)
    return _put(set_deck(state, task.company, rest), task, known)


def _put(state: ZooState, task: Task, known: Known) -> ZooState:
    if task.n:
        known = Known(known.card, known.seen_by, public=True)
    return finish(set_deck(state, task.arg, deck_of(state, task.arg).put_top((known,))))


def _move_outcomes(state: ZooState, task: Task) -> Tokens:
    return unknown(deck_of(state, task.company))


def _move_drawn(state: ZooState, task: Task, card: str) -> ZooState:
    _, rest = deck_of(state, task.company).draw(card)
    return _put(set_deck(state, task.company, rest), task, Known(card))


def _move_options(state: ZooState, task: Task) -> tuple[Move, ...]:
    sources = state.board if task.company == "choice" else (task.company,)
    return tuple(
        Choose(f"deck {source}>{target}")
        for source in sources
        if len(deck_of(state, source))
        for target in _targets(state, source, task.arg)
    )


def _move_chosen(state: ZooState, task: Task, move: Move) -> ZooState:
    assert isinstance(move, Choose)
    source, _, target = move.option.removeprefix("deck ").partition(">")
    return _move_run(state, evolve(task, company=source, arg=target))


register("move_card", Op(_move_run, _move_outcomes, _move_drawn, _move_options, _move_chosen))


# Removing the face-up influence cards -----------------------------------------------------------


def _refresh_run(state: ZooState, task: Task) -> ZooState:
    row = state.piles.influence_row
    removed = tuple(Known(card, public=True) for card in row if card)
    piles: Piles = evolve(state.piles, influence_row=tuple("" for _ in row))
    state = remove_cards(evolve(state, piles=piles), removed)
    return finish(state, *(Task("draw_row", arg="influence", index=i) for i in range(len(row))))


register("refresh", Op(_refresh_run))
