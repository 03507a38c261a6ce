"""Conservas: the solo bag-building fishing game, every month of the Market Book, both goals.

```pycon
>>> import tabletop
>>> game = tabletop.get_game("conservas")
>>> state = game.new_game(seed=7, month="january")
>>> state.money, state.bag.total, state.current_player == tabletop.CHANCE
(10, 20, True)
>>> final = tabletop.random_playout(state, __import__("random").Random(1))
>>> final.outcome.summary()["result"] in ("won", "lost")
True

```

See `docs/conservas/` for the rules with their IDs, the rulings and the content.
"""

from __future__ import annotations

from typing import Final

from tabletop.conservas.content import LOADERS, MONTH_NAMES, RULES
from tabletop.conservas.moves import (
    OPEN_WATER,
    Buy,
    Choose,
    Deal,
    Done,
    Draw,
    Place,
    Redraw,
    Return,
    Row,
    Sell,
    Trade,
    Upkeep,
    parse,
    parse_move,
)
from tabletop.conservas.parts import DayReport, OwnedUpgrade
from tabletop.conservas.render import evaluate, render
from tabletop.conservas.setup import setup
from tabletop.conservas.state import ConservasResult, ConservasState, GoalCheck
from tabletop.conservas.views import invariants
from tabletop.kernel.protocol import Game, Option
from tabletop.kernel.serialize import make_converter

__all__ = [
    "GAME",
    "OPEN_WATER",
    "Buy",
    "Choose",
    "ConservasResult",
    "ConservasState",
    "DayReport",
    "Deal",
    "Done",
    "Draw",
    "GoalCheck",
    "OwnedUpgrade",
    "Place",
    "Redraw",
    "Return",
    "Row",
    "Sell",
    "Trade",
    "Upkeep",
    "evaluate",
    "new_game",
    "parse_move",
    "render",
]

GAME: Final = Game(
    name="conservas",
    title="Conservas",
    summary="Solo bag building: fish from a sea bag, can the catch, buy boats and upgrades, let the sea spawn.",
    players="1",
    state_type=ConservasState,
    options=(
        Option.choice("month", "january", MONTH_NAMES, "the month of the Market Book to play (CON-1.2)"),
        Option.choice("goal", "standard", ("standard", "difficult"), "the goal level to win (CON-5.4)"),
    ),
    setup=setup,
    parser=parse,
    converter=make_converter(every_field=True),
    perturb=None,
    invariants=invariants,
    rules=RULES,
    content=LOADERS,
)
"""The Conservas game: `GAME.new_game(seed, month="may", goal="difficult")`."""

new_game: Final = GAME.new_game
"""Start a game: `new_game(seed=None, *, month="january", goal="standard")`."""
