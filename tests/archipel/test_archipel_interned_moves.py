"""Moves read from text are shared through a bounded table: text from users cannot grow it without end."""

from __future__ import annotations

from tabletop.archipel import moves
from tabletop.archipel.moves import MAX_INTERNED, Sail, parse_move


def test_texts_read_from_users_keep_the_table_bounded_and_moves_equal() -> None:
    first = parse_move(None, "sail s7")
    for i in range(MAX_INTERNED + 10):
        parse_move(None, f"sail nowhere-{i}")
    assert len(moves._INTERNED) <= MAX_INTERNED
    again = parse_move(None, "sail s7")
    assert again == first == Sail("s7")
    assert parse_move(None, "sail s7") is again  # sharing resumes once the table was emptied
