"""Reading a Spółka ZOO state refuses pending work that resumes at a step whose turn the state
does not have (fuzz 38): a bot's turn resuming at a token's action left the seat to move
unnamed; an intrigue's effects resuming at the next seat skipped the rest of the token; the
action phase's work resuming at the market skipped the seats' tokens."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from zoo_helpers import checked_states, craft, play, refused, seat, start

from tabletop.kernel.errors import DecodeError, InvariantBroken
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.state.round_tokens import check_tokens


def _bot_turn() -> ZooState:
    """Bot seat 1's turn waits for its bot card (work started at `action.next`)."""
    state = play(start(1, 1), "pick share", "done")
    assert state.resume == "action.next" and state.queue[0].op == "bot_turn"
    return state


def _intrigue_before_reveal() -> ZooState:
    """Seat 0 played int-blackmail before its token's reveal: the target is chosen next."""
    state = seat(start(3, modules=("intrigues",)), 0, intrigues=("int-blackmail",))
    state = play(state, "pick share; pick share; pick share", "intrigue int-blackmail")
    assert state.resume == "action.reveal" and state.flow.key == "effects.choose"
    return state


def test_a_bots_turn_resuming_at_a_tokens_action_isrefused() -> None:
    """ZOO-13.3: a bot's turn is work started by the next seat's turn, so it resumes at
    `action.next`; at `action.after` (a player's performed token) it is refused."""
    refused(craft(_bot_turn(), resume="action.after"), "resume", "ZOO-5.1", "'action.after'")


def test_an_intrigue_resuming_elsewhere_isrefused() -> None:
    """ZOO-12.8 "An Intrigue card may be played both before and after an Action token is
    revealed": an intrigue before the reveal resumes at the reveal; resuming at the next seat's
    turn (the token never revealed) or at the market (the round's tokens never resolved) is
    refused."""
    state = _intrigue_before_reveal()
    refused(craft(state, resume="action.next"), "resume", "ZOO-13.3", "a bot's turn")
    refused(craft(state, resume="market.divide"), "resume", "ZOO-7.1", "every seat's tokens resolved")


def test_the_deal_resumes_before_the_first_token_only() -> None:
    """ZOO-1.4, ZOO-12.5: the setup's deal resumes at the round's first token; work resuming
    there in the middle of a token is refused."""
    state = _intrigue_before_reveal()
    refused(craft(state, resume="action.start"), "resume", "ZOO-1.4", "no token yet")


def test_a_resume_with_no_work_pending_isrefused() -> None:
    """Work resumes only while it is pending (the effects phase): a helper-abilities step
    holding `resume` (it went on resuming there after the abilities, fuzz 38) is refused."""
    state = seat(start(), 0, helpers=("h-squirrel",))
    state = play(state, "pick share; pick share; pick share", "buy share apple", "done")
    assert state.flow.key == "action.abilities" and state.resume == ""
    with pytest.raises(InvariantBroken) as caught:
        invariants(craft(state, resume="action.after"))
    assert caught.value.path == "resume" and "'action.after' at action.abilities" in str(caught.value)


def test_the_fuzzers_text_isrefused_when_read() -> None:
    """The text fuzz 38 found (a bot's turn resuming at `action.act`) is refused by
    `state_from_json` at `resume`."""
    text = json.loads(_bot_turn().to_json())
    text["state"]["resume"] = "action.act"
    with pytest.raises(DecodeError, match=r"state\.resume.*\(ZOO-12\.8\)"):
        GAME.state_from_json(json.dumps(text))


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "bots": 1, "modules": ("events", "hidden_goals", "intrigues")},
        {"players": 2, "bots": 2, "seating": "BPBP", "modules": ("intrigues",), "bot_rule": "all-effects"},
    ],
)
def test_every_state_of_random_games_passes(options: dict[str, Any]) -> None:
    """The check refuses nothing the rules reach: every state of seeded random games passes,
    work resuming at each of its steps among them."""
    resumes = {state.resume for state in checked_states(check_tokens, 5, **options)}
    assert {"action.start", "action.next", "action.reveal", "action.after", "market.divide"} <= resumes


def test_the_turn_checked_is_the_states() -> None:
    """The check reads the state's own turn: the bot's turn with its seat changed to a player
    (seat 0) is refused as a bot's turn resuming without a bot."""
    state = _bot_turn()
    broken = craft(state, turn=attrs.evolve(state.turn, seat=0, position=1))
    with pytest.raises(InvariantBroken) as caught:
        check_tokens(broken)
    assert (caught.value.path, caught.value.rule) == ("resume", "ZOO-13.3") and "'action.next'" in str(caught.value)
