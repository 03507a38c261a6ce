"""Reading a Spółka ZOO state refuses goals and intrigues the deal never gives (fuzz 38): a
second goal dealt to a seat lost its first at the next step; a bot holding cards and a hand
larger than the deal were accepted."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from zoo_helpers import checked_states, craft, refused, seat, start

from tabletop.kernel.errors import DecodeError, InvariantBroken
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.state import Task
from tabletop.spolka_zoo.state.hands import check_hands

ALL = ("events", "hidden_goals", "intrigues")


def _dealing() -> ZooState:
    """Two players and a bot with every module, the rows dealt, the goals and intrigues not yet:
    the first pending deal is seat 0's goal."""
    state: ZooState = GAME.new_game(4, players=2, bots=1, modules=ALL)  # type: ignore[assignment]
    state = state.apply(state.legal_moves()[0])  # type: ignore[assignment]  # the boards' order
    while state.queue[0].op == "draw_row":
        state = state.apply(state.legal_moves()[0])  # type: ignore[assignment]
    assert state.queue[0] == Task("deal", seat=0, arg="goal")
    return state


def test_a_second_goal_dealt_to_a_seat_isrefused() -> None:
    """ZOO-12.5 "deal one face-down card to each player": a pending second goal deal for a
    seat, or a seat holding a goal with its deal still pending, is refused."""
    state = _dealing()
    refused(craft(state, queue=(state.queue[0], *state.queue)), "seats[0].goal", "ZOO-12.5", "2 goal deals")
    dealt = state.apply(state.legal_moves()[0])
    assert isinstance(dealt, ZooState) and dealt.seats[0].goal
    refused(craft(dealt, queue=(state.queue[0], *dealt.queue)), "seats[0].goal", "ZOO-12.5", "1 goal deals")


def test_a_player_without_a_goal_after_the_deal_isrefused() -> None:
    """ZOO-12.5, ZOO-12.6: a player keeps the goal dealt to it to the end of the game; a
    player's goal moved to a bot is refused at the bot, emptied it is refused at the player."""
    state = start(2, 1, modules=ALL)
    text = json.loads(state.to_json())
    seats = text["state"]["seats"]
    seats[2]["goal"], seats[0]["goal"] = seats[0]["goal"], ""
    with pytest.raises(DecodeError, match=r"state\.seats\[0\]\.goal.*\(ZOO-12\.5\)"):
        GAME.state_from_json(json.dumps(text))


def test_a_bot_holding_a_goal_or_intrigues_isrefused() -> None:
    """ZOO-12.1 "Bots do not receive these cards at the start of the game; instead each Bot
    receives 20 coins": a bot with an intrigue card is refused."""
    state = start(2, 1, modules=ALL)
    card = next(iter(state.piles.intrigue_box.middle))
    refused(seat(state, 2, intrigues=(card,)), "seats[2].intrigues", "ZOO-12.1", repr(card))
    to_bot = Task("deal", seat=2, arg="intrigue")
    dealing = _dealing()
    refused(craft(dealing, queue=(*dealing.queue[:-1], to_bot)), "queue[7].seat", "ZOO-12.1", "seat 2")


def test_a_hand_larger_than_the_deal_isrefused() -> None:
    """ZOO-12.7 "3-5 players - each player receives 3 Intrigue cards" and "players do not draw
    new cards during play": a fourth intrigue in a three-seat game is refused."""
    state = start(2, 1, modules=ALL)
    card = next(iter(state.piles.intrigue_box.middle))
    four = (*state.seats[0].intrigues, card)
    refused(seat(state, 0, intrigues=four), "seats[0].intrigues", "ZOO-12.7", "holds 4 intrigues")


def test_a_deal_of_a_module_not_in_play_isrefused() -> None:
    """ZOO-12.5, ZOO-12.7: goals and intrigues are dealt only with their module; a deal of an
    intrigue in a game without intrigues is refused at its `arg`."""
    state = _dealing()
    no_intrigues = attrs.evolve(state.config, modules=("events", "hidden_goals"))
    broken = craft(state, config=no_intrigues)
    with pytest.raises(InvariantBroken) as caught:
        check_hands(broken)
    assert (caught.value.path, caught.value.rule) == ("queue[2].arg", "ZOO-12.7") and "'intrigue'" in str(caught.value)


@pytest.mark.parametrize("options", [{"players": 2, "bots": 1, "modules": ALL}, {"players": 4, "modules": ALL}])
def test_every_state_of_random_games_passes(options: dict[str, Any]) -> None:
    """The check refuses nothing the rules reach: every state of seeded random games passes,
    the deals among them."""
    states = checked_states(check_hands, 5, **options)
    assert sum(any(task.op == "deal" for task in state.queue) for state in states)
