"""The task interpreter: pending work that may stop for a chance event or a decision.

Card effects, refills, company-deck resolution, the division of fruits, events and bot turns
are all queued as [`Task`][tabletop.spolka_zoo.state.Task] values. The automatic step
`effects.work` runs the task at the head of the queue; a task either finishes (replacing
itself with follow-up tasks), or waits: for chance at `effects.draw` (a card drawn from an
unknown order) or for a seat's decision at `effects.choose`. When the queue is empty the
round goes on at `state.resume`.

Each operation is an [`Op`][tabletop.spolka_zoo.interpreter.Op] registered by name; `decide` runs the shared decision
pattern: no option, nothing to do; a bot, or a single option, decides at once (a bot takes
the first option, which each operation lists first in company-board order, accepting
offers); otherwise the seat chooses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

import attrs

from tabletop.kernel.deck import Deck
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import Draft, Position, Task

__all__ = ["OPS", "Op", "decide", "finish", "register", "shared_task", "start", "wait_chance", "wait_choice", "work"]

Run = Callable[[Draft, Task], None]


@attrs.frozen
class Op:
    """One operation of the interpreter. Operations change the step's draft in place (see
    [`Draft`][tabletop.spolka_zoo.state.Draft]); what they only read is any position.

    Attributes:
        run: Runs the task (finishing it, or waiting).
        outcomes: At a chance wait: the cards the outcome is drawn from (a deck's unknown
            part: each card id is an outcome, with probability count / total).
        drawn: At a chance wait: applies the outcome.
        options: At a decision: the legal moves, the bot's preference first.
        chosen: At a decision: applies the chosen move.
    """

    run: Run
    outcomes: Callable[[Position, Task], Tokens] | None = None
    drawn: Callable[[Draft, Task, str], None] | None = None
    options: Callable[[Position, Task], tuple[Move, ...]] | None = None
    chosen: Callable[[Draft, Task, Move], None] | None = None


OPS: Final[dict[str, Op]] = {}
"""Every operation, by name."""

shared_task: Final = functools.cache(Task)
"""`Task(...)`, each distinct task built once and shared (tasks are values). For the tasks made over and over from a
small set of values (a deck's next card, a bot's card, an event)."""


def register(name: str, op: Op) -> None:
    """Register operation `name`."""
    OPS[name] = op


def start(draft: Draft, tasks: tuple[Task, ...], resume: str) -> None:
    """Queue `tasks` and go to `effects.work`; the round then continues at `resume`."""
    draft.goto("effects.work")
    draft.queue = tasks + draft.queue
    draft.resume = resume


def finish(draft: Draft, *follow: Task) -> None:
    """The head task is done; `follow` tasks run next."""
    step = draft.flow.step
    if step != "work":
        if step == "draw":  # finishing on a chance outcome: count it here (ZooState._counted)
            draft.chance_count += 1
        draft.goto("effects.work")
    draft.queue = follow + draft.queue[1:]


def replace(draft: Draft, task: Task) -> None:
    """The head task, changed (e.g. after a decision narrowed it down)."""
    draft.queue = (task, *draft.queue[1:])


def wait_chance(draft: Draft) -> None:
    """Stop at `effects.draw`: the head task needs a chance outcome."""
    draft.goto("effects.draw")


def wait_choice(draft: Draft, seat: int) -> None:
    """Stop at `effects.choose`: seat `seat` decides for the head task."""
    draft.goto("effects.choose", player=seat)


def decide(draft: Draft, task: Task) -> None:
    """Offer the head task's options to its seat (or decide at once, see the module doc)."""
    op = OPS[task.op]
    assert op.options is not None and op.chosen is not None
    options = op.options(draft, task)
    if not options:
        finish(draft)
    elif len(options) == 1 or draft.is_bot(task.seat):
        op.chosen(draft, task, options[0])
    else:
        wait_choice(draft, task.seat)


def work(draft: Draft) -> None:
    """The `effects.work` step: run tasks until one waits or the queue is empty."""
    while draft.queue:
        task = draft.queue[0]
        OPS[task.op].run(draft, task)
        if draft.flow.step != "work":
            return
    # A decision inside the effects (an intrigue's target discarding...) moved the flow's
    # player; the action phase goes on with the seat resolving its token (ZOO-3.2).
    seat = draft.turn.seat
    draft.goto(draft.resume, player=seat if seat >= 0 else None)
    draft.resume = ""


def outcomes(state: Position) -> Tokens:
    """The cards the chance outcome the head task waits for is drawn from."""
    task = state.queue[0]
    op = OPS[task.op]
    assert op.outcomes is not None
    return op.outcomes(state, task)


def apply_draw(draft: Draft, card: str) -> None:
    """Apply a chance outcome to the head task and go back to work, counting the chance
    event in the same new state (see `ZooState._counted`)."""
    task = draft.queue[0]
    op = OPS[task.op]
    assert op.drawn is not None
    op.drawn(draft, task, card)
    if draft.flow.step == "draw":
        draft.goto("effects.work")
        draft.chance_count += 1


def options(state: Position) -> tuple[Move, ...]:
    """The moves of the seat deciding for the head task."""
    task = state.queue[0]
    op = OPS[task.op]
    assert op.options is not None
    return op.options(state, task)


def apply_choice(draft: Draft, move: Move) -> None:
    """Apply a seat's decision to the head task and go back to work."""
    task = draft.queue[0]
    op = OPS[task.op]
    assert op.chosen is not None
    draft.goto("effects.work")
    op.chosen(draft, task, move)


def unknown(deck: Deck) -> Tokens:
    """The cards the top card of `deck` is drawn from: its unknown middle."""
    return deck.middle
