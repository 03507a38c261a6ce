"""Edge cases read from the rulebook's plain words: the starting cards by seat count, sales at the
ends of the tracks, a duplicate at a round's start, speculated cards at the market, ties among the
minority, round five's events, the final sale off the track, bot cards at their limits and the shared
bot deck, and money passing between seats only by a purchase (ZOO-1.2, ZOO-4.2, ZOO-4.7, ZOO-4.13, ZOO-7.5,
ZOO-8.4, ZOO-8.5, ZOO-12.2, ZOO-12.3, ZOO-10.3, ZOO-13.3, ZOO-13.5, ZOO-13.6, ZOO-11.9)."""

from __future__ import annotations

import random

import attrs
import pytest
from test_zoo_market import _division  # decks emptied, boards filled, every token declined
from zoo_helpers import craft, legal, play, seat, start

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME
from tabletop.spolka_zoo.content import STARTING
from tabletop.spolka_zoo.state import ZooState, final_outcome


def _bot_turn(state: ZooState) -> ZooState:
    """Seats 0 and 1 (players) pick and decline: the bot (seat 2) draws its card."""
    state = play(state, "pick fruit; pick fruit; done; done")
    assert state.current_player == CHANCE and state.queue[0].op == "bot_turn"
    return state


@pytest.mark.parametrize(
    ("players", "bots", "marks", "size"),
    [(2, 0, {"2+"}, 5), (2, 1, {"2+", "3"}, 7), (3, 1, {"2+", "3", "4+"}, 8), (4, 1, {"2+", "3", "4+", "5"}, 9)],
)
def test_a_starting_card_takes_part_from_its_number_of_players_up(
    players: int, bots: int, marks: set[str], size: int
) -> None:
    """ZOO-1.2 "The numbers (from 2+ to 5) tell from what number of players the given card takes
    part in the game", bots counted (ZOO-13.1): a card marked 3 is in every game of three seats or
    more, so four seats use 2+, 3 and 4+."""
    state = start(players, bots)
    used = {card.id: card.players for card in STARTING}
    assert [len(deck) for deck in state.decks] == [size] * 3
    assert {used[card] for deck in state.decks for card in deck.cards()} == marks


def test_selling_a_fruit_at_one_pays_one_and_leaves_the_price() -> None:
    """ZOO-4.7 "move that Fruit Price token ... one space to the left (min. 1). Sold Fruits are
    placed on the top floor of the Warehouse board": two sales of different fruits at 1."""
    state = play(start(), "pick fruit; pick share; pick share", "sell fruit apple", "sell fruit lemon")
    assert state.fruit_price == (1, 1, 1) and state.seats[0].money == 12
    assert (
        state.seats[0].fruit == Tokens({"pineapple": 1}) and state.warehouse["apple"] == state.warehouse["lemon"] == 12
    )


def test_a_sale_off_the_fruit_track_moves_the_price_one_space_left() -> None:
    """ZOO-4.7, ZOO-4.5: a fruit at 7 (a card's doing) sells for 7 and its price moves one space left, to 6."""
    state = craft(start(), fruit_price=(7, 1, 1))
    state = play(state, "pick fruit; pick share; pick share", "sell fruit apple")
    assert state.seats[0].money == 17 and state.fruit_price == (6, 1, 1)


def test_a_duplicate_does_not_reach_back_into_the_last_round() -> None:
    """ZOO-4.13 "This applies only to the token played immediately before playing the Duplicate
    and only in the current round. A Duplicate cannot be played as the first Action token in a
    round": round two's first pick cannot be a duplicate of round one's last token."""
    state = _division(start(), {})
    assert state.flow.round == 2 and state.flow.key == "action.pick"
    assert "pick duplicate" not in legal(state) and "pick helper" in legal(state)


def test_a_duplicate_is_a_new_action_for_the_same_company_rule() -> None:
    """ZOO-4.2 "What is not allowed within this action is two different transactions in the same
    Company", ZOO-4.13: the rule binds one action; a duplicate of share trading after a purchase in
    the apple company may sell an apple share."""
    state = seat(start(), 0, shares=(1, 0, 0))
    state = play(state, "pick share; pick fruit; pick fruit", "buy share apple", "done", "done", "done")
    state = play(state, "pick duplicate; pick share; pick share")
    assert state.turn.token == "duplicate" and state.turn.action == "share"
    assert "sell share apple" in legal(state)
    state = play(state, "sell share apple")
    assert state.seats[0].shares == (1, 0, 0) and state.share_price[0] == 1


