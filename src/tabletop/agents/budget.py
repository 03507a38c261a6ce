"""Search budgets and the parameters agents take from text (`mcts:iterations=400`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Any

import attrs

__all__ = [
    "at_least_one",
    "at_least_zero",
    "flag",
    "iterations",
    "non_negative",
    "optional",
    "optional_count",
    "optional_margin",
    "optional_seconds",
    "parameter",
    "positive_number",
    "stretch",
]


def at_least_one(instance: object, attribute: attrs.Attribute[Any], value: int) -> None:
    """An attrs validator: `value` is a whole number of at least 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        msg = f"{attribute.name} must be a whole number of at least 1, got {value!r}"
        raise ValueError(msg)


def at_least_zero(instance: object, attribute: attrs.Attribute[Any], value: int) -> None:
    """An attrs validator: `value` is a whole number of at least 0."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        msg = f"{attribute.name} must be a whole number of at least 0, got {value!r}"
        raise ValueError(msg)


def non_negative(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    """An attrs validator: `value` is a finite number of at least 0 (a margin of utility)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
        msg = f"{attribute.name} must be a finite number of at least 0, got {value!r}"
        raise ValueError(msg)


def positive_number(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    """An attrs validator: `value` is a finite number above 0."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        msg = f"{attribute.name} must be a finite number above 0, got {value!r}"
        raise ValueError(msg)


def optional_seconds(instance: object, attribute: attrs.Attribute[Any], value: float | None) -> None:
    """An attrs validator: `None` or a finite number of seconds above 0."""
    if value is not None:
        positive_number(instance, attribute, value)


def optional_count(instance: object, attribute: attrs.Attribute[Any], value: int | None) -> None:
    """An attrs validator: `None` or a whole number of at least 0."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        msg = f"{attribute.name} must be a whole number of at least 0 (or none), got {value!r}"
        raise ValueError(msg)


def optional_margin(instance: object, attribute: attrs.Attribute[Any], value: float | None) -> None:
    """An attrs validator: `None` or a number of at least 0 (a margin of utility)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0):
        msg = f"{attribute.name} must be a number of at least 0 (or none), got {value!r}"
        raise ValueError(msg)


def parameter(default: Any, parse: Callable[[str], Any], doc: str, validator: Any = None) -> Any:
    """An attrs field that the agent registry may set from text (`iterations=400`).

    Args:
        default: The default value.
        parse: Reads the value from its text (`int`, `float`...).
        doc: One line for `tabletop agents` and error messages.
        validator: An attrs validator.
    """
    return attrs.field(default=default, validator=validator, metadata={"parse": parse, "doc": doc})


def optional(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """A reader that also accepts `none` (no limit)."""

    def read(text: str) -> Any:
        return None if text.strip().lower() in ("none", "") else parse(text)

    read.__name__ = f"optional {parse.__name__}"
    return read


def flag(text: str) -> bool:
    """Reads `true`/`false` (also `yes`/`no`, `1`/`0`)."""
    value = text.strip().lower()
    if value in ("true", "yes", "1"):
        return True
    if value in ("false", "no", "0"):
        return False
    msg = f"expected true or false, got {text!r}"
    raise ValueError(msg)


def stretch(values: list[float]) -> list[float]:
    """`values` rescaled to span `[0, 1]` (min-max), or unchanged when they are all equal.

    ```pycon
    >>> stretch([0.52, 0.5, 0.51])
    [1.0, 0.0, 0.5]

    ```
    """
    low, high = min(values), max(values)
    if high - low < 1e-12:
        return values
    return [round((v - low) / (high - low), 12) for v in values]


def iterations(count: int, seconds: float | None) -> Iterator[int]:
    """The iterations of a search: `count` of them, or as many as fit in `seconds` (at least one)."""
    if seconds is None:
        yield from range(count)
        return
    deadline = time.perf_counter() + seconds
    i = 0
    while i == 0 or time.perf_counter() < deadline:
        yield i
        i += 1
