"""The market phase: company decks, the division of fruits, events, the end of a round (ZOO-7 to ZOO-9, ZOO-12)."""

from __future__ import annotations

import attrs
from zoo_helpers import board, deck, legal, play, seat, start

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import Task, ZooState


def _to_market(state: ZooState) -> ZooState:
    """Every seat declines every token of the round: the market phase begins."""
    n = len(state.seats)
    for token in ("share", "fruit", "lobby", "helper")[: state.config.tokens_per_round]:
        state = play(state, *[f"pick {token}"] * n, *["done"] * n)
    assert state.flow.key == "effects.draw" and state.queue[0].op == "resolve_deck"
    return state


def test_decks_resolve_left_to_right_until_the_second_icon() -> None:
    """ZOO-7.1, ZOO-7.2, ZOO-7.6: the Lemon example: three cards, the second icon (third card) ends it."""
    state = _to_market(seat(start(board="lemon,apple,pineapple"), 0, shares=(0, 1, 0)))
    assert state.queue[0].company == "lemon"
    state = play(state, "draw lemon-2")
    assert state.company_fruit[1] == Tokens({"lemon": 1})
    state = play(state, "draw lemon-4", "draw lemon-6")
    assert state.company_fruit[1] == Tokens({"lemon": 3})
    assert state.queue[0].company == "apple"  # lemon is done
    assert len(state.decks[1]) == 7 and not state.decks[1].top and not state.piles.resolving


def test_a_card_is_ignored_without_a_majority_but_its_icon_counts() -> None:
    """ZOO-7.4: nobody holds a lemon share: the cards do nothing, yet two icons end the deck."""
    state = _to_market(start(board="lemon,apple,pineapple"))
    state = play(state, "draw lemon-1", "draw lemon-4")
    assert not state.company_fruit[1] and state.queue[0].company == "apple"


def test_unowned_cards_option_resolves_them() -> None:
    """ZOO-7.4 (ruling): with unowned_cards='resolved' a company without shareholders still gets its fruit."""
    state = _to_market(start(board="lemon,apple,pineapple", unowned_cards="resolved"))
    state = play(state, "draw lemon-1", "draw lemon-4")
    assert state.company_fruit[1] == Tokens({"lemon": 3})


def test_an_unbreakable_tie_ignores_cards_even_with_the_option() -> None:
    """ZOO-7.4: two seats with one lemon share each and no helpers: no majority shareholder."""
    state = start(board="lemon,apple,pineapple", unowned_cards="resolved")
    state = seat(seat(state, 0, shares=(0, 1, 0)), 1, shares=(0, 1, 0))
    state = play(_to_market(state), "draw lemon-1", "draw lemon-4")
    assert not state.company_fruit[1]


def test_the_deck_runs_out() -> None:
    """ZOO-7.2, ZOO-11.6: without a second icon the deck resolves to its last card; an empty deck is skipped."""
    state = seat(start(board="lemon,apple,pineapple"), 0, shares=(0, 1, 0))
    state = deck(state, 1, ("lemon-2", "lemon-3"))
    state = deck(state, 0, ())
    state = play(_to_market(state), "draw lemon-3", "draw lemon-2")
    assert state.queue[0].company == "pineapple"  # apple was empty: skipped
    assert state.company_fruit[1] == Tokens({"lemon": 2})


def test_card_removes_itself_even_when_it_could_not_act() -> None:
    """ZOO-11.8: 'Scandal' lowers the price by 2 and leaves the game, even at price 1."""
    state = seat(start(board="lemon,apple,pineapple"), 0, shares=(0, 1, 0))
    state = deck(state, 1, ("inf-share-down", "lemon-1", "lemon-4"))
    state = play(_to_market(state), "draw inf-share-down")
    assert state.share_price[1] == 1
    assert state.piles.removed[-1].card == "inf-share-down" and state.piles.removed[-1].public
    state = play(state, "draw lemon-1", "draw lemon-4")
    assert len(state.decks[1]) == 2


def _division(state: ZooState, fruits: dict[int, dict[str, int]]) -> ZooState:
    """Empty the company decks and put ``fruits`` on the boards, then reach the division."""
    for company in range(3):
        state = deck(state, company, ())
    for company, fruit in fruits.items():
        state = board(state, company, fruit)
    n = len(state.seats)
    for token in ("share", "fruit", "lobby", "helper")[: state.config.tokens_per_round]:
        state = play(state, *[f"pick {token}"] * n, *["done"] * n)
    return state


