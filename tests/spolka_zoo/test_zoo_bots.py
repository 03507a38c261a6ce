"""Bots: the 13-card bot deck, choices by board order, hiring, discards (ZOO-13)."""

from __future__ import annotations

import pytest
from zoo_helpers import board, craft, deck, legal, play, seat, start

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import BOT, BOT_IDS
from tabletop.spolka_zoo.rules.bots import card_feasible
from tabletop.spolka_zoo.state import ZooState


def _bot_turn(state: ZooState) -> ZooState:
    """Seats 0 and 1 (humans) pick and decline: the bot (seat 2) draws its card."""
    state = play(state, "pick fruit; pick fruit; done; done")
    assert state.current_player == CHANCE and state.queue[0].op == "bot_turn"
    return state


def test_the_bot_deck_is_the_thirteen_public_cards() -> None:
    """ZOO-13.3: 13 bot cards with the facts' effects and bonuses."""
    assert len(BOT) == 13
    kinds = [tuple(e.kind for e in card.effects) for card in BOT]
    assert kinds[0] == ("buy_cheapest_fruit", "buy_cheapest_fruit")
    assert kinds[1] == kinds[2] == kinds[3] == ("hire_helper", "move_top")
    assert [(e.company, e.to) for card in BOT[1:4] for e in card.effects[1:]] == [
        ("lemon", "pineapple"),
        ("apple", "lemon"),
        ("pineapple", "apple"),
    ]
    assert kinds[4] == ("sell_fruit", "refresh_influence") and BOT[4].effects[0].min_price == 3
    assert [card.bonus for card in BOT] == [3, 3, 3, 3, 6, 2, 2, 2, 2, 5, 5, 5, 6]
    assert [BOT[i].effects[0].company for i in (6, 7, 8, 9, 10, 11)] == [
        "pineapple",
        "lemon",
        "apple",
        "apple",
        "lemon",
        "pineapple",
    ]


def test_bots_are_seats_that_never_move() -> None:
    """ZOO-13.1, ZOO-13.3: a bot is a seat, never the current player; its turn is a chance draw."""
    state = start(2, 1)
    assert state.num_players == 3 and state.seats[2].bot
    state = _bot_turn(state)
    assert {str(m) for m in state.legal_moves()} == {f"draw {c}" for c in BOT_IDS}
    state = play(state, "draw bot-09")
    assert state.seats[2].shares == (2, 0, 0) and state.seats[2].money == 10 - 1 - 2 + 2
    assert state.piles.bot_discard == Tokens({"bot-09": 1})
    assert state.flow.key == "action.pick" and state.current_player == 0


def test_bots_get_coins_instead_of_goals_and_intrigues() -> None:
    """ZOO-12.1: 20 coins per card module, 40 with both; no cards for the bot."""
    state = start(1, 2, modules=("hidden_goals", "intrigues"))
    assert [s.money for s in state.seats] == [10, 50, 50]
    assert not state.seats[1].intrigues and not state.seats[1].goal
    assert len(state.seats[0].intrigues) == 3 and state.seats[0].goal
    assert [s.money for s in start(1, 1, modules=("events", "intrigues")).seats] == [10, 30]


def test_an_unplayable_card_is_discarded_and_the_next_drawn() -> None:
    """ZOO-13.4: bot-13 (sell your dearest share) with no share: discarded, another card drawn."""
    state = play(_bot_turn(start(2, 1)), "draw bot-13")
    assert state.current_player == CHANCE and state.piles.bot_discard == Tokens({"bot-13": 1})
    assert "draw bot-13" not in legal(state)
    state = play(state, "draw bot-06")
    assert state.seats[2].shares == (1, 1, 0)


def test_one_possible_effect_is_enough_by_default() -> None:
    """ZOO-13.4 (ruling): bot-02 with no affordable helper still moves the lemon card; all-effects discards it."""
    state = seat(start(2, 1), 2, fruit={})
    assert card_feasible(state, 2, "bot-02")
    strict = start(2, 1, bot_rule="all-effects")
    assert not card_feasible(seat(strict, 2, fruit={}), 2, "bot-02")
    state = play(_bot_turn(state), "draw bot-02")
    assert state.current_player == CHANCE and state.queue[0].op == "move_card"
    state = play(state, "draw lemon-3")
    assert state.decks[2].top[0].card == "lemon-3" and state.decks[2].top[0].public
    assert state.seats[2].money == 13 and not state.seats[2].helpers


