"""Each place of a value (a field, a position in a tuple) has a writing function of its own that
remembers the last value written there: the text stays exactly the encoder's whatever the order
the values come in (the very next state, every third, shuffled, two games interleaved, views),
on orjson and on the standard library alone, and the mechanism stays bounded (issue 12: `to_json`)."""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel import jsontext
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.jsontext import PLACES_KEPT, TextWriter, orjson_used, use_orjson
from tabletop.kernel.serialize import dump_envelope, make_converter
from tabletop.kernel.serialize.envelope import text_head
from tabletop.kernel.tokens import Tokens

_MEASURED: dict[str, list[dict[str, Any]]] = {
    "conservas": [{"month": "january"}, {"month": "december", "goal": "difficult"}],
    "archipel": [{"players": n, "declare": "supplied"} for n in (2, 5)],
    "spolka_zoo": [
        {"players": 2},
        {"players": 5},
        {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
        {"players": 1, "bots": 4},
    ],
    "tabletop.testing.drill:GAME": [{}],
}
CONFIGURATIONS = [(name, options) for name, sets in _MEASURED.items() for options in sets]
"""The configurations `benchmarks/playouts.py` measures."""

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


@pytest.fixture(params=["orjson", "stdlib"])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test on orjson (where installed) and on the standard library alone."""
    if request.param == "orjson":
        pytest.importorskip("orjson")
    before = use_orjson(request.param == "orjson")
    yield request.param
    use_orjson(before)


def assert_written_as_encoded(write: TextWriter, converter: Any, value: Any, cls: type) -> None:
    """`value` (of the record class `cls`) written by `write` (of `converter`) as a text and as a
    document: each is the standard encoder's, byte for byte."""
    expected = converter.unstructure(value, cls)
    assert write.text(value, cls) == ENCODER.encode(expected)
    assert write.document(value, cls, text_head("state", "probe")) == dump_envelope("state", "probe", expected)


def _game_states(game: Any, options: dict[str, Any], seed: int) -> list[Any]:
    """Every state of the random game `seed` (uniform moves, chance sampled)."""
    rng = random.Random(seed)
    states = [game.new_game(seed, **options)]
    while not (last := states[-1]).is_terminal:
        chance = last.current_player == CHANCE
        states.append(last.apply(sample_chance(last, rng) if chance else rng.choice(last.legal_moves())))
    return states


def _expected(game: Any, state: Any) -> str:
    return dump_envelope("state", game.name, game.converter.unstructure(state, game.state_type))


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=[f"{n}-{o}" for n, o in CONFIGURATIONS])
def test_every_configuration_in_every_order_is_written_as_the_encoder_writes_it(
    name: str, options: dict[str, Any], backend: str
) -> None:
    """States of two seeded games of each measured configuration, written in order, every third
    (as the benchmark does), shuffled and the two games interleaved, with every seat's view of
    some: each text is the converter's unstructured form written by the compact encoder."""
    assert orjson_used() == (backend == "orjson")
    game = tabletop.get_game(name)
    one, two = _game_states(game, options, 11), _game_states(game, options, 12)
    shuffled = one + two
    random.Random(5).shuffle(shuffled)
    interleaved = [s for pair in zip(one, two, strict=False) for s in pair]
    views = [s.view(p) for s in one[::5] for p in range(s.num_players)]
    for order in (one, one[::3], shuffled, interleaved, views, one[::-1]):
        for state in order:
            assert state.to_json() == _expected(game, state)


@attrs.frozen
class _Leaf:
    name: str
    count: int = 0
    flag: bool = False
    bag: Tokens = attrs.field(factory=Tokens)


@attrs.frozen
class _Tree:
    label: str
    leaves: tuple[_Leaf, ...] = ()
    pair: tuple[_Leaf, int] = (_Leaf("p"), 0)
    children: tuple[_Tree, ...] = ()
    words: tuple[str, ...] = ()


@attrs.frozen
class _SubLeaf(_Leaf):
    extra: int = 1


def _check(write: TextWriter, converter: Any, value: Any, hint: Any) -> None:
    expected = ENCODER.encode(converter.unstructure(value, hint))
    assert write.text(value, hint) == expected
    assert write.text(value, hint) == expected  # again: from the memos and the kept text


def test_a_place_written_again_after_another_value_and_back(backend: str) -> None:
    """A, then B sharing some of A's parts, then A again, then C: each place's memo is only ever
    used for the very object it remembers."""
    converter = make_converter()
    write = TextWriter(converter)
    shared = _Leaf("shared", 3, True, Tokens({"x": 2}))
    a = _Tree("a", (shared, _Leaf("b")), (shared, 1), words=("w",))
    b = attrs.evolve(a, leaves=(shared, _Leaf("b", 1)), pair=(_Leaf("q"), 1))
    c = attrs.evolve(b, label="c", leaves=(_Leaf("b", 1), shared, shared), words=())
    for value in (a, b, a, c, b, c, a):
        _check(write, converter, value, _Tree)


