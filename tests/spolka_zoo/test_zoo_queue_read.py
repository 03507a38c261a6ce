"""Reading a Spółka ZOO state refuses pending tasks that lack what their operation needs
(fuzz 38): an offer for seat -1, a division of no company, a company's deck resolved twice,
a bot's turn for a player."""

from __future__ import annotations

import functools
import json
from typing import Any

import attrs
import pytest
from zoo_helpers import checked_states, craft, play, refused, seat, start, to_market

from tabletop.kernel.errors import DecodeError
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.rules import OPS
from tabletop.spolka_zoo.state.queue_tasks import check_queue


def _resolving() -> ZooState:
    """The market phase of round 1: the apple deck's first card is drawn next, lemon and
    pineapple wait."""
    state = to_market(start(3))
    assert [task.company for task in state.queue if task.op == "resolve_deck"] == ["apple", "lemon", "pineapple"]
    return state


def _task(state: ZooState, i: int, **changes: Any) -> ZooState:
    queue = list(state.queue)
    queue[i] = attrs.evolve(queue[i], **changes)
    return craft(state, queue=tuple(queue))


def test_a_company_deck_pending_twice_or_out_of_order_isrefused() -> None:
    """ZOO-7.1 "Company decks and the division of Fruits are always resolved from the left to
    the right Company": the pending decks are the last companies of the board's order, each
    once; lemon's deck pending where pineapple's should be is refused."""
    state = _resolving()
    i = next(i for i, task in enumerate(state.queue) if task.company == "pineapple")
    refused(_task(state, i, company="lemon"), "queue[0].company", "ZOO-7.1", "('apple', 'lemon', 'lemon')")


def test_a_division_or_a_take_of_no_company_isrefused() -> None:
    """ZOO-8.6, ZOO-8.2: a division and a take name a company; `''` or the seat's choice is
    refused at the task's company."""
    state = _resolving()
    i = next(i for i, task in enumerate(state.queue) if task.op == "resolve_deck")
    divide = attrs.evolve(state.queue[i], op="divide", company="")
    refused(
        craft(state, queue=(*state.queue[:i], divide, *state.queue[i + 1 :])), f"queue[{i}].company", "ZOO-8.6", "''"
    )


def test_an_offer_for_no_seat_isrefused() -> None:
    """ZOO-6.1: a decision names the seat that decides; int-insider's offer to buy a share for
    seat -1 (play then moved a seat that does not exist) or of no company is refused."""
    state = seat(start(2, modules=("intrigues",)), 0, intrigues=("int-insider",))
    state = play(state, "pick share; pick share", "done", "intrigue int-insider")
    assert state.queue[0].op == "buy_share" and state.queue[0].company == "choice"
    offer = state.queue[0]  # a second offer behind it: the first decides at `effects.choose`
    refused(craft(state, queue=(offer, attrs.evolve(offer, seat=-1))), "queue[1].seat", "ZOO-6.1", "seat=-1")
    refused(craft(state, queue=(offer, attrs.evolve(offer, company=""))), "queue[1].company", "ZOO-6.1", "''")


def test_a_bots_turn_for_a_player_isrefused() -> None:
    """ZOO-13.3 "Bots do not use Action tokens; they are replaced by the Bot deck": a bot's
    turn is a bot's; one for a player's seat is refused."""
    state = play(start(1, 1), "pick share", "done")
    assert state.queue[0].op == "bot_turn" and state.queue[0].seat == 1
    refused(_task(state, 0, seat=0), "queue[0].seat", "ZOO-13.3", "seat 0, a player")


def test_the_fuzzers_text_isrefused_when_read() -> None:
    """The text fuzz 38 found (a division task with no company) is refused by
    `state_from_json` at the task's company, instead of a `KeyError` at the division."""
    text = json.loads(_resolving().to_json())
    text["state"]["queue"][-1]["op"] = "divide"
    text["state"]["queue"][-1]["company"] = ""
    with pytest.raises(DecodeError, match=r"state\.queue\[\d\]\.company.*\(ZOO-8\.6\)"):
        GAME.state_from_json(json.dumps(text))


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "bots": 2, "seating": "BPBP", "modules": ("events", "hidden_goals", "intrigues")},
        {"players": 4, "modules": ("intrigues",), "unowned_cards": "resolved"},
    ],
)
def test_every_state_of_random_games_passes(options: dict[str, Any]) -> None:
    """The check refuses nothing the rules reach: every state of seeded random games passes,
    the market's decks and divisions and the seats' decisions among them."""
    states = checked_states(functools.partial(check_queue, ops=frozenset(OPS)), 5, **options)
    assert sum(any(task.op == "divide" for task in state.queue) for state in states)
