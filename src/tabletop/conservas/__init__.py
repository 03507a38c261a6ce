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

This module is the one place where the state and its rules meet: it binds
[`ConservasState`][tabletop.conservas.state.ConservasState] (data only) to the phase table
([`flow`][tabletop.conservas.flow]), the step functions ([`rules`][tabletop.conservas.rules]),
the checks ([`checks`][tabletop.conservas.checks]), the view ([`views`][tabletop.conservas.views])
and the events ([`events`][tabletop.conservas.events]) with `State.bind`, once.
"""

from __future__ import annotations

from typing import Final

from tabletop.conservas import events, rules, views
from tabletop.conservas.checks import refusal
from tabletop.conservas.content import LOADERS, MONTH_NAMES, RULES, FishLimit
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.heuristic import evaluate
from tabletop.conservas.invariants import invariants
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
from tabletop.conservas.render import render
from tabletop.conservas.rules.setup import setup
from tabletop.conservas.state import (
    Blank,
    ConservasResult,
    ConservasState,
    DayReport,
    GoalCheck,
    MarketSpace,
    OwnedUpgrade,
)
from tabletop.kernel.protocol import Game, Option
from tabletop.kernel.serialize import make_converter

__all__ = [
    "GAME",
    "OPEN_WATER",
    "Blank",
    "Buy",
    "Choose",
    "ConservasResult",
    "ConservasState",
    "DayReport",
    "Deal",
    "Done",
    "Draw",
    "FishLimit",
    "GoalCheck",
    "MarketSpace",
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

ConservasState.bind(
    machine=MACHINE,
    auto=rules.AUTO,
    player_moves=rules.player_moves,
    chance_outcomes=rules.chance_outcomes,
    apply=rules.apply,
    view=views.view,
    chance_node=rules.chance_node,
    refusal=refusal,
    events=events.events,
    sample_chance=rules.sample_chance,
)

GAME: Final = Game(
    name="conservas",
    title="Conservas",
    summary="Solo bag building: fish from a sea bag, can the catch, buy boats and upgrades, let the sea spawn.",
    players="1",
    state_type=ConservasState,  # type: ignore[type-abstract]  # bound above
    options=(
        Option.choice("month", "january", MONTH_NAMES, "the month of the Market Book to play (CON-1.2)"),
        Option.choice("goal", "standard", ("standard", "difficult"), "the goal level to win (CON-5.4)"),
        Option.choice(
            "overfishing",
            "short",
            ("short", "empty"),
            "running out of supply water forfeits (CON-2.7): short of a handful, or its last water taken",
        ),
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
"""Start a game: `new_game(seed=None, *, month="january", goal="standard", overfishing="short")`."""
