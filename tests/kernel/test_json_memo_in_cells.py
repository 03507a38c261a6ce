"""A writing function at a place of its own (a record, a tuple of items, a fixed tuple, a state's
document) keeps its memo in closure cells of its own, one pair a part (the last value, its
text), unless its type reaches a cycle of types (then it may be called again while it writes,
and keeps its memo list, read once and set once). The texts stay exactly the converter's and
the encoder's: on the seeded states of every game, in order, every third and interleaved; after
a part refused by orjson or a part whose writing raises; with orjson and with the standard
library alone (issue 12: `to_json`)."""

from __future__ import annotations

import random
from typing import Any, Final

import attrs
import cattrs
import pytest
from test_json_places import CONFIGURATIONS, ENCODER, _expected, _game_states, _Leaf, _Tree, backend

import tabletop
from tabletop.kernel import jsontext
from tabletop.kernel.jsontext import TextWriter, use_orjson
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.serialize.envelope import text_head
from tabletop.kernel.tokens import Tokens

__all__ = ["backend"]  # each test on orjson and on the standard library alone


@attrs.frozen
class _Node:
    """One half of a cycle of types (a node holds links, a link holds a node)."""

    name: str
    links: tuple[_Link, ...] = ()


@attrs.frozen
class _Link:
    """The other half of the cycle."""

    weight: int
    to: _Node | None = None


@attrs.frozen
class _Holds:
    """A record outside any cycle that holds one."""

    node: _Node
    count: int = 0


class _Boom:
    """A value whose unstructuring raises `ValueError` when `fail` is set."""

    def __init__(self, text: str, *, fail: bool = False) -> None:
        self.text = text
        self.fail = fail


_PLAIN_BOOM: Final = _Boom("b")


def _boom(value: _Boom) -> str:
    if value.fail:
        msg = "refused"
        raise ValueError(msg)
    return value.text


@attrs.frozen
class _Row:
    """A record of plain parts and a part written by a hook of its own."""

    name: str
    count: int
    items: tuple[int, ...] = ()
    pair: tuple[Tokens, int] = (Tokens(), 0)
    boom: _Boom = _PLAIN_BOOM
    tail: int = 0


@attrs.frozen
class _Table:
    """Rows in a tuple of items and in a fixed tuple; multisets in a tuple of items and in a
    fixed tuple of their own (written by orjson in those functions)."""

    rows: tuple[_Row, ...]
    two: tuple[_Row, _Row]
    label: str = ""
    bags: tuple[Tokens, ...] = ()
    mix: tuple[Tokens, _Row] = (Tokens(), _Row("m", 0))


def _converter() -> cattrs.Converter:
    converter = make_converter()
    converter.register_unstructure_hook(_Boom, _boom)
    return converter


def _text(converter: cattrs.Converter, value: Any, hint: Any) -> str:
    return ENCODER.encode(converter.unstructure(value, hint))


def test_types_on_a_cycle_are_found_and_the_others_are_not() -> None:
    write = TextWriter(make_converter())
    assert write._cyclic(_Tree) and write._cyclic(tuple[_Tree, ...])
    assert write._cyclic(_Node) and write._cyclic(_Link) and write._cyclic(_Holds)
    assert not write._cyclic(_Leaf) and not write._cyclic(tuple[_Leaf, int]) and not write._cyclic(tuple[str, ...])
    for name, _ in CONFIGURATIONS:  # no game's state reaches a cycle: every place keeps its memo in cells
        game = tabletop.get_game(name)
        assert not jsontext.writer(game.converter)._cyclic(game.state_type)


def test_a_document_function_keeps_its_memo_in_cells() -> None:
    game = tabletop.get_game("spolka_zoo")
    state = game.new_game(3)
    state.to_json()
    document = jsontext.writer(game.converter).documents(game.state_type, text_head("state", game.name))
    cells = document.__code__.co_freevars
    assert "v0" in cells and "t0" in cells and "_memo" not in cells


def test_a_document_is_not_kept_and_is_written_again_as_the_encoder_writes_it(backend: str) -> None:
    """A state's document is not kept in a store (it would crowd the parts' texts out): written
    again (right away, or after others), it is the converter's and the encoder's text."""
    for name, options in CONFIGURATIONS:
        game = tabletop.get_game(name)
        states = _game_states(game, options, 31)[::4]
        for state in [*states, states[-1], *states[:3]]:
            assert state.to_json() == _expected(game, state)
            assert state.to_json() == _expected(game, state)
        kept = [value for store in jsontext._STORES for value, _ in store.values()]
        assert not any(isinstance(value, game.state_type) for value in kept)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=[f"{n}-{o}" for n, o in CONFIGURATIONS])
def test_seeded_states_of_every_configuration(name: str, options: dict[str, Any], backend: str) -> None:
    """In order, every third, reversed and interleaved with another game of the same
    configuration: each text is the converter's unstructured form written by the encoder."""
    game = tabletop.get_game(name)
    one, two = _game_states(game, options, 21), _game_states(game, options, 22)
    interleaved = [s for pair in zip(one, two, strict=False) for s in pair]
    for order in (one, one[::3], two[::-1], interleaved):
        for state in order:
            assert state.to_json() == _expected(game, state)


