"""`fastattrs.blank`: an empty instance of a writable twin made by a type call when the class
has object's own `__new__` (its twin then takes object's `__init__`), else by `object.__new__`;
the makers, `evolve` and builders built on it give what `__init__` gives."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.kernel.fastattrs import blank, evolve, maker, writable_twin


@attrs.frozen
class _Card:
    name: str
    copies: int = 1


class _Odd:
    """A slotted class with a `__new__` of its own: its twin keeps its `__init__`."""

    __slots__ = ("x",)

    def __new__(cls, *args: Any) -> _Odd:
        return super().__new__(cls)

    def __init__(self, x: int = 0) -> None:
        self.x = x


def test_a_plain_class_twin_is_made_by_a_type_call() -> None:
    twin = writable_twin(_Card)
    assert twin is not None
    make = blank(twin)
    assert make is twin
    empty = make()
    assert type(empty) is twin
    empty.name, empty.copies = "storm", 2
    empty.__class__ = _Card
    assert empty == _Card("storm", 2)


def test_a_class_with_its_own_new_falls_back_to_object_new() -> None:
    twin = writable_twin(_Odd)
    assert twin is not None
    make = blank(twin)
    assert make is not twin
    assert type(make()) is twin


def test_maker_and_evolve_give_what_init_gives() -> None:
    card = maker(_Card)("bait", 3)
    assert type(card) is _Card
    assert card == _Card("bait", 3)
    assert evolve(card, copies=1) == _Card("bait")
