"""`CountCode`: the codes of two multisets are equal exactly when the multisets are, one of them
holding at most `most` pieces; a kind not known has no code (issue 12: the invariants of a state
read from JSON compare codes of its parts, not lists of its pieces)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.serialize.validate import CountCode

KINDS = ("a", "b", "c", "d", "e")
counts = st.dictionaries(st.sampled_from(KINDS), st.integers(1, 300), max_size=len(KINDS))


@given(found=counts, expected=counts, most=st.sampled_from([1, 7, 255, 256, 1000, 70_000]))
def test_equal_codes_are_equal_multisets(found: dict[str, int], expected: dict[str, int], most: int) -> None:
    code = CountCode(KINDS, most)
    if sum(expected.values()) <= most:
        assert (code.tokens(found) == code.tokens(expected)) == (found == expected)
    assert code.tokens(found) == code.pieces(Counter(found).elements())


@given(parts=st.lists(counts, max_size=6))
def test_the_code_of_a_union_is_the_sum_of_the_codes(parts: list[dict[str, int]]) -> None:
    code = CountCode(KINDS, 255)
    union: Counter[str] = Counter()
    for part in parts:
        union.update(part)
    assert sum(code.tokens(part) or 0 for part in parts) == code.tokens(dict(union))


def test_a_kind_not_known_has_no_code() -> None:
    code = CountCode(KINDS, 10)
    assert code.tokens({"a": 1, "z": 1}) is None
    assert code.pieces(["a", "?"]) is None
    assert code.tokens({}) == code.pieces([]) == 0
    assert repr(code) == "CountCode(5 kinds, most=10)"


def test_a_kind_not_known_has_no_code_after_a_count_of_a_digit_or_more() -> None:
    """A count too large for a digit is coded the long way; a kind not known there has no code
    either (it raised `KeyError` when it came after the large count)."""
    code = CountCode(KINDS, 10)
    assert code.tokens({"a": 300, "z": 1}) is None
    assert code.tokens({"z": 1, "a": 300}) is None
    assert code.tokens({"a": 300, "b": 1}) == code.pieces(["a"] * 300 + ["b"])
