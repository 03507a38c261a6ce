"""Every chance node describes itself: a property checked over random play, for any game.

At a chance node `state.chance_node()` says in public terms what is drawn, from where, to
where and under which rule (a [`ChanceNode`][tabletop.kernel.chance.ChanceNode]), and
`state.chance_outcomes()` gives every outcome with its exact probability.
[`check_chance_nodes`][tabletop.testing.chance.check_chance_nodes] plays random games and
checks both at every chance node met:

```python
from tabletop.testing import check_chance_nodes
from tabletop.testing.drill import GAME

report = check_chance_nodes(GAME, seeds=range(5))
print(report.nodes, "chance nodes described under", sorted(report.rules))
```
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Final

import attrs

from tabletop.kernel.chance import ChanceNode, Source, sample_chance
from tabletop.kernel.protocol import Game, State
from tabletop.testing.properties import PropertyFailure

__all__ = ["ChanceReport", "check_chance_node", "check_chance_nodes"]

MAX_DENOMINATOR: Final = 1_000_000
"""An exact probability is a ratio of counts: a fraction with a denominator up to this."""
_TOLERANCE: Final = 1e-12


@attrs.frozen
class ChanceReport:
    """What [`check_chance_nodes`][tabletop.testing.chance.check_chance_nodes] saw.

    Attributes:
        games: Games played to the end.
        nodes: Chance nodes checked.
        rules: Per rule ID, the chance nodes that cited it.
        sources: Per [`Source`][tabletop.kernel.chance.Source], the chance nodes drawing from it.
    """

    games: int
    nodes: int
    rules: Mapping[str, int]
    sources: Mapping[Source, int]


def check_chance_nodes(
    game: Game,
    *,
    seeds: Iterable[int] = range(10),
    options: Iterable[Mapping[str, Any]] = ({},),
    max_steps: int = 20_000,
) -> ChanceReport:
    """Play one random game per (options, seed) pair; check every chance node it meets.

    Each chance node must describe itself with a `ChanceNode` whose `rule` is a rule ID of
    `game.rules`, whose `name` and `destination` are non-empty, whose `recipient` is `None`
    or a seat; the description must be the same in every seat's view and after the game's
    `perturb` re-deals what a seat cannot see (it tells what is drawn, never what comes
    out); the outcomes must be distinct, with probabilities that are positive ratios of
    counts summing to exactly 1.

    Args:
        game: The game to check.
        seeds: Seeds; each seeds both `new_game` and the random play.
        options: Option sets to play.
        max_steps: A game not over after this many steps fails.

    Returns:
        How many games and chance nodes were checked, by rule and by source.

    Raises:
        PropertyFailure: Naming the game, options, seed, step and the broken property.
    """
    games = nodes = 0
    rules: dict[str, int] = {}
    sources: dict[Source, int] = {}
    for opts in options:
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_game(seed, **dict(opts))
            for step in range(max_steps):
                if state.is_terminal:
                    break
                if state.is_chance_node:
                    node = check_chance_node(game, state, rng, f"{game.name} {dict(opts)} seed {seed} step {step}")
                    nodes += 1
                    rules[node.rule] = rules.get(node.rule, 0) + 1
                    sources[node.source] = sources.get(node.source, 0) + 1
                    state = state.apply(sample_chance(state, rng))
                else:
                    state = state.apply(rng.choice(state.legal_moves()))
            else:
                msg = f"{game.name} {dict(opts)} seed {seed}: not over after {max_steps} steps"
                raise PropertyFailure(msg)
            games += 1
    return ChanceReport(games, nodes, dict(sorted(rules.items())), sources)


def check_chance_node(game: Game, state: State, rng: random.Random, context: str = "") -> ChanceNode:
    """Check the description and the outcomes of the chance node `state` is at.

    Returns:
        Its description.

    Raises:
        PropertyFailure: Naming `context`, where the node is and what is wrong.
    """
    where = f"{context + ': ' if context else ''}at {state.flow.key}"
    try:
        node = state.chance_node()
    except TypeError as exc:
        msg = f"{where}: the chance node does not describe itself ({exc})"
        raise PropertyFailure(msg) from None
    problem = _description_problem(game, state, node) or _outcome_problem(state)
    if not problem:
        problem = _public_problem(game, state, node, rng)
    if problem:
        msg = f"{where}: {problem} (described as {node!r})"
        raise PropertyFailure(msg)
    return node


def _description_problem(game: Game, state: State, node: object) -> str:
    if not isinstance(node, ChanceNode):
        return f"chance_node() returned a {type(node).__name__}, not a ChanceNode"
    if not isinstance(node.source, Source):
        return f"source {node.source!r} is not a Source"
    if node.rule not in game.rules:
        return f"rule {node.rule!r} is not a rule ID of {game.name}"
    for field in ("name", "destination"):
        value = getattr(node, field)
        if not isinstance(value, str) or not value.strip():
            return f"{field} {value!r} is empty"
    recipient = node.recipient
    if recipient is not None and (
        isinstance(recipient, bool) or not isinstance(recipient, int) or not 0 <= recipient < state.num_players
    ):
        return f"recipient {recipient!r} is not a seat (0 to {state.num_players - 1})"
    return ""


def _outcome_problem(state: State) -> str:
    outcomes = state.chance_outcomes()
    if not outcomes:
        return "no chance outcomes"
    moves = [move for move, _ in outcomes]
    if len(set(moves)) != len(moves):
        return "the outcomes are not distinct"
    for move, p in outcomes:
        if not (isinstance(p, float | int) and math.isfinite(p) and p > 0):
            return f"P({move}) = {p!r} is not a positive number"
        if abs(float(Fraction(p).limit_denominator(MAX_DENOMINATOR)) - p) > _TOLERANCE:
            return f"P({move}) = {p!r} is not a ratio of counts"
    total = math.fsum(p for _, p in outcomes)
    if abs(total - 1.0) > _TOLERANCE:
        return f"the probabilities sum to {total!r}, not 1"
    return ""


def _public_problem(game: Game, state: State, node: ChanceNode, rng: random.Random) -> str:
    for seat in range(state.num_players):
        seen = state.view(seat).chance_node()
        if seen != node:
            return f"seat {seat}'s view describes it as {seen!r}: the description must be public"
        if game.perturb is not None:
            other = game.perturb(state, seat, rng).chance_node()
            if other != node:
                return f"re-dealing what seat {seat} cannot see makes it {other!r}: it tells a secret"
    return ""
