"""JSON text of frozen values, written piece by piece, each immutable piece's text kept.

A state's JSON is what its converter unstructures it to, written by the compact encoder of
[`dump_envelope`][tabletop.kernel.serialize.dump_envelope]. Most of a state is shared with the
state before it (a step replaces a few fields; the rest are the very same objects), and all of
it is immutable, so the text of a part, once written, is the text of that part forever.
[`TextWriter`][tabletop.kernel.jsontext.TextWriter] writes an attrs instance as the
converter's generated function and the encoder would, field by field, and keeps the text of
every attrs instance, [`Tokens`][tabletop.kernel.tokens.Tokens] and container it writes,
found again by identity: writing the next state writes only what the step changed.

The text is exactly the encoder's (tests compare the two on every state of seeded games of
every game): whatever it does not write itself (a union, a mapping, a frozenset, a value of a
subclass of its field's type, a class with a hook of its own) it hands to the converter and
the encoder as before.

**orjson.** Where the optional [orjson](https://github.com/ijl/orjson) is installed (the
`fast` extra: `pip install 'tabletop[fast]'`), the plain values (text, integers, flags, tuples
and multisets of them: no floats, which orjson writes otherwise) are written by it, and
[`loads`][tabletop.kernel.jsontext.loads] reads JSON text with it: the same text and the same
values as the standard library's, only faster. Setting the environment variable
`TABLETOP_JSON=stdlib` (read at import) or calling
[`use_orjson(False)`][tabletop.kernel.jsontext.use_orjson] makes tabletop use the standard
library alone.

```pycon
>>> import attrs
>>> from tabletop.kernel.serialize import make_converter
>>> @attrs.frozen
... class Point:
...     x: int
...     label: str = "a"
>>> TextWriter(make_converter()).text(Point(1), Point)
'{"x":1,"label":"a"}'

```
"""

from __future__ import annotations

import importlib
import json
import os
import typing
from collections.abc import Callable
from typing import Any, Final

import attrs
import cattrs
from cattrs.fns import identity

from tabletop.kernel.tokens import Tokens

__all__ = ["JSON_ENV", "TEXTS_KEPT", "TextWriter", "loads", "orjson_used", "use_orjson", "writer"]

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
"""One store of texts per writing function (a value written under two types, say a subclass
where its base is declared, has a text for each), all emptied together."""
_HELD: list[int] = [0]  # the texts held in all the stores
_TOKEN_TEXTS: _Store = {}
_STORES.append(_TOKEN_TEXTS)
_WRITERS: dict[int, tuple[cattrs.Converter, TextWriter]] = {}

_Write = Callable[[Any], str]


def writer(converter: cattrs.Converter) -> TextWriter:
    """The one [`TextWriter`][tabletop.kernel.jsontext.TextWriter] of `converter`."""
    found = _WRITERS.get(id(converter))
    if found is None or found[0] is not converter:
        found = _WRITERS[id(converter)] = (converter, TextWriter(converter))
    return found[1]


def _store() -> _Store:
    store: _Store = {}
    _STORES.append(store)
    return store


def _kept(store: _Store, value: object, text: str) -> str:
    if _HELD[0] >= TEXTS_KEPT:
        for each in _STORES:
            each.clear()
        _HELD[0] = 0
    store[id(value)] = (value, text)
    _HELD[0] += 1
    return text


