"""Issue 12, session 36: what a bot's step reads without a call answers as the call did.

* The cards a chance node draws from (`rules._drawn_from`, a bot's card and a company card read in line)
  are its operation's `outcomes`, the same multiset, at every chance node of seeded games.
* The bot plans reading a multiset's counts directly (`_buy_cheapest_fruit`, `_hire`, `_sell_fruit`,
  the share plans) answer as the same plans written with `Tokens.__getitem__` and `share_pool`.
* `economy.to_company` moves as many fruits as the plain `min(n, warehouse[fruit])` says.
* A bot's turn, started in line by `action.next`, resumes the round where `work.start` would have it resume.
"""

from __future__ import annotations

from zoo_helpers import random_states

from tabletop.spolka_zoo.content import FRUITS, HELPER_COST, BotEffect
from tabletop.spolka_zoo.rules import OPS, _drawn_from, actions, bots, economy, work
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Position, ZooState


def _states(step: int = 5) -> list[ZooState]:
    found: list[ZooState] = []
    for options in ({"players": 1, "bots": 4}, {"players": 2, "bots": 3}, {"players": 5}):
        for seed in (5, 6):
            found += random_states(seed, **options)[::step]
    return found


def test_the_cards_drawn_from_are_the_operations_outcomes() -> None:
    checked = 0
    for state in _states(1):
        if state.flow.step != "draw":
            continue
        task = state.queue[0]
        outcomes = OPS[task.op].outcomes
        assert outcomes is not None
        assert _drawn_from(state) is outcomes(state, task)  # the same multiset, read where the operation reads it
        checked += 1
    assert checked > 300


def _plain_cheapest_fruit(state: Position, seat: int) -> tuple[str, str, int] | None:
    fruit = min(state.board, key=lambda f: state.fruit_price[FRUIT_INDEX[f]])
    price, money = state.fruit_price[FRUIT_INDEX[fruit]], state.seats[seat].money
    if state.warehouse[fruit]:
        return ("buy_fruit", fruit, -1) if money >= price else None
    n = len(state.seats)
    for step in range(1, n):
        seller = (seat + step) % n
        if state.seats[seller].fruit[fruit]:
            return ("buy_fruit", fruit, seller) if money >= price + 2 else None
    return None


def test_bot_plans_read_counts_as_the_plain_plans_do() -> None:
    checked = 0
    for state in _states():
        if not state.board:  # before the boards are laid out no bot plays
            continue
        for seat, s in enumerate(state.seats):
            assert bots._buy_cheapest_fruit(state, seat, BotEffect("buy_cheapest_fruit")) == _plain_cheapest_fruit(
                state, seat
            )
            for card in HELPER_COST:
                assert bots._affords(s.fruit, card) == (HELPER_COST[card] <= s.fruit)
            for min_price in (0, 3, 6):
                plain = next(
                    (
                        ("sell_fruit", f, -1)
                        for f in state.board
                        if s.fruit[f] and state.fruit_price[FRUIT_INDEX[f]] >= min_price
                    ),
                    None,
                )
                assert bots._sell_fruit(state, seat, BotEffect("sell_fruit", min_price=min_price)) == plain
            for company in FRUITS:
                price = state.share_price[FRUIT_INDEX[company]]
                for max_price in (0, 5, 10**9):
                    possible = price <= max_price and s.share_pool and s.money >= price
                    expected = ("buy_share", company, -1) if possible else None
                    assert bots._buy_share(state, seat, company, max_price) == expected
            checked += 1
    assert checked > 100


def test_fruit_to_a_company_moves_as_many_as_the_warehouse_holds() -> None:
    checked = 0
    for state in _states(11):
        for fruit in FRUITS:
            for n in (0, 1, 2, 5, 40):
                draft = Draft(state)
                economy.to_company(draft, fruit, "lemon", n)
                moved = min(n, state.warehouse[fruit])
                assert state.warehouse[fruit] - draft.warehouse[fruit] == max(moved, 0)
                lemon = FRUIT_INDEX["lemon"]
                assert draft.company_fruit[lemon][fruit] - state.company_fruit[lemon][fruit] == max(moved, 0)
                checked += 1
    assert checked > 300


def test_a_bots_turn_resumes_where_work_started_at_action_next_resumes() -> None:
    assert work._RESUMES["action", "next"] == actions._NEXT_RESUME
    checked = 0
    for state in _states(1):
        if state.queue and state.queue[-1].op == "bot_turn" and state.flow.phase != "market":
            assert state.resume == actions._NEXT_RESUME  # the work a bot's turn started, from action.next
            checked += 1
    assert checked > 50
