"""Envelopes: writing a payload's text in one, reading one back (whole, or a state's part by
part), and structuring a payload with every failure a [`DecodeError`][tabletop.kernel.errors.DecodeError].

Re-exported by [`tabletop.kernel.serialize`][tabletop.kernel.serialize], whose names these are.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final, TypeVar

import cattrs

from tabletop.kernel.errors import DecodeError
from tabletop.kernel.jsontext import loads
from tabletop.kernel.jsontext.leaves import Miss, twice
from tabletop.kernel.jsontext.reader import READING, TextReader
from tabletop.kernel.serialize.limits import MAX_DEPTH, MAX_TEXT, VERSION, check_bounds

__all__ = [
    "PART_BY_PART",
    "dump_envelope",
    "dump_text",
    "explain",
    "load_envelope",
    "read_state",
    "refuse_twice",
    "structure",
    "text_head",
]

T = TypeVar("T")

_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""The compact JSON writer of every envelope, made once (`json.dumps` with options builds one per call)."""


def dump_envelope(kind: str, game: str, payload: Any) -> str:
    """Wrap an unstructured `payload` in a versioned envelope and return the JSON text."""
    document = {"format": f"tabletop/{kind}", "version": VERSION, "game": game, kind: payload}
    return _ENCODER.encode(document)


def dump_text(kind: str, game: str, payload: str) -> str:
    """The JSON text of [`dump_envelope`][tabletop.kernel.serialize.dump_envelope] for a payload
    already written as compact JSON text (see [`TextWriter`][tabletop.kernel.jsontext.TextWriter])."""
    return f"{text_head(kind, game)}{payload}}}"


def text_head(kind: str, game: str) -> str:
    """The text of [`dump_text`][tabletop.kernel.serialize.dump_text]'s envelope up to its
    payload (the payload's text and `}` complete it: see
    [`TextWriter.document`][tabletop.kernel.jsontext.TextWriter.document])."""
    head = _HEADS.get((kind, game))
    if head is None:
        if len(_HEADS) >= 64:
            _HEADS.clear()
        head = _HEADS[kind, game] = (
            f'{{"format":"tabletop/{kind}","version":{VERSION},"game":{_ENCODER.encode(game)},"{kind}":'
        )
    return head


_HEADS: dict[tuple[str, str], str] = {}
"""The text of an envelope up to its payload, by kind and game (a few dozen at most are kept)."""


def load_envelope(text: str | bytes, *, kind: str, game: str | None) -> Any:
    """Check an envelope and return its unstructured payload.

    Args:
        text: The JSON text.
        kind: The document kind expected (`"state"`, `"record"`...).
        game: The game expected, or `None` to accept any game.

    Raises:
        DecodeError: On text too long or too deeply nested (checked before parsing), bad
            JSON, an object giving a key twice (which JSON readers take silently, the last
            value winning: see `refuse_twice`) or a wrong format, version or game.
    """
    text = check_bounds(text)
    try:
        document = loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        msg = f"not valid JSON: {exc}"
        raise DecodeError(msg) from None
    if twice(text, document):  # two counts of colons, in C: exact where no key is given twice
        refuse_twice(text)
    if not isinstance(document, dict):
        msg = f"expected a JSON object, got {type(document).__name__}"
        raise DecodeError(msg)
    expected = f"tabletop/{kind}"
    if document.get("format") != expected:
        msg = f"expected format {expected!r}, got {document.get('format')!r}"
        raise DecodeError(msg, path="format")
    version = document.get("version")
    if type(version) is not int or version != VERSION:
        msg = f"unsupported version {version!r} (this release reads {VERSION})"
        raise DecodeError(msg, path="version")
    if not isinstance(document.get("game"), str):
        msg = f"expected the game's name as text, got {document.get('game')!r}"
        raise DecodeError(msg, path="game")
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


class _Twice(dict[str, Any]):
    """An object read from a text that gives a key twice (its last value kept, as `json.loads`
    keeps it), with that key and its first two values (`twice`)."""

    twice: tuple[str, Any, Any] = ("", None, None)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of `json.loads` from its members (its `object_pairs_hook`): a `_Twice` if a key
    is given twice."""
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    twin = _Twice(found)
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            twin.twice = (key, seen[key], value)
            break
        seen[key] = value
    return twin


def _first_twice(node: Any, path: str) -> tuple[str, tuple[str, Any, Any]] | None:
    """The path of the first key given twice inside `node` (itself at `path`), with the key and
    its two values, or `None`."""
    if isinstance(node, _Twice):
        return f"{path}.{node.twice[0]}" if path else node.twice[0], node.twice
    items = node.items() if type(node) is dict else enumerate(node) if type(node) is list else ()
    for key, value in items:
        found = _first_twice(value, f"{path}[{key}]" if type(key) is int else f"{path}.{key}" if path else str(key))
        if found is not None:
            return found
    return None


def _brief(value: Any) -> str:
    """`repr(value)`, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def refuse_twice(text: str | bytes) -> None:
    """Refuse JSON `text` if one of its objects gives a key twice, naming the key's path and
    both values; a text that does not is left alone (it is read again, member by member).

    Raises:
        DecodeError: If an object of `text` gives a key twice.
    """
    found = _first_twice(json.loads(text, object_pairs_hook=_pairs), "")
    if found is not None:
        path, (key, first, then) = found
        msg = f"the key {key!r} is given twice in one object ({_brief(first)}, then {_brief(then)}); each key once"
        raise DecodeError(msg, path=path)


