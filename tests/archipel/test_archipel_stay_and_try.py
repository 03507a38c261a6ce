"""ARC-2.7, ARC-3.1: "Instead of moving, you can also stay at the place where you ended your
previous turn." A boat that stays at a fish spot may try that fish at the start of its turn; a
try made without sailing is part of staying, so the boat sails no more that turn (audit 37,
finding 6). What a boat that cannot move may still do (meet, refuel, throw fish, end the turn)
it still may."""

from __future__ import annotations

import json

import attrs
import pytest
from archipel_helpers import boat, play, started

from tabletop import adapters
from tabletop.archipel import GAME, ArchipelState, Catch, EndTurn, Sail
from tabletop.kernel.errors import DecodeError, IllegalMove
from tabletop.kernel.tokens import Tokens


def _staying_at_f01(cards: list[str]) -> ArchipelState:
    """The first boat at fish spot f01 at the start of its turn (it ended the last one there)."""
    return boat(started(1), 0, at="f01", cards=cards)


def test_a_boat_that_stays_may_try_its_fish_and_then_not_sail() -> None:
    """ARC-2.7, ARC-3.1: a try before any move is the stay's action: no sail after it."""
    state = _staying_at_f01(["bait-blue", "jerrycan-blue"])
    assert state.is_legal(Catch()) and state.is_legal(Sail("f02"))
    tried = play(state, "catch", "fish red")
    assert tried.flow.key == "turn.act" and tried.boats[0].fuel == 5
    assert not tried.turn.sailed and not tried.turn.may_catch
    assert not any(isinstance(move, Sail) for move in tried.legal_moves())
    with pytest.raises(IllegalMove) as info:
        play(tried, "sail f02")
    assert (info.value.code, info.value.rule) == ("stayed", "ARC-2.7")
    assert "it stayed instead" in str(info.value)
    assert tried.legal_moves()[-2:] == (EndTurn(), GAME.parse_move(tried, "season over"))


def test_a_boat_that_stayed_and_tried_still_meets_throws_and_ends_its_turn() -> None:
    """ARC-2.7, ARC-3.6, ARC-6.1: the stay keeps the things a boat that cannot move may do."""
    state = boat(_staying_at_f01(["bait-red"]), 1, at="f01", fuel=3)
    tried = play(state, "catch", "fish red")
    assert tried.boats[0].fish == Tokens({"red": 1})
    moves = {str(move) for move in tried.legal_moves()}
    assert {"throw red", "give fuel to yellow", "give fish-red to yellow", "end turn"} <= moves
    assert play(tried, "end turn").flow.player == 1


def test_a_boat_that_sails_first_tries_and_sails_on() -> None:
    """ARC-3.1, ARC-3.5: "If still have bait left, you can sail to another fish and try": a boat
    that sailed to its fish may sail on after the try."""
    state = boat(started(1), 0, cards=["bait-blue", "bait-red"])
    tried = play(state, "sail f01", "catch", "fish blue")
    assert tried.turn.sailed and tried.is_legal(Sail("f02"))
    assert play(tried, "sail f02").is_legal(Catch())


def test_a_boat_that_stays_without_trying_may_still_move() -> None:
    """ARC-2.7: staying is a choice made by not moving; until the boat tries, it may sail."""
    state = _staying_at_f01(["bait-blue"])
    assert play(state, "end turn").flow.player == 1
    assert play(state, "sail f02").boats[0].fuel == 4


def test_the_sailed_flag_reads_only_where_play_sets_it() -> None:
    """ARC-2.2, ARC-2.5: no move before the first turn; a boat acting in a harbour has not sailed
    this turn (entering one ends the moving)."""
    setup = GAME.new_game(1, players=2)
    home = started(1)
    for state in (setup, home):
        text = attrs.evolve(state, turn=attrs.evolve(state.turn, sailed=True)).to_json()
        with pytest.raises(DecodeError) as caught:
            GAME.state_from_json(text)
        assert caught.value.path == "state.turn.sailed"
    sailed = play(home, "sail f01")
    assert GAME.state_from_json(sailed.to_json()) == sailed and sailed.turn.sailed


def test_a_text_saved_before_turn_sailed_existed_still_reads() -> None:
    """ARC-2.7: `turn.sailed` came with this reading (session 37); a state saved before it, which
    lacks the field, reads as a boat that has not sailed yet (the rule it adds applies from then on)."""
    state = GAME.new_game(3, players=2)
    document = json.loads(state.to_json())
    assert document["state"]["turn"].pop("sailed") is False
    assert GAME.state_from_json(json.dumps(document)) == state


def test_the_observation_tensor_tells_a_stay_from_a_sail() -> None:
    """ARC-2.7: "Instead of moving, you can also stay": a boat that tried its fish without sailing
    and one that sailed there and tried differ only in `turn.sailed`, and the tensor shows it
    (its `turn` section's second value), as the legal-action mask does."""
    cards = ["bait-blue", "bait-red"]
    stayed = play(boat(started(1), 0, at="f01", fuel=4, cards=cards), "catch", "fish red")
    sailed = play(boat(started(1), 0, at="f02", cards=cards), "sail f01", "catch", "fish red")
    assert stayed == attrs.evolve(sailed, turn=attrs.evolve(sailed.turn, sailed=False))
    bridge = adapters.bridge_for(stayed)
    (turn,) = (section for section in bridge.layout() if section.name == "turn")
    seen = [bridge.observation(state.view(0), 0) for state in (stayed, sailed)]
    differ = [i for i, (one, other) in enumerate(zip(*seen, strict=True)) if one != other]
    assert differ == [turn.offset + 1] and (seen[0][differ[0]], seen[1][differ[0]]) == (0.0, 1.0)
    sails = range(bridge.actions.id("sail", 0), bridge.actions.id("catch"))
    assert not any(a in sails for a in bridge.legal_actions(stayed))
    assert any(a in sails for a in bridge.legal_actions(sailed))
