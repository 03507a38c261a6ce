"""A function with its memo in cells keeps the text of a part that orjson writes inline (a
multiset, a fixed tuple of plain values, a tuple of plain values, rows of such tuples, a fixed
tuple of plain values and multisets) with its field's head before it, one piece of the join;
and writes an empty tuple of plain values as `[]` without orjson. The texts stay exactly the
encoder's: empty and not, values orjson refuses (a lone surrogate, an integer past 64 bits),
values of other types, a subclass of `tuple`; with orjson and with the standard library alone
(issue 12: `to_json`)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from test_json_places import assert_written_as_encoded, backend

from tabletop.kernel import jsontext
from tabletop.kernel.jsontext import TextWriter
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens

__all__ = ["backend"]  # each test on orjson and on the standard library alone


class _Row(tuple):  # type: ignore[type-arg]
    """A subclass of `tuple`: written by the converter where a tuple is declared."""

    __slots__ = ()


_NONE = Tokens()


@attrs.frozen
class _Plain:
    """Every kind of part orjson writes inline, after a head of its own."""

    fruit: Tokens = _NONE
    prices: tuple[int, int, int] = (1, 1, 1)
    names: tuple[str, ...] = ()
    shown: tuple[tuple[str, str], ...] = ()
    makeup: tuple[Tokens, int] = (_NONE, 0)
    count: int = 0


@attrs.frozen
class _Holder:
    """`_Plain` at a place of its own (a function with its memo in cells), and in a tuple."""

    plain: _Plain
    more: tuple[_Plain, ...] = ()


def _plains() -> list[_Plain]:
    first = _Plain()
    odd: Any = [("a", "b")]  # a list where a tuple is declared
    red = Tokens({"red": 2, "é\n": 1})
    return [
        first,
        attrs.evolve(first, fruit=red),
        attrs.evolve(first, prices=(3, 0, 2**70)),  # orjson refuses an integer past 64 bits
        attrs.evolve(first, prices=(True, 1, 2)),  # type: ignore[arg-type]  # a flag in an integer tuple
        attrs.evolve(first, names=("a", "\ud800")),  # a lone surrogate
        attrs.evolve(first, names=("x", "y")),
        attrs.evolve(first, names=()),
        attrs.evolve(first, names=_Row(())),  # an empty subclass of tuple
        attrs.evolve(first, names=_Row(("s",))),
        attrs.evolve(first, shown=(("a", "b"), ("c", "d"))),
        attrs.evolve(first, shown=odd),
        attrs.evolve(first, shown=()),
        attrs.evolve(first, makeup=(red, 3)),
        attrs.evolve(first, makeup=(red, 2**70)),
        attrs.evolve(first, fruit=Tokens(), names=("z",), count=5),
        first,
    ]


def test_parts_orjson_writes_are_written_as_the_encoder_writes_them(backend: str) -> None:
    converter = make_converter()
    write = TextWriter(converter)
    plains = _plains()
    holders = [_Holder(each, tuple(plains[: i % 4])) for i, each in enumerate(plains)]
    for value in [*holders, *reversed(holders), *random.Random(7).sample(holders, len(holders))]:
        for _ in range(2):
            assert_written_as_encoded(write, converter, value, _Holder)
            assert_written_as_encoded(write, converter, value.plain, _Plain)


def test_a_part_orjson_writes_is_one_piece_with_its_head(monkeypatch: pytest.MonkeyPatch) -> None:
    sources: dict[str, list[str]] = {}
    factory = jsontext._factory

    def keep(source: str, name: str, shared: dict[str, Any]) -> Any:
        sources.setdefault(name, []).append(source)
        return factory(source, name, shared)

    monkeypatch.setattr(jsontext, "_factory", keep)
    TextWriter(make_converter()).text(_Holder(_Plain()), _Holder)
    cells = [each for each in sources["_Plain"] if "nonlocal" in each]  # the functions of places of its own
    assert cells
    for source in cells:
        for head in ('{"fruit":', ',"prices":', ',"names":', ',"shown":', ',"makeup":'):
            assert f"'{head}' + (" in source  # the head added to the text, one piece
        assert "('[]' if" in source  # an empty tuple of plain values written without orjson