def test_games_interleaved_state_by_state(backend: str) -> None:
    walks = [_game_states(tabletop.get_game(name), options, 5) for name, options in CONFIGURATIONS]
    rng = random.Random(9)
    for step in range(max(map(len, walks))):
        for states in rng.sample(walks, len(walks)):
            if step < len(states):
                state = states[step]
                assert state.to_json() == _expected(state.GAME, state)


def test_a_cycle_of_types_is_written_as_the_encoder_writes_it(backend: str) -> None:
    converter = make_converter()
    write = TextWriter(converter)
    leaf = _Node("leaf")
    values = [leaf]
    for depth in range(12):
        last = values[-1]
        values.append(_Node(f"n{depth}", (_Link(depth, last), _Link(-1), _Link(depth, leaf))))
    holders = [_Holds(node, i) for i, node in enumerate(values)]
    for value in [*holders, *reversed(holders), *random.Random(4).sample(holders, len(holders))]:
        assert write.text(value, _Holds) == _text(converter, value, _Holds)
        assert write.text(value.node, _Node) == _text(converter, value.node, _Node)


def _refused() -> list[_Table]:
    """Tables whose parts orjson refuses (integers past 64 bits), each refused part shared by
    two tables in a row that differ elsewhere: the second time, the refused part is the very
    object its place saw last, and must not be taken for written."""
    row = _Row("a", 1, (1, 2), (Tokens({"x": 1}), 2))
    items, pair, bag = (2**70,), (Tokens({"y": 2}), 2**70), Tokens({"z": 2**70})
    first, second = attrs.evolve(row, name="i1", items=items), attrs.evolve(row, name="i2", items=items)
    third, fourth = attrs.evolve(row, name="p1", pair=pair), attrs.evolve(row, name="p2", pair=pair)
    return [
        _Table((row,), (row, row)),
        _Table((first,), (first, row), "1", (bag,), (bag, row)),
        _Table((second, row), (second, row), "2", (bag, Tokens()), (bag, third)),
        _Table((third,), (row, third), "3", (Tokens(), bag), (Tokens(), fourth)),
        _Table((fourth, row), (row, fourth), "4", (Tokens(), bag, bag), (Tokens(), fourth)),
        _Table((row,), (row, row)),
    ]


def test_parts_refused_by_orjson_leave_every_memo_sound(backend: str) -> None:
    converter = _converter()
    write = TextWriter(converter)
    tables = _refused()
    for value in [*tables, *reversed(tables), *tables, *random.Random(2).sample(tables, len(tables))]:
        assert write.text(value, _Table) == _text(converter, value, _Table)


def test_a_part_whose_writing_raises_leaves_every_memo_sound(backend: str) -> None:
    """A part whose hook raises once (then no more): written again, it is written, not taken
    from a memo that saw it last."""
    converter = _converter()
    write = TextWriter(converter)
    first = _Row("a", 1)
    table = _Table((first, first), (first, first))
    for value, hint in ((first, _Row), (table, _Table)):
        assert write.text(value, hint) == _text(converter, value, hint)
    values: list[tuple[Any, Any]] = []
    for where in ("alone", "in items", "in a fixed tuple"):  # a new part each time (a text written is kept)
        boom = _Boom(where, fail=True)
        failing = attrs.evolve(first, name=f"changed before the failing part {where}", boom=boom)
        rows = (first, failing) if where == "in items" else (first,)
        pair = (failing, first) if where == "in a fixed tuple" else (first, first)
        value, hint = (failing, _Row) if where == "alone" else (_Table(rows, pair, where), _Table)
        with pytest.raises(ValueError, match="refused"):
            write.text(value, hint)
        boom.fail = False
        assert write.text(value, hint) == _text(converter, value, hint)
        values.append((value, hint))
    for value, hint in ((first, _Row), (table, _Table), *values):
        assert write.text(value, hint) == _text(converter, value, hint)


def test_switching_the_encoder_puts_every_cell_back() -> None:
    pytest.importorskip("orjson")
    converter = _converter()
    write = TextWriter(converter)
    tables = _refused()
    table = tables[2]
    before = use_orjson(True)
    try:
        fast = write.text(table, _Table)
        use_orjson(False)
        made = [each for each in jsontext._RESETS if each.__closure__]
        assert made  # the place functions made register the function putting their cells back
        assert all(names["_dumps"] is None for names in jsontext._GLOBALS)  # no orjson inline any more
        assert write.text(table, _Table) == fast == _text(converter, table, _Table)
        use_orjson(True)
        orjson = pytest.importorskip("orjson")
        assert all(names["_dumps"] is orjson.dumps for names in jsontext._GLOBALS)
        assert write.text(table, _Table) == fast
    finally:
        use_orjson(before)
