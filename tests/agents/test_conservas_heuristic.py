"""Conservas' evaluation hook remembers its parts by what they read: never a stale answer."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.conservas import heuristic
from tabletop.conservas.content import KINDS, MONTHS
from tabletop.conservas.state import ConservasState


def _positions(month: str, goal: str, seed: int) -> list[ConservasState]:
    """Every position after a legal move along one game, half random, half greedy."""
    game = tabletop.get_game("conservas")
    rng = random.Random(seed)
    state = game.new_game(seed, month=month, goal=goal)
    found: list[ConservasState] = []
    while not state.is_terminal:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        afters = [state.apply(move) for move in state.legal_moves()]
        found.extend(a for a in afters if isinstance(a, ConservasState) and a.outcome is None)
        if rng.random() < 0.5:
            state = rng.choice(afters)
        else:
            state = max(afters, key=lambda a: heuristic.evaluate(a.view(0), 0))
    return found


@pytest.mark.parametrize(("month", "goal", "seed"), [("january", "standard", 1), ("june", "difficult", 2)])
def test_remembered_parts_equal_a_fresh_reckoning(month: str, goal: str, seed: int) -> None:
    """Along real games (whose positions share most fields), each remembered part of the
    estimate gives what the part itself computes for that position: its key names every
    field it reads."""
    checked = 0
    for state in _positions(month, goal, seed):
        view = state.view(0)
        assert isinstance(view, ConservasState)
        m = MONTHS[view.month]
        left = m.rounds - view.flow.round
        sea = heuristic._sea(view.bag.contents, view.hand, view.deep, heuristic._spawning(view))
        fished = tuple(sea[kind] > 0 for kind in KINDS)
        parts = (
            (heuristic._demand, (view, m), {}),
            (heuristic._sales, (view, m), {}),
            (heuristic._spawning, (view,), {}),
            (heuristic._catch_sizes, (view,), {}),
            (heuristic._upkeep_due, (view, m, left), {"pending": True}),
            (heuristic._upkeep_due, (view, m, left), {"pending": False}),
            (heuristic._draws, (view,), {}),
            (heuristic._owned_worth, (view, left), {"pending": True, "fished": fished}),
            (heuristic._owned_worth, (view, left), {"pending": False, "fished": fished}),
        )
        for part, args, kwargs in parts:
            assert part(*args, **kwargs) == part.__wrapped__(*args, **kwargs), part.__name__  # type: ignore[attr-defined]
            checked += 1
    assert checked > 100


def test_numbers_are_equal_exactly_when_the_values_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """The numbers standing for a field in the parts' keys: the same object or an equal one
    gets the same number, a different value another, also after the tables start afresh."""
    monkeypatch.setattr(heuristic, "_CACHE_SIZE", 3)
    numbers = heuristic._Numbers()
    first = ("a", "b")
    equal = tuple("ab")  # equal, another object
    assert equal is not first
    assert numbers(first) == numbers(first) == numbers(equal)
    seen = {numbers(first)}
    for other in [("c",), ("d",), ("e",), ("f",)]:  # more values than the tables keep
        number = numbers(other)
        assert number not in seen
        assert numbers(other) == number
        seen.add(number)
    again = numbers(first)  # met again after the tables started afresh: a new number...
    assert numbers(("a", "b")) == again  # ...that equal values share
    assert again != numbers(("f",))
