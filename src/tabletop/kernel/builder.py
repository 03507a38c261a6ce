"""`Builder`: a mutable working copy of a frozen state, for the many changes of one step.

A step of a game (one `apply`) may change a dozen fields one after another. Building a new
frozen state for each change costs one object per change; a builder takes the fields of the
state into a plain object once, lets the step change them in place (each field a new
immutable value), and [`freeze`][tabletop.kernel.builder.Builder.freeze] builds the new
state once at the end. A builder never leaves the step that made it, so nobody else sees it
change.

A game declares its builder by naming the state class; the copying and the freezing are
generated from the class's fields (nothing is written by hand, so a new field cannot be
forgotten):

```pycon
>>> import attrs
>>> @attrs.frozen
... class Counter:
...     n: int
...     log: tuple[str, ...] = ()
>>> class Work(Builder[Counter], state=Counter):
...     pass
>>> work = Work(Counter(1))
>>> work.n += 1
>>> work.log = (*work.log, "added one")
>>> work.freeze()
Counter(n=2, log=('added one',))

```

[`in_place`][tabletop.kernel.builder.in_place] turns a step function that changes a builder
into one that maps a state to the next, the form the phase machine's automatic-step table
holds.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Any, ClassVar, Final, Generic, TypeVar

import attrs

from tabletop.kernel.fastattrs import blank, cleared_caches, plain_slots, writable_subclass, writable_twin

__all__ = ["Builder", "in_place"]

S = TypeVar("S")
B = TypeVar("B", bound="Builder[Any]")

_NEW: Final = object.__new__


class _BuilderType(abc.ABCMeta):
    """The metaclass of builders: generates a builder's copying and freezing when its class
    statement names the state (`state=...`), and makes the class it binds a writable subclass
    of the state class when it can (see `_live_class`)."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], /, *, state: Any = None, **kwargs: Any
    ) -> _BuilderType:
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if namespace.get("_LIVE"):  # a live class being made (below)
            return cls
        if state is None:
            state = getattr(cls, "STATE", None)  # a subclass of a builder: its own methods too
            if state is None:
                return cls
        if not attrs.has(state):
            msg = f"{name}: a builder's state must be an attrs class, got {state!r}"
            raise TypeError(msg)
        fields = list(attrs.fields(state))
        names = tuple(a.name for a in fields)
        generated: dict[str, Any] = {"_cls": state, "_new": _NEW}
        load = ["def __init__(self, state):", *(f"    self.{name} = state.{name}" for name in names)]
        if plain_slots(state, fields):  # filled through the writable twin, then made a state
            generated["_twin"] = writable_twin(state)
            generated["_blank"] = blank(generated["_twin"])
            clear = [f"    {{0}}.{name} = None" for name, _ in cleared_caches(state)]
            freeze = ["def freeze(self):", "    new = _blank()"]
            freeze += [f"    new.{name} = self.{name}" for name in names]
            freeze += [line.format("new") for line in clear]
            freeze += ["    new.__class__ = _cls", "    return new"]
            freeze += ["def finish(self):", *(line.format("self") for line in clear)]
            freeze += ["    self.__class__ = _cls", "    return self"]
        else:  # validators, converters or a post-init: let __init__ run them
            args = ", ".join(f"{a.alias}=self.{a.name}" for a in fields if a.init)
            freeze = ["def freeze(self):", f"    return _cls({args})", "finish = freeze"]
        source = "\n".join(load + freeze) + "\n"
        exec(compile(source, f"<builder {cls.__qualname__}>", "exec"), generated)
        made = {key: generated[key] for key in ("__init__", "freeze", "finish")}
        made.update(STATE=state, FIELDS=names)
        live = _live_class(cls, state, made) if "_twin" in generated else None
        if live is not None:
            return live  # type: ignore[return-value]  # made by _BuilderType
        for key, value in made.items():
            setattr(cls, key, value)
        return cls


