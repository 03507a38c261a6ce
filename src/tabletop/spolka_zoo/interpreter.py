"""The task interpreter: pending work that may stop for a chance event or a decision.

Card effects, refills, company-deck resolution, the division of fruits, events and bot turns
are all queued as :class:`~tabletop.spolka_zoo.state.Task` values. The automatic step
``effects.work`` runs the task at the head of the queue; a task either finishes (replacing
itself with follow-up tasks), or waits: for chance at ``effects.draw`` (a card drawn from an
unknown order) or for a seat's decision at ``effects.choose``. When the queue is empty the
round goes on at ``state.resume``.

Each operation is an :class:`Op` registered by name; ``decide`` runs the shared decision
pattern: no option, nothing to do; a bot, or a single option, decides at once (a bot takes
the first option, which each operation lists first in company-board order, accepting
offers); otherwise the seat chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from tabletop.kernel.deck import Deck
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import Task, ZooState, evolve

__all__ = ["OPS", "Op", "decide", "finish", "register", "start", "wait_chance", "wait_choice", "work"]

Run = Callable[[ZooState, Task], ZooState]


@attrs.frozen
class Op:
    """One operation of the interpreter.

    Attributes:
        run: Runs the task (finishing it, or waiting).
        outcomes: At a chance wait: the cards the outcome is drawn from (a deck's unknown
            part: each card id is an outcome, with probability count / total).
        drawn: At a chance wait: applies the outcome.
        options: At a decision: the legal moves, the bot's preference first.
        chosen: At a decision: applies the chosen move.
    """

    run: Run
    outcomes: Callable[[ZooState, Task], Tokens] | None = None
    drawn: Callable[[ZooState, Task, str], ZooState] | None = None
    options: Callable[[ZooState, Task], tuple[Move, ...]] | None = None
    chosen: Callable[[ZooState, Task, Move], ZooState] | None = None


#: Every operation, by name.
OPS: Final[dict[str, Op]] = {}


def register(name: str, op: Op) -> None:
    """Register operation ``name``."""
    OPS[name] = op


def start(state: ZooState, tasks: tuple[Task, ...], resume: str, **changes: Any) -> ZooState:
    """Queue ``tasks`` and go to ``effects.work``; the round then continues at ``resume``
    (``changes`` are made to the state in the same step)."""
    flow = state.MACHINE.goto(state.flow, "effects.work")
    return evolve(state, queue=tasks + state.queue, resume=resume, flow=flow, **changes)


def finish(state: ZooState, *follow: Task, **changes: Any) -> ZooState:
    """The head task is done; ``follow`` tasks run next; ``changes`` are made to the state
    at the same time (one new state instead of several)."""
    if state.flow.step != "work":
        if state.flow.step == "draw":  # finishing on a chance outcome: count it here (ZooState._counted)
            changes["chance_count"] = state.chance_count + 1
        changes["flow"] = state.MACHINE.goto(state.flow, "effects.work")
    return evolve(state, queue=follow + state.queue[1:], **changes)


def replace(state: ZooState, task: Task) -> ZooState:
    """The head task, changed (e.g. after a decision narrowed it down)."""
    return evolve(state, queue=(task, *state.queue[1:]))


def wait_chance(state: ZooState) -> ZooState:
    """Stop at ``effects.draw``: the head task needs a chance outcome."""
    return evolve(state, flow=state.MACHINE.goto(state.flow, "effects.draw"))


def wait_choice(state: ZooState, seat: int) -> ZooState:
    """Stop at ``effects.choose``: seat ``seat`` decides for the head task."""
    return evolve(state, flow=state.MACHINE.goto(state.flow, "effects.choose", player=seat))


def decide(state: ZooState, task: Task) -> ZooState:
    """Offer the head task's options to its seat (or decide at once, see the module doc)."""
    op = OPS[task.op]
    assert op.options is not None and op.chosen is not None
    options = op.options(state, task)
    if not options:
        return finish(state)
    if len(options) == 1 or state.is_bot(task.seat):
        return op.chosen(state, task, options[0])
    return wait_choice(state, task.seat)


def work(state: ZooState) -> ZooState:
    """The ``effects.work`` step: run tasks until one waits or the queue is empty."""
    while state.queue:
        task = state.queue[0]
        state = OPS[task.op].run(state, task)
        if state.flow.step != "work":
            return state
    # A decision inside the effects (an intrigue's target discarding...) moved the flow's
    # player; the action phase goes on with the seat resolving its token (ZOO-3.2).
    seat = state.turn.seat
    flow = state.MACHINE.goto(state.flow, state.resume, player=seat if seat >= 0 else None)
    return evolve(state, flow=flow, resume="")


def outcomes(state: ZooState) -> Tokens:
    """The cards the chance outcome the head task waits for is drawn from."""
    task = state.queue[0]
    op = OPS[task.op]
    assert op.outcomes is not None
    return op.outcomes(state, task)


def apply_draw(state: ZooState, card: str) -> ZooState:
    """Apply a chance outcome to the head task and go back to work, counting the chance
    event in the same new state (see ``ZooState._counted``)."""
    task = state.queue[0]
    op = OPS[task.op]
    assert op.drawn is not None
    state = op.drawn(state, task, card)
    if state.flow.step == "draw":
        flow = state.MACHINE.goto(state.flow, "effects.work")
        state = evolve(state, flow=flow, chance_count=state.chance_count + 1)
    return state


def options(state: ZooState) -> tuple[Move, ...]:
    """The moves of the seat deciding for the head task."""
    task = state.queue[0]
    op = OPS[task.op]
    assert op.options is not None
    return op.options(state, task)


def apply_choice(state: ZooState, move: Move) -> ZooState:
    """Apply a seat's decision to the head task and go back to work."""
    task = state.queue[0]
    op = OPS[task.op]
    assert op.chosen is not None
    state = evolve(state, flow=state.MACHINE.goto(state.flow, "effects.work"))
    return op.chosen(state, task, move)


def unknown(deck: Deck) -> Tokens:
    """The cards the top card of ``deck`` is drawn from: its unknown middle."""
    return deck.middle
