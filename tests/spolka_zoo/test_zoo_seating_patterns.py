"""Where the bots sit is the players' choice (ZOO-13.1, rules audit 37 C2): option `seating`
takes, besides `"humans-first"` and `"alternate"`, a pattern of the seats clockwise from the
first player, P a player and B a bot; a pattern starting with B makes a bot the first player."""

from __future__ import annotations

import json
import random

import pytest
from zoo_helpers import play, start

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.rules.setup import SEATINGS


def _bots(state: ZooState) -> str:
    return "".join("B" if seat.bot else "P" for seat in state.seats)


def _through_chance(state: ZooState, rng: random.Random) -> ZooState:
    """The chance moves (a bot's cards) sampled until a seat decides or the game ends."""
    while state.current_player == CHANCE:
        state = state.apply(sample_chance(state, rng))  # type: ignore[assignment]
        invariants(state)
    return state


def test_a_pattern_seats_the_bots_where_the_players_place_them() -> None:
    """ZOO-13.1 "players should determine a place for each of the Bots, that is, establish after
    which player the given Bot will take its turn. A Bot may take its turn directly after another
    Bot's turn": every placement can be chosen, clockwise from the first player (seat 0)."""
    assert _bots(start(3, 1, seating="PPBP")) == "PPBP"
    assert _bots(start(2, 2, seating="PBBP")) == "PBBP"
    assert _bots(start(1, 4, seating="BBPBB")) == "BBPBB"
    assert _bots(start(3, 1, seating="pbpp")) == "PBPP"  # written in capitals


def test_the_named_placements_are_unchanged() -> None:
    """ZOO-13.1: the default puts the bots after the players, `alternate` between them; the
    option's listed choices stay the two names (a pattern is any other placement)."""
    assert _bots(start(2, 2)) == "PPBB" and _bots(start(2, 2, seating="alternate")) == "PBPB"
    assert GAME.option("seating").choices == SEATINGS == ("humans-first", "alternate")


def test_a_bot_acts_in_its_place() -> None:
    """ZOO-13.1, ZOO-13.3 "When in the Action phase it is a Bot's turn to resolve an Action token,
    instead ... the top card of the Bot deck": with PPBP the bot resolves between seats 1 and 3."""
    rng = random.Random(3)
    state = play(start(3, 1, seating="PPBP"), "pick share", "pick share", "pick share", "done", "done")
    assert state.current_player == CHANCE and state.queue[0].op == "bot_turn" and state.queue[0].seat == 2
    state = _through_chance(state, rng)
    assert state.current_player == 3 and state.turn.seat == 3


def test_a_bot_first_player_plays_a_whole_seeded_game() -> None:
    """ZOO-13.1, ZOO-13.2 "A Bot may become the First Player": with BPP the bot holds the marker in round 1
    and resolves first, the marker passes clockwise each round, and a seeded game ends."""
    rng = random.Random(7)
    state: ZooState = GAME.new_game(7, players=2, bots=1, seating="BPP", modules=("events",))  # type: ignore[assignment]
    state = _through_chance(state, rng)
    assert state.seats[0].bot and state.flow.first_player == 0 and state.current_player == 1
    state = play(state, "pick share", "pick share")
    assert state.current_player == CHANCE and state.queue[0].op == "bot_turn" and state.queue[0].seat == 0
    firsts: dict[int, list[int]] = {}
    while not state.is_terminal:
        if state.turn.seat >= 0:
            order = firsts.setdefault(state.flow.round * 10 + state.turn.number, [])
            if not order or order[-1] != state.turn.seat:
                order.append(state.turn.seat)
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)  # type: ignore[assignment]
        invariants(state)
    assert state.flow.round == 5 and state.outcome is not None
    for key, order in firsts.items():
        first = (key // 10 - 1) % 3
        assert order == [(first + i) % 3 for i in range(3)], key


def test_a_pattern_that_does_not_seat_the_game_is_refused() -> None:
    """ZOO-13.1: a pattern holds exactly the game's players (P) and bots (B); any other value is
    refused naming the option and the value."""
    with pytest.raises(ValueError, match=r"option 'seating': the pattern 'PBP' seats 2 players \(P\) and 1 bots"):
        GAME.new_game(1, players=3, bots=1, seating="PBP")
    with pytest.raises(ValueError, match=r"option 'seating' must be .* got 'PXPP'"):
        GAME.new_game(1, players=3, bots=1, seating="PXPP")
    with pytest.raises(ValueError, match=r"option 'seating' must be .* got 3"):
        GAME.new_game(1, players=2, bots=1, seating=3)


def test_a_text_keeps_the_pattern_and_must_match_it() -> None:
    """ZOO-13.1: a state with a pattern reads back the same; a text whose pattern does not seat
    its players and bots, or whose seats are not the pattern's, is refused at the field."""
    state = start(2, 2, seating="BPPB")
    assert GAME.state_from_json(state.to_json()) == state
    document = json.loads(state.to_json())
    document["state"]["config"]["seating"] = "BPPP"
    with pytest.raises(DecodeError, match=r"the pattern 'BPPP' seats 3 players.*\(ZOO-13\.1\)") as caught:
        GAME.state_from_json(json.dumps(document))
    assert caught.value.path == "state.config.seating"
    document["state"]["config"]["seating"] = "PBBP"
    with pytest.raises(DecodeError, match=r"seats BHHB \(H human, B bot\) for 2 players and 2 bots") as caught:
        GAME.state_from_json(json.dumps(document))
    assert caught.value.path == "state.seats"
