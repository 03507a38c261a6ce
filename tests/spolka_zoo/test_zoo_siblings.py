"""The children of one node built from the first of them (issue 12: `rules.siblings`) are the
children the rules build one by one: the same fields, the same text, the same invariants."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

import pytest
from zoo_helpers import random_states

from tabletop.spolka_zoo import ZooState
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.rules import siblings

CONFIGURATIONS = [
    {"players": 1, "bots": 4},
    {"players": 2, "bots": 2},
    {"players": 5},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
]


def _node(state: ZooState) -> str:
    return state.queue[0].op if state.queue and state.flow.step in ("draw", "choose") else state.flow.step


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_children_built_from_the_first_are_the_children_built_alone(options: dict[str, object]) -> None:
    """ZOO-4.11, ZOO-4.12, ZOO-6.4, ZOO-11.3: at every node of random games, every child a search
    builds (all moves in a row, later ones from the first where `siblings` may) equals, field by
    field and as JSON text, the child built with nothing kept; some of them were built so."""
    built: Counter[str] = Counter()
    for seed in range(4):
        for state in random_states(seed, **options):
            if state.is_terminal:
                continue
            moves = state.legal_moves()
            siblings.forget()
            children = [state.apply(move) for move in moves]
            if siblings.memory[0] is state and any(siblings.memory[1].values()):  # later children built from a kept one
                built[_node(state)] += 1
            alone = []
            for move in moves:
                siblings.forget()  # nothing kept: every child built by the rules from the node
                alone.append(state.apply(move))
            for move, child, expected in zip(moves, children, alone, strict=True):
                assert child == expected, (str(move), _node(state))
                assert child.to_json() == expected.to_json(), (str(move), _node(state))
                invariants(child)
    assert set(built) <= set(siblings.WRITES)
    assert built["lobby_top"] + built["move_card"] + built["look"] >= 5, built


def test_searches_in_threads_at_once_build_the_children_built_alone(
    at_once: Callable[[list[threading.Thread]], None],
) -> None:
    """Four threads branching the nodes of random games at once, each in its own order, with the
    interpreter switching threads every microsecond: every child is the one built alone (the memory of
    one node is one pair replaced whole, so one thread never finds another node's first children)."""
    nodes = [s for seed in range(2) for s in random_states(seed, players=1, bots=4) if not s.is_terminal]
    nodes = [s for s in nodes if s.flow.step in ("draw", "choose") and s.queue[0].op in siblings.WRITES]
    assert len(nodes) >= 10
    expected = {}
    for state in nodes:
        children = []
        for move in state.legal_moves():
            siblings.forget()
            children.append(state.apply(move))
        expected[id(state)] = children
    wrong: list[str] = []

    def branch(order: list[ZooState]) -> None:
        for _ in range(3):
            for state in order:
                got = [state.apply(move) for move in state.legal_moves()]
                if got != expected[id(state)]:
                    wrong.append(_node(state))

    orders = [nodes, nodes[::-1], nodes[1::2] + nodes[::2], nodes[::2] + nodes[1::2]]
    at_once([threading.Thread(target=branch, args=(order,)) for order in orders])
    assert wrong == []
