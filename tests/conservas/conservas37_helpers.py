"""Helpers of the session-37 tests of Conservas' reading (issue 12): seeded states, and the
invariants' verdict (`None`, or the refusal's type, message, path and rule)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import tabletop
from tabletop.conservas.state import ConservasState
from tabletop.kernel.chance import sample_chance

GAME = tabletop.get_game("conservas")

CONFIGURATIONS: list[dict[str, Any]] = [{"month": "january"}, {"month": "december", "goal": "difficult"}]
"""The configurations the benchmarks read."""


def seeded_states(options: dict[str, Any], seed: int) -> Iterator[ConservasState]:
    """Every state of a random game from `seed` (chance sampled by probability), in order."""
    rng = random.Random(seed)
    state: Any = GAME.new_game(seed, **options)
    yield state
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)
        yield state


def invariants_verdict(state: Any) -> tuple[str, str, str, str] | None:
    """`None` if Conservas' invariants hold for `state`, else the refusal's type, message, path
    and rule (any exception: a state the plain check cannot read either)."""
    try:
        GAME.invariants(state)
    except Exception as exc:
        return type(exc).__name__, str(exc), getattr(exc, "path", ""), getattr(exc, "rule", "")
    return None
