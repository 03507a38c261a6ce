"""The light agents: random, greedy (one move ahead), flat Monte Carlo, and a script.

* [RandomAgent][tabletop.agents.simple.RandomAgent] plays uniformly at random.
* [GreedyAgent][tabletop.agents.simple.GreedyAgent] looks one move ahead: it takes a move
  that ends the game with a win (a positive return, the best of all seats) and avoids one
  that ends it otherwise; among the rest it follows the game's `evaluate(view, seat)` hook
  if the game offers one, else it plays at random.
* [RolloutAgent][tabletop.agents.simple.RolloutAgent] plays out each move a few times at
  random from its view (flat Monte Carlo) and keeps the best average return.
* [ScriptedAgent][tabletop.agents.simple.ScriptedAgent] plays a fixed list of moves in
  notation, then hands over.
* [PolicyAgent][tabletop.agents.simple.PolicyAgent] follows the game's own `policy` hook
  (a plan-following rollout policy, such as Archipel's), greedy where the game has none.

```pycon
>>> import random
>>> from tabletop.testing.drill import GAME
>>> state = GAME.new_game(seed=1)
>>> move = RandomAgent().choose(state.view(0), state.legal_moves(), random.Random(0))
>>> state.is_legal(move)
True

```
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tabletop.agents.base import best, evaluator, step, try_apply
from tabletop.agents.budget import at_least_one, parameter
from tabletop.kernel.hooks import game_hook
from tabletop.kernel.protocol import Move, State

__all__ = [
    "Evaluate",
    "GreedyAgent",
    "Policy",
    "PolicyAgent",
    "RandomAgent",
    "RolloutAgent",
    "ScriptedAgent",
    "greedy_move",
    "policy_hook",
]

Evaluate = Callable[[State, int], Any] | None
"""The game's `evaluate(view, seat)` hook, or `None`."""

Policy = Callable[[State, Sequence[Move], random.Random], Move]
"""A game's `policy(state, legal, rng) -> move` hook: its own cheap plan for the player to move."""


def policy_hook(state: State) -> Policy | None:
    """The game's `policy(state, legal, rng)` hook, or `None` when the game has none."""
    return game_hook(state, "policy")


@attrs.frozen
class RandomAgent:
    """Plays a uniformly random legal move."""

    name: str = "random"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """A random move of `legal`."""
        return rng.choice(tuple(legal))


@attrs.frozen
class GreedyAgent:
    """Looks one move ahead on the game's outcome (and the game's `evaluate` hook, if any)."""

    name: str = "greedy"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The best move found one step ahead; a random one when nothing tells them apart."""
        return greedy_move(view, legal, view.current_player, evaluator(view), rng)


def greedy_move(state: State, legal: Sequence[Move], seat: int, evaluate: Evaluate, rng: random.Random) -> Move:
    """The move [GreedyAgent][tabletop.agents.simple.GreedyAgent] plays for `seat` in `state`.

    A move that ends the game with a win for `seat` comes first; then the best by
    `evaluate(after, seat)` (the game's hook, or `None`); then a random one of the moves that
    do not end the game; a losing move only when nothing else is left. In a solo or
    co-operative game (every seat's return the same) a move ending it with a return between
    0 and 1 is a partial success, not a win: it competes with the judged moves at its return
    (the hook's scale), so that Archipel's boats still sail home for ending 1 rather than
    declare the season over at ending 2. Searches use it as
    their rollout policy, on the states they search.
    """
    winning: list[tuple[float, Move]] = []
    losing: list[tuple[float, Move]] = []
    scored: list[tuple[float, Move]] = []
    open_moves: list[Move] = []
    for move in legal:
        after = try_apply(state, move)
        if after is not None and after.is_terminal and after.outcome is not None:
            returns = after.outcome.returns
            won = returns[seat] > 0 and returns[seat] >= max(returns)
            if won and returns[seat] < 1.0 and len(set(returns)) == 1 and evaluate is not None:
                # A partial success of a solo or co-operative game (Archipel's ending 2) is
                # weighed against playing on for the full one, on the hook's scale of [0, 1].
                scored.append((returns[seat], move))
            else:
                (winning if won else losing).append((returns[seat], move))
        elif after is not None and evaluate is not None:
            scored.append((float(evaluate(after, seat)), move))
        else:
            open_moves.append(move)
    if winning:
        return best(winning, rng)
    if scored:
        return best(scored, rng)
    if open_moves:
        return rng.choice(open_moves)
    return best(losing, rng)


@attrs.frozen
class PolicyAgent:
    """Follows the game's `policy` hook (its own plan, cheap enough for rollouts); greedy without one."""

    name: str = "policy"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The game policy's move in the view, or the greedy agent's when the game has no policy."""
        policy = policy_hook(view)
        if policy is None:
            return greedy_move(view, legal, view.current_player, evaluator(view), rng)
        return policy(view, legal, rng)


@attrs.frozen
class RolloutAgent:
    """Flat Monte Carlo: each move is played out `playouts` times at random from the view.

    Moves whose playouts cannot run on the view (a game whose redacted placeholders cannot be
    played) are judged by [GreedyAgent][tabletop.agents.simple.GreedyAgent] instead.

    Attributes:
        playouts: Random games played out after each move (at least 1).
        max_steps: A playout still running after this many steps tells nothing.
    """

    playouts: int = parameter(8, int, "random games played out after each move", at_least_one)
    max_steps: int = parameter(2_000, int, "bound on a playout's steps", at_least_one)
    name: str = "rollout"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The move with the best average return over its playouts."""
        seat = view.current_player
        scored: list[tuple[float, Move]] = []
        for move in legal:
            total = 0.0
            runs = 0
            for _ in range(self.playouts):
                result = self._playout(view, move, seat, rng)
                if result is not None:
                    total += result
                    runs += 1
            if runs:
                scored.append((total / runs, move))
        if not scored:
            return GreedyAgent().choose(view, legal, rng)
        return best(scored, rng)

    def _playout(self, view: State, move: Move, seat: int, rng: random.Random) -> float | None:
        state = try_apply(view, move)
        for _ in range(self.max_steps):
            if state is None:
                return None
            if state.is_terminal:
                return state.outcome.returns[seat] if state.outcome is not None else None
            state = step(state, rng)
        return None


@attrs.define
class ScriptedAgent:
    """Plays the moves of a script, in notation, in order; then hands the seat to a human.

    Attributes:
        moves: The notation of the moves to play, in order.
        played: How many have been played so far.
    """

    moves: tuple[str, ...] = attrs.field(converter=tuple)
    played: int = 0
    name: str = "scripted"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move | None:
        """The next scripted move, or `None` once the script is used up."""
        if self.played >= len(self.moves):
            return None
        move = view.GAME.parse_move(view, self.moves[self.played])
        self.played += 1
        return move

    def rewind(self, moves: int) -> None:
        """Go back to the point of the script where `moves` of its moves have been played (undo, redo)."""
        self.played = min(moves, len(self.moves))
