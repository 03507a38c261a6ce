"""Archipel's own chance draw (`rules.sample_chance`, bound with `State.bind(sample_chance=...)`):
the kernel's `sample_chance` picks the same outcome from the same number as listing the outcomes
(`pick(chance_outcomes(), u)`), at every chance step (ARC-1.7 deals, ARC-4.9 restocks, ARC-3.2
exposures), and leaves the listing to the kernel where it draws nothing."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.archipel import rules
from tabletop.archipel.state import ArchipelState
from tabletop.kernel.chance import chance_uniform, pick, sample_chance


def _chance_states(players: int, seeds: range) -> list[ArchipelState]:
    game = tabletop.get_game("archipel")
    found: list[ArchipelState] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed, players=players, declare="supplied")
        while not state.is_terminal:
            if state.is_chance_node:
                found.append(state)
                move = sample_chance(state, rng)
            else:
                move = rng.choice(state.legal_moves())
            state = state.apply(move)
    return found


@pytest.mark.parametrize("players", [2, 5])
def test_the_sampler_picks_what_the_listing_picks(players: int) -> None:
    states = _chance_states(players, range(6))
    assert {s.flow.key for s in states} == {"setup.deal", "harbour.restock", "turn.expose"}
    for k, state in enumerate(states):
        for seeded in (random.Random(k), None):
            u = chance_uniform(state, random.Random(k) if seeded else None)
            drawn = rules.sample_chance(state, seeded)
            assert drawn is not None
            assert drawn is pick(state.chance_outcomes(), u)


def test_the_sampler_draws_nothing_off_a_chance_node_or_in_a_view_without_rng() -> None:
    game = tabletop.get_game("archipel")
    state = game.new_game(1, players=3)
    assert rules.sample_chance(state, None) is not None  # setup.deal
    view = state.view(0)
    assert rules.sample_chance(view, None) is None
    with pytest.raises(ValueError, match="has no seed"):
        sample_chance(view)
    while state.is_chance_node:
        state = state.apply(sample_chance(state))
    rng = random.Random(0)
    assert rules.sample_chance(state, rng) is None
    with pytest.raises(ValueError, match="not a chance node"):
        sample_chance(state, rng)