PART_BY_PART: Final = 1200
"""The shortest state text read part by part: a shorter one (a small game's) is parsed and
structured whole as fast."""

_READERS: dict[int, tuple[cattrs.Converter, TextReader]] = {}


def _reader(converter: cattrs.Converter) -> TextReader:
    """The one [`TextReader`][tabletop.kernel.jsontext.reader.TextReader] of `converter`."""
    found = _READERS.get(id(converter))
    if found is None or found[0] is not converter:
        found = _READERS[id(converter)] = (converter, TextReader(converter, max_depth=MAX_DEPTH - 1))
    return found[1]


_reading: Final = READING.acquire
_read: Final = READING.release
"""[`READING`][tabletop.kernel.jsontext.reader.READING]'s acquire and release, bound once."""


def read_state(text: str | bytes, *, game: str, converter: cattrs.Converter, cls: type[T]) -> T:
    """The state of a state envelope's `text`, as [load_envelope][tabletop.kernel.serialize.load_envelope]
    and [structure][tabletop.kernel.serialize.structure] read it (the same value, the same
    errors), faster: a text laid out as [dump_text][tabletop.kernel.serialize.dump_text] writes
    it is read part by part without parsing it whole, each part unchanged since a text read
    before found again. The state is not validated (see [validate_state][tabletop.kernel.serialize.validate_state]).

    Raises:
        DecodeError: As `load_envelope` and `structure` do, or if the payload is not an object.
    """
    if type(text) is str and PART_BY_PART <= len(text) <= MAX_TEXT:
        found = _READERS.get(id(converter))  # `_reader` in line once made
        reader = found[1] if found is not None and found[0] is converter else _reader(converter)
        _reading()  # the reader's stores are every thread's: one read at a time
        try:
            sure = reader.sure  # a text it reads nests no deeper than MAX_DEPTH: no scan of it needed
            if not sure:
                check_bounds(text)
            state = _read_state(reader, text, game, cls)
        except Miss:
            pass
        else:
            if sure and not reader.sure:  # it read a part at a shared position: the text is checked
                check_bounds(text)
            return state
        finally:
            _read()
    payload = load_envelope(text, kind="state", game=game)
    if not isinstance(payload, dict):
        raise DecodeError("expected an object", path="state")
    return structure(converter, payload, cls, root="state")


_STATE_HEADS: dict[str, str] = {}
"""The text of a state envelope up to its state, by game (a few dozen at most are kept)."""


def _read_state(reader: TextReader, text: str, game: str, cls: type[T]) -> T:
    """The state of a state envelope's `text` read part by part (see
    [`TextReader`][tabletop.kernel.jsontext.reader.TextReader]) when it is laid out as
    [dump_text][tabletop.kernel.serialize.dump_text] writes it.

    Raises:
        Miss: If it is not (read it the usual way).
    """
    head = _STATE_HEADS.get(game)
    if head is None:
        if len(_STATE_HEADS) >= 64:
            _STATE_HEADS.clear()
        head = _STATE_HEADS[game] = (
            f'{{"format":"tabletop/state","version":{VERSION},"game":{_ENCODER.encode(game)},"state":'
        )
    if len(text) < PART_BY_PART or not text.startswith(head) or not text.endswith("}"):
        raise Miss
    return reader.read(text, len(head), len(text) - 1, cls)  # type: ignore[no-any-return]


def explain(exc: cattrs.BaseValidationError, root: str) -> tuple[str, str]:
    """The first problem inside a cattrs validation error: (message, path).

    Messages of `ValueError`/`TypeError` raised by hooks and attrs validators are kept
    (they say what was wrong); a validator's message names its field (`'cost' must be >=
    0`), or a multiset's count its kind (`'red' must be a positive integer count`), which is
    then appended to the path.
    """
    messages = cattrs.transform_error(exc, path=root, format_exception=_format_exception)
    first = messages[0] if messages else str(exc)
    text, _, path = first.rpartition(" @ ")
    if not text:
        return first, root
    match = re.match(r"'([\w-]+)' must ", text)  # a validator's field, or a kind of a multiset
    if match and not path.endswith(match.group(1)):
        path = f"{path}.{match.group(1)}"
    return text, path


def _format_exception(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, ValueError | TypeError) and str(exc) and not isinstance(exc, cattrs.BaseValidationError):
        # attrs' instance_of raises TypeError(message, attribute, types, value): keep the message
        text = exc.args[0] if len(exc.args) > 1 and isinstance(exc.args[0], str) else str(exc)
        if not text.startswith(("invalid literal", "int() argument")):
            return text
    return cattrs.v.format_exception(exc, type_)


def structure(converter: cattrs.Converter, payload: Any, cls: type[T], *, root: str) -> T:
    """Structure `payload` into `cls`, turning every failure into a `DecodeError`.

    The error's path names the first bad field, e.g. `state.bag.contents`. (A state's text is
    read faster part by part by [read_state][tabletop.kernel.serialize.read_state].)
    """
    try:
        return converter.structure(payload, cls)
    except cattrs.BaseValidationError as exc:
        text, path = explain(exc, root)
        raise DecodeError(text, path=path) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise DecodeError(f"invalid data: {exc}", path=root) from None
