"""Shared helpers of the adapter tests: an extra's test skips only where the extra is not installed.

In CI (`TABLETOP_REQUIRE_EXTRAS=1`, set by `.ci/run`) a missing extra fails instead of skipping.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from collections import Counter
from collections.abc import Callable, Hashable

import pytest
from hypothesis import strategies as st

import tabletop


def require(module: str):
    """Import `module`, or skip the test (fail in CI) when its extra is not installed."""
    if importlib.util.find_spec(module) is None:
        if os.environ.get("TABLETOP_REQUIRE_EXTRAS") == "1":
            pytest.fail(f"{module} is not installed, but TABLETOP_REQUIRE_EXTRAS=1 requires every extra")
        pytest.skip(f"{module} is not installed (pip install -e '.[dev]')")
    return importlib.import_module(module)


def has_bridge(game: str) -> bool:
    """True when `tabletop.adapters.<game>` exists (Spółka ZOO's comes from another branch)."""
    return importlib.util.find_spec(f"tabletop.adapters.{game}") is not None


ZOO_MODULES = ("events", "hidden_goals", "intrigues")
ZOO_SEATS = [(p, b) for p in range(1, 6) for b in range(5) if 2 <= p + b <= 5]
"""Spółka ZOO's seat counts: 1 to 5 players, 0 to 4 bots, 2 to 5 seats (ZOO-13.1)."""


@st.composite
def zoo_configs(draw: st.DrawFn) -> dict[str, object]:
    """Every option of Spółka ZOO: seats, modules, the readings, money and fruit."""
    players, bots = draw(st.sampled_from(ZOO_SEATS))
    return {
        "players": players,
        "bots": bots,
        "modules": tuple(m for m in ZOO_MODULES if draw(st.booleans())),
        "seating": draw(st.sampled_from(("humans-first", "alternate"))),
        "bot_rule": draw(st.sampled_from(("any-effect", "all-effects"))),
        "unowned_cards": draw(st.sampled_from(("ignored", "resolved"))),
        "empty_board_ties": draw(st.sampled_from(("paid", "unpaid"))),
        "warehouse_fruit": draw(st.sampled_from(("printed", "less-starting"))),
        "starting_money": draw(st.integers(0, 50)),
        "starting_fruits": draw(st.integers(0, 3)),
    }


def counted_game(state, policy: Callable, phase: Callable[..., Hashable], rng: random.Random):
    """Play `state` to its end, chance by its own probabilities, decisions by
    `policy(state, rng)`: the last state, the steps by `phase(state)`, the number of steps."""
    phases: Counter = Counter()
    steps = 0
    while not state.is_terminal:
        phases[phase(state)] += 1
        steps += 1
        state = state.apply(tabletop.sample_chance(state, rng) if state.is_chance_node else policy(state, rng))
    return state, phases, steps


def prolonging(weight: Callable, explore: float, floor: int | None = None) -> Callable:
    """A "longest-game" policy: in each state the move of the highest `weight(state, move)`
    (one at random among equals); a random move with probability `explore`, among those
    weighing more than `floor` when given, so different seeds explore different games."""

    def policy(state, rng: random.Random):
        moves = state.legal_moves()
        if rng.random() < explore:
            allowed = [m for m in moves if floor is None or weight(state, m) > floor]
            return rng.choice(allowed or moves)
        best = max(weight(state, m) for m in moves)
        return rng.choice([m for m in moves if weight(state, m) == best])

    return policy
