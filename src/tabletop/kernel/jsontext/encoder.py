"""The encoders of plain values, the reader of JSON text, and the bounded stores of texts.

The compact encoder of the standard library (its C encoder made once) and, where it is
installed and not turned off ([`JSON_ENV`][tabletop.kernel.jsontext.encoder.JSON_ENV]), orjson,
which writes the plain values and reads JSON text
([`loads`][tabletop.kernel.jsontext.encoder.loads]) exactly as the standard library does; the
stores that keep the texts written, by identity, bounded by
[`TEXTS_KEPT`][tabletop.kernel.jsontext.encoder.TEXTS_KEPT]; and the registers of every writing
function's memo and generated code, which
[`use_orjson`][tabletop.kernel.jsontext.encoder.use_orjson] resets. Part of
[`tabletop.kernel.jsontext`][tabletop.kernel.jsontext], which exports these names.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable
from typing import Any, Final

from tabletop.kernel.tokens import Tokens

__all__ = ["JSON_ENV", "TEXTS_KEPT", "loads", "orjson_used", "use_orjson"]

TEXTS_KEPT: Final = 4096
"""The most texts kept (with their values, so that an identity is never reused while kept):
past this the whole store is emptied. A state has a few dozen parts and a step makes a handful
new, so the parts of the last hundreds of states are found again."""


_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_string: Final[Callable[[str], str]] = json.encoder.encode_basestring


def _c_encoder() -> Callable[[Any], str]:
    """`_ENCODER.encode` without its per-call set-up: the standard library's C encoder made once,
    with no check for cycles (unstructured values have none). Where this Python's C encoder is
    missing or takes other arguments (its signature is private), `_ENCODER.encode` itself."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - CPython always has it
        return _ENCODER.encode
    try:
        iterencode = make(None, _ENCODER.default, _string, None, ":", ",", False, False, True)
        probe: Any = {"a": [1, 2.5, True, None, "é\n"], "b": {"c": ()}}
        if "".join(iterencode(probe, 0)) != _ENCODER.encode(probe):  # pragma: no cover
            return _ENCODER.encode
    except (TypeError, ValueError):  # pragma: no cover
        return _ENCODER.encode

    def encode(value: Any) -> str:
        return "".join(iterencode(value, 0))

    return encode


_encode: Final = _c_encoder()


JSON_ENV: Final = "TABLETOP_JSON"
"""The environment variable that, set to `stdlib`, keeps tabletop from using orjson even where
it is installed (read once, at import)."""


def _find_orjson() -> Any:
    """The orjson module, or `None` when it is not installed or `TABLETOP_JSON=stdlib`."""
    if os.environ.get(JSON_ENV, "").strip().lower() == "stdlib":
        return None
    try:
        return importlib.import_module("orjson")
    except ImportError:
        return None


_ORJSON: list[Any] = [_find_orjson()]
"""The orjson module in use, or `None` (a list, so that `use_orjson` can change it)."""


def orjson_used() -> bool:
    """Whether JSON is read and written with orjson (installed and not turned off)."""
    return _ORJSON[0] is not None


def use_orjson(on: bool) -> bool:
    """Use orjson (`True`) or the standard library alone (`False`) from now on; return whether
    orjson was used before. The texts and values are the same either way (the texts kept so
    far are dropped, so that the next ones are written by the encoder now in use).

    Raises:
        ImportError: If `on` and orjson is not installed.
    """
    before = orjson_used()
    _ORJSON[0] = importlib.import_module("orjson") if on else None
    for store in _STORES:  # the texts written so far are written again by the encoder now in use
        store.clear()
    _HELD[0] = 0
    for memo, start in _MEMOS:
        memo[:] = start
    for reset in _RESETS:
        reset()
    dumps = None if _ORJSON[0] is None else _ORJSON[0].dumps
    for names in _GLOBALS:
        names["_dumps"] = dumps
    return before


def _plain_text(value: Any) -> str:
    """The compact JSON text of a float-free unstructured value, by orjson when in use.

    orjson writes text, integers, flags, `None`, lists, tuples and objects with text keys as
    the standard library's compact encoder does (`ensure_ascii=False`: the same escapes); what
    it refuses (an integer past 64 bits, a key that is not text, a lone surrogate, a type it
    does not know) the standard library writes.
    """
    fast = _ORJSON[0]
    if fast is not None:
        try:
            text: str = fast.dumps(value).decode()
        except TypeError:  # orjson.JSONEncodeError is a TypeError
            pass
        else:
            return text
    return _encode(value)


