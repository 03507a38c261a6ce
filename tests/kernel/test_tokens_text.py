"""`str(tokens)` spells out one entry per token up to `SPELLED_OUT` tokens (more than any game
holds) and writes counts above it, so that a message about a multiset a hostile text claims (a
trillion apples) is as short as its counts; `Tokens.parse` reads both forms back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.deck import conservation_problem
from tabletop.kernel.tokens import SPELLED_OUT, Tokens

counts = st.dictionaries(st.sampled_from(["apple", "lemon", "water"]), st.integers(0, 2**45))


def test_small_multisets_are_spelled_out_as_before() -> None:
    assert str(Tokens({"sardine": 2, "water": 1})) == "sardine,sardine,water"
    assert str(Tokens()) == "-"
    assert str(Tokens({"apple": SPELLED_OUT})) == ",".join(["apple"] * SPELLED_OUT)


def test_large_multisets_are_written_with_counts() -> None:
    assert str(Tokens({"apple": 2**40, "water": 3})) == "1099511627776 apple, 3 water"
    assert str(Tokens({"apple": SPELLED_OUT, "lemon": 1})) == f"{SPELLED_OUT} apple, 1 lemon"


@given(counts)
def test_either_form_reads_back(found: dict[str, int]) -> None:
    tokens = Tokens(found)
    assert Tokens.parse(str(tokens)) == tokens
    assert len(str(tokens)) <= 20 * SPELLED_OUT


def test_a_conservation_message_about_a_huge_count_is_short() -> None:
    problem = conservation_problem(Tokens({"apple": 2**40}), Tokens({"apple": 17, "lemon": 2}))
    assert problem == "extra 1099511627759 apple; missing lemon,lemon"
