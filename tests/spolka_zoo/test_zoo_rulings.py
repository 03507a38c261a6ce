"""The rulings of docs/spolka_zoo/rulings.md, one test each."""

from __future__ import annotations

import attrs
from zoo_helpers import board, craft, deck, legal, play, seat, start, to_market

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import ZooState


def _empty_decks(state: ZooState) -> ZooState:
    return deck(deck(deck(state, 0, ()), 1, ()), 2, ())


def test_a_tie_for_the_majority_pays_three_coins_even_on_an_empty_board() -> None:
    """ZOO-8.5 (ruling): the majority shareholder of every company with shareholders is
    determined; an unbreakable tie pays 3 coins to each shareholder "even if no Fruits were
    taken", also when the board is empty (the tie ignored the company's cards, ZOO-7.4)."""
    state = seat(seat(start(2), 0, shares=(1, 0, 0)), 1, shares=(1, 0, 0))
    state = to_market(_empty_decks(state))
    assert state.flow.round == 2 and [s.money for s in state.seats] == [13, 13]


def test_empty_board_ties_option_unpaid() -> None:
    """ZOO-8.4, ZOO-8.5 (option): with empty_board_ties='unpaid' a company without fruit has no
    division at all, so tied shareholders get nothing."""
    state = seat(seat(start(2, empty_board_ties="unpaid"), 0, shares=(1, 0, 0)), 1, shares=(1, 0, 0))
    state = to_market(_empty_decks(state))
    assert state.flow.round == 2 and [s.money for s in state.seats] == [10, 10]


def test_fruit_run_out_before_tied_minorities_pays_nothing() -> None:
    """ZOO-8.4: the majority took the last fruit: the division ends before the tied minority
    shareholders' order is needed, so they get no 3 coins (whatever the option)."""
    state = start(3)
    state = seat(seat(seat(state, 0, shares=(2, 0, 0)), 1, shares=(1, 0, 0)), 2, shares=(1, 0, 0))
    state = board(_empty_decks(state), 0, {"apple": 2})
    state = to_market(state)
    assert state.seats[0].fruit["apple"] == 3 and [s.money for s in state.seats] == [10, 10, 10]


def test_a_clear_majority_on_an_empty_board_takes_nothing_and_pays_nothing() -> None:
    """ZOO-8.2, ZOO-8.4: one majority shareholder, no fruit: nothing happens."""
    state = seat(seat(start(2), 0, shares=(2, 0, 0)), 1, shares=(1, 0, 0))
    state = to_market(_empty_decks(state))
    assert state.flow.round == 2 and [s.money for s in state.seats] == [10, 10]


def test_events_without_effect_are_set_aside_until_two_act() -> None:
    """ZOO-12.3 (ruling): three cards that cannot act are set aside; the fourth and fifth act."""
    state = craft(start(2, modules=("events",)), share_price=(1, 1, 1), fruit_price=(1, 1, 1))
    state = to_market(_empty_decks(state))
    state = play(state, "draw ev-glut", "draw ev-panic", "draw ev-crash")
    assert state.current_player == CHANCE and state.piles.event_aside.total == 3
    state = play(state, "draw ev-drought")
    assert state.fruit_price[0] == 3 and state.current_player == CHANCE
    state = play(state, "draw ev-boom")
    assert state.share_price[0] == 3 and state.flow.round == 2 and len(state.piles.event_deck) == 5


def test_a_bot_looking_at_cards_keeps_their_order() -> None:
    """ZOO-13.6 (ruling): a bot majority shareholder resolving 'Audit' removes nothing."""
    state = start(2, 1)
    state = seat(state, 2, shares=(1, 0, 0))
    state = deck(deck(deck(state, 0, ("inf-audit", "apple-2", "apple-3", "apple-1")), 1, ()), 2, ())
    state = play(state, "pick share; pick share; done; done; draw bot-08")
    state = play(state, "pick fruit; pick fruit; done; done; draw bot-07")
    state = play(state, "pick lobby; pick lobby; done; done; draw bot-11; draw inf-apple")
    removed = len(state.piles.removed)
    state = play(state, "draw inf-audit", "draw apple-3", "draw apple-2")
    assert state.piles.resolving == ("inf-audit", "apple-3", "apple-2")  # both kept, in the order seen
    assert len(state.piles.removed) == removed


