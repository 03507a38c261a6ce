"""The task kinds the rules build (`work.tasks_of`): the same tasks `Task(...)` builds with keywords,
shared, with `Task`'s defaults for every field not named."""

from __future__ import annotations

import typing

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.spolka_zoo.rules.work import Fields, tasks_of
from tabletop.spolka_zoo.state import Task


@given(seat=st.integers(-1, 5), company=st.sampled_from(["", "fox", "owl"]), n=st.integers(0, 9))
def test_a_task_kind_builds_the_task_task_builds_with_keywords(seat: int, company: str, n: int) -> None:
    take = tasks_of("take", "seat", "company", "n", arg="divide")
    built = take(seat, company, n)
    assert built == Task("take", seat=seat, company=company, n=n, arg="divide")
    assert type(built) is Task
    assert take(seat, company, n) is built


def test_fields_not_named_take_the_task_defaults() -> None:
    assert tasks_of("event")() == Task("event")
    assert tasks_of("draw_row", "index", arg="helper")(3) == Task("draw_row", index=3, arg="helper")


@pytest.mark.parametrize("names", [("done",), ("op",), ("colour",), ("seat", "seat")])
def test_a_name_that_is_not_a_field_or_is_given_twice_is_refused(names: tuple[str, ...]) -> None:
    with pytest.raises(TypeError, match="not a field of Task, or given twice"):
        tasks_of("take", *names)


def test_a_fixed_field_named_as_varying_too_is_refused() -> None:
    with pytest.raises(TypeError, match="given twice"):
        tasks_of("take", "seat", seat=2)


def test_fields_is_every_task_field_but_done_in_order() -> None:
    fields = attrs.fields(Task)
    declared = [a.type if isinstance(a.type, str) else a.type.__name__ for a in fields[:-1]]  # resolved or not
    assert [t.__name__ for t in typing.get_args(Fields)] == declared
    assert fields[-1].name == "done"
