"""Spółka ZOO's sampler walks the shares of the cards without listing the outcomes
(`rules.sample_chance`): at every boundary of the kernel's walk (each running sum, the floats
just below and above it, 0 and the float just below 1) it picks the very outcome the kernel's
`pick` picks from the listed outcomes."""

from __future__ import annotations

import math
import random

from tabletop.kernel.chance import pick, sample_chance
from tabletop.spolka_zoo import GAME, ZooState, rules


class _Fixed(random.Random):
    """An rng whose next number is `u`."""

    def __init__(self, u: float) -> None:
        super().__init__(0)
        self.u = u

    def random(self) -> float:
        return self.u


def _draws(options: dict[str, object], seed: int) -> list[ZooState]:
    """The card draws of a seeded random game."""
    rng = random.Random(seed)
    state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
    found = []
    while not state.is_terminal:
        if state.is_chance_node and state.flow.step == "draw":
            found.append(state)
        move = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)
    return found


def test_every_boundary_of_the_walk_picks_what_the_kernel_picks() -> None:
    checked = 0
    for options in ({"players": 1, "bots": 4}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}):
        for state in _draws(options, 3):
            outcomes = state.chance_outcomes()
            sums, acc = [], 0.0
            for _, p in outcomes:
                acc += p
                sums.append(acc)
            points = {0.0, math.nextafter(1.0, 0.0)}
            for s in sums:
                points |= {s, math.nextafter(s, 0.0), math.nextafter(s, 2.0)}
            for u in sorted(p for p in points if 0.0 <= p < 1.0):
                assert rules.sample_chance(state, _Fixed(u)) is pick(outcomes, u)
                checked += 1
    assert checked > 1000


def test_the_walk_from_the_last_card_picks_what_the_kernel_picks() -> None:
    """Above one half, `sample_chance` walks from the last card by whole counts (and walks as the kernel
    does near a bound): for many numbers across the upper half of each draw, and for the numbers whose
    `u * total` lies just inside and just outside the margin around every whole number, it picks the
    kernel's outcome."""
    checked = 0
    rng = random.Random(12)
    for options in ({"players": 1, "bots": 4}, {"players": 5}, {"players": 2}):
        for state in _draws(options, 4):
            outcomes = state.chance_outcomes()
            points = {0.5, math.nextafter(0.5, 0.0), math.nextafter(1.0, 0.0)}
            points |= {0.5 + rng.random() / 2 for _ in range(60)}
            cards = rules._OUTCOMES[state.queue[0].op](state, state.queue[0])
            total = cards.total
            for whole in range(total // 2, total + 1):
                for offset in (0.0, rules._MARGIN / 2, rules._MARGIN * 2):
                    for x in (whole - offset, whole + offset):
                        u = x / total
                        points |= {u, math.nextafter(u, 0.0), math.nextafter(u, 2.0)}
            for u in sorted(p for p in points if 0.0 <= p < 1.0):
                assert rules.sample_chance(state, _Fixed(u)) is pick(outcomes, u)
                checked += 1
    assert checked > 10_000
