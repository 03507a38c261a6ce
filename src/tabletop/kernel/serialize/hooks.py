"""The structure and unstructure hooks of [make_converter][tabletop.kernel.serialize.make_converter]:
strict scalars, collections, mappings and multisets of tokens, each with a fast path for the
common valid value that accepts nothing the checked path refuses and builds the same value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import is_mapping
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.fns import identity
from cattrs.gen import make_mapping_structure_fn

from tabletop.kernel.serialize.limits import MAX_COUNT, MAX_KINDS
from tabletop.kernel.tokens import Tokens, _build

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


_TOKENS_READ: dict[tuple[tuple[Any, ...], tuple[Any, ...]], Tokens] = {}
"""Multisets read and found valid, by their kinds and their counts (in order): most recur from
state to state."""
_TOKENS_KEPT: Final = 4096


def _structure_tokens(value: Any, _: type) -> Tokens:
    if type(value) is not dict:
        msg = f"expected an object of token counts, got {value!r}"
        raise TypeError(msg)
    kinds = tuple(value)
    # An equal key may hold a count True or a kind of a str subclass: only exact types are reused.
    if not set(map(type, kinds)) <= _TEXT:
        return _checked_tokens(value)
    return _text_kinds(value, kinds)


def _scanned_tokens(value: Any, hint: type) -> Tokens:
    """`_structure_tokens` of a value as the JSON scanner reads it (the reader's): an object's
    keys are then exact text, not checked again. The value is a new dict of the scanner's, owned
    by nobody else: written in order (as the writer writes it), it becomes the multiset's counts
    as it is. Not looked up in `_TOKENS_READ`: the reader keeps the multisets it read by their
    text already, and what it misses there is almost never there either."""
    if type(value) is not dict:
        return _structure_tokens(value, hint)  # which words the refusal
    if len(value) <= MAX_KINDS:
        # One loop: each count an exact integer within its bounds (as `_checked_tokens` checks
        # them), the total, and whether the kinds are in order (rising: they are all different).
        # Short loops cost less than `set(map(type, ...))`, `min`, `max` and `sorted` calls.
        total = 0
        last = ""
        ordered = True
        for kind, n in value.items():
            if type(n) is not int or not 0 < n <= MAX_COUNT:
                break
            if kind <= last:  # the first kind too if it is "" (then sorted: the same counts)
                ordered = False
            last = kind
            total += n
        else:
            if ordered:  # as the writer writes it: the scanner's dict is the counts
                return _build(value, total)
            kinds = sorted(value)
            return _build(dict(zip(kinds, map(value.__getitem__, kinds), strict=True)), total)
    return _checked_tokens(value)  # which words the refusal


def _text_kinds(value: dict[Any, Any], kinds: tuple[Any, ...]) -> Tokens:
    """The multiset of `value`, whose `kinds` (its keys, in order) are exact text."""
    counts = tuple(value.values())
    if not set(map(type, counts)) <= _WHOLE:
        return _checked_tokens(value)
    key = (kinds, counts)  # the kinds and the counts in order: two tuples, not one a pair
    found = _TOKENS_READ.get(key)
    if found is not None:
        return found
    # exact integers: their bounds found at C speed, as `_checked_tokens` checks them
    if len(kinds) <= MAX_KINDS and (not kinds or (min(counts) > 0 and max(counts) <= MAX_COUNT)):
        ordered = sorted(kinds)  # text compared with text: faster than sorting the (kind, count) pairs
        # `Tokens._trusted` in line: its total is the sum of these very counts
        if ordered == list(kinds):  # as the writer writes them: a copy of it is in order already
            tokens = _build(dict(value), sum(counts))
        else:
            tokens = _build(dict(zip(ordered, map(value.__getitem__, ordered), strict=True)), sum(counts))
    else:
        tokens = _checked_tokens(value)  # which words the refusal
    if len(_TOKENS_READ) >= _TOKENS_KEPT:
        _TOKENS_READ.clear()
    _TOKENS_READ[key] = tokens
    return tokens


SCANNED: Final[dict[Callable[[Any, type], Any], Callable[[Any, type], Any]]] = {_structure_tokens: _scanned_tokens}
"""Hooks with a twin for a value the JSON scanner read (the same value or refusal, fewer checks):
what [`TextReader`][tabletop.kernel.jsontext.reader.TextReader] calls instead."""


_TEXT: Final = frozenset({str})
_WHOLE: Final = frozenset({int})
"""The one type of a multiset's kinds, and of its counts, that a read multiset is kept for."""


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
