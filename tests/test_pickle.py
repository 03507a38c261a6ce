"""States pickle and copy: `pickle`, `copy.deepcopy` and `multiprocessing` give back an equal state.

The library's own format is its versioned JSON (`to_json`/`state_from_json`), and nothing in it
pickles; but a user's `multiprocessing.Pool` or `copy.deepcopy` of a state must work. The
multisets (`Tokens`) refuse every attribute store, so they say how to rebuild them (`__reduce__`);
the attrs classes pickle by their slots.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.tokens import Tokens


def _states(name: str, seed: int, every: int = 7) -> list[Any]:
    """Every `every`-th state of a seeded random game of `name`, chance nodes among them."""
    game = tabletop.get_game(name)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    kept = [state]
    for step in range(2_000):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_moves()))
        if step % every == 0:
            kept.append(state)
    return [*kept, state]  # and the last, terminal one


def test_tokens_pickle_and_copy_as_their_counts() -> None:
    """A multiset comes back equal, with its total, order and hash, from pickle and both copies."""
    tokens = Tokens({"sardine": 2, "octopus": 1})
    for back in (pickle.loads(pickle.dumps(tokens)), copy.copy(tokens), copy.deepcopy(tokens)):
        assert type(back) is Tokens and back == tokens and back.total == 3
        assert list(back) == ["octopus", "sardine"] and hash(back) == hash(tokens)


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_states_pickle_to_equal_states_that_play_on_alike(name: str) -> None:
    """A pickled state is equal to the original, writes the same JSON, and offers the same moves."""
    states = _states(name, seed=3)
    assert len(states) > 5 and states[-1].is_terminal
    for state in states:
        back = pickle.loads(pickle.dumps(state))
        assert back == state and back.to_json() == state.to_json()
        if not state.is_terminal and state.current_player != CHANCE:
            moves = state.legal_moves()
            assert back.legal_moves() == moves
            assert back.apply(moves[-1]).to_json() == state.apply(moves[-1]).to_json()
        assert copy.deepcopy(state) == state
