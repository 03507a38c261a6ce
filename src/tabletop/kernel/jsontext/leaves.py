"""The parts a [`TextReader`][tabletop.kernel.jsontext.reader.TextReader] keeps, with their
bounds, and the functions reading a leaf or a tuple at a position (split from `reader.py`, which
makes the positions and the generated code of the records that hold them).

A position is a list of the parts kept there (text, value, length: the newest first, at most
`ENTRIES`) and the function reading a part there that is not among them (and keeping it);
every list of parts kept and every store of leaves is listed in `_KEPT`, dropped together past
`PARTS_KEPT` parts or `CHARS_KEPT` characters kept since (`_HELD`). The reader reads these
bounds as names of its own (imported), in its whole-text memory and in the code it generates:
to change a bound, change it in both modules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from tabletop.kernel.jsontext import _ORJSON, _encode

__all__ = ["CHARS_KEPT", "ENTRIES", "PARTS_KEPT", "Miss", "twice"]

PARTS_KEPT: Final = 16384
"""The most parts kept (with their texts) over every reader: past this all are dropped."""

CHARS_KEPT: Final = 8_000_000
"""The most characters of kept parts' texts over every reader: past this all are dropped, so
that texts from outside (as long as `serialize.MAX_TEXT` allows) cannot fill memory however
many are read."""

ENTRIES: Final = 2
"""The most parts kept at one position (the newest first): a field that goes back and forth
between two values finds each again (each more kept costs a failed comparison for every part
changed: 4 read about 2 % slower)."""

_scan: Final[Callable[[str, int], tuple[Any, int]]] = json.decoder.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""The standard library's scanner of one JSON value at a position: `json.loads`' own reading."""

_Read = Callable[[str, int], tuple[Any, int]]
_Entries = list[tuple[str, Any, int]]
_Node = tuple[_Entries, _Read]
"""A position: the parts kept there (text, value, length) and the function reading a part
there that is not among them (and keeping it)."""
_Store = dict[Any, Any]
"""The leaves of one type and level kept anywhere, by their whole text (found once scanned):
the text kept and the value; or the whole texts a reader read, by their length: a list of
(text, start, end, type, value)."""

_KEPT: list[_Entries | _Store] = []
"""The parts kept at every position and in every store of every reader."""
_HELD: list[int] = [0, 0]
"""The parts and the characters of their texts kept since all were last dropped."""


class Miss(Exception):
    """The text is not laid out as the reader reads it, or holds a value a hook refuses."""


def _entries() -> _Entries:
    entries: _Entries = []
    _KEPT.append(entries)
    return entries


def _drop() -> None:
    """Drop every part kept, at every position and in every store."""
    for each in _KEPT:
        each.clear()
    _HELD[0] = _HELD[1] = 0


def _held(size: int) -> None:
    """Count one more part kept (`size` more characters), first dropping all past the bounds."""
    held = _HELD
    if held[0] >= PARTS_KEPT or held[1] + size > CHARS_KEPT:
        _drop()
    held[0] += 1
    held[1] += size


def _put(entries: _Entries, fragment: str, value: Any) -> None:
    """Keep `value`, read from `fragment` (a text kept elsewhere too, counted again: should all
    be dropped first, it is kept only here), first at a position."""
    size = len(fragment)
    held = _HELD
    if held[0] >= PARTS_KEPT or held[1] + size > CHARS_KEPT:
        _drop()
    held[0] += 1
    held[1] += size
    entries.insert(0, (fragment, value, size))
    if len(entries) > ENTRIES:
        entries.pop()


def _deep(text: str, start: int, end: int, budget: int) -> bool:
    """Whether `text[start:end]` may hold more than `budget` levels of nesting (it has more
    brackets that open: an upper bound, strings not skipped)."""
    return end - start > budget and text.count("[", start, end) + text.count("{", start, end) > budget


