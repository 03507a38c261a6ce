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

import json
import re
from collections.abc import Callable
from typing import Any, Final, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import is_mapping
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.fns import identity
from cattrs.gen import make_dict_structure_fn, make_mapping_structure_fn
from cattrs.preconf.json import make_converter as _make_json_converter

from tabletop.kernel.errors import DecodeError, InvariantBroken, TabletopError
from tabletop.kernel.jsontext import loads
from tabletop.kernel.jsontext.reader import Miss, TextReader, build_lines
from tabletop.kernel.tokens import Tokens

__all__ = [
    "MAX_DEPTH",
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
    "structure",
    "validate_state",
]

VERSION: Final = 1
"""The version of every envelope written by this release."""

T = TypeVar("T")


MAX_TEXT: Final = 4_000_000
"""The longest document (in characters) read; longer ones are refused before parsing."""

MAX_DEPTH: Final = 32
"""The deepest nesting of JSON arrays and objects read (a state nests 7 deep, a record 6)."""

MAX_COUNT: Final = 100_000
"""The largest count of one kind in a multiset of tokens or cards."""

MAX_KINDS: Final = 1_000
"""The most kinds in one multiset (a game's largest, a deck of distinct cards, has about 150)."""

OPTIONAL: Final = "tabletop.optional"
"""Metadata key of an attrs field that a document may leave out even under `every_field`
(`attrs.field(default=None, metadata={OPTIONAL: True})`): the writer omits it when it holds its
default, as `Event.to_dict` omits `visible_to`."""

_BRACKETS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_NOT_MARK: Final = bytes(sorted(set(range(256)) - set(b'"[]{}')))
"""Every byte but a quote or a bracket: what `_shallow` deletes."""


