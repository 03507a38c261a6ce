"""Spółka ZOO's invariants skip the open-pile check while its four decks are the very objects of
the last sound state, and the makeup check while the resolving cards, the shown piles, the
company decks and their makeups are: a state that changed any of them is checked again, and
gets the plain check's verdict (message, path and rule), on many seeded states and on copies
with one part changed (issue 12)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import attrs
import pytest
from zoo_helpers import ZooVerdict as Verdict
from zoo_helpers import random_states
from zoo_helpers import verdict_after as _after
from zoo_helpers import verdict_alone as _alone

from tabletop.kernel.deck import Deck, Known
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.state import ZooState

MODULE = sys.modules["tabletop.spolka_zoo.invariants"]  # the package names its function so
MAKEUP = sys.modules["tabletop.spolka_zoo.state.makeup"]

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 5},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
    {"players": 1, "bots": 4},
]
OPEN = ("influence", "helper_deck", "bot_deck", "event_deck")


def _sample(seed: int, options: dict[str, Any], every: int = 9) -> list[ZooState]:
    return random_states(seed, **options)[::every]


def _known_on_top(deck: Deck) -> Deck:
    """`deck` with a card of its middle moved to a known place on top (the same cards)."""
    card = next(iter(deck.middle))
    return attrs.evolve(deck, top=(Known(card), *deck.top), middle=deck.middle.remove(card))


def _pile_changes(state: ZooState) -> dict[str, ZooState]:
    """Copies of `state` with new piles: an open pile with a card in a known place (refused),
    every open pile copied anew, or the piles alone anew (sound)."""
    piles = state.piles
    changed = {
        name: attrs.evolve(state, piles=attrs.evolve(piles, **{name: _known_on_top(getattr(piles, name))}))
        for name in OPEN
        if getattr(piles, name).middle
    }
    anew = {name: attrs.evolve(getattr(piles, name)) for name in OPEN}
    changed["open piles anew"] = attrs.evolve(state, piles=attrs.evolve(piles, **anew))
    changed["piles anew"] = attrs.evolve(state, piles=attrs.evolve(piles))
    return changed


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_open_piles_changed_after_a_sound_state_are_checked_as_alone(options: dict[str, Any]) -> None:
    """ZOO-4.10, ZOO-4.11, ZOO-12.2, ZOO-13.3: after a sound state, new piles whose open decks are
    its very objects skip the open-pile check, and any other gets the plain verdict: every step of
    a seeded game, and copies with a card in a known place of an open pile or its decks anew."""
    found = _checked_as_alone(4, options, 7, _pile_changes)
    refused = [(name, verdict) for name, verdict in found if verdict is not None]
    assert all(verdict[1] == f"piles.{name}" for name, verdict in refused)
    assert "ZOO-4.11" in {verdict[2] for _, verdict in refused}


def _checked_as_alone(
    seed: int, options: dict[str, Any], every: int, changes: Callable[[ZooState], dict[str, ZooState]]
) -> list[tuple[str, Verdict]]:
    """Check that every step of a seeded game is found sound after the one before it, and that
    the copies `changes` makes of every `every`-th state get the same verdict after it as alone
    (sound exactly for the copies named "... anew"); return those copies' names and verdicts."""
    states = random_states(seed, **options)
    for before, after in pairwise(states):
        assert _after(before, after) is None
    found = []
    for state in states[::every]:
        for name, changed in changes(state).items():
            verdict = _alone(changed)
            assert _after(state, changed) == verdict, name
            assert (verdict is None) == name.endswith("anew"), name
            found.append((name, verdict))
    return found


def _shown_changes(state: ZooState) -> dict[str, ZooState]:
    """Copies of `state` with new piles whose cards being resolved or shown piles changed (the
    company decks and makeups its very objects): anew (sound), or, while a company deck is being
    resolved, said of another company or one card fewer."""
    piles = state.piles
    changed = {
        "resolving anew": attrs.evolve(state, piles=attrs.evolve(piles, resolving=(*piles.resolving,))),
        "shown anew": attrs.evolve(state, piles=attrs.evolve(piles, shown=(*piles.shown,))),
    }
    if piles.resolving:
        company, card = piles.shown[-1]
        other = FRUITS[(FRUITS.index(company) + 1) % len(FRUITS)]
        shown = (*piles.shown[:-1], (other, card))
        changed["another company"] = attrs.evolve(state, piles=attrs.evolve(piles, shown=shown))
        changed["a card fewer"] = attrs.evolve(state, piles=attrs.evolve(piles, resolving=piles.resolving[1:]))
    return changed


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_makeups_after_a_sound_state_are_checked_as_alone(options: dict[str, Any]) -> None:
    """ZOO-1.2, ZOO-4.11: after a sound state, new piles whose cards being resolved and shown
    piles are its very objects skip the makeups' check (the decks and makeups the same too), and
    any other gets the plain verdict: every step of a seeded game, and copies with what is being
    resolved anew, said of another company, or short of a card."""
    found = _checked_as_alone(6, options, 3, _shown_changes)
    assert any(verdict[1].startswith("deck_makeup[") for _, verdict in found if verdict is not None)
