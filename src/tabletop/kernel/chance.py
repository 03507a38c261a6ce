"""Chance as an explicit player, as in OpenSpiel.

At a chance node `state.current_player == CHANCE` and `state.chance_outcomes()` lists
every outcome with its exact probability. Tests force an outcome by applying it; simulations
sample one with [`sample_chance`][tabletop.kernel.chance.sample_chance]. Without an explicit `rng`, the outcome is
picked from the seed recorded by `new_game(seed=...)` and the number of chance events so far, so the
same seed and the same decisions always give the same game, on every machine.

Nothing here touches the global `random` state.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

import attrs

if TYPE_CHECKING:
    from tabletop.kernel.protocol import State

__all__ = [
    "CHANCE",
    "SAMPLED",
    "TERMINAL",
    "ChanceNode",
    "ChanceState",
    "Source",
    "chance_uniform",
    "pick",
    "random_playout",
    "sample_chance",
    "seeded_uniform",
]

CHANCE: Final = -1
"""`current_player` at a chance node."""
TERMINAL: Final = -2
"""`current_player` once the game is over."""

_MASK64: Final = (1 << 64) - 1

SAMPLED: Final[list[tuple[object, object]]] = [((), ())]
"""The last outcome [`sample_chance`][tabletop.kernel.chance.sample_chance] returned, as its one
entry `(state, outcome)`: [`State.apply`][tabletop.kernel.protocol.State.apply] takes that outcome
of that state as legal without looking for it among the outcomes. Kept by identity, the state
(immutable) kept alive with it, so no other state can be taken for it; one entry, replaced whole
at every sample (bounded: one state and one move)."""

T = TypeVar("T")


class Source(enum.Enum):
    """Where a chance node draws from."""

    BAG = "bag"
    """A token drawn blind from a bag."""
    DECK = "deck"
    """A card from the unknown part of a named deck or pile (drawn, dealt or revealed)."""
    PIECE = "piece"
    """A face-down piece on the board turned over (what it is, not which one)."""
    ORDER = "order"
    """An order chosen at random among pieces or seats (who starts, which way a shuffle falls)."""
    DIE = "die"
    """A die rolled (third-party games: none of the three built-in games rolls one)."""


@attrs.frozen
class ChanceNode:
    """What a chance node decides, in public terms: a typed description a test can match.

    Every game answers `state.chance_node()` at each of its chance nodes; the outcomes and
    their probabilities stay in `state.chance_outcomes()`.

    Attributes:
        source: The kind of draw ([`Source`][tabletop.kernel.chance.Source]).
        name: Which bag, deck, pile or piece, by the id the rulebook and the notation use
            (`"bag"`, `"influence"`, `"pineapple"`, `"spot r2c3"`).
        destination: Where the outcome goes (`"hand"`, `"market r1c1"`, `"shop 2"`,
            `"revealed"`, `"seat 1"`), by id as well.
        rule: The ID of the rule that calls for the draw (`"CON-2.3"`).
        recipient: The seat that receives the outcome, or `None` when no seat does.
    """

    source: Source
    name: str
    destination: str
    rule: str
    recipient: int | None = None

    def __str__(self) -> str:
        to = self.destination if self.recipient is None else f"{self.destination} of seat {self.recipient}"
        return f"{self.source.value} {self.name} -> {to} ({self.rule})"


class ChanceState(Protocol):
    """What [`sample_chance`][tabletop.kernel.chance.sample_chance] needs of a state."""

    @property
    def seed(self) -> int | None: ...  # pragma: no cover

    @property
    def chance_count(self) -> int: ...  # pragma: no cover

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]: ...  # pragma: no cover


def seeded_uniform(seed: int, counter: int) -> float:
    """A number in `[0, 1)` fixed by `seed` and `counter` (SplitMix64).

    The same pair gives the same number on every platform and Python version.
    """
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xD1B54A32D192ED03) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    return (z >> 11) / 9007199254740992.0


def pick(outcomes: Sequence[tuple[T, float]], u: float) -> T:
    """The outcome at cumulative probability `u` (`0 <= u < 1`)."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if u < acc:
            return outcome
    return outcomes[-1][0]


def chance_uniform(state: ChanceState, rng: random.Random | None = None) -> float:
    """The number in `[0, 1)` that [`sample_chance`][tabletop.kernel.chance.sample_chance] picks
    the outcome of `state` at (its cumulative probability): `rng.random()`, or without an `rng` the
    one fixed by the state's seed and chance counter.

    A game that draws an outcome without listing them all (`State._sample_chance`) takes its
    number from here, so that it picks what `sample_chance` would.

    Raises:
        ValueError: If no `rng` is given and `state` is a view (no seed).
    """
    if rng is not None:
        return rng.random()
    seed = state.seed
    if seed is None:
        msg = "this state has no seed (it is a player's view): pass an rng"
        raise ValueError(msg)
    return seeded_uniform(seed, state.chance_count)


def sample_chance(state: ChanceState, rng: random.Random | None = None) -> Any:
    """Pick a chance outcome of `state` by its probability.

    Args:
        state: A state at a chance node.
        rng: The random source; without one, the state's recorded seed and chance counter
            decide, reproducibly.

    A state whose game binds a sampler (`sample_chance=` of
    [`State.bind`][tabletop.kernel.protocol.State.bind]) draws the outcome itself, from the same
    number ([`chance_uniform`][tabletop.kernel.chance.chance_uniform]) and with the same result,
    without listing every outcome.

    The outcome returned is kept with its state in [`SAMPLED`][tabletop.kernel.chance.SAMPLED], so
    that `state.apply(outcome)` knows it legal without looking for it.

    Returns:
        The outcome move, ready for `state.apply`.

    Raises:
        ValueError: If `state` is not at a chance node, or it is a view (no seed) and no
            `rng` was given.
    """
    try:  # a game's own draw (see State._sample_chance): None on a State class that binds none
        sampler = state._sample_chance  # type: ignore[attr-defined]
    except AttributeError:  # a chance state that is no State
        sampler = None
    if sampler is not None:
        move = sampler(rng)
        if move is not None:
            SAMPLED[0] = (state, move)
            return move
    outcomes = state.chance_outcomes()
    if rng is not None:
        u = rng.random()
    else:
        seed = state.seed
        if seed is None:
            msg = "this state has no seed (it is a player's view): pass an rng"
            raise ValueError(msg)
        u = seeded_uniform(seed, state.chance_count)
    acc = 0.0  # `pick(outcomes, u)`, inlined: one call less per chance step
    for outcome, p in outcomes:  # noqa: B007 - the outcome found is kept below
        acc += p
        if u < acc:
            break
    else:
        outcome = outcomes[-1][0]
    SAMPLED[0] = (state, outcome)
    return outcome


def random_playout(state: State, rng: random.Random, *, max_steps: int = 1_000_000) -> State:
    """Play uniformly random legal moves, sampling chance, until the game is over.

    Args:
        state: Where to start.
        rng: The random source for both the decisions and the chance outcomes.
        max_steps: A bound; exceeding it raises `RuntimeError` (a game that never ends).

    Returns:
        The terminal state.
    """
    for _ in range(max_steps):
        player = state.current_player
        if player == TERMINAL:
            return state
        if player == CHANCE:
            move = sample_chance(state, rng)
        else:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
    msg = f"the game did not end within {max_steps} steps"
    raise RuntimeError(msg)
