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

import functools
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

__all__ = [
    "CACHES",
    "blank",
    "cleared_caches",
    "evolve",
    "evolve_from",
    "maker",
    "plain_slots",
    "remember",
    "writable_subclass",
    "writable_twin",
]

CACHES: Final = "_CACHES"
"""The class variable naming a class's cache slots (answers computed from the fields and
kept on the instance, such as a state's legal moves): a tuple of slot names. `evolve` and
[`Builder.freeze`][tabletop.kernel.builder.Builder.freeze] set them to `None` on every
instance they build, so that reading a cache is a plain load and a test for `None`, never an
`AttributeError` caught."""

T = TypeVar("T")
K = TypeVar("K")
_MISSING: Final = object()
_REPLACERS: dict[type, Callable[..., Any]] = {}


def remember(table: dict[K, T], key: K, value: T, limit: int) -> T:
    """Keep `value` in the bounded table `table` under `key` and return it; a table already holding
    `limit` entries is emptied first.

    The one way the kernel keeps a bounded table of shared values (interned flows, remembered
    answers): read it with a plain `table.get(key)`, and on a miss store with
    `remember(table, key, value, LIMIT)`. A table that only stopped storing once full would stop
    sharing for good in a long process (a server, a soak, the whole test suite) once values it
    never meets again filled it; emptied, it fills again with the values met now. Values stay
    valid after the table forgets them: it only saves building them again. A path where one call
    more counts (`PhaseMachine.goto`, at every new flow) writes the same two lines out.

    ```pycon
    >>> table: dict[str, int] = {}
    >>> remember(table, "a", 1, limit=2), remember(table, "b", 2, limit=2)
    (1, 2)
    >>> remember(table, "c", 3, limit=2), table
    (3, {'c': 3})

    ```
    """
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance `inst` with `changes`, like `attrs.evolve`.

    Raises:
        TypeError: If a keyword is not a field of the class.
    """
    try:
        replace = _REPLACERS[type(inst)]  # a subscript, not a `dict.get` call: missed once per class
    except KeyError:
        replace = _REPLACERS[type(inst)] = _replacer(type(inst))
    return replace(inst, changes)  # type: ignore[no-any-return]


def evolve_from(inst: T, changes: dict[str, Any]) -> T:
    """`evolve(inst, **changes)` with the changes already in a dict of the caller's own (it is
    read, never kept), saving the keyword packing of one more call.

    Raises:
        TypeError: If a key is not a field of the class.
    """
    try:
        replace = _REPLACERS[type(inst)]  # a subscript, not a `dict.get` call: missed once per class
    except KeyError:
        replace = _REPLACERS[type(inst)] = _replacer(type(inst))
    return replace(inst, changes)  # type: ignore[no-any-return]


def _replacer(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """`replace(inst, changes)` for `cls`, generated once per class.

    For a plain slotted class it copies every slot, then sets the changed ones: one call per
    field and one per change, with none of the per-field defaults a keyword-only signature
    would fill in at every call.
    """
    fields = list(attrs.fields(cls))
    namespace: dict[str, Any] = {"_M": _MISSING, "_cls": cls, "_new": object.__new__, "_unknown": _unknown}
    twin = writable_twin(cls) if plain_slots(cls, fields) else None
    if twin is not None:
        # Built as the writable twin (plain attribute stores, no call per field), then made a
        # `cls`: see `writable_twin`.
        namespace["_twin"] = blank(twin)
        namespace["_setattr"] = setattr
        namespace["_by_alias"] = {a.alias: a.name for a in fields if a.init}
        lines = ["def replace(inst, changes):", "    new = _twin()"]
        lines += [f"    new.{a.name} = inst.{a.name}" for a in fields]
        lines += [f"    new.{name} = None" for name, _ in cleared_caches(cls)]
        # A membership test and a subscript (bytecodes) rather than a `dict.get` call; the
        # subscript is left out when no field has a private name.
        plain = all(alias == name for alias, name in namespace["_by_alias"].items())
        lines += [
            "    for name, value in changes.items():",
            "        if name not in _by_alias:",
            "            _unknown(_cls, name)",
            "        _setattr(new, name, value)" if plain else "        _setattr(new, _by_alias[name], value)",
            "    new.__class__ = _cls",
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


def maker(cls: Callable[..., T]) -> Callable[..., T]:
    """A function building a `cls` from every field's value, positionally in declaration order,
    as `cls(...)` would with all of them given: for a plain slotted class (see
    [plain_slots][tabletop.kernel.fastattrs.plain_slots]) without `__init__`'s per-field calls,
    through its [writable twin][tabletop.kernel.fastattrs.writable_twin]; otherwise `cls` itself.

    ```pycon
    >>> import attrs
    >>> @attrs.frozen
    ... class Card:
    ...     name: str
    >>> make_card = maker(Card)
    >>> make_card("storm"), type(make_card("bait")) is Card
    (Card(name='storm'), True)

    ```

    Raises:
        TypeError: If `cls` is not an attrs class.
    """
    as_given = cls
    if not isinstance(cls, type) or not attrs.has(cls):
        msg = f"maker() needs an attrs class, got {cls!r}"
        raise TypeError(msg)
    fields = list(attrs.fields(cls))
    twin = writable_twin(cls) if plain_slots(cls, fields) and all(a.init for a in fields) else None
    if twin is None:
        return as_given
    names = [a.name for a in fields]
    lines = [f"def make({', '.join(names)}):", "    new = _twin()"]
    lines += [f"    new.{name} = {name}" for name in names]
    lines += [f"    new.{name} = None" for name, _ in cleared_caches(cls)]
    lines += ["    new.__class__ = _cls", "    return new"]
    namespace: dict[str, Any] = {"_cls": cls, "_twin": blank(twin)}
    exec(compile("\n".join(lines) + "\n", f"<maker {cls.__qualname__}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[no-any-return]


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

_TWINS: dict[type, type | None] = {}
_OBJECT_NEW: Final[Any] = object.__new__
_OBJECT_INIT: Final[Any] = object.__init__


def writable_twin(cls: type) -> type | None:
    """A subclass of the slotted class `cls` adding nothing but plain (not frozen) attribute
    stores, or `None` when `cls` cannot have one; made once per class.

    Generated code that builds a new `cls` ([`evolve`][tabletop.kernel.fastattrs.evolve],
    [`maker`][tabletop.kernel.fastattrs.maker]) allocates a twin, stores every slot as a plain
    attribute (one bytecode each, where a frozen class needs a call of its slot's setter each:
    about half the time for a state of twenty fields), and then sets its `__class__` to `cls`:
    the same memory layout, so the object becomes an ordinary `cls`, frozen, before anybody else
    sees it (one `__class__` write costs less than two setter calls).
    """
    if cls not in _TWINS:
        # With object's own __new__, the twin takes object's __init__ too: `twin()` then makes an
        # empty one in a type call (see `blank`), cheaper than `object.__new__(twin)`.
        plain_new = cls.__dict__.get("__new__") is None and getattr(cls, "__new__", None) is _OBJECT_NEW
        body: dict[str, Any] = {"__init__": object.__init__} if plain_new else {}
        _TWINS[cls] = writable_subclass(cls, cls.__name__, f"{cls.__qualname__}.<writable>", body)
    return _TWINS[cls]


def blank(twin: type) -> Callable[[], Any]:
    """A function making an empty instance of `twin` (a class
    [`writable_twin`][tabletop.kernel.fastattrs.writable_twin] made): the twin itself, when its
    `__init__` is `object.__init__` (a type call, about a quarter cheaper), else
    `object.__new__(twin)`; for the generated code that fills it."""
    if twin.__dict__.get("__init__") is _OBJECT_INIT and getattr(twin, "__new__", None) is _OBJECT_NEW:
        return twin
    return functools.partial(object.__new__, twin)


def writable_subclass(
    cls: type, name: str, qualname: str, namespace: dict[str, Any], *, mixins: tuple[type, ...] = (), meta: type = type
) -> type | None:
    """A new subclass of the slotted class `cls` with plain (not frozen) attribute stores, the
    same memory layout (no slot of its own), the given names and the class attributes in
    `namespace` (and the slotless `mixins` after `cls` among its bases, made by `meta` if it
    derives from `cls`'s metaclass); `None` when `cls` cannot be subclassed so, or its
    instances not switched back to `cls` by a `__class__` write.
    [`writable_twin`][tabletop.kernel.fastattrs.writable_twin] is the one with nothing added;
    a [`Builder`][tabletop.kernel.builder.Builder] adds its methods to its own."""
    body = {
        "__module__": cls.__module__,
        **namespace,
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__qualname__": qualname,
    }
    try:
        kind = meta if issubclass(meta, type(cls)) else type(cls)
        made: type = kind(name, (cls, *mixins), body)
        made.__abstractmethods__ = frozenset()  # type: ignore[attr-defined]  # never seen as a twin
        probe: Any = object.__new__(made)
        probe.__class__ = cls
    except TypeError:  # a class that cannot be subclassed, or switched to: the slow way
        return None
    return made
