"""The property suite over seat counts, solo with bots, every module combination and the options;
the hypothesis state machine; the invariants catching broken states."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import strategies as st
from zoo_helpers import start

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME
from tabletop.spolka_zoo.invariants import invariants
from tabletop.testing import check_game
from tabletop.testing.stateful import game_machine

MODULES = ("events", "hidden_goals", "intrigues")
COMBINATIONS = [tuple(c) for n in range(4) for c in itertools.combinations(MODULES, n)]

SEATS = [{"players": n} for n in (2, 3, 4, 5)]
SOLO = [{"players": 1, "bots": n} for n in (1, 2, 3, 4)]
MIXED = [
    {"players": 2, "bots": 1, "modules": m} if i % 2 else {"players": 3, "modules": m}
    for i, m in enumerate(COMBINATIONS)
]
OPTIONS = [
    {"players": 2, "bots": 2, "seating": "alternate", "bot_rule": "all-effects"},
    {"players": 4, "unowned_cards": "resolved", "starting_fruits": 3, "empty_board_ties": "unpaid"},
    {"players": 1, "bots": 1, "starting_money": 0, "starting_fruits": 0, "modules": MODULES},
]


@pytest.mark.parametrize("options", SEATS + SOLO, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_seat_counts_and_solo(options: dict[str, Any]) -> None:
    """Random games with 2-5 seats and solo with 1-4 bots keep every protocol property."""
    report = check_game(GAME, options=[options], seeds=range(3), thorough_every=4)
    assert report.games == 3


@pytest.mark.parametrize("options", MIXED, ids=lambda o: "+".join(o["modules"]) or "base")
def test_every_module_combination(options: dict[str, Any]) -> None:
    """Every subset of the modules, with and without a bot, keeps every protocol property."""
    report = check_game(GAME, options=[options], seeds=range(3), thorough_every=4)
    assert report.games == 3


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_options(options: dict[str, Any]) -> None:
    """The seating, bot rule, unowned cards and starting options keep every protocol property."""
    report = check_game(GAME, options=[options], seeds=range(1), thorough_every=4)
    assert report.outcomes[0]["winner"].startswith("seat")


TestZooMachine = game_machine(
    GAME,
    st.sampled_from(
        [
            {"players": 2},
            {"players": 3, "modules": ("intrigues",)},
            {"players": 1, "bots": 2, "modules": MODULES},
            {"players": 2, "bots": 1, "modules": ("events", "hidden_goals")},
        ]
    ),
    max_warmup=250,
).TestCase


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 0}, "option 'players'"),
        ({"players": 5, "bots": 1}, "option 'bots'"),
        ({"players": 1}, "option 'bots'"),
        ({"bots": 5}, "option 'bots'"),
        ({"modules": ("events", "weather")}, "option 'modules'"),
        ({"starting_fruits": 4}, "option 'starting_fruits'"),
        ({"starting_money": -1}, "option 'starting_money'"),
        ({"seating": "random"}, "option 'seating'"),
        ({"bot_rule": "never"}, "option 'bot_rule'"),
        ({"empty_board_ties": "sometimes"}, "option 'empty_board_ties'"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    """A bad option value is a ValueError naming the option."""
    with pytest.raises(ValueError, match=message):
        GAME.new_game(1, **options)


def test_invariants_catch_broken_states() -> None:
    """The invariant check notices lost fruit, an extra card, a negative price or purse, too many shares."""
    state = start()
    invariants(state)
    broken = [
        attrs.evolve(state, warehouse=state.warehouse.remove("apple")),
        attrs.evolve(state, piles=attrs.evolve(state.piles, helper_row=("h-owl", "h-owl", "h-owl"))),
        attrs.evolve(state, share_price=(-1, 1, 1)),
        attrs.evolve(state, seats=(attrs.evolve(state.seats[0], money=-1), *state.seats[1:])),
        attrs.evolve(state, seats=(attrs.evolve(state.seats[0], shares=(5, 4, 0)), *state.seats[1:])),
        attrs.evolve(state, warehouse=state.warehouse + Tokens({"lemon": 1})),
    ]
    for bad in broken:
        with pytest.raises(AssertionError):
            invariants(bad)


def test_random_playouts_terminate_quickly() -> None:
    """Every round has a bounded number of decisions: random games end within a few hundred steps."""
    for seed in range(5):
        rng = random.Random(seed)
        state = GAME.new_game(seed, players=5, modules=MODULES)
        steps = 0
        while not state.is_terminal:
            moves = state.legal_moves()
            state = state.apply(rng.choice(moves))
            steps += 1
        assert steps < 3000


def test_every_chance_event_is_counted_once() -> None:
    """Each chance outcome applied adds exactly one to chance_count; decisions add none."""
    for options in ({"players": 3}, {"players": 1, "bots": 3, "modules": MODULES}):
        state = GAME.new_game(3, **options)
        rng = random.Random(3)
        while not state.is_terminal:
            chance = state.is_chance_node
            after = state.apply(rng.choice(state.legal_moves()))
            assert after.chance_count == state.chance_count + chance
            state = after
