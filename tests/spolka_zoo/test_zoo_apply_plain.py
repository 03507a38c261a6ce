"""Issue 12: the game's `apply` runs the automatic steps in line (no call of `settle` per step):
held to the plain path (a draft, `apply_in_place`, `settle`, `finish`) for every legal move of
the states of seeded games."""

from __future__ import annotations

import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo import rules
from tabletop.spolka_zoo.state import Draft, ZooState


def _plain(state: ZooState, move: object) -> ZooState:
    draft = Draft(state)
    rules.apply_in_place(draft, move)  # type: ignore[arg-type]
    rules.settle(draft)
    return draft.finish()  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (2, {"players": 2}),
        (3, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}),
        (5, {"players": 1, "bots": 4}),
    ],
)
def test_apply_is_the_plain_path(seed: int, options: dict[str, object]) -> None:
    checked = 0
    for state in random_states(seed, **options)[::7]:
        if state.is_terminal or not state.deck_makeup:
            continue
        for move in state.legal_moves()[:12]:
            assert rules.apply(state, move) == _plain(state, move)
            checked += 1
    assert checked > 50