def check_bounds(text: str | bytes, *, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> str:
    """`text` as a string, once it is known to be small and shallow enough to parse.

    The nesting is counted by one linear scan (strings skipped), so a document like
    `"[" * 100_000` is refused without recursing.

    Raises:
        DecodeError: If the text is longer than `max_text` characters, nests deeper than
            `max_depth`, or (as bytes) is not UTF-8.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            msg = f"not UTF-8 text: {exc.reason} at byte {exc.start}"
            raise DecodeError(msg) from None
    if not isinstance(text, str):
        msg = f"expected JSON text, got {type(text).__name__}"
        raise DecodeError(msg)
    if len(text) > max_text:
        msg = f"the document has {len(text)} characters, more than the {max_text} allowed"
        raise DecodeError(msg)
    if _shallow(text, max_depth):
        return text
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                msg = f"the document nests deeper than {max_depth} levels (at character {match.start()})"
                raise DecodeError(msg)
        elif token in "]}":
            depth -= 1
    return text


def _shallow(text: str, max_depth: int) -> bool:
    """True when `text` surely nests at most `max_depth` deep, found at C speed.

    In a text without backslashes (every state's JSON: nothing in it needs escaping) a
    character is inside a string exactly when an odd number of quotes comes before it. The
    text's UTF-8 bytes are cut down to its quotes and brackets (one `bytes.translate`), then
    every two adjacent quotes are deleted: that changes no bracket's count of quotes before
    it, and leaves no quote at all when no string holds a bracket (a state's strings hold
    none), so what remains are the brackets outside strings. Matched `[]` and `{}` pairs are
    then deleted pass after pass; a pass deletes at most two levels, so brackets gone within
    `max_depth // 2` passes nest at most `max_depth` deep. False means "not sure" (a
    backslash, a bracket in a string, too deep, unbalanced): the exact scan then decides, and
    names the character.
    """
    if "\\" in text:
        return False
    marks = text.encode("utf-8", "surrogatepass").translate(None, _NOT_MARK).replace(b'""', b"")
    if b'"' in marks:
        return False
    for _ in range(max_depth // 2):
        if not marks:
            return True
        marks = marks.replace(b"[]", b"").replace(b"{}", b"")
    return not marks


_EXACT: dict[Callable[[Any, type], Any], type] = {}
"""The scalar hooks `_scalar` made, each with the one type it reads (a value of exactly it, as is)."""


def _scalar(kind: type, noun: str) -> Callable[[Any, type], Any]:
    def structure(value: Any, _: type) -> Any:
        if type(value) is not kind:
            msg = f"expected {noun}, got {value!r}"
            raise TypeError(msg)
        return value

    _EXACT[structure] = kind
    return structure


def _structure_float(value: Any, _: type) -> float:
    if type(value) not in (int, float):
        msg = f"expected a number, got {value!r}"
        raise TypeError(msg)
    return float(value)


def _is_collection(cls: Any) -> bool:
    return get_origin(cls) in (tuple, frozenset, list, set) or cls in (tuple, frozenset, list, set)


def _collection_hook(cls: Any, converter: cattrs.Converter) -> Callable[[Any, type], Any]:
    origin = get_origin(cls) or cls
    args = get_args(cls)
    fixed = origin is tuple and bool(args) and not (len(args) == 2 and args[1] is Ellipsis)
    hooks = [converter.get_structure_hook(a) for a in args[: None if fixed else 1]] or [lambda v, _: v]
    types = list(args[: None if fixed else 1]) or [Any]
    hook, kind = hooks[0], types[0]

    def structure(value: Any, _: type) -> Any:
        if type(value) is not list:
            msg = f"expected a list, got {value!r}"
            raise TypeError(msg)
        if fixed and len(value) != len(hooks):
            msg = f"expected a list of {len(hooks)} items, got {len(value)}"
            raise ValueError(msg)
        try:  # the common case, a valid list, in one comprehension; a failure is redone below
            if fixed:
                items = [h(item, t) for h, t, item in zip(hooks, types, value, strict=True)]
            else:
                items = [hook(item, kind) for item in value]
        except Exception:  # redone item by item below, to name the index
            pass
        else:
            return finish(items, value)
        items, errors = [], []
        for i, item in enumerate(value):
            j = i if fixed else 0
            try:
                items.append(hooks[j](item, types[j]))
            except Exception as exc:
                exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(f"@ index {i}", i, types[j])]
                errors.append(exc)
                break
        if errors:
            raise IterableValidationError(f"while structuring {cls!r}", errors, cls)
        return finish(items, value)

    def finish(items: list[Any], value: list[Any]) -> Any:
        if origin is frozenset or origin is set:
            if len(set(items)) != len(items):
                msg = f"expected distinct items, got {value!r}"
                raise ValueError(msg)
            return frozenset(items)
        return tuple(items) if origin is tuple else items

    return _quick(origin, fixed, [_EXACT.get(h) for h in hooks], structure)


def _quick(
    origin: Any, fixed: bool, exact: list[type | None], structure: Callable[[Any, type], Any]
) -> Callable[[Any, type], Any]:
    """A faster front of a collection hook `structure` for the common valid lists: an empty
    list, or a list of plain values (text, integers, flags) of exactly their item types, built
    at once without a call per item. Anything else (and every refusal) goes to `structure`, so
    the front accepts nothing `structure` refuses and builds the same value."""
    if origin not in (tuple, frozenset) or None in exact:
        if fixed or origin not in (tuple, frozenset):
            return structure
        empty = () if origin is tuple else frozenset()

        def some(value: Any, cls: type) -> Any:
            return empty if type(value) is list and not value else structure(value, cls)

        return some
    if fixed:
        return _fixed_plain(exact, structure)
    return _plain_items(exact[0], origin is frozenset, structure)


def _fixed_plain(exact: list[type | None], structure: Callable[[Any, type], Any]) -> Callable[[Any, type], Any]:
    """The front of a fixed tuple of plain values (`tuple[int, int, int]`)."""
    size = len(exact)

    def fixed_plain(value: Any, cls: type) -> Any:
        if type(value) is list and len(value) == size:
            for item, kind in zip(value, exact):  # noqa: B905 - the lengths were compared
                if type(item) is not kind:
                    break
            else:
                return tuple(value)
        return structure(value, cls)

    return fixed_plain


def _plain_items(kind: Any, distinct: bool, structure: Callable[[Any, type], Any]) -> Callable[[Any, type], Any]:
    """The front of `tuple[X, ...]` (or, `distinct`, `frozenset[X]`) of a plain `X`."""

    def plain(value: Any, cls: type) -> Any:
        if type(value) is list:
            for item in value:
                if type(item) is not kind:
                    break
            else:
                if not distinct:
                    return tuple(value)
                found = frozenset(value)
                if len(found) == len(value):
                    return found
        return structure(value, cls)

    return plain


def _is_homogeneous(cls: Any) -> bool:
    """`tuple[X, ...]` or `list[X]`: a sequence of one item type."""
    args = get_args(cls)
    if get_origin(cls) is tuple:
        return len(args) == 2 and args[1] is Ellipsis
    return get_origin(cls) is list and len(args) == 1


def _unstructure_items(cls: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    """What cattrs writes for a homogeneous sequence (a tuple for a tuple, a list for a list),
    in one comprehension with the item's hook found once; items written as they are (ints,
    text) are not walked at all."""
    origin = get_origin(cls)
    hook = converter.get_unstructure_hook(get_args(cls)[0])
    if origin is tuple:
        if hook is identity:  # a tuple of plain values is its own unstructured form
            return lambda value: value if type(value) is tuple else tuple(value)
        return lambda value: tuple([hook(item) for item in value])
    if hook is identity:
        return list
    return lambda value: [hook(item) for item in value]


def _is_mapping(cls: Any) -> bool:
    return is_mapping(cls) and (get_origin(cls) or cls) is not Tokens and not attrs.has(cls)


def _mapping_hook(cls: Any, converter: cattrs.Converter) -> Callable[[Any, type], Any]:
    base: Callable[[Any, type], Any] = make_mapping_structure_fn(cls, converter)

    def structure(value: Any, _: type) -> Any:
        if type(value) is not dict:
            msg = f"expected an object, got {value!r}"
            raise TypeError(msg)
        return base(value, cls)

    return structure


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


_TOKENS_READ: dict[tuple[tuple[Any, Any], ...], Tokens] = {}
"""Multisets read and found valid, by their (kind, count) pairs: most recur from state to state."""
_TOKENS_KEPT: Final = 4096


def _structure_tokens(value: Any, _: type) -> Tokens:
    if type(value) is not dict:
        msg = f"expected an object of token counts, got {value!r}"
        raise TypeError(msg)
    # An equal key may hold a count True or a kind of a str subclass: only exact types are reused.
    exact = set(map(type, value)) <= {str} and set(map(type, value.values())) <= {int}
    if not exact:
        return _checked_tokens(value)
    key = tuple(value.items())
    found = _TOKENS_READ.get(key)
    if found is not None:
        return found
    tokens = _checked_tokens(value)
    if len(_TOKENS_READ) >= _TOKENS_KEPT:
        _TOKENS_READ.clear()
    _TOKENS_READ[key] = tokens
    return tokens


def _checked_tokens(value: dict[Any, Any]) -> Tokens:
    if len(value) > MAX_KINDS:
        msg = f"{len(value)} kinds of token, more than the {MAX_KINDS} allowed"
        raise ValueError(msg)
    for kind, n in value.items():
        if type(n) is not int or not 0 < n <= MAX_COUNT:
            msg = f"{kind!r} must be a positive integer count (at most {MAX_COUNT}), got {n!r}"
            raise ValueError(msg)
    if all(type(kind) is str for kind in value):  # JSON keys always are: no second check needed
        return Tokens._trusted(dict(sorted(value.items())))
    return Tokens(value)


_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""The compact JSON writer of every envelope, made once (`json.dumps` with options builds one per call)."""


def dump_envelope(kind: str, game: str, payload: Any) -> str:
    """Wrap an unstructured `payload` in a versioned envelope and return the JSON text."""
    document = {"format": f"tabletop/{kind}", "version": VERSION, "game": game, kind: payload}
    return _ENCODER.encode(document)


def dump_text(kind: str, game: str, payload: str) -> str:
    """The JSON text of [`dump_envelope`][tabletop.kernel.serialize.dump_envelope] for a payload
    already written as compact JSON text (see [`TextWriter`][tabletop.kernel.jsontext.TextWriter])."""
    return f'{{"format":"tabletop/{kind}","version":{VERSION},"game":{_ENCODER.encode(game)},"{kind}":{payload}}}'


def load_envelope(text: str | bytes, *, kind: str, game: str | None) -> Any:
    """Check an envelope and return its unstructured payload.

    Args:
        text: The JSON text.
        kind: The document kind expected (`"state"`, `"record"`...).
        game: The game expected, or `None` to accept any game.

    Raises:
        DecodeError: On text too long or too deeply nested (checked before parsing), bad
            JSON or a wrong format, version or game.
    """
    text = check_bounds(text)
    try:
        document = loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        msg = f"not valid JSON: {exc}"
        raise DecodeError(msg) from None
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


PART_BY_PART: Final = 1200
"""The shortest state text read part by part: a shorter one (a small game's) is parsed and
structured whole as fast."""

_READERS: dict[int, tuple[cattrs.Converter, TextReader]] = {}


def _reader(converter: cattrs.Converter) -> TextReader:
    """The one [`TextReader`][tabletop.kernel.jsontext.reader.TextReader] of `converter`."""
    found = _READERS.get(id(converter))
    if found is None or found[0] is not converter:
        found = _READERS[id(converter)] = (converter, TextReader(converter))
    return found[1]


def read_state(text: str | bytes, *, game: str, converter: cattrs.Converter, cls: type[T]) -> T:
    """The state of a state envelope's `text`, as [load_envelope][tabletop.kernel.serialize.load_envelope]
    and [structure][tabletop.kernel.serialize.structure] read it (the same value, the same
    errors), faster: a text laid out as [dump_text][tabletop.kernel.serialize.dump_text] writes
    it is read part by part without parsing it whole, each part unchanged since a text read
    before found again. The state is not validated (see [validate_state][tabletop.kernel.serialize.validate_state]).

    Raises:
        DecodeError: As `load_envelope` and `structure` do, or if the payload is not an object.
    """
    if type(text) is str and len(text) >= PART_BY_PART:
        checked = check_bounds(text)
        try:
            return _read_state(converter, checked, _ENCODER.encode(game), cls)
        except Miss:
            pass
    payload = load_envelope(text, kind="state", game=game)
    if not isinstance(payload, dict):
        raise DecodeError("expected an object", path="state")
    return structure(converter, payload, cls, root="state")


def _read_state(converter: cattrs.Converter, text: str, game: str, cls: type[T]) -> T:
    """The state of a state envelope's `text` read part by part (see
    [`TextReader`][tabletop.kernel.jsontext.reader.TextReader]) when it is laid out as
    [dump_text][tabletop.kernel.serialize.dump_text] writes it.

    Raises:
        Miss: If it is not (read it the usual way).
    """
    head = f'{{"format":"tabletop/state","version":{VERSION},"game":{game},"state":'
    if len(text) < PART_BY_PART or not text.startswith(head) or not text.endswith("}"):
        raise Miss
    return _reader(converter).read(text, len(head), len(text) - 1, cls)  # type: ignore[no-any-return]


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


_P = TypeVar("_P")
_A = TypeVar("_A")


class PartAnswers:
    """Answers about immutable parts of states (a deck's card counts, a check that passed),
    kept by the identity of the part, with the part (so that an identity is never reused while
    kept); past `size` answers all are dropped.

    A game's invariants use it for their costly parts: a step leaves most parts of a state the
    very same objects, and reading a state checks it and the state after its first legal move
    ([validate_state][tabletop.kernel.serialize.validate_state]), so an unchanged part is
    worked out once. Sound only for immutable parts (frozen attrs instances, tuples of them,
    [`Tokens`][tabletop.kernel.tokens.Tokens]) and a `work` that reads nothing else.

    ```pycon
    >>> counts = PartAnswers()
    >>> hand = ("a", "b", "a")
    >>> counts.of(hand, len), counts.of(hand, len)
    (3, 3)
    >>> counts
    PartAnswers(1 kept)

    ```
    """

    def __init__(self, size: int = 512) -> None:
        self._kept: dict[int, tuple[object, Any]] = {}
        self._size = size

    def __repr__(self) -> str:
        return f"PartAnswers({len(self._kept)} kept)"

    def of(self, part: _P, work: Callable[[_P], _A]) -> _A:
        """`work(part)`, worked out once per part (by identity) while kept."""
        found = self._kept.get(id(part))
        if found is not None and found[0] is part:
            return found[1]  # type: ignore[no-any-return]
        answer = work(part)
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(part)] = (part, answer)
        return answer

    def holds(self, part: object, *context: object) -> bool:
        """Whether `part` was kept (by [keep][tabletop.kernel.serialize.PartAnswers.keep]) with
        this very `context` (compared by identity): e.g. a deck found sound against this very
        makeup."""
        found = self._kept.get(id(part))
        if found is None or found[0] is not part or len(found[1]) != len(context):
            return False
        return all(kept is given for kept, given in zip(found[1], context, strict=True))

    def keep(self, part: object, *context: object) -> None:
        """Keep `part` with `context` (see [holds][tabletop.kernel.serialize.PartAnswers.holds])."""
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(part)] = (part, context)


