"""The AI-bridge property suite: action ids, observations and determinization, for any game.

One call checks a game's bridge over random play of every configuration given:

```python
from tabletop import get_game
from tabletop.testing.bridge import check_bridge

report = check_bridge(get_game("archipel"), options=[{"players": 1}, {"players": 3, "memory": True}], seeds=range(3))
```

At every step it checks: ids are in `[0, num_actions)` (chance ids in
`[0, max_chance_outcomes)`), ascending, one per legal move, so distinct moves get distinct ids;
`move_of(action_of(m)) == m` and `action_of(move_of(a)) == a`; the mask is true exactly at the
legal ids; chance ids carry the state's probabilities; an id that is not legal raises
`IllegalMove` naming it and the legal ids; `bridge_for(state)` is the bridge of the options
played. For every seat: the tensor has the documented size and layout, depends on the view only
(a view of the view, and a view of a perturbed state, give the same tensor and string), and two
different views never share a tensor or a string. Now and then (every `sample_every` steps):
`sample_state(view).view(seat) == view`, the sample satisfies the game's invariants and, once
per game, plays on to the end.

[check_sampling][tabletop.testing.bridge.check_sampling] checks the sampling weights on a case
small enough to enumerate.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from tabletop.adapters import bridge as get_bridge
from tabletop.adapters import bridge_for
from tabletop.adapters.bridge import Bridge
from tabletop.kernel.chance import random_playout
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Game, State
from tabletop.testing.properties import PropertyFailure

__all__ = ["BridgeReport", "check_bridge", "check_bridge_state", "check_sampling", "random_bridge_step"]


@attrs.frozen
class BridgeReport:
    """What [check_bridge][tabletop.testing.bridge.check_bridge] played.

    Attributes:
        games: Games played to the end.
        steps: Steps checked (chance steps included).
        samples: Determinizations checked.
        distinct_views: Distinct (seat, view) pairs whose tensors were compared.
    """

    games: int
    steps: int
    samples: int
    distinct_views: int


def _fail(context: str, message: str) -> PropertyFailure:
    return PropertyFailure(f"{context}: {message}")


def random_bridge_step(bridge: Bridge, state: State, rng: random.Random) -> int:
    """An id to play in `state`: a chance outcome by its probability, else a uniform legal id."""
    if state.is_chance_node:
        ids, weights = zip(*bridge.chance_outcomes(state), strict=True)
        chosen: int = rng.choices(ids, weights)[0]
        return chosen
    return rng.choice(bridge.legal_actions(state))


def check_bridge(
    game: Game,
    options: Iterable[Mapping[str, Any]] = ({},),
    seeds: Iterable[int] = range(3),
    *,
    max_steps: int = 2000,
    sample_every: int = 7,
    policy: Callable[[Bridge, State, random.Random], int] = random_bridge_step,
) -> BridgeReport:
    """Play random games through the bridge of `game` and check the bridge properties.

    Args:
        game: The game (it needs a bridge module, see `tabletop.adapters.register_bridge`).
        options: The configurations to play.
        seeds: The seeds of the games played per configuration.
        max_steps: Steps checked per game at most (a game is cut off there).
        sample_every: Check a determinization every this many steps.
        policy: Picks the id played at each step (default: chance by its odds, players
            uniformly among the legal ids).

    Raises:
        PropertyFailure: Naming the property, the game, options, seed and step.
    """
    games = steps = samples = 0
    seen: dict[tuple[int, tuple[float, ...]], State] = {}
    strings: dict[tuple[int, str], State] = {}
    for opts in options:
        bridge = get_bridge(game, **opts)
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_game(seed=seed, **opts)
            played_sample = False
            for step in range(max_steps):
                context = f"{game.name}({dict(opts)}) seed {seed} step {step}"
                check_bridge_state(bridge, state, rng, context, seen, strings)
                if step % sample_every == 0 and not state.is_terminal:
                    samples += _check_samples(bridge, state, rng, context, play=not played_sample)
                    played_sample = True
                steps += 1
                if state.is_terminal:
                    games += 1
                    break
                state = bridge.apply_action(state, policy(bridge, state, rng))
    return BridgeReport(games, steps, samples, len(seen))


def check_bridge_state(
    bridge: Bridge,
    state: State,
    rng: random.Random,
    context: str = "state",
    seen: dict[tuple[int, tuple[float, ...]], State] | None = None,
    strings: dict[tuple[int, str], State] | None = None,
) -> None:
    """Check the action and observation properties at one state (see the module docstring).

    `seen` and `strings` collect the tensors and strings met so far, per seat, to check that
    different views never share one.

    Raises:
        PropertyFailure: Naming the property broken.
    """
    if bridge_for(state) is not bridge:
        raise _fail(context, f"bridge_for(state) is {bridge_for(state)!r}, not the bridge played {bridge!r}")
    _check_actions(bridge, state, rng, context)
    _check_observations(bridge, state, rng, context, {} if seen is None else seen, {} if strings is None else strings)


def _check_actions(bridge: Bridge, state: State, rng: random.Random, context: str) -> None:
    moves = state.legal_moves()
    ids = bridge.legal_actions(state)
    bound = bridge.max_chance_outcomes if state.is_chance_node else bridge.num_actions
    if any(not 0 <= a < bound for a in ids):
        raise _fail(context, f"ids {ids} are not all in [0, {bound})")
    if list(ids) != sorted(set(ids)) or len(ids) != len(moves):
        raise _fail(context, f"{len(moves)} legal moves but ids {ids} (distinct moves need distinct ids, ascending)")
    for move in moves:
        action = bridge.action_of(state, move)
        back = bridge.move_of(state, action)
        if back != move or bridge.action_of(state, back) != action:
            raise _fail(context, f"{move} -> id {action} -> {back}: the round trip is not exact")
    mask = bridge.legal_mask(state)
    if len(mask) != bridge.num_actions:
        raise _fail(context, f"the mask has {len(mask)} flags, not {bridge.num_actions}")
    expected = set() if state.is_chance_node else set(ids)
    if {i for i, flag in enumerate(mask) if flag} != expected:
        raise _fail(context, "the mask is not true exactly at the legal ids")
    if state.is_chance_node:
        by_id = dict(bridge.chance_outcomes(state))
        for move, p in state.chance_outcomes():
            if not math.isclose(by_id.get(bridge.action_of(state, move), -1.0), p):
                raise _fail(context, f"chance outcome {move} has probability {p}, its id says otherwise")
        if not math.isclose(sum(by_id.values()), 1.0):
            raise _fail(context, f"chance probabilities sum to {sum(by_id.values())}")
    _check_illegal(bridge, state, set(ids), bound, rng, context)


def _check_illegal(bridge: Bridge, state: State, legal: set[int], bound: int, rng: random.Random, context: str) -> None:
    before = state.to_json()
    candidates = [-1, bound, *(rng.randrange(bound) for _ in range(3))]
    for action in candidates:
        if action in legal:
            continue
        try:
            bridge.move_of(state, action)
        except IllegalMove as exc:
            text = str(exc)
            if str(action) not in text or (legal and str(min(legal)) not in text):
                raise _fail(context, f"the refusal of id {action} does not name it and the legal ids: {text}") from None
        else:
            raise _fail(context, f"id {action} is not legal, yet move_of accepted it")
        if state.to_json() != before:
            raise _fail(context, f"refusing id {action} changed the state")


def _check_observations(
    bridge: Bridge,
    state: State,
    rng: random.Random,
    context: str,
    seen: dict[tuple[int, tuple[float, ...]], State],
    strings: dict[tuple[int, str], State],
) -> None:
    layout = bridge.layout()
    offset = 0
    for section in layout:
        if section.offset != offset or section.size < 0:
            raise _fail(context, f"layout section {section.name} starts at {section.offset}, expected {offset}")
        offset = section.end
    if offset != bridge.observation_size:
        raise _fail(context, f"the layout covers {offset} values, the tensor has {bridge.observation_size}")
    game = bridge.game
    for seat in range(state.num_players):
        view = state.view(seat)
        tensor = bridge.observation(view, seat)
        text = bridge.observation_string(view, seat)
        if len(tensor) != bridge.observation_size or not all(math.isfinite(x) for x in tensor):
            raise _fail(context, f"seat {seat}: the tensor has {len(tensor)} values or a non-finite one")
        if bridge.observation(view.view(seat), seat) != tensor:
            raise _fail(context, f"seat {seat}: the view of the view gives another tensor")
        if game.perturb is not None:
            other = game.perturb(state, seat, rng).view(seat)
            same = bridge.observation(other, seat) == tensor and bridge.observation_string(other, seat) == text
            if other == view and not same:
                raise _fail(context, f"seat {seat}: equal views give different observations")
        if seen.setdefault((seat, tensor), view) != view:
            raise _fail(context, f"seat {seat}: two different views share one observation tensor")
        if strings.setdefault((seat, text), view) != view:
            raise _fail(context, f"seat {seat}: two different views share one observation string")


def _check_samples(bridge: Bridge, state: State, rng: random.Random, context: str, *, play: bool) -> int:
    game = bridge.game
    for seat in range(state.num_players):
        view = state.view(seat)
        sample = bridge.sample_state(view, seat, rng)
        if sample.view(seat) != view:
            raise _fail(context, f"seat {seat}: sample_state(view).view(seat) differs from the view")
        if sample.seed is None:
            raise _fail(context, f"seat {seat}: the sample has no seed, so it cannot be played on")
        if game.invariants is not None:
            try:
                game.invariants(sample)
            except AssertionError as exc:
                raise _fail(context, f"seat {seat}: a sample breaks an invariant: {exc}") from None
        if play and seat == 0:
            end = random_playout(sample, random.Random(rng.getrandbits(32)))
            if not end.is_terminal:
                raise _fail(context, "a sample did not play on to the end")
    return state.num_players


def check_sampling(
    bridge: Bridge,
    view: State,
    seat: int,
    expected: Mapping[Any, float],
    *,
    key: Callable[[State], Any] = lambda s: s,
    samples: int = 3000,
    seed: int = 0,
) -> Counter[Any]:
    """Check that `sample_state(view, seat)` draws each hidden assignment with its probability.

    Args:
        bridge: The game's bridge.
        view: A view with few consistent hidden assignments.
        seat: Whose view it is.
        expected: Each consistent assignment (as `key` gives it) and its exact probability.
        key: What of a sample identifies its hidden assignment (default: the whole state
            without its seed).
        samples: How many samples to draw.
        seed: The seed of the sampler's generator.

    Returns:
        How often each assignment was drawn.

    Raises:
        PropertyFailure: If an assignment outside `expected` is drawn, or one is drawn more
            than 5 standard deviations away from its expected count.
    """
    rng = random.Random(seed)
    tally: Counter[Any] = Counter()
    for _ in range(samples):
        tally[key(bridge.sample_state(view, seat, rng))] += 1
    if not math.isclose(sum(expected.values()), 1.0):
        raise _fail("check_sampling", f"the expected probabilities sum to {sum(expected.values())}")
    for found in tally:
        if found not in expected:
            raise _fail("check_sampling", f"a sample outside the expected assignments was drawn: {found!r}")
    for assignment, p in expected.items():
        mean, sd = samples * p, math.sqrt(samples * p * (1 - p))
        if abs(tally[assignment] - mean) > 5 * sd + 1:
            msg = f"{assignment!r} was drawn {tally[assignment]} times in {samples}; expected about {mean:.0f}"
            raise _fail("check_sampling", msg)
    return tally