def test_a_tie_among_the_minority_pays_everyone_who_has_not_taken() -> None:
    """ZOO-8.5 "All Shareholders who have not yet taken Fruits from this Company take 3 coins ...
    The division ... is ended (even if some Fruit tokens remain)": after the majority (3 shares)
    takes, two minority holders tie at 2; they and the 1-share holder get 3 coins, the rest stays."""
    state = start(4)
    for index, shares in enumerate((3, 2, 2, 1)):
        state = seat(state, index, shares=(shares, 0, 0))
    state = _division(state, {0: {"apple": 6}})
    assert [s.money for s in state.seats] == [10, 13, 13, 13]
    assert state.seats[0].fruit["apple"] == 1 + 3 and [s.fruit["apple"] for s in state.seats[1:]] == [1, 1, 1]
    assert state.company_fruit[0] == Tokens({"apple": 3})


def test_a_minority_tie_after_the_fruit_ran_out_pays_nothing() -> None:
    """ZOO-8.4 "The division ... ends when ... the Company has run out of Fruits": the majority
    takes the last fruit, so the tied minority holders are never reached."""
    state = start(3)
    for index, shares in enumerate((3, 1, 1)):
        state = seat(state, index, shares=(shares, 0, 0))
    state = _division(state, {0: {"apple": 2}})
    assert [s.money for s in state.seats] == [10, 10, 10] and not state.company_fruit[0]


def test_events_come_at_the_end_of_round_five_too() -> None:
    """ZOO-12.2 "At the end of each Market phase (also in round five) the effects of 2 Event cards
    must be introduced": round five's division is followed by event draws, then the game ends."""
    state = start(3, modules=("events",))
    state = _division(craft(state, flow=attrs.evolve(state.flow, round=5)), {})
    assert not state.finished and state.queue[0].op == "event"
    state = play(state, "draw ev-drought")
    assert state.fruit_price == (3, 1, 1) and not state.finished
    state = play(state, "draw ev-boom")
    assert state.finished and state.is_terminal


def test_speculated_cards_resolve_in_their_order_and_the_deck_is_shuffled_after() -> None:
    """ZOO-7.5 "It is forbidden to shuffle a Company deck before starting to resolve it ... After
    finishing resolving the deck, shuffle all the cards": the three cards a speculation put on top
    are revealed in the order chosen, with no chance draw; after the second icon no card of the
    deck is in a known place, the one put at its bottom included."""
    state = seat(start(board="lemon,apple,pineapple"), 0, shares=(0, 1, 0))
    state = play(state, "pick speculate; pick share; pick share", "speculate lemon")
    state = play(state, "draw lemon-1; draw lemon-2; draw lemon-3; draw lemon-4")
    state = play(state, "arrange lemon-3,lemon-2,lemon-4 bottom lemon-1 lemon", "done", "done")
    for token in ("fruit", "lobby"):
        state = play(state, *[f"pick {token}"] * 3, *["done"] * 3)
    assert state.piles.resolving == ("lemon-3", "lemon-2", "lemon-4")  # lemon-4's icon is the first
    assert state.current_player == CHANCE and state.queue[0].company == "lemon"
    state = play(state, "draw lemon-5", "choose pass", "draw lemon-6")  # lemon-6: the second icon
    assert state.queue[0].company == "apple" and not state.piles.resolving
    assert not state.decks[1].top and not state.decks[1].bottom and "lemon-1" in state.decks[1].middle


@pytest.mark.parametrize(("apple", "resolved"), [(4, 1), (5, 0)])
def test_an_event_carried_out_in_part_counts_as_resolved(apple: int, resolved: int) -> None:
    """ZOO-12.3 "Partially resolving an Event card's effect is also treated as having resolved the
    card ... If the First Player is unable to apply the effect ... in any way ... they set it aside":
    'drought' (the scarcest fruit, apple by board order, 2 spaces up) from 4 reaches 5 and counts;
    from 5 it cannot move and does not."""
    state = _division(craft(start(modules=("events",)), fruit_price=(apple, 5, 5)), {})
    state = play(state, "draw ev-drought")
    assert state.fruit_price == (5, 5, 5) and state.queue[0].op == "event" and state.queue[0].n == resolved


def test_the_final_sale_pays_every_share_at_one_price_even_off_the_track() -> None:
    """ZOO-10.3 "sell all the Shares and Fruits they own at their current prices ... This sale no
    longer causes any changes to the prices": 3 apple shares at 12 and 2 lemons at 7 pay 36 + 14."""
    state = seat(start(2), 0, shares=(3, 0, 0), fruit={"lemon": 2}, money=0)
    state = craft(state, share_price=(12, 1, 1), fruit_price=(1, 7, 1))
    standing = final_outcome(craft(state, finished=True)).standings[0]
    assert standing.sale == 36 + 14 and standing.money_glory == 10 and standing.leftover == 0


