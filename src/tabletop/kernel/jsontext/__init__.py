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

import threading
import typing
from collections.abc import Callable
from typing import Any, Final

import attrs
import cattrs
from cattrs.fns import identity

from tabletop.kernel.jsontext.encoder import _GLOBALS as _GLOBALS
from tabletop.kernel.jsontext.encoder import _HELD as _HELD
from tabletop.kernel.jsontext.encoder import _MEMOS as _MEMOS
from tabletop.kernel.jsontext.encoder import _ORJSON as _ORJSON
from tabletop.kernel.jsontext.encoder import _RESETS as _RESETS
from tabletop.kernel.jsontext.encoder import _STORES as _STORES
from tabletop.kernel.jsontext.encoder import (
    JSON_ENV,
    TEXTS_KEPT,
    _kept,
    _memo,
    _plain_text,
    _Store,
    _store,
    _string,
    _token_text,
    _tokens,
    loads,
    orjson_used,
    use_orjson,
)
from tabletop.kernel.jsontext.encoder import _encode as _encode
from tabletop.kernel.jsontext.kinds import LEAF_FIELDS, _Kinds, _plain, keep_records
from tabletop.kernel.jsontext.source import (
    _ATTRS_CHECK,
    _FIXED_CHECK,
    _FOUND,
    _NAMES,
    _NOTHING,
    _PADS,
    DISPLAY_ITEMS,
    INT_TEXTS,
    _blank,
    _bool,
    _cells_source,
    _factory,
    _head_tables,
    _items_source,
    _positions,
    _source,
    _Write,
)
from tabletop.kernel.jsontext.source import _POSITIONS as _POSITIONS
from tabletop.kernel.jsontext.source import HEADED_INTS as HEADED_INTS
from tabletop.kernel.jsontext.source import HEADED_KEPT as HEADED_KEPT
from tabletop.kernel.jsontext.source import _display as _display
from tabletop.kernel.tokens import Tokens

__all__ = [
    "DISPLAY_ITEMS",
    "INT_TEXTS",
    "JSON_ENV",
    "LEAF_FIELDS",
    "PLACES_KEPT",
    "TEXTS_KEPT",
    "WRITING",
    "TextWriter",
    "keep_records",
    "loads",
    "orjson_used",
    "use_orjson",
    "writer",
]


_WRITERS: dict[int, tuple[cattrs.Converter, TextWriter]] = {}

WRITING: Final = threading.RLock()
"""Held while a value is written: every writer's memos and stores (the last value written at each
place, with its parts' texts; the texts kept by identity) are shared by every value written, and a
write stores into them in several steps, so two threads writing at once would each find the other's
parts under their own (`tests/test_threads.py`: they did, in Conservas, Archipel and
Spółka ZOO). `text` and `document` hold it; a caller of a function `documents` returned holds it
around each call (`Game.dump_state` does). Reentrant: a write inside a write goes on."""

PLACES_KEPT: Final = 512
"""The most writing functions of their own (one place each: a field, a position in a tuple) a
[`TextWriter`][tabletop.kernel.jsontext.TextWriter] makes; past this, places share the function
of their type (the same text, found by identity in the store only)."""

_DOCUMENTS: Final = 64
"""The most document functions (by type and head: see `TextWriter.document`) a writer keeps;
past this, it makes them again."""


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


class TextWriter(_Kinds):
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
        with WRITING:
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
        with WRITING:
            write = self._documents.get((hint, head))
            if write is None:
                write = self.documents(hint, head)
            return write(value)

    def documents(self, hint: Any, head: str) -> Callable[[Any], str]:
        """The function `document` writes values of `hint` with after `head` (made once: a caller
        writing many documents of one kind keeps it, and skips finding it at every call). The caller
        holds [`WRITING`][tabletop.kernel.jsontext.WRITING] around each call of it."""
        with WRITING:
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
