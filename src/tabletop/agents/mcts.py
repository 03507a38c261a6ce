"""UCT Monte Carlo tree search with explicit chance nodes, for perfect-information play.

The tree is grown from the seat's view, which in a game of perfect information (Conservas,
Pig) is the whole state but for the seed. Each iteration walks down the tree: at a decision
node it tries every move once, then follows UCB1 for the player to move there; at a chance
node it samples an outcome by its exact probability (`chance_outcomes()`) with the agent's
own random source, so each outcome's subtree is visited in proportion to its probability and
the node's value is the expectation over outcomes. A new leaf is valued by a short random
rollout cut off after `cutoff` steps by the game's `evaluate` hook (or played to the end
when the game has none, or `cutoff` is `None`), and the value, one utility per seat, is
backed up the path. The move played is the most visited one at the root.

```pycon
>>> import random
>>> import tabletop
>>> game = tabletop.get_game("conservas")
>>> state = game.new_game(seed=3)
>>> while state.current_player == tabletop.CHANCE:
...     state = state.apply(tabletop.sample_chance(state))
>>> agent = MCTSAgent(iterations=20)
>>> state.is_legal(agent.choose(state.view(0), state.legal_moves(), random.Random(0)))
True

```
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tabletop.agents.base import estimate, evaluator, sample, step, try_apply, utilities
from tabletop.agents.budget import (
    at_least_one,
    flag,
    iterations,
    optional,
    optional_count,
    optional_seconds,
    parameter,
    positive_number,
    stretch,
)
from tabletop.agents.simple import GreedyAgent
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.protocol import Move, State

__all__ = ["Evaluate", "MCTSAgent", "SearchSettings", "judge", "rollout_value"]

Evaluate = Callable[[State, int], Any] | None
"""The game's `evaluate(view, seat)` hook, or `None`."""


def _backup(text: str) -> str:
    """Reads the `backup` parameter."""
    if text not in ("max", "mean"):
        msg = f"backup is max or mean, got {text!r}"
        raise ValueError(msg)
    return text


@attrs.frozen
class SearchSettings:
    """The budget and knobs MCTS and IS-MCTS share.

    Attributes:
        iterations: Iterations per decision (at least 1), unless `seconds` is given.
        seconds: A time budget per decision instead of `iterations` (not reproducible:
            how far the search gets depends on the machine).
        c: The UCB1 exploration constant (utilities are in `[0, 1]`).
        cutoff: Random steps of a rollout before the game's `evaluate` hook judges the
            position (`0`: the leaf itself; `None`: play to the end).
        max_steps: A rollout still running after this many steps is judged where it stands.
        normalize: Rescale the values of a node's children to span `[0, 1]` (min-max) before
            adding UCB1's exploration term, so that `c` means the same whether the moves
            differ by a hundredth (a heuristic's estimates) or by a whole win.
        prior: Virtual visits a new node starts with at the value of its first rollout (with
            `cutoff=0`: the game's estimate of it), so that a few unlucky samples of chance
            deeper down do not overturn a clear first judgement.
    """

    iterations: int = parameter(200, int, "iterations per decision", at_least_one)
    seconds: float | None = parameter(None, optional(float), "seconds per decision instead", optional_seconds)
    c: float = parameter(1.0, float, "UCB1 exploration constant", positive_number)
    cutoff: int | None = parameter(0, optional(int), "rollout steps before evaluate (none: to the end)", optional_count)
    max_steps: int = parameter(2_000, int, "bound on a rollout's steps", at_least_one)
    prior: int = parameter(0, int, "virtual visits a new node starts with at its first value", optional_count)
    normalize: bool = parameter(True, flag, "rescale the children's values to [0, 1] before UCB1")


