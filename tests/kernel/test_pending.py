"""Pending work: the stack functions against a list model, and the checked operation table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.errors import GameDefinitionError
from tabletop.kernel.pending import Operation, Operations, finish, push, replace

WORDS = st.sampled_from("abc")


@given(st.lists(st.tuples(st.sampled_from(["push", "finish", "replace"]), st.lists(WORDS, max_size=3))))
def test_the_stack_matches_a_list_model(steps: list[tuple[str, list[str]]]) -> None:
    """push/finish/replace on the tuple do what the same operations do on a plain list, top first."""
    stack: tuple[str, ...] = ()
    model: list[str] = []
    for what, items in steps:
        if what == "push":
            stack, model = push(stack, *items), items + model
        elif not model:
            undo = finish if what == "finish" else replace
            with pytest.raises(IndexError):
                undo(stack, "a")
        elif what == "finish":
            stack, model = finish(stack, *items), items + model[1:]
        elif items:
            stack, model = replace(stack, items[0]), [items[0], *model[1:]]
        assert list(stack) == model


def _run(work: list[str], task: str) -> None:
    work.append(task)


def test_the_operation_table_is_explicit_and_checked() -> None:
    """Operations are looked up by name; a table with a half chance pair, a half decision pair,
    a missing rule or a name twice is refused."""
    draw = Operation("draw", _run, "R-1", "draw a card", outcomes=lambda s, t: ("x",), drawn=lambda w, t, c: None)
    pick = Operation("pick", _run, "R-2", options=lambda s, t: ("a",), chosen=lambda w, t, m: None)
    table = Operations("demo", (draw, pick))
    assert list(table) == ["draw", "pick"] and len(table) == 2 and table["draw"] is draw
    assert draw.waits_for_chance and not draw.waits_for_decision and pick.waits_for_decision
    assert "| draw | R-1 | chance | draw a card |" in table.table()
    assert "draw, pick" in repr(table)
    bad = [
        (Operation("x", _run, "R"), Operation("x", _run, "R")),
        (Operation("x", _run),),
        (Operation("x", _run, "R", outcomes=lambda s, t: ()),),
        (Operation("x", _run, "R", chosen=lambda w, t, m: None),),
    ]
    for operations in bad:
        with pytest.raises(GameDefinitionError, match="demo: operation 'x'"):
            Operations("demo", operations)
