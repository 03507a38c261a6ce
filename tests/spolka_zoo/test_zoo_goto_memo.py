"""`Draft.goto` remembers where a flow goes by the flow's identity, then by target (and player):
the same flow the phase machine answers, the first time and from the memory, and the memory
bounded per flow."""

from __future__ import annotations

from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.state import _MOVED, _TARGETS_KEPT, Draft


def test_goto_answers_what_the_machine_answers() -> None:
    state: ZooState = GAME.new_game(3, players=2)  # type: ignore[assignment]
    while state.flow.key != "action.pick":
        state = state.apply(state.legal_moves()[0])
    flow = state.flow
    for target, player in (("next", None), ("pick", 0), ("pick", 1), ("next", None), ("pick", 1)):
        draft = Draft(state)
        draft.goto(target, player=player)
        assert draft.flow is ZooState.MACHINE.goto(flow, target, player=player)
    entry = _MOVED[id(flow)]
    assert entry[0] is flow
    assert {"next", ("pick", 0), ("pick", 1)} <= set(entry[1])  # (other tests may have moved it too)
    assert len(entry[1]) <= _TARGETS_KEPT
