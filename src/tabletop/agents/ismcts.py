"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for hidden information.

After Cowling, Powley and Whitehouse (2012). The agent holds only its seat's view. Every
iteration first **determinizes** it: [tabletop.adapters.determinize][] samples a whole state
consistent with everything the seat knows (the other seats' hands, the face-down fish, the
order of unknown decks), with the agent's own random source. The iteration then walks one
tree whose nodes are the observer's **information sets**, not states: a child is reached by a
move, or, after a chance event, by what the observer then sees (its view), so worlds that the
observer cannot tell apart share their statistics. At each node only the moves legal in this
determinization compete, by UCB1 with availability counts (a move's exploration term counts
the visits in which it was available, not all visits); chance outcomes are sampled by their
exact probabilities. A move new to a node is judged by the game's `evaluate` hook in the
determinization where it is first met, and with `prior` virtual visits its statistics start
at that judgement (progressive bias), so a wide decision spends its iterations on the moves
that look best (with `prior=0`, every move is tried once first, the best judged first). Leaves are
valued as in [MCTSAgent][tabletop.agents.mcts.MCTSAgent]: a rollout of `cutoff` decisions
of the rollout policy (greedy by default), then the game's `evaluate` hook.

With `turns` set, and a game that offers a `policy(state, legal, rng)` hook (its own cheap
plan-following policy, such as Archipel's), the rollouts play that policy for `turns` whole
turns instead (a turn ends when another player is to move), so that a leaf is judged where a
plan of several moves (sail, fish, deliver) has come to fruition, not two decisions into it;
and at each information set the policy's own move starts at the best estimate of the moves
met there with it, so that a small budget tries the plan first.

The search never reads more than the view: the choice is a function of `(view, legal, rng)`
alone, so changing anything hidden from the seat cannot change it.

A game without a determinization (a game of perfect information, or a third-party game with
no AI bridge) is searched on the view itself, as MCTS would.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Hashable, Sequence

import attrs

from tabletop.agents.base import evaluator, sample, try_apply
from tabletop.agents.budget import at_least_one, iterations, optional, parameter, stretch
from tabletop.agents.mcts import Evaluate, Memo, SearchSettings, judge, rollout_value
from tabletop.agents.simple import GreedyAgent, Policy, policy_hook
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.protocol import Move, State

__all__ = ["Determinizer", "ISMCTSAgent", "default_determinizer"]

Determinizer = Callable[[State, int, random.Random], State]
"""`determinize(view, seat, rng) -> state`: a full state the seat cannot tell from the truth."""


def _turns(instance: object, attribute: attrs.Attribute[object], value: int | None) -> None:
    """An attrs validator: `None` or a whole number of turns of at least 1."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        msg = f"{attribute.name} must be a whole number of at least 1 (or none), got {value!r}"
        raise ValueError(msg)


@attrs.frozen
class ISMCTSAgent(SearchSettings):
    """SO-ISMCTS on determinizations of the seat's view (one per iteration).

    The budget and knobs are those of [SearchSettings][tabletop.agents.mcts.SearchSettings].

    Attributes:
        reuse: Iterations that share one determinization (1: a fresh one every iteration, the
            textbook algorithm; more is faster where sampling is costly, as in Spółka ZOO).
        turns: With a game that has a `policy` hook: rollouts of that many whole turns of the
            game's policy (`cutoff` then does not apply), and the policy's move tried first at
            each information set. `None` (the default), or a game without the hook: the
            rollouts of [SearchSettings][tabletop.agents.mcts.SearchSettings].
        determinize: Samples a state from a view; by default
            [default_determinizer][tabletop.agents.ismcts.default_determinizer].
    """

    reuse: int = parameter(1, int, "iterations per determinization", at_least_one)
    turns: int | None = parameter(
        None, optional(int), "rollouts: whole turns of the game's policy hook (none: cutoff decisions)", _turns
    )
    determinize: Determinizer | None = attrs.field(default=None, eq=False, repr=False)
    name: str = "ismcts"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """The most visited of `legal` at the root after the search (among equals, the best valued)."""
        if len(legal) == 1:
            return legal[0]
        seat = view.current_player
        sample = self.determinize or default_determinizer(view)
        evaluate = evaluator(view)
        root = _InfoSet()
        world = view
        memo = Memo()
        plan = _Plan(policy_hook(view), self.turns) if self.turns is not None else None
        if plan is not None and plan.policy is None:
            plan = None
        for i in iterations(self.iterations, self.seconds):
            if i % self.reuse == 0:
                world = sample(view, seat, rng)
            self._iterate(root, world, seat, rng, evaluate, memo, plan)
        visited = [
            ((edge.visits, edge.totals[seat] / edge.visits if edge.visits else 0.0), move)
            for move, edge in root.edges.items()
            if move in legal
        ]
        if not visited:
            return GreedyAgent().choose(view, legal, rng)
        top = max(score for score, _ in visited)
        return rng.choice([move for score, move in visited if score == top])

    def _iterate(
        self,
        root: _InfoSet,
        state: State,
        seat: int,
        rng: random.Random,
        evaluate: Evaluate,
        memo: Memo,
        plan: _Plan | None = None,
    ) -> None:
        node = root
        path: list[_Edge] = []
        value = None
        while value is None:
            if state.is_terminal:
                value = judge(state, evaluate)
            elif state.current_player == CHANCE:
                outcome = sample(state, rng)
                after = try_apply(state, outcome) if outcome is not None else None
                if after is None:
                    value = judge(state, evaluate)
                else:
                    state = after
                    node = node.after_chance(after.view(seat))
            else:
                chosen = node.select(state, self, rng, memo, evaluate, plan)
                if chosen is None:
                    value = judge(state, evaluate)
                    break
                move, state = chosen
                edge = node.edges[move]
                path.append(edge)
                node = node.after_move(move)
                if not edge.rolled:
                    edge.rolled = True
                    if plan is not None:
                        value = plan.rollout(state, rng, evaluate, self.max_steps, memo)
                    else:
                        value = rollout_value(state, rng, evaluate, self.cutoff, self.max_steps, self.rollout, memo)
        for edge in path:
            edge.update(value)


class _Edge:
    """A move's statistics at an information set."""

    __slots__ = ("available", "estimate", "rolled", "totals", "visits")

    def __init__(self, seats: int, estimate: float) -> None:
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * seats
        self.estimate = estimate  # the game's estimate after the move, where it was first met
        self.rolled = False  # a rollout has started after it (a prior's virtual visits do not count)

    def update(self, value: Sequence[float]) -> None:
        self.visits += 1
        totals = self.totals
        for i, v in enumerate(value):
            totals[i] += v


class _InfoSet:
    """An information set of the observer: its moves' statistics and the sets after them."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[Move, _Edge] = {}
        self.children: dict[Hashable, _InfoSet] = {}

    def after_move(self, move: Move) -> _InfoSet:
        return self.children.setdefault(("move", move), _InfoSet())

    def after_chance(self, seen: State) -> _InfoSet:
        return self.children.setdefault(("chance", seen), _InfoSet())

    def select(
        self,
        state: State,
        settings: SearchSettings,
        rng: random.Random,
        memo: Memo,
        evaluate: Evaluate,
        plan: _Plan | None = None,
    ) -> tuple[Move, State] | None:
        """The move to follow in `state` and the position after it, or `None` when no move
        here can be played.

        A move met here for the first time is judged by the game's estimate of the position
        after it, in this world, and its statistics start with `prior` virtual visits at that
        estimate. The moves legal in this world then compete by UCB1 with availability counts;
        a move never visited (no prior) comes first, the best judged of them.
        """
        legal = state.legal_moves()
        edges = self.edges
        player = state.current_player
        found: dict[Move, State] = {}
        for move in legal:
            if move not in edges:
                after = try_apply(state, move)
                if after is None:  # cannot be played in this world: not met here yet
                    continue
                found[move] = after
                estimate = memo.value(after, evaluate)
                edge = edges[move] = _Edge(state.num_players, estimate[player])
                if settings.prior:
                    edge.visits = settings.prior
                    edge.totals = [settings.prior * v for v in estimate]
        if plan is not None and found:
            plan.favour(state, legal, edges, found, rng, settings.prior)
        moves = [m for m in legal if m in edges]
        for m in moves:
            edges[m].available += 1
        unvisited = [m for m in moves if not edges[m].visits]
        if unvisited:
            chosen = max(unvisited, key=lambda m: (edges[m].estimate, rng.random()))
        elif moves:
            means = [edges[m].totals[player] / edges[m].visits for m in moves]
            if settings.normalize:
                means = stretch(means)
            c = settings.c
            scores = [
                mean + c * math.sqrt(math.log(edges[m].available) / edges[m].visits)
                for m, mean in zip(moves, means, strict=True)
            ]
            chosen = moves[scores.index(max(scores))]
        else:
            return None
        after = found[chosen] if chosen in found else try_apply(state, chosen)
        return None if after is None else (chosen, after)


class _Plan:
    """The game's `policy` hook as a search uses it: whole-turn rollouts, and its move tried first."""

    __slots__ = ("moves", "policy", "turns")

    def __init__(self, policy: Policy | None, turns: int) -> None:
        self.policy = policy
        self.turns = turns
        self.moves: dict[State, Move] = {}  # the policy's move by position, for one decision's search

    def move(self, state: State, rng: random.Random) -> Move:
        """The policy's move in `state`, worked out once (positions that do not hash: every time)."""
        assert self.policy is not None
        try:
            return self.moves[state]
        except KeyError:
            move = self.moves[state] = self.policy(state, state.legal_moves(), rng)
            return move
        except TypeError:
            return self.policy(state, state.legal_moves(), rng)

    def favour(
        self,
        state: State,
        legal: Sequence[Move],
        edges: dict[Move, _Edge],
        new: dict[Move, State],
        rng: random.Random,
        prior: int,
    ) -> None:
        """Start the policy's move, if new here, at the best estimate of the moves met with it."""
        move = self.move(state, rng)
        if move not in new:
            return
        player = state.current_player
        top = max(edges[m].estimate for m in new)
        edge = edges[move]
        edge.estimate = top + 1e-9  # first among the untried
        if prior:
            edge.totals[player] = prior * top

    def rollout(
        self, state: State, rng: random.Random, evaluate: Evaluate, max_steps: int, memo: Memo
    ) -> tuple[float, ...]:
        """Each seat's utility after `turns` whole turns of the policy from `state` (chance sampled).

        A turn ends when another player is to move, or after `_TURN_DECISIONS` decisions of
        one player (a solo game's turns are not told apart by the player to move).
        """
        turns = 0
        last = None
        decisions = 0
        for _ in range(max_steps):
            if state.is_terminal:
                return judge(state, evaluate)
            player = state.current_player
            if player == CHANCE:
                move = sample(state, rng)
                if move is None:
                    break
            else:
                decisions += 1
                if last is not None and (player != last or decisions > _TURN_DECISIONS):
                    turns += 1
                    decisions = 1
                    if turns >= self.turns:
                        break
                last = player
                move = self.move(state, rng)
            after = try_apply(state, move)
            if after is None:
                break
            state = after
        return memo.value(state, evaluate)


#: The most decisions a rollout counts as one turn of one player.
_TURN_DECISIONS = 60


def default_determinizer(view: State) -> Determinizer:
    """The AI bridge's `determinize` for the view's game, or the view itself when it has none.

    A game of perfect information needs no determinization, and a third-party game without
    an AI bridge can still be searched on its view (the rollouts then stop at any placeholder).
    """
    try:
        adapters = importlib.import_module("tabletop.adapters")
    except ImportError:
        return _itself
    try:
        bridge = adapters.bridge_for(view)
    except (LookupError, TypeError, ValueError, AttributeError):
        return _itself
    determinize: Determinizer = bridge.sample_state  # what adapters.determinize calls, found once
    return determinize


def _itself(view: State, seat: int, rng: random.Random) -> State:
    return view
