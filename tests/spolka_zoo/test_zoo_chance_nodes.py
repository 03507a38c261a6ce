"""Every Spółka ZOO chance node says what it draws (issue 16): the deck or pile, where the card
goes, which seat receives it and the rule — checked over random play of several configurations."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.chance import ChanceNode, Source, sample_chance
from tabletop.spolka_zoo import GAME, RULES, ZooState
from tabletop.spolka_zoo.rules import _NODES as NODES
from tabletop.spolka_zoo.rules import OPS

CONFIGS = (
    {"players": 2},
    {"players": 1, "bots": 2, "modules": ("events", "hidden_goals", "intrigues")},
    {"players": 4, "bots": 1, "modules": ("events", "intrigues"), "seating": "alternate"},
    {"players": 5, "modules": ("hidden_goals",)},
)


def _check(state: ZooState, node: ChanceNode) -> None:
    assert node.rule in RULES, node
    assert node.recipient is None or 0 <= node.recipient < state.num_players, node
    cards = {str(move).removeprefix("draw ") for move, _ in state.chance_outcomes()}
    if node.source is Source.ORDER:
        assert (node.name, node.destination, node.rule) == ("boards", "board", "ZOO-1.1")
        return
    assert node.source is Source.DECK
    assert cards <= set(state.pile(node.name).middle), (node, cards)  # drawn from that deck's unknown part
    for seat in range(state.num_players):  # the description is public: every view says the same
        assert state.view(seat).chance_node() == node


def _received(after: ZooState, node: ChanceNode, card: str) -> None:
    """Where the node says the card goes, it is found."""
    if node.destination.endswith("]"):  # a slot of a face-up row: influence_row[2]
        row, _, index = node.destination[:-1].partition("[")
        assert getattr(after.piles, row)[int(index)] == card, (node, card)
    elif node.recipient is not None and node.destination in ("goal", "intrigues"):
        seat = after.seats[node.recipient]
        assert card == seat.goal or card in seat.intrigues, (node, card)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_chance_node_describes_itself(options: dict[str, object]) -> None:
    """At each chance node of random games the description names a rule of the catalogue, a
    recipient that is a seat, and a deck whose unknown part holds every outcome; it is the
    same in every seat's view, and a dealt or refilled card lands where it says."""
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            if state.is_chance_node:
                node = state.chance_node()
                _check(state, node)
                move = sample_chance(state, rng)
                after = state.apply(move)
                if node.source is Source.DECK:
                    _received(after, node, str(move).removeprefix("draw "))
                seen.add(node.rule)
                state = after
            else:
                state = state.apply(rng.choice(state.legal_moves()))
    assert {"ZOO-1.1", "ZOO-1.4", "ZOO-1.5", "ZOO-7.2"} <= seen


def test_every_operation_that_waits_for_chance_has_a_description() -> None:
    """No chance node without a description: each chance-waiting operation of OPS has one."""
    assert set(NODES) == {name for name, op in OPS.items() if op.waits_for_chance}


def test_a_deal_names_the_seat_that_receives_the_card() -> None:
    """ZOO-12.5: a hidden goal is dealt from the goal box to a player, who alone learns it."""
    state = GAME.new_game(5, players=3, modules=("hidden_goals",))
    while state.is_chance_node and state.chance_node().rule != "ZOO-12.5":
        state = state.apply(sample_chance(state))
    node = state.chance_node()
    assert (node.source, node.name, node.destination, node.recipient) == (Source.DECK, "goal_box", "goal", 0)
    assert str(node) == "deck goal_box -> goal of seat 0 (ZOO-12.5)"
