"""`Draft.goto` reads where a flow goes from the phase machine's own memory on the flow
(`Flow._next`), by target (or by target, round, player and first player): the same flow the
phase machine answers, the first time (asked of the machine) and from the memory, for the flows
of seeded games."""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop import CHANCE
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.phases import Flow
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.state import Draft


def test_goto_answers_what_the_machine_answers() -> None:
    state: ZooState = GAME.new_game(3, players=2)  # type: ignore[assignment]
    while state.flow.key != "action.pick":
        state = state.apply(state.legal_moves()[0])
    flow = state.flow
    for target, player in (("next", None), ("pick", 0), ("pick", 1), ("next", None), ("pick", 1)):
        draft = Draft(state)
        draft.goto(target, player=player)
        assert draft.flow is ZooState.MACHINE.goto(flow, target, player=player)
    memo = flow._next
    assert memo is not None and memo[0] is ZooState.MACHINE
    assert {"next", ("pick", None, 0, None), ("pick", None, 1, None)} <= set(memo[1])


def test_goto_from_a_flow_the_machine_never_saw_asks_the_machine() -> None:
    state: ZooState = GAME.new_game(3, players=2)  # type: ignore[assignment]
    while state.flow.key != "action.pick":
        state = state.apply(state.legal_moves()[0])
    fresh = Flow(state.flow.phase, state.flow.step, state.flow.round, state.flow.player, state.flow.first_player)
    assert fresh._next is None
    draft = Draft(state)
    draft.flow = fresh
    draft.goto("pick", player=1)
    assert draft.flow is ZooState.MACHINE.goto(state.flow, "pick", player=1)
    assert fresh._next is not None  # the machine remembered it on the flow


def test_goto_of_seeded_games_is_the_machines_goto() -> None:
    """Every move of the flow in seeded games, `Draft.goto` against the machine's `goto` on a
    fresh copy of the flow (nothing remembered on it)."""
    machine = ZooState.MACHINE
    original = Draft.goto
    checked = 0

    def checked_goto(
        draft: Draft, target: str, player: int | None = None, round: int | None = None, first_player: int | None = None
    ) -> None:  # the rules pass the player positionally, and the round and first player by keyword
        nonlocal checked
        flow = draft.flow
        copy = Flow(flow.phase, flow.step, flow.round, flow.player, flow.first_player)
        original(draft, target, player, round, first_player)
        expected = machine.goto(copy, target, player=player, round=round, first_player=first_player)
        assert draft.flow == expected
        checked += 1

    Draft.goto = checked_goto  # type: ignore[method-assign]
    try:
        for seed, options in ((1, {"players": 3}), (2, {"players": 1, "bots": 4})):
            rng = random.Random(seed)
            state = GAME.new_game(seed, **options)
            for _ in range(400):
                if state.is_terminal:
                    break
                move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
                state = state.apply(move)
    finally:
        Draft.goto = original  # type: ignore[method-assign]
    assert checked > 100


def test_a_memory_left_by_another_machine_is_not_read() -> None:
    """`Draft.goto`, `to_work` and `to_draw` read a flow's memory only when the game's own machine left
    it (the machine kept as a module global once asked, not read from the class at every move): a flow
    remembering another machine's answers is asked of the game's machine."""
    state: ZooState = GAME.new_game(3, players=2)  # type: ignore[assignment]
    while state.flow.key != "action.pick":
        state = state.apply(state.legal_moves()[0])
    pick, work, draw = state.flow, Flow("effects", "work", 1, 0, 0), Flow("effects", "draw", 1, 0, 0)
    wrong = Flow("setup", "board", 0, None, 0)
    set_memory = Flow.__mro__[1].__dict__["_next"].__set__
    cases: list[tuple[Flow, Callable[[Draft], None], object, str, int | None]] = [
        (pick, lambda d: d.goto("pick", 1), ("pick", None, 1, None), "pick", 1),
        (pick, lambda d: d.goto("next"), "next", "next", None),
        (draw, Draft.to_work, "effects.work", "effects.work", None),
        (work, Draft.to_draw, "effects.draw", "effects.draw", None),
    ]
    for flow, ask, key, target, player in cases:
        fresh = Flow(flow.phase, flow.step, flow.round, flow.player, flow.first_player)
        set_memory(fresh, (object(), {key: wrong}))
        draft = Draft(state)
        draft.flow = fresh
        ask(draft)
        assert draft.flow is not wrong
        assert draft.flow == ZooState.MACHINE.goto(flow, target, player=player)