def test_values_that_are_not_exactly_their_fields_types(backend: str) -> None:
    """A subclass where its base is declared, a flag where an integer is, an integer past 64
    bits, a float, a lone surrogate and text that needs escaping: each at a place that wrote a
    plain value before and after, as the converter and encoder write it."""
    converter = make_converter()
    write = TextWriter(converter)
    values = [
        _Tree("plain", (_Leaf("a", 1),)),
        _Tree("sub", (_SubLeaf("a", 1),)),
        _Tree("flag", (_Leaf("a", True),)),  # type: ignore[arg-type]
        _Tree("big", (_Leaf("a", 2**70, bag=Tokens({"k": 2**70})),)),
        _Tree("float", (_Leaf("a", 1.5),)),  # type: ignore[arg-type]
        _Tree('"quoted" \\ \n é \ud800', (_Leaf("\udc00", bag=Tokens({"\ud800": 1})),)),
        _Tree("plain", (_Leaf("a", 1),)),
    ]
    for value in values * 2:
        _check(write, converter, value, _Tree)


@attrs.frozen
class _Plain:
    numbers: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    bag: Tokens = attrs.field(factory=Tokens)
    flag: bool = False


def test_parts_written_inline_by_orjson_and_refused_by_it(backend: str) -> None:
    """A tuple of plain values and a multiset (written by orjson inline in the generated
    function, where it is in use) holding what orjson refuses (an integer past 64 bits, a lone
    surrogate) between plain ones, and a flag where an integer is: the encoder's text every
    time, the value written again from its memo (`_source`: the converter and the encoder write
    a value orjson refuses)."""
    converter = make_converter()
    write = TextWriter(converter)
    values = [
        _Plain((1, 2), ("a",), Tokens({"x": 1}), True),
        _Plain((1, 2**70), ("a",), Tokens({"x": 1})),
        _Plain((1, 2), ("\ud800",), Tokens({"x": 2})),
        _Plain((1, 2), ("a", "b"), Tokens({"x": 2**70}), 1),  # type: ignore[arg-type]
        _Plain((3,), ("é", '"q"'), Tokens({"\udc00": 1})),
        _Plain(),
    ]
    for value in values * 2:
        _check(write, converter, value, _Plain)
        _check(write, converter, (value, value), tuple[_Plain, _Plain])
    bags = [value.bag for value in values]
    for size in (1, 2, 3, len(bags), 2 * jsontext._POSITIONS, 1):
        for start in (0, 1, 2):
            _check(write, converter, tuple((bags * 4)[start : start + size]), tuple[Tokens, ...])


def test_integers_in_and_out_of_the_table_of_texts(backend: str) -> None:
    """Integers at a place: those of the table `INT_TEXTS` keeps (from -1) and those past either
    end of it, a flag and a subclass of `int` (`IntEnum`): the encoder's text every time."""
    converter = make_converter()
    write = TextWriter(converter)
    counts: list[Any] = [0, -1, -2, 7, jsontext.INT_TEXTS - 1, jsontext.INT_TEXTS, -(2**40), 2**63, True, False]
    counts.append(enum.IntEnum("Level", "LOW HIGH").HIGH)
    for count in counts * 2:
        _check(write, converter, _Leaf("n", count), _Leaf)


def test_tuples_growing_past_their_own_positions_and_shrinking(backend: str) -> None:
    """Tuples longer than the positions that have functions of their own, growing, shrinking,
    their items shifted by one (a queue's first taken): the encoder's text every time."""
    converter = make_converter()
    write = TextWriter(converter)
    leaves = [_Leaf(f"n{i}", i) for i in range(3 * jsontext._POSITIONS)]
    for size in (0, 1, 5, 3 * jsontext._POSITIONS, 2, jsontext._POSITIONS + 1, 0):
        for start in (0, 1, 2):
            _check(write, converter, _Tree("t", tuple(leaves[start : start + size])), _Tree)


def test_a_recursive_type_deep_and_wide_stays_within_places_kept() -> None:
    """A tree deeper and wider than `PLACES_KEPT` places: written as the encoder writes it, the
    functions of their own never more than `PLACES_KEPT` (past that the type's shared function)."""
    converter = make_converter()
    write = TextWriter(converter)
    tree = _Tree("leaf")
    for depth in range(PLACES_KEPT // 4):
        tree = _Tree(f"d{depth}", (_Leaf(str(depth)),), children=(tree, _Tree("side", (_Leaf("s"),))))
        if depth % 16 == 0:
            _check(write, converter, tree, _Tree)
    _check(write, converter, tree, _Tree)
    assert write._places <= PLACES_KEPT


def test_switching_the_encoder_forgets_every_memo() -> None:
    """`use_orjson` puts every memo back to its start (the texts written next come from the
    encoder now in use), and the texts are the same either way."""
    pytest.importorskip("orjson")
    converter = make_converter()
    write = TextWriter(converter)
    value = _Tree("m", (_Leaf("a", 1, bag=Tokens("aab")),))
    before = use_orjson(True)
    try:
        fast = write.text(value, _Tree)
        use_orjson(False)
        assert all(memo[0] is start[0] and memo[1] is start[1] for memo, start in jsontext._MEMOS)
        assert write.text(value, _Tree) == fast == ENCODER.encode(converter.unstructure(value, _Tree))
    finally:
        use_orjson(before)
