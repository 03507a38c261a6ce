"""`check_chance_nodes` passes a game whose chance nodes describe themselves, and names each way one can fail."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel.chance import ChanceNode, Source
from tabletop.kernel.protocol import Game, Move
from tabletop.testing import check_chance_nodes
from tabletop.testing.drill import GAME as DRILL
from tabletop.testing.drill import DrillState
from tabletop.testing.properties import PropertyFailure


def test_drill_describes_every_chance_node() -> None:
    """Over random play every Drill chance node names a Drill rule, a source and a seat."""
    report = check_chance_nodes(DRILL, seeds=range(8))
    assert report.games == 8
    assert report.nodes == sum(report.rules.values()) == sum(report.sources.values())
    assert set(report.rules) == {"KER-1", "KER-3", "DRILL-4"}
    assert set(report.sources) == {Source.BAG, Source.DECK}


def test_drill_descriptions_say_what_is_drawn() -> None:
    """KER-1: a draw is from the bag to the drawer's hand; KER-3: a look reveals from the deck."""
    state = DRILL.new_game(seed=1)
    drawing = state.apply(DRILL.parse_move(state, "draw"))
    assert drawing.chance_node() == ChanceNode(Source.BAG, "bag", "hand", "KER-1", recipient=0)
    looking = state.apply(DRILL.parse_move(state, "look 2"))
    assert looking.chance_node() == ChanceNode(Source.DECK, "deck", "revealed", "KER-3", recipient=0)
    with pytest.raises(ValueError, match="not a chance node"):
        state.chance_node()


def _broken(name: str, **hooks: Callable[..., Any]) -> Game:
    """Drill with some hooks replaced: a game whose chance nodes are wrong in one way."""
    cls = attrs.frozen(type(f"Broken{name}", (DrillState,), dict(hooks)))

    def setup(seed: int) -> DrillState:
        start = DRILL.setup(seed)
        return cls(**{f.name: getattr(start, f.name) for f in attrs.fields(DrillState)})  # type: ignore[no-any-return]

    return attrs.evolve(DRILL, name=f"drill-{name}", state_type=cls, setup=setup)


def _node(**changes: Any) -> Callable[[DrillState], ChanceNode]:
    def describe(state: DrillState) -> ChanceNode:
        return attrs.evolve(ChanceNode(Source.BAG, "bag", "hand", "KER-1", recipient=state.flow.player), **changes)

    return describe


def _undescribed(state: DrillState) -> ChanceNode:
    msg = "no description"
    raise TypeError(msg)


def _leaky(state: DrillState) -> ChanceNode:
    return ChanceNode(Source.BAG, "bag", f"hand beside {state.cards[1]}", "KER-1", recipient=0)


def _short(state: DrillState) -> tuple[tuple[Move, float], ...]:
    outcomes = DrillState._chance_outcomes(state)
    return tuple((move, p * 0.9) for move, p in outcomes)


@pytest.mark.parametrize(
    ("game", "fragment"),
    [
        (_broken("none", _chance_node=_undescribed), "does not describe itself"),
        (_broken("rule", _chance_node=_node(rule="KER-99")), "rule 'KER-99' is not a rule ID"),
        (_broken("name", _chance_node=_node(name=" ")), "name ' ' is empty"),
        (_broken("seat", _chance_node=_node(recipient=2)), "recipient 2 is not a seat"),
        (_broken("leak", _chance_node=_leaky), "must be public"),
        (_broken("sum", _chance_outcomes=_short), "sum to"),
    ],
    ids=["undescribed", "unknown-rule", "empty-name", "no-such-seat", "secret", "probabilities"],
)
def test_each_broken_property_is_named(game: Game, fragment: str) -> None:
    """A game breaking one property of its chance nodes fails with that property and where."""
    with pytest.raises(PropertyFailure, match=fragment) as info:
        check_chance_nodes(game, seeds=range(3))
    assert "seed" in str(info.value)
    assert " at turn." in str(info.value)


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_games_describe_every_chance_node(name: str) -> None:
    """Every chance node of each built-in game describes itself (live once the game has the hook)."""
    game = tabletop.get_game(name)
    state = game.new_game(seed=0)
    while not state.is_chance_node:
        state = state.apply(state.legal_moves()[0])
    try:
        state.chance_node()
    except TypeError as exc:
        pytest.skip(f"{name} does not describe its chance nodes yet: {exc}")
    report = check_chance_nodes(game, seeds=range(3))
    assert report.nodes > 0
