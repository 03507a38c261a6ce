"""JSON Schema of the documents tabletop writes, generated from the attrs classes.

The schema says what the strict converter of [serialize][tabletop.kernel.serialize] accepts
by type: every field required (states are written whole), no extra key, integers that are
integers, arrays where the classes hold tuples (of a fixed length where the type says so),
token counts from 1 to [MAX_COUNT][tabletop.kernel.serialize.MAX_COUNT]. What types cannot
say (ranges, conserved counts, the steps of the phase table) the game checks after reading
(see [validate_state][tabletop.kernel.serialize.validate_state]); the schema is published so
that a frontend in any language can check a document before sending it.

```python
import json
import tabletop
from tabletop.kernel.schema import state_schema

schema = state_schema(tabletop.get_game("conservas"))
print(schema["properties"]["format"])  # {'const': 'tabletop/state'}
```
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop.kernel.serialize import MAX_COUNT, MAX_KINDS, OPTIONAL, VERSION
from tabletop.kernel.tokens import Tokens

__all__ = [
    "DIALECT",
    "RecordPayload",
    "RecordStep",
    "envelope_schema",
    "record_schema",
    "schema_of",
    "schemas",
    "state_schema",
]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of the generated schemas."""


def _name(cls: type) -> str:
    return cls.__qualname__


class _Builder:
    """Builds schemas with one `$defs` entry per attrs class."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def of(self, hint: Any) -> dict[str, Any]:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if hint is Any:
            return {}
        if hint is type(None):
            return {"type": "null"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is float:
            return {"type": "number"}
        if hint is str:
            return {"type": "string"}
        if hint is Tokens:
            count = {"type": "integer", "minimum": 1, "maximum": MAX_COUNT}
            return {"type": "object", "additionalProperties": count, "maxProperties": MAX_KINDS}
        if origin in (types.UnionType, typing.Union):
            return {"anyOf": [self.of(a) for a in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            items = [self.of(a) for a in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
        if origin in (frozenset, set):
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        if origin in (dict, Mapping) or hint in (dict, Mapping):
            return {"type": "object", "additionalProperties": self.of(args[1]) if args else {}}
        if isinstance(hint, type) and attrs.has(hint):
            return self.attrs_class(hint)
        msg = f"no JSON Schema for the type {hint!r}"
        raise TypeError(msg)

    def attrs_class(self, cls: type) -> dict[str, Any]:
        name = _name(cls)
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: a class may refer to itself
            hints = typing.get_type_hints(cls)
            fields = [f for f in attrs.fields(cls) if f.init]
            self.defs[name] = {
                "type": "object",
                "title": name,
                "properties": {f.alias: self.of(hints[f.name]) for f in fields},
                # a field marked OPTIONAL may be left out of the JSON (states saved before it existed)
                "required": [f.alias for f in fields if not f.metadata.get(OPTIONAL)],
                "additionalProperties": False,
            }
            doc = (cls.__doc__ or "").strip().splitlines()
            if doc:
                self.defs[name]["description"] = doc[0]
        return {"$ref": f"#/$defs/{name}"}


def schema_of(cls: type) -> dict[str, Any]:
    """The JSON Schema of the unstructured form of the attrs class `cls`.

    Raises:
        TypeError: If a field has a type the converter has no JSON form for.
    """
    builder = _Builder()
    root = builder.of(cls)
    return {"$schema": DIALECT, **root, "$defs": dict(sorted(builder.defs.items()))}


def envelope_schema(kind: str, game: str, payload: type, *, title: str = "") -> dict[str, Any]:
    """The JSON Schema of a `tabletop/<kind>` envelope of `game` holding a `payload`."""
    builder = _Builder()
    body = builder.of(payload)
    return {
        "$schema": DIALECT,
        "$id": f"https://tabletop.invalid/schemas/{game}.{kind}.json",
        "title": title or f"{game} {kind}",
        "type": "object",
        "properties": {
            "format": {"const": f"tabletop/{kind}"},
            "version": {"const": VERSION},
            "game": {"const": game},
            kind: body,
        },
        "required": ["format", "version", "game", kind],
        "additionalProperties": False,
        "$defs": dict(sorted(builder.defs.items())),
    }


def state_schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of `game`'s saved states (and views), `game` a
    [Game][tabletop.kernel.protocol.Game]."""
    return envelope_schema("state", game.name, game.state_type, title=f"{game.title} state")


@attrs.frozen
class RecordStep:
    """One step of a record: the seat that moved (-1 for chance) and the move in notation
    (`null` in a seat's copy where the seat may not know it)."""

    player: int
    move: str | None


@attrs.frozen
class RecordResult:
    """A finished record's result: one return per seat and the outcome's summary."""

    returns: tuple[float, ...]
    summary: Mapping[str, Any]


@attrs.frozen
class RecordPayload:
    """The `record` of a `tabletop/record` envelope (see `tabletop.frontend.records`)."""

    tabletop: str
    options: Mapping[str, Any]
    seed: int | None
    players: int
    seats: tuple[str, ...]
    seat: int | None
    moves: tuple[RecordStep, ...]
    result: RecordResult | None


def record_schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of `game`'s full records (a seat's copy also has `events` per step)."""
    schema = envelope_schema("record", game.name, RecordPayload, title=f"{game.title} record")
    step = schema["$defs"]["RecordStep"]
    events = {"type": "array", "items": {"type": "object"}}
    step["properties"]["events"] = events
    step["properties"]["move"] = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    options = schema["$defs"]["RecordPayload"]["properties"]["options"]
    options.update(additionalProperties=False, properties={o.name: {} for o in game.options})
    return schema


def schemas(game: Any) -> dict[str, dict[str, Any]]:
    """The schemas published for `game`, by file name (`conservas.state.schema.json`...)."""
    return {
        f"{game.name}.state.schema.json": state_schema(game),
        f"{game.name}.record.schema.json": record_schema(game),
    }


def _write(folder: str) -> None:
    """Write every built-in game's schemas into `folder` (`python -m tabletop.kernel.schema docs/schemas`)."""
    import json
    from pathlib import Path

    from tabletop.registry import GAMES, get_game

    for name in GAMES:
        for file, schema in schemas(get_game(name)).items():
            text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
            (Path(folder) / file).write_text(text, encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    import sys

    _write(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")
