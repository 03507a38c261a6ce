"""Reading an object of exactly a class's fields takes the generated fast path; every answer and
every refusal is the one cattrs' checked hook gives (issue 12: `state_from_json`)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import cattrs
import pytest

from tabletop.kernel import serialize
from tabletop.kernel.serialize import hooks, make_converter
from tabletop.kernel.tokens import Tokens


@attrs.frozen
class _Plain:
    name: str
    counts: Tokens
    items: tuple[int, ...] = ()


@attrs.frozen
class _Checked:
    low: int = attrs.field(validator=attrs.validators.ge(0))
    plain: _Plain | None = None
    flag: bool = attrs.field(default=False, kw_only=True)


@attrs.frozen
class _Cached:
    n: int
    _cache: Any = attrs.field(default=None, init=False, eq=False)


GOOD = [
    {"low": 1, "plain": {"name": "a", "counts": {"x": 2}, "items": [1, 2]}, "flag": True},
    {"low": 0, "plain": None, "flag": False},
]
BAD = [
    {"low": -1, "plain": None, "flag": False},  # a validator refuses
    {"low": 1, "plain": {"name": 3, "counts": {}, "items": []}, "flag": False},  # a nested type
    {"low": 1, "plain": {"name": "a", "counts": {"x": 0}, "items": []}, "flag": False},  # a count
    {"low": 1, "plain": None},  # a field missing
    {"low": 1, "plain": None, "flag": False, "extra": 1},  # a key too many
    {"low": "1", "plain": None, "flag": False},  # text for a number
    [1, 2],  # not an object
]


def _slow(every_field: bool) -> cattrs.Converter:
    """A converter with the fast path switched off: cattrs' checked hooks only."""
    converter = make_converter(every_field=every_field)
    saved = serialize._whole
    serialize._whole = lambda *_: None  # type: ignore[assignment]
    try:
        converter.get_structure_hook(_Checked)
        converter.get_structure_hook(_Plain)
    finally:
        serialize._whole = saved
    return converter


def _answer(converter: cattrs.Converter, value: Any) -> Any:
    try:
        return converter.structure(value, _Checked)
    except cattrs.BaseValidationError as exc:
        return ("refused", cattrs.transform_error(exc))
    except (TypeError, ValueError) as exc:
        return ("refused", type(exc), str(exc))


@pytest.mark.parametrize("every_field", [True, False])
@pytest.mark.parametrize("value", GOOD + BAD)
def test_the_fast_path_answers_and_refuses_as_the_checked_hook(every_field: bool, value: Any) -> None:
    """Same value built, or the same refusal with the same messages and paths."""
    assert _answer(make_converter(every_field=every_field), value) == _answer(_slow(every_field), value)


def test_a_good_object_is_built_whole() -> None:
    """Nested objects, multisets and sequences are read into their types, by the generated hooks."""
    converter = make_converter(every_field=True)
    for cls in (_Checked, _Plain):
        assert converter.get_structure_hook(cls).__code__.co_filename == f"<structure {cls.__qualname__}>"
    built = converter.structure(GOOD[0], _Checked)
    assert built == _Checked(1, _Plain("a", Tokens({"x": 2}), (1, 2)), flag=True)


def test_a_class_with_a_field_not_read_keeps_the_checked_hook() -> None:
    """A field left out of `__init__` is not generated for: cattrs' hook reads the class."""
    converter = make_converter(every_field=True)
    assert not converter.get_structure_hook(_Cached).__code__.co_filename.startswith("<structure")
    assert converter.structure({"n": 3}, _Cached) == _Cached(3)


def test_a_multiset_read_again_is_reused_and_a_lookalike_still_refused() -> None:
    """`{"a": 1}` read twice gives the same (immutable) multiset; `{"a": true}`, equal to it as
    Python compares, is still refused as before, and a bad count is refused however often read."""
    converter = make_converter(every_field=True)
    first = converter.structure({"a": 1, "b": 2}, Tokens)
    assert converter.structure({"a": 1, "b": 2}, Tokens) is first == Tokens({"a": 1, "b": 2})
    for bad in ({"a": True, "b": 2}, {"a": 0}, {"a": 1, "b": [2]}):
        for _ in range(2):
            with pytest.raises(ValueError, match="must be a positive integer count"):
                converter.structure(bad, Tokens)


def test_a_multiset_in_the_writers_order_or_another_is_the_same_sorted_multiset() -> None:
    """`_structure_tokens` builds a multiset whose kinds came sorted (as the writer writes them)
    from them as they are, and one in another order sorted first: equal values, kinds in order;
    each order is kept by its kinds and counts in order, and a kind of a str subclass (equal as
    Python compares) is still not found among them."""

    class Kind(str):
        __slots__ = ()

    converter = make_converter(every_field=True)
    ordered = converter.structure({"a": 1, "b": 2, "c": 3}, Tokens)
    other = converter.structure({"c": 3, "a": 1, "b": 2}, Tokens)
    assert ordered == other == Tokens({"a": 1, "b": 2, "c": 3})
    assert list(ordered) == list(other) == ["a", "b", "c"]
    assert converter.structure({"c": 3, "a": 1, "b": 2}, Tokens) is other
    subclassed = converter.structure({Kind("a"): 1, "b": 2, "c": 3}, Tokens)
    assert subclassed == ordered
    assert subclassed is not ordered


@pytest.mark.parametrize(
    "text",
    ['{"a":1,"b":2}', '{"b":2,"a":1}', "{}", '{"a":true}', '{"a":0}', '{"a":1.0}', '{"a":[1]}', "[1]", "3", "null"],
)
def test_a_scanned_multiset_reads_as_the_hook_reads_it(text: str) -> None:
    """`hooks.SCANNED`'s twin of the multiset hook (what `TextReader` calls on a value the JSON
    scanner read, whose keys are exact text) gives the same multiset or the same refusal."""
    twin = hooks.SCANNED[hooks._structure_tokens]

    def outcome(hook: Any) -> tuple[str, Any]:
        hooks._TOKENS_READ.clear()
        try:
            return "value", hook(json.loads(text), Tokens)
        except (TypeError, ValueError) as exc:
            return type(exc).__name__, str(exc)

    assert outcome(twin) == outcome(hooks._structure_tokens)
