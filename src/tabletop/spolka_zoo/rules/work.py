"""Pending work: starting it, finishing a task, waiting for chance or for a decision.

Card effects, refills, company-deck resolution, the division of fruits, events and bot turns
are all pushed as [`Task`][tabletop.spolka_zoo.state.parts.Task] values on the stack `queue`
(the kernel's [`pending`][tabletop.kernel.pending] functions). The automatic step
`effects.work` runs the task on top (its operation, looked up in the explicit table
[`OPS`][tabletop.spolka_zoo.rules.OPS]); a task either finishes (replaced by its follow-up
tasks), or waits: for chance at `effects.draw` (a card drawn from an unknown order) or for a
seat's decision at `effects.choose`. When the stack is empty the round goes on at
`state.resume`, which `start` sets from the phase table's
[`WORK_STARTS`][tabletop.spolka_zoo.flow.WORK_STARTS].

[`decide`][tabletop.spolka_zoo.rules.work.decide] runs the shared decision pattern: no
option, nothing to do; a bot, or a single option, decides at once (a bot takes the first
option, which each operation lists first in company-board order, accepting offers);
otherwise the seat chooses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from tabletop.kernel import pending
from tabletop.kernel.deck import Deck
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.flow import WORK_STARTS
from tabletop.spolka_zoo.state import Draft, Position, Task

__all__ = ["decide", "finish", "replace", "shared_task", "start", "unknown", "wait_chance", "wait_choice"]

Options = Callable[[Position, Task], tuple[Move, ...]]
"""The legal moves of a decision, the bot's preference first."""
Chosen = Callable[[Draft, Task, Move], None]
"""Applies the chosen move."""

shared_task: Final = functools.cache(Task)
"""`Task(...)`, each distinct task built once and shared (tasks are values). For the tasks made over and over from a
small set of values (a deck's next card, a bot's card, an event)."""


_RESUMES: Final = {(key.partition(".")[0], key.partition(".")[2]): resume for key, resume in WORK_STARTS.items()}
"""`WORK_STARTS` by (phase, step), read without building the key text."""


def start(draft: Draft, tasks: tuple[Task, ...]) -> None:
    """Push `tasks` and go to `effects.work`; the round then continues at the step
    [`WORK_STARTS`][tabletop.spolka_zoo.flow.WORK_STARTS] names for the step starting the work."""
    flow = draft.flow
    resume = _RESUMES[flow.phase, flow.step]
    draft.to_work()
    draft.queue = tasks + draft.queue  # pending.push(queue, *tasks)
    draft.resume = resume


def finish(draft: Draft, *follow: Task) -> None:
    """The top task is done; `follow` tasks run next."""
    step = draft.flow.step
    if step != "work":
        if step == "draw":  # finishing on a chance outcome: count it here (ZooState._counted)
            draft.chance_count += 1
        draft.to_work()
    queue = draft.queue  # pending.finish(queue, *follow), without the call on every task
    if not queue:
        msg = "no pending task to finish"
        raise IndexError(msg)
    draft.queue = follow + queue[1:]


def replace(draft: Draft, task: Task) -> None:
    """The top task, changed (e.g. after a decision narrowed it down)."""
    draft.queue = pending.replace(draft.queue, task)


def wait_chance(draft: Draft) -> None:
    """Stop at `effects.draw`: the top task needs a chance outcome."""
    draft.to_draw()


def wait_choice(draft: Draft, seat: int) -> None:
    """Stop at `effects.choose`: seat `seat` decides for the top task."""
    draft.goto("effects.choose", player=seat)


def decide(draft: Draft, task: Task, options: Options, chosen: Chosen) -> None:
    """Offer the top task's options to its seat (or decide at once, see the module doc)."""
    found = options(draft, task)
    if not found:
        finish(draft)
    elif len(found) == 1 or draft.is_bot(task.seat):
        chosen(draft, task, found[0])
    else:
        wait_choice(draft, task.seat)


def unknown(deck: Deck) -> Tokens:
    """The cards the top card of `deck` is drawn from: its unknown middle."""
    return deck.middle
