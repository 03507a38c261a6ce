"""Versioned, lossless JSON for states and every other tabletop document. Never pickle.

Every document is an envelope:

```json
{"format": "tabletop/state", "version": 1, "game": "conservas", "state": {...}}
```

The payload is built with a `cattrs` converter from the frozen attrs classes, so a
state round-trips exactly (`game.state_from_json(s.to_json()) == s`). Loading bounds the
text's size and nesting before it parses anything ([`check_bounds`][tabletop.kernel.serialize.check_bounds]), checks the
format, the version and the game before it structures anything, and every problem (bad
JSON, a wrong game, a missing field, a wrong type, an invalid value) raises
[`DecodeError`][tabletop.kernel.errors.DecodeError] naming where it is.

The converter is strict: a number is never read from text (`"10"`), a flag never from a
number (`1`), a list never from a string (`"abc"`), and a state must spell out every
field (a deleted `"finished"` does not quietly become `False`). What the types cannot
say (ranges, the cards that exist, the counts that are conserved, a flow step the phase
table knows) the game checks on the structured state: see
[validate_state][tabletop.kernel.serialize.validate_state].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, ClassValidationError
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.json import make_converter as _make_json_converter

from tabletop.kernel.jsontext.reader import build_lines
from tabletop.kernel.serialize.envelope import (
    PART_BY_PART,
    dump_envelope,
    dump_text,
    explain,
    load_envelope,
    read_state,
    refuse_twice,
    structure,
)
from tabletop.kernel.serialize.hooks import (
    _collection_hook,
    _is_collection,
    _is_homogeneous,
    _is_mapping,
    _mapping_hook,
    _scalar,
    _structure_float,
    _structure_tokens,
    _unstructure_items,
)
from tabletop.kernel.serialize.limits import (
    MAX_COUNT,
    MAX_DEPTH,
    MAX_KINDS,
    MAX_TEXT,
    OPTIONAL,
    VERSION,
    check_bounds,
)
from tabletop.kernel.serialize.limits import _shallow as _shallow
from tabletop.kernel.serialize.validate import PartAnswers, validate_state
from tabletop.kernel.tokens import Tokens

__all__ = [
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_KINDS",
    "MAX_TEXT",
    "OPTIONAL",
    "PART_BY_PART",
    "VERSION",
    "PartAnswers",
    "check_bounds",
    "dump_envelope",
    "dump_text",
    "explain",
    "load_envelope",
    "make_converter",
    "read_state",
    "refuse_twice",
    "structure",
    "validate_state",
]


def _attrs_hook(cls: type, converter: cattrs.Converter, *, every_field: bool) -> Callable[[Any, type], Any]:
    base: Callable[[Any, type], Any] = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
    fields = attrs.fields(cls)
    required = tuple(a.alias for a in fields if a.init and not a.metadata.get(OPTIONAL)) if every_field else ()
    required_set = frozenset(required)

    def structure(value: Any, _: type) -> Any:
        if type(value) is not dict:
            msg = f"expected an object, got {value!r}"
            raise TypeError(msg)
        if not required_set <= value.keys():  # one set comparison in C when nothing is missing
            missing = [name for name in required if name not in value]
            error = ValueError(f"missing field {missing[0]!r}")
            error.__notes__ = [AttributeValidationNote(f"@ attribute {missing[0]}", missing[0], Any)]
            raise ClassValidationError(f"while structuring {cls.__qualname__}", [error], cls)
        return base(value, cls)

    return _whole(cls, converter, structure) or structure


def _whole(
    cls: type, converter: cattrs.Converter, checked: Callable[[Any, type], Any]
) -> Callable[[Any, type], Any] | None:
    """A faster hook for `cls` that reads an object holding exactly its fields, or `None` where
    it would not be exactly `checked`'s answer (a field under another name, one not read).

    Generated for the class: the object's keys compared with the fields' at once, each field
    read by the converter's own hook for its type, the instance built as `__init__` would (slots
    filled directly for a plain slotted class, else `__init__` itself, validators run). Anything
    else (a key missing or extra, a value any hook refuses) is handed to `checked`, which words
    the refusal (or, should it accept, answers): so the fast path refuses nothing `checked`
    accepts, accepts nothing it refuses, and builds the same value.
    """
    try:
        attrs.resolve_types(cls)
    except Exception:  # a type that cannot be resolved here: cattrs' own hook only
        return None
    fields = [a for a in attrs.fields(cls) if a.init]
    if any(a.name != a.alias or a.type is None for a in fields) or len(fields) != len(attrs.fields(cls)):
        return None
    names = frozenset(a.name for a in fields)
    namespace: dict[str, Any] = {"_dict": dict, "_type": type, "_names": names, "_checked": checked, "_cls": cls}
    lines = [
        "def structure(value, _):",
        "    if _type(value) is not _dict or value.keys() != _names:",
        "        return _checked(value, _cls)",
        "    try:",
    ]
    for i, a in enumerate(fields):
        namespace[f"_h{i}"] = converter.get_structure_hook(a.type)
        namespace[f"_t{i}"] = a.type
        lines.append(f"        v{i} = _h{i}(value[{a.name!r}], _t{i})")
    lines += ["    except Exception:", "        return _checked(value, _cls)"]
    lines += [*build_lines(cls, list(attrs.fields(cls)), namespace, "return _checked(value, _cls)"), "    return new"]
    exec(compile("\n".join(lines) + "\n", f"<structure {cls.__qualname__}>", "exec"), namespace)
    return namespace["structure"]  # type: ignore[no-any-return]


def make_converter(*, every_field: bool = False) -> cattrs.Converter:
    """A strict JSON converter that knows the kernel's types.

    Extra keys are refused, mappings are read only from JSON objects, frozensets are written
    as sorted lists (stable text), and [`Tokens`][tabletop.kernel.tokens.Tokens] as
    `{"kind": count}` objects. Reading is
    strict: `int`, `str` and `bool` only from values of exactly that JSON type,
    collections only from JSON arrays (of the right length for a fixed tuple, without
    repeats for a frozenset), objects only from JSON objects.

    Args:
        every_field: Also refuse an object that leaves out a field with a default (states
            are written whole, so a missing field means a damaged document; content files
            leave defaults out on purpose). A field marked [OPTIONAL][tabletop.kernel.serialize.OPTIONAL]
            may still be left out.
    """
    converter = _make_json_converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_unstructure_hook(Tokens, lambda tokens: tokens.as_dict())
    converter.register_structure_hook(Tokens, _structure_tokens)
    converter.register_unstructure_hook_func(
        lambda cls: getattr(cls, "__origin__", cls) is frozenset,
        lambda value: sorted(value),
    )
    converter.register_unstructure_hook_factory(_is_homogeneous, lambda cls: _unstructure_items(cls, converter))
    converter.register_structure_hook(int, _scalar(int, "an integer"))
    converter.register_structure_hook(str, _scalar(str, "text"))
    converter.register_structure_hook(bool, _scalar(bool, "true or false"))
    converter.register_structure_hook(float, _structure_float)
    converter.register_structure_hook_factory(_is_collection, lambda cls: _collection_hook(cls, converter))
    converter.register_structure_hook_factory(_is_mapping, lambda cls: _mapping_hook(cls, converter))
    converter.register_structure_hook_factory(
        attrs.has, lambda cls: _attrs_hook(cls, converter, every_field=every_field)
    )
    return converter
