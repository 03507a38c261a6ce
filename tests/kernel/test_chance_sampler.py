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


def test_the_built_in_games_bind_a_sampler_and_the_drill_lists_as_before() -> None:
    """Conservas (since session 29), Archipel and Spolka ZOO bind a sampler; the drill binds none:
    its class's `_sample_chance` is `None`, so the kernel lists its outcomes."""
    import tabletop
    from tabletop.testing import drill

    for name in ("conservas", "archipel", "spolka_zoo"):
        assert tabletop.get_game(name).new_game(1)._sample_chance is not None
    assert type(drill.GAME.new_game(1))._sample_chance is None


def test_the_outcome_sampled_is_kept_with_its_state() -> None:
    """`SAMPLED` holds the last (state, outcome) `sample_chance` returned, from a sampler or a listing."""
    from tabletop.kernel.chance import SAMPLED

    coin = _Coin()
    outcome = sample_chance(coin, random.Random(4))
    assert SAMPLED[0][0] is coin and SAMPLED[0][1] is outcome
    drawn = _Coin(lambda rng: "tails")
    assert sample_chance(drawn, random.Random(4)) == "tails"
    assert SAMPLED[0][0] is drawn and SAMPLED[0][1] == "tails"


def test_apply_takes_the_sampled_outcome_as_legal_and_checks_every_other_move() -> None:
    """`State.apply` skips the look-up for the outcome just sampled from that state only: the same
    outcome applied to another state, or a move not sampled, is checked (and refused) as before."""
    import tabletop
    from tabletop.kernel.chance import SAMPLED
    from tabletop.kernel.errors import IllegalMove

    game = tabletop.get_game("conservas")
    state = game.new_game(3)
    while not state.is_chance_node:
        state = state.apply(state.legal_moves()[0])
    outcome = sample_chance(state, random.Random(2))
    assert SAMPLED[0] == (state, outcome)
    after = state.apply(outcome)
    assert after.to_json() == state.apply(outcome).to_json()  # applied again: found by the scan
    SAMPLED[0] = (after, outcome)  # an outcome kept with another state than the one it is applied to
    with pytest.raises(IllegalMove):
        state.apply(object())  # type: ignore[arg-type]
