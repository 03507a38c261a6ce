"""Issue 12: a bot card found feasible as it is drawn (`bots._turn_drawn`, rule `any-effect`) keeps
the first plan it found, and the card's task (`bots._card_run`, next on the same draft) carries it
out without planning again: held to planning again on the draft the card's task runs on, and to
whole seeded games played with the kept plan thrown away (the same states, text for text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo.content import BOT_IDS, BOTS
from tabletop.spolka_zoo.rules import _RUN, bots
from tabletop.spolka_zoo.state import Draft, Task

BOTS_OPTIONS: dict[str, Any] = {"players": 1, "bots": 4}


def _wrapped(check: Callable[[Draft, Task], None]) -> Callable[[Draft, Task], None]:
    run = _RUN["bot_card"]

    def card_run(draft: Draft, task: Task) -> None:
        check(draft, task)
        run(draft, task)

    return card_run


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_kept_plan_is_the_plan_found_again(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = []

    def check(draft: Draft, task: Task) -> None:
        planned = bots._planned
        if planned[0] is draft and planned[1] is task:
            assert task.index == 0 and task.n == 0
            again = bots._first_plan(draft, task.seat, BOTS[task.card].effects)
            assert again == (planned[2], planned[3])
            kept.append(task)

    monkeypatch.setitem(_RUN, "bot_card", _wrapped(check))
    random_states(seed, **BOTS_OPTIONS)
    assert len(kept) > 20
    assert bots._planned is bots._UNPLANNED  # emptied once read


@pytest.mark.parametrize("seed", [3, 4])
def test_games_are_the_same_without_the_kept_plan(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = [state.to_json() for state in random_states(seed, **BOTS_OPTIONS)]

    def forget(draft: Draft, task: Task) -> None:
        bots._planned = bots._UNPLANNED  # every card's effects planned again, as before

    monkeypatch.setitem(_RUN, "bot_card", _wrapped(forget))
    assert [state.to_json() for state in random_states(seed, **BOTS_OPTIONS)] == kept


def test_a_plan_kept_for_another_draft_is_not_used() -> None:
    base = random_states(5, **BOTS_OPTIONS)[60]
    card = next(c for c in BOT_IDS if BOTS[c].effects[0].kind != "refresh_influence")
    task = Task("bot_card", seat=1, card=card)
    state = attrs.evolve(base, queue=(task, *base.queue))
    wrong = (Draft(state), task, 0, ("refresh", "", -1))  # kept for another draft: never read here
    try:
        bots._planned = wrong
        draft = Draft(state)
        bots._card_run(draft, task)
        assert bots._planned is wrong
        bots._planned = bots._UNPLANNED
        plain = Draft(state)
        bots._card_run(plain, task)
        assert draft.freeze() == plain.freeze()
        used = Draft(state)
        bots._planned = (used, task, 0, ("refresh", "", -1))  # this draft's: read (the wrong plan shows it)
        bots._card_run(used, task)
        assert bots._planned is bots._UNPLANNED
        assert used.freeze().queue[0] == bots._REFRESH
    finally:
        bots._planned = bots._UNPLANNED
