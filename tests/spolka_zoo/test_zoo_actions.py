"""The action phase: secret picks, the tokens, declining, helpers after a token (ZOO-3, ZOO-4, ZOO-5)."""

from __future__ import annotations

import pytest
from zoo_helpers import code, craft, deck, legal, play, seat, start

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import HIDDEN


def test_every_seat_picks_before_any_reveal() -> None:
    """ZOO-3.1: all seats choose a token before the first one is revealed; picks are secret."""
    state = play(start(), "pick share", "pick fruit")
    assert state.flow.key == "action.pick" and state.current_player == 2
    assert state.view(2).seats[0].pick == HIDDEN and state.view(2).seats[1].pick == HIDDEN
    assert state.view(0).seats[0].pick == "share"
    state = play(state, "pick lobby")
    assert state.flow.key == "action.act" and state.current_player == 0
    assert state.seats[0].played == ("share",) and state.seats[1].pick == "fruit"


def test_tokens_resolve_clockwise_from_the_first_player() -> None:
    """ZOO-3.2: seat 0 (first player) resolves first, then seats 1 and 2."""
    state = play(start(), "pick share", "pick fruit", "pick lobby", "done")
    assert state.current_player == 1 and state.turn.action == "fruit"
    state = play(state, "done")
    assert state.current_player == 2 and state.turn.action == "lobby"


def test_a_spent_token_cannot_be_picked_again_this_round() -> None:
    """ZOO-3.2: a played token is unavailable for the rest of the round."""
    state = play(start(), "pick share; pick share; pick share; done; done; done")
    assert state.flow.key == "action.pick"
    assert "pick share" not in legal(state)
    assert code(state, "pick share") == "token-used"


def test_three_tokens_a_round_four_with_two_seats() -> None:
    """ZOO-3.3: three tokens per round with three seats, four with two."""
    three = start(3)
    for token in ("share", "fruit", "lobby"):
        three = play(three, f"pick {token}; pick {token}; pick {token}; done; done; done")
    assert three.flow.phase != "action"
    two = start(2)
    for token in ("share", "fruit", "lobby", "helper"):
        assert two.flow.phase == "action"
        two = play(two, f"pick {token}; pick {token}; done; done")
    assert two.flow.phase != "action"


def test_declining_still_spends_the_token() -> None:
    """ZOO-3.4: 'done' with no transaction declines; the token counts as played and gives nothing."""
    state = start()
    before = state.seats[0].money
    state = play(state, "pick lobby; pick share; pick share; done")
    assert state.seats[0].played == ("lobby",) and state.seats[0].money == before


def test_two_purchases_in_one_company_cost_more_the_second_time() -> None:
    """ZOO-4.1, ZOO-4.3: each purchase pays the current price, then the price moves up."""
    state = play(start(), "pick share; pick share; pick share", "buy share apple")
    assert state.seats[0].money == 9 and state.share_price[0] == 2
    state = play(state, "buy share apple")
    assert state.seats[0].money == 7 and state.seats[0].shares == (2, 0, 0) and state.share_price[0] == 3
    assert state.current_player == 1  # two transactions end the action


def test_buy_and_sell_in_one_company_is_refused() -> None:
    """ZOO-4.2: no purchase and sale in the same company with one token (the other company is fine)."""
    state = play(start(), "pick share; pick share; pick share", "buy share lemon")
    assert code(state, "sell share lemon") == "buy-and-sell"
    assert "buy share apple" in legal(state) and "buy share lemon" in legal(state)


def test_selling_pays_the_price_then_lowers_it() -> None:
    """ZOO-4.4: two sales in one company: the second pays less."""
    state = start()
    state = seat(state, 0, shares=(2, 0, 0))
    state = play(state, "pick share; pick share; pick share", "sell share apple")
    assert state.seats[0].money == 11 and state.share_price[0] == 1
    state = play(state, "sell share apple")
    assert state.seats[0].money == 12 and state.share_price[0] == 1  # min 1: the token stays


