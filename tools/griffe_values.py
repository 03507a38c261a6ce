"""A griffe extension for the API reference: show an attribute's value only when it is data.

`CHANCE = -1` is worth showing; `GAMES = tuple(_BUILTIN)` or `GAME = Game(name=..., ...)` shows
code that says nothing to a reader (the docstring says what the value is). An attribute keeps its
value on the page when the value is a Python literal of at most `MAX_SHOWN` characters.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe

MAX_SHOWN = 80


def is_shown(value: str) -> bool:
    """True when `value` (an attribute's source) is a short literal."""
    if len(value) > MAX_SHOWN:
        return False
    try:
        ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


class LiteralValuesOnly(griffe.Extension):
    """Drops the value of every attribute whose value is not a short literal."""

    def on_attribute_instance(self, *, node: Any, attr: griffe.Attribute, agent: Any, **kwargs: Any) -> None:
        """Called by griffe for each attribute it loads."""
        if attr.value is not None and not is_shown(str(attr.value)):
            attr.value = None
