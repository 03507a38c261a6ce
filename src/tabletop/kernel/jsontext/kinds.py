"""How a [`TextWriter`][tabletop.kernel.jsontext.TextWriter] writes each type: worked out once per type.

Whether an attrs class is written by a generated function, whether a record is a leaf whose
texts its place finds again in the store of its type (at least
[`LEAF_FIELDS`][tabletop.kernel.jsontext.kinds.LEAF_FIELDS] fields, or named by
[`keep_records`][tabletop.kernel.jsontext.kinds.keep_records]), how generated code writes a
part of a type (its kind: inline, by orjson, or by the part's own function), and whether a
type lies on a cycle of types. Part of [`tabletop.kernel.jsontext`][tabletop.kernel.jsontext],
which exports these names.
"""

from __future__ import annotations

import typing
from typing import Any, Final

import attrs
import cattrs
from cattrs.fns import identity

from tabletop.kernel.tokens import Tokens

__all__ = ["LEAF_FIELDS", "keep_records"]

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


_HOOKS: Final = "tabletop.kernel.serialize.hooks"
"""The module of the converter's hook that writes a tuple of plain values as it is."""

_PROBES: Final[dict[Any, Any]] = {int: 1, str: "a", bool: True}
"""The plain types of a `fixed<n>` tuple's items, with a value of each to probe the converter with."""


def _plain(hint: Any) -> bool:
    """Whether values of `hint` unstructure to text, integers, flags, `None` and lists of them
    (no float: the values [`_plain_text`][tabletop.kernel.jsontext._plain_text] may write)."""
    if hint in (int, str, bool, type(None)):
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (tuple, frozenset) or (origin is not None and type(None) in args and len(args) == 2):
        return bool(args) and all(a is Ellipsis or _plain(a) for a in args)
    return False


class _Kinds:
    """The questions a [`TextWriter`][tabletop.kernel.jsontext.TextWriter] asks of a type (its
    base class: the answers depend on its converter, and are kept on the writer)."""

    _converter: cattrs.Converter
    _cycles: dict[Any, bool]

    def _is_attrs(self, hint: Any) -> bool:
        return isinstance(hint, type) and attrs.has(hint) and self._generated(hint)

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
