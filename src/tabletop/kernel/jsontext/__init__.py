"""JSON text of frozen values, written piece by piece, each immutable piece's text kept.

A state's JSON is what its converter unstructures it to, written by the compact encoder of
[`dump_envelope`][tabletop.kernel.serialize.dump_envelope]. Most of a state is shared with the
state before it (a step replaces a few fields; the rest are the very same objects), and all of
it is immutable, so the text of a part, once written, is the text of that part forever.
[`TextWriter`][tabletop.kernel.jsontext.TextWriter] writes an attrs instance as the
converter's generated function and the encoder would, field by field. Each place of a state
(a field, a position in a tuple) has a writing function of its own, which remembers the last
value written there with the text of each of its parts: a part that is the very object the
last value had costs one identity check, so writing the next state writes only what the step
changed. A generated function joins one tuple of texts (the keys are constants of its code);
plain parts (integers, text, flags, multisets and tuples of plain values) are written inline,
without a call of a function of Python: small integers from a table
([`INT_TEXTS`][tabletop.kernel.jsontext.INT_TEXTS]), multisets and plain tuples by orjson where
it is in use. The texts of whole values written by a type's shared function (a state itself, a
value past [`PLACES_KEPT`][tabletop.kernel.jsontext.PLACES_KEPT] places) and of plain values
are also kept in a bounded store, found again by identity; so are those of a record of at least
[`LEAF_FIELDS`][tabletop.kernel.jsontext.LEAF_FIELDS] fields all written inline (a game's task,
its turn: often made once and used again), which its place looks for there when it is not the
last value written at that place.

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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs
import cattrs
from cattrs.fns import identity

from tabletop.kernel.tokens import Tokens

__all__ = [
    "DISPLAY_ITEMS",
    "INT_TEXTS",
    "JSON_ENV",
    "LEAF_FIELDS",
    "PLACES_KEPT",
    "TEXTS_KEPT",
    "TextWriter",
    "keep_records",
    "loads",
    "orjson_used",
    "use_orjson",
    "writer",
]

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
_WRITERS: dict[int, tuple[cattrs.Converter, TextWriter]] = {}

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

PLACES_KEPT: Final = 512
"""The most writing functions of their own (one place each: a field, a position in a tuple) a
[`TextWriter`][tabletop.kernel.jsontext.TextWriter] makes; past this, places share the function
of their type (the same text, found by identity in the store only)."""

LEAF_FIELDS: Final = 6
"""The fewest fields of a record whose place looks for its text in the store of its type when it
is not the last one written there (see `TextWriter`): the records that games make once and use
again (Spółka ZOO's tasks and turns, 9 fields) are found in a few hundred instructions; a smaller
one (a flow, 5 fields) is about as cheap to write again, and is seen again less often."""

_KEPT_RECORDS: dict[int, tuple[cattrs.Converter, frozenset[type]]] = {}
"""The records each converter's writer keeps by identity under `LEAF_FIELDS` fields (see
`keep_records`), by the converter's id (with the converter, so that an id is never reused)."""


def keep_records(converter: cattrs.Converter, *types: type) -> None:
    """Have the writer of `converter` look for the texts of `types`, records of fewer than
    [`LEAF_FIELDS`][tabletop.kernel.jsontext.LEAF_FIELDS] fields all written inline, in the store
    of their type, as it does for larger ones: for a game whose values of those types come back
    (Spółka ZOO's flows, shared by the phase machine, met again at most states), where another
    game's come back too seldom to pay for the look-up. Call it before the first text is written
    (the writer decides how to write a type once); the texts are the same either way."""
    _KEPT_RECORDS[id(converter)] = (converter, frozenset(types))


_DOCUMENTS: Final = 64
"""The most document functions (by type and head: see `TextWriter.document`) a writer keeps;
past this, it makes them again."""

_POSITIONS: Final = 8
"""The positions of a tuple that each have a writing function of their own (the later ones
share their item type's)."""

_NOTHING: Final = object()
"""What a memo remembers before the first write: no value is this object."""

_PADS: Final = tuple((_NOTHING,) * (_POSITIONS - n) for n in range(_POSITIONS + 1))
"""What a tuple of `n` items is padded with to `_POSITIONS` in its memo (no item is any of them)."""

_Write = Callable[[Any], str]


def writer(converter: cattrs.Converter) -> TextWriter:
    """The one [`TextWriter`][tabletop.kernel.jsontext.TextWriter] of `converter`."""
    last = _LAST[0]
    if last[0] is converter:  # the converter asked for last: one identity check
        return last[1]  # type: ignore[no-any-return]
    found = _WRITERS.get(id(converter))
    if found is None or found[0] is not converter:
        found = _WRITERS[id(converter)] = (converter, TextWriter(converter))
    _LAST[0] = found
    return found[1]


_LAST: list[tuple[Any, Any]] = [(None, None)]
"""The converter `writer` answered last, with its writer (both also in `_WRITERS`)."""


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


