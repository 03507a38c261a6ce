"""The game registry: built-in games, games registered at run time, and plug-ins.

Games are imported lazily, the first time they are asked for, so `import tabletop` stays
fast. A third-party package can make its game available by calling [`register`][tabletop.registry.register], or
without any import by declaring an entry point in the group `tabletop.games`:

```toml
[project.entry-points."tabletop.games"]
pig = "pig_game:GAME"
```
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Final

from tabletop.kernel.protocol import Game

__all__ = ["GAMES", "GameNotFound", "available_games", "get_game", "register"]

#: The built-in games: registry name -> "module:attribute".
_BUILTIN: Final[dict[str, str]] = {
    "conservas": "tabletop.conservas:GAME",
    "archipel": "tabletop.archipel:GAME",
    "spolka_zoo": "tabletop.spolka_zoo:GAME",
}

GAMES: Final[tuple[str, ...]] = tuple(_BUILTIN)
"""The names of the built-in games, in the order the docs present them."""

_registered: dict[str, Game] = {}
_loaded: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make a third-party `game` available to [`get_game`][tabletop.registry.get_game] and the `tabletop` CLI.

    Raises:
        ValueError: If the name is taken by a different game.
    """
    known = _registered.get(game.name) or _loaded.get(game.name)
    if game.name in _BUILTIN or (known is not None and known is not game):
        msg = f"a game named {game.name!r} is already registered"
        raise ValueError(msg)
    _registered[game.name] = game


def _plugins() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group="tabletop.games")}


def available_games() -> tuple[str, ...]:
    """Every game name: built-in, registered and plug-in."""
    names = list(GAMES)
    for name in [*_registered, *_plugins()]:
        if name not in names:
            names.append(name)
    return tuple(names)


class GameNotFound(LookupError):
    """A game name or `"module:attribute"` target that names no tabletop game.

    A `LookupError`, as for an unknown name, so callers (the CLI) handle every case alike.
    """


def _load(target: str) -> Game:
    module, _, attribute = target.partition(":")
    try:
        game = getattr(importlib.import_module(module), attribute or "GAME")
    except ImportError as exc:
        msg = f"cannot load game {target!r}: no module {exc.name or module!r}"
        raise GameNotFound(msg) from None
    except AttributeError:
        msg = f"cannot load game {target!r}: module {module!r} has no attribute {attribute or 'GAME'!r}"
        raise GameNotFound(msg) from None
    if not isinstance(game, Game):
        msg = f"{target} is not a tabletop Game (it is a {type(game).__name__})"
        raise GameNotFound(msg)
    return game


def get_game(name: str) -> Game:
    """The game called `name` (`"conservas"`, `"archipel"`, `"spolka_zoo"`...).

    A `"module:attribute"` target also works, for games that are not registered.

    Raises:
        GameNotFound: A `LookupError` listing the known names, if there is no such game, or
            saying why a `"module:attribute"` target is not one (no such module or
            attribute, or not a [Game][tabletop.kernel.protocol.Game]).
    """
    if not isinstance(name, str):
        msg = f"a game name is text, got {name!r}"
        raise GameNotFound(msg)
    if name in _loaded:
        return _loaded[name]
    if name in _registered:
        return _registered[name]
    target = _BUILTIN.get(name) or _plugins().get(name)
    if target is None and ":" in name:
        target = name
    if target is None:
        msg = f"no game named {name!r}; known games: {', '.join(available_games()) or 'none'}"
        raise GameNotFound(msg)
    game = _load(target)
    _loaded[name] = game
    return game