def test_a_bot_accepts_an_offer_it_can_afford() -> None:
    """ZOO-13.6 (ruling): at a 'Share issue' the bot shareholder buys a share."""
    state = start(2, 1)
    state = seat(state, 2, shares=(0, 0, 1))
    state = deck(deck(deck(state, 2, ("pineapple-5", "pineapple-1", "pineapple-4")), 1, ()), 0, ())
    state = play(state, "pick share; pick share; done; done; draw bot-08")
    state = play(state, "pick fruit; pick fruit; done; done; draw bot-09")
    state = play(state, "pick lobby; pick lobby; done; done; draw bot-11; draw inf-apple")
    shares = state.seats[2].shares[2]
    state = play(state, "draw inf-apple", "draw pineapple-5")
    assert state.seats[2].shares[2] == shares + 1


def test_a_bot_with_nothing_possible_ends_its_turn_after_one_discard() -> None:
    """ZOO-13.4 (ruling): no card of the deck could be carried out: one card is drawn, then the turn ends."""
    state = _empty_decks(start(1, 1))
    piles = state.piles
    row = tuple(Known(c, public=True) for c in piles.influence_row)
    gone = tuple(Known(c, public=True) for c in piles.influence.cards().elements())
    piles = attrs.evolve(piles, influence=Deck(), influence_row=("", "", ""), removed=piles.removed + row + gone)
    state = seat(craft(state, piles=piles), 1, money=0, fruit={})
    state = play(state, "pick share", "done", "draw bot-13")
    assert state.current_player == 0 and state.piles.bot_discard == Tokens({"bot-13": 1})
    assert state.flow.step == "pick"


def test_discounts_do_not_apply_to_buying_from_a_player() -> None:
    """ZOO-4.9 (ruling): with the hamster, a warehouse lemon costs 0 but seat 1's lemon costs 1 + 2."""
    state = seat(start(), 0, helpers=("h-hamster",))
    state = play(state, "pick fruit; pick share; pick share", "buy fruit lemon from 1")
    assert state.seats[0].money == 7 and state.seats[1].money == 13


def test_intrigues_only_around_ones_own_token() -> None:
    """ZOO-12.8 (ruling): seat 1's windows come only with seat 1's token."""
    state = seat(seat(start(2, modules=("intrigues",)), 0, intrigues=()), 1, intrigues=("int-windfall",))
    state = play(state, "pick share", "pick share")
    assert state.current_player == 0 and state.flow.step == "act"
    state = play(state, "done")
    assert state.current_player == 1 and state.flow.step == "before"
    assert legal(state) == ["intrigue int-windfall", "done"]


def test_declined_lobbying_gives_no_coins() -> None:
    """ZOO-3.4 (ruling): 'done' at lobbying spends the token without the 2 coins."""
    state = play(start(), "pick lobby; pick share; pick share", "done")
    assert state.seats[0].money == 10 and state.seats[0].played == ("lobby",)


def test_goal_majorities_use_the_market_ties() -> None:
    """ZOO-12.6 (ruling): tied shareholders with equal helpers hold no majority for a goal."""
    from tabletop.spolka_zoo.state import goal_met

    state = start(2, modules=("hidden_goals",))
    goals = [s.goal for s in state.seats]
    box = state.piles.goal_box
    if "goal-tycoon" not in goals:
        box = box.remove("goal-tycoon").shuffle_in((goals[0],))
        state = craft(seat(state, 0, goal="goal-tycoon"), piles=attrs.evolve(state.piles, goal_box=box))
    elif goals[1] == "goal-tycoon":
        state = seat(seat(state, 1, goal=goals[0]), 0, goal="goal-tycoon")
    state = seat(seat(state, 0, shares=(2, 2, 0)), 1, shares=(2, 1, 0))
    assert not goal_met(state, 0)
    state = seat(state, 1, shares=(1, 1, 0))
    assert goal_met(state, 0)


def test_a_fruit_board_division_is_one_decision() -> None:
    """ZOO-8.2 (ruling): the whole take is one move; a forced take happens at once."""
    state = seat(seat(start(2), 0, shares=(2, 0, 0)), 1, shares=(1, 0, 0))
    state = board(_empty_decks(state), 0, {"apple": 2, "lemon": 1})
    state = to_market(state)
    assert legal(state) == ["choose take apple,apple", "choose take apple,lemon"]
    state = play(state, "choose take apple,lemon")
    assert state.seats[1].fruit["apple"] == 2 and state.flow.round == 2
