"""Reading a Spółka ZOO state refuses tokens and transactions the rules never make (rules audit
37, H1 to H3): each refusal names the field, its value and the rule, and every state and view
of seeded random games passes the same checks."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from zoo_helpers import play, refused, seat, start

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.state.round_tokens import check_tokens

ALL = ("events", "hidden_goals", "intrigues")


def _first_token() -> ZooState:
    """Three players picked the share token; seat 0 resolves it (token 1 of round 1)."""
    return play(start(3), "pick share", "pick share", "pick share")


def _second_token() -> ZooState:
    """Every seat played share trading, then picked fruit trading; seat 0 resolves it (token 2)."""
    return play(_first_token(), "done", "done", "done", "pick fruit", "pick fruit", "pick fruit")


def _turn(state: ZooState, **changes: Any) -> ZooState:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, **changes))


def test_a_duplicate_picked_before_any_token_isrefused() -> None:
    """ZOO-4.13 "A Duplicate cannot be played as the first Action token in a round": a seat that
    has played nothing this round holding a duplicate pick is refused (it made the reveal fail)."""
    refused(seat(_first_token(), 1, pick="duplicate"), "seats[1].pick", "ZOO-4.13", "'duplicate'")


def test_a_duplicate_played_first_isrefused() -> None:
    """ZOO-4.13 "A Duplicate cannot be played as the first Action token in a round": a round's
    tokens starting with a duplicate are refused."""
    refused(seat(_second_token(), 1, played=("duplicate",)), "seats[1].played", "ZOO-4.13", "('duplicate',)")


def test_a_pick_of_a_token_already_played_this_round_isrefused() -> None:
    """ZOO-3.2 "The resolved token must be set aside. It becomes unavailable and cannot be used
    again in the current round": a pick naming a token the seat played is refused."""
    refused(seat(_second_token(), 1, pick="share"), "seats[1].pick", "ZOO-3.2", "'share'")


def test_a_token_played_twice_in_a_round_isrefused() -> None:
    """ZOO-3.2 "cannot be used again in the current round": the same token twice in `played`
    is refused."""
    state = _turn(seat(_second_token(), 0, played=("fruit", "fruit")), token="", action="")
    refused(state, "seats[0].played", "ZOO-3.2", "('fruit', 'fruit')")


def test_more_tokens_than_the_round_has_reached_arerefused() -> None:
    """ZOO-3.3 "repeat the above steps two more times so that each player plays 3 of their 6
    Action tokens": at token n a seat has played at most n tokens, its pick counted."""
    refused(seat(_first_token(), 1, played=("fruit",)), "seats[1].played", "ZOO-3.3", "('fruit',)")
    refused(seat(_first_token(), 2, played=("fruit", "lobby"), pick=""), "seats[2].played", "ZOO-3.3", "token 1")
    refused(_turn(_first_token(), number=4), "turn.number", "ZOO-3.3", "token 4 of a round of 3")


def test_a_bot_holding_a_token_isrefused() -> None:
    """ZOO-13.3 "Bots do not use Action tokens; they are replaced by the Bot deck": a bot seat
    with a played or picked token is refused."""
    state = start(2, 1)
    refused(seat(state, 2, played=("share",)), "seats[2].played", "ZOO-13.3", "('share',)")
    refused(seat(state, 2, pick="share"), "seats[2].pick", "ZOO-13.3", "'share'")


def test_a_token_that_is_not_an_action_token_isrefused() -> None:
    """ZOO-1.6: the six action tokens are share and fruit trading, hiring, lobbying,
    speculation and duplicate; any other name is refused."""
    refused(seat(_first_token(), 1, pick="steal"), "seats[1].pick", "ZOO-1.6", "'steal'")
    refused(seat(_second_token(), 1, played=("steal",)), "seats[1].played", "ZOO-1.6", "'steal'")


def test_the_token_revealed_is_the_one_its_seat_played() -> None:
    """ZOO-3.2 "the First Player reveals their token and plays it" and ZOO-4.13 "copy the action
    of the last Action token they played": the turn's token is the seat's last, and a
    duplicate's action is the token played just before it."""
    state = _first_token()
    refused(_turn(state, token="lobby", action="lobby"), "turn.token", "ZOO-3.2", "'lobby'")
    refused(_turn(state, token="share", action="lobby"), "turn.action", "ZOO-4.13", "'lobby'")
    duplicate = seat(_second_token(), 0, played=("share", "duplicate"))
    refused(_turn(duplicate, token="duplicate", action="lobby"), "turn.action", "ZOO-4.13", "'lobby'")
    assert check_tokens(_turn(duplicate, token="duplicate", action="share")) is None


def test_more_than_two_transactions_arerefused() -> None:
    """ZOO-4.1 "With this Action token a player may perform up to two transactions": three
    transactions are refused, and so are two with a third still to choose (it was offered)."""
    state = _first_token()
    three = ("buy:apple", "buy:apple", "buy:apple")
    refused(_turn(state, trades=three), "turn.trades", "ZOO-4.1", repr(three))
    refused(_turn(state, trades=("buy:apple", "buy:lemon")), "turn.trades", "ZOO-4.1", "a third one to choose")
    refused(_turn(state, trades=("steal:apple",)), "turn.trades", "ZOO-4.1", "'steal:apple'")


def test_a_purchase_and_a_sale_in_one_company_arerefused() -> None:
    """ZOO-4.2 "What is not allowed within this action is two different transactions in the
    same Company" (and ZOO-4.6 for fruit): such transactions are refused."""
    state = _first_token()
    refused(_turn(state, trades=("buy:apple", "sell:apple")), "turn.trades", "ZOO-4.2", "'sell:apple'")
    fruit = _second_token()
    refused(_turn(fruit, trades=("sell:lemon", "buy:lemon")), "turn.trades", "ZOO-4.6", "'buy:lemon'")


CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "modules": ALL},
    {"players": 5},
    {"players": 3, "bots": 1, "modules": ALL},
    {"players": 1, "bots": 4, "bot_rule": "all-effects"},
    {"players": 2, "bots": 2, "seating": "alternate", "modules": ALL},
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_state_and_view_of_random_games_passes(options: dict[str, Any]) -> None:
    """The checks refuse nothing the rules reach: every state of seeded random games, and every
    seat's view of a sample of them, passes, duplicates, second transactions and picks included."""
    seen = {"duplicate pick": 0, "two transactions": 0, "four tokens or a third": 0}
    for seed in range(10):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            check_tokens(state)
            if rng.random() < 0.1:
                for player in range(len(state.seats)):
                    check_tokens(state.view(player))  # type: ignore[arg-type]
            seen["duplicate pick"] += any(s.pick == "duplicate" for s in state.seats)
            seen["two transactions"] += len(state.turn.trades) == 2
            seen["four tokens or a third"] += any(len(s.played) == state.config.tokens_per_round for s in state.seats)
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)  # type: ignore[assignment]
        check_tokens(state)
    assert seen["four tokens or a third"]
    if options["players"] > 1:
        assert seen["duplicate pick"]
    if "intrigues" in options.get("modules", ()):  # a window after the token shows its transactions
        assert seen["two transactions"]


def test_the_audits_hostile_texts_are_refused_before_a_move() -> None:
    """H1 of the audit: a text with a duplicate picked and nothing played is refused when read,
    instead of failing with an IndexError at the next move."""
    text = json.loads(_first_token().to_json())
    text["state"]["seats"][1]["pick"] = "duplicate"
    with pytest.raises(DecodeError, match=r"seats\[1\]\.pick.*ZOO-4\.13"):
        GAME.state_from_json(json.dumps(text))
