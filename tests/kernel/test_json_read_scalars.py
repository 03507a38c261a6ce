"""The part-by-part reader's fast paths (issue 12: `state_from_json`): a field `X | None` of an
integer, text or flag is read in line (the value exactly of its type, or `null`), and a multiset
is not searched for nesting (its hook takes only whole counts); a text the usual reading refuses
is refused with the very same error, and every value read is the one the usual reading builds."""

from __future__ import annotations

import re

import pytest

import tabletop
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.jsontext.reader import TextReader
from tabletop.kernel.serialize import load_envelope, structure
from tabletop.kernel.tokens import Tokens


def _usual(game: tabletop.Game, text: str) -> tuple[str, str] | None:
    """The refusal of the usual reading (the envelope loaded whole, then structured), or None."""
    try:
        payload = load_envelope(text, kind="state", game=game.name)
        structure(game.converter, payload, game.state_type, root="state")
    except DecodeError as exc:
        return str(exc), exc.path
    return None


def _read(game: tabletop.Game, text: str) -> tuple[str, str] | None:
    try:
        game.state_from_json(text)
    except DecodeError as exc:
        return str(exc), exc.path
    return None


@pytest.mark.parametrize("name", ["conservas", "archipel", "spolka_zoo", "tabletop.testing.drill:GAME"])
def test_seed_read_in_line(name: str) -> None:
    """`seed` (`int | None`) of every kind of value: None and integers read as they are (the
    state equal to the usual reading's), anything else refused with the usual error."""
    game = tabletop.get_game(name)
    state = game.new_game(7)
    text = state.to_json()
    assert game.state_from_json(text) == state
    hidden = re.sub(r'"seed":\d+', '"seed":null', text, count=1)
    assert game.state_from_json(hidden).seed is None
    for bad in ("true", '"7"', "7.0", "[7]", '{"a":7}', "-1"):
        damaged = re.sub(r'"seed":\d+', f'"seed":{bad}', text, count=1)
        expected = _usual(game, damaged)
        if expected is None:  # it structures: the state's own checks word it
            with pytest.raises(DecodeError):
                game.state_from_json(damaged)
            continue
        assert _read(game, damaged) == expected, bad


def test_maybe_kind_found() -> None:
    """The reader reads `int | None` in line, and other unions by their hook."""
    game = tabletop.get_game("conservas")
    reader = TextReader(game.converter)
    assert reader._kind(int | None) == ("maybe", int)
    assert reader._kind(str | None) == ("maybe", str)
    assert reader._kind(Tokens | None)[0] == "leaf"


def test_nested_counts_refused_as_usual() -> None:
    """A multiset holding a nested value (not searched for nesting) is refused as usual."""
    game = tabletop.get_game("conservas")
    text = game.new_game(3).to_json()
    for bad in ('{"water":[[[1]]]}', '{"water":{"a":{"b":1}}}', '{"water":' + "[" * 40 + "]" * 40 + "}"):
        damaged = re.sub(r'"hand":\{[^}]*\}', f'"hand":{bad}', text, count=1)
        assert damaged != text
        assert _read(game, damaged) == _usual(game, damaged)
