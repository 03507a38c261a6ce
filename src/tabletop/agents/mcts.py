"""UCT Monte Carlo tree search with explicit chance nodes, for perfect-information play.

The tree is grown from the seat's view, which in a game of perfect information (Conservas,
Pig) is the whole state but for the seed. Each iteration walks down the tree: at a chance
node it samples an outcome by its exact probability (`chance_outcomes()`) with the agent's
own random source, so each outcome's subtree is visited in proportion to its probability and
the node's value is the expectation over outcomes. At a decision node seen for the first
time every move is played once and judged by the game's `evaluate` hook, and each move's
child starts with `prior` virtual visits at that judgement (progressive bias by prior
knowledge); UCB1 then picks among all of them for the player to move there, so a wide
decision spends its iterations on the moves that look best instead of trying every one
first (with `prior=0`, every move is tried once, the best judged first). A new leaf is
valued by a rollout: `cutoff` decisions of the rollout policy (`greedy`: the
[greedy agent's][tabletop.agents.simple.greedy_move] choice, or `random`), chance sampled
in between, then the game's `evaluate` hook judges the
position (the game played to the end when it has no hook, or `cutoff` is `None`). The
value, one utility per seat, is backed up the path. Positions reached along different paths
share one node (a transposition table keyed by the state), so what one path learnt about a
position serves every other. The move played is the most visited one at the root (among equals, the best valued).

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
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from tabletop.agents.base import estimate, evaluator, sample, try_apply, utilities
from tabletop.agents.budget import (
    at_least_one,
    flag,
    iterations,
    optional,
    optional_count,
    optional_margin,
    optional_seconds,
    parameter,
    positive_number,
    stretch,
)
from tabletop.agents.simple import Evaluate, GreedyAgent, greedy_move
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.protocol import Move, State

__all__ = ["ROLLOUTS", "Evaluate", "MCTSAgent", "Memo", "SearchSettings", "judge", "rollout_value"]

ROLLOUTS = ("greedy", "random")
"""The rollout policies: the greedy agent's choice (the default) or a uniformly random move."""


def _choice(options: Sequence[str], what: str) -> Callable[[str], str]:
    """A reader of a parameter that is one of `options`."""

    def read(text: str) -> str:
        if text not in options:
            msg = f"{what} is {' or '.join(options)}, got {text!r}"
            raise ValueError(msg)
        return text

    read.__name__ = what
    return read


_backup = _choice(("max", "mean"), "backup")
_rollout = _choice(ROLLOUTS, "rollout")


