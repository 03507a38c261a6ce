"""Optional functions a game offers beside the protocol (`render`, `evaluate`...), found by name.

A game may define, in its package (`tabletop.<game>`) or in the module of its state class,
functions that frontends and agents use when they exist: `render(view, seat) -> str` draws
a view, `evaluate(view, seat) -> float` estimates how well a seat is doing. They are not
part of the protocol: a game without them still works everywhere, only less helpfully.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

from tabletop.kernel.protocol import Game, State

__all__ = ["game_hook"]


def game_hook(game: Game | State, name: str) -> Callable[..., Any] | None:
    """The function `name` a game offers frontends and agents, or `None`.

    It is looked up in the module that defines the game's state class, then in the packages
    around it and their `render` modules once imported (`tabletop.conservas.state`, then
    `tabletop.conservas` and `tabletop.conservas.render`), never in `tabletop` itself.

    ```pycon
    >>> from tabletop.testing.drill import GAME
    >>> game_hook(GAME, "no_such_hook") is None
    True

    ```
    """
    state_type = game.state_type if isinstance(game, Game) else type(game)
    parts = state_type.__module__.split(".")
    for end in range(len(parts), 0, -1):
        module_name = ".".join(parts[:end])
        if module_name == "tabletop":
            break
        module = sys.modules.get(module_name)
        if module is None:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                continue
        hook = getattr(module, name, None)
        if callable(hook):
            return hook  # type: ignore[no-any-return]
        if end < len(parts):  # a game package keeps its frontend hooks in its render module
            render_module = sys.modules.get(f"{module_name}.render")
            hook = getattr(render_module, name, None)
            if callable(hook):
                return hook  # type: ignore[no-any-return]
    return None
