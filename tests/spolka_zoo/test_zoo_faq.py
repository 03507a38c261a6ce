"""The FAQ items without a test elsewhere (ZOO-11.1, ZOO-11.13, ZOO-11.14)."""

from __future__ import annotations

from zoo_helpers import craft, deck, play, seat, start

from tabletop.kernel.tokens import Tokens


def test_a_card_overrides_the_rulebook() -> None:
    """ZOO-11.1: the rulebook's share track runs from 1 to 10, yet cards that say so move a
    price down to 0 ('Smear campaign') or beyond 10 ('Stock boom')."""
    state = start(2, modules=("intrigues",))
    state = seat(seat(state, 0, shares=(1, 0, 0), intrigues=("int-rumour-down",)), 1, intrigues=())
    state = craft(state, share_price=(10, 1, 1))
    state = deck(deck(deck(state, 0, ("inf-share-boom", "apple-1")), 1, ()), 2, ())
    state = play(state, "pick share; pick share", "intrigue int-rumour-down", "choose price lemon")
    assert state.share_price == (10, 0, 1)
    state = play(state, "done; done", *(f"pick {t}; pick {t}; done; done" for t in ("fruit", "lobby", "helper")))
    state = play(state, "draw inf-share-boom")
    assert state.share_price[0] == 12


def test_money_is_unlimited() -> None:
    """ZOO-11.13: the bank never runs out: the game has 85 coins of tokens, yet a seat holding
    more than all of them still takes coins."""
    state = seat(start(3), 0, money=200)
    state = play(state, "pick lobby; pick share; pick share", "lobby inf-apple apple", "draw inf-harvest")
    assert state.seats[0].money == 202


def test_no_limit_to_the_fruit_in_a_pool() -> None:
    """ZOO-11.14: a seat holding most of the fruit in play still buys and receives more."""
    state = seat(start(3), 0, fruit={"apple": 11, "lemon": 11, "pineapple": 1})  # 11 + 1 of 11 + 3 in play
    state = play(state, "pick fruit; pick share; pick share", "buy fruit apple", "buy fruit lemon")
    assert state.seats[0].fruit == Tokens({"apple": 12, "lemon": 12, "pineapple": 1})
    assert state.warehouse["apple"] == 0 and state.warehouse["lemon"] == 0
