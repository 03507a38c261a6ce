"""A search that plays the greedy agent's exact move unless its search shows a better one.

[ShadowAgent][tabletop.agents.shadow.ShadowAgent] (`"shadow"` in the registry) holds a copy
of greedy's decision procedure and runs it at every decision with the random source it is
given, consuming it exactly as [GreedyAgent][tabletop.agents.simple.GreedyAgent] does. Seated
where greedy would be (a tournament seeds a seat's random source from the game's seed and the
seat), it therefore replays greedy's game move for move, draw for draw, as long as it keeps
greedy's moves. It leaves greedy's move only when an MCTS search of the decision (the
[MCTS agent's][tabletop.agents.mcts.MCTSAgent] tree, with its own random source derived from,
but not drawing on, the one it is given) puts another move ahead of it by more than `margin`.

The search is spent where it can matter: only the moves the game's `evaluate` hook puts
within `width` of its best are searched (greedy's own move always among them), with
`per_move` iterations for each, so a decision with one clear move costs no search at all and
a tie of five moves gets five times the search of one move. On a seed where it never
deviates its game is greedy's game, so against greedy on the same seeds the paired
difference comes only from the games where it deviated.

```pycon
>>> import random
>>> import tabletop
>>> from tabletop.agents import GreedyAgent
>>> state = tabletop.get_game("conservas").new_game(seed=3)
>>> state = state.apply(tabletop.sample_chance(state))
>>> never = ShadowAgent(per_move=2, margin=1.0)  # no mean beats greedy's by more than 1
>>> legal = state.legal_moves()
>>> never.choose(state.view(0), legal, random.Random(5)) == GreedyAgent().choose(state.view(0), legal, random.Random(5))
True

```
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from tabletop.agents.base import evaluator
from tabletop.agents.budget import at_least_one, at_least_zero, iterations, non_negative, parameter
from tabletop.agents.mcts import MCTSAgent, SearchSettings, _Search
from tabletop.agents.simple import greedy_move
from tabletop.kernel.protocol import Move, State

__all__ = ["ShadowAgent"]

_EPSILON = 1e-12
"""Estimates closer than this are equal (the hook's ties)."""


@attrs.frozen
class ShadowAgent(SearchSettings):
    """Greedy's exact move, with greedy's random source, unless a search shows another better by `margin`.

    The search's knobs (`c`, `rollout`, `cutoff`, `prior`, `normalize`, `max_steps`) are those
    of [SearchSettings][tabletop.agents.mcts.SearchSettings]; `iterations` are added to the
    `per_move` ones of every decision that is searched (a time budget, `seconds`, replaces both).

    Attributes:
        width: The root moves searched: those whose estimate (the game's `evaluate` hook right
            after the move, as greedy judges it) is within `width` of the best, and greedy's
            own move. A decision with no other such move plays greedy's move without a search.
        per_move: Iterations for each move searched (at least 1).
        margin: Another move replaces greedy's only if its mean after the search beats the
            mean of greedy's move by more than this (utilities are in `[0, 1]`).
    """

    iterations: int = parameter(0, int, "iterations added to per_move's at a searched decision", at_least_zero)
    width: float = parameter(0.02, float, "root moves searched: within this of the hook's best", non_negative)
    per_move: int = parameter(8, int, "iterations per move searched", at_least_one)
    margin: float = parameter(0.01, float, "a move replaces greedy's only if better by more than this", non_negative)
    name: str = "shadow"

    def choose(self, view: State, legal: Sequence[Move], rng: random.Random) -> Move:
        """Greedy's move (drawing on `rng` as greedy does), or a move the search puts ahead by `margin`."""
        evaluate = evaluator(view)
        greedy = greedy_move(view, legal, view.current_player, evaluate, rng)
        if len(legal) == 1 or evaluate is None:
            return greedy
        return self.search(view, legal, greedy, _search_rng(rng))

    def search(self, view: State, legal: Sequence[Move], greedy: Move, rng: random.Random) -> Move:
        """The move played at a decision where greedy plays `greedy`, searched with `rng`."""
        settings = {field.name: getattr(self, field.name) for field in attrs.fields(SearchSettings)}
        settings["iterations"] = 1  # the budget is counted here; the tree only needs the knobs
        search = _Search(MCTSAgent(**settings), rng, evaluator(view))
        root = search.node(view)
        search.expand(root)
        player = root.player
        estimates = {move: value[player] for move, value in root.estimates.items() if move in legal}
        if greedy not in estimates or greedy not in root.children:
            return greedy
        floor = max(estimates.values()) - self.width - _EPSILON
        root.children = {
            move: child for move, child in root.children.items() if move == greedy or estimates.get(move, -1.0) >= floor
        }
        if len(root.children) == 1:
            return greedy
        budget = self.iterations + self.per_move * len(root.children)
        for _ in iterations(budget, self.seconds):
            search.iterate(root)
        bar = root.children[greedy].mean(player) + self.margin
        better = {
            move: child.mean(player)
            for move, child in root.children.items()
            if move != greedy and child.rolled and child.mean(player) > bar
        }
        if not better:
            return greedy
        top = max(better.values())
        return next(move for move, mean in better.items() if mean == top)


def _search_rng(rng: random.Random) -> random.Random:
    """A random source for the search, seeded from `rng`'s state without drawing on `rng`."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return random.Random(copy.getrandbits(64) ^ 0x5EED_5EA2C4)