class TextWriter:
    """Writes values as the compact JSON text of `converter.unstructure(value, hint)`.

    Each place of a value (a field of an attrs class, a position in a tuple) has a writing
    function of its own that remembers the last value it wrote there and its parts' texts: a
    state shares most of its parts with the state written before it, and a part that is the
    very same object as the last one written at its place costs one identity check. A part
    written before at another place is found by identity in its type's store of texts.

    Args:
        converter: The converter whose unstructured form is written (a
            [make_converter][tabletop.kernel.serialize.make_converter] converter).
    """

    def __init__(self, converter: cattrs.Converter) -> None:
        self._converter = converter
        self._writers: dict[Any, _Write] = {}
        self._built: dict[type, list[_Write]] = {}
        self._building: set[type] = set()
        self._cycles: dict[Any, bool] = {}  # whether each type reaches a cycle of types (see `_cyclic`)
        self._stores: dict[Any, _Store] = {}  # the store of texts of each type
        self._slows: dict[Any, _Write] = {}  # the converter's hook and the encoder, by type
        self._codes: dict[Any, Any] = {}  # the compiled writing function of each attrs class and fixed tuple
        self._places = 0  # the writing functions of their own made
        self._hows: dict[Any, str] = {}  # how `_own` writes each type (see `_how`)
        self._recipes: dict[type, tuple[list[str], list[Any], Any]] = {}  # an attrs class's fields, types and blank
        self._roots: dict[type, dict[str, Any]] = {}  # the names of each attrs class's own function (see `_direct`)
        self._documents: dict[tuple[Any, str], _Write] = {}  # see `document`
        self._heads: dict[tuple[Any, ...], Any] = {}  # the compiled code of each class's document, by head

    def __repr__(self) -> str:
        return f"TextWriter({len(self._writers)} types)"

    def text(self, value: Any, hint: Any) -> str:
        """The compact JSON text of `value` unstructured as `hint`."""
        write = self._writers.get(hint)
        if write is None:
            write = self.of(hint)
        return write(value)

    def document(self, value: Any, hint: Any, head: str) -> str:
        """`head`, the compact JSON text of `value` unstructured as `hint`, then `}`: the text of
        an envelope whose payload is `value` (`head` is the envelope up to it, see
        [`text_head`][tabletop.kernel.serialize.envelope.text_head]), written in one join. The
        function writing an attrs class's document shares the memo and the parts' functions of
        the class's own (the same texts of the parts); its whole texts are kept in a store of
        their own."""
        write = self._documents.get((hint, head))
        if write is None:
            write = self.documents(hint, head)
        return write(value)

    def documents(self, hint: Any, head: str) -> Callable[[Any], str]:
        """The function `document` writes values of `hint` with after `head` (made once: a caller
        writing many documents of one kind keeps it, and skips finding it at every call)."""
        write = self._documents.get((hint, head))
        if write is None:
            if len(self._documents) >= _DOCUMENTS:
                self._documents.clear()
            write = self._documents[hint, head] = self._document(hint, head)
        return write

    def _document(self, hint: Any, head: str) -> _Write:
        """A new function writing `head`, `value`'s text as `hint` and `}` (see `document`)."""
        payload = self._direct(hint)
        names = self._roots.get(hint)
        if names is None or len(names) < 3:  # not a generated class, or no field: the payload's text wrapped
            return lambda value: f"{head}{payload(value)}}}"
        slow = self._fallback(hint)
        shared = self._shared(hint, len(names) - 2)
        shared["_slow"] = lambda value: f"{head}{slow(value)}}}"
        if not self._cyclic(hint):  # its own memo in cells (see `_cells_source`), the parts' functions shared
            own = {name: each for name, each in names.items() if name != "_memo"}
            made: _Write = self._document_cells(hint, shared, head)(**own)
            return made
        shared.update({"_store": (store := _store()), "_get": store.get})
        return self._code(hint, True, shared, head)(**names)  # type: ignore[no-any-return]

    def _document_cells(self, cls: type, shared: dict[str, Any], head: str) -> Any:
        """The compiled `make` of `cls`'s document function with its memo in cells (see
        `_cells_source`): `head` before its text, `}` after it, reading the names `shared`. Its
        texts are not kept in a store: a state is written once as a rule, and written again
        costs an identity check a part (each part the very object its place saw last); an
        envelope's text, several kilobytes, would crowd the parts' texts out of `TEXTS_KEPT`."""
        key = ("cells", cls, head)
        make = self._heads.get(key)
        if make is not None:
            return make
        names, types, _ = self._recipes[cls]
        heads = [("," if i else head + "{") + f'"{name}":' for i, name in enumerate(names)]
        kinds = [self._kind(each) for each in types]
        terms = [(f"value.{n}", h, k) for n, h, k in zip(names, heads, kinds, strict=True)]
        namespace = [*(f"_w{i}" for i in range(len(types))), "_ws"]
        source = _cells_source(terms, "}}", _ATTRS_CHECK, namespace, False)
        if len(self._heads) >= _DOCUMENTS:  # pragma: no cover - more heads than games and kinds
            self._heads.clear()
        make = self._heads[key] = _factory(source, cls.__qualname__, {**shared, **_head_tables(terms)})
        return make

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
        if self._is_attrs(hint):
            return self._attrs(hint)
        made = self._composite(hint, keep=True)
        if made is not None:
            return made
        args = typing.get_args(hint)
        if len(args) == 2 and type(None) in args and self._optional(hint):
            return self._or_none(args[0] if args[1] is type(None) else args[1])
        return self._fallback(hint)

    def _is_attrs(self, hint: Any) -> bool:
        return isinstance(hint, type) and attrs.has(hint) and self._generated(hint)

    def _composite(self, hint: Any, keep: bool) -> _Write | None:
        """A new function writing the tuple type `hint` with a memo of its own (keeping its
        texts in the store if `keep`), or `None` if `hint` is not a tuple of parts."""
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is not tuple:
            return None
        if len(args) == 2 and args[1] is Ellipsis:
            if self._converter.get_unstructure_hook(args[0]) is identity:  # plain values: the C encoder
                return None
            return self._items(hint, args[0], keep)
        if args and Ellipsis not in args:
            return self._fixed(hint, args, keep)
        return None

    def _own(self, hint: Any) -> _Write:
        """A function writing `hint` at one place, remembering the last value written there: a
        new one for an attrs class (not being built: a recursive type shares its function) or
        a tuple of parts, while fewer than `PLACES_KEPT` are made; else the type's."""
        if self._places >= PLACES_KEPT or hint in self._building:
            return self._direct(hint)
        how = self._hows.get(hint)
        if how is None:
            how = self._hows[hint] = self._how(hint)
        if how == "type":
            return self.of(hint)
        if how == "tokens":
            return _token_text
        self._places += 1
        if how in ("attrs", "leaf"):
            return self._generate(hint, keep=how == "leaf")
        return self._composite(hint, keep=False) or self.of(hint)  # a tuple of parts (`_how`): never `None`

    def _how(self, hint: Any) -> str:
        """How `_own` writes `hint` at a place: `attrs` (a generated function of its own),
        `leaf` (the same, that also finds and keeps its texts in the store: see `_leaf`),
        `tokens` (`_token_text`), `parts` (a tuple of parts: a function of its own) or `type`
        (the type's function). Worked out once per type: a place of its own is often made while
        values are written (the first write at a tuple's position)."""
        if self._is_attrs(hint):
            return "leaf" if self._leaf(hint) else "attrs"
        if hint is Tokens:
            return "tokens"
        if hint in (int, str, bool):
            return "type"
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is not tuple or not args:
            return "type"
        if len(args) == 2 and args[1] is Ellipsis:
            return "type" if self._converter.get_unstructure_hook(args[0]) is identity else "parts"
        return "type" if Ellipsis in args else "parts"

    def _leaf(self, cls: type) -> bool:
        """Whether the attrs class `cls` has at least `LEAF_FIELDS` fields, each written inline
        or by its type's function (no multiset, no part with a place of its own): a value that
        games often make once and use again (a task, a turn), whose text its place finds again
        in the store of its type (a smaller one costs less to write again than to look up)."""
        attrs.resolve_types(cls)
        fields = [a.type for a in attrs.fields(cls) if a.init]
        inline = all(t is not Tokens and not self._is_attrs(t) and self._how(t) == "type" for t in fields)
        kept = _KEPT_RECORDS.get(id(self._converter))
        named = kept is not None and kept[0] is self._converter and cls in kept[1]  # see `keep_records`
        return inline and (len(fields) >= LEAF_FIELDS or named)

    def _kind(self, hint: Any) -> str:
        """How generated code writes a part of type `hint` that is not the memo's: `int`, `str`,
        `bool` (inline, for a value of exactly that type), `tokens` (a multiset's counts, by
        orjson inline), `plain` (a tuple of plain values that the converter writes as it is, by
        orjson inline), `fixed<n>` (a tuple of `n` integers, texts and flags that the converter
        writes as it is, by orjson inline when it has `n` items), `rows<n>` (a tuple of such
        tuples, by orjson inline when each is a tuple of `n` items), `mixed<mask>` (a fixed tuple
        of plain values and multisets, `T` in the mask, by orjson inline when it has the mask's
        length and a multiset at each `T`) or `other` (by the part's own function)."""
        if hint in (int, str, bool):
            return str(hint.__name__)
        if hint is Tokens:
            return "tokens"
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        probe: Any
        if origin is tuple and args and all(a in _PROBES for a in args):
            probe = tuple(_PROBES[a] for a in args)
            plain = all(self._converter.get_unstructure_hook(a) is identity for a in args)
            if plain and self._converter.get_unstructure_hook(hint)(probe) == probe:
                return f"fixed{len(args)}"
        if origin is tuple and Tokens in args and all(a in _PROBES or a is Tokens for a in args):
            probe = tuple(Tokens({"a": 1}) if a is Tokens else _PROBES[a] for a in args)
            written = tuple({"a": 1} if a is Tokens else _PROBES[a] for a in args)
            plain = all(self._converter.get_unstructure_hook(a) is identity for a in args if a is not Tokens)
            if plain and self._converter.get_unstructure_hook(hint)(probe) == written:
                return "mixed" + "".join("T" if a is Tokens else "." for a in args)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis and _plain(hint):
            hook = self._converter.get_unstructure_hook(hint)
            items = self._converter.get_unstructure_hook(args[0])
            probe = ("a", 1)
            if items is identity and getattr(hook, "__module__", "") == _HOOKS and hook(probe) is probe:
                return "plain"
            inner = self._kind(args[0])
            if inner.startswith("fixed") and getattr(hook, "__module__", "") == _HOOKS:
                row = tuple(_PROBES[a] for a in typing.get_args(args[0]))
                probe = (row, row)
                if hook(probe) == probe:
                    return f"rows{inner[len('fixed') :]}"
        return "other"

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

    def _store_of(self, hint: Any) -> _Store:
        store = self._stores.get(hint)
        if store is None:
            store = self._stores[hint] = _store()
        return store

    def _fallback(self, hint: Any) -> _Write:
        """The converter's hook and the encoder, the text kept for a value that is not `None`."""
        found = self._slows.get(hint)
        if found is not None:
            return found
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

        self._slows[hint] = write
        return write

    def _scalar(self, hint: type) -> _Write:
        slow = self._fallback(hint)
        fast: dict[type, _Write] = {int: int.__repr__, str: _string, bool: _bool}

        def write(value: Any) -> str:
            plain = fast.get(type(value))
            return plain(value) if plain is not None else slow(value)

        return write

    def _attrs(self, cls: type) -> _Write:
        """A function generated for `cls`: its fields' texts joined at once, made at the
        first write (the fields' types may name classes defined after it)."""
        built = self._built[cls] = []

        def write(value: Any) -> str:
            if not built:
                built.append(self._generate(cls, keep=True, root=True))
                self._writers[cls] = built[0]  # from now on, `of` gives it without this wrapper
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
            built.append(self._generate(hint, keep=True, root=True))
            self._writers[hint] = built[0]
        return built[0]

    def _generate(self, cls: type, keep: bool, root: bool = False) -> _Write:
        """A new function writing `cls` (the fields' functions made for it, each of its own),
        keeping its texts in the store if `keep`; the names it reads are remembered if `root`
        (the class's own function, whose documents share them: see `document`)."""
        recipe = self._recipes.get(cls)
        if recipe is None:
            attrs.resolve_types(cls)
            fields = [a for a in attrs.fields(cls) if a.init]
            names = [a.name for a in fields]
            recipe = self._recipes[cls] = (names, [a.type for a in fields], _blank(cls, names))
        _, types, blank = recipe
        if blank is None:  # pragma: no cover - a class whose instances object.__new__ cannot make
            return self._fallback(cls)
        self._building.add(cls)
        try:
            namespace = self._namespace(blank, types, memo=root)
        finally:
            self._building.discard(cls)
        if root:
            self._roots[cls] = namespace
            return self._code(cls, keep)(**namespace)  # type: ignore[no-any-return]
        if self._cyclic(cls):  # may be called again while it writes: its memo read once and set once
            namespace["_memo"] = _memo((blank, ("",) * (2 * len(types))))
            return self._code(cls, keep)(**namespace)  # type: ignore[no-any-return]
        return self._cells(cls, keep)(**namespace)  # type: ignore[no-any-return]

    def _cyclic(self, hint: Any) -> bool:
        """Whether a value of `hint` may hold, at some depth, a value of a type that may hold a
        value of its own type (a cycle of types: a function writing such a part may be called
        again while it writes). Worked out once per type, from the attrs fields and the
        arguments of generic types; `True` where a field's type cannot be resolved."""
        found = self._cycles.get(hint)
        if found is not None:
            return found
        self._cycles[hint] = True  # met again while its parts are explored: on a cycle
        parts: list[Any]
        if isinstance(hint, type) and attrs.has(hint):
            try:
                attrs.resolve_types(hint)
            except Exception:  # a name that cannot be resolved: assume a cycle
                return True
            parts = [a.type for a in attrs.fields(hint)]
        else:
            parts = list(typing.get_args(hint))
        answer = any(self._cyclic(each) for each in parts if each is not Ellipsis and each is not None)
        self._cycles[hint] = answer
        return answer

    def _cells(self, cls: type, keep: bool) -> Any:
        """The compiled `make` of the function writing `cls` at a place of its own with its memo
        in closure cells (see `_cells_source`), keeping its texts in the store if `keep`."""
        make = self._codes.get(("cells", cls, keep))
        if make is not None:
            return make
        names, types, _ = self._recipes[cls]
        heads = [("," if i else "{") + f'"{name}":' for i, name in enumerate(names)]
        kinds = [self._kind(each) for each in types]
        terms = [(f"value.{n}", h, k) for n, h, k in zip(names, heads, kinds, strict=True)]
        namespace = [*(f"_w{i}" for i in range(len(types))), "_ws"]
        for each in (True, False):
            check = [*_FOUND, *_ATTRS_CHECK] if each else _ATTRS_CHECK
            source = _cells_source(terms, "}", check, namespace, each)
            shared = {**self._shared(cls, len(types)), **_head_tables(terms)}
            self._codes["cells", cls, each] = _factory(source, cls.__qualname__, shared)
        return self._codes["cells", cls, keep]

    def _code(self, cls: type, keep: bool, shared: dict[str, Any] | None = None, head: str = "") -> Any:
        """The compiled `make` of `cls`'s generated function (see `_source`), keeping its texts in
        the store if `keep`; with `head`, of its document (`head` before its text, `}` after it,
        reading the names `shared`: see `document`), compiled once per head."""
        make = self._codes.get((cls, keep)) if not head else self._heads.get((cls, head))
        if make is not None:
            return make
        names, types, _ = self._recipes[cls]
        heads = [("," if i else "{") + f'"{name}":' for i, name in enumerate(names)]
        kinds = [self._kind(each) for each in types]
        terms = [(f"value.{n}", f"p.{n}", h, k) for n, h, k in zip(names, heads, kinds, strict=True)]
        namespace = ["_memo", *(f"_w{i}" for i in range(len(types))), "_ws"]
        if head:  # one document function per head
            terms[0] = (*terms[0][:2], head + terms[0][2], terms[0][3])
            source = _source(terms, "}}", [*_FOUND, *_ATTRS_CHECK], namespace, True)
            if len(self._heads) >= _DOCUMENTS:  # pragma: no cover - more heads than games and kinds
                self._heads.clear()
            make = self._heads[cls, head] = _factory(source, cls.__qualname__, shared or {})
            return make
        for each in (True, False):  # both made at once: no compiling later, when a place of its own is first written
            check = [*_FOUND, *_ATTRS_CHECK] if each else _ATTRS_CHECK
            source = _source(terms, "}", check, namespace, each)
            self._codes[cls, each] = _factory(source, cls.__qualname__, self._shared(cls, len(types)))
        return self._codes[cls, keep]

    def _namespace(self, blank: Any, types: list[Any], memo: bool = True) -> dict[str, Any]:
        """The names of its own a generated function reads at its place (closure cells): its
        memo if `memo` (the last value written, first `blank`, and the texts it was joined from)
        and the parts' functions (`_w{i}`, all of them also in the tuple `_ws`)."""
        namespace: dict[str, Any] = {"_memo": _memo((blank, ("",) * (2 * len(types))))} if memo else {}
        for i, each in enumerate(types):
            namespace[f"_w{i}"] = self._own(each)
        namespace["_ws"] = tuple(namespace[f"_w{i}"] for i in range(len(types)))
        return namespace

    def _shared(self, hint: Any, size: int) -> dict[str, Any]:
        """The names a generated function of `hint` reads that are the same at every place (the
        globals of its code): its class, its store, the converter's writer, the plain writers."""
        store = self._store_of(hint)
        return {
            "_store": store,
            "_get": store.get,
            "_cls": hint,
            "_slow": self._fallback(hint),
            "_size": size,
            **_NAMES,
        }

    def _items(self, hint: Any, item: Any, keep: bool) -> _Write:
        """A new function writing `tuple[item, ...]`, each of its first `_POSITIONS` positions
        written by a function of its own (made at the first write there), the last value's item
        texts remembered by position (and the texts kept in the store if `keep`): generated, one
        tuple of texts joined for each length up to `_POSITIONS`, a loop past it."""
        places, make_place, long = _positions(self._own, item)
        own: dict[str, Any] = {"_ps": places, "_place": make_place, "_long": long}
        cells = not self._cyclic(hint)  # see `_cells_source`
        if not cells:
            own["_memo"] = _memo(((_NOTHING,) * _POSITIONS, ()))
        make = self._codes.get(("items", hint, keep, cells))
        if make is None:
            shared = {**self._shared(hint, _POSITIONS), "_pads": _PADS}
            source = _items_source(self._kind(item), own, keep, cells)
            make = self._codes["items", hint, keep, cells] = _factory(source, str(hint), shared)
        return make(**own)

    def _fixed(self, hint: Any, args: tuple[Any, ...], keep: bool) -> _Write:
        """A new function writing the fixed tuple `hint` (generated: one join of its
        items' texts, each item's function of its own), keeping its texts in the store if `keep`."""
        if not self._cyclic(hint):  # the memo in cells of its own: see `_cells_source`
            namespace = self._namespace((_NOTHING,) * len(args), list(args), memo=False)
            make = self._codes.get(("cells", hint, keep))
            if make is None:
                heads = ["," if i else "[" for i in range(len(args))]
                cell_terms = [
                    (f"value[{i}]", h, self._kind(a)) for i, (h, a) in enumerate(zip(heads, args, strict=True))
                ]
                for each in (True, False):
                    check = [*_FIXED_CHECK, *_FOUND] if each else _FIXED_CHECK
                    source = _cells_source(cell_terms, "]", check, namespace, each)
                    shared = {**self._shared(hint, len(args)), **_head_tables(cell_terms)}
                    self._codes["cells", hint, each] = _factory(source, str(hint), shared)
                make = self._codes["cells", hint, keep]
            return make(**namespace)  # type: ignore[no-any-return]
        namespace = self._namespace((_NOTHING,) * len(args), list(args))
        make = self._codes.get((hint, keep))
        if make is None:  # both made at once, as for an attrs class
            heads = ["," if i else "[" for i in range(len(args))]
            terms = [
                (f"value[{i}]", f"p[{i}]", h, self._kind(a)) for i, (h, a) in enumerate(zip(heads, args, strict=True))
            ]
            for each in (True, False):
                check = [*_FIXED_CHECK, *_FOUND] if each else _FIXED_CHECK
                source = _source(terms, "]", check, namespace, each)
                self._codes[hint, each] = _factory(source, str(hint), self._shared(hint, len(args)))
            make = self._codes[hint, keep]
        return make(**namespace)  # type: ignore[no-any-return]


