"""Agents: seats played by the program, for any game, through the public protocol only.

An agent is any object with a `name` and a method `choose(view, legal, rng)` returning one
of the `legal` moves, or `None` to hand the decision back to a human. It is shown only
`view` (the seat's view: `view.current_player` is its seat), so an agent never knows what
its seat may not. `rng` is a random source the match seeds reproducibly. An agent with a
memory of its own may also define `rewind(moves)`: after undo or redo the match calls it
with how many of the agent's moves the history still holds (a script goes back that far).

* [`RandomAgent`][tabletop.frontend.agents.RandomAgent] plays uniformly at random.
* [`GreedyAgent`][tabletop.frontend.agents.GreedyAgent] looks one move ahead: it takes a move that ends the game with a
  win (a positive return, the best of all seats) and avoids one that ends it otherwise; among
  the rest it follows the game's `evaluate(view, seat) -> float` hook if the game offers
  one (see [`game_hook`][tabletop.frontend.render.game_hook]), else it plays at random.
* [`RolloutAgent`][tabletop.frontend.agents.RolloutAgent] plays out each move a few times at random from its view (flat
  Monte Carlo) and keeps the best average return: stronger, slower.
* [`ScriptedAgent`][tabletop.frontend.agents.ScriptedAgent] plays a fixed list of moves in notation, then hands over.

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
from typing import Final, Protocol

import attrs

from tabletop.frontend.render import game_hook
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import Move, State

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "RandomAgent",
    "RolloutAgent",
    "ScriptedAgent",
    "make_agent",
]


class Agent(Protocol):
    """What a match needs of a program that plays a seat."""

    @property
    def name(self) -> str:
        """A short name for records and screens (`"random"`, `"greedy"`...)."""
        ...  # pragma: no cover

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move | None:
        """One of `legal` for the seat `view.current_player`, or `None` to let a human decide."""
        ...  # pragma: no cover


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
        seat = view.current_player
        evaluate = game_hook(view, "evaluate")
        winning: list[tuple[float, Move]] = []
        losing: list[tuple[float, Move]] = []
        scored: list[tuple[float, Move]] = []
        open_moves: list[Move] = []
        for move in legal:
            after = _try_apply(view, move)
            if after is not None and after.is_terminal and after.outcome is not None:
                returns = after.outcome.returns
                won = returns[seat] > 0 and returns[seat] >= max(returns)
                (winning if won else losing).append((returns[seat], move))
            elif after is not None and evaluate is not None:
                scored.append((float(evaluate(after, seat)), move))
            else:
                open_moves.append(move)
        if winning:
            return _best(winning, rng)
        if scored:
            return _best(scored, rng)
        if open_moves:
            return rng.choice(open_moves)
        return _best(losing, rng)


@attrs.frozen
class RolloutAgent:
    """Flat Monte Carlo: each move is played out `playouts` times at random from the view.

    Moves whose playouts cannot run on the view (a game whose redacted placeholders cannot be
    played) are judged by [`GreedyAgent`][tabletop.frontend.agents.GreedyAgent] instead.
    """

    playouts: int = 8
    max_steps: int = 2_000
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
        return _best(scored, rng)

    def _playout(self, view: State, move: Move, seat: int, rng: random.Random) -> float | None:
        state = _try_apply(view, move)
        for _ in range(self.max_steps):
            if state is None:
                return None
            if state.is_terminal:
                return state.outcome.returns[seat] if state.outcome is not None else None
            if state.current_player == CHANCE:
                next_move = sample_chance(state, rng)
            else:
                next_move = rng.choice(state.legal_moves())
            state = _try_apply(state, next_move)
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


AGENTS: Final[dict[str, Callable[[], Agent]]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "rollout": RolloutAgent,
}
"""Agents by name, for `make_agent` and the `--bot SEAT=NAME` option of `tabletop play`."""


def make_agent(name: str) -> Agent:
    """A new agent by name (`"random"`, `"greedy"`, `"rollout"`).

    Raises:
        ValueError: Naming the known agents, if there is none called `name`.
    """
    try:
        return AGENTS[name]()
    except KeyError:
        msg = f"no agent named {name!r}; known agents: {', '.join(AGENTS)}"
        raise ValueError(msg) from None


def _best(scored: list[tuple[float, Move]], rng: random.Random) -> Move:
    top = max(value for value, _ in scored)
    return rng.choice([move for value, move in scored if value == top])


def _try_apply(state: State, move: Move) -> State | None:
    try:
        return state.apply(move)
    except Exception:  # a redacted view may not play forward: that move is simply not judged
        return None
