"""What every agent shares: the `Agent` protocol, utilities from outcomes, and safe stepping.

An agent is any object with a `name` and a method `choose(view, legal, rng)` returning one
of the `legal` moves, or `None` to hand the decision back to a human. It is shown only
`view` (the seat's view: `view.current_player` is its seat), so an agent never knows what
its seat may not. `rng` is a random source the caller seeds reproducibly.

Search agents compare positions with **utilities**, one number in `[0, 1]` per seat
([utilities][tabletop.agents.base.utilities]): a solo or co-operative game's returns are
already such numbers; in a competitive game (returns are scores) a seat's utility is its share
of the win. Before the end, the game's `evaluate(view, seat)` hook, if it has one, gives the
same kind of estimate ([estimate][tabletop.agents.base.estimate]).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.hooks import game_hook
from tabletop.kernel.protocol import Move, State

__all__ = ["Agent", "best", "estimate", "evaluator", "sample", "step", "try_apply", "utilities"]


class Agent(Protocol):
    """What a match, a simulation or a tournament needs of a program that plays a seat."""

    @property
    def name(self) -> str:
        """A short name for records and screens (`"random"`, `"greedy"`, `"mcts"`...)."""
        ...  # pragma: no cover

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move | None:
        """One of `legal` for the seat `view.current_player`, or `None` to let a human decide."""
        ...  # pragma: no cover


def utilities(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's utility in `[0, 1]` from a finished game's returns.

    Returns already in `[0, 1]` (a solo or co-operative game: 1 a win, 0 a loss, shares
    between) are kept. Scores (a competitive game) become shares of the win: the seats with
    the best score split 1, the others get 0.

    ```pycon
    >>> utilities((1.0,))
    (1.0,)
    >>> utilities((19.0, 22.0, 22.0))
    (0.0, 0.5, 0.5)

    ```
    """
    if all(0.0 <= r <= 1.0 for r in returns) and (len(returns) == 1 or len(set(returns)) == 1):
        return tuple(float(r) for r in returns)
    top = max(returns)
    winners = sum(1 for r in returns if r == top)
    return tuple(1.0 / winners if r == top else 0.0 for r in returns)


def evaluator(state: State) -> Callable[[State, int], float] | None:
    """The game's `evaluate(view, seat)` hook, or `None` when the game has none."""
    return game_hook(state, "evaluate")


def estimate(state: State, evaluate: Callable[[State, int], Any]) -> tuple[float, ...]:
    """Each seat's utility in `[0, 1]`, estimated by the game's `evaluate` hook.

    A game whose estimates are already in `[0, 1]` and equal for all seats (solo,
    co-operative) keeps them. Otherwise the estimates are scores: a seat's utility is a
    logistic of its lead over the best other seat, in units of a tenth of the scores' size.
    """
    if state.outcome is not None:
        return utilities(state.outcome.returns)
    values = [float(evaluate(state, seat)) for seat in range(state.num_players)]
    if (len(values) == 1 or len(set(values)) == 1) and all(0.0 <= v <= 1.0 for v in values):
        return tuple(values)
    scale = max(1.0, 0.1 * max(abs(v) for v in values))
    result = []
    for seat, mine in enumerate(values):
        rival = max(v for other, v in enumerate(values) if other != seat)
        result.append(1.0 / (1.0 + math.exp(-(mine - rival) / scale)))
    return tuple(result)


def try_apply(state: State, move: Move) -> State | None:
    """`state.apply(move)`, or `None` when it cannot be played (a placeholder of a view)."""
    try:
        return state.apply(move)
    except Exception:  # a redacted view may not play forward: that move is simply not judged
        return None


def sample(state: State, rng: random.Random) -> Move | None:
    """A chance outcome of `state` drawn by its probability, or `None` when a view cannot list them."""
    try:
        return sample_chance(state, rng)  # type: ignore[no-any-return]
    except Exception:  # a view whose chance cannot be listed (a placeholder)
        return None


def step(state: State, rng: random.Random) -> State | None:
    """One uniformly random step (a decision, or a chance outcome by its probability), or `None`."""
    if state.current_player == CHANCE:
        move = sample(state, rng)
        if move is None:
            return None
    else:
        move = rng.choice(state.legal_moves())
    return try_apply(state, move)


def best(scored: Sequence[tuple[float, Move]], rng: random.Random) -> Move:
    """A move with the highest score, ties broken by `rng`."""
    top = max(value for value, _ in scored)
    return rng.choice([move for value, move in scored if value == top])
