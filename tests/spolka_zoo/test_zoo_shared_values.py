"""Values the rules keep and share instead of building at every step: a card's effect tasks and
the turns changed at a reveal or a used action, tasks, selections of fruit and the flows' moves.
Shared values equal the ones built anew, and a table past its bound is emptied and shares again."""

from __future__ import annotations

import random

import pytest

from tabletop import CHANCE
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.phases import Flow
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.content import EFFECTS
from tabletop.spolka_zoo.rules import actions, effects, work
from tabletop.spolka_zoo.state import Draft, Task, Turn


@pytest.mark.parametrize(("company", "actor"), [("", -1), ("apple", -1), ("", 2), ("lemon", 0)])
def test_a_cards_effect_tasks_are_the_tasks_built_with_keywords_and_shared(company: str, actor: int) -> None:
    for card in EFFECTS:
        built = tuple(
            Task("effect", actor=actor, company=company, card=card, index=i) for i in range(len(EFFECTS[card]))
        )
        assert effects.effect_tasks(card, company, actor) == built
        assert effects.effect_tasks(card, company, actor) is effects.effect_tasks(card, company, actor)


def test_a_hidden_card_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(IllegalMove, match="a view cannot resolve a card it does not know"):
            effects.effect_tasks(HIDDEN, "apple", 0)


def test_a_changed_turn_equals_the_turn_evolved_and_is_shared() -> None:
    turn = Turn(number=2, position=1, seat=3)
    revealed = actions._turn_with(turn, "trade", "trade", turn.used)
    assert revealed == Turn(number=2, position=1, seat=3, token="trade", action="trade")
    assert actions._turn_with(turn, "trade", "trade", False) is revealed
    used = actions._used(revealed)
    assert used == Turn(number=2, position=1, seat=3, token="trade", action="trade", used=True)
    assert actions._used(revealed) is used
    other = Turn(number=2, position=1, seat=3)  # equal, another object: its own entry, an equal turn
    assert actions._turn_with(other, "trade", "trade", False) == revealed


# The tables are bounded; a full one is emptied and fills again (a long process keeps sharing) ------


def _states_at(keys: tuple[str, ...]) -> list[ZooState]:
    """One state per distinct flow (by identity) of a random 2-player game whose flow's key is in `keys`."""
    rng = random.Random(1)
    state: ZooState = GAME.new_game(3, players=2)  # type: ignore[assignment]
    found: dict[int, ZooState] = {}
    while not state.is_terminal:
        if state.flow.key in keys:
            found.setdefault(id(state.flow), state)
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
    return list(found.values())


def test_task_tables_past_their_bound_answer_equal_tasks_and_share_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work, "_MAX_BY_FIELDS", 3)
    monkeypatch.setattr(effects, "_MAX_EFFECT_TASKS", 3)
    make = work.tasks_of("zoo_test_bound", "seat", "n")
    for seat in range(8):
        assert make(seat, 2) == Task("zoo_test_bound", seat=seat, n=2)
        assert len(work._BY_FIELDS) <= 3
    assert make(7, 2) is make(7, 2)  # shared again after the table was emptied
    table = effects.effect_tasks.__wrapped__  # the table under the function's cache of its calls
    cards = list(EFFECTS)[:8]
    for card in cards:
        built = tuple(Task("effect", actor=1, card=card, index=i) for i in range(len(EFFECTS[card])))
        assert table(card, actor=1) == built
        assert len(effects._EFFECT_TASKS) <= 3
    assert table(cards[-1], actor=1) is table(cards[-1], actor=1)


def test_the_selections_table_past_its_bound_answers_equal_selections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effects, "_MAX_SELECTED", 3)
    pool = Tokens({"apple": 3, "banana": 3, "orange": 3})
    order = ("apple", "banana", "orange")
    for k in range(1, 5):
        chosen = list(effects.selections(pool, k, order))
        assert chosen == [
            Tokens({"apple": x, "banana": y, "orange": k - x - y})
            for x in range(min(3, k), -1, -1)
            for y in range(min(3, k - x), -1, -1)
            if k - x - y <= 3
        ]
        assert len(effects._SELECTED) <= 3
    last = next(effects.selections(pool, 4, order))
    assert next(effects.selections(pool, 4, order)) is last


def test_the_flows_moves_read_from_the_machines_memory_answer_what_the_machine_answers() -> None:
    """`Draft.goto`, `to_work` and `to_draw` read the machine's memory on the flow: the same
    flows as the machine's `goto`, from flows it remembers answers on and from fresh copies (none)."""
    picks = _states_at(("action.pick",))
    draws = _states_at(("effects.draw",))
    assert len(picks) > 2 and len(draws) > 2
    for state in picks:
        for flow in (state.flow, _fresh(state.flow)):
            draft = Draft(state)
            draft.flow = flow
            draft.goto("next")
            assert draft.flow is ZooState.MACHINE.goto(state.flow, "next")
    for state in draws:
        for flow in (state.flow, _fresh(state.flow)):
            draft = Draft(state)
            draft.flow = flow
            draft.to_work()
            worked = draft.flow
            assert worked is ZooState.MACHINE.goto(state.flow, "effects.work")
            draft.to_draw()
            assert draft.flow is ZooState.MACHINE.goto(worked, "effects.draw")


def _fresh(flow: Flow) -> Flow:
    """A copy of `flow` that the machine remembers nothing on."""
    copy = Flow(flow.phase, flow.step, flow.round, flow.player, flow.first_player)
    assert copy._next is None
    return copy
