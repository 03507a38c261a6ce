"""A place's memo is two cells (the last value, the tuple of its texts), and a game keeps the
function writing its state documents: the texts stay exactly the encoder's, on orjson and on the
standard library alone, for records with a `None` field, empty tuples and nested multisets, and
for the seeded states of every game written interleaved (issue 12: `to_json`)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from test_json_places import (  # each test on orjson and on the standard library alone
    _game_states,
    assert_written_as_encoded,
    backend,
)

import tabletop
from tabletop.kernel import jsontext, protocol
from tabletop.kernel.jsontext import TextWriter, writer
from tabletop.kernel.serialize import dump_envelope, make_converter
from tabletop.kernel.serialize.envelope import text_head
from tabletop.kernel.tokens import Tokens

__all__ = ["backend"]

GAMES = ["conservas", "archipel", "spolka_zoo", "tabletop.testing.drill:GAME"]


@attrs.frozen
class Bagged:
    """A record of multisets, alone and in a fixed tuple."""

    bag: Tokens
    pair: tuple[Tokens, int] = (Tokens(), 0)


@attrs.frozen
class Holder:
    """A record with a `None` field, empty tuples and multisets nested two records down."""

    name: str
    maybe: int | None
    inner: Bagged
    items: tuple[Bagged, ...] = ()
    empty: tuple[str, ...] = ()
    rows: tuple[tuple[Tokens, int], ...] = ()


def _holders() -> list[Holder]:
    red, blue = Tokens({"red": 2}), Tokens({"blue": 1, "red": 3})
    inner = Bagged(red, (blue, 1))
    first = Holder("a", None, inner)
    return [
        first,
        first,  # the very same value again
        attrs.evolve(first, maybe=3),  # `None` to a number
        attrs.evolve(first, maybe=None, items=(inner, Bagged(blue))),
        attrs.evolve(first, items=(inner, Bagged(Tokens())), empty=("x",)),  # an empty multiset
        attrs.evolve(first, items=(), rows=((red, 2), (Tokens(), 0))),  # the tuple back to empty
        attrs.evolve(first, inner=Bagged(blue, (red, 2**70))),  # orjson refuses an integer past 64 bits
        attrs.evolve(first, name="é\n", maybe=2**70, items=(inner,) * 10),  # past a tuple's own positions
        first,
    ]


def test_records_with_none_empty_tuples_and_nested_multisets(backend: str) -> None:
    converter = make_converter()
    write = TextWriter(converter)
    values = _holders()
    for value in [*values, *reversed(values), *random.Random(3).sample(values, len(values))]:
        assert_written_as_encoded(write, converter, value, Holder)


def test_a_memo_holds_the_last_value_and_its_texts_in_two_cells(backend: str) -> None:
    converter = make_converter()
    write = TextWriter(converter)
    values = _holders()
    last = attrs.evolve(values[0], name="z")  # not in the store: written, and remembered
    for value in [*values, last]:
        write.text(value, Holder)
    memos = [memo for memo, _ in jsontext._MEMOS]
    assert any(memo[0] is last for memo in memos)  # the class's own function remembers the last value
    assert all(len(memo) == 2 and all(type(text) is str for text in memo[1]) for memo in memos)


def test_the_seeded_states_of_every_game_written_interleaved(backend: str) -> None:
    games = [tabletop.get_game(name) for name in GAMES]
    walks = [_game_states(game, {}, seed) for seed in (1, 2) for game in games]
    rng = random.Random(7)
    for step in range(max(map(len, walks))):
        for states in rng.sample(walks, len(walks)):
            if step < len(states):
                state = states[step]
                game = state.GAME
                payload = game.converter.unstructure(state, game.state_type)
                assert state.to_json() == dump_envelope("state", game.name, payload)
    for game in {states[0].GAME for states in walks}:  # each game's document function was found once and kept
        assert protocol._DUMPS[game] is writer(game.converter).documents(game.state_type, text_head("state", game.name))


def test_the_kept_document_functions_stay_bounded(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tabletop.get_game("tabletop.testing.drill:GAME")
    state = game.new_game(4)
    others: dict[Any, Any] = {object(): None for _ in range(protocol._GAMES_KEPT)}
    monkeypatch.setattr(protocol, "_DUMPS", others)
    text = state.to_json()
    assert len(protocol._DUMPS) == 1
    assert text == dump_envelope("state", game.name, game.converter.unstructure(state, game.state_type))
