"""Threads using the library at once, on the same and on different states: the same answers as
each computed alone. States are immutable values; the library's module-level caches (one entry
replaced whole and read whole once, or keyed by a part's identity with the part kept and checked)
must never hand one thread's state, seat or answer to another (a server runs requests in a pool).

Each test runs four threads over the nodes of a few random games, each in its own order, the
interpreter switching threads every microsecond (`sys.setswitchinterval`), and compares every
answer by `==` with the one computed alone before."""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import tabletop
from tabletop.archipel import heuristic as archipel_heuristic
from tabletop.conservas import heuristic as conservas_heuristic
from tabletop.conservas.content import UPGRADES
from tabletop.conservas.state import OwnedUpgrade
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import State

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("spolka_zoo", {"players": 1, "bots": 4}),
    ("spolka_zoo", {"players": 3, "bots": 0}),
    ("spolka_zoo", {"players": 2, "bots": 1, "modules": ("events", "hidden_goals", "intrigues")}),
    ("conservas", {}),
    ("archipel", {"players": 2}),
    ("archipel", {"players": 4}),
]
"""The games and options whose nodes the threads share."""
AtOnce = Callable[[list[threading.Thread]], None]
"""The `at_once` fixture (`tests/conftest.py`): threads started and joined, switching every microsecond."""

_NODES = 60
"""Nodes of each game kept (spread over three random games): the test stays within seconds."""


