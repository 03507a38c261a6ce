"""A function with its memo in cells keeps a text, flag or integer part's text with its field's
head before it (one piece of the join, not two): a flag's two texts are constants, a text's are
found in a bounded table of the field's own, a small integer's in a table made once. The texts
stay exactly the converter's and the encoder's: texts that need escapes, a subclass of `str` or
`int`, a value of another type in a text, flag or integer field, integers in and out of the
table, more distinct texts than a table keeps, the seeded states of every game; with orjson and
with the standard library alone (issue 12: `to_json`)."""

from __future__ import annotations

import enum
import random
from typing import Any

import attrs
import pytest
from test_json_places import CONFIGURATIONS, ENCODER, _expected, _game_states, backend

import tabletop
from tabletop.kernel import jsontext
from tabletop.kernel.jsontext import HEADED_INTS, HEADED_KEPT, TextWriter
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.serialize.envelope import text_head

__all__ = ["backend"]  # each test on orjson and on the standard library alone


class _Level(enum.IntEnum):
    """A subclass of `int`: written by the converter where `int` is declared."""

    HIGH = 3


class _Name(str):
    """A subclass of `str`: written by the converter where `str` is declared."""

    __slots__ = ()


@attrs.frozen
class _Card:
    """Text and flag parts around an integer."""

    name: str
    shown: bool = False
    count: int = 0
    note: str = ""


@attrs.frozen
class _Hand:
    """Cards at places of their own: a tuple of items and a fixed tuple."""

    cards: tuple[_Card, ...]
    pair: tuple[_Card, str]
    owner: str = ""
    open: bool = True


def _cards() -> list[_Card]:
    first = _Card("a")
    odd: Any = 1  # an integer in a flag field, a flag in a text field: written as the encoder writes them
    return [
        first,
        attrs.evolve(first, shown=True),
        attrs.evolve(first, name='é"\\\n\t\x00\u2028'),  # escapes
        attrs.evolve(first, name=_Name("sub")),
        attrs.evolve(first, name=_Name("a")),  # equal to a kept text, of another type
        attrs.evolve(first, shown=odd, note=True),  # type: ignore[arg-type]
        attrs.evolve(first, note="\ud800"),  # a lone surrogate
        *(attrs.evolve(first, count=n) for n in (-1, HEADED_INTS - 1, HEADED_INTS, -2, 2**70, 3)),
        attrs.evolve(first, count=True),  # a flag in an integer field
        attrs.evolve(first, count=_Level.HIGH),  # equal to a small integer, of another type
        first,
    ]


def test_text_and_flag_parts_are_written_as_the_encoder_writes_them(backend: str) -> None:
    converter = make_converter()
    write = TextWriter(converter)
    cards = _cards()
    hands = [_Hand(tuple(cards[: i + 1]), (cards[i], cards[-1 - i].name), cards[i].name) for i in range(len(cards))]
    for value in [*hands, *reversed(hands), *random.Random(6).sample(hands, len(hands))]:
        for _ in range(2):
            assert write.text(value, _Hand) == ENCODER.encode(converter.unstructure(value, _Hand))


def test_more_texts_than_a_table_keeps(backend: str) -> None:
    converter = make_converter()
    write = TextWriter(converter)
    hands = [_Hand((_Card(f"c{i % (HEADED_KEPT + 40)}", i % 2 == 0),), (_Card("p"), f"n{i}")) for i in range(700)]
    for value in [*hands, *hands[::-7]]:
        assert write.text(value, _Hand) == ENCODER.encode(converter.unstructure(value, _Hand))
    functions = [each for each in jsontext._GLOBALS if any(name.startswith("_ht") for name in each)]
    assert functions  # the cards' places read tables of texts with their heads
    assert all(len(each[name]) <= HEADED_KEPT for each in functions for name in each if name.startswith("_ht"))


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=[f"{n}-{o}" for n, o in CONFIGURATIONS])
def test_seeded_states_of_every_configuration(name: str, options: dict[str, Any], backend: str) -> None:
    game = tabletop.get_game(name)
    states = _game_states(game, options, 41)
    for order in (states, states[::3], states[::-2]):
        for state in order:
            assert state.to_json() == _expected(game, state)


def test_a_state_document_reads_its_text_fields_from_tables() -> None:
    game = tabletop.get_game("spolka_zoo")
    game.new_game(2).to_json()
    document = jsontext.writer(game.converter).documents(game.state_type, text_head("state", game.name))
    names = document.__globals__
    resume = [field.name for field in attrs.fields(game.state_type)].index("resume")  # a text field
    assert f"_ht{resume}" in names and f"_hs{resume}" in names
