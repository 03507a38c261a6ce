"""Progress bars and tables: rich when installed, plain aligned text and one hint without it."""

from __future__ import annotations

import io
import sys

import pytest

from tabletop import output


@pytest.fixture
def no_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """rich cannot be imported (None in sys.modules makes every `import rich...` fail), and no hint was given yet."""
    for name in [n for n in sys.modules if n == "rich" or n.startswith("rich.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)
    monkeypatch.setattr(output, "_hinted", [])


def test_bar_counts_with_time_left() -> None:
    """With rich, the finished bar shows what was counted, done/total and the time left."""
    pytest.importorskip("rich")
    stream = io.StringIO()
    with output.progress("games", 3, stream=stream) as advance:
        for done in (1, 2, 3):
            advance(done)
    text = stream.getvalue()
    assert "games" in text
    assert "3/3" in text
    assert "left" in text


def test_quiet_bar_shows_nothing() -> None:
    """`enabled=False` (--quiet) draws nothing at all."""
    stream = io.StringIO()
    with output.progress("games", 3, enabled=False, stream=stream) as advance:
        advance(3)
    assert stream.getvalue() == ""


@pytest.mark.usefixtures("no_rich")
def test_without_rich_the_hint_is_given_once() -> None:
    """Without rich there is no bar, and the hint naming the extra is printed once per process, not per bar."""
    assert not output.has_rich()
    stream = io.StringIO()
    for _ in range(3):
        with output.progress("games", 2, stream=stream) as advance:
            advance(1)
            advance(2)
    assert stream.getvalue() == output.HINT + "\n"
    assert "pip install 'tabletop[cli]'" in output.HINT


@pytest.mark.usefixtures("no_rich")
def test_without_rich_tables_are_plain_aligned_text() -> None:
    """Without rich a table is printed as plain text, numbers right-aligned under their heading."""
    out = io.StringIO()
    output.print_table(["game", "games/s"], [["drill", "1,234.5"], ["conservas", "7.0"]], numeric=["games/s"], file=out)
    assert out.getvalue().splitlines() == ["game       games/s", "drill      1,234.5", "conservas      7.0"]


def test_rich_table_aligns_columns() -> None:
    """With rich, every row's cells start in the same columns (no dict reprs, no ragged lines)."""
    pytest.importorskip("rich")
    out = io.StringIO()
    output.print_table(["option", "default"], [["--players", "2"], ["--memory", "False"]], title="archipel", file=out)
    lines = out.getvalue().splitlines()
    assert lines[0].strip() == "archipel"
    starts = {line.index(word) for line, word in zip(lines[1:], ["default", "2", "False"], strict=True)}
    assert len(starts) == 1
    assert all(line == line.rstrip() for line in lines)  # into a file or a pipe: no padding at the ends of lines


def test_failed_work_leaves_no_bar() -> None:
    """When the work raises, the bar is taken away: the error message stands alone."""
    pytest.importorskip("rich")
    stream = io.StringIO()

    def fail() -> None:
        with output.progress("games", 3, stream=stream) as advance:
            advance(1)
            raise ValueError("bad")

    with pytest.raises(ValueError, match="bad"):
        fail()
    assert stream.getvalue() == ""
