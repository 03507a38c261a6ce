"""Spółka ZOO: shares, fruit and helpers in Animal Valley, for 1-5 players with bots.

The complete game: five rounds of secret action tokens and a market phase, the three
additional modules (events, hidden goals, intrigues) and the 13-card bot deck. Cards whose
texts are not public ship as a labelled reference set (see `docs/spolka_zoo/content.md`).

```pycon
>>> from tabletop.spolka_zoo import new_game
>>> state = new_game(seed=1, players=2, bots=1)
>>> state.num_players, state.is_chance_node
(3, True)

```
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.jsontext import keep_records
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import Game
from tabletop.kernel.serialize import make_converter
from tabletop.spolka_zoo import checks, events, rules, views
from tabletop.spolka_zoo.content import LOADERS, shipped_rules
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.heuristic import evaluate
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.moves import (
    Add,
    Arrange,
    Buy,
    Choose,
    Discard,
    Done,
    Draw,
    Hire,
    Lobby,
    LookAt,
    MoveShare,
    MoveTop,
    Order,
    Pass,
    Pick,
    PlayIntrigue,
    Price,
    Sell,
    Speculate,
    Swap,
    Take,
    Target,
    Trade,
    UseHelper,
    parse,
)
from tabletop.spolka_zoo.render import render
from tabletop.spolka_zoo.rules.setup import OPTIONS, setup
from tabletop.spolka_zoo.state import Seat, Standing, Task, ZooOutcome, ZooState, bind_later
from tabletop.spolka_zoo.views import perturb

__all__ = [
    "GAME",
    "RULES",
    "Add",
    "Arrange",
    "Buy",
    "Choose",
    "Discard",
    "Done",
    "Draw",
    "Hire",
    "Lobby",
    "LookAt",
    "MoveShare",
    "MoveTop",
    "Order",
    "Pass",
    "Pick",
    "PlayIntrigue",
    "Price",
    "Seat",
    "Sell",
    "Speculate",
    "Standing",
    "Swap",
    "Take",
    "Target",
    "Task",
    "Trade",
    "UseHelper",
    "ZooOutcome",
    "ZooState",
    "evaluate",
    "new_game",
    "render",
]

# The one place where the state and the rules meet.
ZooState.bind(
    machine=MACHINE,
    auto=rules.AUTO,
    player_moves=rules.player_moves,
    chance_outcomes=rules.chance_outcomes,
    apply=rules.apply,
    view=views.view,
    chance_node=rules.chance_node,
    refusal=checks.refusal,
    events=events.events,
    sample_chance=rules.sample_chance,
)
bind_later(rules.later)  # a search's later moves of a node (`rules.siblings`)

RULES: Final = {rule.id: rule.title for rule in shipped_rules()}
"""The rule catalogue: rule ID -> short title (`data/rules.toml`)."""

_CONVERTER: Final = make_converter(every_field=True)
keep_records(_CONVERTER, Flow)  # the machine's shared flows come back at most states: their texts kept by identity

GAME: Final = Game(
    name="spolka_zoo",
    title="Spółka ZOO",
    summary="Trade shares and fruit, hire helpers and bend the company decks; bots, events, goals, intrigues.",
    players="1-5",
    state_type=ZooState,  # type: ignore[type-abstract]  # bound above (State.bind)
    options=OPTIONS,
    setup=setup,
    parser=parse,
    converter=_CONVERTER,
    perturb=perturb,
    invariants=invariants,
    rules=RULES,
    content=LOADERS,
)

new_game = GAME.new_game
