"""``evolve`` for frozen attrs classes without ``attrs.evolve``'s per-call introspection.

Every step of every game builds a new state by replacing a few fields of the old one, so
this is on the hot path of every playout. The first call for a class generates a function
that takes each field as an optional keyword and calls the class's ``__init__`` once (so
validators and converters still run); later calls cost one function call.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int = 0
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

__all__ = ["evolve"]

T = TypeVar("T")
_MISSING: Final = object()
_REPLACERS: dict[type, Callable[..., Any]] = {}


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance ``inst`` with ``changes``, like ``attrs.evolve``.

    Raises:
        TypeError: If a keyword is not a field of the class.
    """
    cls = type(inst)
    replace = _REPLACERS.get(cls)
    if replace is None:
        replace = _REPLACERS[cls] = _replacer(cls)
    return replace(inst, **changes)  # type: ignore[no-any-return]


def _replacer(cls: type) -> Callable[..., Any]:
    fields = [a for a in attrs.fields(cls) if a.init]
    # Private attributes are passed to __init__ without their leading underscore.
    params = ", ".join(f"{a.alias}=_M" for a in fields)
    values = ", ".join(f"{a.alias}=inst.{a.name} if {a.alias} is _M else {a.alias}" for a in fields)
    namespace: dict[str, Any] = {"_M": _MISSING, "_cls": cls}
    source = f"def replace(inst, *, {params}):\n    return _cls({values})\n"
    exec(compile(source, f"<evolve {cls.__qualname__}>", "exec"), namespace)
    return namespace["replace"]  # type: ignore[no-any-return]
