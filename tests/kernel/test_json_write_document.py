"""A state's document is written in one join with its envelope's head, and a tuple of fixed
tuples of plain values (Spółka ZOO's cards shown) by orjson inline: the texts stay exactly the
encoder's, values orjson refuses and rows of other lengths or types included (issue 12:
`to_json`)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
from test_json_places import backend  # each test on orjson and on the standard library alone

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.jsontext import TextWriter, writer
from tabletop.kernel.serialize import dump_envelope, dump_text, make_converter
from tabletop.kernel.serialize.envelope import text_head
from tabletop.kernel.tokens import Tokens

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
__all__ = ["backend"]


@attrs.frozen
class Shown:
    """A record with a tuple of pairs at a place of its own."""

    round: int
    shown: tuple[tuple[str, str], ...] = ()
    marks: tuple[tuple[int, bool, str], ...] = ()


@attrs.frozen
class Child(Shown):
    """A subclass, written by the converter where `Shown` is declared."""

    extra: int = 0


def _values() -> list[Any]:
    return [
        Shown(1, (("a", "b"), ("c", "d")), ((1, True, "x"),)),
        Shown(1, (("a", "b"), ("c", "d")), ((1, True, "x"),)),
        Shown(2, tuple((f"c{i}", "é\n") for i in range(12))),  # more rows than positions of their own
        Shown(3, (("a", "b", "c"),)),  # a row longer than its type: the converter writes two items
        Shown(5, (["a", "b"],)),  # type: ignore[arg-type]  # a list, not a tuple
        Shown(6, (("\ud800", "b"),)),  # orjson refuses a lone surrogate
        Shown(7, (), ((2**70, False, ""),)),  # and an integer past 64 bits
        Shown(8, (("a", 1),), ((True, 1, "b"),)),  # type: ignore[arg-type]  # items of other plain types
        Child(9, (("a", "b"),), extra=1),
        Shown(10),
    ]


def test_rows_of_fixed_tuples_are_written_as_the_encoder_writes_them(backend: str) -> None:
    converter = make_converter()
    text = TextWriter(converter)
    for value in _values() * 2:
        assert text.text(value, Shown) == ENCODER.encode(converter.unstructure(value, Shown))


@attrs.frozen
class Makeup:
    """A record with fixed tuples of a multiset and plain values, alone and in a tuple."""

    first: tuple[Tokens, int]
    rest: tuple[tuple[Tokens, int], ...] = ()
    both: tuple[str, Tokens, Tokens] = ("a", Tokens(), Tokens())


def test_fixed_tuples_with_multisets_are_written_as_the_encoder_writes_them(backend: str) -> None:
    converter = make_converter()
    text = TextWriter(converter)
    red, blue = Tokens({"red": 2}), Tokens({"blue": 1, "red": 3})
    values = [
        Makeup((red, 1), ((blue, 2), (red, 0))),
        Makeup((red, 1), ((blue, 2), (red, 0)), ("é\n", red, blue)),
        Makeup((blue, 2**70), ((red, 1),) * 11),  # orjson refuses an integer past 64 bits; more than 8 rows
        Makeup((red, "x"), ((blue, True),)),  # type: ignore[arg-type]  # other plain types
        Makeup((red, 1), ((blue, 2, 3),)),  # type: ignore[arg-type]  # a longer row: the converter writes two
        Makeup((red, 1), (), ("\ud800", red, blue)),  # a lone surrogate
    ]
    for value in values * 2:
        assert text.text(value, Makeup) == ENCODER.encode(converter.unstructure(value, Makeup))


def test_a_document_is_its_envelope_around_the_payload(backend: str) -> None:
    converter = make_converter()
    text = TextWriter(converter)
    head = text_head("state", "probe")
    for value in _values() * 2:
        expected = dump_envelope("state", "probe", converter.unstructure(value, Shown))
        assert text.document(value, Shown, head) == expected
        assert text.text(value, Shown) == json.dumps(
            converter.unstructure(value, Shown), ensure_ascii=False, separators=(",", ":")
        )
    assert text.document((1, "a"), tuple[int, str], head) == dump_envelope("state", "probe", [1, "a"])


def test_to_json_is_the_payload_written_in_its_envelope(backend: str) -> None:
    game = tabletop.get_game("spolka_zoo")
    rng = random.Random(5)
    state = game.new_game(5, players=3)
    seen = [state]
    while not state.is_terminal and len(seen) < 200:
        state = state.apply(
            sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        )
        seen.append(state)
    payload = writer(game.converter)
    for each in seen + seen[::-3]:
        assert each.to_json() == dump_text("state", game.name, payload.text(each, game.state_type))
        assert each.to_json() == dump_envelope("state", game.name, game.converter.unstructure(each, game.state_type))
