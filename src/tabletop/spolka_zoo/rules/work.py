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
from typing import Any, Final

import attrs

from tabletop.kernel import pending
from tabletop.kernel.deck import Deck
from tabletop.kernel.fastattrs import maker
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.flow import WORK_STARTS
from tabletop.spolka_zoo.state import Draft, Position, Task

__all__ = [
    "Fields",
    "decide",
    "finish",
    "replace",
    "shared_task",
    "start",
    "tasks_of",
    "unknown",
    "wait_chance",
    "wait_choice",
]

Options = Callable[[Position, Task], tuple[Move, ...]]
"""The legal moves of a decision, the bot's preference first."""
Chosen = Callable[[Draft, Task, Move], None]
"""Applies the chosen move."""

shared_task: Final = functools.cache(Task)
"""`Task(...)`, each distinct task built once and shared (tasks are values). For the tasks made over and over from a
small set of values (a deck's next card, a bot's card, an event)."""


Fields = tuple[str, int, int, str, str, int, int, str]
"""A task's fields but `done`, in declaration order: (op, seat, actor, company, card, index, n, arg)."""
_make_task: Final = maker(Task)
"""`Task(...)` from every field, positionally, without `__init__`'s per-field calls."""
_BY_FIELDS: Final[dict[Fields, Task]] = {}
"""`tasks_of`'s tasks by their fields (at most `_MAX_BY_FIELDS`, emptied when full so that a long process keeps
sharing)."""
_MAX_BY_FIELDS: Final = 4096
"""Tasks kept in `_BY_FIELDS` at most (a game makes a few hundred; when it is full, the table is emptied and fills
again)."""
_FIELDS: Final = tuple(a.name for a in attrs.fields(Task))
"""`Task`'s field names in declaration order; `Fields` is all of them but the last, `done`."""
_DEFAULTS: Final = {a.name: a.default for a in attrs.fields(Task)}
"""`Task`'s field defaults by name (`op` has none)."""


def _new_task(fields: Fields) -> Task:
    """A new task of `fields` (and `done` at its default), kept in `_BY_FIELDS`."""
    found = _make_task(*fields, _DEFAULTS["done"])
    if len(_BY_FIELDS) >= _MAX_BY_FIELDS:  # full (a long process): start again
        _BY_FIELDS.clear()
    _BY_FIELDS[fields] = found
    return found


def tasks_of(op: str, *varying: str, **fixed: str | int) -> Callable[..., Task]:
    """A function building the tasks of operation `op` from the fields named in `varying`, given
    positionally in that order, with the `fixed` fields' values and every other field but `done`
    at `Task`'s default, each distinct task built once and shared (found by its fields given positionally: no
    keywords hashed into a cache key, which cost `shared_task` about three times as much per call).

    Made once, at import: the function is generated with the task's key written out in
    `Task`'s field order, so a call costs one dictionary look-up of a tuple written out, and
    a change of `Task`'s fields or defaults changes every task kind.

    ```pycon
    >>> take = tasks_of("take", "seat", "company", "n", arg="divide")
    >>> take(2, "fox", 3)
    Task(op='take', seat=2, actor=-1, company='fox', card='', index=0, n=3, arg='divide', done=())
    >>> take(2, "fox", 3) is take(2, "fox", 3)
    True

    ```

    Raises:
        TypeError: If a name is not a field of `Task` but `op` and `done`, or is given twice.
    """
    names = [*varying, *fixed]
    known = _FIELDS[1:-1]
    for name in names:
        if name not in known or names.count(name) > 1:
            msg = f"tasks_of() got {name!r}: not a field of Task, or given twice (fields: {', '.join(known)})"
            raise TypeError(msg)
    values = {"op": op, **{name: _DEFAULTS[name] for name in known}, **fixed}
    key = ", ".join(name if name in varying else repr(values[name]) for name in _FIELDS[:-1])
    lines = [
        f"def make({', '.join(varying)}):",
        f"    key = ({key})",
        "    found = _by_fields.get(key)",
        "    return _new(key) if found is None else found",
    ]
    namespace: dict[str, Any] = {"_by_fields": _BY_FIELDS, "_new": _new_task}
    exec(compile("\n".join(lines) + "\n", f"<tasks_of {op}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[no-any-return]


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


def finish(draft: Draft, follow: tuple[Task, ...] = ()) -> None:
    """The top task is done; the tasks of `follow` run next.

    `follow` is one tuple, not `*follow`: Python 3.11 never specializes a call of a function taking
    `*args`, nor a call unpacking them (each builds an argument tuple on a slower path)."""
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


wait_chance: Final[Callable[[Draft], None]] = Draft.to_draw
"""`wait_chance(draft)`: stop at `effects.draw`, the top task needs a chance outcome
(`Draft.to_draw` itself: no call in between)."""


def wait_choice(draft: Draft, seat: int) -> None:
    """Stop at `effects.choose`: seat `seat` decides for the top task."""
    draft.goto("effects.choose", seat)


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
