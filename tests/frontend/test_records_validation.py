"""read_record reads with the strict, typed converter of states: every bad field is a DecodeError naming
its path and its value, checked before any replay; good records (full and seats' copies) round-trip (issue 10)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

import pytest
from frontend_helpers import GAMES, played

import tabletop
from tabletop.frontend import Match, read_record
from tabletop.frontend.records import MAX_PLAYERS
from tabletop.kernel.serialize import MAX_DEPTH
from tabletop.testing.drill import GAME as DRILL


@functools.cache
def _match() -> Match:
    return played(DRILL, 3)


def _edited(edit: Callable[[dict[str, Any]], None], *, seat: int | None = None) -> str:
    document = json.loads(_match().save(seat=seat))
    edit(document["record"])
    return json.dumps(document)


def _set(*path_and_value: Any) -> Callable[[dict[str, Any]], None]:
    *path, value = path_and_value

    def edit(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _delete(*path: Any) -> Callable[[dict[str, Any]], None]:
    def edit(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return edit


FULL_RECORD_CASES = [
    (_set("players", "2"), "record.players", "expected an integer, got '2'"),
    (_set("players", True), "record.players", "expected an integer, got True"),
    (_set("players", 0), "record.players", "'players' must be >= 1: 0"),
    (_set("players", MAX_PLAYERS + 1), "record.players", f"'players' must be <= {MAX_PLAYERS}: {MAX_PLAYERS + 1}"),
    (_set("seed", -5), "record.seed", "'seed' must be >= 0: -5"),
    (_set("seed", 2**63), "record.seed", f"'seed' must be <= {2**63 - 1}: {2**63}"),
    (_set("seed", 1.5), "record.seed", "1.5"),
    (_set("seed", None), "record.seed", "a full record needs its seed"),
    (_set("seats", "ab"), "record.seats", "expected a list, got 'ab'"),
    (_set("seats", 1, 7), "record.seats[1]", "expected text, got 7"),
    (_set("seats", ["human"]), "record.seats", "1 seats listed for 2 players"),
    (_set("seat", 2), "record.seat", "seat 2 does not exist (seats 0 to 1)"),
    (_set("seat", -1), "record.seat", "'seat' must be >= 0: -1"),
    (_set("tabletop", 1), "record.tabletop", "expected text, got 1"),
    (_set("options", []), "record.options", "[]"),
    (_set("moves", {}), "record.moves", "expected a list, got {}"),
    (_set("moves", 0, "player", -2), "record.moves[0].player", "'player' must be >= -1: -2"),
    (_set("moves", 0, "player", 2), "record.moves[0].player", "expected a seat from -1 to 1, got 2"),
    (_set("moves", 0, "player", "0"), "record.moves[0].player", "expected an integer, got '0'"),
    (_set("moves", 3, "move", 7), "record.moves[3].move", "expected text, got 7"),
    (_set("moves", 1, "move", None), "record.moves[1].move", "a full record names every move"),
    (_set("moves", 1, "events", []), "record.moves[1].events", "a full record holds no seat's events"),
    (_delete("moves", 2, "move"), "record.moves[2].move", "missing field 'move'"),
    (_set("moves", 2, "colour", 1), "record.moves[2]", "extra fields found (colour)"),
    (_delete("seed"), "record.seed", "missing field 'seed'"),
    (_set("result", []), "record.result", "[]"),
    (_set("result", "returns", [1.0]), "record.result.returns", "expected 2 returns, got 1"),
    (_set("result", "returns", 0, "1"), "record.result.returns[0]", "expected a number, got '1'"),
    (_set("result", "returns", 0, False), "record.result.returns[0]", "expected a number, got False"),
    (_delete("result", "summary"), "record.result.summary", "missing field 'summary'"),
]


@pytest.mark.parametrize(("edit", "path", "message"), FULL_RECORD_CASES)
def test_every_bad_field_of_a_full_record_is_named_with_its_value(
    edit: Callable[[dict[str, Any]], None], path: str, message: str
) -> None:
    """Each bad field is refused by read_record itself (no replay needed), at its path, showing the value."""
    with pytest.raises(tabletop.DecodeError) as caught:
        read_record(_edited(edit), game="drill")
    assert caught.value.path == path
    assert message in str(caught.value)
    with pytest.raises(tabletop.DecodeError) as again:  # Match.load refuses it the same way
        Match.load(_edited(edit), game=DRILL)
    assert again.value.path == path


def _first_event_step(record: dict[str, Any]) -> int:
    return next(i for i, step in enumerate(record["moves"]) if step["events"])


def _set_event(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(record: dict[str, Any]) -> None:
        record["moves"][_first_event_step(record)]["events"][0][key] = value

    return edit


SEAT_COPY_CASES = [
    (_set_event("kind", 3), "kind", "expected text, got 3"),
    (_set_event("kind", " "), "kind", "'kind' must not be blank: ' '"),
    (_set_event("text", None), "text", "expected text, got None"),
    (_set_event("data", {"n": [1]}), "data", "[1]"),
    (_set_event("data", "abc"), "data", "'abc'"),
    (_set_event("visible_to", [5]), "visible_to", "seat 5 does not exist"),
    (_set_event("visible_to", [-1]), "visible_to", "'visible_to' must be >= 0: -1"),
    (_set_event("visible_to", [0, 0]), "visible_to", "expected distinct items"),
    (_set_event("colour", "red"), "", "extra fields found (colour)"),
]


@pytest.mark.parametrize(("edit", "field", "message"), SEAT_COPY_CASES)
def test_every_bad_event_of_a_seat_copy_is_named_with_its_value(
    edit: Callable[[dict[str, Any]], None], field: str, message: str
) -> None:
    """The events a seat's copy holds are typed too (kind, text, scalar data, existing seats)."""
    record = json.loads(_match().save(seat=1))["record"]
    step = _first_event_step(record)
    with pytest.raises(tabletop.DecodeError) as caught:
        read_record(_edited(edit, seat=1))
    where = f"record.moves[{step}].events[0]"
    assert caught.value.path == (f"{where}.{field}" if field else where)
    assert message in str(caught.value)


def test_bounds_and_envelope_come_first() -> None:
    """Too deep a document and a wrong envelope are refused before anything is structured."""
    deep = _match().save().replace('"options":{}', '"options":{"x":' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")
    with pytest.raises(tabletop.DecodeError, match="nests deeper"):
        read_record(deep)
    with pytest.raises(tabletop.DecodeError, match="expected format"):
        read_record(_match().save().replace("tabletop/record", "tabletop/state"))
    with pytest.raises(tabletop.DecodeError) as caught:
        read_record(_edited(_set("moves", 0, "player", -2)), game="archipel")
    assert caught.value.path == "game"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_records_and_seat_copies_round_trip(game: tabletop.Game) -> None:
    """Every game's full record and each seat's copy read back to a record that writes the same text."""
    match = played(game, 5)
    for seat in (None, *range(match.num_players)):
        text = match.save(seat=seat)
        record = read_record(text, game=game.name)
        assert record.to_json() == text
        assert record.seat == seat
        assert record.steps == match.record(seat).steps
