"""tabletop: the complete rules of Conservas, Archipel and Spółka ZOO, as a library.

```pycon
>>> import tabletop
>>> isinstance(tabletop.GAMES, tuple)
True

```

Every game follows one protocol (see the docs' "Protocol" page):

```python
game = tabletop.get_game("conservas")
state = game.new_game(seed=7, month="january")
while not state.is_terminal:
    if state.current_player == tabletop.CHANCE:
        state = state.apply(tabletop.sample_chance(state))
    else:
        state = state.apply(state.legal_moves()[0])
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.kernel.chance import CHANCE, TERMINAL, random_playout, sample_chance
from tabletop.kernel.errors import (
    ContentError,
    DecodeError,
    GameDefinitionError,
    IllegalMove,
    NotationError,
    SeatError,
    TabletopError,
    UndoError,
)
from tabletop.kernel.protocol import Game, Move, Option, Outcome, State
from tabletop.kernel.seeds import SeedError
from tabletop.registry import GAMES, available_games, get_game, register

if TYPE_CHECKING:
    from tabletop.frontend.match import Match

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "ContentError",
    "DecodeError",
    "Game",
    "GameDefinitionError",
    "IllegalMove",
    "Match",
    "Move",
    "NotationError",
    "Option",
    "Outcome",
    "SeatError",
    "SeedError",
    "State",
    "TabletopError",
    "UndoError",
    "__version__",
    "available_games",
    "get_game",
    "random_playout",
    "register",
    "sample_chance",
]

#: Public names imported on first use, so that ``import tabletop`` stays light.
_LAZY = {"Match": "tabletop.frontend.match"}


def __getattr__(name: str) -> Any:
    """Import a lazy public name (`Match`) when it is first used."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    msg = f"module 'tabletop' has no attribute {name!r}"
    raise AttributeError(msg)
