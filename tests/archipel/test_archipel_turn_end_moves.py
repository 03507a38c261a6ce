"""Issue 16 for Archipel: the three ways a turn ends have a name each, `end` stays an alias.

ARC-2.5 "You may also choose to end your turn prematurely and stay at sea until your next
turn" (`end turn`); ARC-2.7 "Instead of moving, you can also stay at the place where you
ended your previous turn. ... when in a harbour, you are forced to take the cards in that
harbour's shop" (`stay`); ARC-4.8 "Since you are in a harbour, your turn is now over"
(`done`).
"""

from __future__ import annotations

import random

import pytest
from archipel_helpers import boat, play, shop, started

from tabletop import adapters
from tabletop.archipel import GAME, Done, End, EndTurn, Stay, new_game
from tabletop.archipel.moves import DONE, END_TURN, STAY, parse_move
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.errors import IllegalMove


def test_each_way_has_its_own_notation_and_reads_back() -> None:
    """Issue 16: one name per meaning; the notation round-trips."""
    for move, text in ((END_TURN, "end turn"), (STAY, "stay"), (DONE, "done")):
        assert str(move) == text
        assert parse_move(None, text) is move
    assert {EndTurn().kind, Stay().kind, Done().kind} == {"end-turn", "stay", "done"}


def test_ending_at_sea_is_end_turn() -> None:
    """ARC-2.5: at sea the turn ends with `end turn`; the next boat plays."""
    state = play(started(1), "sail f01")
    assert END_TURN in state.legal_moves() and STAY not in state.legal_moves()
    assert parse_move(state, "end") is END_TURN
    after = play(state, "end turn")
    assert (after.flow.key, after.flow.player) == ("turn.act", 1)


def test_in_a_home_port_the_turn_ends_with_end_turn() -> None:
    """ARC-1.2, ARC-2.5: a home port has no shop: the turn ends there with `end turn`."""
    state = started(1)
    assert state.boats[0].at == state.boats[0].home
    assert state.legal_moves()[-1] in (END_TURN, GAME.parse_move(state, "season over"))
    assert END_TURN in state.legal_moves()


def test_staying_in_an_island_harbour_takes_the_shop() -> None:
    """ARC-2.7: in an island's harbour, staying takes that shop's cards (the harbour sequence runs)."""
    state = shop(boat(started(1), 0, at="jade"), "jade", ["bait-red", "bait-blue"])
    assert STAY in state.legal_moves() and END_TURN not in state.legal_moves()
    assert parse_move(state, "end") is STAY
    after = play(state, "stay")
    assert after.flow.key == "harbour.dock"
    assert after.boats[0].cards["bait-red"] == 1 and not after.shop("jade")


def test_end_turn_in_an_island_harbour_is_refused_naming_the_rule() -> None:
    """ARC-2.7: `end turn` is not how a turn ends in an island's harbour; `stay` is."""
    state = boat(started(1), 0, at="jade")
    with pytest.raises(IllegalMove) as info:
        state.apply(END_TURN)
    assert (info.value.rule, info.value.code) == ("ARC-2.7", "in-harbour")
    assert "'stay'" in str(info.value)


def test_stay_at_sea_is_refused_naming_the_rule() -> None:
    """ARC-2.7: only a boat in an island's harbour stays to take the shop's cards."""
    state = play(started(1), "sail f01")
    with pytest.raises(IllegalMove) as info:
        state.apply(STAY)
    assert (info.value.rule, info.value.code) == ("ARC-2.7", "not-in-harbour")


def test_done_on_the_quay_ends_the_turn() -> None:
    """ARC-4.8, ARC-4.9: on the quay the turn is over with `done`; the warehouse supplies the shop."""
    state = play(started(1), "sail jade")
    assert state.flow.key == "harbour.dock"
    assert DONE in state.legal_moves()
    assert parse_move(state, "end") is DONE
    assert play(state, "done").flow.key == "harbour.restock"
    with pytest.raises(IllegalMove):
        state.apply(END_TURN)  # not a move of the quay


def test_the_alias_end_reads_as_the_one_legal_way_over_random_play() -> None:
    """Issue 16: wherever a turn may end, exactly one of the three is legal and `end` reads as it."""
    three = {END_TURN, STAY, DONE}
    rng = random.Random(7)
    seen = set()
    for seed in range(6):
        state = new_game(seed, players=2 + seed % 3)
        for _ in range(400):
            if state.is_terminal:
                break
            if state.is_chance_node:
                state = state.apply(sample_chance(state, rng))
                continue
            legal = set(state.legal_moves()) & three
            assert len(legal) <= 1, state.flow
            if legal:
                assert {End.resolve(state)} == legal
                seen |= legal
            state = state.apply(rng.choice(state.legal_moves()))
    assert seen == three


def test_the_bridge_gives_the_three_one_id_that_decodes_to_the_legal_one() -> None:
    """The AI bridge keeps one `end` id: it decodes to whichever of the three is legal."""
    bridge = adapters.bridge("archipel", players=2)
    end = bridge.actions.id("end")
    at_sea = play(started(1), "sail f01")
    quay = play(started(1), "sail jade")
    harbour = boat(started(1), 0, at="jade")
    for state, move in ((at_sea, END_TURN), (quay, DONE), (harbour, STAY)):
        assert bridge.action_of(state, move) == end
        assert bridge.move_of(state, end) is move
