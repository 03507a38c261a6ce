"""A purposeful random policy: it catches, refuels and delivers, so play reaches deep positions.

Uniform random play rarely tries a catch or reaches a shop twice; this policy still picks at
random, but prefers the moves that make the season progress, so tests see sharks, storms,
full boats, excess equipment, closing stores and filled markets.
"""

from __future__ import annotations

import random

from tabletop.archipel import (
    ArchipelState,
    Catch,
    Done,
    EndTurn,
    Give,
    MultiChoice,
    Over,
    Refuel,
    Sail,
    Stay,
    Take,
    Throw,
)
from tabletop.archipel.content.board import HARBOUR
from tabletop.archipel.state import boats_safe, missing, supplied_as_far_as_possible
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import Move


def eager_move(state: ArchipelState, rng: random.Random) -> Move:
    """A legal move (or sampled chance outcome) chosen with a bias towards progress."""
    if state.current_player == CHANCE:
        return sample_chance(state, rng)  # type: ignore[no-any-return]
    moves = state.legal_moves()
    if Over() in moves:
        if boats_safe(state) and supplied_as_far_as_possible(state):
            return Over()
        moves = tuple(m for m in moves if not isinstance(m, Over))  # not before the work is done
    if rng.random() < 0.1:
        return rng.choice(moves)
    boat = state.boat
    for move in moves:
        if isinstance(move, Catch | MultiChoice) and (not isinstance(move, MultiChoice) or move.use):
            return move
    if boat.fuel <= 1:
        cans = [m for m in moves if isinstance(m, Refuel)]
        if cans:
            return cans[0]
    board = state.map
    wanted = missing(state)
    if boat.fish and any(boat.fish[c] for c in wanted):
        homes = [
            m
            for m in moves
            if isinstance(m, Sail)
            and board.kind[m.to] == HARBOUR
            and any(boat.fish[c] for c in board.orders[board.island_index[m.to]])
        ]
        if homes:
            return rng.choice(homes)
    useful = [m for m in moves if not isinstance(m, Give | Take | Throw | EndTurn | Stay | Done)]
    if useful and rng.random() < 0.85:
        return rng.choice(useful)
    return rng.choice(moves)


def play_eager(state: ArchipelState, rng: random.Random, max_steps: int = 20_000) -> list[ArchipelState]:
    """Every state of an eager playout from ``state`` to the end."""
    states = [state]
    for _ in range(max_steps):
        if state.is_terminal:
            return states
        state = state.apply(eager_move(state, rng))
        states.append(state)
    raise AssertionError("the eager playout did not end")
