"""The writer's generated code builds the tuple of texts it joins at once: a display of more than
`DISPLAY_ITEMS` items (a record of 16 fields or more, Spółka ZOO's state among them) is split,
its last items joined first, because CPython 3.11 builds a longer display as a list appended
item by item. The texts stay exactly the encoder's (issue 12: `to_json`)."""

from __future__ import annotations

import dis
import json
from types import CodeType
from typing import Any

import attrs
import pytest
from test_json_places import backend  # each test on orjson and on the standard library alone

import tabletop
from tabletop.kernel.jsontext import DISPLAY_ITEMS, TextWriter, _display, writer
from tabletop.kernel.serialize import dump_envelope, make_converter
from tabletop.kernel.serialize.envelope import text_head

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
__all__ = ["backend"]


def _list_built(code: CodeType) -> bool:
    """Whether `code` (or a function defined in it) builds a tuple through a list."""
    names = {each.opname for each in dis.get_instructions(code)}
    inner = [each for each in code.co_consts if isinstance(each, CodeType)]
    return "LIST_TO_TUPLE" in names or any(_list_built(each) for each in inner)


def _recorder(order: list[int]) -> Any:
    """A function returning the text `<i>` of `i`, noting `i` in `order`."""

    def at(i: int) -> str:
        order.append(i)
        return f"<{i}>"

    return at


def test_a_display_joins_its_items_in_order_with_no_list() -> None:
    for n in range(1, 3 * DISPLAY_ITEMS + 3):
        order: list[int] = []
        items = [f"_at({i})" for i in range(n)]
        source = _display(items)
        names: dict[str, Any] = {"_join": "".join, "_at": _recorder(order)}
        code = compile(source, "<display>", "eval")
        assert not _list_built(code), n
        assert "".join(eval(code, names)) == "".join(f"<{i}>" for i in range(n))
        assert order == list(range(n))


Wide = attrs.make_class("Wide", {f"f{i}": attrs.field(type=int, default=i) for i in range(20)}, frozen=True)
Wide.__annotations__ = {f"f{i}": int for i in range(20)}


@attrs.frozen
class Tree:
    """A wide record with a wide part and a part of its own type (a cycle: the memo in a list)."""

    wide: Wide  # type: ignore[valid-type]
    label: str = ""
    more: tuple[int, ...] = ()
    rest: Tree | None = None
    e0: int = 0
    e1: int = 0
    e2: int = 0
    e3: int = 0
    e4: int = 0
    e5: int = 0
    e6: int = 0
    e7: int = 0
    e8: int = 0
    e9: int = 0
    e10: int = 0
    e11: int = 0


def test_wide_records_are_written_as_the_encoder_writes_them(backend: str) -> None:
    converter = make_converter()
    text = TextWriter(converter)
    head = text_head("state", "probe")
    values: list[Any] = []
    for i in range(25):
        wide = Wide(**{f"f{j}": i * j if j == i % 20 else j for j in range(20)})
        values.append(wide)
    for value in values * 2:
        assert text.text(value, Wide) == ENCODER.encode(converter.unstructure(value, Wide))
        assert text.document(value, Wide, head) == dump_envelope("state", "probe", converter.unstructure(value, Wide))
    trees = [Tree(wide, label=f"t{i}", more=(i,) * i, e5=i) for i, wide in enumerate(values)]
    trees.append(Tree(values[0], rest=trees[3], e11=2**70))  # an integer past 64 bits, a nested tree
    for value in trees * 2:
        assert text.text(value, Tree) == ENCODER.encode(converter.unstructure(value, Tree))
        assert text.document(value, Tree, head) == dump_envelope("state", "probe", converter.unstructure(value, Tree))


@pytest.mark.parametrize("name", ["archipel", "conservas", "spolka_zoo"])
def test_the_document_of_a_state_builds_no_list(name: str) -> None:
    game = tabletop.get_game(name)
    state = game.new_game(3)
    write = writer(game.converter).documents(game.state_type, text_head("state", game.name))
    assert write(state) == state.to_json()
    assert not _list_built(write.__code__)


def test_a_flat_display_is_every_item_in_order_with_no_list() -> None:
    for n in range(1, 3 * DISPLAY_ITEMS + 3):
        code = compile(_display([f"_at({i})" for i in range(n)], flat=True), "<display>", "eval")
        assert not _list_built(code), n
        assert eval(code, {"_at": str}) == tuple(str(i) for i in range(n))


def test_a_place_that_keeps_no_text_returns_its_join_as_it_is_made() -> None:
    game = tabletop.get_game("spolka_zoo")
    game.new_game(3, players=3).to_json()
    write = writer(game.converter)
    document = write.documents(game.state_type, text_head("state", game.name))
    seats = write._own(game.state_type.__attrs_attrs__.seats.type)  # a tuple of records: a place of its own
    deck = write._own(game.state_type.__attrs_attrs__.piles.type.__attrs_attrs__.influence.type)
    for each in (document, seats, deck):
        assert "text" not in each.__code__.co_varnames and "t" not in each.__code__.co_varnames
    state = game.new_game(4, players=3)
    assert document(state) == dump_envelope("state", game.name, game.converter.unstructure(state, game.state_type))
    assert seats(state.seats) == ENCODER.encode(game.converter.unstructure(state.seats))