def test_share_price_stops_at_ten_and_off_track_prices_stay() -> None:
    """ZOO-4.5, ZOO-11.10: a purchase at 10 leaves the price at 10; at 12 (a card's doing) it stays 12."""
    state = seat(start(), 0, money=50)
    for price in (10, 12):
        crafted = play(craft(state, share_price=(price, 1, 1)), "pick share; pick share; pick share", "buy share apple")
        assert crafted.share_price[0] == price
        assert crafted.seats[0].money == 50 - price


def test_all_eight_share_tokens_placed_blocks_purchases() -> None:
    """ZOO-1.6, ZOO-4.3: a seat owns eight share tokens; with all eight on boards it cannot buy."""
    state = seat(start(), 0, shares=(4, 4, 0), money=50)
    state = play(state, "pick share; pick share; pick share")
    assert not [m for m in legal(state) if m.startswith("buy")]
    assert code(state, "buy share pineapple") == "no-share-tokens"


def test_fruit_trading_with_the_warehouse() -> None:
    """ZOO-4.6 to ZOO-4.8: buying pays the price then raises it; selling pays it then lowers it."""
    state = play(start(), "pick fruit; pick share; pick share", "buy fruit lemon")
    assert state.seats[0].money == 9 and state.fruit_price[1] == 2 and state.seats[0].fruit["lemon"] == 2
    assert code(state, "sell fruit lemon") == "buy-and-sell"
    state = play(state, "sell fruit apple")
    assert state.seats[0].money == 10 and state.fruit_price[0] == 1 and state.warehouse["apple"] == 12  # 11 + 1


def test_fruit_price_stops_at_five() -> None:
    """ZOO-4.8: the fruit track ends at 5."""
    state = craft(seat(start(), 0, money=20), fruit_price=(5, 1, 1))
    state = play(state, "pick fruit; pick share; pick share", "buy fruit apple")
    assert state.fruit_price[0] == 5 and state.seats[0].money == 15


def test_buying_a_fruit_from_another_player() -> None:
    """ZOO-4.9: price + 2 to the seller, who cannot refuse; the price rises; allowed with stock in the warehouse."""
    state = play(start(), "pick fruit; pick share; pick share")
    assert "buy fruit lemon from 1" in legal(state) and "buy fruit lemon" in legal(state)
    state = play(state, "buy fruit lemon from 1")
    assert state.seats[0].money == 7 and state.seats[1].money == 13
    assert state.seats[1].fruit["lemon"] == 0 and state.seats[0].fruit["lemon"] == 2
    assert state.fruit_price[1] == 2 and state.warehouse["lemon"] == 11  # untouched: the printed 11 (ZOO-1.3)


def test_hiring_pays_fruit_into_the_warehouse_and_refills() -> None:
    """ZOO-4.10: the cost goes to the warehouse, prices do not move, the market is refilled."""
    state = seat(start(), 0, fruit={"apple": 3, "lemon": 1, "pineapple": 1})
    state = play(state, "pick helper; pick share; pick share")
    stock = state.warehouse["apple"]
    assert "hire h-tortoise" in legal(state) and "hire h-owl" in legal(state)
    state = play(state, "hire h-tortoise")
    assert state.flow.key == "effects.draw"  # the refill is a chance event
    state = play(state, "draw h-bear")
    assert state.seats[0].helpers == ("h-tortoise",) and state.seats[0].fruit["apple"] == 0
    assert state.warehouse["apple"] == stock + 3 and state.fruit_price == (1, 1, 1)
    assert state.piles.helper_row == ("h-owl", "h-bear", "h-mouse")


