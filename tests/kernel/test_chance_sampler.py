"""The kernel's sampling hook: `sample_chance` asks a state's own `_sample_chance(rng)` first and
lists the outcomes only when it answers `None`; `chance_uniform` is the number both draw from."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from tabletop.kernel.chance import chance_uniform, pick, sample_chance, seeded_uniform


class _Coin:
    """A chance state of two outcomes, with an optional sampler."""

    seed: int | None = 7
    chance_count = 3

    def __init__(self, sampler: Any = None) -> None:
        self.listed = 0
        if sampler is not None:
            self._sample_chance = sampler

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        self.listed += 1
        return (("heads", 0.25), ("tails", 0.75))


def test_chance_uniform_is_the_number_sample_chance_picks_at() -> None:
    coin = _Coin()
    assert chance_uniform(coin, random.Random(3)) == random.Random(3).random()
    assert chance_uniform(coin) == seeded_uniform(7, 3)
    for k in range(20):
        assert sample_chance(coin, random.Random(k)) == pick(coin.chance_outcomes(), random.Random(k).random())
    coin.seed = None
    with pytest.raises(ValueError, match="has no seed"):
        chance_uniform(coin)


def test_a_sampler_answers_without_a_listing() -> None:
    calls: list[random.Random | None] = []

    def sampler(rng: random.Random | None) -> str:
        calls.append(rng)
        return "tails"

    coin = _Coin(sampler)
    rng = random.Random(1)
    assert sample_chance(coin, rng) == "tails"
    assert calls == [rng]
    assert coin.listed == 0


def test_a_sampler_answering_none_leaves_it_to_the_listing() -> None:
    coin = _Coin(lambda rng: None)
    assert sample_chance(coin, random.Random(0)) == pick(coin.chance_outcomes(), random.Random(0).random())
    assert coin.listed == 2


def test_the_built_in_games_without_a_sampler_list_as_before() -> None:
    """Conservas and Archipel bind no sampler: the class's `_sample_chance` is `None`."""
    import tabletop

    for name in ("conservas", "archipel"):
        state = tabletop.get_game(name).new_game(1)
        assert type(state)._sample_chance is None
    assert tabletop.get_game("spolka_zoo").new_game(1)._sample_chance is not None
