"""The effect vocabulary on influence, helper, event and intrigue cards (ZOO-5, ZOO-6, ZOO-11, ZOO-12.9)."""

from __future__ import annotations

from zoo_helpers import board, craft, deck, legal, play, seat, start, to_market

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import ZooState


def _resolving(cards: tuple[str, ...], *, shares: dict[int, tuple[int, int, int]], **options: object) -> ZooState:
    """A three-seat game at its first market phase, the apple deck made of ``cards``."""
    state = start(board="apple,lemon,pineapple", **options)  # type: ignore[arg-type]
    for index, held in shares.items():
        state = seat(state, index, shares=held)
    state = deck(deck(deck(state, 0, cards), 1, ()), 2, ())
    return to_market(state)


def test_money_per_share_and_discards_as_far_as_possible() -> None:
    """ZOO-7.3, ZOO-11.11: 'Dividend' pays per share; 'Minority levy' takes 2 from a seat with 1."""
    state = _resolving(("inf-dividend", "inf-tax", "apple-1"), shares={0: (3, 0, 0), 1: (1, 0, 0)})
    state = seat(state, 1, money=1)
    state = play(state, "draw inf-dividend")
    assert state.seats[0].money == 13 and state.seats[1].money == 2
    state = play(state, "draw inf-tax")
    assert state.seats[1].money == 0 and state.seats[0].money == 13


def test_any_fruit_onto_any_company_as_far_as_the_warehouse_allows() -> None:
    """ZOO-11.2, ZOO-6.1, ZOO-7.6: a lemon onto the apple board; 'Harvest' with no apple left adds the rest."""
    state = _resolving(("inf-lemon", "inf-harvest", "apple-1"), shares={0: (1, 0, 0)})
    state = play(state, "draw inf-lemon")
    assert state.company_fruit[0] == Tokens({"lemon": 1})
    state = seat(state, 2, fruit={"apple": 12})  # every apple out of the warehouse (11 printed, ZOO-1.3)
    state = play(state, "draw inf-harvest")
    assert state.company_fruit[0] == Tokens({"lemon": 2, "pineapple": 1})


def test_the_majority_takes_a_fruit_of_its_choice() -> None:
    """ZOO-7.3: 'First pick' is a decision of the majority shareholder (a player)."""
    state = board(
        _resolving(("inf-majority-takes", "apple-1", "apple-4"), shares={1: (1, 0, 0)}), 0, {"apple": 1, "lemon": 1}
    )
    state = play(state, "draw inf-majority-takes")
    assert state.current_player == 1 and legal(state) == ["choose take apple", "choose take lemon"]
    state = play(state, "choose take lemon")
    assert state.seats[1].fruit["lemon"] == 2 and state.company_fruit[0] == Tokens({"apple": 1})


def test_share_price_beyond_the_track_and_back() -> None:
    """ZOO-4.5: 'Stock boom' takes a price from 10 to 12; a later purchase leaves it at 12."""
    state = craft(_resolving(("inf-share-boom", "apple-1"), shares={0: (1, 0, 0)}), share_price=(10, 1, 1))
    state = play(state, "draw inf-share-boom")
    assert state.share_price[0] == 12


def test_buying_a_share_in_the_company_being_resolved() -> None:
    """ZOO-6.3: 'Public offering': each shareholder in turn may buy one share 1 coin cheaper; the price moves."""
    state = _resolving(("inf-offer-all", "apple-1", "apple-4"), shares={0: (2, 0, 0), 2: (1, 0, 0)})
    state = play(state, "draw inf-offer-all")
    assert state.current_player == 0 and legal(state) == ["choose buy apple", "choose pass"]
    state = play(state, "choose buy apple")
    assert state.seats[0].money == 10 and state.share_price[0] == 2
    state = play(state, "choose buy apple")
    assert state.seats[2].money == 9 and state.seats[2].shares == (2, 0, 0) and state.share_price[0] == 3


def test_a_card_moves_the_top_card_face_down_to_the_next_deck() -> None:
    """ZOO-11.3: 'Merger talks' moves the apple deck's top card onto the lemon deck, unseen by all."""
    state = _resolving(("inf-pass-on", "apple-1", "apple-4"), shares={0: (1, 0, 0)})
    state = play(state, "draw inf-pass-on", "draw apple-4")
    assert state.decks[1].top[0].card == "apple-4" and not state.decks[1].top[0].public
    assert all(state.view(p).decks[1].top[0].card == HIDDEN for p in range(3))


def test_an_audit_removes_a_card_covertly() -> None:
    """ZOO-6.4, ZOO-11.3: the majority looks at two cards and may remove one; only it knows which."""
    state = _resolving(("inf-audit", "apple-1", "apple-2", "apple-4"), shares={1: (1, 0, 0)})
    state = play(state, "draw inf-audit", "draw apple-2", "draw apple-1")
    assert state.current_player == 1 and "arrange apple-1 remove apple-2" in legal(state)
    state = play(state, "arrange apple-1 remove apple-2")
    assert state.piles.removed[-1].card == "apple-2"
    assert state.view(0).piles.removed[-1].card == HIDDEN and state.view(1).piles.removed[-1].card == "apple-2"