def twice(text: str, value: Any) -> bool:
    """Whether JSON `text`, read as `value`, may give a key twice in one object (where `json.loads`
    and orjson keep the last value silently): `False` only where it surely does not.

    Each colon of the text ends a member's key or lies inside a string (or an escape `\\u003a`
    of one there); each colon of the value written again (`value` keeps one member per key)
    does the same, from its members and the colons of its strings, escaped or not. A key given
    twice drops a member (and its value's colons), so the text holds more; without one, the two
    counts are equal (the escapes counted where they may be one: an escaped backslash before
    `u003a` is counted too, and then the text is looked at again, by the caller). Two counts in
    C: a text holding no colon, or a flat object with as many members as colons, is answered
    without writing anything."""
    colons = text.count(":")
    if not colons or (type(value) is dict and colons == len(value)):
        return False
    fast = _ORJSON[0]
    try:
        written = fast.dumps(value).count(b":") if fast is not None else _encode(value).count(":")
    except TypeError:  # what orjson does not write (an integer past 64 bits, a lone surrogate)
        written = _encode(value).count(":")
    if "\\u" in text:  # an escape, maybe of a colon: counted as one
        colons += text.count("\\u003a") + text.count("\\u003A")
    return colons != written


def _found(entries: _Entries, read: _Read) -> _Read:
    """`read` preceded by a look among the parts kept at its position."""

    def find(text: str, pos: int) -> tuple[Any, int]:
        for fragment, value, size in entries:
            if text.startswith(fragment, pos):
                return value, pos + size
        return read(text, pos)

    return find


def _marked(lead: str, read: _Read) -> _Read:
    """`read` after the mark `lead` (at a shared position: its texts kept without it)."""
    skip = len(lead)

    def marked(text: str, pos: int) -> tuple[Any, int]:
        if not text.startswith(lead, pos):
            raise Miss
        return read(text, pos + skip)

    return marked


def _refused(text: str, pos: int) -> tuple[Any, int]:
    """A part nested deeper than a reader reads: the usual reading words it."""
    raise Miss


def _sequence(kids: list[_Node], kid: Callable[[int], _Node], empty: Callable[[], Any] | None, lead: str) -> _Node:
    """A position of a tuple after the mark `lead` (kept with its texts): `[]` (if `empty` builds
    its value), or the items read between commas, item `i` at position `kids[i]` (else
    `kid(i)`'s), each first looked for among the parts kept there; as many as `kids` unless
    `empty` (a tuple of any length)."""
    mine = _entries()
    size = None if empty is not None else len(kids)
    opening = lead + "["  # the mark and the bracket compared at once
    before = len(lead)  # to the bracket

    def read(text: str, pos: int) -> tuple[Any, int]:
        start = pos
        if not text.startswith(opening, pos):
            raise Miss
        pos += before
        if empty is not None and text.startswith("]", pos + 1):
            found = empty()
            pos += 2
        else:
            items: list[Any] = []
            try:
                while True:
                    pos += 1
                    entries, each = kids[i] if (i := len(items)) < len(kids) else kid(i)
                    for fragment, value, length in entries:  # noqa: B007 - the value found is kept below
                        if text.startswith(fragment, pos):
                            pos += length
                            break
                    else:
                        value, pos = each(text, pos)
                    items.append(value)
                    mark = text[pos]  # a character, not a slice of one: past the end, an IndexError
                    if mark == "]":
                        break
                    if mark != ",":
                        raise Miss
            except IndexError:
                raise Miss from None
            if size is not None and len(items) != size:
                raise Miss
            found = tuple(items)
            pos += 1
        chars = pos - start  # `_put` in line
        held = _HELD
        if held[0] >= PARTS_KEPT or held[1] + chars > CHARS_KEPT:
            _drop()
        held[0] += 1
        held[1] += chars
        mine.insert(0, (text[start:pos], found, chars))
        del mine[ENTRIES:]
        return found, pos

    return mine, read


def _leaf(hook: Callable[[Any, Any], Any], hint: Any, budget: int) -> _Read:
    """Any other value: scanned as `json.loads` scans it, structured by the converter's hook
    (unless it may nest deeper than `budget`)."""

    def read(text: str, pos: int) -> tuple[Any, int]:
        try:
            value, end = _scan(text, pos)
            if type(value) in (list, dict) and (_deep(text, pos, end, budget) or twice(text[pos:end], value)):
                raise Miss  # too deep, or a key given twice: the usual reading words it
            return hook(value, hint), end
        except Exception:  # a value the usual reading refuses, or words otherwise: it decides
            raise Miss from None

    return read


