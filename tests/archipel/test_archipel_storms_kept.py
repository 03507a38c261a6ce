"""Archipel's storm spaces, once found sound, are kept with the very board they were found sound
on (issue 12: `state_from_json`): a state sharing them is not checked again, and a storm card
moved to a space of another number is still refused, at its space."""

from __future__ import annotations

import random

import attrs
import pytest

import tabletop
from tabletop.archipel.content.kinds import storm_number
from tabletop.archipel.invariants import check_invariants
from tabletop.kernel.errors import InvariantBroken


def _stormy() -> object:
    """A state of a seeded game with a numbered storm card on its space."""
    game = tabletop.get_game("archipel")
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_game(seed, players=2)
        while not state.is_terminal:
            if any(card and storm_number(card) for card in state.storms):
                return state
            state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no storm card in 20 games")


def test_a_storm_card_moved_to_another_number_is_refused_after_a_sound_check() -> None:
    state = _stormy()
    check_invariants(state)
    check_invariants(state)  # kept: the same storms on the same board
    i = next(i for i, card in enumerate(state.storms) if card and storm_number(card))
    card, j = state.storms[i], (i + 1) % len(state.storms)
    storms = list(state.storms)
    storms[i], storms[j] = storms[j], card
    with pytest.raises(InvariantBroken, match=f"{card} lies on storm space {state.map.storm_numbers[j]}") as caught:
        check_invariants(attrs.evolve(state, storms=tuple(storms)))
    assert (caught.value.path, caught.value.rule) == (f"storms[{j}]", "ARC-4.3")
    check_invariants(state)
