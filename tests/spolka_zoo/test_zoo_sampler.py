"""Spółka ZOO draws a card at a chance node without listing the outcomes (`rules.sample_chance`,
bound as the state's `_sample_chance`): the same outcome object as the kernel's listing would
pick from the same number, the same state after it, the same errors in a view, and the one
sampled move it remembers never makes another state's move legal."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.chance import SAMPLED, pick, sample_chance, seeded_uniform
from tabletop.kernel.errors import IllegalMove
from tabletop.spolka_zoo import GAME, Draw, ZooState

CONFIGS = (
    {"players": 2},
    {"players": 1, "bots": 4},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
    {"players": 2, "bots": 1, "bot_rule": "all-effects"},
)


def _listed(state: ZooState, u: float) -> object:
    """The outcome the kernel picks from the listed outcomes at `u` (no sampler)."""
    return pick(state.chance_outcomes(), u)


def _states(options: dict[str, object], games: int = 2) -> list[ZooState]:
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            states.append(state)
            move = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
            state = state.apply(move)
    return states


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_sampler_picks_what_the_listing_picks(options: dict[str, object]) -> None:
    """From the same random number (an rng's, or the seed's and chance counter's), the sampler's
    outcome is the very move object the listed outcomes give, it takes one number from the rng,
    and applying it gives the state applying the listed outcome gives."""
    drawn = 0
    for state in _states(options):
        if not state.is_chance_node:
            continue
        for k in range(3):
            mine, theirs = random.Random(k), random.Random(k)
            move = sample_chance(state, mine)
            assert move is _listed(state, theirs.random())
            assert mine.random() == theirs.random()  # one number taken, as the listing takes
        seeded = sample_chance(state)
        assert seeded is _listed(state, seeded_uniform(state.seed or 0, state.chance_count))
        if isinstance(seeded, Draw):
            drawn += 1
            fresh = GAME.state_from_json(state.to_json())  # no cache of the listing on it
            assert sample_chance(fresh) is seeded
            assert fresh.apply(seeded).to_json() == state.apply(seeded).to_json()
            listed = next(m for m, _ in fresh.chance_outcomes() if m == seeded)
            assert GAME.state_from_json(state.to_json()).apply(listed) == state.apply(seeded)
    assert drawn > 20


def _refusal(view: ZooState) -> tuple[str, str] | None:
    """The code and message of the listing's refusal of `view`, or `None`."""
    try:
        view.chance_outcomes()
    except IllegalMove as exc:
        return exc.code, str(exc)
    return None


def test_a_view_is_refused_as_before() -> None:
    """A view whose unknown cards are hidden is refused as the listing refuses it (IllegalMove,
    with an rng or not); a view that knows the cards but has no seed needs an rng."""
    hidden = known = 0
    for state in _states({"players": 3, "modules": ("hidden_goals", "intrigues")}, games=1):
        if not state.is_chance_node or state.flow.step != "draw":
            continue
        view = state.view(0)
        refusal = _refusal(view)
        if refusal is not None:
            hidden += 1
            with pytest.raises(IllegalMove) as raised:
                sample_chance(view, random.Random(0))
            assert (raised.value.code, str(raised.value)) == refusal
            with pytest.raises(IllegalMove):
                sample_chance(view)
            continue
        known += 1
        with pytest.raises(ValueError, match="has no seed"):
            sample_chance(view)
        assert sample_chance(view, random.Random(5)) is _listed(view, random.Random(5).random())
    assert hidden and known


def test_the_remembered_draw_is_legal_only_in_its_own_state() -> None:
    """The sampler remembers (state, move) by identity: the same move applied to another state
    where it is no outcome is refused as ever, and an equal move that is another object is
    still taken as legal (by equality, as before)."""
    states = [s for s in _states({"players": 1, "bots": 4}, games=1) if s.is_chance_node and s.flow.step == "draw"]
    first = states[0]
    move = sample_chance(first, random.Random(1))
    assert SAMPLED[0] == (first, move)
    other = next(s for s in states[1:] if move not in {m for m, _ in s.chance_outcomes()})
    fresh = GAME.state_from_json(other.to_json())
    with pytest.raises(IllegalMove):
        fresh.apply(move)
    twin = Draw(move.card)  # type: ignore[attr-defined]
    assert twin is not move
    assert GAME.state_from_json(first.to_json()).apply(twin) == first.apply(move)
