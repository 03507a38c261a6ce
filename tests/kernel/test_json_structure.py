"""The quick front of the collection hooks (plain lists built at once) reads every value exactly
as the hooks behind it do: the same value, or the same `DecodeError` (message and path)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.kernel.deck import Known
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.serialize import hooks, make_converter, structure

HINTS: tuple[Any, ...] = (
    tuple[str, ...],
    tuple[int, ...],
    tuple[bool, ...],
    tuple[int, int, int],
    tuple[str, int],
    frozenset[int],
    frozenset[str],
    tuple[Known, ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[int, ...], ...],
    list[int],
    tuple[()],
)

_SCALARS = st.one_of(
    st.integers(-3, 3), st.booleans(), st.sampled_from(["a", "b", ""]), st.none(), st.floats(0, 2), st.just([])
)
_ITEMS = st.one_of(_SCALARS, st.lists(_SCALARS, max_size=3), st.fixed_dictionaries({"card": st.sampled_from(["a", 1])}))
VALUES = st.one_of(st.lists(_ITEMS, max_size=4), _SCALARS, st.dictionaries(st.text(max_size=2), _SCALARS, max_size=2))


def _slow_converter(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A converter whose collection hooks have no quick front."""
    with monkeypatch.context() as patch:
        patch.setattr(hooks, "_quick", lambda origin, fixed, exact, hook: hook)
        converter = make_converter(every_field=True)
        for hint in HINTS:  # hooks are made at their first use: made here, without the front
            converter.get_structure_hook(hint)
        assert converter.get_structure_hook(tuple[str, ...]).__name__ == "structure"
        return converter


_FAST = make_converter(every_field=True)
_SLOW: list[Any] = []


def _read(converter: Any, value: Any, hint: Any) -> tuple[str, Any]:
    try:
        return "value", repr(structure(converter, value, hint, root="x"))
    except DecodeError as exc:
        return "error", (str(exc), exc.path)


@pytest.fixture(autouse=True)
def _slow(monkeypatch: pytest.MonkeyPatch) -> None:
    if not _SLOW:
        _SLOW.append(_slow_converter(monkeypatch))


@settings(max_examples=600)
@given(st.sampled_from(HINTS), VALUES)
def test_the_quick_front_reads_as_the_hook_does(hint: Any, value: Any) -> None:
    assert _read(_FAST, value, hint) == _read(_SLOW[0], value, hint)


def test_plain_lists_are_read_at_once() -> None:
    """The common valid lists, and a refusal of each kind, read the same either way."""
    assert _FAST.get_structure_hook(tuple[str, ...]).__name__ == "plain"
    cases = [
        (tuple[str, ...], ["a", "b"]),
        (tuple[int, int, int], [1, 2, 3]),
        (frozenset[int], [2, 1]),
        (frozenset[int], [1, 1]),
        (tuple[int, ...], [1, True]),
        (tuple[int, int, int], [1, 2]),
        (tuple[Known, ...], []),
        (tuple[str, ...], "ab"),
    ]
    for hint, value in cases:
        assert _read(_FAST, value, hint) == _read(_SLOW[0], value, hint)
    assert structure(_FAST, [2, 1], frozenset[int], root="x") == frozenset({1, 2})
    assert structure(_FAST, ["a"], tuple[str, ...], root="x") == ("a",)
