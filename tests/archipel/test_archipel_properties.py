"""The property suite over 1-5 boats and both variants, deep purposeful playouts, and a hypothesis machine."""

from __future__ import annotations

import random

import attrs
import pytest
from archipel_policies import eager_move
from hypothesis import strategies as st

from tabletop.archipel import GAME, new_game
from tabletop.archipel.invariants import check_invariants
from tabletop.testing import check_game, check_state
from tabletop.testing.stateful import game_machine

#: declare="supplied" keeps uniform random play from declaring the season over at once, so
#: those games go deep; the others check that declaring at any time keeps the protocol too.
OPTIONS = [
    {"players": 1, "declare": "supplied"},
    {"players": 2},
    {"players": 3, "first_player": 2, "declare": "supplied"},
    {"players": 4},
    {"players": 5, "declare": "supplied"},
    {"players": 2, "memory": True, "declare": "supplied"},
    {"players": 3, "short": True},
    {"players": 4, "short": True, "memory": True, "declare": "supplied"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_random_play_keeps_the_protocol(options: dict[str, object]) -> None:
    """Uniform random play ends, with every protocol property and invariant checked at each step."""
    report = check_game(GAME, options=[options], seeds=range(2), thorough_every=2)
    assert report.games == 2
    assert all(summary["result"] for summary in report.outcomes)


@pytest.mark.parametrize("options", OPTIONS[1::2], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_purposeful_play_keeps_the_protocol(options: dict[str, object]) -> None:
    """Play that catches, refuels and delivers reaches deep positions; every property still holds."""
    deliveries = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(seed, **options)
        step = 0
        while not state.is_terminal:
            check_state(GAME, state, rng, f"{options} seed={seed} step={step}", thorough=step % 5 == 0)
            state = state.apply(eager_move(state, rng))
            step += 1
        assert state.outcome is not None
        deliveries += state.outcome.orders_filled
    assert deliveries > 0, "purposeful play delivers fish"


def test_invariants_catch_a_lost_card() -> None:
    """The invariants notice a card, a fuel marker or a fish that vanished (so they can fail)."""
    state = new_game(1)
    with pytest.raises(AssertionError, match="square cards"):
        check_invariants(attrs.evolve(state, pocket=state.pocket.draw("leak")))
    with pytest.raises(AssertionError, match="fuel"):
        check_invariants(attrs.evolve(state, supply=state.supply + 1))
    with pytest.raises(AssertionError, match="unseen"):
        check_invariants(attrs.evolve(state, unseen=state.unseen.remove("shark")))
    quay = attrs.evolve(state, pocket=state.pocket.draw("leak"), bought=state.bought.add("leak"))
    with pytest.raises(AssertionError, match="quay"):
        check_invariants(quay)


TestArchipelMachine = game_machine(GAME, st.sampled_from(OPTIONS), max_warmup=150).TestCase


def test_a_broken_invariant_names_its_field_path() -> None:
    """issue 10, ARC-1.3: a state read from JSON that breaks a bound is refused naming the field."""
    import json

    from tabletop.kernel.errors import DecodeError

    doc = json.loads(new_game(seed=2, players=3).to_json())
    doc["state"]["boats"][1]["fuel"] = 9
    with pytest.raises(DecodeError) as info:
        GAME.state_from_json(json.dumps(doc))
    assert info.value.path == "state.boats[1].fuel"
    assert "9 fuel" in str(info.value)