def _positions(own: Callable[[Any], _Write], item: Any) -> tuple[list[Any], Callable[[int], _Write], _Write]:
    """What a generated function writing `tuple[item, ...]` reads: its positions' functions (the
    last one for every position past `_POSITIONS`; `None` until the first write there), the
    function making the one of a position (by `own`), and the function writing a tuple longer
    than `_POSITIONS` (a loop, with a memo of its own)."""
    places: list[Any] = [None] * (_POSITIONS + 1)

    def make(i: int) -> _Write:
        made: _Write = own(item)
        places[i] = made
        return made

    def at(i: int) -> _Write:
        j = i if i < _POSITIONS else _POSITIONS
        return places[j] or make(j)

    memo = _memo(((), ()))

    def long(value: Any) -> str:
        last, texts = memo
        known = len(last)
        texts = [texts[i] if i < known and v is last[i] else at(i)(v) for i, v in enumerate(value)]
        memo[0] = value
        memo[1] = texts
        return f"[{','.join(texts)}]"

    return places, make, long


def _blank(cls: type, names: list[str]) -> Any:
    """An instance of `cls` (not initialised) whose fields `names` are all `_NOTHING`: the last
    value a generated function remembers before its first write, no field of which is any
    value's; `None` if it cannot be made."""
    try:
        blank: Any = object.__new__(cls)
        for name in names:
            object.__setattr__(blank, name, _NOTHING)
    except (TypeError, AttributeError):  # pragma: no cover - no class of tabletop's
        return None
    return blank