def test_division_majority_then_minority() -> None:
    """ZOO-8.1 to ZOO-8.4: Company 1: blue (3 shares) takes 3 of its choice, green (1) takes the last one."""
    state = start(4)
    state = seat(seat(state, 0, shares=(3, 0, 0)), 1, shares=(1, 0, 0))
    state = _division(state, {0: {"apple": 2, "lemon": 1, "pineapple": 1}})
    assert state.flow.key == "effects.choose" and state.current_player == 0
    assert "choose take apple,apple,lemon" in legal(state)
    state = play(state, "choose take apple,apple,lemon")
    assert state.seats[0].fruit == Tokens({"apple": 3, "lemon": 2, "pineapple": 1})
    assert state.seats[1].fruit == Tokens({"apple": 1, "lemon": 1, "pineapple": 2})
    assert not state.company_fruit[0]


def test_division_runs_out() -> None:
    """ZOO-8.3, ZOO-8.4: Company 2: green 3, yellow 2 gets the only fruit left, red 1 leaves empty-handed."""
    state = start(4)
    state = seat(seat(seat(state, 1, shares=(0, 3, 0)), 2, shares=(0, 2, 0)), 3, shares=(0, 1, 0))
    state = _division(state, {1: {"lemon": 3, "pineapple": 1}})
    state = play(state, "choose take lemon,lemon,pineapple")
    assert state.seats[2].fruit["lemon"] == 2 and state.seats[3].fruit == Tokens(
        {"apple": 1, "lemon": 1, "pineapple": 1}
    )
    assert state.seats[3].money == 10  # no tie payment for running out


def test_unbreakable_tie_pays_three_coins_to_everyone_who_took_nothing() -> None:
    """ZOO-8.5, ZOO-8.6: Company 3: blue 2, red 2, green 1, equal helpers: 3 coins each, fruit stays."""
    state = start(4)
    state = seat(seat(seat(state, 0, shares=(0, 0, 2)), 3, shares=(0, 0, 2)), 1, shares=(0, 0, 1))
    state = _division(state, {2: {"pineapple": 2}})
    assert [state.seats[i].money for i in range(4)] == [13, 13, 10, 13]
    assert state.company_fruit[2] == Tokens({"pineapple": 2})


def test_ties_are_broken_by_helper_glory_then_helper_count() -> None:
    """ZOO-8.5: equal shares: more helper glory wins; equal glory: more helpers wins."""
    state = start(4, helpers=("h-bear", "h-deer", "h-fox", "h-pig"))
    state = seat(seat(state, 0, shares=(2, 0, 0), helpers=("h-goose",)), 1, shares=(2, 0, 0), helpers=("h-owl",))
    assert state.majority("apple") == 1  # glory 2 against 0
    state = seat(state, 1, helpers=("h-mouse", "h-mouse"))
    assert state.majority("apple") == 1  # glory 0 each; two helpers against one
    state = seat(state, 1, helpers=("h-owl",))
    state = seat(state, 0, helpers=("h-mouse", "h-goose"))
    assert state.majority("apple") == 1  # glory beats helper count
    state = seat(state, 1, helpers=())
    assert state.majority("apple") == 0


def test_end_of_round_passes_the_marker_and_returns_tokens() -> None:
    """ZOO-9.1: after the market phase the first player is seat 1, round 2, no token played."""
    state = _division(start(), {})
    assert state.flow.key == "action.pick" and state.flow.round == 2 and state.flow.first_player == 1
    assert state.current_player == 1 and all(not s.played for s in state.seats)


def test_two_events_every_market_phase_skipping_impossible_ones() -> None:
    """ZOO-12.2 to ZOO-12.4: 'glut' cannot lower prices at 1 and is set aside; two others resolve."""
    state = _division(start(modules=("events",)), {})
    assert state.queue[0].op == "event"
    state = play(state, "draw ev-glut")
    assert state.piles.event_aside == Tokens({"ev-glut": 1}) and state.fruit_price == (1, 1, 1)
    state = play(state, "draw ev-drought")
    assert state.fruit_price == (3, 1, 1)  # scarcest: all tied, board order picks apple
    state = play(state, "draw ev-boom")
    assert state.share_price == (1, 3, 1) or state.share_price == (3, 1, 1)
    assert state.flow.key == "action.pick" and len(state.piles.event_deck) == 5


def test_event_ties_follow_the_board_order() -> None:
    """ZOO-13.6 (all disputes by board order): the cheapest company is the leftmost of the cheapest."""
    state = _division(start(board="pineapple,lemon,apple", modules=("events",)), {})
    state = play(state, "draw ev-boom", "draw ev-drought")
    assert state.share_price == (1, 1, 3) and state.fruit_price == (1, 1, 3)


def test_a_task_for_every_company_in_board_order() -> None:
    """ZOO-7.1, ZOO-8.6: the market queues the decks and the divisions from left to right."""
    state = _to_market(start(board="pineapple,apple,lemon"))
    assert [t.company for t in state.queue] == ["pineapple", "apple", "lemon"]
    assert state.queue[0] == Task("resolve_deck", company="pineapple")
    assert attrs.evolve(state.queue[1], company="x").op == "resolve_deck"
