"""Versioned, lossless JSON for states and every other tabletop document. Never pickle.

Every document is an envelope:

```json
{"format": "tabletop/state", "version": 1, "game": "conservas", "state": {...}}
```

The payload is built with a `cattrs` converter from the frozen attrs classes, so a
state round-trips exactly (`game.state_from_json(s.to_json()) == s`). Loading checks the
format, the version and the game before it structures anything, and every problem (bad
JSON, a wrong game, a missing field, a wrong type, an invalid value) raises
[`DecodeError`][tabletop.kernel.errors.DecodeError] naming where it is.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final, TypeVar

import cattrs
from cattrs.preconf.json import make_converter as _make_json_converter

from tabletop.kernel.errors import DecodeError
from tabletop.kernel.tokens import Tokens

__all__ = [
    "VERSION",
    "dump_envelope",
    "explain",
    "load_envelope",
    "make_converter",
    "structure",
]

VERSION: Final = 1
"""The version of every envelope written by this release."""

T = TypeVar("T")


def make_converter() -> cattrs.Converter:
    """A JSON converter that knows the kernel's types.

    Extra keys are refused, frozensets are written as sorted lists (stable text), and
    [`Tokens`][tabletop.kernel.tokens.Tokens] as `{"kind": count}` objects.
    """
    converter = _make_json_converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(Tokens, lambda tokens: tokens.as_dict())
    converter.register_structure_hook(Tokens, _structure_tokens)
    converter.register_unstructure_hook_func(
        lambda cls: getattr(cls, "__origin__", cls) is frozenset,
        lambda value: sorted(value),
    )
    return converter


def _structure_tokens(value: Any, _: type) -> Tokens:
    if not isinstance(value, dict):
        msg = f"expected an object of token counts, got {type(value).__name__}"
        raise TypeError(msg)
    for kind, n in value.items():
        if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
            msg = f"count of {kind!r} must be a positive integer, got {n!r}"
            raise ValueError(msg)
    return Tokens(value)


def dump_envelope(kind: str, game: str, payload: Any) -> str:
    """Wrap an unstructured `payload` in a versioned envelope and return the JSON text."""
    document = {"format": f"tabletop/{kind}", "version": VERSION, "game": game, kind: payload}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def load_envelope(text: str | bytes, *, kind: str, game: str | None) -> Any:
    """Check an envelope and return its unstructured payload.

    Args:
        text: The JSON text.
        kind: The document kind expected (`"state"`, `"record"`...).
        game: The game expected, or `None` to accept any game.

    Raises:
        DecodeError: On bad JSON or a wrong format, version or game.
    """
    try:
        document = json.loads(text)
    except (ValueError, TypeError) as exc:
        msg = f"not valid JSON: {exc}"
        raise DecodeError(msg) from None
    if not isinstance(document, dict):
        msg = f"expected a JSON object, got {type(document).__name__}"
        raise DecodeError(msg)
    expected = f"tabletop/{kind}"
    if document.get("format") != expected:
        msg = f"expected format {expected!r}, got {document.get('format')!r}"
        raise DecodeError(msg, path="format")
    if document.get("version") != VERSION:
        msg = f"unsupported version {document.get('version')!r} (this release reads {VERSION})"
        raise DecodeError(msg, path="version")
    if game is not None and document.get("game") != game:
        msg = f"this is a {document.get('game')!r} document, not {game!r}"
        raise DecodeError(msg, path="game")
    if kind not in document:
        msg = f"the {kind!r} payload is missing"
        raise DecodeError(msg, path=kind)
    extra = sorted(set(document) - {"format", "version", "game", kind})
    if extra:
        msg = f"unknown key(s) {', '.join(extra)}"
        raise DecodeError(msg)
    return document[kind]


def explain(exc: cattrs.BaseValidationError, root: str) -> tuple[str, str]:
    """The first problem inside a cattrs validation error: (message, path).

    Messages of `ValueError`/`TypeError` raised by hooks and attrs validators are kept
    (they say what was wrong); a validator's message names its field (``'cost' must be >=
    0``), which is then appended to the path.
    """
    messages = cattrs.transform_error(exc, path=root, format_exception=_format_exception)
    first = messages[0] if messages else str(exc)
    text, _, path = first.rpartition(" @ ")
    if not text:
        return first, root
    match = re.match(r"'(\w+)' must ", text)
    if match and not path.endswith(match.group(1)):
        path = f"{path}.{match.group(1)}"
    return text, path


def _format_exception(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, ValueError | TypeError) and str(exc) and not isinstance(exc, cattrs.BaseValidationError):
        text = str(exc)
        if not text.startswith(("invalid literal", "int() argument")):
            return text
    return cattrs.v.format_exception(exc, type_)


def structure(converter: cattrs.Converter, payload: Any, cls: type[T], *, root: str) -> T:
    """Structure `payload` into `cls`, turning every failure into a `DecodeError`.

    The error's path names the first bad field, e.g. `state.bag.contents`.
    """
    try:
        return converter.structure(payload, cls)
    except cattrs.BaseValidationError as exc:
        text, path = explain(exc, root)
        raise DecodeError(text, path=path) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise DecodeError(f"invalid data: {exc}", path=root) from None
