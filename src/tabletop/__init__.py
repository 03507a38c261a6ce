"""tabletop: the complete rules of Conservas, Archipel and Spółka ZOO, as a library.

>>> import tabletop
>>> isinstance(tabletop.GAMES, tuple)
True

Every game follows one protocol (see the docs' "Protocol" page)::

    game = tabletop.get_game("conservas")
    state = game.new_game(seed=7, month="january")
    while not state.is_terminal:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
        else:
            state = state.apply(state.legal_moves()[0])
"""

from __future__ import annotations

from tabletop.kernel.chance import CHANCE, TERMINAL, random_playout, sample_chance
from tabletop.kernel.errors import (
    ContentError,
    DecodeError,
    GameDefinitionError,
    IllegalMove,
    NotationError,
    TabletopError,
)
from tabletop.kernel.protocol import Game, Move, Option, Outcome, State
from tabletop.registry import GAMES, available_games, get_game, register

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
    "Move",
    "NotationError",
    "Option",
    "Outcome",
    "State",
    "TabletopError",
    "__version__",
    "available_games",
    "get_game",
    "random_playout",
    "register",
    "sample_chance",
]
