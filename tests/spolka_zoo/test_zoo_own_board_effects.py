"""Issue 12, session 38: an effect that moves named fruit from the warehouse to its card's own
company board (most starting cards, ZOO-6.1; `fruit_to_company` with no company and a fruit named)
is carried out without naming its seats: nobody chooses, so the majority shareholder its `who`
names (ZOO-8.5) is not worked out.

Held on every legal move of seeded states: with `effects._effect_run` as it was written before
(the seats named, then `_to_company`), every new state is the same, field by field."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo import rules
from tabletop.spolka_zoo.content import EFFECTS, FAMILY, FRUITS
from tabletop.spolka_zoo.rules import effects
from tabletop.spolka_zoo.rules.named import seats_named
from tabletop.spolka_zoo.state import Draft, Task, ZooState

_OWN_RUN: list[Task] = []
"""The own-board effects `_effect_run_before` carried out (the test's path was taken)."""


def _effect_run_before(draft: Draft, task: Task) -> None:
    """`_effect_run` as session 37 left it: every effect's seats named first."""
    if effects._OWN_BOARD[task.card][task.index] is not None:
        _OWN_RUN.append(task)
    effect = EFFECTS[task.card][task.index]
    who = effect.who or effects._DEFAULT_WHO.get(FAMILY[task.card], "self")
    if who == "choice" and task.seat < 0:
        effects.finish(draft, (effects._WITH_OP_SEAT(task, "target", task.actor),))
    else:
        effects._KINDS[effect.kind](draft, task, effect, seats_named(draft, task, who))


def test_the_own_board_effects_are_the_named_fruit_to_the_cards_company() -> None:
    """The table lists exactly the `fruit_to_company` effects that name a fruit and no company."""
    plain = {
        (card, i): (e.fruit, e.n)
        for card, listed in EFFECTS.items()
        for i, e in enumerate(listed)
        if e.kind == "fruit_to_company" and e.company == "" and e.fruit in FRUITS
    }
    assert len(plain) > 30  # most starting cards, some influence cards
    found = {(card, i): x for card, xs in effects._OWN_BOARD.items() for i, x in enumerate(xs) if x is not None}
    assert found == plain


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (21, {"players": 1, "bots": 4}),
        (22, {"players": 2}),
        (23, {"players": 5}),
        (24, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}),
    ],
)
def test_every_move_gives_the_state_the_seats_named_first_gives(
    seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    states = [s for s in random_states(seed, **options)[::3] if not s.is_terminal]
    moves = [(state, move) for state in states for move in state.legal_moves()[:12]]
    fast = [rules.apply(state, move) for state, move in moves]
    monkeypatch.setitem(rules._RUN, "effect", _effect_run_before)
    _OWN_RUN.clear()
    before = [rules.apply(state, move) for state, move in moves]
    assert len(moves) > 100
    assert len(_OWN_RUN) > 10  # own-board effects were carried out
    for new, old in zip(fast, before, strict=True):
        assert type(new) is ZooState
        assert all(getattr(new, a.name) == getattr(old, a.name) for a in attrs.fields(ZooState))
