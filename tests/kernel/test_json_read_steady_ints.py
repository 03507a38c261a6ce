"""The part-by-part reader's steady integers (session 37, issue 12: `state_from_json`): an integer
field marked `STEADY` (Conservas' money, handful and tokens to return) of a record with at least
`STEADY_FIELDS` fields is first compared with its last text, as the text, flag and `X | None`
fields are; no other integer field is. Read right after the sound text (its last text kept), a
number changed to one its last text begins (a longer number, a fraction, an exponent), or to
another type, gets the usual reading's state or refusal (type, message, path)."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from json_read_helpers import CONFIGURATIONS, fast, texts, usual

import tabletop
from tabletop.kernel.jsontext.reader import STEADY, STEADY_FIELDS, TextReader, _steady_as
from tabletop.kernel.serialize import make_converter

_MARKED = {"money", "handful", "to_return"}
"""Conservas' fields marked steady."""


@pytest.mark.parametrize("name", sorted({name for name, _ in CONFIGURATIONS}))
def test_only_marked_integers_are_steady(name: str) -> None:
    game = tabletop.get_game(name)
    reader = TextReader(game.converter)
    fields = list(attrs.fields(attrs.resolve_types(game.state_type)))
    chosen = {a.name for a in fields if _steady_as(*reader._kind(a.type), fields, a) == "int"}
    assert chosen == (_MARKED if name == "conservas" else set())


def test_a_marked_integer_of_a_small_record_is_not_steady() -> None:
    @attrs.frozen
    class Small:
        count: int = attrs.field(metadata={STEADY: True})
        other: int = 0

    reader = TextReader(make_converter())
    fields = list(attrs.fields(Small))
    assert len(fields) < STEADY_FIELDS
    assert not _steady_as(*reader._kind(int), fields, fields[0])


def _numbers(n: int) -> list[str]:
    """Texts put in place of the number `n`: longer, shorter, a fraction, an exponent, signs,
    leading zeros, other types, text after it."""
    text = str(n)
    return [
        text + "0",
        text + "5",
        text[:-1] or "0",
        str(n + 1),
        f"{text}.0",
        f"{text}.5",
        f"{text}e0",
        f"{text}E1",
        f"-{text}",
        f"0{text}",
        "-0",
        f'"{text}"',
        "true",
        "null",
        f"{text} ",
        f"{text}x",
        f"[{text}]",
        str(2**64),
    ]


@pytest.mark.parametrize("options", [options for name, options in CONFIGURATIONS if name == "conservas"])
def test_marked_integers_changed_are_read_as_usual(options: dict[str, Any]) -> None:
    game = tabletop.get_game("conservas")
    field = re.compile(r'"(money|handful|to_return)":(-?\d+)(?=[,}])')
    copies = 0
    for text in texts("conservas", options, 37, every=9):
        assert fast(game, text) == usual(game, text)
        for match in field.finditer(text):
            for number in _numbers(int(match.group(2))):
                damaged = text[: match.start(2)] + number + text[match.end(2) :]
                assert fast(game, damaged) == usual(game, damaged), (match.group(1), number)
                assert fast(game, text) == usual(game, text)  # its last text kept again
                copies += 1
    assert copies > 500