def _bool(value: bool) -> str:
    return "true" if value else "false"


INT_TEXTS: Final = 1024
"""The integers from -1 to `INT_TEXTS - 1` have their texts made once (a constant table: counts,
money, seats, indexes); any other integer is written by `str`."""
_INTS: Final = {n: str(n) for n in range(-1, INT_TEXTS)}

_NAMES: Final[dict[str, Any]] = {
    "_id": id,
    "_type": type,
    "_len": len,
    "_held": _HELD,
    "_limit": TEXTS_KEPT,
    "_clear": _clear,
    "_int": str,  # for an int exactly, `int.__repr__`; the call to `str` itself the interpreter makes fastest
    "_ints": _INTS.get,
    "_str": _string,
    "_bool": _bool,
    "_join": "".join,
    "_Tokens": Tokens,
    "_tuples": frozenset({tuple}),
    "_nothing": _NOTHING,
    "_resets": _RESETS,
    "_empty": (),
}
"""The names every generated function reads, the writers of plain values among them (called
directly for a value of exactly its type)."""

_FOUND: Final = (
    "    key = _id(value)",
    "    found = _get(key)",
    "    if found is not None and found[0] is value:",
    "        return found[1]",
)
_ITEMS_HEAD: Final = (
    "    if _type(value) is not tuple:",
    "        return _slow(value)",
    "    n = _len(value)",
    "    if not n:",
    "        if _ps[0] is None:  # the first write, even of an empty tuple, makes the first position's function",
    "            _place(0)",
    "        return '[]'",
)
"""The first lines of a function writing a tuple of items: not a tuple, or an empty one."""
_ATTRS_CHECK: Final = (
    "    if _type(value) is not _cls:",
    "        return _slow(value)",
)
_FIXED_CHECK: Final = (
    "    if _type(value) is not tuple or _len(value) != _size:",
    "        return _slow(value)",
)


