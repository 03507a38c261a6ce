"""Issue 12, session 37: calls written in line on the bots' steps answer as the calls did.

* A bot card drawn (`bots._turn_drawn`), a bot card carried out (`bots._card_run`) and a face-up row
  refilled (`decks._row_drawn`) finish their task in line at work (`finish` still runs at the draw, where
  `apply_in_place` calls the outcome).
* A payment (`economy.gain`) and a share bought (`economy.buy_share`) replace the seat in line (no
  `set_seat` call).

Each is held to the function as it was written with the calls (copied below), swapped in for it: every
legal move of seeded states, applied by the game's `apply` and by the plain path (a draft,
`apply_in_place`, `settle`, `finish`), gives the same state either way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo import rules
from tabletop.spolka_zoo.content import BOTS
from tabletop.spolka_zoo.rules import bots, decks, economy
from tabletop.spolka_zoo.rules.work import finish, shared_task
from tabletop.spolka_zoo.state import FRUIT_INDEX, SHARE_TRACK, Draft, Task, ZooState


def _turn_drawn(draft: Draft, task: Task, card: str) -> None:
    seat = task.seat
    first = None
    if draft.config.bot_rule == "any-effect":
        first = bots._first_plan(draft, seat, BOTS[card].effects)
        feasible = first is not None
    else:
        feasible = bots.card_feasible(draft, seat, card)
    piles = draft.piles
    deck = decks.drawn(piles.bot_deck, card)
    draft.piles = bots._WITH_BOT_CARDS(piles, deck, piles.bot_discard.add(card))
    if feasible:
        carried = shared_task("bot_card", seat=seat, card=card)
        if first is not None:
            bots._planned = (draft, carried, *first)
        finish(draft, (carried,))
    else:
        finish(draft, (bots._WITH_N(task, task.n + 1),))


def _card_run(draft: Draft, task: Task) -> None:
    card = BOTS[task.card]
    index, done = task.index, task.n
    planned = bots._planned
    plan = None
    if planned[0] is draft and planned[1] is task:
        bots._planned = bots._UNPLANNED
        index, plan = planned[2], planned[3]
    while index < len(card.effects):
        effect = card.effects[index]
        index += 1
        if plan is None:
            plan = bots.bot_plan(draft, task.seat, effect)
            if plan is None:
                continue
        done += 1
        follow = bots.carry_out(draft, task.seat, effect, plan)
        plan = None
        if follow:
            finish(draft, (*follow, bots._WITH_INDEX_N(task, index, done)))
            return
    if card.bonus_if == "always" or done:
        economy.gain(draft, task.seat, card.bonus)
    finish(draft)


def _row_drawn(draft: Draft, task: Task, card: str) -> None:
    deck_name, row_name = decks._ROWS[task.arg]
    piles = draft.piles
    deck = decks.drawn(getattr(piles, deck_name), card)
    row = list(getattr(piles, row_name))
    row[task.index] = card
    draft.piles = decks._WITH_ROWS[task.arg](piles, deck, tuple(row))
    finish(draft)


def _gain(draft: Draft, seat: int, n: int) -> None:
    s = draft.seats[seat]
    money = max(s.money + n, 0)
    if money != s.money:
        draft.set_seat(seat, economy._WITH_MONEY(s, money))


def _buy_share(draft: Draft, seat: int, company: str, discount: int = 0) -> None:
    c = FRUIT_INDEX[company]
    s = draft.seats[seat]
    cost = max(draft.share_price[c] - discount - (0 if s.bot else s.passive("share_discount")), 0)
    draft.set_seat(seat, economy._WITH_MONEY_SHARES(s, s.money - cost, economy._set(s.shares, c, s.shares[c] + 1)))
    draft.share_price = economy._set(draft.share_price, c, economy.move_price(draft.share_price[c], 1, SHARE_TRACK))


@contextmanager
def _plain_calls() -> Iterator[None]:
    """The functions as written with the calls, in every table and module that reaches them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(rules._DRAWN, "bot_turn", _turn_drawn)
        patch.setitem(rules._DRAWN, "draw_row", _row_drawn)
        patch.setitem(rules._RUN, "bot_card", _card_run)
        patch.setattr(bots, "_turn_drawn", _turn_drawn)
        patch.setattr(decks, "_row_drawn", _row_drawn)
        patch.setattr(economy, "gain", _gain)
        patch.setattr(economy, "buy_share", _buy_share)
        yield


def _plain_path(state: ZooState, move: Any) -> ZooState:
    draft = Draft(state)
    rules.apply_in_place(draft, move)
    rules.settle(draft)
    return draft.finish()  # type: ignore[no-any-return]


def _each(apply: Callable[[ZooState, Any], ZooState], cases: list[tuple[ZooState, Any]]) -> list[ZooState]:
    return [apply(state, move) for state, move in cases]


@pytest.mark.parametrize(
    ("seed", "options"),
    [(14, {"players": 1, "bots": 4}), (15, {"players": 2, "bots": 3}), (16, {"players": 3})],
)
def test_the_calls_in_line_answer_as_the_calls(seed: int, options: dict[str, int]) -> None:
    cases = [
        (state, move)
        for state in random_states(seed, **options)[::2]
        if not state.is_terminal and state.deck_makeup
        for move in state.legal_moves()[:8]
    ]
    fast = _each(rules.apply, cases), _each(_plain_path, cases)
    with _plain_calls():
        plain = _each(rules.apply, cases), _each(_plain_path, cases)
    assert fast == plain
    assert len(cases) > 150