def validate_state(state: Any, *, invariants: Callable[[Any], None] | None = None, root: str = "state") -> None:
    """Check what a structured state's types cannot say, as a constructor of a game would.

    The flow must be a step of the state's phase table with a seat that exists; the game's
    `invariants` (conserved counts, ranges, ids that exist, sizes within the game's limits)
    must hold; and the state must answer the protocol (legal moves, chance outcomes, the
    outcome at the end) without failing.

    Args:
        state: A state just structured from JSON (a full state or a view).
        invariants: The game's invariants (`Game.invariants`), raising `AssertionError`.
        root: The path of the state in the document, for errors.

    Raises:
        DecodeError: Naming the first problem and where it is.
    """
    flow = state.flow
    steps = type(state).MACHINE.steps()
    if flow.key not in steps:
        msg = f"unknown step {flow.key!r} (the phase table has {', '.join(sorted(steps))})"
        raise DecodeError(msg, path=f"{root}.flow")
    seats = state.num_players
    for name in ("player", "first_player"):
        value = getattr(flow, name)
        if not 0 <= value < seats:
            msg = f"seat {value!r} does not exist (seats 0 to {seats - 1})"
            raise DecodeError(msg, path=f"{root}.flow.{name}")
    if flow.round < 0:
        raise DecodeError(f"round {flow.round!r} is below 0", path=f"{root}.flow.round")
    if state.chance_count < 0:
        raise DecodeError(f"{state.chance_count!r} chance events", path=f"{root}.chance_count")
    if state.seed is not None and state.seed < 0:
        raise DecodeError(f"a seed below 0: {state.seed!r}", path=f"{root}.seed")
    try:
        if invariants is not None:
            invariants(state)
        _answers(state, root, invariants)
    except DecodeError:
        raise
    except InvariantBroken as exc:
        path = f"{root}.{exc.path}" if exc.path and not exc.path.startswith("[") else root + exc.path
        raise DecodeError(f"invariant broken: {exc}", path=path) from None
    except AssertionError as exc:
        raise DecodeError(f"invariant broken: {exc}", path=root) from None
    except Exception as exc:  # anything the game's code trips over is a state it cannot hold
        raise DecodeError(f"not a consistent state: {type(exc).__name__}: {exc}", path=root) from None


def _answers(state: Any, root: str, invariants: Callable[[Any], None] | None) -> None:
    """Ask the state what play asks of it (its answers are cached for later) and play its
    first legal move (a full state's pending work, such as a queue of effects, runs then).
    A view at a chance node is not asked: it may not know what chance can bring."""
    if state.is_chance_node and state.seed is None:
        return
    moves = state.legal_moves()
    if state.is_terminal:
        assert state.outcome is not None, "the game is over but has no outcome"
    else:
        assert moves, "the game is not over but nobody can move"
    if state.is_chance_node:
        state.chance_outcomes()
    if moves and state.seed is not None:  # the next step must work out too (its pending work is read)
        try:
            after = state.apply(moves[0])
        except TabletopError as exc:
            msg = f"its first legal move {moves[0]} is refused: {exc}"
            raise DecodeError(msg, path=root) from None
        if invariants is not None:
            try:
                invariants(after)
            except AssertionError as exc:
                msg = f"its pending work breaks an invariant at the next step ({moves[0]}): {exc}"
                raise DecodeError(msg, path=root) from None