def _valid(read: Callable[[str], str]) -> Callable[[object, attrs.Attribute[Any], str], None]:
    """An attrs validator from a reader: the value must read as itself."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: str) -> None:
        read(value)

    return check


@attrs.frozen
class SearchSettings:
    """The budget and knobs MCTS and IS-MCTS share.

    Attributes:
        iterations: Iterations per decision (at least 1), unless `seconds` is given.
        seconds: A time budget per decision instead of `iterations` (not reproducible:
            how far the search gets depends on the machine).
        c: The UCB1 exploration constant (utilities are in `[0, 1]`).
        rollout: The policy of a rollout's decisions: `"greedy"` (the
            [greedy agent's][tabletop.agents.simple.greedy_move] choice for the player to
            move, with the game's `evaluate` hook) or `"random"`.
        cutoff: Decisions of a rollout before the game's `evaluate` hook judges the position
            (`0`: the leaf itself; `None`: play to the end). Chance in between is sampled.
        max_steps: A rollout still running after this many steps (decisions and chance)
            is judged where it stands.
        normalize: Rescale the values of a node's children to span `[0, 1]` (min-max) before
            adding UCB1's exploration term, so that `c` means the same whether the moves
            differ by a hundredth (a heuristic's estimates) or by a whole win.
        prior: Virtual visits a new node starts with at the game's estimate of it (the
            `evaluate` hook right after the move), so that a few unlucky samples of chance
            deeper down do not overturn a clear first judgement (progressive bias).
    """

    iterations: int = parameter(20, int, "iterations per decision", at_least_one)
    seconds: float | None = parameter(None, optional(float), "seconds per decision instead", optional_seconds)
    c: float = parameter(1.0, float, "UCB1 exploration constant", positive_number)
    rollout: str = parameter("greedy", _rollout, "rollout policy: greedy or random", _valid(_rollout))
    cutoff: int | None = parameter(2, optional(int), "rollout decisions before evaluate (none: all)", optional_count)
    max_steps: int = parameter(2_000, int, "bound on a rollout's steps", at_least_one)
    prior: int = parameter(2, int, "virtual visits a new node starts with at the game's estimate", optional_count)
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
        transpose: Share one node among the paths that reach the same position.
        per_move: Iterations added to `iterations` for every legal move of the decision, so
            that a wide decision gets the budget its moves need and a narrow one does not
            spend more than it must (`0`: the same `iterations` at every decision). A time
            budget (`seconds`) is not widened.
        width: Search only the root moves whose estimate (the game's `evaluate` hook right
            after the move, as the greedy agent judges it) is within `width` of the best; a
            decision left with one such move plays it at once, without a search (`None`:
            every move). `per_move` then counts the moves kept.
        anchor: Play the best searched of the moves the hook ranks first (the greedy
            agent's candidates, their ties decided by the search) unless another searched
            move's mean beats that one's by more than `anchor` (`None`: the most visited
            move, as without it).
    """

    backup: str = parameter(
        "mean", _backup, "mean (UCT) or max (expectimax: max at decisions, mean at chance)", _valid(_backup)
    )
    transpose: bool = parameter(True, flag, "share one node among paths to the same position")
    per_move: int = parameter(0, int, "iterations added per legal move of the decision", optional_count)
    width: float | None = parameter(
        None, optional(float), "root moves searched: within this of the hook's best (none: all)", optional_margin
    )
    anchor: float | None = parameter(
        None,
        optional(float),
        "keep the hook's best move unless another beats it by this (none: no anchor)",
        optional_margin,
    )
    name: str = "mcts"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The best move at the root after the search: by value (`max` backup) or visits (`mean`)."""
        if len(legal) == 1:
            return legal[0]
        search = _Search(self, rng, evaluator(view))
        root = search.node(view)
        if self.width is not None or self.anchor is not None:
            return self._anchored(search, root, view, legal, rng)
        for _ in iterations(self.iterations + self.per_move * len(legal), self.seconds):
            search.iterate(root)
        player = root.player
        scored: list[tuple[tuple[float, float], Move]]
        if self.backup == "max":
            scored = [
                ((child.mean(player), child.visits), move) for move, child in root.children.items() if child.value
            ]
        else:  # the most visited; among equals, the best valued
            scored = [((float(child.visits), child.mean(player)), move) for move, child in root.children.items()]
        scored = [(score, move) for score, move in scored if move in legal]
        if not scored:
            return GreedyAgent().choose(view, legal, rng)
        top = max(score for score, _ in scored)
        return rng.choice([move for score, move in scored if score == top])

    def _anchored(self, search: _Search, root: _Node, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The search with `width` and `anchor`: only the close moves searched, the hook's best kept unless beaten.

        The root is expanded first, so every move has the hook's estimate right after it
        (the greedy agent's judgement). With `width`, the moves more than `width` below the
        best estimate are dropped from the root, and a decision left with one move plays it
        without searching (`per_move` then counts the moves kept). With `anchor`, the move
        played is the best searched of the moves the hook ranks first (its ties decided by
        the search), unless another searched move's mean beats that one's by more than
        `anchor`.
        """
        search.expand(root)
        player = root.player
        estimates = {move: value[player] for move, value in root.estimates.items() if move in legal}
        if not estimates:
            return GreedyAgent().choose(view, legal, rng)
        top = max(estimates.values())
        if self.width is not None:
            floor = top - self.width - _EPSILON
            root.children = {move: child for move, child in root.children.items() if estimates.get(move, -1.0) >= floor}
        if len(root.children) == 1:
            return next(iter(root.children))
        for _ in iterations(self.iterations + self.per_move * len(root.children), self.seconds):
            search.iterate(root)
        ranked = {
            move: (float(child.visits), child.mean(player)) for move, child in root.children.items() if move in legal
        }
        if not ranked:
            return GreedyAgent().choose(view, legal, rng)
        if self.anchor is None:  # the most visited of all; among equals, the best valued
            most = max(ranked.values())
            return rng.choice([move for move in ranked if ranked[move] == most])
        first = [move for move in ranked if estimates[move] >= top - _EPSILON]
        most = max(ranked[move] for move in first)
        choice = rng.choice([move for move in first if ranked[move] == most])
        bar = ranked[choice][1] + self.anchor
        challengers = [
            move for move in ranked if move not in first and root.children[move].rolled and ranked[move][1] > bar
        ]
        if not challengers:
            return choice
        best_mean = max(ranked[move][1] for move in challengers)
        return rng.choice([move for move in challengers if ranked[move][1] == best_mean])


_EPSILON = 1e-12
"""Estimates closer than this are equal (the hook's ties)."""


class _Search:
    """One decision's search: the settings, the random source, the hook and the positions seen."""

    def __init__(self, agent: MCTSAgent, rng: random.Random, evaluate: Evaluate) -> None:
        self.agent = agent
        self.rng = rng
        self.evaluate = evaluate
        self.table: dict[Hashable, _Node] | None = {} if agent.transpose else None
        self.memo = Memo()

    def node(self, state: State) -> _Node:
        """The node of `state`: the one already in the table, or a new one."""
        table = self.table
        if table is None:
            return _Node(state)
        try:
            found = table.get(state)
        except TypeError:  # a state that does not hash: no transpositions for this search
            self.table = None
            return _Node(state)
        if found is None:
            found = table[state] = _Node(state)
        return found

    def iterate(self, root: _Node) -> None:
        """One iteration: select down the tree, expand one node, roll out, back up."""
        agent, rng, evaluate = self.agent, self.rng, self.evaluate
        node = root
        path = [root]
        value = None
        while value is None:
            state = node.state
            if state.is_terminal:
                value = _final(state)
            elif len(path) > agent.max_steps:  # a cycle of positions: judge where the walk is
                value = judge(state, evaluate)
            elif node.player == CHANCE:
                move = sample(state, rng)
                if move is None:
                    value = judge(state, evaluate)
                    continue
                child = node.children.get(move)
                if child is None:
                    after = try_apply(state, move)
                    if after is None:
                        value = judge(state, evaluate)
                        continue
                    child = node.children[move] = self.node(after)
                    if not child.rolled:
                        child.rolled = True
                        path.append(child)
                        value = self.rollout(after)
                        continue
                node = child
                path.append(child)
            else:
                if not node.expanded:
                    self.expand(node)
                if not node.children:  # no move of this node can be played from the view
                    value = judge(state, evaluate)
                    continue
                node = node.select(agent.c, agent.normalize)
                path.append(node)
                if not node.rolled:
                    node.rolled = True
                    value = self.rollout(node.state)
        if agent.backup == "max":
            _back_up_max(path, value, agent.prior)
        else:
            for visited in path:
                visited.update(value)

    def rollout(self, state: State) -> tuple[float, ...]:
        """The value of a new leaf: a rollout with the agent's policy and cut-off."""
        agent = self.agent
        return rollout_value(state, self.rng, self.evaluate, agent.cutoff, agent.max_steps, agent.rollout, self.memo)

    def expand(self, node: _Node) -> None:
        """Give a decision node a child for every move, the best judged first.

        Each move is played once and judged by the game's estimate; a new child starts with
        `prior` virtual visits at that estimate. Moves that cannot be played from the view
        are left out; ties keep a random order.
        """
        node.expanded = True
        moves = list(node.state.legal_moves())
        self.rng.shuffle(moves)
        player = node.player
        prior = self.agent.prior
        found = []
        for move in moves:
            after = try_apply(node.state, move)
            if after is not None:
                found.append((move, after, self.memo.value(after, self.evaluate)))
        found.sort(key=lambda item: -item[2][player])
        node.estimates = {move: first for move, _, first in found}
        for move, after, first in found:
            child = node.children[move] = self.node(after)
            if prior and not child.visits:
                child.visits = prior
                child.totals = [prior * v for v in first]


class _Node:
    """A position of the tree: its state, its children by move, and the utilities backed up."""

    __slots__ = (
        "children",
        "estimates",
        "expanded",
        "first",
        "player",
        "rolled",
        "state",
        "totals",
        "value",
        "visits",
    )

    def __init__(self, state: State) -> None:
        self.state = state
        self.player = state.current_player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * state.num_players
        self.first: tuple[float, ...] = ()  # the value of its own first rollout (max backup)
        self.value: tuple[float, ...] = ()  # the backed-up value (max backup)
        self.expanded = False  # a decision node: its children made, one per move
        self.rolled = False  # a rollout has started here (virtual visits of a prior do not count)
        self.estimates: dict[Move, tuple[float, ...]] = {}  # each move's estimate when expanded

    def mean(self, player: int) -> float:
        """The mean utility of `player` here (the backed-up value with `max` backup)."""
        if self.value:
            return self.value[player]
        return self.totals[player] / self.visits if self.visits else 0.0

    def update(self, value: Sequence[float]) -> None:
        self.visits += 1
        totals = self.totals
        for i, v in enumerate(value):
            totals[i] += v

    def select(self, c: float, normalize: bool) -> _Node:
        """The child with the best UCB1 score for the player to move here.

        A child never visited (no prior) scores infinity: the first of them, the best judged,
        is tried before any other is revisited.
        """
        player = self.player
        log_n = math.log(max(1, self.visits))
        children = list(self.children.values())
        for child in children:
            if not child.visits:
                return child
        means = [child.mean(player) for child in children]
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
        judged = [child for child in node.children.values() if child.value]
        if not judged:
            node.value = node.first or value
        elif node.player == CHANCE:
            weight = 1 + prior
            sums = [weight * v for v in node.first] if node.first else [0.0] * len(value)
            if not node.first:
                weight = 0
            for child in judged:
                weight += child.visits
                for i, v in enumerate(child.value):
                    sums[i] += child.visits * v
            node.value = tuple(v / weight for v in sums)
        else:
            player = node.player
            node.value = max((child.value for child in judged), key=lambda v: v[player])


class Memo:
    """What one decision's search has already worked out about positions: the rollout
    policy's move and the game's estimate, by state (states that do not hash are not kept).

    Rollouts of one search pass through the same positions again and again (the same draws
    after the same moves), and the greedy policy's choice costs a judgement of every move.
    """

    __slots__ = ("moves", "values")

    def __init__(self) -> None:
        self.moves: dict[State, Move] = {}
        self.values: dict[State, tuple[float, ...]] = {}

    def move(self, state: State, policy: str, evaluate: Evaluate, rng: random.Random) -> Move:
        """The rollout policy's move in `state`, worked out once."""
        try:
            return self.moves[state]
        except KeyError:
            pass
        except TypeError:
            return _policy_move(state, policy, evaluate, rng)
        move = self.moves[state] = _policy_move(state, policy, evaluate, rng)
        return move

    def value(self, state: State, evaluate: Evaluate) -> tuple[float, ...]:
        """[judge][tabletop.agents.mcts.judge] of `state`, worked out once."""
        try:
            return self.values[state]
        except KeyError:
            pass
        except TypeError:
            return judge(state, evaluate)
        value = self.values[state] = judge(state, evaluate)
        return value


def _policy_move(state: State, policy: str, evaluate: Evaluate, rng: random.Random) -> Move:
    legal = state.legal_moves()
    if policy == "greedy":
        return greedy_move(state, legal, state.current_player, evaluate, rng)
    return rng.choice(legal)


def rollout_value(
    state: State,
    rng: random.Random,
    evaluate: Evaluate,
    cutoff: int | None,
    max_steps: int,
    policy: str = "random",
    memo: Memo | None = None,
) -> tuple[float, ...]:
    """Each seat's utility after a rollout from `state`.

    The rollout's decisions follow `policy` (`"greedy"`:
    [greedy_move][tabletop.agents.simple.greedy_move] for the player to move, with the game's
    `evaluate` hook; `"random"`: a uniformly random move); chance outcomes are drawn by their
    probabilities. It stops at the end of the game, or right after `cutoff` decisions when the
    game has an `evaluate` hook (which then judges the position, as the greedy agent judges
    the position after its move), or when a step cannot be played
    (a view's placeholder) or `max_steps` steps are reached: then the position is judged as
    it stands. A [Memo][tabletop.agents.mcts.Memo] keeps the greedy policy's moves and the
    estimates of the positions already met (a random policy's moves are never kept).
    """
    limit = None if cutoff is None or evaluate is None else cutoff
    keep = memo is not None and policy == "greedy"
    decisions = 0
    for _ in range(max_steps):
        if state.is_terminal:
            return _final(state)
        if limit is not None and decisions >= limit:
            break
        if state.current_player == CHANCE:
            move = sample(state, rng)
            if move is None:
                break
        else:
            decisions += 1
            move = memo.move(state, policy, evaluate, rng) if keep else _policy_move(state, policy, evaluate, rng)  # type: ignore[union-attr]
        after = try_apply(state, move)
        if after is None:
            break
        state = after
    return memo.value(state, evaluate) if memo is not None else judge(state, evaluate)


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
