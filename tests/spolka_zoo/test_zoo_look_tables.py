"""Issue 12: putting looked-at cards back reads the cards known to the seat from per-seat tables
(`_KNOWN_TO[seat][card]`) and lifts them with `_lift(deck, task.n)`, the deck's length asked on
a miss only: held to the plain path (`Known(card, frozenset({seat}))`, `deck.take_top(min(n,
len(deck)))`) on the looks of seeded games, and every arrangement of a look applied to a state
gives the state the plain path's arithmetic gives."""

from __future__ import annotations

import pytest
from zoo_helpers import random_states

from tabletop.kernel.deck import Known
from tabletop.spolka_zoo.moves import Arrange
from tabletop.spolka_zoo.rules import decks
from tabletop.spolka_zoo.state import FRUIT_INDEX, ZooState


def _looks(seed: int, **options: object) -> list[ZooState]:
    """The states of a seeded random game where a seat arranges looked-at cards."""
    return [
        s
        for s in random_states(seed, **options)
        if s.flow.key == "effects.choose" and s.queue[0].op == "look" and s.queue[0].company != "choice"
    ]


def test_the_known_to_tables_hold_the_plain_known_cards() -> None:
    for seat in range(5):
        for card in ("apple-1", "inf-lemon", "helper-3"):
            known = decks._KNOWN_TO[seat][card]
            assert known == Known(card, frozenset({seat}))
            assert decks._KNOWN_TO[seat][card] is known  # made once
            assert decks._KNOWN_TO[seat].seat == seat


@pytest.mark.parametrize(("seed", "options"), [(1, {"players": 2}), (4, {"players": 5}), (7, {"players": 3})])
def test_lift_is_take_top_of_the_cards_looked_at(seed: int, options: dict[str, object]) -> None:
    looks = _looks(seed, **options)
    assert looks
    for state in looks:
        task = state.queue[0]
        deck = state.decks[FRUIT_INDEX[task.company]]
        cards, rest = deck.take_top(min(task.n, len(deck)))
        for _ in range(2):  # a miss, then the one-entry table's hit
            ids, lifted = decks._lift(deck, task.n)
            assert ids == tuple(sorted(k.card for k in cards)) and lifted == rest


@pytest.mark.parametrize(("seed", "options"), [(1, {"players": 2}), (4, {"players": 5})])
def test_every_arrangement_puts_back_the_cards_known_to_the_seat(seed: int, options: dict[str, object]) -> None:
    for state in _looks(seed, **options)[:3]:
        task = state.queue[0]
        deck = state.decks[FRUIT_INDEX[task.company]]
        _, rest = deck.take_top(min(task.n, len(deck)))
        for move in state.legal_moves():
            assert isinstance(move, Arrange)
            child = state.apply(move)
            top = tuple(Known(card, frozenset({task.seat})) for card in move.top)
            assert child.decks[FRUIT_INDEX[task.company]].top[: len(top)] == top
            if not move.moved or move.to != task.company:
                assert child.decks[FRUIT_INDEX[task.company]] == rest.put_top(top)
