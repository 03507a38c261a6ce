"""Conservas' own chance draw (`rules.sample_chance`, bound with `State.bind(sample_chance=...)`):
the kernel's `sample_chance` picks the same outcome from the same number as listing the outcomes
(`pick(chance_outcomes(), u)`) at every bag draw (CON-2.1) and card dealt (CON-1.5, CON-1.6,
CON-1.8, CON-4.3, CON-4.4), and leaves the listing to the kernel where it draws nothing."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.conservas import rules
from tabletop.conservas.state import ConservasState
from tabletop.kernel.chance import chance_uniform, pick, sample_chance


def _chance_states(month: str, seeds: range) -> list[ConservasState]:
    """The chance nodes of random games, each outcome sampled by the kernel from an `rng`."""
    game = tabletop.get_game("conservas")
    found: list[ConservasState] = []
    for seed in seeds:
        rng, state = random.Random(seed), game.new_game(seed, month=month)
        while not state.is_terminal:
            chance = state.is_chance_node
            found += [state] if chance else []
            state = state.apply(sample_chance(state, rng) if chance else rng.choice(state.legal_moves()))
    return found


@pytest.mark.parametrize("month", ["january", "december"])
def test_the_sampler_picks_what_the_listing_picks(month: str) -> None:
    states = _chance_states(month, range(4))
    assert {s.flow.key for s in states} >= {"sea.draw", "setup.offer", "setup.deal", "eod.boat_deal"}
    for k, state in enumerate(states):
        for seeded in (random.Random(k), None):
            u = chance_uniform(state, random.Random(k) if seeded else None)
            drawn = rules.sample_chance(state, seeded)
            assert drawn is pick(state.chance_outcomes(), u)
            assert drawn is sample_chance(state, random.Random(k) if seeded else None)


def test_the_sampler_draws_nothing_off_a_chance_node_or_in_a_view_without_rng() -> None:
    state = next(s for s in _chance_states("january", range(1)) if s.flow.key == "sea.draw")
    assert rules.sample_chance(state, None) is not None
    view = state.view(0)
    assert rules.sample_chance(view, None) is None
    with pytest.raises(ValueError, match="has no seed"):
        sample_chance(view)
    assert rules.sample_chance(view, random.Random(0)) is not None  # a view draws with an rng
    decision = tabletop.get_game("conservas").new_game(0)
    while decision.is_chance_node:
        decision = decision.apply(sample_chance(decision))
    assert rules.sample_chance(decision, random.Random(0)) is None
    with pytest.raises(ValueError, match="not a chance node"):
        sample_chance(decision, random.Random(0))
