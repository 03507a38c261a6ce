"""The terminal's screens in words: numbered moves in columns, the events since a seat's last
turn (folded where the game says so), and the result.

```pycon
>>> print(format_moves(["draw", "pass"], width=40))
  1. draw    2. pass

```
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Sequence
from typing import Any, Final

from tabletop.frontend.render import game_hook
from tabletop.kernel.protocol import Move, Outcome

__all__ = [
    "LONGEST_INPUT",
    "cut_refusal",
    "echo",
    "fold_events",
    "format_moves",
    "format_outcome",
    "label_suffix",
    "quoted",
    "shown",
    "wrap",
]

LONGEST_INPUT: Final = 500
"""The longest line read as a move or a command (the server takes moves of at most 500 characters);
a refusal quoting what was typed quotes at most 60 characters of it, and is cut to 500 in all."""


def fold_events(state: Any, events: Sequence[Any]) -> list[str]:
    """The lines that tell `events`: the game's `fold_events` hook may fold runs of them
    (Archipel's setup dealing) into a summary; the same line twice in a row is written once,
    with how many times (`... (2 times)`)."""
    hook = game_hook(state, "fold_events")
    texts = list(hook(events)) if hook is not None else [e.text for e in events]
    lines: list[str] = []
    count = 0
    for i, text in enumerate(texts):
        count += 1
        if i + 1 == len(texts) or texts[i + 1] != text:
            lines.append(text if count == 1 else f"{text} ({count} times)")
            count = 0
    return lines


def label_suffix(labels: Sequence[str], index: int) -> str:
    """` (label)` for move `index` when `labels` gives it one, else nothing."""
    label = labels[index] if index < len(labels) else ""
    return f" ({label})" if label else ""


def wrap(text: str, pad: str, width: int = 100, hang: str | None = None) -> str:
    """`text` wrapped at `width` after `pad`, continuation lines indented by `hang` (`pad`)."""
    import textwrap

    lines = textwrap.wrap(text, width, initial_indent=pad, subsequent_indent=pad if hang is None else hang)
    return "\n".join(lines) or pad.rstrip()


def format_moves(moves: Sequence[Move], width: int | None = None, labels: Sequence[str] = ()) -> str:
    """Numbered moves in columns that fit `width` (the terminal's, by default).

    A long run of moves of one kind (Archipel's `sail f01` ... `sail home-red`) is written
    once with its numbered destinations flowing on (`sail:  1 f01  2 f02 ...`), so a screen
    fits a terminal; every move keeps its number. `labels` add a few words to each move.
    """
    if width is None:
        width = shutil.get_terminal_size((100, 24)).columns
    if not moves:
        return "  (no moves)"
    texts = [str(m) for m in moves]
    lines: list[str] = []
    start = 0
    for first, end in _runs(texts, labels):
        lines.extend(_columns(texts, labels, start, first, width))
        verb = texts[first].split()[0]
        cells = [f"{i + 1} {texts[i].split(' ', 1)[1]}" for i in range(first, end)]
        lines.extend(_flow(f"  {verb} (type the number or '{verb} NAME'):", cells, width))
        start = end
    lines.extend(_columns(texts, labels, start, len(texts), width))
    return "\n".join(lines)


#: A run of at least this many moves of one kind is written compactly.
_RUN: Final = 8


def _runs(texts: Sequence[str], labels: Sequence[str]) -> Iterator[tuple[int, int]]:
    """The runs `[first, end)` of `_RUN` or more moves `VERB ARG` with one verb and no label."""
    i = 0
    while i < len(texts):
        words = texts[i].split()
        j = i
        while (
            j < len(texts)
            and len(texts[j].split()) == 2
            and texts[j].split()[0] == words[0]
            and not (labels[j] if j < len(labels) else "")
        ):
            j += 1
        if j - i >= _RUN:
            yield i, j
            i = j
        else:
            i = max(j, i + 1)


def _columns(texts: Sequence[str], labels: Sequence[str], first: int, end: int, width: int) -> list[str]:
    cells = [f"{i + 1:>3}. {texts[i]}{label_suffix(labels, i)}" for i in range(first, end)]
    if not cells:
        return []
    cell = max(len(c) for c in cells) + 2
    per_row = max(1, width // cell)
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    return ["".join(c.ljust(cell) for c in row).rstrip() for row in rows]


def _flow(head: str, cells: Sequence[str], width: int) -> list[str]:
    lines, line = [head], "     "
    for cell in cells:
        if len(line) + len(cell) + 2 > width and line.strip():
            lines.append(line.rstrip())
            line = "     "
        line += cell + "   "
    if line.strip():
        lines.append(line.rstrip())
    return lines


def format_outcome(outcome: Outcome) -> str:
    """The result: the summary's labelled values, then each seat's return."""
    lines = [f"  {key}: {value}" for key, value in outcome.summary().items()]
    returns = ", ".join(f"seat {i}: {r:g}" for i, r in enumerate(outcome.returns))
    lines.append(f"  returns: {returns}")
    return "Result:\n" + "\n".join(lines)


def shown(text: str) -> str:
    """`text` for a message, cut to 60 characters (with its length when cut)."""
    return text if len(text) <= 60 else f"{text[:57]}... ({len(text):,} characters)"


def quoted(text: str) -> str:
    """`text` quoted for a message, cut to 60 characters (with its length when cut)."""
    return repr(text) if len(text) <= 60 else f"{text[:57]!r}... ({len(text):,} characters)"


def echo(exc: Exception, text: str) -> str:
    """The game's refusal of `text`, its quote of `text` cut to 60 characters."""
    return str(exc).replace(repr(text), quoted(text))


def cut_refusal(sentence: str) -> str:
    """A refusal cut to about `LONGEST_INPUT` characters, its start and its end (it may quote what was typed)."""
    if len(sentence) <= LONGEST_INPUT:
        return sentence
    return f"{sentence[: LONGEST_INPUT - 80]} [...] {sentence[-60:]}"
