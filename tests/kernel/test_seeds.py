"""A seed is a whole number from 0 to 2**63 - 1: `new_game` refuses any other naming `seed` and the value."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import tabletop
import tabletop.archipel
from tabletop.kernel.chance import seeded_uniform
from tabletop.kernel.seeds import MAX_SEED, SeedError, check_seed
from tabletop.testing.drill import GAME as DRILL

GAMES = [tabletop.get_game(name) for name in tabletop.GAMES] + [DRILL]

#: Values no game takes as its seed, each with the text its refusal quotes.
REFUSED: list[tuple[Any, str]] = [
    (-1, "got -1"),
    (True, "got True"),
    (False, "got False"),
    (MAX_SEED + 1, f"got {MAX_SEED + 1}"),
    (2**64, f"got {2**64}"),
    (10**5000, "got an integer of about 5000 digits"),
    (-(10**300), "got a negative integer of 301 digits"),
    (1.0, "got 1.0"),
    ("7", "got '7'"),
    ([7], "got [7]"),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize(("seed", "quoted"), REFUSED, ids=[quoted for _, quoted in REFUSED])
def test_new_game_refuses_a_seed_out_of_range_naming_it(game: tabletop.Game, seed: Any, quoted: str) -> None:
    """A negative, too large, boolean or non-integer seed is a `SeedError` (a `ValueError`) naming `seed`
    and the value, in a short sentence (a 5000-digit seed is counted, not quoted)."""
    with pytest.raises(tabletop.SeedError) as refused:  # the public name is the kernel's class
        game.new_game(seed)
    assert isinstance(refused.value, ValueError) and tabletop.SeedError is SeedError
    assert (refused.value.field, refused.value.value) == ("seed", seed)
    assert str(refused.value).startswith("seed must be a whole number from 0 to 9223372036854775807 (2**63 - 1)")
    assert str(refused.value).endswith(quoted)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_new_game_takes_the_whole_range(game: tabletop.Game) -> None:
    """0 and 2**63 - 1 are seeds; an integer of another type (numpy's) is read as an `int` seed."""
    assert game.new_game(0).seed == 0
    assert game.new_game(MAX_SEED).seed == MAX_SEED
    state = game.new_game(np.int64(12))
    assert type(state.seed) is int
    assert state == game.new_game(12)


def test_a_game_packages_own_new_game_refuses_too() -> None:
    """The game packages' `new_game` wrappers go through the same door (Archipel's has its own function)."""
    with pytest.raises(SeedError, match="seed must be"):
        tabletop.archipel.new_game(seed=2**63)


def test_the_drawn_seeds_are_in_range() -> None:
    """`new_game()` without a seed draws one in the range it would accept."""
    for game in GAMES:
        seed = game.new_game().seed
        assert check_seed(seed) == seed


def test_every_seed_in_range_plays_its_own_chance() -> None:
    """Why the top is 2**63 - 1 and not more: the chance mix is 64-bit, so a seed of 2**64 or more would play
    exactly the game of a seed below it."""
    assert seeded_uniform(2**64 + 5, 3) == seeded_uniform(5, 3)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64, 10**40])
def test_a_saved_state_with_a_seed_out_of_range_is_refused_naming_it(game: tabletop.Game, seed: int) -> None:
    """A state's JSON holds the seeds `new_game` takes: one over 2**63 - 1 (it read as any other) or below
    0 is a `DecodeError` at `state.seed`, in the words of `new_game`'s refusal."""
    data = json.loads(game.new_game(5).to_json())
    assert data["state"]["seed"] == 5
    data["state"]["seed"] = seed
    with pytest.raises(tabletop.DecodeError) as refused:
        game.state_from_json(json.dumps(data))
    assert refused.value.path == "state.seed"
    assert "seed must be a whole number from 0 to 9223372036854775807 (2**63 - 1); got" in str(refused.value)
    data["state"]["seed"] = MAX_SEED  # the top itself reads
    assert game.state_from_json(json.dumps(data)).seed == MAX_SEED
