"""A JSON object giving a key twice is refused on reading (house rule: bad input gets a typed error
naming the field and the value). `json.loads` and orjson both keep the last value silently, so a
hostile state `{"money":99,...,"money":3}` read as the second; now every game's `state_from_json`
(part by part or read whole) and every envelope `load_envelope` reads (records) refuse it with a
`DecodeError` naming the key's path and both values, with orjson and without.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from json_read_helpers import fast, usual
from test_json_places import backend  # each test on orjson and on the standard library alone

import tabletop
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.jsontext import use_orjson
from tabletop.kernel.jsontext.leaves import Miss, twice
from tabletop.kernel.jsontext.reader import TextReader
from tabletop.kernel.serialize import load_envelope, make_converter, refuse_twice
from tabletop.kernel.tokens import Tokens

__all__ = ["backend"]

MULTISETS = {"conservas": "supply", "archipel": "unseen", "spolka_zoo": "warehouse"}
"""A multiset field of each game's state, non-empty at its start (read as a kept leaf)."""


def _state_text(name: str) -> str:
    return tabletop.get_game(name).new_game(3).to_json()


def _twice_in_multiset(name: str) -> tuple[str, str, int]:
    """The state text of `name` with the first kind of its multiset given twice (a count one more
    first, then the true one), that kind, and its count."""
    text = _state_text(name)
    field = MULTISETS[name]
    counts = json.loads(text)["state"][field]
    kind, count = next(iter(counts.items()))
    old = f'"{field}":{{"{kind}":{count},'
    assert text.count(old) == 1
    return text.replace(old, f'"{field}":{{"{kind}":{count + 1},"{kind}":{count},'), kind, count


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_a_multiset_giving_a_kind_twice_is_refused(name: str, backend: str) -> None:
    """A kind given twice in a multiset (read part by part as a kept leaf) is refused, naming the
    kind's path and both counts; the sound text read just before does not let it through."""
    game = tabletop.get_game(name)
    bad, kind, count = _twice_in_multiset(name)
    game.state_from_json(_state_text(name))  # its parts kept: the reader knows the sound multiset
    with pytest.raises(DecodeError) as caught:
        game.state_from_json(bad)
    assert caught.value.path == f"state.{MULTISETS[name]}.{kind}"
    assert f"the key {kind!r} is given twice in one object ({count + 1}, then {count})" in str(caught.value)
    assert fast(game, bad) == usual(game, bad)


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_a_record_field_or_an_envelope_key_given_twice_is_refused(name: str, backend: str) -> None:
    """A state's field given twice (its first, `flow`, with another value first), and the
    envelope's `format` or `game` given twice, each refused naming the path and both values."""
    game = tabletop.get_game(name)
    text = _state_text(name)
    flow = '"state":{"flow":{"phase":"x"},"flow":'
    cases = [
        (text.replace('"state":{"flow":', flow, 1), "state.flow", "({'phase': 'x'}, then {'phase'"),
        (text.replace('"format":', '"format":"x","format":', 1), "format", "('x', then 'tabletop/state')"),
        (text.replace('"state":', f'"game":"{name}","state":', 1), "game", f"({name!r}, then {name!r})"),
    ]
    for bad, path, values in cases:
        with pytest.raises(DecodeError) as caught:
            game.state_from_json(bad)
        assert caught.value.path == path
        assert values in str(caught.value)


def test_a_record_document_giving_a_key_twice_is_refused(backend: str) -> None:
    """Any envelope `load_envelope` reads (a saved match's record among them): a key given twice
    in its payload is refused naming its path (a list's index in brackets)."""
    text = '{"format":"tabletop/record","version":1,"game":"conservas","record":{"moves":[{"a":1},{"b":1,"b":2}]}}'
    with pytest.raises(DecodeError) as caught:
        load_envelope(text, kind="record", game=None)
    assert caught.value.path == "record.moves[1].b"
    assert "(1, then 2)" in str(caught.value)
    assert load_envelope(text.replace('"b":1,', ""), kind="record", game=None) == {"moves": [{"a": 1}, {"b": 2}]}


