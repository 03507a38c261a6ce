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

from collections.abc import Callable
from typing import Any, ClassVar, Final, Generic, TypeVar

import attrs

from tabletop.kernel.fastattrs import cleared_caches, plain_slots, writable_twin

__all__ = ["Builder", "in_place"]

S = TypeVar("S")
B = TypeVar("B", bound="Builder[Any]")

_NEW: Final = object.__new__


class Builder(Generic[S]):
    """The fields of a frozen attrs state, as plain attributes one step may change.

    Subclass it as `class Draft(Builder[MyState], state=MyState)`: the subclass gets an
    `__init__(state)` copying every field (from the state, or from another builder) and a
    `freeze()` building the state, both generated from `attrs.fields(MyState)`. Subclasses
    may add queries and helpers; they declare the fields for the type checker on a shared
    base or protocol if they need to.

    Raises:
        TypeError: At class creation, if `state` is not an attrs class.
    """

    STATE: ClassVar[type[Any]]
    """The state class the builder freezes into."""
    FIELDS: ClassVar[tuple[str, ...]]
    """The state's field names, in declaration order."""

    def __init_subclass__(cls, *, state: type[Any] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if state is None:
            return
        if not attrs.has(state):
            msg = f"{cls.__name__}: a builder's state must be an attrs class, got {state!r}"
            raise TypeError(msg)
        fields = list(attrs.fields(state))
        cls.STATE = state
        cls.FIELDS = tuple(a.name for a in fields)
        namespace: dict[str, Any] = {"_cls": state, "_new": _NEW}
        load = ["def __init__(self, state):"]
        load += [f"    self.{name} = state.{name}" for name in cls.FIELDS]
        twin = writable_twin(state) if plain_slots(state, fields) else None
        if twin is not None:  # built as the writable twin, then made a state: see writable_twin
            namespace["_twin"] = twin
            freeze = ["def freeze(self):", "    new = _new(_twin)"]
            freeze += [f"    new.{name} = self.{name}" for name in cls.FIELDS]
            freeze += [f"    new.{name} = None" for name, _ in cleared_caches(state)]
            freeze += ["    new.__class__ = _cls", "    return new"]
        else:  # validators, converters or a post-init: let __init__ run them
            args = ", ".join(f"{a.alias}=self.{a.name}" for a in fields if a.init)
            freeze = ["def freeze(self):", f"    return _cls({args})"]
        source = "\n".join(load + freeze) + "\n"
        exec(compile(source, f"<builder {cls.__qualname__}>", "exec"), namespace)
        cls.__init__ = namespace["__init__"]  # type: ignore[method-assign]
        cls.freeze = namespace["freeze"]  # type: ignore[method-assign]

    def __init__(self, state: Any) -> None:  # replaced in every subclass that names its state
        """Copy every field of `state` (the state, or another builder of it)."""
        msg = f"{type(self).__name__} names no state class: declare it with state=..."
        raise TypeError(msg)

    def freeze(self) -> S:
        """The new state, as the builder stands."""
        msg = f"{type(self).__name__} names no state class: declare it with state=..."
        raise TypeError(msg)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({fields})"


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
        return work.freeze()  # type: ignore[no-any-return]

    run.__name__ = getattr(step, "__name__", "step")
    run.__qualname__ = getattr(step, "__qualname__", run.__name__)
    run.__doc__ = step.__doc__
    return run
