"""A state's JSON text, written part by part with each part's text kept, is exactly the text of
its converter's unstructured form written by the compact encoder (issue 12: `to_json`)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel import jsontext
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.jsontext import TextWriter, writer
from tabletop.kernel.serialize import dump_envelope, make_converter
from tabletop.kernel.tokens import Tokens

GAMES = (*tabletop.GAMES, "tabletop.testing.drill:GAME")


def _encoded(game: Any, state: Any) -> str:
    """The text as written before the part-by-part writer: unstructure, then encode whole."""
    return dump_envelope("state", game.name, game.converter.unstructure(state, game.state_type))


@pytest.mark.parametrize("name", GAMES)
def test_every_state_and_view_of_seeded_games_is_written_as_the_encoder_writes_it(name: str) -> None:
    """Every state and every seat's view of two seeded random games: the same text, twice (the
    second time from the kept texts), and it reads back to the same state."""
    game = tabletop.get_game(name)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while True:
            for one in (state, *(state.view(p) for p in range(state.num_players))):
                expected = _encoded(game, one)
                assert one.to_json() == expected
                assert one.to_json() == expected
            if state.is_terminal:
                break
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)
        assert game.state_from_json(state.to_json()) == state


@attrs.frozen
class _Inner:
    name: str
    score: float = 0.0


@attrs.frozen
class _Outer:
    inner: _Inner
    items: tuple[_Inner, ...]
    pair: tuple[int, str]
    maybe: _Inner | None
    counts: Tokens
    flags: frozenset[int]
    table: dict[str, int]
    words: tuple[str, ...] = ()


@attrs.frozen
class _Sub(_Inner):
    extra: int = 1


def test_every_kind_of_field_and_value_is_written_as_the_encoder_writes_it() -> None:
    """Nested instances, sequences, fixed tuples, optionals, multisets, sets, mappings, floats
    (NaN included), text that needs escaping, and a subclass where its base is declared (written
    with the base's fields, as cattrs does)."""
    converter = make_converter()
    write = TextWriter(converter)
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    shared = _Inner('shared "quoted" \\ é\n', 1.5)
    values = [
        _Outer(shared, (shared, _Inner("b")), (1, "x"), None, Tokens({"a": 2}), frozenset({3, 1}), {"k": 1}),
        _Outer(_Sub("s", float("nan")), (), (-7, ""), shared, Tokens(), frozenset(), {}, ("a", "b")),
        _Outer(shared, (_Sub("t"),), (10**20, "y"), _Sub("u"), Tokens("aab"), frozenset({0}), {"z": 0}),
    ]
    for value in values:
        expected = encoder.encode(converter.unstructure(value, _Outer))
        assert write.text(value, _Outer) == expected
        assert write.text(value, _Outer) == expected  # from the kept text
    sub = values[2].items[0]  # written above as an _Inner (its base's fields): as a _Sub, its own
    assert write.text(sub, _Sub) == encoder.encode(converter.unstructure(sub, _Sub)) != write.text(sub, _Inner)


def test_kept_texts_are_bounded() -> None:
    """The store never grows past `TEXTS_KEPT`, however many values are written."""
    write = writer(make_converter())
    for i in range(jsontext.TEXTS_KEPT + 10):
        assert write.text(_Inner(f"n{i}"), _Inner) == f'{{"name":"n{i}","score":0.0}}'
        assert sum(map(len, jsontext._STORES)) == jsontext._HELD[0] <= jsontext.TEXTS_KEPT
    assert repr(write).startswith("TextWriter(")


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_indented_text_is_the_same_document_and_reads_back(name: str) -> None:
    """`to_json(indent=2)` writes the compact text's document indented; both read back the same."""
    game = tabletop.get_game(name)
    state = game.new_game(5)
    compact, indented = state.to_json(), state.to_json(indent=2)
    assert "\n  " in indented and "\n" not in compact
    assert json.loads(indented) == json.loads(compact)
    assert game.state_from_json(indented) == game.state_from_json(compact) == state


def test_writer_is_one_per_converter_whichever_was_asked_for_last() -> None:
    """`writer` answers the converter asked for last with one identity check: two converters
    asked for in turn each keep their own writer."""
    one, two = make_converter(), make_converter()
    first = writer(one)
    assert writer(one) is first
    second = writer(two)
    assert second is not first
    assert [writer(c) for c in (one, two, two, one)] == [first, second, second, first]
