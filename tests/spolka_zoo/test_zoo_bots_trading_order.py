"""Rules audit 38: bots' choices on a board order other than apple-lemon-pineapple, a bot
buying fruit from a player, and an intrigue's purchase beside a trading token, each read
against the rulebook's sentence (no contradiction found; these pin what was checked)."""

from __future__ import annotations

import attrs
from zoo_helpers import legal, play, seat, start

from tabletop.spolka_zoo import ZooState

_BOARD = "pineapple,lemon,apple"
"""A board order other than the fruits' own: the leftmost company is pineapple."""


def _bot_card(state: ZooState, card: str) -> ZooState:
    """The human seat 0 declines its token; bot seat 1 draws and carries out `card`."""
    return play(state, "pick share", "done", f"draw {card}")


def test_a_bot_sells_the_fruit_of_the_leftmost_company() -> None:
    """ZOO-13.6 "Whenever a Bot is to draw/discard or buy/sell a Share or Fruit of its choice
    (regardless of whether it concerns the Warehouse board, a Company, or its pool), it makes
    this choice based on the order of the Company boards": bot card 5 sells one fruit worth 3
    or more, the pineapple (leftmost) before the apple."""
    state = seat(start(1, 1, board=_BOARD), 1, fruit={"apple": 1, "lemon": 0, "pineapple": 1})
    state = _bot_card(attrs.evolve(state, fruit_price=(3, 3, 3)), "bot-05")
    assert state.seats[1].fruit["pineapple"] == 0 and state.seats[1].fruit["apple"] == 1


def test_a_bot_buys_and_sells_shares_by_the_board_order() -> None:
    """ZOO-13.6, ZOO-13.10: bot card 6 buys the cheapest share twice, ties going to the leftmost
    company (pineapple, then lemon once pineapple's price rose); bot card 13 sells the dearest
    share twice, ties to the leftmost too; each purchase moves the price up."""
    bought = _bot_card(start(1, 1, board=_BOARD), "bot-06")
    assert bought.seats[1].shares == (0, 1, 1) and bought.share_price == (1, 2, 2)
    sold = _bot_card(seat(start(1, 1, board=_BOARD), 1, shares=(1, 1, 1)), "bot-13")
    assert sold.seats[1].shares == (1, 0, 0)


def test_a_bot_buys_the_cheapest_fruit_from_the_first_player_to_its_left() -> None:
    """ZOO-13.3 bot card 1 "if it is sold out there, buy it from the first player to the left
    who has one" and ZOO-4.9 "The buyer then pays the seller as much money as the current price
    of the given Fruit + 2 coins. Buying a Fruit from another player also raises its price":
    the bot in seat 2 buys apples from seat 0 at 1 + 2, then 2 + 2, the price rising each time."""
    state = start(2, 1)
    apples = state.warehouse["apple"] + state.seats[0].fruit["apple"]
    state = seat(state, 0, fruit={"apple": apples, "lemon": 1, "pineapple": 1})
    state = attrs.evolve(state, fruit_price=(1, 3, 3))
    state = play(state, "pick share; pick share", "done", "done", "draw bot-01")
    assert state.fruit_price == (3, 3, 3)
    assert state.seats[0].money == 10 + 3 + 4 and state.seats[0].fruit["apple"] == apples - 2
    assert state.seats[2].money == 10 - 7 + 3  # the bonus: at least one fruit was bought


def test_an_intrigues_purchase_is_not_one_of_the_tokens_transactions() -> None:
    """ZOO-12.8 "Using an Intrigue card is not an action" and ZOO-12.9 "Buying or selling
    (a Share or Fruit) triggered by an Intrigue card causes changes in the prices": a share
    bought with int-insider before resolving share trading moves the price, and the token still
    allows two transactions, one of them selling that company's share (ZOO-4.2 concerns the
    token's own transactions)."""
    state = seat(start(2, modules=("intrigues",)), 0, intrigues=("int-insider", "int-windfall"), money=20)
    state = play(state, "pick share; pick share", "done", "intrigue int-insider", "choose buy apple")
    assert state.share_price == (2, 1, 1) and state.seats[0].money == 20 and state.turn.trades == ()
    assert "sell share apple" in legal(state)
    state = play(state, "buy share lemon")
    assert state.turn.trades == ("buy:lemon",) and "sell share apple" in legal(state)
    state = play(state, "sell share apple")
    assert state.seats[0].shares == (0, 1, 0) and state.current_player == 1