def test_a_bots_second_purchase_stops_once_the_price_passes_eight() -> None:
    """ZOO-13.3 (bot card 7 "Twice: buy a pineapple share if its price is 8 or less"), ZOO-13.10:
    at 8 the first purchase moves the price to 9, so the second is not made; the bonus is paid."""
    state = craft(seat(start(2, 1), 2, money=20), share_price=(1, 1, 8))
    state = play(_bot_turn(state), "draw bot-07")
    assert state.seats[2].shares == (0, 0, 1) and state.share_price == (1, 1, 9)
    assert state.seats[2].money == 20 - 8 + 2 and state.current_player == 0


def test_the_next_bot_draws_from_what_the_last_one_left() -> None:
    """ZOO-13.5 "all of them use the same Bot deck, but each Bot resolves its turn separately ...
    Do not reshuffle the Bot deck after a given Bot has finished resolving it": the second bot
    draws from the twelve cards the first left."""
    state = play(start(1, 2), "pick fruit", "done", "draw bot-09")
    assert state.current_player == CHANCE and state.queue[0].op == "bot_turn" and state.queue[0].seat == 2
    assert len(state.piles.bot_deck) == 12 and "draw bot-09" not in legal(state) and len(legal(state)) == 12


def test_a_bot_holding_the_first_player_marker_cannot_lobby_by_card() -> None:
    """ZOO-13.3 (bot card 10 "if the bot is not the first player: reveal the top influence card and
    shuffle it into the apple deck"), ZOO-13.4: a bot seated first (seating "BPP") is the first
    player of round 1, so the card cannot be carried out: discarded, the next one drawn, no coins."""
    state = play(start(2, 1, seating="BPP"), "pick fruit; pick fruit")
    assert state.seats[0].bot and state.flow.first_player == 0 and state.queue[0].seat == 0
    state = play(state, "draw bot-10")
    assert state.current_player == CHANCE and state.piles.bot_discard == Tokens({"bot-10": 1})
    assert state.seats[0].money == 10 and len(state.decks[0]) == 7


def test_a_bot_that_cannot_pay_discards_the_card() -> None:
    """ZOO-13.4 "If at least one effect from the card cannot be resolved in full, the player
    discards it and draws the next one": bot card 7 with 5 coins and the pineapple share at 8."""
    state = craft(seat(start(2, 1), 2, money=5), share_price=(1, 1, 8))
    state = play(_bot_turn(state), "draw bot-07")
    assert state.current_player == CHANCE and state.piles.bot_discard == Tokens({"bot-07": 1})
    assert state.seats[2].money == 5 and "draw bot-07" not in legal(state)


def test_a_bot_sells_its_dearest_shares_ties_by_board_order() -> None:
    """ZOO-13.6 "it makes this choice based on the order of the Company boards", bot card 13
    (twice: sell your most expensive share): three shares all at 5, boards pineapple-lemon-apple:
    the pineapple share goes first, then the lemon one; the apple share stays."""
    state = seat(start(2, 1, board="pineapple,lemon,apple"), 2, shares=(1, 1, 1))
    state = play(_bot_turn(craft(state, share_price=(5, 5, 5))), "draw bot-13")
    assert state.seats[2].shares == (1, 0, 0) and state.share_price == (5, 4, 4)
    assert state.seats[2].money == 10 + 5 + 5 + 6


def test_money_passes_between_seats_only_through_a_fruit_bought_from_a_player() -> None:
    """ZOO-11.9 "Can players voluntarily give each other money or Fruits? No, the only thing
    permitted is buying a Fruit from another player": in the action phases of random games no
    move but a purchase from a seat gives another seat money or fruit."""
    purchases = 0
    for seed in range(3):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, players=3)  # type: ignore[assignment]
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))
                continue
            mover = state.current_player
            for move in state.legal_moves() if state.flow.key.startswith("action.") else ():
                after = state.apply(move)
                if after.flow.round != state.flow.round or not after.flow.key.startswith("action."):
                    continue  # the move ended the round: the market phase's division follows at once
                for index, (old, new) in enumerate(zip(state.seats, after.seats, strict=True)):
                    gained = new.money > old.money or any(
                        new.fruit[f] > old.fruit[f] for f in ("apple", "lemon", "pineapple")
                    )
                    if index != mover and gained:
                        assert str(move).startswith("buy fruit") and str(move).endswith(f"from {index}"), str(move)
                        purchases += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert purchases > 0  # the one permitted way was met
