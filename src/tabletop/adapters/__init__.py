"""The AI bridge: action ids, observation tensors, determinization, and ecosystem adapters.

`import tabletop.adapters` needs no extra: the per-game bridge modules are imported the
first time a game's bridge is asked for, and the ecosystem modules
(`tabletop.adapters.openspiel`, `.pettingzoo`, `.gymnasium`) only when imported.

```python
import random
import tabletop
from tabletop import adapters

bridge = adapters.bridge("archipel", boats=2)
state = tabletop.get_game("archipel").new_game(seed=3, boats=2)
while state.current_player == tabletop.CHANCE:
    state = state.apply(tabletop.sample_chance(state))
seat = state.current_player
sample = adapters.determinize(state.view(seat), seat, random.Random(0))
assert sample.view(seat) == state.view(seat)
```
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import Any, Protocol, cast

from tabletop.adapters.bridge import Bridge, Section
from tabletop.kernel.protocol import Game, State
from tabletop.registry import get_game

__all__ = ["Bridge", "BridgeModule", "Section", "bridge", "bridge_for", "determinize", "register_bridge"]


class BridgeModule(Protocol):
    """What a game's bridge module offers (`tabletop.adapters.conservas` and so on)."""

    def make_bridge(self, options: Mapping[str, Any]) -> Bridge:
        """The bridge for `options` (already validated by `Game.check_options`)."""
        ...  # pragma: no cover

    def options_of(self, state: State) -> dict[str, Any]:
        """The options `state` was made with."""
        ...  # pragma: no cover


#: Game name -> the module that holds its bridge.
_MODULES: dict[str, str] = {
    "conservas": "tabletop.adapters.conservas",
    "archipel": "tabletop.adapters.archipel",
    "spolka_zoo": "tabletop.adapters.spolka_zoo",
}

_cache: dict[tuple[str, tuple[tuple[str, Any], ...]], Bridge] = {}


def register_bridge(game: str, module: str) -> None:
    """Name the module holding the bridge of `game` (for a third-party game).

    The module must define `make_bridge(options)` and `options_of(state)`.
    """
    _MODULES[game] = module


def _module(name: str) -> BridgeModule:
    target = _MODULES.get(name)
    if target is None:
        known = ", ".join(sorted(_MODULES))
        msg = f"no AI bridge for game {name!r}; games with a bridge: {known}"
        raise LookupError(msg)
    return cast(BridgeModule, importlib.import_module(target))


def _key(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_key(v) for v in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted(_key(v) for v in value))
    return value


def bridge(game: str | Game, **options: Any) -> Bridge:
    """The bridge of `game` with `options` (validated; defaults filled in), cached.

    Raises:
        LookupError: If the game is unknown or has no bridge module.
        ValueError: If an option is unknown or has a bad value.
    """
    the_game = get_game(game) if isinstance(game, str) else game
    checked = the_game.check_options(options)
    key = (the_game.name, tuple((name, _key(value)) for name, value in checked.items()))
    found = _cache.get(key)
    if found is None:
        found = _module(the_game.name).make_bridge(checked)
        _cache[key] = found
    return found


def options_of(state: State) -> dict[str, Any]:
    """The options `state` (or a view of it) was made with."""
    return _module(state.GAME.name).options_of(state)


def bridge_for(state: State) -> Bridge:
    """The bridge of the game and options `state` (or a view of it) was made with."""
    return bridge(state.GAME, **options_of(state))


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A full state consistent with what `seat` knows: `bridge_for(view).sample_state(...)`."""
    return bridge_for(view).sample_state(view, seat, rng)