@attrs.frozen
class MCTSAgent(SearchSettings):
    """UCT search with chance nodes, on the seat's view.

    The budget and knobs are those of [SearchSettings][tabletop.agents.mcts.SearchSettings].

    Attributes:
        backup: `"mean"`: UCT's averages of the values backed up, and the most visited move
            is played; `"max"`: expectimax, a decision node is worth its best child and a
            chance node the probability-weighted mean of its outcomes, and the move of the
            best value is played.
    """

    backup: str = parameter(
        "mean",
        _backup,
        "mean (UCT, the default) or max (expectimax: max at decisions, mean at chance)",
        lambda _, __, value: _backup(value),
    )
    name: str = "mcts"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The best move at the root after the search: by value (`max` backup) or visits (`mean`)."""
        if len(legal) == 1:
            return legal[0]
        evaluate = evaluator(view)
        root = _Node(view, rng)
        for _ in iterations(self.iterations, self.seconds):
            self._iterate(root, rng, evaluate)
        player = root.player
        if self.backup == "max":
            scored = [((child.value[player], child.visits), move) for move, child in root.children.items()]
        else:
            scored = [((float(child.visits), 0), move) for move, child in root.children.items()]
        scored = [(score, move) for score, move in scored if move in legal]
        if not scored:
            return GreedyAgent().choose(view, legal, rng)
        top = max(score for score, _ in scored)
        return rng.choice([move for score, move in scored if score == top])

    def _iterate(self, root: _Node, rng: random.Random, evaluate: Evaluate) -> None:
        node = root
        path = [root]
        value = None
        while value is None:
            state = node.state
            if state.is_terminal:
                value = _final(state)
            elif node.player == CHANCE:
                move = sample(state, rng)
                child = node.children.get(move) if move is not None else None
                if move is None:
                    value = judge(state, evaluate)
                elif child is None:
                    value = self._expand(node, move, path, rng, evaluate)
                else:
                    node = child
                    path.append(child)
            elif node.untried:
                value = self._expand(node, node.untried.pop(), path, rng, evaluate)
            elif node.children:
                node = node.select(self.c, self.normalize)
                path.append(node)
            else:  # no move of this node can be played from the view
                value = judge(state, evaluate)
        if self.backup == "max":
            _back_up_max(path, value, self.prior)
        else:
            for visited in path:
                visited.update(value)

    def _expand(
        self, node: _Node, move: Move, path: list[_Node], rng: random.Random, evaluate: Evaluate
    ) -> tuple[float, ...] | None:
        after = try_apply(node.state, move)
        if after is None:
            return None if node.player != CHANCE else judge(node.state, evaluate)
        child = _Node(after, rng)
        node.children[move] = child
        path.append(child)
        value = rollout_value(after, rng, evaluate, self.cutoff, self.max_steps)
        if self.prior:
            child.visits = self.prior
            child.totals = [self.prior * v for v in value]
        return value


class _Node:
    """A position of the tree: its state, its children by move, and the utilities backed up."""

    __slots__ = ("children", "first", "player", "state", "totals", "untried", "value", "visits")

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.player = state.current_player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * state.num_players
        self.first: tuple[float, ...] = ()  # the value of its own first rollout (max backup)
        self.value: tuple[float, ...] = ()  # the backed-up value (max backup)
        self.untried: list[Move] = []
        if self.player >= 0:
            self.untried = list(state.legal_moves())
            rng.shuffle(self.untried)

    def update(self, value: Sequence[float]) -> None:
        self.visits += 1
        totals = self.totals
        for i, v in enumerate(value):
            totals[i] += v

    def select(self, c: float, normalize: bool) -> _Node:
        """The child with the best UCB1 score for the player to move here."""
        player = self.player
        log_n = math.log(self.visits)
        children = list(self.children.values())
        means = [child.value[player] if child.value else child.totals[player] / child.visits for child in children]
        if normalize:
            means = stretch(means)
        best_child = children[0]
        best_score = -math.inf
        for child, mean in zip(children, means, strict=True):
            score = mean + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best_child, best_score = child, score
        return best_child


def _back_up_max(path: list[_Node], value: tuple[float, ...], prior: int) -> None:
    """Expectimax backup: a decision node is worth its best child, a chance node the mean of its outcomes.

    The outcomes are weighted by how often they were drawn (so by their probability), with
    the node's own first value counted `1 + prior` times.
    """
    leaf = path[-1]
    if not leaf.first:
        leaf.first = value
    for node in reversed(path):
        node.visits += 1
        if not node.children:
            node.value = node.first or value
        elif node.player == CHANCE:
            weight = 1 + prior
            sums = [weight * v for v in node.first] if node.first else [0.0] * len(value)
            if not node.first:
                weight = 0
            for child in node.children.values():
                weight += child.visits
                for i, v in enumerate(child.value):
                    sums[i] += child.visits * v
            node.value = tuple(v / weight for v in sums)
        else:
            player = node.player
            node.value = max((child.value for child in node.children.values()), key=lambda v: v[player])


def rollout_value(
    state: State, rng: random.Random, evaluate: Evaluate, cutoff: int | None, max_steps: int
) -> tuple[float, ...]:
    """Each seat's utility after a random rollout from `state`.

    The rollout stops at the end of the game, or after `cutoff` steps when the game has an
    `evaluate` hook (which then judges the position), or when a step cannot be played (a
    view's placeholder) or `max_steps` are reached: then the position is judged as it stands.
    """
    limit = max_steps if cutoff is None or evaluate is None else min(cutoff, max_steps)
    for _ in range(limit):
        if state.is_terminal:
            return _final(state)
        after = step(state, rng)
        if after is None:
            break
        state = after
    return judge(state, evaluate)


def _final(state: State) -> tuple[float, ...]:
    assert state.outcome is not None
    return utilities(state.outcome.returns)


def judge(state: State, evaluate: Evaluate) -> tuple[float, ...]:
    """Each seat's utility of a position's utilities: the outcome, the game's estimate, or an even share without one."""
    if state.outcome is not None:
        return _final(state)
    if evaluate is not None:
        return estimate(state, evaluate)
    return (1.0 / max(1, state.num_players),) * state.num_players