class TextWriter:
    """Writes values as the compact JSON text of `converter.unstructure(value, hint)`.

    Args:
        converter: The converter whose unstructured form is written (a
            [make_converter][tabletop.kernel.serialize.make_converter] converter).
    """

    def __init__(self, converter: cattrs.Converter) -> None:
        self._converter = converter
        self._writers: dict[Any, _Write] = {}
        self._built: dict[type, list[_Write]] = {}
        self._building: set[type] = set()
        self._stores: dict[_Write, _Store] = {}  # the store of each function `_fallback` made

    def __repr__(self) -> str:
        return f"TextWriter({len(self._writers)} types)"

    def text(self, value: Any, hint: Any) -> str:
        """The compact JSON text of `value` unstructured as `hint`."""
        return self.of(hint)(value)

    def of(self, hint: Any) -> _Write:
        """The function writing values of `hint`, made once per type."""
        write = self._writers.get(hint)
        if write is None:
            write = self._writers[hint] = self._make(hint)
        return write

    def _make(self, hint: Any) -> _Write:
        if hint in (int, str, bool):
            return self._scalar(hint)
        if hint is Tokens:
            return _tokens
        if isinstance(hint, type) and attrs.has(hint) and self._generated(hint):
            return self._attrs(hint)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if len(args) == 2 and type(None) in args and self._optional(hint):
            return self._or_none(args[0] if args[1] is type(None) else args[1])
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            if self._converter.get_unstructure_hook(args[0]) is identity:  # plain values: the C encoder
                return self._fallback(hint)
            return self._items(hint, args[0])
        if origin is tuple and args and Ellipsis not in args:
            return self._fixed(hint, args)
        return self._fallback(hint)

    def _generated(self, cls: type) -> bool:
        """True when the converter writes `cls` with cattrs' generated function (fields by name)."""
        hook = self._converter.get_unstructure_hook(cls)
        return getattr(hook, "__name__", "") == f"unstructure_{cls.__name__}"

    def _optional(self, hint: Any) -> bool:
        """True when the converter writes `X | None` as `None` or what it writes for `X`."""
        return getattr(self._converter.get_unstructure_hook(hint), "__name__", "") == "unstructure_optional"

    def _or_none(self, hint: Any) -> _Write:
        of = self.of

        def write(value: Any) -> str:
            return "null" if value is None else of(hint)(value)

        return write

    def _fallback(self, hint: Any) -> _Write:
        """The converter's hook and the encoder, the text kept for a value that is not `None`."""
        hook = self._converter.get_unstructure_hook(hint)
        store = _store()
        encode = _plain_text if _plain(hint) else _encode

        def write(value: Any) -> str:
            if value is None:
                return encode(hook(value))
            found = store.get(id(value))
            if found is not None and found[0] is value:
                return found[1]
            return _kept(store, value, encode(hook(value)))

        self._stores[write] = store
        return write

    def _scalar(self, hint: type) -> _Write:
        slow = self._fallback(hint)
        fast: dict[type, _Write] = {int: int.__repr__, str: _string, bool: _bool}

        def write(value: Any) -> str:
            plain = fast.get(type(value))
            return plain(value) if plain is not None else slow(value)

        return write

    def _attrs(self, cls: type) -> _Write:
        """A function generated for `cls`: one concatenation of its fields' texts, made at the
        first write (the fields' types may name classes defined after it)."""
        built = self._built[cls] = []

        def write(value: Any) -> str:
            if not built:
                built.append(self._generate(cls))
            return built[0](value)

        return write

    def _direct(self, hint: Any) -> _Write:
        """The function writing `hint`: for an attrs class, its generated function itself (built
        now, called without the first-write wrapper), unless it is being built (a recursive type)."""
        write = self.of(hint)
        built = self._built.get(hint)
        if built is None or hint in self._building:
            return write
        if not built:
            built.append(self._generate(hint))
        return built[0]

    def _generate(self, cls: type) -> _Write:
        attrs.resolve_types(cls)
        fields = [a for a in attrs.fields(cls) if a.init]
        self._building.add(cls)
        try:
            return self._generated_write(cls, fields)
        finally:
            self._building.discard(cls)

    def _generated_write(self, cls: type, fields: list[attrs.Attribute[Any]]) -> _Write:
        store = _store()
        namespace: dict[str, Any] = {
            "_store": store,
            "_get": store.get,
            "_id": id,
            "_type": type,
            "_cls": cls,
            "_kept": _kept,
            "_slow": self._fallback(cls),
            "_tg": _TOKEN_TEXTS.get,
            "_Tokens": Tokens,
            **_INLINE,
        }
        terms = []
        for i, a in enumerate(fields):
            write = namespace[f"_w{i}"] = self._direct(a.type)
            kept = self._stores.get(write)
            if kept is not None:
                namespace[f"_g{i}"] = kept.get
            terms += [("," if i else "{{") + f'"{a.name}":', "{" + _term(i, a, kept is not None) + "}"]
        # one f-string: the text built at once, not copied once per field as a chain of `+` would be
        text = "f'" + "".join(terms) + "}}'" if terms else repr("{}")
        lines = [
            "def write(value):",
            "    found = _get(_id(value))",
            "    if found is not None and found[0] is value:",
            "        return found[1]",
            "    if _type(value) is not _cls:",
            "        return _slow(value)",
            f"    return _kept(_store, value, {text})",
        ]
        exec(compile("\n".join(lines) + "\n", f"<json text {cls.__qualname__}>", "exec"), namespace)
        return namespace["write"]  # type: ignore[no-any-return]

    def _items(self, hint: Any, item: Any) -> _Write:
        slow = self._fallback(hint)
        direct = self._direct
        store = _store()
        items: list[_Write] = []  # the item's writer, found at the first write

        def write(value: Any) -> str:
            if type(value) is not tuple:
                return slow(value)
            if not items:  # built at the first write, even of an empty tuple (a warm-up builds it)
                items.append(direct(item))
            if not value:
                return "[]"
            found = store.get(id(value))
            if found is not None and found[0] is value:
                return found[1]
            each = items[0]
            return _kept(store, value, f"[{','.join([each(v) for v in value])}]")

        return write

    def _fixed(self, hint: Any, args: tuple[Any, ...]) -> _Write:
        slow = self._fallback(hint)
        direct = self._direct
        store = _store()
        size = len(args)
        each: list[_Write] = []  # the items' writers, found at the first write

        def write(value: Any) -> str:
            if type(value) is not tuple or len(value) != size:
                return slow(value)
            found = store.get(id(value))
            if found is not None and found[0] is value:
                return found[1]
            if not each:
                each.extend([direct(t) for t in args])
            return _kept(store, value, f"[{','.join([w(v) for w, v in zip(each, value)])}]")  # noqa: B905 - same length

        return write


