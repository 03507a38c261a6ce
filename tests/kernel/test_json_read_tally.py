"""`tokens.tally`, the counts of multisets added up in one plain dict, as the invariants read
from JSON count (issue 12: `state_from_json`)."""

from __future__ import annotations

from tabletop.kernel.tokens import Tokens, tally


def test_tally() -> None:
    """`tally` adds up counts, skipping empty parts, equal to the sum's counts."""
    parts = [Tokens({"b": 2, "a": 1}), Tokens(), Tokens({"a": 3, "c": 1}), Tokens()]
    total = parts[0] + parts[2]
    assert tally(*parts) == total.as_dict()
    assert tally() == {} and tally(Tokens(), Tokens()) == {}
    counts = tally(parts[0])
    counts["a"] = 9  # a new dict: the multiset's counts untouched
    assert parts[0]["a"] == 1
