"""A reader's positions of one class are made from one plan (`TextReader._plan`), worked out
once per class: what every position of the class shares, copied into each new position (a
tuple's next index met while reading), which adds only its own marks, last texts and child
positions. Held here: one plan per class however many positions, and every text of seeded
games read by a fresh reader (its positions made from plans as the texts come) to the usual
reading's very value."""

from __future__ import annotations

import attrs
import pytest
from json_read_helpers import CONFIGURATIONS, texts, usual

import tabletop
from tabletop.kernel.jsontext import reader as reader_module
from tabletop.kernel.jsontext.reader import TextReader
from tabletop.kernel.serialize import MAX_DEPTH


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_positions_from_plans_read_the_usual_value(name: str, options: dict[str, object]) -> None:
    game = tabletop.get_game(name)
    reader = TextReader(game.converter, max_depth=MAX_DEPTH - 1)
    head = None
    for seed in (11, 12):
        for text in texts(name, options, seed):
            head = text.index('"state":') + len('"state":')
            value = reader.read(text, head, len(text) - 1, game.state_type)
            expected = usual(game, text)
            assert value == expected
            assert value.to_json() == text
    assert head is not None
    # One plan per class, and the positions of a class (more than one, for the parts of tuples)
    # run one compiled code: the plan's names are shared, the positions' own are not.
    assert reader._plans
    assert all(attrs.has(cls) for cls in reader._plans)
    assert len(reader._plans) == len({cls for cls, _ in reader._codes})


def test_a_new_position_is_its_own() -> None:
    """Two positions of one class share its plan (made once) and its compiled code, but each
    has its own kept parts, its own mark and its own function."""
    game = tabletop.get_game("spolka_zoo")
    reader = TextReader(game.converter, max_depth=MAX_DEPTH - 1)
    text = texts("spolka_zoo", {"players": 1, "bots": 4}, 3)[5]
    start = text.index('"state":') + len('"state":')
    reader.read(text, start, len(text) - 1, game.state_type)
    seat = next(cls for cls in reader._plans if cls.__name__ == "Seat")
    plan = reader._plans[seat]
    (kept_a, read_a), (kept_b, read_b) = (reader._attrs(seat, 3, keep=True, lead=lead) for lead in (",", "["))
    assert reader._plans[seat] is plan
    assert "_mine" not in plan[0] and "_m0" not in plan[0]  # the position's own, never in the plan
    assert kept_a is not kept_b and read_a is not read_b
    assert read_a.__code__ is read_b.__code__
    assert read_a.__globals__["_m0"] == ',{"bot":' and read_b.__globals__["_m0"] == '[{"bot":'


@pytest.mark.parametrize("positions", [3, 40, 4096])
def test_sure_is_true_exactly_while_no_position_is_shared(monkeypatch: pytest.MonkeyPatch, positions: int) -> None:
    """`sure` is a plain attribute (read for every text without a call), set false with the first
    shared position: it says what the shared positions say, text after text."""
    monkeypatch.setattr(reader_module, "POSITIONS", positions)
    game = tabletop.get_game("spolka_zoo")
    reader = TextReader(game.converter, max_depth=MAX_DEPTH - 1)
    assert reader.sure and not TextReader(game.converter).sure
    for text in texts("spolka_zoo", {"players": 2}, 4, every=7):
        start = text.index('"state":') + len('"state":')
        reader.read(text, start, len(text) - 1, game.state_type)
        assert reader.sure is (not reader._shared)
    assert reader.sure is (positions == 4096)