def test_an_intrigue_targets_a_seat_of_the_players_choice() -> None:
    """ZOO-12.9, ZOO-12.1: 'Blackmail' asks for a seat (a bot is a player too), which discards 3 coins."""
    state = seat(start(2, 1, modules=("intrigues",)), 0, intrigues=("int-blackmail", "int-spoilage", "int-swap"))
    state = play(state, "pick share", "pick share", "intrigue int-blackmail")
    assert legal(state) == ["choose seat 1", "choose seat 2"]
    state = play(state, "choose seat 2")
    assert state.seats[2].money == 27 and state.flow.step == "act"


def test_a_bot_discards_by_board_order() -> None:
    """ZOO-13.6: 'Rotten crate' on a bot: it discards the leftmost fruit first."""
    state = seat(start(2, 1, board="pineapple,apple,lemon", modules=("intrigues",)), 0, intrigues=("int-spoilage",))
    state = play(state, "pick share", "pick share", "intrigue int-spoilage", "choose seat 2")
    assert state.seats[2].fruit == Tokens({"lemon": 1})


def test_exchanges_and_moves_do_not_move_prices() -> None:
    """ZOO-11.5: 'Barter' swaps a fruit with the warehouse, 'Reshuffle portfolio' moves a share: prices stay."""
    state = seat(start(2, modules=("intrigues",)), 0, intrigues=("int-swap", "int-transfer"), shares=(2, 0, 0))
    state = seat(state, 1, intrigues=())
    state = play(state, "pick share", "pick share", "intrigue int-swap", "choose swap apple>lemon")
    assert state.seats[0].fruit == Tokens({"lemon": 2, "pineapple": 1}) and state.fruit_price == (1, 1, 1)
    state = play(
        state, "done", "done", "pick fruit", "pick fruit", "intrigue int-transfer", "choose move apple>pineapple"
    )
    assert state.seats[0].shares == (1, 0, 1) and state.share_price == (1, 1, 1)


def test_removing_the_face_up_influence_cards() -> None:
    """ZOO-12.9: 'Closed session' removes the row face up and refills it with three draws."""
    state = seat(start(modules=("intrigues",)), 0, intrigues=("int-clear-market",))
    state = play(state, "pick share", "pick share", "pick share", "intrigue int-clear-market")
    assert [k.card for k in state.piles.removed[-3:]] == ["inf-apple", "inf-majority-coins", "inf-lemon"]
    state = play(state, "draw inf-tax", "draw inf-tax", "draw inf-dividend")
    assert state.piles.influence_row == ("inf-tax", "inf-tax", "inf-dividend")


def test_helper_abilities_from_the_vocabulary() -> None:
    """ZOO-5.1, ZOO-5.4: the fox buys a share 1 cheaper (price moves); the crow lowers a fruit price."""
    state = seat(start(), 0, helpers=("h-fox", "h-crow"))
    state = play(state, "pick share; pick share; pick share", "buy share apple", "done")
    assert legal(state) == ["use h-fox", "use h-crow", "done"]
    state = play(state, "use h-fox", "choose buy lemon")
    assert state.seats[0].money == 9 and state.share_price == (2, 2, 1)
    state = play(state, "use h-crow")
    assert state.current_player == 1 and state.fruit_price == (1, 1, 1)  # nothing to lower: no choice asked


def test_passive_helpers_in_trading_and_in_the_division() -> None:
    """ZOO-5.2, ZOO-5.3: the hamster's cheaper fruit, the hare's better apple sales, the donkey's coin."""
    state = seat(start(), 0, helpers=("h-hamster", "h-apple-seller", "h-donkey"))
    state = play(state, "pick fruit; pick share; pick share", "buy fruit lemon", "sell fruit apple")
    assert state.seats[0].money == 10 - 0 + 2
    state = seat(state, 0, shares=(0, 0, 1))
    state = board(deck(deck(deck(state, 0, ()), 1, ()), 2, ()), 2, {"pineapple": 1})
    state = play(state, "done", "done", "pick lobby; pick lobby; pick lobby; done; done; done")
    state = play(state, "pick helper; pick helper; pick helper; done; done; done")
    assert state.flow.round == 2 and state.seats[0].money == 12 + 1


def test_events_lower_the_dearest_fruit_by_the_most_the_track_allows() -> None:
    """ZOO-12.2, ZOO-12.3: 'Market crash' lowers the dearest fruit 4 spaces, stopping at 1."""
    state = craft(start(2, modules=("events",)), fruit_price=(2, 4, 3))
    state = deck(deck(deck(state, 0, ()), 1, ()), 2, ())
    state = play(to_market(state), "draw ev-crash")
    assert state.fruit_price == (2, 1, 3)