def _bool(value: bool) -> str:
    return "true" if value else "false"


_INLINE: Final[dict[str, Any]] = {"_int": int.__repr__, "_str": _string, "_bool": _bool}
"""The writers of plain values a generated function calls directly, for a value of exactly its type."""


def _term(i: int, a: attrs.Attribute[Any], kept: bool) -> str:
    """The expression writing field `a` (number `i`) of `value` in a generated function: a plain
    value of exactly its field's type, or a value whose text is kept (a multiset, or in the store
    `_g{i}` reads, when `kept`), written inline (what `_w{i}` would write), else by `_w{i}`."""
    get = f"(v{i} := value.{a.name})"
    if a.type in (int, str, bool):
        kind = a.type.__name__
        return f"(_{kind}(v{i}) if _type{get} is {kind} else _w{i}(v{i}))"
    if a.type is Tokens or kept:
        look = "_tg" if a.type is Tokens else f"_g{i}"
        return f"(f{i}[1] if (f{i} := {look}(_id{get})) is not None and f{i}[0] is v{i} else _w{i}(v{i}))"
    return f"_w{i}(value.{a.name})"


def _plain(hint: Any) -> bool:
    """Whether values of `hint` unstructure to text, integers, flags, `None` and lists of them
    (no float: the values [`_plain_text`][tabletop.kernel.jsontext._plain_text] may write)."""
    if hint in (int, str, bool, type(None)):
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (tuple, frozenset) or (origin is not None and type(None) in args and len(args) == 2):
        return bool(args) and all(a is Ellipsis or _plain(a) for a in args)
    return False


def _tokens(value: Any) -> str:
    if type(value) is not Tokens:
        return _encode(value.as_dict())
    found = _TOKEN_TEXTS.get(id(value))
    if found is not None and found[0] is value:
        return found[1]
    return _kept(_TOKEN_TEXTS, value, _plain_text(value.as_dict()))
