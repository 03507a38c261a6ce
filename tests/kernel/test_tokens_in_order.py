"""Every multiset operation keeps its kinds in sorted order, as `Tokens(counts)` sorts them: `add`
puts a new kind in place by moving only the kinds after it, and the other operations copy the
counts. The order is what iteration, `str`, `hash` and the JSON writer see."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.tokens import Tokens

kinds = st.sampled_from(["apple", "b", "banana", "kiwi", "lemon", "lime", "water", "z"])
counts = st.dictionaries(kinds, st.integers(0, 3))
changes = st.lists(st.tuples(st.booleans(), kinds, st.integers(0, 3)), max_size=12)


def _same_as_built(tokens: Tokens) -> None:
    built = Tokens(dict(tokens.items()))
    assert list(tokens.items()) == list(built.items()) == sorted(built.items())
    assert tokens == built
    assert hash(tokens) == hash(built)
    assert tokens.total == built.total == sum(built.values())
    assert str(tokens) == str(built)
    assert tokens.elements() == tuple(kind for kind, n in built.items() for _ in range(n))


@given(counts, changes)
def test_add_and_remove_keep_the_kinds_sorted(start: dict[str, int], steps: list[tuple[bool, str, int]]) -> None:
    tokens = Tokens(start)
    for adding, kind, n in steps:
        if adding:
            tokens = tokens.add(kind, n)
        elif tokens[kind] >= n:
            tokens = tokens.remove(kind, n)
        _same_as_built(tokens)


@given(counts, counts)
def test_sums_differences_and_comparisons_agree_with_the_counts(left: dict[str, int], right: dict[str, int]) -> None:
    a, b = Tokens(left), Tokens(right)
    _same_as_built(a + b)
    assert (a <= b) == all(n <= b[kind] for kind, n in a.items())
    if a <= b:
        _same_as_built(b - a)


def test_a_new_kind_goes_first_in_between_or_last() -> None:
    tokens = Tokens({"b": 1, "d": 2})
    assert list(tokens.add("a")) == ["a", "b", "d"]
    assert list(tokens.add("c", 3)) == ["b", "c", "d"]
    assert list(tokens.add("e")) == ["b", "d", "e"]
    assert list(Tokens().add("a")) == ["a"]
    assert tokens.add("c").total == 4
