"""ARC-2.5, ARC-2.1, ARC-7.5, ARC-7.6: `end turn` is applied in one copy (`season.turn_ended`, the
fields `next_boat` changes worked out from the state): the same state as the working copy's way
(the flow moved to `turn.next` on a `Work`, then that automatic step run)."""

from __future__ import annotations

import random

import tabletop
from tabletop.archipel import rules
from tabletop.archipel.flow import MACHINE, Work
from tabletop.archipel.moves import END_TURN
from tabletop.kernel.chance import sample_chance


def _by_work(state: object) -> object:
    work = Work(state)
    work.go("next")  # ARC-2.5: the turn ends; the automatic `turn.next` step follows
    MACHINE.settle(work, rules.STEPS)
    return work.finish()


def test_end_turn_in_one_copy_is_the_working_copys_state() -> None:
    game = tabletop.get_game("archipel")
    compared = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_game(seed, players=1 + seed % 5, declare="supplied", idle_rounds=2 + seed % 3)
        while not state.is_terminal:
            if state.is_chance_node:
                move = sample_chance(state, rng)
            else:
                moves = state.legal_moves()
                if END_TURN in moves:
                    after = state.apply(END_TURN)
                    expected = _by_work(state)
                    assert after == expected
                    assert after.to_json() == expected.to_json()  # type: ignore[attr-defined]
                    compared.add(after.ended_by or after.flow.key)
                move = rng.choice(moves)
            state = state.apply(move)
    assert "turn.act" in compared and len(compared) >= 2  # the next boat, and a season's end


def test_goto_answers_the_same_flow_with_and_without_keywords() -> None:
    """The phase machine's plain `goto` (no keywords) and the one with keywords left `None` agree."""
    flow = MACHINE.start_flow()
    plain = MACHINE.goto(flow, "deal")
    assert MACHINE.goto(flow, "deal", round=None, player=None) is plain
    moved = MACHINE.goto(flow, "turn.act", player=1)
    assert moved.player == 1 and MACHINE.goto(flow, "turn.act", player=1) is moved
    assert MACHINE.goto(flow, "turn.act") is not moved
