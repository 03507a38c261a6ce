"""JSON text written and read in several threads at once is the text one thread writes alone, and
reads back the same states: the writer's and the reader's memos (the texts of parts kept by their
identity, the parts of a text kept by their text) are shared by every state, so `to_json` and
`state_from_json` hold one lock each while they use them (`tabletop.kernel.jsontext.WRITING`,
`tabletop.kernel.jsontext.reader.READING`).
Before the locks, four threads writing the states of Conservas' and Spółka ZOO's random games wrote
another state's parts into a text."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import State

GAMES = [("conservas", {}), ("archipel", {"players": 3}), ("spolka_zoo", {"players": 1, "bots": 4})]


def _states(name: str, options: dict[str, object], games: int) -> list[State]:
    """Every second state of `games` random games (chance sampled by probability, moves at random)."""
    game = tabletop.get_game(name)
    found: list[State] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed, **options)
        while not state.is_terminal:
            found.append(state)
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)
    return found[::2]


@contextmanager
def _switching_often() -> Iterator[None]:
    """The interpreter switching threads every microsecond (every few bytecodes) meanwhile."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def _in_threads(items: list[State], work: Callable[[State], object], expected: dict[int, object]) -> list[str]:
    """`work(item)` for every item, in four threads at once, each in its own order, three times; the
    flow keys of the items whose result was not the one computed alone."""
    wrong: list[str] = []

    def run(order: list[State]) -> None:
        for _ in range(3):
            for item in order:
                if work(item) != expected[id(item)]:
                    wrong.append(item.flow.key)

    orders = [items, items[::-1], items[1::2] + items[::2], items[::2] + items[1::2]]
    threads = [threading.Thread(target=run, args=(order,)) for order in orders]
    with _switching_often():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return wrong


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[name for name, _ in GAMES])
def test_texts_written_in_threads_at_once_are_the_texts_written_alone(name: str, options: dict[str, object]) -> None:
    """`to_json` of states and of every seat's view, four threads at once: each the text written alone."""
    states = _states(name, options, 2)

    def texts(state: State) -> tuple[str, ...]:
        return (state.to_json(), *(state.view(seat).to_json() for seat in range(state.num_players)))

    expected: dict[int, object] = {id(state): texts(state) for state in states}
    assert _in_threads(states, texts, expected) == []


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[name for name, _ in GAMES])
def test_texts_read_in_threads_at_once_are_the_states_read_alone(name: str, options: dict[str, object]) -> None:
    """`state_from_json` of the states' texts, four threads at once: each the state read alone (and written)."""
    game = tabletop.get_game(name)
    states = _states(name, options, 2)
    text = {id(state): state.to_json() for state in states}
    expected: dict[int, object] = {id(state): state for state in states}
    assert _in_threads(states, lambda state: game.state_from_json(text[id(state)]), expected) == []