@pytest.mark.parametrize(
    "text",
    [
        '{"a":"x:y","b":{"c":":"}}',
        '{"a":"\\u003a","b":[":",{"c":"\\u003A"}]}',
        '{"a":"\\\\u003a","b":1}',
        '{"a:b":1,"c":{"d:e:f":[1,2]}}',
        "[1,2,[3]]",
        '"a:b"',
    ],
)
def test_colons_and_escaped_colons_inside_strings_are_not_a_key_given_twice(text: str, backend: str) -> None:
    """Colons inside strings (as they are or escaped, `\\u003a`), the text of an escaped
    backslash before `u003a`: no key is given twice, and `refuse_twice` lets the text be."""
    refuse_twice(text)
    twice(text, json.loads(text))  # a guess either way; never an error


_KEYS = st.sampled_from(["a", "b", "a:b", ":", "\\u003a", "é"])
_LEAVES = st.one_of(st.integers(-3, 3), st.sampled_from(["", ":", "x:y", "\\u003a", "\\\\u003a"]), st.none())


def _texts(depth: int) -> st.SearchStrategy[str]:
    """JSON texts of objects and arrays, whose objects may give a key twice."""
    leaf = _LEAVES.map(lambda v: json.dumps(v) if not isinstance(v, str) else f'"{v}"')
    if depth == 0:
        return leaf
    inner = _texts(depth - 1)
    members = st.lists(st.tuples(_KEYS, inner), max_size=4)
    obj = members.map(lambda ms: "{" + ",".join(f'"{k}":{v}' for k, v in ms) + "}")
    arr = st.lists(inner, max_size=3).map(lambda vs: "[" + ",".join(vs) + "]")
    return st.one_of(leaf, obj, arr)


def _gives_a_key_twice(text: str) -> bool:
    """Whether an object of `text` gives a key twice (read member by member)."""
    found = [False]

    def pairs(members: list[tuple[str, Any]]) -> dict[str, Any]:
        found[0] = found[0] or len({k for k, _ in members}) < len(members)
        return dict(members)

    json.loads(text, object_pairs_hook=pairs)
    return found[0]


@settings(max_examples=400)
@given(_texts(3))
def test_the_quick_guess_never_misses_a_key_given_twice(text: str) -> None:
    """`twice` (two counts of colons) says `True` of every text that gives a key twice, on both
    JSON readers; `refuse_twice` refuses exactly those."""
    value = json.loads(text)
    doubled = _gives_a_key_twice(text)
    for on in (False, True) if _orjson() else (False,):
        before = use_orjson(on)
        try:
            assert twice(text, value) or not doubled
        finally:
            use_orjson(before)
    if doubled:
        with pytest.raises(DecodeError, match="is given twice in one object"):
            refuse_twice(text)
    else:
        refuse_twice(text)


def _orjson() -> bool:
    try:
        import orjson  # noqa: F401
    except ImportError:  # pragma: no cover - the fast extra not installed
        return False
    return True


@attrs.frozen
class Holder:
    """A record with a multiset (a kept leaf) and a mapping (a leaf scanned every time)."""

    counts: Tokens
    named: dict[str, int]


@pytest.fixture
def reader() -> TextReader:
    """A reader of `Holder`s of its own."""
    return TextReader(make_converter())


def test_the_part_by_part_reader_misses_a_leaf_giving_a_key_twice(reader: TextReader, backend: str) -> None:
    """A multiset or a mapping scanned whole (where the scanner keeps the last value) giving a
    key twice is a `Miss` (the usual reading, which refuses it, then reads it), and read again after
    the sound one too; without one it is read."""
    sound = '{"counts":{"a":1,"b":2},"named":{"x:y":1,"z":2}}'
    assert reader.read(sound, 0, len(sound), Holder) == Holder(Tokens({"a": 1, "b": 2}), {"x:y": 1, "z": 2})
    for bad in (
        '{"counts":{"a":1,"a":2,"b":2},"named":{"x:y":1,"z":2}}',
        '{"counts":{"a":1,"b":2},"named":{"x:y":1,"z":2,"z":3}}',
    ):
        with pytest.raises(Miss):
            reader.read(bad, 0, len(bad), Holder)