def _exact_leaf(kind: type, *, maybe: bool = False) -> _Read:
    """A value its hook takes only of exactly `kind` (an integer, a text, a flag), as it is
    (if `maybe`, also `null`: `X | None`'s hook reads it as None, as it is)."""

    def read(text: str, pos: int) -> tuple[Any, int]:
        try:
            value, end = _scan(text, pos)
        except Exception:  # not JSON here: the usual reading words it
            raise Miss from None
        if type(value) is not kind and not (maybe and value is None):
            raise Miss
        return value, end

    return read


def _kept_leaf(
    hook: Callable[[Any, Any], Any], hint: Any, store: _Store, budget: int, lead: str, close: str, keys: str = "any"
) -> _Node:
    """A position of an immutable value (a multiset, a tuple, a frozenset) read as a leaf and
    kept, found among its type's parts by its whole text once scanned (unless it may nest
    deeper than `budget`, or may give a key twice), after the mark `lead` (kept with its texts
    at the position).

    A key given twice (which the scanner and orjson read silently, the last value winning) is
    looked for as `keys` says: `"flat"` for a multiset (its hook takes only an object of
    counts: as many members as colons), `""` for a tuple or a frozenset of integers, texts or
    flags (its hook takes no object), `"any"` else ([`twice`][tabletop.kernel.jsontext.leaves.twice]).

    Where orjson is in use, the text up to the first `close` (the bracket closing the value's
    JSON type) is read by orjson instead of the scanner: a text orjson reads whole is the value
    there, up to its end (a JSON value is read to its own end: nothing before that bracket ends
    it), and orjson's value of a text is the scanner's wherever a hook takes it (an integer of
    19 digits or more, which orjson may read as a float, is taken by no hook of a kept leaf but
    a tuple of integers': refused, the usual reading reads it). A text orjson refuses (a value
    of another type there, a bracket inside a string, `NaN`) is scanned as before."""
    mine = _entries()
    skip = len(lead)
    flat = dict if keys == "flat" else None  # a multiset's object: as many colons as members
    loose = keys == "any"

    def read(text: str, pos: int) -> tuple[Any, int]:
        if skip and not text.startswith(lead, pos):
            raise Miss
        start, pos = pos, pos + skip
        if (fast := _ORJSON[0]) is not None:
            end = text.find(close, pos) + 1  # 0 if none: the empty text, which orjson refuses
            kept = store.get(fragment := text[pos:end])
            if kept is None:
                try:
                    value = fast.loads(fragment)
                except ValueError:  # orjson's error is one
                    fast = None
        if fast is None:
            try:
                value, end = _scan(text, pos)
            except Exception:  # a value the usual reading refuses, or words otherwise: it decides
                raise Miss from None
            kept = store.get(fragment := text[pos:end])
        if kept is None:
            deep = end - pos > budget and _deep(fragment, 0, end - pos, budget)  # short: no call
            if deep or (fragment.count(":") != len(value) if type(value) is flat else loose and twice(fragment, value)):
                raise Miss  # too deep, or a key given twice (or a colon in a kind): the usual reading words it
            try:
                found = hook(value, hint)
            except Exception:
                raise Miss from None
            held = _HELD  # `_held` in line (counted again at the position below, as `_put` counts)
            if held[0] >= PARTS_KEPT or held[1] + end - pos > CHARS_KEPT:
                _drop()
            held[0], held[1] = held[0] + 1, held[1] + end - pos
            store[fragment] = fragment, found
        else:  # the text kept (one string wherever it is kept, but with a mark)
            fragment, found = kept
        size = end - start  # `_put` in line (`start` is `pos` without a mark)
        held = _HELD
        if held[0] >= PARTS_KEPT or held[1] + size > CHARS_KEPT:
            _drop()
        held[0], held[1] = held[0] + 1, held[1] + size
        mine.insert(0, (text[start:end] if skip else fragment, found, size))
        del mine[ENTRIES:]
        return found, end

    return mine, read