def _nodes(name: str, options: dict[str, Any]) -> list[State]:
    """Every few states of three random games of `name` (random legal moves and chance outcomes)."""
    game = tabletop.get_game(name)
    states: list[State] = []
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed=seed, **options)
        while not state.is_terminal:
            states.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
    step = max(1, len(states) // _NODES)
    return states[::step]


def _in_threads(
    at_once: AtOnce, nodes: Sequence[State], work: Callable[[State], object], expected: dict[int, object]
) -> list[str]:
    """Run `work` on every node in four threads at once (each in its own order, three passes), the
    interpreter switching threads every microsecond: the nodes whose answer differs from `expected`."""
    nodes = list(nodes)
    wrong: list[str] = []

    def run(order: list[State]) -> None:
        for _ in range(3):
            for state in order:
                if work(state) != expected[id(state)]:
                    wrong.append(state.flow.key)

    orders = [nodes, nodes[::-1], nodes[1::2] + nodes[::2], nodes[::2] + nodes[1::2]]
    at_once([threading.Thread(target=run, args=(order,)) for order in orders])
    return wrong


def _check(at_once: AtOnce, nodes: Sequence[State], work: Callable[[State], object]) -> None:
    expected = {id(state): work(state) for state in nodes}
    wrong = _in_threads(at_once, nodes, work, expected)
    assert wrong == [], f"{len(wrong)} answers differ in threads, at {sorted(set(wrong))[:6]}"


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{'-'.join(f'{k}{v}' for k, v in g[1].items())}")
def nodes(request: pytest.FixtureRequest) -> list[State]:
    name, options = request.param
    return _nodes(name, options)


@pytest.fixture(scope="module")
def every_game() -> list[State]:
    """A third of the nodes of every game of `GAMES`, interleaved: threads then go from one game (and
    number of seats) to another at every node."""
    each = [_nodes(name, options)[::3] for name, options in GAMES]
    return [state for states in zip(*each, strict=False) for state in states]


def test_every_game_at_once(every_game: list[State], at_once: AtOnce) -> None:
    """The children of every node and every seat's view of it, with the nodes of every game
    interleaved, made in four threads at once: those made alone."""
    _check(at_once, every_game, lambda state: (_children(state), _views(state)))


def _views(state: State) -> list[State]:
    return [state.view(seat) for seat in range(state.num_players)]


def _children(state: State) -> list[State]:
    return [state.apply(move) for move in state.legal_moves()]


def test_branching_in_threads(nodes: list[State], at_once: AtOnce) -> None:
    """Every child of every node (`apply` of each legal move), built in four threads at once, is the
    child built alone."""
    _check(at_once, nodes, _children)


def test_views_in_threads(nodes: list[State], at_once: AtOnce) -> None:
    """Every seat's view of every node, made in four threads at once, is the view made alone: no
    thread's view holds another state's (or seat's) parts."""
    _check(at_once, nodes, _views)


def test_moves_and_outcomes_in_threads(nodes: list[State], at_once: AtOnce) -> None:
    """The legal moves, and at a chance node the outcomes with their chances, asked of fresh copies
    of the nodes in four threads at once, are those listed alone."""

    def listed(state: State) -> object:
        fresh = evolve(state)  # a new object, its caches empty, its fields the very same
        return (fresh.legal_moves(), fresh.chance_outcomes() if fresh.is_chance_node else ())

    _check(at_once, nodes, listed)


def test_events_in_threads(nodes: list[State], at_once: AtOnce) -> None:
    """The events of every move of every node, told in four threads at once, are those told alone."""

    def told(state: State) -> object:
        return [state.events(move, state.apply(move)) for move in state.legal_moves()]

    _check(at_once, nodes, told)


def test_heuristics_in_threads(at_once: AtOnce) -> None:
    """Conservas' and Archipel's estimates of the positions of random games, worked out in four
    threads at once, are those worked out alone."""
    estimates: tuple[tuple[str, Callable[[Any, int], float]], ...] = (
        ("conservas", conservas_heuristic.evaluate),
        ("archipel", archipel_heuristic.evaluate),
    )
    for name, evaluate in estimates:
        nodes = _nodes(name, {})
        expected: dict[int, object] = {id(state): evaluate(state, 0) for state in nodes}
        wrong = _in_threads(at_once, nodes, functools.partial(_as_seat_0, evaluate), expected)
        assert wrong == [], (name, sorted(set(wrong))[:6])


def _as_seat_0(evaluate: Callable[[Any, int], float], state: State) -> float:
    return evaluate(state, 0)


def test_conservas_numbers_in_threads(at_once: AtOnce) -> None:
    """The numbers Conservas' estimate gives the values its keys hold (`_Numbers`), given in four
    threads at once to many new values, never name two different values: a key then never finds
    another position's part of the estimate."""
    values = [(OwnedUpgrade(card, i),) for card in sorted(UPGRADES) for i in range(1, 100)]  # hashed by Python code
    orders = [values, values[::-1], values[1::2] + values[::2], values[::2] + values[1::2]]
    for _ in range(20):  # a fresh table each time: every value new to it
        numbers = conservas_heuristic._Numbers()
        given: list[tuple[object, int]] = []

        def run(order: list[tuple[OwnedUpgrade]], numbers: Any = numbers, given: Any = given) -> None:
            given.extend([(value, numbers(value)) for value in order])

        at_once([threading.Thread(target=run, args=(order,)) for order in orders])
        named: dict[int, set[object]] = {}
        for value, number in given:
            named.setdefault(number, set()).add(value)
        shared = {number: found for number, found in named.items() if len(found) > 1}
        assert len(given) == 4 * len(values)
        assert shared == {}, f"{len(shared)} numbers name two values"


def _texts(state: State) -> tuple[str, ...]:
    return (state.to_json(), *(view.to_json() for view in _views(state)))


def test_json_texts_in_threads(nodes: list[State], at_once: AtOnce) -> None:
    """The JSON text of every node and of every seat's view, written in four threads at once, is the
    text written alone (the writer's memos, shared by every state and filled in several stores, are
    used under `jsontext.WRITING`: without it a text carried other states' parts, in every game)."""
    _check(at_once, nodes, _texts)


def test_json_reads_in_threads(nodes: list[State], at_once: AtOnce) -> None:
    """Every node's text, read in four threads at once, is the state read alone, and the node (the
    reader's stores of parts found again by their text are used under `jsontext.reader.READING`)."""
    game = nodes[0].GAME
    text = {id(state): state.to_json() for state in nodes}
    assert all(game.state_from_json(text[id(state)]) == state for state in nodes)
    _check(at_once, nodes, lambda state: game.state_from_json(text[id(state)]))
