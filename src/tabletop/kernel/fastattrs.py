"""`evolve` for frozen attrs classes without `attrs.evolve`'s per-call introspection.

Every step of every game builds a new state by replacing a few fields of the old one, so
this is on the hot path of every playout. The first call for a class generates a function
that takes each field as an optional keyword. For a slotted class without validators,
converters or `__attrs_post_init__` (every game state), the function fills the new
instance's slots directly, about twice as fast as `attrs.evolve`; otherwise it calls
`__init__` once, so validators and converters still run.

```pycon
>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int = 0
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)

```
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

__all__ = ["CACHES", "cleared_caches", "evolve", "evolve_from", "plain_slots"]

CACHES: Final = "_CACHES"
"""The class variable naming a class's cache slots (answers computed from the fields and
kept on the instance, such as a state's legal moves): a tuple of slot names. `evolve` and
[`Builder.freeze`][tabletop.kernel.builder.Builder.freeze] set them to `None` on every
instance they build, so that reading a cache is a plain load and a test for `None`, never an
`AttributeError` caught."""

T = TypeVar("T")
_MISSING: Final = object()
_REPLACERS: dict[type, Callable[..., Any]] = {}


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance `inst` with `changes`, like `attrs.evolve`.

    Raises:
        TypeError: If a keyword is not a field of the class.
    """
    cls = type(inst)
    replace = _REPLACERS.get(cls)
    if replace is None:
        replace = _REPLACERS[cls] = _replacer(cls)
    return replace(inst, changes)  # type: ignore[no-any-return]


def evolve_from(inst: T, changes: dict[str, Any]) -> T:
    """`evolve(inst, **changes)` with the changes already in a dict of the caller's own (it is
    read, never kept), saving the keyword packing of one more call.

    Raises:
        TypeError: If a key is not a field of the class.
    """
    cls = type(inst)
    replace = _REPLACERS.get(cls)
    if replace is None:
        replace = _REPLACERS[cls] = _replacer(cls)
    return replace(inst, changes)  # type: ignore[no-any-return]


def _replacer(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """`replace(inst, changes)` for `cls`, generated once per class.

    For a plain slotted class it copies every slot, then sets the changed ones: one call per
    field and one per change, with none of the per-field defaults a keyword-only signature
    would fill in at every call.
    """
    fields = list(attrs.fields(cls))
    namespace: dict[str, Any] = {"_M": _MISSING, "_cls": cls, "_new": object.__new__, "_unknown": _unknown}
    if plain_slots(cls, fields):
        namespace["_by_alias"] = {a.alias: getattr(cls, a.name).__set__ for a in fields if a.init}
        lines = ["def replace(inst, changes):", "    new = _new(_cls)"]
        for a in fields:
            namespace[f"_set_{a.name}"] = getattr(cls, a.name).__set__
            lines.append(f"    _set_{a.name}(new, inst.{a.name})")
        for name, put in cleared_caches(cls):
            namespace[f"_clear_{name}"] = put
            lines.append(f"    _clear_{name}(new, None)")
        lines += [
            "    for name in changes:",
            "        put = _by_alias.get(name)",
            "        if put is None:",
            "            _unknown(_cls, name)",
            "        put(new, changes[name])",
            "    return new",
        ]
    else:
        # Private attributes are passed to __init__ without their leading underscore.
        params = ", ".join(f"{a.alias}=_M" for a in fields if a.init)
        values = ", ".join(f"{a.alias}=inst.{a.name} if {a.alias} is _M else {a.alias}" for a in fields if a.init)
        lines = [
            f"def build(inst, *, {params}):",
            f"    return _cls({values})",
            "def replace(inst, changes):",
            "    return build(inst, **changes)",
        ]
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<evolve {cls.__qualname__}>", "exec"), namespace)
    return namespace["replace"]  # type: ignore[no-any-return]


def _unknown(cls: type, name: str) -> None:
    msg = f"evolve() got an unexpected keyword argument {name!r}: not a field of {cls.__qualname__}"
    raise TypeError(msg)


def cleared_caches(cls: type) -> list[tuple[str, Callable[[Any, Any], None]]]:
    """The cache slots `cls` declares in [CACHES][tabletop.kernel.fastattrs.CACHES], each with
    the setter of its slot, for the generated code that builds a new instance."""
    return [(name, getattr(cls, name).__set__) for name in getattr(cls, CACHES, ())]


def plain_slots(cls: type, fields: list[attrs.Attribute[Any]]) -> bool:
    """True when filling the slots of a new `cls` directly is exactly what `__init__` would do
    (a slotted class without validators, converters or `__attrs_post_init__`)."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__attrs_post_init__"):
        return False
    for a in fields:
        if a.validator is not None or a.converter is not None:
            return False
        if not isinstance(getattr(cls, a.name, None), _MEMBER_DESCRIPTOR):
            return False
    return True


_MEMBER_DESCRIPTOR: Final = type(type("_Probe", (), {"__slots__": ("x",)}).__dict__["x"])
