"""A small record at a place finds a text written before in its type's store, and a fixed tuple
of plain values is written by orjson inline: the text stays exactly the encoder's, a value
orjson refuses or a tuple of another length included (issue 12: `to_json`)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from test_json_places import backend  # each test on orjson and on the standard library alone

from tabletop.kernel.jsontext import TextWriter
from tabletop.kernel.serialize import make_converter

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
__all__ = ["backend"]


@attrs.frozen
class Step:
    """A leaf record: every field written inline."""

    op: str
    seat: int = -1
    done: tuple[int, ...] = ()


@attrs.frozen
class Holder:
    """A record with a leaf record and fixed tuples of plain values at places of their own."""

    step: Step
    prices: tuple[int, int, int] = (1, 2, 3)
    pair: tuple[str, bool] = ("a", True)
    pairs: tuple[tuple[str, int], ...] = ()


def _check(writer: TextWriter, converter: Any, values: list[Holder]) -> None:
    for value in values:
        assert writer.text(value, Holder) == ENCODER.encode(converter.unstructure(value, Holder))


def test_a_leaf_record_seen_before_is_written_as_the_encoder_writes_it(backend: str) -> None:
    converter = make_converter()
    writer = TextWriter(converter)
    first, second = Step("take", 1, (0, 2)), Step("give")
    values = [Holder(first), Holder(second), Holder(first), Holder(Step("take", 1, (0, 2))), Holder(second)]
    _check(writer, converter, values * 2)


def test_fixed_tuples_of_any_length_and_value_are_written_as_the_encoder_writes_them(backend: str) -> None:
    converter = make_converter()
    writer = TextWriter(converter)
    step = Step("x")
    values = [
        Holder(step, (4, 5, 6), ("b", False), (("c", 1), ("d", 2))),
        Holder(step, (True, 0, -7), ('é\n"', True)),
        Holder(step, (2**70, 1, 2), ("\ud800", False)),  # orjson refuses both: the encoder writes them
        Holder(step, (7, 8, 9), ("e", True), (("f", 3),) * 10),
        Holder(step, (1, 2, 3, 4), ("g", True)),  # type: ignore[arg-type]  # the converter's hook writes it
        Holder(step, (4, 5, 6), ("b", False), (("c", 1), ("d", 2))),
    ]
    _check(writer, converter, values)
    _check(writer, converter, values[::-1])


def test_a_fixed_tuple_too_short_fails_as_the_converter_does(backend: str) -> None:
    converter = make_converter()
    writer = TextWriter(converter)
    short: Any = (1, 2)
    with pytest.raises(IndexError) as expected:
        converter.unstructure(Holder(Step("x"), short), Holder)
    with pytest.raises(IndexError) as got:
        writer.text(Holder(Step("x"), short), Holder)
    assert str(got.value) == str(expected.value)
