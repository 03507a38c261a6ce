"""A state names its variants, and reading holds it to what they imply: in the short game the
pagoda islands' shops and markets are closed from the start (ARC-9.1), and a face-down fish
whose kind the game knows is the memory game's alone (ARC-8.1, ARC-8.3). A text whose flag was
flipped against its table is refused by name; every state of seeded games still reads."""

from __future__ import annotations

import random

import attrs
import pytest

import tabletop
from tabletop.archipel.state import ArchipelState, Spot
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.tokens import Tokens

GAME = tabletop.get_game("archipel")


def _states(seed: int, **options: object) -> list[ArchipelState]:
    rng = random.Random(seed)
    states: list[ArchipelState] = [GAME.new_game(seed, **options)]  # type: ignore[list-item]
    while not (last := states[-1]).is_terminal:
        chance = last.current_player == CHANCE
        states.append(last.apply(sample_chance(last, rng) if chance else rng.choice(last.legal_moves())))
    return states


def _refusal(text: str) -> DecodeError:
    with pytest.raises(DecodeError) as caught:
        GAME.state_from_json(text)
    return caught.value


def test_the_short_game_claimed_with_the_pagodas_open_is_refused() -> None:
    """ARC-9.1: a plain game's text that says `short` has its pagoda shops open: refused at `shut`."""
    for state in _states(5, players=2)[::25]:
        text = state.to_json()
        error = _refusal(text.replace('"short":false', '"short":true'))
        assert error.path == "state.shut" and "ARC-9.1" in str(error) and "pagoda" in str(error)
        assert GAME.state_from_json(text) == state  # the sound text still reads, after the refusal


def test_fish_delivered_to_a_closed_pagoda_market_is_refused() -> None:
    """ARC-9.1: a short game's text with a fish in a pagoda's market."""
    state = _states(2, players=2, short=True)[10]
    board = state.map
    i = next(i for i, island in enumerate(board.island_ids) if island in board.pagodas)
    markets = (*state.markets[:i], Tokens({"shark": 1}), *state.markets[i + 1 :])
    error = _refusal(attrs.evolve(state, markets=markets).to_json())
    assert error.path == f"state.markets[{i}]" and "closed market" in str(error) and "ARC-9.1" in str(error)


def test_a_known_face_down_fish_outside_the_memory_game_is_refused() -> None:
    """ARC-8.3: a plain game's text with a face-down fish whose kind is known (the memory game's secret)."""
    state = _states(3, players=3)[10]
    i = next(i for i, spot in enumerate(state.spots) if spot.fish == "unseen")
    spots = (*state.spots[:i], Spot("shark", face_up=False), *state.spots[i + 1 :])
    error = _refusal(attrs.evolve(state, spots=spots).to_json())
    assert error.path == f"state.spots[{i}]" and "ARC-8.3" in str(error)
    assert not GAME.state_from_json(state.to_json()).memory


@pytest.mark.parametrize("options", [{"players": 2, "short": True}, {"players": 3, "memory": True, "short": True}])
def test_every_state_of_the_variants_reads(options: dict[str, object]) -> None:
    for state in _states(11, **options):
        assert GAME.state_from_json(state.to_json()) == state
