"""Progress bars and tables for long work, drawn with [rich](https://rich.readthedocs.io) when it is installed.

`tabletop simulate`, `tabletop games`, `tabletop conformance`, `examples/win_rates.py` and
`benchmarks/playouts.py` all report through this module, so they look alike: a bar with the
count, the elapsed time and the time left on stderr, and tables with aligned columns on stdout.
rich is an optional extra (`pip install -e '.[cli]'`); without it every command still works,
with plain aligned text and no bar, and says once on stderr how to get the bars.

```python
from tabletop.output import progress, print_table

with progress("games", 3) as advance:
    for done in range(1, 4):
        advance(done)
print_table(["game", "seats"], [["conservas", "1"], ["archipel", "1-5"]])
```
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, Protocol, TextIO

__all__ = ["HINT", "Advance", "format_table", "has_rich", "print_table", "progress"]


class Advance(Protocol):
    """What [progress][tabletop.output.progress] yields: call it with the units done so far.

    `total` changes the units of work in all, for work whose size is known only once it starts.
    """

    def __call__(self, done: int, total: int | None = None) -> None: ...  # pragma: no cover


HINT: Final = "tabletop: no progress bar without rich: pip install 'tabletop[cli]' (a clone: pip install -e '.[cli]')"
"""Said once on stderr when a progress bar is asked for and rich is not installed."""

_hinted: list[bool] = []  # the hint was given (a list: set once, never rebound)


def has_rich() -> bool:
    """Whether rich can be imported (the `cli` extra is installed)."""
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


@contextmanager
def progress(
    description: str, total: int, *, enabled: bool = True, auto_refresh: bool = True, stream: TextIO | None = None
) -> Iterator[Advance]:
    """A progress bar with the count, elapsed time and time left, for work of `total` units.

    Yields a function to call with the units done so far. On a terminal the bar is redrawn
    in place; elsewhere (a pipe, a log) rich prints it once, finished. Work that raises leaves
    no bar. Without rich there is no bar: the hint [HINT][tabletop.output.HINT] is printed
    once per process instead.

    Args:
        description: What is counted (`"games"`), shown before the bar.
        total: Units of work in all.
        enabled: `False` shows nothing (`--quiet`).
        auto_refresh: `False` redraws only when the count changes (no drawing thread, for
            measurements that a thread would disturb).
        stream: Where the bar goes (default: `sys.stderr` at the time of the call).
    """
    out = stream if stream is not None else sys.stderr
    if not enabled:
        yield _ignore
        return
    if not has_rich():
        if not _hinted:
            _hinted.append(True)
            print(HINT, file=out)
        yield _ignore
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(file=out), auto_refresh=auto_refresh) as bar:
        task = bar.add_task(description, total=total)

        def advance(done: int, total: int | None = None) -> None:
            bar.update(task, completed=done, total=total, refresh=not auto_refresh)

        try:
            yield advance
        except BaseException:
            # Work that failed leaves no bar (nor rich's closing blank line) before its error message.
            bar.live.transient = True
            bar.live.stop()
            bar.disable = True
            raise


def print_table(
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    title: str = "",
    numeric: Sequence[str] = (),
    file: TextIO | None = None,
) -> None:
    """Print a table with aligned columns: a rich table, or [format_table][tabletop.output.format_table] without rich.

    Args:
        columns: The column headings.
        rows: The cells, one sequence per row (each cell shown with `str`).
        title: A line above the table.
        numeric: Headings of columns aligned to the right.
        file: Where to print (default: `sys.stdout` at the time of the call).
    """
    out = file if file is not None else sys.stdout
    if not has_rich():
        print(format_table(columns, rows, title=title, numeric=numeric), file=out)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title or None, title_justify="left", box=None, header_style="bold", pad_edge=False)
    for heading in columns:
        table.add_column(heading, justify="right" if heading in numeric else "left", overflow="fold")
    for row in rows:
        table.add_row(*(str(cell) for cell in row))
    console = Console(file=out, soft_wrap=False)
    if console.is_terminal:
        console.print(table)
        return
    with console.capture() as captured:  # a pipe or a file: the same layout, without trailing blanks
        console.print(table)
    print("\n".join(line.rstrip() for line in captured.get().splitlines()), file=out)


def format_table(
    columns: Sequence[str], rows: Sequence[Sequence[Any]], *, title: str = "", numeric: Sequence[str] = ()
) -> str:
    """The table as plain text with aligned columns (no rich needed).

    ```pycon
    >>> print(format_table(["game", "games"], [["conservas", 12], ["archipel", 3]], numeric=["games"]))
    game       games
    conservas     12
    archipel       3

    ```
    """
    cells = [list(columns), *([str(cell) for cell in row] for row in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    right = [heading in numeric for heading in columns]
    lines = [title] if title else []
    for row in cells:
        parts = [c.rjust(w) if r else c.ljust(w) for c, w, r in zip(row, widths, right, strict=True)]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _ignore(done: int, total: int | None = None) -> None:
    """Progress nobody watches."""