def _factory(source: str, name: str, shared: dict[str, Any]) -> Callable[..., _Write]:
    """The function `make` of `source`, compiled once per type: `make(**names)` is a new
    writing function reading `names`, its place's own (its memo, its parts' functions), as
    closure cells, and `shared`, the names of its type (the same at every place: its class, its
    store, the writers of plain values), as the globals of the code: no cell to copy at a call."""
    namespace = dict(shared)
    fast = _ORJSON[0]
    namespace["_dumps"] = None if fast is None else fast.dumps
    _GLOBALS.append(namespace)
    exec(compile(source, f"<json text {name}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[no-any-return]


def _source(
    terms: list[tuple[str, str, str, Any]], close: str, check: Sequence[str], names: Iterable[str], keep: bool
) -> str:
    """The source of `make(**names)`, which returns a new writing function: `check`, then a tuple
    of its parts' texts, each after its head (`{"name":` or `,`, a constant of the code: no
    concatenation), and `close` last: the memo's text when the part (each `(how it is read from
    value, from the last value, its head, its kind)`) is the very object the last value had
    there, else written. The text is the tuple joined; the value and the tuple are then
    remembered (the memo's text of part `i` is at `2 * i + 1`), and the text kept in the store if
    `keep`. Where orjson writes a part inline and refuses it (`TypeError`: an integer past 64
    bits, a lone surrogate), the converter and the encoder write the value (nothing remembered)."""
    pieces = [
        f"q[{2 * i + 1}] if {read} is {last} else {_miss(i, read, kind)}"
        for i, (read, last, _, kind) in enumerate(terms)
    ]
    heads = [repr(head) for _, _, head, _ in terms] or [repr("{" if close == "}" else "[")]
    items = [each for pair in zip(heads, [*pieces, ""], strict=False) for each in pair if each]
    made = f"    t = {_display([*items, repr(close)], flat=True)}"
    if any(_by_orjson(kind) for *_, kind in terms):  # orjson refuses a few values: then the converter's
        made = f"    try:\n    {made}\n    except TypeError:\n        return _slow(value)"
    lines = [
        f"def make({', '.join(names)}):",
        "  def write(value):",
        *check,
        *(["    p = _memo[0]", "    q = _memo[1]"] if terms else []),
        made,
        "    text = _join(t)",
        *(["    _memo[0] = value", "    _memo[1] = t"] if terms else []),
        *(_KEEP if keep else ()),
        "    return text",
        "  return write",
    ]
    return "\n".join(lines) + "\n"


DISPLAY_ITEMS: Final = 30
"""The most items of a tuple display in generated code: CPython 3.11 builds a longer one as a
list, appended item by item (reallocated as it grows) and copied into a tuple (its compiler's
`STACK_USE_GUIDELINE`), about 2,000 instructions more than a tuple built at once (an Archipel
state's document has 35 pieces, a Spółka ZOO state's had 32 before the texts of its multisets
and plain tuples were kept with their heads)."""


def _display(items: Sequence[str], flat: bool = False) -> str:
    """The source of a tuple display of the expressions `items` (evaluated in order) whose texts
    `_join` joins to the same text, of at most `DISPLAY_ITEMS` items (see `DISPLAY_ITEMS`): the
    last ones joined first into one; or, if `flat` (a memo reads the texts by position), the
    tuple of all of them made of displays of at most `DISPLAY_ITEMS` items added."""
    if len(items) <= DISPLAY_ITEMS:
        return f"({', '.join(items)},)" if len(items) == 1 else f"({', '.join(items)})"
    if flat:
        return f"({', '.join(items[:DISPLAY_ITEMS])}) + {_display(items[DISPLAY_ITEMS:], flat)}"
    head = DISPLAY_ITEMS - 1
    return f"({', '.join(items[:head])}, _join({_display(items[head:])}))"


_HEADED: Final = ("str", "bool", "int")
"""The kinds of parts whose text a function with its memo in cells keeps with the part's head
before it (`,"name":` and the text: one piece of the join, not two): a flag's two texts are
constants of the code, a text's are found in a bounded table of its field's own (see
`_head_tables`; texts come back: a phase, a card, a task's kind), a small integer's in a table
made once (a larger one's made at each write: a counter's new values would each miss a table
that keeps them)."""

HEADED_INTS: Final = 64
"""The integers from -1 to `HEADED_INTS - 1` whose texts with an integer field's head are made
once (see `_head_tables`)."""

HEADED_KEPT: Final = 256
"""The most texts (each with its field's head) the table of a text field keeps (see
`_head_tables`); past this the table is emptied."""


def _head_tables(terms: Sequence[tuple[str, str, Any]]) -> dict[str, Any]:
    """The tables a function with its memo in cells reads (globals of its code) for each of its
    text parts `i`: `_ht{i}`, the texts made so far with the part's head before them, by value
    (a value of exactly `str`, whose equal values have the same text), with its look-up `_h{i}`
    and `_hs{i}` (`setdefault`), and `_hm{i}`, which keeps one in a full table (emptied first);
    for each integer part, `_h{i}`, the look-up of the integers from -1 to `HEADED_INTS - 1`
    with the part's head before them (made once)."""
    tables: dict[str, Any] = {}
    for i, (_, head, kind) in enumerate(terms):
        if kind == "int":  # small integers' texts made once; any other made at each write, not kept
            tables[f"_h{i}"] = {n: head + text for n, text in _INTS.items() if n < HEADED_INTS}.get
        if kind == "str":
            table: dict[str, str] = {}
            tables.update({f"_ht{i}": table, f"_h{i}": table.get, f"_hs{i}": table.setdefault})
            tables[f"_hm{i}"] = _head_maker(table, head)
    return tables


def _head_maker(table: dict[str, str], head: str) -> Callable[[str], str]:
    """The function keeping the text of `value` with `head` before it in `table`, emptied first
    (it is called when `table` holds `HEADED_KEPT` texts)."""

    def make(value: str) -> str:
        table.clear()
        text = table[value] = head + _string(value)
        return text

    return make


def _headed(i: int, read: str, kind: str, head: str) -> str:
    """The expression writing part `i` (read by `read`) of a text, flag or integer kind with its
    `head` before it: for a value of exactly its type, a constant (a flag) or the field's
    table's (see `_head_tables`; a larger integer's text made here), else `head` and the text
    of the part's function."""
    other = f"{head!r} + _ws[{i}](v)"
    if kind == "bool":
        return f"(({head + 'true'!r} if v else {head + 'false'!r}) if _type(v := {read}) is bool else {other})"
    if kind == "int":
        return f"((_h{i}(v) or {head!r} + (_ints(v) or _int(v))) if _type(v := {read}) is int else {other})"
    made = f"(_hs{i}(v, {head!r} + _str(v)) if _len(_ht{i}) < {HEADED_KEPT} else _hm{i}(v))"
    return f"((_h{i}(v) or {made}) if _type(v := {read}) is str else {other})"


def _cells_source(
    terms: list[tuple[str, str, Any]], close: str, check: Sequence[str], names: Iterable[str], keep: bool
) -> str:
    """The source of `make(**names)` as `_source` makes it, but with the memo in closure cells
    of its own: part `i`'s last value in `v{i}` and its text in `t{i}` (no memo list read at the
    start and set at the end). A changed part's value is set before its text is written, so if
    writing raises, every cell is put back to its start (no value is then any part's). Only for
    a function that is never called again while it writes (not on a cycle of types). A text or
    flag part's text is kept with its head before it (`_HEADED`, `_headed`: the globals
    `_head_tables` makes); so is a part orjson writes inline, the head added to its text when it
    is written (small texts that change at a fraction of the writes: the join has one piece fewer
    at every write; a record's or a tuple's text, larger and changed more often, is not copied).
    A function that does not keep its texts returns the join as it is made (no local set and read
    again: a few bytecodes fewer at every write)."""
    n = len(terms)
    items = []
    for i, (read, head, kind) in enumerate(terms):
        if kind in _HEADED:  # the part's text with its head before it, one piece (see `_head_tables`)
            items.append(f"(t{i} := {_headed(i, f'(v{i} := {read})', kind, head)}) if {read} is not v{i} else t{i}")
        elif _by_orjson(kind):
            items.append(f"(t{i} := {head!r} + {_miss(i, f'(v{i} := {read})', kind)}) if {read} is not v{i} else t{i}")
        else:
            items += [repr(head), f"(t{i} := {_miss(i, f'(v{i} := {read})', kind)}) if {read} is not v{i} else t{i}"]
    display = _display([*items, repr(close)])
    if keep:
        body = [*check, *_guarded(n, [f"t = {display}"], "    "), "    text = _join(t)", *_KEEP, "    return text"]
    else:  # the text returned as it is joined: no local set and read again
        body = [*check, *_guarded(n, [f"return _join({display})"], "    ")]
    return _with_cells(names, n, body)


def _guarded(n: int, lines: Sequence[str], indent: str) -> list[str]:
    """`lines` in a `try` at `indent`: if they raise, the value cells `v0` to `v{n - 1}` are put
    back to their start (no value is then any part's), and the value is written by `_slow` (a
    `TypeError`: orjson refusing a part) or the error raised again (see `_cells_source`)."""
    values = " = ".join(f"v{i}" for i in range(n))
    return [
        f"{indent}try:",
        *(f"{indent}    {line}" for line in lines),
        f"{indent}except TypeError:",
        f"{indent}    {values} = _nothing",
        f"{indent}    return _slow(value)",
        f"{indent}except BaseException:",
        f"{indent}    {values} = _nothing",
        f"{indent}    raise",
    ]


def _with_cells(names: Iterable[str], n: int, body: Sequence[str]) -> str:
    """The source of `make(**names)`: the cells `v0`-`v{n - 1}` (first `_nothing`) and `t0`-`t{n
    - 1}`, the function `write(value)` of `body` (setting them), and the function putting them
    back, registered in `_resets` (see `use_orjson`)."""
    cells = ", ".join([*(f"v{i}" for i in range(n)), *(f"t{i}" for i in range(n))])
    values = " = ".join(f"v{i}" for i in range(n))
    texts = " = ".join(f"t{i}" for i in range(n))
    lines = [
        f"def make({', '.join(names)}):",
        f"  {values} = _nothing",
        f"  {texts} = ''",
        "  def write(value):",
        f"    nonlocal {cells}",
        *body,
        "  def reset():",
        f"    nonlocal {cells}",
        f"    {values} = _nothing",
        f"    {texts} = ''",
        "  _resets.append(reset)",
        "  return write",
    ]
    return "\n".join(lines) + "\n"


def _items_source(kind: str, names: dict[str, Any], keep: bool, cells: bool = False) -> str:
    """The source of `make(**names)` for a tuple of items of `kind`: for each length up to
    `_POSITIONS`, a tuple of the items' texts (the memo's where the item is the very object the
    last value had at its position, else written by the position's function `_ps[i]`, made by
    `_place(i)` at the first write there) joined; the value is remembered padded to `_POSITIONS`
    (no position past its end is any item); longer tuples are written by `_long`. With `cells`,
    each position's last item and text are in closure cells of its own (see `_cells_source`)."""
    if cells:
        return _items_cells_source(kind, names, keep)
    items = [
        f"q[{2 * i + 1}] if value[{i}] is p[{i}] else " + _miss(i, f"value[{i}]", kind, f"(_ps[{i}] or _place({i}))")
        for i in range(_POSITIONS)
    ]
    cases = []
    for n in range(1, _POSITIONS + 1):
        cases += [
            f"        {'if' if n == 1 else 'elif'} n == {n}:",
            "            t = ('[', " + ", ',', ".join(items[:n]) + ", ']')",
        ]
    lines = [
        f"def make({', '.join(names)}):",
        "  def write(value):",
        *_ITEMS_HEAD,
        *(_FOUND if keep else ()),
        f"    if n > {_POSITIONS}:",
        "        text = _long(value)",
        "    else:",
        "        p = _memo[0]",
        "        q = _memo[1]",
        *(["        try:", *("    " + line for line in cases)] if _by_orjson(kind) else cases),
        *(["        except TypeError:", "            return _slow(value)"] if _by_orjson(kind) else []),
        "        text = _join(t)",
        "        _memo[0] = value + _pads[n]",
        "        _memo[1] = t",
        *(_KEEP if keep else ()),
        "    return text",
        "  return write",
    ]
    return "\n".join(lines) + "\n"


def _items_cells_source(kind: str, names: dict[str, Any], keep: bool) -> str:
    """`_items_source` with each position's last item in `v{i}` and its text in `t{i}`, closure
    cells of its own (see `_cells_source`: a position's item is set before its text is written,
    and every cell put back if writing raises)."""
    items = [
        f"(t{i} := "
        + _miss(i, f"(v{i} := value[{i}])", kind, f"(_ps[{i}] or _place({i}))")
        + f") if value[{i}] is not v{i} else t{i}"
        for i in range(_POSITIONS)
    ]
    made = "t = " if keep else "return _join("
    cases = []
    for n in range(1, _POSITIONS + 1):
        joined = "('[', " + ", ',', ".join(items[:n]) + ", ']')"
        cases += [f"{'if' if n == 1 else 'elif'} n == {n}:", f"    {made}{joined}{'' if keep else ')'}"]
    head = [*_ITEMS_HEAD, f"    if n > {_POSITIONS}:"]
    if not keep:  # the text returned as it is joined (see `_cells_source`)
        body = [*head, "        return _long(value)", *_guarded(_POSITIONS, cases, "    ")]
    else:
        body = [
            *head[: len(_ITEMS_HEAD)],
            *_FOUND,
            *head[len(_ITEMS_HEAD) :],
            "        text = _long(value)",
            "    else:",
            *_guarded(_POSITIONS, cases, "        "),
            "        text = _join(t)",
            *_KEEP,
            "    return text",
        ]
    return _with_cells(names, _POSITIONS, body)


_KEEP: Final = (
    "    if _held[0] >= _limit:",
    "        _clear()",
    "    _store[key] = (value, text)",
    "    _held[0] += 1",
)


def _miss(i: int, read: str, kind: str, own: str = "") -> str:
    """The expression writing part `i` (read by `read`) of `kind` (see `TextWriter._kind`) when
    it is not the memo's: a plain value of exactly its type, a multiset's counts and a tuple of
    plain values inline (orjson's text: no call of a function of Python), else by the part's
    function: `own` (a tuple's position's), or the field's `_w{i}` (in `_ws[i]` for a plain one)."""
    call = f"{own or f'_ws[{i}]'}(v)"
    if kind == "bool":
        return f"(('true' if v else 'false') if _type(v := {read}) is bool else {call})"
    if kind == "int":  # a small one's text kept, else `str`'s
        return f"((_ints(v) or _int(v)) if _type(v := {read}) is int else {call})"
    if kind == "str":
        return f"(_str(v) if _type(v := {read}) is str else {call})"
    if kind == "tokens":
        return f"(_dumps(v._counts).decode() if _type(v := {read}) is _Tokens and _dumps else {call})"
    if kind.startswith("fixed"):  # a tuple of plain values of a fixed length, its own unstructured form
        fits = f"_type(v := {read}) is tuple and _len(v) == {kind[len('fixed') :]}"
        return f"(_dumps(v).decode() if {fits} and _dumps else {call})"
    if kind.startswith("mixed"):  # a fixed tuple of plain values and multisets (`T` in the mask)
        mask = kind[len("mixed") :]
        tokens = "".join(f" and _type(v[{j}]) is _Tokens" for j, each in enumerate(mask) if each == "T")
        items = "".join(f"v[{j}]._counts, " if each == "T" else f"v[{j}], " for j, each in enumerate(mask))
        fits = f"_type(v := {read}) is tuple and _len(v) == {len(mask)}{tokens}"
        return f"(_dumps(({items})).decode() if {fits} and _dumps else {call})"
    if kind.startswith("rows"):  # a tuple of `fixed<n>` tuples: each a tuple of n items
        size = kind[len("rows") :]
        fits = f"_type(v := {read}) is tuple and _tuples >= {{*map(_type, v)}} and {{{size}}} >= {{*map(_len, v)}}"
        return f"(_dumps(v).decode() if {fits} and _dumps else {call})"
    if kind == "plain":  # a tuple that is its own unstructured form
        return f"('[]' if (v := {read}) is _empty else _dumps(v).decode() if _type(v) is tuple and _dumps else {call})"
    return f"{own or f'_w{i}'}({read})"


_HOOKS: Final = "tabletop.kernel.serialize.hooks"
"""The module of the converter's hook that writes a tuple of plain values as it is."""

_PROBES: Final[dict[Any, Any]] = {int: 1, str: "a", bool: True}
"""The plain types of a `fixed<n>` tuple's items, with a value of each to probe the converter with."""


def _by_orjson(kind: str) -> bool:
    """Whether generated code writes a part of `kind` with orjson inline (where it is in use)."""
    return kind in ("tokens", "plain") or kind.startswith(("fixed", "rows", "mixed"))


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
