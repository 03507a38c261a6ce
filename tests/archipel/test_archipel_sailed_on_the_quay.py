"""ARC-2.5, ARC-2.7: a boat reaches the harbour steps of a home port only by sailing there (staying
is offered only in an island's harbour), so in play `turn.sailed` is true on a home port's quay.
Reading does not refuse it false there: a text saved before `turn.sailed` existed
(audit 37) has no such field and reads it false, and the team keeps those texts readable; on the
quay nothing reads the flag (the turn ends there, and the next one starts afresh), so the state
plays on exactly as the one that sailed.
"""

from __future__ import annotations

import json

import attrs
from archipel_helpers import boat, play, started

from tabletop.archipel import GAME


def test_a_text_saved_before_turn_sailed_reads_on_a_home_ports_quay_and_plays_as_sailed() -> None:
    """ARC-2.5: "Your turn automatically ends when you enter a harbour": on the quay of its home
    port the boat that sailed in and the same boat read from a text without `turn.sailed` have the
    same moves, and ending the turn (`done`, ARC-4.8) gives the same state."""
    sailed = play(boat(started(1), 0, at="f01"), "sail home-red")
    assert (sailed.flow.key, sailed.boats[0].at, sailed.turn.sailed) == ("harbour.dock", "home-red", True)
    document = json.loads(sailed.to_json())
    assert document["state"]["turn"].pop("sailed") is True
    old = GAME.state_from_json(json.dumps(document))
    assert old == attrs.evolve(sailed, turn=attrs.evolve(sailed.turn, sailed=False))
    assert old.legal_moves() == sailed.legal_moves()
    after = play(old, "done")
    assert after == play(sailed, "done") and after.flow.key == "turn.act" and after.flow.player == 1