class Builder(Generic[S], metaclass=_BuilderType):
    """The fields of a frozen attrs state, as plain attributes one step may change.

    Subclass it as `class Draft(Builder[MyState], state=MyState)`: the subclass gets an
    `__init__(state)` copying every field (from the state, or from another builder), a
    `freeze()` building the state and a `finish()` making the builder itself the state, all
    generated from `attrs.fields(MyState)`. Subclasses may add queries and helpers; they
    declare the fields for the type checker on a shared base or protocol if they need to.

    For a plain slotted state class (no validators, converters or post-init: every game
    state), the class the statement binds is a writable subclass of the state class holding
    the builder's methods (`issubclass(Draft, MyState)`): its objects keep the fields in the
    state's own slots, so `finish()` makes one the new state by switching its class, with no
    copy; such a builder holds the state's fields only (no attribute of its own) and is equal
    only to itself.

    Raises:
        TypeError: At class creation, if `state` is not an attrs class.
    """

    __slots__ = ()

    STATE: ClassVar[type[Any]]
    """The state class the builder freezes into."""
    FIELDS: ClassVar[tuple[str, ...]]
    """The state's field names, in declaration order."""

    def __init__(self, state: Any) -> None:  # replaced in every subclass that names its state
        """Copy every field of `state` (the state, or another builder of it)."""
        msg = f"{type(self).__name__} names no state class: declare it with state=..."
        raise TypeError(msg)

    def freeze(self) -> S:
        """The new state, as the builder stands (the builder may go on changing)."""
        msg = f"{type(self).__name__} names no state class: declare it with state=..."
        raise TypeError(msg)

    def finish(self) -> S:
        """The new state, as the builder stands, made of the builder itself: the last thing a
        step does with its builder (no copy of the fields, where `freeze` copies them all so
        that the builder can go on changing). The builder is that state from then on: a later
        change raises `attrs.exceptions.FrozenInstanceError`. (For a state class with
        validators, a converter or a post-init, `finish` is `freeze`.)"""
        msg = f"{type(self).__name__} names no state class: declare it with state=..."
        raise TypeError(msg)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({fields})"


_KEPT_OUT: Final = frozenset(
    {"__dict__", "__weakref__", "__module__", "__qualname__", "__slots__", "__orig_bases__", "__parameters__"}
    | {"__new__", "__init_subclass__", "__setattr__", "__delattr__", "__abstractmethods__", "_abc_impl"}
    | {"__firstlineno__", "__static_attributes__", "__type_params__"}
)
"""Class attributes of a builder's classes that its live class does not take over."""


def _live_class(cls: type, state: type[Any], made: dict[str, Any]) -> type | None:
    """The class a builder's statement binds for a plain slotted state class: a subclass of
    the state class (and of `Builder`) with plain attribute stores (see
    [writable_subclass][tabletop.kernel.fastattrs.writable_subclass]), holding every attribute
    that `cls`, the class as written, and its bases define up to the state class, and the
    generated `made`; `None` when there cannot be one (a base of the builder with slots of its
    own, or a state class that cannot be subclassed so).

    Its objects keep the fields in the slots of the state's memory layout, so `finish` makes one
    the new state by setting its `__class__`: one copy of the fields per step (into the
    builder), where a builder of another layout copies them twice (in, then out).
    """
    namespace: dict[str, Any] = {}
    for klass in reversed(cls.__mro__[: cls.__mro__.index(state)] if state in cls.__mro__ else cls.__mro__):
        if klass in (object, Generic, Builder):
            continue
        if klass.__dict__.get("__slots__"):
            return None
        namespace.update((k, v) for k, v in klass.__dict__.items() if k not in _KEPT_OUT)
    namespace.setdefault("__repr__", Builder.__repr__)
    namespace.update(
        made,
        __module__=cls.__module__,
        _LIVE=True,
        __eq__=object.__eq__,
        __ne__=object.__ne__,
        __hash__=object.__hash__,
    )
    return writable_subclass(state, cls.__name__, cls.__qualname__, namespace, mixins=(Builder,), meta=_BuilderType)


def in_place(builder: Callable[[S], B], step: Callable[[B], None]) -> Callable[[S], S]:
    """The state-to-state form of `step`, a function that changes a builder in place.

    ```pycon
    >>> import attrs
    >>> @attrs.frozen
    ... class Counter:
    ...     n: int
    >>> class Work(Builder[Counter], state=Counter):
    ...     pass
    >>> def add(work: Work) -> None:
    ...     work.n += 1
    >>> in_place(Work, add)(Counter(1))
    Counter(n=2)

    ```
    """

    def run(state: S) -> S:
        work = builder(state)
        step(work)
        return work.finish()  # type: ignore[no-any-return]

    run.__name__ = getattr(step, "__name__", "step")
    run.__qualname__ = getattr(step, "__qualname__", run.__name__)
    run.__doc__ = step.__doc__
    return run
