"""Pending work: an immutable stack of tasks, and the explicit table of what each task does.

Some rules start work that cannot finish at once: a card's effects, each of which may need
a card drawn (chance) or a seat's decision; a bot's turn; a deck revealed card by card. The
game keeps that work beside its [`Flow`][tabletop.kernel.phases.Flow] as a tuple of task
values, the top first, and changes it only with the functions here, so the stack stays a
value (saved, compared and hashed with the state):

```pycon
>>> stack = push((), "effect 1", "effect 2")
>>> stack = finish(stack, "draw a card")
>>> stack
('draw a card', 'effect 2')
>>> replace(stack, "draw two cards")
('draw two cards', 'effect 2')

```

What a task does is looked up by its operation's name in an
[`Operations`][tabletop.kernel.pending.Operations] table the game writes out in full (no
operation registers itself when a module is imported): each
[`Operation`][tabletop.kernel.pending.Operation] runs the task, and when the task waits,
says what chance draws from (`outcomes`, `drawn`) or what the seat may decide (`options`,
`chosen`). The table is checked when the game is defined.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

import attrs

from tabletop.kernel.errors import GameDefinitionError

__all__ = ["Operation", "Operations", "finish", "push", "replace"]

T = TypeVar("T")
W = TypeVar("W")


def push(stack: tuple[T, ...], *tasks: T) -> tuple[T, ...]:
    """`tasks` on top of `stack`, the first of them on top (it runs first)."""
    return tasks + stack


def finish(stack: tuple[T, ...], *follow: T) -> tuple[T, ...]:
    """The top task done; `follow` takes its place, the first of them on top.

    Raises:
        IndexError: If the stack is empty (no task to finish).
    """
    if not stack:
        msg = "no pending task to finish"
        raise IndexError(msg)
    return follow + stack[1:]


def replace(stack: tuple[T, ...], task: T) -> tuple[T, ...]:
    """The top task changed into `task` (a decision narrowed it down, a counter moved).

    Raises:
        IndexError: If the stack is empty.
    """
    if not stack:
        msg = "no pending task to replace"
        raise IndexError(msg)
    return (task, *stack[1:])


@attrs.frozen
class Operation(Generic[W, T]):
    """What one kind of task does.

    `W` is what the step works on (the game's builder or state), `T` the task value.

    Attributes:
        name: The operation's name, which tasks carry.
        run: Runs the top task: finishes it (possibly pushing follow-up tasks) or waits.
        rule: The rule ID the operation carries out (`"ZOO-7.1"`).
        doc: What it does, in a sentence.
        outcomes: For a task that waits for chance: what the outcome is drawn from.
        drawn: For a task that waits for chance: applies the outcome.
        options: For a task that waits for a decision: the legal moves.
        chosen: For a task that waits for a decision: applies the chosen move.
    """

    name: str
    run: Callable[[W, T], None]
    rule: str = ""
    doc: str = ""
    outcomes: Callable[[Any, T], Any] | None = None
    drawn: Callable[[W, T, Any], None] | None = None
    options: Callable[[Any, T], tuple[Any, ...]] | None = None
    chosen: Callable[[W, T, Any], None] | None = None

    @property
    def waits_for_chance(self) -> bool:
        """True when a task of this operation may wait for a chance outcome."""
        return self.outcomes is not None

    @property
    def waits_for_decision(self) -> bool:
        """True when a task of this operation may wait for a seat's decision."""
        return self.options is not None


class Operations(Mapping[str, "Operation[Any, Any]"]):
    """A game's explicit, checked table of operations, by name.

    Args:
        game: The game's name, for error messages.
        operations: Every operation, in the order the docs list them.

    Raises:
        GameDefinitionError: If a name is used twice, an operation names no rule, or one
            half of a chance pair (`outcomes`/`drawn`) or of a decision pair
            (`options`/`chosen`) is missing.
    """

    __slots__ = ("_game", "_ops")

    def __init__(self, game: str, operations: Iterable[Operation[Any, Any]]) -> None:
        self._game = game
        self._ops: dict[str, Operation[Any, Any]] = {}
        for op in operations:
            if op.name in self._ops:
                self._fail(f"operation {op.name!r} is declared twice")
            if not op.rule:
                self._fail(f"operation {op.name!r} names no rule")
            if (op.outcomes is None) != (op.drawn is None):
                self._fail(f"operation {op.name!r} must give both outcomes and drawn, or neither")
            if (op.options is None) != (op.chosen is None):
                self._fail(f"operation {op.name!r} must give both options and chosen, or neither")
            self._ops[op.name] = op

    def _fail(self, message: str) -> None:
        raise GameDefinitionError(f"{self._game}: {message}")

    def __getitem__(self, name: str) -> Operation[Any, Any]:
        return self._ops[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ops)

    def __len__(self) -> int:
        return len(self._ops)

    def __repr__(self) -> str:
        return f"Operations({self._game!r}, {', '.join(self._ops)})"

    def table(self) -> str:
        """The operations as a Markdown table, for the docs."""
        lines = ["| operation | rule | waits for | what it does |", "|---|---|---|---|"]
        for op in self._ops.values():
            waits = [w for w, yes in (("chance", op.waits_for_chance), ("decision", op.waits_for_decision)) if yes]
            lines.append(f"| {op.name} | {op.rule} | {', '.join(waits) or '-'} | {op.doc or '-'} |")
        return "\n".join(lines)
