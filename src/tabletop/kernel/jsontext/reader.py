"""JSON text of states read part by part, each part's value kept by its text.

The reading twin of [`TextWriter`][tabletop.kernel.jsontext.TextWriter]. Successive states of a
game share most of their parts, and so most of their texts: [`TextReader`][tabletop.kernel.jsontext.reader.TextReader]
walks a text laid out exactly as the writer lays it out (an attrs instance as `{"field":...}`
with its fields in order, a tuple of parts as `[...]`), and finds each part's text among the
texts it has read before (compared character by character), so that an unchanged part is
neither parsed nor structured again: it is the very same object (and the checks a game keeps
by identity, [`PartAnswers`][tabletop.kernel.serialize.PartAnswers], find it again).

It reads a text only as the converter would read `json.loads(text)`: each part found is the
value that the converter's own hook built from that very text before; every other value is
scanned by the standard library's JSON scanner and structured by the converter's hook for its
type. Anything else (other spacing, another order of keys, a value a hook refuses) is a
[`Miss`][tabletop.kernel.jsontext.reader.Miss]: the caller reads the text the usual way, which
words the refusal. So it accepts nothing the usual way refuses, and builds the same value.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable
from typing import Any, Final

import attrs
import cattrs

from tabletop.kernel.fastattrs import cleared_caches, plain_slots
from tabletop.kernel.tokens import Tokens

__all__ = ["CHARS_KEPT", "PARTS_KEPT", "Miss", "TextReader", "build_lines"]

PARTS_KEPT: Final = 16384
"""The most parts kept (with their texts) over every reader: past this all are dropped."""

CHARS_KEPT: Final = 8_000_000
"""The most characters of kept parts' texts over every reader: past this all are dropped, so
that texts from outside (as long as `serialize.MAX_TEXT` allows) cannot fill memory however
many are read."""

_PREFIX: Final = 24
"""The first characters of a kept part's text, by which it is found (only a locator: a part
found is compared whole); a shorter part is read again each time."""

_BUCKET: Final = 4
"""The most parts kept with one beginning (the newest first)."""

_scan: Final[Callable[[str, int], tuple[Any, int]]] = json.decoder.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""The standard library's scanner of one JSON value at a position: `json.loads`' own reading."""

_Read = Callable[[str, int], tuple[Any, int]]
_Kept = dict[str, list[tuple[str, Any]]]
_KEPT: list[_Kept] = []
_HELD: list[int] = [0, 0]
"""The parts and the characters of their texts kept in all the stores."""


class Miss(Exception):
    """The text is not laid out as the reader reads it, or holds a value a hook refuses."""


def _kept() -> _Kept:
    store: _Kept = {}
    _KEPT.append(store)
    return store


def _keep(store: _Kept, text: str, start: int, end: int, value: Any, *, short: bool = False) -> None:
    """Keep `value`, read from `text[start:end]`, found again by the text from `start`. A part
    shorter than the locator is kept only if `short`, by its whole text (a reader that scans a
    part before looking it up); else it is not kept (its locator would run into what follows)."""
    if end - start < _PREFIX and not short:
        return
    if _HELD[0] >= PARTS_KEPT or _HELD[1] + end - start > CHARS_KEPT:
        for each in _KEPT:
            each.clear()
        _HELD[0] = _HELD[1] = 0
    fragment = text[start:end]
    key = fragment[:_PREFIX]
    found = store.get(key)
    if found is None:
        store[key] = [(fragment, value)]
    else:
        found.insert(0, (fragment, value))
        del found[_BUCKET:]
    _HELD[0] += 1
    _HELD[1] += end - start


