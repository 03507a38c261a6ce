"""The part-by-part reader's kept leaves (multisets, tuples, frozensets) read by orjson where it
is in use (session 37, issue 12: `state_from_json`): the text up to the first bracket closing the
value's JSON type, read whole by orjson, else scanned as before. Seeded states read in turn, each
followed by copies with one multiset or tuple changed where orjson and the standard library's
scanner could part (floats, integers past 64 bits, `NaN`, lone surrogates, a closing bracket
inside a string, spacing, repeated keys, another type of value, nesting), read right after the
sound text (its parts kept): the same state, or the same refusal (type, message, path), as the
usual reading, with orjson and without it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from json_read_helpers import CONFIGURATIONS, fast, texts, usual

import tabletop
from tabletop.kernel.jsontext import orjson_used, use_orjson

_MULTISET = re.compile(r'\{"[a-z][\w-]*":\d+(?:,"[a-z][\w-]*":\d+)*\}')
"""A multiset of one kind or more, as the writer writes it."""
_TUPLE = re.compile(r'\[(?:"[\w-]*"(?:,"[\w-]*")*|\d+(?:,\d+)*)?\]')
"""A tuple (or frozenset) of texts or of integers, or an empty one."""

_MULTISET_CHANGES = [
    lambda kind, n: f'{{"{kind}":{n}.0}}',
    lambda kind, n: f'{{"{kind}":{n}e0}}',
    lambda kind, n: f'{{"{kind}":{2**64}}}',
    lambda kind, n: f'{{"{kind}":{10**19 + n}}}',
    lambda kind, n: f'{{"{kind}":{-(2**63) - 1}}}',
    lambda kind, n: f'{{"{kind}":NaN}}',
    lambda kind, n: f'{{"{kind}":Infinity}}',
    lambda kind, n: f'{{"{kind}":-0}}',
    lambda kind, n: f'{{"\\ud800":{n}}}',
    lambda kind, n: f'{{"{kind}\\u00e9":{n}}}',
    lambda kind, n: f'{{"\\u0061{kind}":{n}}}',
    lambda kind, n: f'{{"{kind}}}":{n}}}',
    lambda kind, n: f'{{"{kind}]":{n},"zz":1}}',
    lambda kind, n: f' {{"{kind}":{n}}}',
    lambda kind, n: f'{{ "{kind}" : {n} }}',
    lambda kind, n: f'{{"{kind}":{n},"{kind}":{n + 1}}}',
    lambda kind, n: f'{{"zz":1,"{kind}":{n},"zz":2}}',
    lambda kind, n: f'{{"{kind}":{n},}}',
    lambda kind, n: f'{{"{kind}":{{"a":{n}}}}}',
    lambda kind, n: f'{{"{kind}":[{n}]}}',
    lambda kind, n: f'[{{"{kind}":{n}}}]',
    lambda kind, n: "null",
    lambda kind, n: f'"{kind}"',
    lambda kind, n: f"{n}",
    lambda kind, n: "{}",
    lambda kind, n: f'{{"{kind}":{n}',
]
"""Multisets changed: a kind `kind` with count `n` written in ways orjson and the scanner could
read apart, or not as a multiset at all."""

_TUPLE_CHANGES = [
    '["a]"]',
    '["a","b]","c"]',
    '[["a"]]',
    '[["a"],"b"]',
    "[1.0]",
    f"[{2**64}]",
    f"[{10**19}]",
    "[NaN]",
    '["\\ud800"]',
    '["\\u0061"]',
    ' ["a"]',
    '[ "a" , "b" ]',
    '["a",]',
    "[]",
    "[null]",
    "[true]",
    '{"a":1}',
    "null",
    '["a"',
]
"""Tuples changed: texts and integers orjson and the scanner could read apart, nested arrays,
spacing, or not a tuple at all."""


def _damaged(text: str) -> Iterator[str]:
    """Copies of `text` with one of its first multisets or tuples changed (see above)."""
    for found in list(_MULTISET.finditer(text))[:4]:
        kind, _, count = found.group()[2:].partition('":')
        n = int(count.split(",")[0].rstrip("}"))
        for change in _MULTISET_CHANGES:
            yield text[: found.start()] + change(kind, n) + text[found.end() :]
    for found in list(_TUPLE.finditer(text))[:4]:
        for piece in _TUPLE_CHANGES:
            yield text[: found.start()] + piece + text[found.end() :]


@pytest.fixture(params=[True, False], ids=["orjson", "stdlib"])
def json_library(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Read with orjson (if installed) or the standard library alone."""
    if request.param and not orjson_used():
        pytest.skip("orjson is not installed")
    before = use_orjson(request.param)
    yield request.param
    use_orjson(before)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_kept_leaves_changed_are_read_as_usual(name: str, options: dict[str, Any], json_library: bool) -> None:
    game = tabletop.get_game(name)
    copies = 0
    for text in texts(name, options, 37, every=11)[:6]:
        assert fast(game, text) == usual(game, text)
        for copy in _damaged(text):
            assert fast(game, copy) == usual(game, copy), copy
            assert fast(game, text) == usual(game, text)  # the sound text read again between copies
            copies += 1
    assert copies > 100


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_orjson_and_the_scanner_read_the_same_states(name: str, options: dict[str, Any]) -> None:
    """Each text of a seeded game read in turn with orjson and without: the same states."""
    if not orjson_used():
        pytest.skip("orjson is not installed")
    game = tabletop.get_game(name)
    read = []
    for on in (True, False):
        before = use_orjson(on)
        try:
            read.append([fast(game, text) for text in texts(name, options, 38)])
        finally:
            use_orjson(before)
    assert read[0] == read[1]
    assert all(state == game.state_from_json(state.to_json()) for state in read[0])
