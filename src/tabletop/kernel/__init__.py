"""The game-independent kernel: tokens, bags, decks, phases, chance, errors, JSON, content.

No module here imports a game; every game imports from here.
"""

from __future__ import annotations

from tabletop.kernel.bag import Bag
from tabletop.kernel.builder import Builder, in_place
from tabletop.kernel.chance import CHANCE, TERMINAL, ChanceNode, Source, random_playout, sample_chance
from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.errors import (
    ContentError,
    DecodeError,
    GameDefinitionError,
    IllegalMove,
    InvariantBroken,
    NotationError,
    TabletopError,
    UndoError,
)
from tabletop.kernel.events import Event
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.pending import Operation, Operations
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step
from tabletop.kernel.protocol import Game, Move, Option, Outcome, State
from tabletop.kernel.tokens import Tokens
from tabletop.kernel.turns import TurnOrder

__all__ = [
    "CHANCE",
    "HIDDEN",
    "TERMINAL",
    "Actor",
    "Bag",
    "Builder",
    "ChanceNode",
    "ContentError",
    "Deck",
    "DecodeError",
    "Event",
    "Flow",
    "Game",
    "GameDefinitionError",
    "IllegalMove",
    "InvariantBroken",
    "Known",
    "Move",
    "NotationError",
    "Operation",
    "Operations",
    "Option",
    "Outcome",
    "Phase",
    "PhaseMachine",
    "Source",
    "State",
    "Step",
    "TabletopError",
    "Tokens",
    "TurnOrder",
    "UndoError",
    "evolve",
    "in_place",
    "random_playout",
    "sample_chance",
]