_NUMBER_MARKS: Final = bytes(ord("0") if 48 <= b <= 57 else b if b in b".eE" else ord(" ") for b in range(256))
"""Every digit made `0`, every byte but `.`, `e` and `E` a space: a JSON float has a digit right
before a `.`, `e` or `E` (`0.`, `0e`, `0E` once translated), a JSON integer past 64 bits 19
digits or more."""
_FLOAT_MARKS: Final = (b"0.", b"0e", b"0E", b"0" * 19)


def loads(text: str) -> Any:
    """The value of JSON `text`, exactly as `json.loads` reads it (the same value, or the same
    `json.JSONDecodeError`), by orjson when in use.

    orjson reads only what the standard library reads alike: a text with a number with a
    fraction or an exponent (a float: none of tabletop's documents holds one) or a run of 19
    digits (orjson reads an integer past 64 bits as a float), or one orjson refuses (`NaN`, `Infinity`, an escaped lone
    surrogate, a number past a float's range, which `json.loads` accepts; or a real error,
    which it words), is read by `json.loads`.
    """
    fast = _ORJSON[0]
    if fast is None:
        return json.loads(text)
    marks = text.encode("utf-8", "surrogatepass").translate(_NUMBER_MARKS)
    if any(mark in marks for mark in _FLOAT_MARKS):  # a float, or an integer orjson reads as one
        return json.loads(text)
    try:
        return fast.loads(text)
    except ValueError:  # orjson.JSONDecodeError is a json.JSONDecodeError, a ValueError
        return json.loads(text)


_Store = dict[int, tuple[object, str]]
_STORES: list[_Store] = []
"""One store of texts per type written (a value written under two types, say a subclass
where its base is declared, has a text for each), all emptied together."""
_HELD: list[int] = [0]  # the texts held in all the stores
_TOKEN_TEXTS: _Store = {}
_STORES.append(_TOKEN_TEXTS)

_Memo = list[Any]
_MEMOS: list[tuple[_Memo, tuple[Any, ...]]] = []
"""Every writing function's memo of the last value it wrote (a list of two: the value, and the
tuple of texts its text was joined from; two cells, so that a write makes no pair) with the
pair it starts from, to forget them all at once."""

_GLOBALS: list[dict[str, Any]] = []
"""The globals of every generated function's code (see `_factory`), whose `_dumps` is orjson's
`dumps` while orjson is in use, else `None` (set again by `use_orjson`)."""

_RESETS: list[Callable[[], None]] = []
"""The functions putting back the memo cells of every writing function that keeps its memo in
closure cells of its own (see `_cells_source`), to forget them all at once."""


def _store() -> _Store:
    store: _Store = {}
    _STORES.append(store)
    return store


def _memo(start: tuple[Any, ...]) -> _Memo:
    memo = list(start)
    _MEMOS.append((memo, start))
    return memo


def _clear() -> None:
    """Empty every store (the bound `TEXTS_KEPT` reached)."""
    for each in _STORES:
        each.clear()
    _HELD[0] = 0


def _kept(store: _Store, value: object, text: str) -> str:
    if _HELD[0] >= TEXTS_KEPT:
        _clear()
    store[id(value)] = (value, text)
    _HELD[0] += 1
    return text


def _tokens(value: Any) -> str:
    """The text of a multiset, kept in the store."""
    if type(value) is not Tokens:
        return _encode(value.as_dict())
    found = _TOKEN_TEXTS.get(id(value))
    if found is not None and found[0] is value:
        return found[1]
    return _kept(_TOKEN_TEXTS, value, _token_text(value))


def _token_text(value: Any) -> str:
    """The text of a multiset (at a place of its own, which remembers it: not kept in the store)."""
    if type(value) is not Tokens:
        return _encode(value.as_dict())
    counts = value._counts  # never changed in place: written as `as_dict()` would be, without the copy
    fast = _ORJSON[0]
    if fast is not None:
        try:
            text: str = fast.dumps(counts).decode()
        except TypeError:  # orjson.JSONEncodeError is a TypeError
            text = _encode(counts)
    else:
        text = _encode(counts)
    return text