def test_lobbying_takes_two_coins_and_shuffles_a_card_in() -> None:
    """ZOO-4.11: 2 coins, the card into the chosen deck (its order forgotten), a refill."""
    state = play(start(), "pick lobby; pick share; pick share", "lobby inf-majority-coins pineapple")
    assert state.seats[0].money == 12
    deck = state.decks[2]
    assert deck.middle["inf-majority-coins"] == 1 and len(deck) == 8 and not deck.top
    state = play(state, "draw inf-harvest")
    assert state.piles.influence_row == ("inf-apple", "inf-harvest", "inf-lemon")


def test_speculation_looks_at_four_and_may_move_one_to_any_bottom() -> None:
    """ZOO-4.12, ZOO-6.4: 1 coin; the four cards are seen by the speculator only."""
    state = play(start(), "pick speculate; pick share; pick share", "speculate pineapple")
    assert state.seats[0].money == 11
    state = play(state, "draw pineapple-1; draw pineapple-2; draw pineapple-3; draw pineapple-4")
    assert state.flow.key == "effects.choose" and state.current_player == 0
    options = legal(state)
    assert options[0] == "arrange pineapple-1,pineapple-2,pineapple-3,pineapple-4"
    assert len(options) == 24 + 4 * 3 * 6
    assert [k.card for k in state.view(1).decks[2].top] == [HIDDEN] * 4
    state = play(state, "arrange pineapple-3,pineapple-2,pineapple-4 bottom pineapple-1 lemon")
    assert [k.card for k in state.decks[2].top] == ["pineapple-3", "pineapple-2", "pineapple-4"]
    assert state.decks[1].bottom[-1].card == "pineapple-1"
    assert state.view(0).decks[1].bottom[-1].card == "pineapple-1"
    assert state.view(2).decks[1].bottom[-1].card == HIDDEN


def test_duplicate_repeats_the_previous_token_and_never_comes_first() -> None:
    """ZOO-4.13: a duplicate is not a first token; it repeats the token just played."""
    state = start()
    assert "pick duplicate" not in legal(state)
    assert code(state, "pick duplicate") == "duplicate-first"
    state = play(state, "pick lobby; pick share; pick share", "lobby inf-apple apple; draw inf-harvest; done; done")
    state = play(state, "pick duplicate; pick fruit; pick fruit")
    assert state.turn.token == "duplicate" and state.turn.action == "lobby"
    assert any(m.startswith("lobby ") for m in legal(state))


def test_helper_abilities_after_the_token_only_if_it_was_used() -> None:
    """ZOO-5.1: a helper triggered by share trading works after a trade, not after declining."""
    state = seat(start(), 0, helpers=("h-squirrel",))
    declined = play(state, "pick share; pick share; pick share", "done")
    assert declined.current_player == 1
    traded = play(state, "pick share; pick share; pick share", "buy share apple", "done")
    assert traded.flow.key == "action.abilities" and legal(traded) == ["use h-squirrel", "done"]
    traded = play(traded, "use h-squirrel")
    assert traded.seats[0].money == 10 and traded.current_player == 1


def test_a_helper_hired_with_the_token_works_right_away() -> None:
    """ZOO-5.1, ZOO-4.14: a helper hired with a duplicated hire can be used at once."""
    state = seat(start(), 0, fruit={"apple": 2, "lemon": 1, "pineapple": 1})
    state = play(state, "pick helper; pick share; pick share", "hire h-owl; draw h-bear; done; done")
    state = play(state, "pick duplicate; pick fruit; pick fruit", "hire h-mouse; draw h-fox")
    assert state.flow.key == "action.abilities" and legal(state) == ["use h-mouse", "done"]
    state = play(state, "use h-mouse")
    assert state.seats[0].money == 11


def test_passive_discounts_work_even_to_zero() -> None:
    """ZOO-5.2, ZOO-11.7: the banker pig takes 1 off every share purchase, to 0 at price 1."""
    state = seat(start(), 0, helpers=("h-pig",))
    state = play(state, "pick share; pick share; pick share", "buy share apple", "buy share apple")
    assert state.seats[0].money == 10 - 0 - 1


