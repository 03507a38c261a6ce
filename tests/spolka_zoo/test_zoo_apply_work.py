"""Issue 12: after a chance outcome, `rules.apply` runs the pending work at once when the outcome
left the flow at work (its handler not looked up), and reads where the flow goes from the phase
machine's memory by subscripts (`rules.apply`, `Draft.goto`, `to_work`, `to_draw`): held to the plain
path (a draft, `apply_in_place`, `settle`, `finish`) for every outcome of the chance nodes of seeded
games, and to the machine's answer when its memory on the flow lacks the target."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.phases import Flow
from tabletop.spolka_zoo import rules
from tabletop.spolka_zoo.state import Draft, ZooState

_SET_MEMORY = Flow.__mro__[1].__dict__["_next"].__set__


def _plain(state: ZooState, move: object) -> ZooState:
    draft = Draft(state)
    rules.apply_in_place(draft, move)  # type: ignore[arg-type]
    rules.settle(draft)
    return draft.finish()  # type: ignore[no-any-return]


def _forgetful(flow: Flow) -> Flow:
    """A copy of `flow` whose memory is the game's machine's, with no answer in it."""
    fresh = Flow(flow.phase, flow.step, flow.round, flow.player, flow.first_player)
    _SET_MEMORY(fresh, (ZooState.MACHINE, {}))
    return fresh


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {"players": 2}),
    (4, {"players": 5}),
    (3, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}),
    (5, {"players": 1, "bots": 4}),
]


@pytest.mark.parametrize(("seed", "options"), CONFIGS)
def test_every_outcome_is_the_plain_path(seed: int, options: dict[str, Any]) -> None:
    checked = left_work = 0
    for state in random_states(seed, **options)[::3]:
        if state.flow.step != "draw" or not state.deck_makeup:
            continue
        for move in state.legal_moves()[:12]:
            after = rules.apply(state, move)
            assert after == _plain(state, move)
            checked += 1
            left_work += after.flow.step != "draw"
        forgetful = attrs.evolve(state, flow=_forgetful(state.flow))
        move = state.legal_moves()[0]
        assert rules.apply(forgetful, move) == _plain(state, move)
    assert checked > 100 and left_work > 0


def test_to_work_and_to_draw_ask_the_machine_for_a_target_it_has_not_answered() -> None:
    state = next(s for s in random_states(5, players=1, bots=4) if s.flow.step == "draw")
    machine = ZooState.MACHINE
    work = machine.goto(state.flow, "effects.work")
    for flow, ask, target in ((state.flow, Draft.to_work, "effects.work"), (work, Draft.to_draw, "effects.draw")):
        draft = Draft(state)
        draft.flow = _forgetful(flow)
        ask(draft)
        assert draft.flow is machine.goto(flow, target)
    draft = Draft(state)
    draft.flow = _forgetful(state.flow)
    draft.goto("effects.work")
    assert draft.flow is machine.goto(state.flow, "effects.work")