class TextReader:
    """Reads the JSON text of values of the converter's types, as `converter.structure` reads
    `json.loads` of it (see the module's notes).

    Args:
        converter: A [make_converter][tabletop.kernel.serialize.make_converter] converter.
    """

    def __init__(self, converter: cattrs.Converter) -> None:
        self._converter = converter
        self._readers: dict[Any, _Read] = {}

    def __repr__(self) -> str:
        return f"TextReader({len(self._readers)} types)"

    def read(self, text: str, start: int, end: int, hint: Any) -> Any:
        """The value of `hint` whose JSON is `text[start:end]`, not kept as a part itself.

        Raises:
            Miss: If the text is not read here (read it the usual way).
        """
        value, stop = self.of(hint, keep=False)(text, start)
        if stop != end:
            raise Miss
        return value

    def of(self, hint: Any, *, keep: bool = True) -> _Read:
        """The function reading a value of `hint` at a position: `(value, end)`, made once
        (with the functions of the types it holds: read them only once every class exists)."""
        key = (hint, keep)
        read = self._readers.get(key)
        if read is None:
            read = self._readers[key] = self._make(hint, keep)
        return read

    def _make(self, hint: Any, keep: bool) -> _Read:
        hook = self._converter.get_structure_hook(hint)
        if isinstance(hint, type) and attrs.has(hint):
            code = getattr(hook, "__code__", None)
            if code is not None and code.co_filename == f"<structure {hint.__qualname__}>":
                return self._attrs(hint, keep)
        if typing.get_origin(hint) is tuple and getattr(hook, "__qualname__", "") == "_quick.<locals>.some":
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return self._items(args[0], hook, hint, keep)
        if keep and (hint is Tokens or typing.get_origin(hint) in (tuple, frozenset)):
            return _kept_leaf(hook, hint)
        return _leaf(hook, hint)

    def _attrs(self, cls: type, keep: bool) -> _Read:
        """Generated for `cls`: its fields read in order between the writer's separators, the
        instance built as the converter's generated hook builds it."""
        attrs.resolve_types(cls)
        fields = list(attrs.fields(cls))
        namespace: dict[str, Any] = {"_Miss": Miss, "_cls": cls, "_keep": _keep, "_store": _kept(), "_P": _PREFIX}
        lines = ["def read(text, pos):", "    start = pos"]
        if keep:
            lines += [
                "    for fragment, value in _store.get(text[pos:pos + _P], ()):",
                "        if text.startswith(fragment, pos):",
                "            return value, pos + len(fragment)",
            ]
        for i, a in enumerate(fields):
            mark = ("," if i else "{") + json.dumps(a.name) + ":"
            namespace[f"_r{i}"] = self.of(a.type)
            lines += [
                f"    if not text.startswith({mark!r}, pos):",
                "        raise _Miss",
                f"    v{i}, pos = _r{i}(text, pos + {len(mark)})",
            ]
        lines += ["    if not text.startswith('}', pos):", "        raise _Miss", "    pos += 1"]
        lines += build_lines(cls, fields, namespace, "raise _Miss from None")
        if keep:
            lines.append("    _keep(_store, text, start, pos, new)")
        lines.append("    return new, pos")
        exec(compile("\n".join(lines) + "\n", f"<json read {cls.__qualname__}>", "exec"), namespace)
        return namespace["read"]  # type: ignore[no-any-return]

    def _items(self, item: Any, hook: Any, hint: Any, keep: bool) -> _Read:
        """`tuple[X, ...]`: `[]`, or the items read between commas, each by `X`'s reader."""
        each = self.of(item)
        store = _kept()

        def read(text: str, pos: int) -> tuple[Any, int]:
            if keep:
                for fragment, value in store.get(text[pos : pos + _PREFIX], ()):
                    if text.startswith(fragment, pos):
                        return value, pos + len(fragment)
            if not text.startswith("[", pos):
                raise Miss
            if text.startswith("]", pos + 1):
                return hook([], hint), pos + 2
            start, items = pos, []
            while True:
                value, pos = each(text, pos + 1)
                items.append(value)
                mark = text[pos : pos + 1]
                if mark == "]":
                    break
                if mark != ",":
                    raise Miss
            found = tuple(items)
            if keep:
                _keep(store, text, start, pos + 1, found)
            return found, pos + 1

        return read


def _leaf(hook: Callable[[Any, Any], Any], hint: Any) -> _Read:
    """Any other value: scanned as `json.loads` scans it, structured by the converter's hook."""

    def read(text: str, pos: int) -> tuple[Any, int]:
        try:
            value, end = _scan(text, pos)
            return hook(value, hint), end
        except Exception:  # a value the usual reading refuses, or words otherwise: it decides
            raise Miss from None

    return read


def _kept_leaf(hook: Callable[[Any, Any], Any], hint: Any) -> _Read:
    """An immutable value (a multiset, a tuple, a frozenset) read as a leaf and kept by its text."""
    store = _kept()

    def read(text: str, pos: int) -> tuple[Any, int]:
        for fragment, value in store.get(text[pos : pos + _PREFIX], ()):
            if text.startswith(fragment, pos):
                return value, pos + len(fragment)
        try:
            value, end = _scan(text, pos)
        except Exception:  # a value the usual reading refuses, or words otherwise: it decides
            raise Miss from None
        if end - pos < _PREFIX:  # a short part: found by its whole text, once scanned
            short = store.get(text[pos:end])
            if short is not None:
                return short[0][1], end
        try:
            found = hook(value, hint)
        except Exception:
            raise Miss from None
        _keep(store, text, pos, end, found, short=True)
        return found, end

    return read


def build_lines(cls: type, fields: list[attrs.Attribute[Any]], namespace: dict[str, Any], refused: str) -> list[str]:
    """The lines of generated code building `new`, a `cls`, from `v0`, `v1`... as `__init__`
    would: slots filled directly for a plain slotted class (its caches cleared), else `__init__`
    itself, with `refused` the statement run should it raise. Names it uses are put in `namespace`
    (`_cls` must be there)."""
    if plain_slots(cls, fields):
        namespace["_new"] = object.__new__
        lines = ["    new = _new(_cls)"]
        for i, a in enumerate(fields):
            namespace[f"_s{i}"] = getattr(cls, a.name).__set__
            lines.append(f"    _s{i}(new, v{i})")
        for name, put in cleared_caches(cls):
            namespace[f"_clear_{name}"] = put
            lines.append(f"    _clear_{name}(new, None)")
        return lines
    arguments = ", ".join(f"{a.name}=v{i}" for i, a in enumerate(fields))
    return ["    try:", f"        new = _cls({arguments})", "    except Exception:", f"        {refused}"]
