"""ZOO-6.4: a seat's view hides cards; asked to resolve one, it refuses clearly instead of crashing."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.spolka_zoo.rules.effects import effect_tasks

GAME = tabletop.get_game("spolka_zoo")


def test_a_hidden_card_has_no_effects_to_resolve() -> None:
    """ZOO-6.4: the placeholder of a hidden card is refused with the code hidden-in-view."""
    with pytest.raises(IllegalMove) as info:
        effect_tasks(HIDDEN, "apple")
    assert info.value.code == "hidden-in-view"


def test_moves_applied_to_views_either_work_or_are_refused() -> None:
    """Playing forward from a view (as rollout bots do) never fails with anything but a TabletopError."""
    rng = random.Random(5)
    state = GAME.new_game(0, players=3, modules=("events", "hidden_goals", "intrigues"))
    codes: list[str] = []
    for _ in range(140):
        if state.current_player >= 0:
            view = state.view(state.current_player)
            for move in view.legal_moves():
                try:
                    view.apply(move)
                except IllegalMove as error:
                    codes.append(error.code)
        move = (
            tabletop.sample_chance(state)
            if state.current_player == tabletop.CHANCE
            else rng.choice(state.legal_moves())
        )
        state = state.apply(move)
    assert codes
    assert set(codes) == {"hidden-in-view"}
