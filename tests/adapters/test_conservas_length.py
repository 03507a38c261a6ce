"""Conservas's `max_game_length`, derived from the rules and the cards (issue 13).

Checked by random play of every month and goal, by a "longest-game" policy preferring what
prolongs the game, and phase by phase (setup, At Sea, On Land, End of Day of each round)
against the derived counts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from adapter_helpers import counted_game, prolonging
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import adapters
from tabletop.adapters.conservas_length import (
    SETUP_STEPS,
    LengthBound,
    fleet_at_sea,
    game_length_bound,
    length_bound,
    sea_steps,
)
from tabletop.conservas import GAME
from tabletop.conservas.content import MONTH_NAMES, MONTHS, UPGRADES
from tabletop.conservas.moves import Buy, Done, Redraw, Row, Sell, Trade
from tabletop.kernel.protocol import Move, State

Policy = Callable[[State, random.Random], Move]
_SEA_KINDS = ("draw_count", "sift", "redraw")


def uniform(state: State, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(state.legal_moves())


def _weight(state: State, move: Move) -> int:
    """How much a move prolongs the game: boats (a handful and an upkeep more every round,
    CON-2.5, CON-4.6), upgrades that draw more (CON-6.3, CON-6.4, CON-6.6), redraws, sales
    one space at a time, discarded rows (3 more cards dealt, CON-4.3)."""
    if isinstance(move, Buy):
        return 9
    if isinstance(move, Trade):
        return 8 if UPGRADES[move.card].effect.kind in _SEA_KINDS else 5
    if isinstance(move, Redraw):
        return 7
    if isinstance(move, Sell):
        return 6 - move.paid.total
    if isinstance(move, Row):
        return 4 if move.discard else 3
    if isinstance(move, Done):
        return 0
    return 2


longest: Policy = prolonging(_weight, explore=1 / 7)
"""The "longest-game" policy: the moves that prolong most, one at random; a random move
one time in seven."""


def phase(state: State) -> tuple[str, int]:
    """The phase and round of a step."""
    return (state.flow.phase, state.flow.round)


def counted(seed: int, policy: Policy, month: str, goal: str = "standard") -> tuple[Counter[tuple[str, int]], int]:
    state = GAME.new_game(seed=seed, month=month, goal=goal)
    _, phases, steps = counted_game(state, policy, phase, random.Random(seed))
    return phases, steps


def check_within(month: str, phases: Counter[tuple[str, int]], steps: int) -> LengthBound:
    bound = length_bound(month)
    assert steps == sum(phases.values()) <= bound.total
    assert phases[("setup", 1)] <= bound.setup
    for r in range(1, MONTHS[month].rounds + 1):
        assert phases[("sea", r)] <= bound.sea[r - 1], (r, phases, bound)
        assert phases[("land", r)] <= bound.land[r - 1], (r, phases, bound)
        assert phases[("eod", r)] <= bound.end_of_day[r - 1], (r, phases, bound)
    return bound


@settings(max_examples=25)
@given(
    st.sampled_from(MONTH_NAMES),
    st.sampled_from(("standard", "difficult")),
    st.integers(0, 2**32),
    st.sampled_from([uniform, longest]),
)
def test_no_game_of_any_month_exceeds_its_bound_phase_by_phase(
    month: str, goal: str, seed: int, policy: Policy
) -> None:
    """CON-4.9: the setup, then At Sea, On Land and End of Day of every round, each within
    its derived count, under random play and under the longest-game policy."""
    check_within(month, *counted(seed, policy, month, goal))


@pytest.mark.parametrize("month", MONTH_NAMES)
def test_the_longest_game_policy_stays_under_the_bound(month: str) -> None:
    """The adversarial check: buying every boat it can, the upgrades that draw more,
    redrawing, selling one space at a time, discarding rows (CON-2.5, CON-3.7, CON-4.3,
    CON-6.3 to CON-6.6), over several seeds: never over any phase's bound."""
    for seed in range(4):
        check_within(month, *counted(seed, longest, month))


def test_the_setup_and_the_first_round_at_sea_are_exact() -> None:
    """CON-1.5 to CON-1.8: two boats offered, the choice, three boats and three upgrades dealt;
    CON-2.1, CON-2.5: in round 1 (one boat, no upgrade) two handfuls of 5 draws and a placement."""
    for month in MONTH_NAMES[:4]:
        phases, _ = counted(1, uniform, month)
        assert phases[("setup", 1)] == SETUP_STEPS == 9
        assert phases[("sea", 1)] == sea_steps(1) == 2 * (5 + 1)


def test_the_cards_held_grow_by_the_rows() -> None:
    """CON-3.8: bought cards are replaced only at the End of Day, so a round adds at most 3
    boats; the fleet never exceeds the 18 boats."""
    assert [fleet_at_sea(r) for r in (1, 2, 3, 7)] == [1, 4, 7, 18]
    assert all(sea_steps(r) <= sea_steps(r + 1) for r in range(1, 10))


def test_every_bridge_uses_its_months_bound() -> None:
    """OpenSpiel's `max_game_length` is the month's derived bound (the goal changes none), far
    below the old guess of 1000 steps a round."""
    for month in MONTH_NAMES:
        bound = game_length_bound(month)
        assert adapters.bridge("conservas", month=month).max_game_length == bound
        assert adapters.bridge("conservas", month=month, goal="difficult").max_game_length == bound
        assert bound < 8 + MONTHS[month].rounds * 1000 // 3


def test_the_ai_page_gives_the_bounds() -> None:
    """docs/ai/layouts.md names the smallest and the largest bound as the code derives them."""
    docs = Path(__file__).resolve().parents[2] / "docs" / "ai"
    bounds = [game_length_bound(m) for m in MONTH_NAMES]
    assert f"from {min(bounds):,} to {max(bounds):,} steps" in (docs / "layouts.md").read_text(encoding="utf-8")
    assert f"Conservas {min(bounds):,} to {max(bounds):,} steps" in (docs / "openspiel.md").read_text(encoding="utf-8")
