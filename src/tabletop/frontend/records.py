"""Game records: a whole match as versioned JSON, and a seat's own copy of it.

A **full record** holds everything needed to replay a match exactly: the game, its options,
the seed, every step in order (players' moves and chance outcomes, in notation) and the
result. A **seat's record** is what one seat may keep: no seed, every step it may not know
replaced by `null`, and for each step the events that seat saw. Both are envelopes of the
kind `tabletop/record` (see [`tabletop.kernel.serialize`][tabletop.kernel.serialize]):

```json
{"format": "tabletop/record", "version": 1, "game": "drill", "record": {...}}
```

[`read_record`][tabletop.frontend.records.read_record] checks the envelope and every field, raising
[`DecodeError`][tabletop.kernel.errors.DecodeError] with the path of the first problem
(`record.moves[3].player`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop.kernel.errors import DecodeError
from tabletop.kernel.serialize import dump_envelope, load_envelope

__all__ = ["Record", "RecordedStep", "read_record"]


@attrs.frozen
class RecordedStep:
    """One step of a record.

    Attributes:
        player: The seat that moved, or `-1` (`tabletop.CHANCE`) for a chance outcome.
        move: The move in notation; `None` in a seat's record when the seat may not know it.
        events: In a seat's record, the events (`Event.to_dict()`) the seat saw; else `None`.
    """

    player: int
    move: str | None
    events: tuple[Mapping[str, Any], ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form."""
        out: dict[str, Any] = {"player": self.player, "move": self.move}
        if self.events is not None:
            out["events"] = [dict(e) for e in self.events]
        return out


@attrs.frozen
class Record:
    """A match as written to, or read from, JSON.

    Attributes:
        game: The registry name of the game.
        library: The tabletop version that wrote the record (informative).
        options: The game's options, canonical values.
        seed: The match seed; `None` in a seat's record.
        players: The number of seats.
        seats: What played each seat: `"human"` or an agent's name.
        seat: `None` for a full record; the seat whose copy this is otherwise.
        steps: Every step, in order.
        result: `{"returns": [...], "summary": {...}}` once the game is over, else `None`.
    """

    game: str
    library: str
    options: Mapping[str, Any]
    seed: int | None
    players: int
    seats: tuple[str, ...]
    seat: int | None
    steps: tuple[RecordedStep, ...]
    result: Mapping[str, Any] | None

    @property
    def is_full(self) -> bool:
        """True for a full record (replayable), False for a seat's copy."""
        return self.seat is None

    def to_json(self) -> str:
        """The record as envelope JSON text."""
        payload = {
            "tabletop": self.library,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "players": self.players,
            "seats": list(self.seats),
            "seat": self.seat,
            "moves": [step.to_dict() for step in self.steps],
            "result": None if self.result is None else dict(self.result),
        }
        return dump_envelope("record", self.game, payload)


def read_record(text: str | bytes, *, game: str | None = None) -> Record:
    """Read and check a record (full or a seat's).

    Args:
        text: The JSON text.
        game: The game expected, or `None` to accept a record of any game.

    Raises:
        DecodeError: On bad JSON, another format, version or game, or a missing or ill-typed
            field; the message and `path` name the problem.
    """
    payload = load_envelope(text, kind="record", game=game)
    name = json.loads(text)["game"]
    if not isinstance(name, str):
        raise DecodeError("expected the game's name as text", path="game")
    data = _expect(payload, dict, "record")
    known = {"tabletop", "options", "seed", "players", "seats", "seat", "moves", "result"}
    missing = sorted(known - set(data))
    if missing:
        raise DecodeError(f"missing field(s) {', '.join(missing)}", path="record")
    extra = sorted(set(data) - known)
    if extra:
        raise DecodeError(f"unknown field(s) {', '.join(extra)}", path="record")
    players = _integer(data["players"], "record.players", low=1)
    seat = None if data["seat"] is None else _integer(data["seat"], "record.seat", low=0, high=players - 1)
    seed = None if data["seed"] is None else _integer(data["seed"], "record.seed", low=0)
    if seat is None and seed is None:
        raise DecodeError("a full record needs its seed", path="record.seed")
    seats = tuple(
        _expect(s, str, f"record.seats[{i}]") for i, s in enumerate(_expect(data["seats"], list, "record.seats"))
    )
    if len(seats) != players:
        raise DecodeError(f"{len(seats)} seats listed for {players} players", path="record.seats")
    steps = tuple(
        _step(item, f"record.moves[{i}]", players, per_seat=seat is not None)
        for i, item in enumerate(_expect(data["moves"], list, "record.moves"))
    )
    result = None if data["result"] is None else _result(data["result"], players)
    return Record(
        game=name,
        library=_expect(data["tabletop"], str, "record.tabletop"),
        options=_expect(data["options"], dict, "record.options"),
        seed=seed,
        players=players,
        seats=seats,
        seat=seat,
        steps=steps,
        result=result,
    )


def _step(item: Any, path: str, players: int, *, per_seat: bool) -> RecordedStep:
    entry = _expect(item, dict, path)
    allowed = {"player", "move", "events"} if per_seat else {"player", "move"}
    extra = sorted(set(entry) - allowed)
    if extra:
        raise DecodeError(f"unknown field(s) {', '.join(extra)}", path=path)
    if "player" not in entry or "move" not in entry:
        raise DecodeError("each step needs a player and a move", path=path)
    player = _integer(entry["player"], f"{path}.player", low=-1, high=players - 1)
    move = entry["move"]
    if move is None and not per_seat:
        raise DecodeError("a full record names every move", path=f"{path}.move")
    if move is not None:
        _expect(move, str, f"{path}.move")
    events = None
    if per_seat:
        raw = _expect(entry.get("events", []), list, f"{path}.events")
        events = tuple(_expect(e, dict, f"{path}.events[{j}]") for j, e in enumerate(raw))
    return RecordedStep(player, move, events)


def _result(value: Any, players: int) -> Mapping[str, Any]:
    data = _expect(value, dict, "record.result")
    returns = _expect(data.get("returns"), list, "record.result.returns")
    if len(returns) != players or not all(isinstance(r, int | float) and not isinstance(r, bool) for r in returns):
        raise DecodeError(f"expected {players} numbers", path="record.result.returns")
    summary = _expect(data.get("summary"), dict, "record.result.summary")
    return {"returns": [float(r) for r in returns], "summary": summary}


_NAMES: Final[dict[type, str]] = {dict: "an object", list: "a list", str: "text", int: "an integer", float: "a number"}


def _expect(value: Any, kind: type, path: str) -> Any:
    if not isinstance(value, kind):
        msg = f"expected {_NAMES.get(kind, kind.__name__)}, got {_json_type(value)}"
        raise DecodeError(msg, path=path)
    return value


def _integer(value: Any, path: str, *, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DecodeError(f"expected an integer, got {_json_type(value)}", path=path)
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise DecodeError(f"expected an integer {bounds}, got {value}", path=path)
    return value


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return _NAMES.get(type(value), type(value).__name__)
