"""The fast nesting check of `check_bounds` never passes a text the exact scan refuses."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.kernel.serialize import MAX_DEPTH, _shallow


def _exact_depth(text: str) -> int:
    """The deepest nesting outside strings, counted bracket by bracket (the reference scan)."""
    depth = deepest = 0
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


@settings(max_examples=600)
@given(st.text(alphabet='[]{}""aé\U0001f600', max_size=80), st.integers(0, 9))
def test_a_text_found_shallow_is_shallow(text: str, max_depth: int) -> None:
    """Quotes, brackets (inside strings and out) and multi-byte characters: "surely shallow"
    is never said of a text the exact scan finds deeper than the bound."""
    if _shallow(text, max_depth):
        assert _exact_depth(text) <= max_depth


def test_every_state_of_a_seeded_game_is_found_shallow_at_once() -> None:
    """States hold no backslash and no bracket in a string: the fast check decides them all."""
    for name in tabletop.GAMES:
        game = tabletop.get_game(name)
        state = game.new_game(5)
        for _ in range(30):
            if state.is_terminal:
                break
            text = state.to_json()
            assert _shallow(text, MAX_DEPTH)
            assert _exact_depth(text) <= MAX_DEPTH
            state = state.apply(tabletop.sample_chance(state) if state.is_chance_node else state.legal_moves()[0])


def test_a_bracket_in_a_string_or_an_odd_quote_is_left_to_the_exact_scan() -> None:
    """Not sure: the exact scan decides (and names the character)."""
    assert not _shallow('{"a":"[[["}', 32)
    assert not _shallow('{"a":1}"', 32)
    assert _shallow('{"a":"b","c":[["d"]]}', 8)
    assert not _shallow('{"a":"b","c":[["d"]]}', 1)
