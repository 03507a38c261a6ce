"""The part-by-part reader's steady fields (issue 12: `state_from_json`): a text, flag or `X | None`
field of a record with at least `STEADY_FIELDS` fields is first compared with its last text at
its position (its mark with it), and found without being scanned. Every value read so is the one
the usual reading builds, and every text the usual reading refuses is refused with the very same
error (type, message, path), whatever the last text there was."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from json_read_helpers import CONFIGURATIONS, fast, texts, usual

import tabletop
from tabletop.kernel.jsontext.reader import STEADY_FIELDS, TextReader, _steady

_VALUE = re.compile(r'"(\w+)":("[^"\\]*"|true|false|null|-?\d+)(?=[,}])')
"""A field holding a plain value, as the writer writes it."""

_BAD = ('"x"', '""', "true", "false", "null", "0", "7", "-1", "1.5", "[]", "{}", '"a\\"b"', '"\\u00e9"')
"""Values put in place of a field's: each of another type or another value of its own."""


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_steady_fields_read_asusual(name: str, options: dict[str, Any]) -> None:
    """Seeded states read in turn (the last texts kept from each) are the usual reading's states."""
    game = tabletop.get_game(name)
    for seed in (1, 2):
        for text in texts(name, options, seed):
            assert fast(game, text) == usual(game, text)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_steady_fields_refused_asusual(name: str, options: dict[str, Any]) -> None:
    """Every plain field's value replaced (another type, another value, a longer or shorter text,
    text after it), read right after the sound text (so its last text is kept): the same state or
    the same refusal as the usual reading."""
    game = tabletop.get_game(name)
    for text in texts(name, options, 3, every=9)[:3]:
        for match in _VALUE.finditer(text):
            start, end = match.span(2)
            value = match.group(2)
            variants = [*_BAD, value + "0", value + " ", value[:-1] if len(value) > 1 else "1"]
            for bad in variants:
                damaged = text[:start] + bad + text[end:]
                if damaged == text:
                    continue
                assert fast(game, text) == usual(game, text)
                assert fast(game, damaged) == usual(game, damaged), (match.group(1), bad)
            # text after the value, the mark of the next field damaged, the field left out, a field more
            damages = [text[:end] + "x" + text[end:], text[:end] + ',"zz":1' + text[end:]]
            if text[end] == ",":
                damages.append(text[: match.start()] + text[end + 1 :])
            for damaged in damages:
                assert fast(game, text) == usual(game, text)
                assert fast(game, damaged) == usual(game, damaged), match.group(1)


@pytest.mark.parametrize("name", sorted({name for name, _ in CONFIGURATIONS}))
def test_steady_fields_chosen(name: str) -> None:
    """Steady: text and flag fields, and `X | None`, of records of at least `STEADY_FIELDS`
    fields; never an integer (a count changes from state to state), a part or a leaf."""
    game = tabletop.get_game(name)
    reader = TextReader(game.converter)
    cls = game.state_type
    fields = list(attrs.fields(cls))
    assert len(fields) >= STEADY_FIELDS
    kinds = {a.name: reader._kind(a.type) for a in fields}
    for a in fields:
        kind, hook = kinds[a.name]
        expected = kind == "maybe" or (kind == "exact" and hook in (str, bool))
        assert _steady(kind, hook, fields) == expected, a.name
        assert not _steady(kind, hook, fields[: STEADY_FIELDS - 1])