@pytest.mark.parametrize("window", ["before", "revealed", "late"])
def test_one_intrigue_per_token_in_any_window(window: str) -> None:
    """ZOO-12.8: an intrigue may be played before the reveal, before resolving, or after; one per token."""
    state = start(2, modules=("intrigues",))
    state = seat(state, 0, intrigues=("int-windfall", "int-windfall"))
    state = play(state, "pick lobby; pick share")
    steps = {"before": [], "revealed": ["done"], "late": ["done", "done", "done"]}
    state = play(state, *steps[window])
    assert state.flow.step == window
    state = play(state, "intrigue int-windfall")
    assert state.seats[0].money == 14 and state.seats[0].intrigues == ("int-windfall",)
    assert state.flow.step not in ("before", "revealed", "late") or state.current_player != 0


@pytest.mark.parametrize("window", ["before", "revealed", "late"])
def test_the_seat_resolving_the_token_decides_again_after_a_target_chose(window: str) -> None:
    """ZOO-3.2, ZOO-12.8: after an intrigue's target chose what to discard, the decision goes
    back to the seat whose token is being resolved (or, after it, to the next seat)."""
    state = start(3, modules=("intrigues",))
    state = seat(seat(seat(state, 0, intrigues=("int-spoilage",)), 1, intrigues=()), 2, intrigues=())
    state = play(state, "pick share; pick share; pick share")
    steps = {"before": [], "revealed": ["done"], "late": ["done", "done", "buy share apple", "done"]}
    state = play(state, *steps[window], "intrigue int-spoilage", "choose seat 1")
    assert state.flow.key == "effects.choose" and state.current_player == 1
    state = play(state, "choose discard apple,lemon")
    assert state.flow.key == "action.act" and state.turn.seat == (1 if window == "late" else 0)
    assert state.current_player == state.turn.seat


def test_an_intrigue_after_the_token_may_come_before_the_helper_abilities() -> None:
    """ZOO-12.8, ZOO-5.3: after resolving a token, abilities and the intrigue may come in any
    order: the intrigue first, then the abilities (one intrigue per token still)."""
    state = start(2, modules=("intrigues",))
    state = seat(state, 0, intrigues=("int-insider", "int-windfall"), helpers=("h-squirrel",))
    state = play(state, "pick share; pick share", "done", "done", "buy share apple", "done")
    assert state.flow.key == "action.abilities"
    assert legal(state) == ["use h-squirrel", "intrigue int-insider", "intrigue int-windfall", "done"]
    state = play(state, "intrigue int-windfall")
    assert state.flow.key == "action.abilities" and legal(state) == ["use h-squirrel", "done"]
    after = play(state, "use h-squirrel")
    assert after.seats[0].money == 10 - 1 + 4 + 1 and after.current_player == 1
    declined = play(state, "done")  # the intrigue was offered beside the abilities: no second window
    assert declined.current_player == 1 and declined.seats[0].intrigues == ("int-insider",)


def test_speculation_on_a_deck_of_fewer_than_four_cards() -> None:
    """ZOO-4.12 (ruling): on a two-card deck the speculator looks at both and may still put one
    at the bottom of any deck (its own included) or keep both on top in either order."""
    state = deck(start(), 0, ("apple-1", "apple-2"))
    state = play(state, "pick speculate; pick share; pick share", "speculate apple", "draw apple-2")
    assert state.current_player == CHANCE and [str(m) for m in state.legal_moves()] == ["draw apple-1"]
    state = play(state, "draw apple-1")
    options = legal(state)
    assert options[:2] == ["arrange apple-2,apple-1", "arrange apple-1,apple-2"]
    assert "arrange apple-2 bottom apple-1 apple" in options and "arrange apple-1 bottom apple-2 lemon" in options
    assert len(options) == 2 + 2 * 3
    state = play(state, "arrange apple-2 bottom apple-1 apple")
    assert [k.card for k in state.decks[0].top] == ["apple-2", "apple-1"] and state.seats[0].money == 11
