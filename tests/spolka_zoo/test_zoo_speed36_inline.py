"""Issue 12, session 36: the calls written in line on a bot's step answer as the calls did.

* A company card resolved is followed by one tuple kept by (card, company, icons) (`market._RESOLVED`):
  the card's `effect_tasks`, then the next card's task, shared, and equal again once the bounded table
  was emptied.
* The market's company decks resolve in the boards' order: the tasks kept by board (`market._RESOLVE_ALL`)
  are each company's `resolve_deck` task from its first card.
* A share bought moves the seat's shares and the price as `_set` and `move_price` say; a share or a fruit
  bought costs what `economy.share_cost` / `fruit_cost` say, and a sale pays the
  price, the bonus and the seat's passive bonus, for bots (whose helpers give nothing) and humans alike.
* The bot plans that tell an empty deck in line (`_move_top`, `_lobby_top`) answer as `top_kind` does.
"""

from __future__ import annotations

import itertools

import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo.content import EFFECTS, FRUITS, BotEffect
from tabletop.spolka_zoo.rules import bots, economy, market
from tabletop.spolka_zoo.rules.decks import EMPTY, top_kind
from tabletop.spolka_zoo.rules.effects import effect_tasks
from tabletop.spolka_zoo.state import SHARE_TRACK, Draft, Task, ZooState


def _states() -> list[ZooState]:
    found: list[ZooState] = []
    for options in ({"players": 1, "bots": 4}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}):
        for seed in (3, 4):
            found += random_states(seed, **options)[::9]
    return found


def test_a_resolved_cards_tasks_are_its_effects_then_the_next_card_shared() -> None:
    cards = [card for card in EFFECTS if EFFECTS[card]][:20]
    for card in cards:
        for company in FRUITS:
            for icons in (0, 1, 2):
                expected = (*effect_tasks(card, company), market._next_card(company, icons))
                follow = market._resolved(card, company, icons)
                assert follow == expected
                assert market._RESOLVED[card, company, icons] is follow
                assert market._next_card(company, icons) is follow[-1]


def test_the_resolved_table_past_its_bound_answers_equal_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(market, "_MAX_RESOLVED", 3)
    cards = list(EFFECTS)[:8]
    for card in cards:
        assert market._resolved(card, "apple", 1) == (*effect_tasks(card, "apple"), market._next_card("apple", 1))
        assert len(market._RESOLVED) <= 3


def test_buying_and_selling_cost_and_pay_what_the_plain_rules_say() -> None:
    checked = 0
    for state in _states():
        for seat, s in enumerate(state.seats):
            for company in FRUITS:
                c = FRUITS.index(company)
                for discount in (0, 2):
                    draft = Draft(state)
                    economy.buy_share(draft, seat, company, discount)
                    assert s.money - draft.seats[seat].money == economy.share_cost(state, seat, company, discount)
                    shares = tuple(n + (i == c) for i, n in enumerate(s.shares))
                    assert draft.seats[seat].shares == shares
                    price = economy.move_price(state.share_price[c], 1, SHARE_TRACK)
                    assert draft.share_price == tuple(price if i == c else p for i, p in enumerate(state.share_price))
                    draft = Draft(state)
                    if state.warehouse[company]:
                        economy.buy_fruit(draft, seat, company, discount)
                        assert s.money - draft.seats[seat].money == economy.fruit_cost(state, seat, company, discount)
                if s.fruit[company]:
                    draft = Draft(state)
                    economy.sell_fruit(draft, seat, company, 1)
                    paid = state.fruit_price[c] + 1 + s.passive("sell_bonus", company)
                    assert draft.seats[seat].money - s.money == paid
                if s.shares[c]:
                    draft = Draft(state)
                    economy.sell_share(draft, seat, company)
                    assert draft.seats[seat].money - s.money == state.share_price[c] + s.passive("sell_bonus", "share")
                checked += 1
    assert checked > 500


def test_bot_plans_tell_an_empty_deck_as_top_kind_does() -> None:
    checked = 0
    for state in _states():
        for seat in range(len(state.seats)):
            for company in FRUITS:
                effect = BotEffect(kind="move_top", company=company, to="lemon")
                empty = top_kind(state.decks[FRUITS.index(company)]) == EMPTY
                assert (bots._move_top(state, seat, effect) is None) == empty
                lobby = BotEffect(kind="lobby_top", company=company)
                blocked = seat == state.flow.first_player or top_kind(state.piles.influence) == EMPTY
                assert (bots._lobby_top(state, seat, lobby) is None) == blocked
                checked += 1
    assert checked > 500


def test_the_market_resolves_the_decks_in_the_boards_order(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _states()[-1]
    started: list[tuple[Task, ...]] = []
    monkeypatch.setattr(market, "start", lambda draft, tasks: started.append(tasks))  # the tasks pushed
    for board in [*itertools.permutations(FRUITS)] * 2:
        draft = Draft(state)
        draft.board = board
        market._market_start(draft)
        assert started[-1] == tuple(market._RESOLVE_DECK(c) for c in board)
        assert started[-1] is market._RESOLVE_ALL[board]
    assert len(started) == 12