def test_the_bot_hires_the_first_helper_it_can_afford_from_the_deck() -> None:
    """ZOO-13.7: 3 apples and 3 lemons: the first two helpers need pineapple, the third is affordable."""
    state = start(2, 1, helpers=("h-hedgehog", "h-bear", "h-tortoise"))
    state = seat(state, 2, fruit={"apple": 3, "lemon": 3})
    state = play(_bot_turn(state), "draw bot-03")
    assert state.seats[2].helpers == ("h-tortoise",) and state.seats[2].fruit == Tokens({"lemon": 3})
    assert state.piles.helper_row[2] == ""  # refill pending
    state = play(state, "draw h-owl")
    assert state.piles.helper_row == ("h-hedgehog", "h-bear", "h-owl")
    state = play(state, "draw apple-2")  # the apple deck's top card moves onto lemon, face up
    assert state.decks[1].top[0].card == "apple-2" and state.seats[2].money == 13


@pytest.mark.parametrize(
    ("fruit", "taken"), [({"apple": 3, "lemon": 1}, "apple"), ({"lemon": 1, "pineapple": 3}, "lemon")]
)
def test_the_bot_takes_fruit_by_board_order(fruit: dict[str, int], taken: str) -> None:
    """ZOO-13.6: the majority bot takes an apple from 3 apples + 1 lemon; with no apple, the lemon."""
    state = start(2, 1)
    state = board(seat(state, 2, shares=(1, 0, 0)), 0, fruit)
    state = deck(deck(deck(state, 0, ("inf-majority-takes", "apple-1", "apple-4")), 1, ()), 2, ())
    state = play(
        state,
        "pick share; pick share; done; done; draw bot-08",
        "pick fruit; pick fruit; done; done; draw bot-07",
        "pick lobby; pick lobby; done; done; draw bot-12; draw inf-apple",
    )
    assert state.queue[0].op == "resolve_deck" and state.queue[0].company == "apple"
    before = state.seats[2].fruit[taken]
    state = play(state, "draw inf-majority-takes")
    assert state.seats[2].fruit[taken] == before + 1
    assert state.company_fruit[0] == Tokens(fruit) - Tokens({taken: 1})


def _chance(state: ZooState) -> ZooState:
    while state.current_player == CHANCE:
        state = state.apply(state.legal_moves()[0])
    return state


def test_a_bot_may_hold_the_first_player_marker() -> None:
    """ZOO-13.2, ZOO-9.1: in round 2 of a one-player, one-bot game the bot is first and resolves first."""
    state = start(1, 1)
    for token in ("share", "fruit", "lobby", "helper"):
        state = _chance(play(state, f"pick {token}", "done"))
    assert state.flow.round == 2 and state.flow.first_player == 1 and state.current_player == 0
    state = play(state, "pick share")
    assert state.current_player == CHANCE and state.queue[0].op == "bot_turn" and state.queue[0].seat == 1


def test_bot_seats_by_option() -> None:
    """ZOO-13.1: bots sit after the humans by default, or alternate with them."""
    assert [s.bot for s in start(2, 2).seats] == [False, False, True, True]
    assert [s.bot for s in start(2, 2, seating="alternate").seats] == [False, True, False, True]


@pytest.mark.parametrize("card", BOT_IDS)
def test_every_bot_card_can_be_carried_out_somewhere(card: str) -> None:
    """ZOO-13.9: each card is feasible in a rich position (coins, fruit, shares, helpers on offer)."""
    state = start(2, 1, helpers=("h-owl", "h-bear", "h-tortoise"))
    state = seat(state, 2, fruit={"apple": 3, "lemon": 3, "pineapple": 3}, shares=(1, 1, 1), money=30)
    state = craft(state, fruit_price=(3, 3, 3), flow=state.flow)
    assert card_feasible(state, 2, card)
