"""The shortcuts of Spółka ZOO's playout and branching paths give what the plain code gives:
`rules.setup` shares its option set's starting parts between games without any game seeing
another's (ZOO-1.1 to ZOO-1.7)."""

from __future__ import annotations

import random

import pytest

from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.rules.setup import setup

CONFIGS = (
    {"players": 2},
    {"players": 5},
    {"players": 1, "bots": 4},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_setup_shares_parts_and_games_stay_apart(options: dict[str, object]) -> None:
    """Two games of one option set start from equal states that differ only by the seed, share
    their (immutable) parts, and playing one leaves the other's start as it was."""
    first: ZooState = GAME.new_game(1, **options)  # type: ignore[assignment]
    second: ZooState = GAME.new_game(2, **options)  # type: ignore[assignment]
    text = second.to_json()
    assert first.piles is second.piles and first.seats is second.seats
    assert first.seed == 1 and second.seed == 2
    rng = random.Random(0)
    state = first
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    assert second.to_json() == text
    third: ZooState = GAME.new_game(2, **options)  # type: ignore[assignment]
    assert third.to_json() == text and third == second


def test_setup_refuses_every_time() -> None:
    """A refused option set is refused again when asked again (refusals are not kept)."""
    options = {
        "modules": (),
        "starting_money": 10,
        "starting_fruits": 1,
        "seating": "humans-first",
        "unowned_cards": "ignored",
        "empty_board_ties": "paid",
        "bot_rule": "any-effect",
        "warehouse_fruit": "printed",
    }
    for _ in range(2):
        with pytest.raises(ValueError, match=r"players \+ bots must be 2 to 5; got 1 \+ 0"):
            setup(0, players=1, bots=0, **options)  # type: ignore[arg-type]
