"""A game names small records whose texts its writer keeps by identity (`keep_records`): found
again in their type's store like a record of `LEAF_FIELDS` fields, the text still exactly the
encoder's; other converters' writers are left as they were (issue 12: Spółka ZOO's `to_json`)."""

from __future__ import annotations

import json

import attrs
import pytest
from test_json_places import backend  # each test on orjson and on the standard library alone

import tabletop
from tabletop.kernel.jsontext import LEAF_FIELDS, TextWriter, keep_records, writer
from tabletop.kernel.phases import Flow
from tabletop.kernel.serialize import make_converter

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
__all__ = ["backend"]


@attrs.frozen
class Mark:
    """A small record: every field written inline, fewer than `LEAF_FIELDS`."""

    name: str
    n: int = 0


@attrs.frozen
class Board:
    """Two places of a small record."""

    here: Mark
    there: Mark = Mark("x")


def test_a_named_small_record_is_kept_and_written_as_the_encoder_writes_it(backend: str) -> None:
    assert len(attrs.fields(Mark)) < LEAF_FIELDS
    converter = make_converter()
    keep_records(converter, Mark)
    kept = TextWriter(converter)
    plain = TextWriter(make_converter())
    a, b, c = Mark("a", 1), Mark("b"), Mark("a", 1)
    values = [Board(a), Board(b, a), Board(a, b), Board(c, c), Board(b), Board(a, a)] * 2
    for value in values:
        text = ENCODER.encode(converter.unstructure(value, Board))
        assert kept.text(value, Board) == plain.text(value, Board) == text
    assert kept._how(Mark) == "leaf"
    assert plain._how(Mark) == "attrs"


@pytest.mark.parametrize(("name", "how"), [("spolka_zoo", "leaf"), ("archipel", "attrs"), ("conservas", "attrs")])
def test_spolka_zoo_keeps_its_flows_texts_and_the_other_games_do_not(name: str, how: str) -> None:
    assert writer(tabletop.get_game(name).converter)._how(Flow) == how
