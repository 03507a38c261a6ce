"""Game records: a whole match as versioned JSON, and a seat's own copy of it.

A **full record** holds everything needed to replay a match exactly: the game, its options,
the seed, every step in order (players' moves and chance outcomes, in notation) and the
result. A **seat's record** is what one seat may keep: no seed, every step it may not know
replaced by `null`, and for each step the events that seat saw. Both are envelopes of the
kind `tabletop/record` (see [`tabletop.kernel.serialize`][tabletop.kernel.serialize]):

```json
{"format": "tabletop/record", "version": 1, "game": "drill", "record": {...}}
```

[`read_record`][tabletop.frontend.records.read_record] reads a record as states are read: the
text's size and nesting are bounded before parsing, the envelope is checked, and the payload is
structured by the strict, typed converter of [serialize][tabletop.kernel.serialize] into attrs
classes whose validators hold the ranges; what one field says about another (a step's seat
among the record's seats, a full record's seed and moves) is checked after. Every bad field
raises [`DecodeError`][tabletop.kernel.errors.DecodeError] with its path and its value
(`record.moves[3].player: 'player' must be >= -1: -2`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs
from attrs import validators as v

from tabletop.kernel.errors import DecodeError
from tabletop.kernel.events import Event
from tabletop.kernel.seeds import MAX_SEED
from tabletop.kernel.serialize import OPTIONAL, dump_envelope, load_envelope, make_converter, structure

__all__ = ["MAX_PLAYERS", "Record", "RecordedStep", "read_record"]


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
        DecodeError: On text too long or nested too deeply, bad JSON, another format,
            version or game, or a missing, unknown, ill-typed or out-of-range field; the
            message and `path` name the field and its value.
    """
    payload = load_envelope(text, kind="record", game=game)
    name = json.loads(text)["game"]  # load_envelope checked it is text
    data = structure(_CONVERTER, payload, _Payload, root="record")
    _check(data)
    full = data.seat is None
    return Record(
        game=name,
        library=data.tabletop,
        options=dict(data.options),
        seed=data.seed,
        players=data.players,
        seats=data.seats,
        seat=data.seat,
        steps=tuple(
            RecordedStep(
                step.player,
                step.move,
                None if full else tuple(e.to_dict() for e in step.events or ()),
            )
            for step in data.moves
        ),
        result=None
        if data.result is None
        else {"returns": list(data.result.returns), "summary": dict(data.result.summary)},
    )


# The typed form of a record's payload, as the strict converter structures it ------------------

MAX_PLAYERS: Final = 64
"""The most seats a record may name (the built-in games have at most 5 seats, plus bots)."""

_SCALARS: Final = (str, int, float, bool, type(None))


def _not_blank(instance: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if not value.strip():
        msg = f"'{attribute.name}' must not be blank: {value!r}"
        raise ValueError(msg)


def _scalar_values(instance: Any, attribute: attrs.Attribute[Any], value: Mapping[str, Any]) -> None:
    for key, item in value.items():
        if not isinstance(item, _SCALARS):
            msg = f"'{attribute.name}' must hold JSON scalars (text, numbers, true/false, null): {key!r} is {item!r}"
            raise ValueError(msg)


@attrs.frozen
class _EventDoc:
    """An event as a seat's record holds it (`Event.to_dict()`)."""

    kind: str = attrs.field(validator=_not_blank)
    text: str
    data: Mapping[str, Any] = attrs.field(validator=_scalar_values)
    visible_to: frozenset[int] | None = attrs.field(
        default=None,
        metadata={OPTIONAL: True},
        validator=v.optional(v.deep_iterable(v.ge(0))),  # type: ignore[arg-type]
    )

    def to_dict(self) -> dict[str, Any]:
        return Event(self.kind, self.text, tuple(self.data.items()), self.visible_to).to_dict()


@attrs.frozen
class _Step:
    player: int = attrs.field(validator=v.ge(-1))
    move: str | None
    events: tuple[_EventDoc, ...] | None = attrs.field(default=None, metadata={OPTIONAL: True})


@attrs.frozen
class _Result:
    returns: tuple[float, ...]
    summary: Mapping[str, Any]


@attrs.frozen
class _Payload:
    tabletop: str
    options: Mapping[str, Any]
    seed: int | None = attrs.field(validator=v.optional([v.ge(0), v.le(MAX_SEED)]))
    players: int = attrs.field(validator=[v.ge(1), v.le(MAX_PLAYERS)])
    seats: tuple[str, ...]
    seat: int | None = attrs.field(validator=v.optional(v.ge(0)))
    moves: tuple[_Step, ...]
    result: _Result | None


_CONVERTER: Final = make_converter(every_field=True)


def _check(data: _Payload) -> None:
    """What one field of a record says about another: every seat named exists, a full record
    has its seed and every move and no seat's events."""
    last = data.players - 1
    if data.seat is not None and data.seat > last:
        raise DecodeError(f"seat {data.seat} does not exist (seats 0 to {last})", path="record.seat")
    full = data.seat is None
    if full and data.seed is None:
        raise DecodeError("a full record needs its seed", path="record.seed")
    if len(data.seats) != data.players:
        raise DecodeError(f"{len(data.seats)} seats listed for {data.players} players", path="record.seats")
    for i, step in enumerate(data.moves):
        path = f"record.moves[{i}]"
        if step.player > last:
            raise DecodeError(f"expected a seat from -1 to {last}, got {step.player}", path=f"{path}.player")
        if full and step.move is None:
            raise DecodeError("a full record names every move", path=f"{path}.move")
        if full and step.events is not None:
            raise DecodeError("a full record holds no seat's events", path=f"{path}.events")
        for j, event in enumerate(step.events or ()):
            unknown = sorted(s for s in event.visible_to or () if s > last)
            if unknown:
                msg = f"seat {unknown[0]} does not exist (seats 0 to {last})"
                raise DecodeError(msg, path=f"{path}.events[{j}].visible_to")
    if data.result is not None and len(data.result.returns) != data.players:
        msg = f"expected {data.players} returns, got {len(data.result.returns)}"
        raise DecodeError(msg, path="record.result.returns")
