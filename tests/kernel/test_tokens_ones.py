"""Issue 12, session 37: a new kind put into a multiset holding one token of each kind (a pile of one card
per id: the bot discards, a company deck's middle) is built by `dict.fromkeys(kinds, 1)` over the kinds
with the new one inserted, not by a list of pairs; every other new kind as before. The counts are the
same in the same order, and the dict is the same table (the same size in memory) as the one built from
the pairs, which `dict(sorted(...))` built before."""

from __future__ import annotations

import sys

from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.tokens import Tokens

ids = st.sets(st.sampled_from([f"card-{i:02d}" for i in range(40)]), max_size=30)


def _plain_add(tokens: Tokens, kind: str, n: int) -> dict[str, int]:
    """The counts `add` must give: the pairs sorted and inserted one by one (`dict(sorted(...))`)."""
    counts = dict(tokens.items())
    counts[kind] = counts.get(kind, 0) + n
    return dict(sorted(counts.items()))


def _check(tokens: Tokens, kind: str, n: int) -> None:
    added = tokens.add(kind, n)
    plain = _plain_add(tokens, kind, n)
    assert list(added.items()) == list(plain.items())
    assert added.total == sum(plain.values())
    assert added == Tokens(plain)
    assert hash(added) == hash(Tokens(plain))
    assert type(added) is Tokens
    if kind in tokens or not len(tokens) or kind > [*tokens][-1]:
        return  # not a kind put before the last: the counts copied, as before
    assert sys.getsizeof(added._counts) == sys.getsizeof(plain)  # the same table: the same memory


@given(ids, st.sampled_from([f"card-{i:02d}" for i in range(41)]), st.integers(1, 3))
def test_a_new_card_among_cards_of_one_each_is_the_plain_addition(held: set[str], kind: str, n: int) -> None:
    _check(Tokens(dict.fromkeys(held, 1)), kind, n)


@given(st.dictionaries(st.sampled_from([f"card-{i:02d}" for i in range(40)]), st.integers(1, 3), max_size=30))
def test_a_new_kind_among_any_counts_is_the_plain_addition(held: dict[str, int]) -> None:
    tokens = Tokens(held)
    for kind in ("card-00", "card-17", "card-39", "card-40", "a", "z"):
        for n in (1, 2):
            _check(tokens, kind, n)


def test_the_one_each_path_is_taken_only_for_one_token_of_one_each() -> None:
    ones = Tokens({"b": 1, "d": 1, "f": 1})
    assert list(ones.add("c").items()) == [("b", 1), ("c", 1), ("d", 1), ("f", 1)]
    assert list(ones.add("c", 2).items()) == [("b", 1), ("c", 2), ("d", 1), ("f", 1)]
    mixed = Tokens({"b": 2, "d": 1})  # total 3, two kinds: not one each
    assert list(mixed.add("c").items()) == [("b", 2), ("c", 1), ("d", 1)]
    assert list(Tokens({"b": 1}).add("a").items()) == [("a", 1), ("b", 1)]
    assert list(Tokens({"b": 1}).add("c").items()) == [("b", 1), ("c", 1)]
