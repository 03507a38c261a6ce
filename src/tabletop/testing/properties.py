"""The property suite every game runs: random legal play with the protocol checked at each step.

One call checks a whole game, built-in or third-party:

```python
from tabletop.testing import check_game
report = check_game(game, options=[{}, {"month": "may"}], seeds=range(20))
```

After every step it checks: `legal_moves()` is empty exactly when the game is over and
every move's kind is declared by the phase table; notation round-trips
(`parse_move(str(m)) == m`); chance probabilities are positive, distinct and sum to 1;
`apply` leaves its input unchanged; moves that are not legal raise `IllegalMove` and
change nothing; the JSON round trip gives an equal state with an equal hash; every view is
a fixed point, has no seed, round-trips through JSON, and is unchanged when information
hidden from its player is perturbed (and so are its legal moves, when it is to move), and stays
so over the next few steps: the same moves played on the state and on its perturbation show the
player the same events and leave it the same view, until a step's events tell the two apart (a
reveal: the player has then learned what was perturbed); two
steps that show a seat the same events leave it the same view and legal moves (this reaches
the secrets of the history: a secret pick, a secret re-ordering, a card dealt face down); a
move the mover's view lists can be played on that
view or is refused with a `TabletopError` (never a crash); the game's own invariants hold.
At the end it checks
that replaying the same moves from the same start gives an equal state.

Failures raise [`PropertyFailure`][tabletop.testing.properties.PropertyFailure] with the game, options, seed and step,
so the failing game can be replayed exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from tabletop.kernel.chance import CHANCE, TERMINAL, sample_chance
from tabletop.kernel.errors import IllegalMove, NotationError, TabletopError
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Game, Move, State

__all__ = [
    "FOLLOW_STEPS",
    "PlayReport",
    "PropertyFailure",
    "check_alike",
    "check_followed",
    "check_game",
    "check_state",
    "play_checked",
]

FOLLOW_STEPS = 3
"""How many steps after a perturbation the leak check follows both lines (see
[check_followed][tabletop.testing.properties.check_followed])."""


class PropertyFailure(AssertionError):
    """A protocol property failed; the message says which, where, and how to replay it."""


@attrs.frozen
class PlayReport:
    """What [`check_game`][tabletop.testing.properties.check_game] played.

    Attributes:
        games: Games played to the end.
        steps: Moves applied, chance outcomes included.
        longest: The most steps one game took.
        outcomes: Each game's `outcome.summary()`.
    """

    games: int
    steps: int
    longest: int
    outcomes: tuple[Mapping[str, Any], ...]


def check_game(
    game: Game,
    *,
    options: Iterable[Mapping[str, Any]] = ({},),
    seeds: Iterable[int] = range(10),
    max_steps: int = 20_000,
    thorough_every: int = 1,
) -> PlayReport:
    """Play one random game per (options, seed) pair and check every property at each step.

    Args:
        game: The game to check.
        options: Option sets to play.
        seeds: Seeds; each seeds both `new_game` and the random decisions.
        max_steps: A game that has not ended after this many steps fails.
        thorough_every: Run the expensive checks (JSON, views, replay) every n-th step.

    Returns:
        A [`PlayReport`][tabletop.testing.properties.PlayReport].

    Raises:
        PropertyFailure: On the first property that fails.
    """
    played = steps = longest = 0
    outcomes: list[Mapping[str, Any]] = []
    option_sets = [dict(o) for o in options]
    for seed in seeds:
        for opts in option_sets:
            final, moves = play_checked(game, opts, seed, max_steps=max_steps, thorough_every=thorough_every)
            played += 1
            steps += len(moves)
            longest = max(longest, len(moves))
            assert final.outcome is not None
            outcomes.append(dict(final.outcome.summary()))
    return PlayReport(played, steps, longest, tuple(outcomes))


def play_checked(
    game: Game,
    options: Mapping[str, Any],
    seed: int,
    *,
    max_steps: int = 20_000,
    thorough_every: int = 1,
    policy: random.Random | None = None,
) -> tuple[State, tuple[Move, ...]]:
    """Play one random game from `new_game(seed, **options)`, checking every step.

    Decisions are uniform among the legal moves (drawn from `policy`, by default a
    `Random` seeded with `seed`); chance outcomes are sampled from the state's seed.

    Returns:
        The terminal state and the moves played.
    """
    where = f"{game.name} options={dict(options)!r} seed={seed}"
    rng = policy or random.Random(seed)
    start = game.new_game(seed, **options)
    state = start
    moves: list[Move] = []
    foreign: list[Move] = []
    for step in range(max_steps):
        context = f"{where} step={step} at {state.flow}"
        check_state(game, state, rng, context, thorough=step % thorough_every == 0, foreign=foreign)
        if state.is_terminal:
            _check_replay(game, options, seed, start, moves, state, where)
            return state, tuple(moves)
        if state.current_player == CHANCE:
            move = sample_chance(state)
        else:
            move = rng.choice(state.legal_moves())
        if len(foreign) < 64 or rng.random() < 0.05:
            foreign.append(move)
            if len(foreign) > 64:
                foreign.pop(rng.randrange(64))
        after = _checked_apply(state, move, context)
        if step % thorough_every == 0:
            check_alike(state, move, after, rng, context)
        state = after
        moves.append(move)
    raise PropertyFailure(f"{where}: the game did not end within {max_steps} steps")


def check_state(
    game: Game,
    state: State,
    rng: random.Random,
    context: str,
    *,
    thorough: bool = True,
    foreign: Sequence[Move] = (),
) -> None:
    """Check the per-state properties of `state` (see the module docstring).

    Args:
        game: The state's game.
        state: The state to check.
        rng: Random source for sampling and perturbations.
        context: Where we are, for failure messages.
        thorough: Also run the JSON, view and perturbation checks.
        foreign: Moves seen elsewhere, tried as illegal moves when they are not legal here.
    """
    _check_moves(game, state, context)
    _check_illegal(state, foreign, context)
    if game.invariants is not None:
        try:
            game.invariants(state)
        except AssertionError as exc:
            raise PropertyFailure(f"{context}: invariant broken: {exc}") from exc
    if thorough:
        _check_json(game, state, context)
        _check_views(game, state, rng, context)


def _fail(context: str, message: str) -> PropertyFailure:
    return PropertyFailure(f"{context}: {message}")


def _check_moves(game: Game, state: State, context: str) -> None:
    moves = state.legal_moves()
    player = state.current_player
    if state.is_terminal != (player == TERMINAL):
        raise _fail(context, f"is_terminal={state.is_terminal} but current_player={player}")
    if state.is_terminal:
        if moves:
            raise _fail(context, "a terminal state has legal moves")
        if state.outcome is None:
            raise _fail(context, "a terminal state has no outcome")
        return
    if not moves:
        raise _fail(context, "a state that is not terminal has no legal moves")
    if state.outcome is not None:
        raise _fail(context, "the outcome is set before the game is over")
    if len(set(moves)) != len(moves):
        raise _fail(context, "legal_moves() lists a move twice")
    if player != CHANCE and not 0 <= player < state.num_players:
        raise _fail(context, f"current_player {player} is not a seat")
    kinds = state.MACHINE.move_kinds(state.flow)
    for move in moves:
        if move.kind not in kinds:
            raise _fail(context, f"move {move!r} of kind {move.kind!r} not declared at {state.flow.key}")
        text = str(move)
        try:
            parsed = game.parse_move(state, text)
        except NotationError as exc:
            raise _fail(context, f"notation {text!r} of {move!r} does not parse: {exc}") from exc
        if parsed != move:
            raise _fail(context, f"notation {text!r} parses to {parsed!r}, not {move!r}")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if any(p <= 0 for _, p in outcomes):
            raise _fail(context, f"a chance outcome has probability <= 0: {outcomes!r}")
        total = math.fsum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-12:
            raise _fail(context, f"chance probabilities sum to {total!r}, not 1")


def _checked_apply(state: State, move: Move, context: str) -> State:
    before = state.to_json()
    digest = hash(state)
    try:
        new = state.apply(move)
    except IllegalMove as exc:
        raise _fail(context, f"legal move {move!r} was refused: {exc}") from exc
    if state.to_json() != before or hash(state) != digest:
        raise _fail(context, f"apply({move!r}) changed the state it was given")
    seats = range(state.num_players)
    for event in state.events(move, new):
        if not isinstance(event, Event) or not event.kind or not event.text:
            raise _fail(context, f"events({move!r}) gave {event!r}, not an Event with a kind and a text")
        if event.visible_to is not None and not set(event.visible_to) <= set(seats):
            raise _fail(context, f"event {event!r} is visible to a seat that does not exist")
    return new


def _check_illegal(state: State, foreign: Sequence[Move], context: str) -> None:
    before = hash(state)
    candidates: list[object] = [object(), "not a move", None]
    candidates.extend(m for m in foreign if not state.is_legal(m))
    for move in candidates[:12]:
        try:
            state.apply(move)  # type: ignore[arg-type]
        except IllegalMove as exc:
            if not exc.code:
                raise _fail(context, f"IllegalMove for {move!r} has no code") from exc
        else:
            raise _fail(context, f"illegal move {move!r} was accepted")
        if hash(state) != before:
            raise _fail(context, f"refusing {move!r} changed the state")


def _check_json(game: Game, state: State, context: str) -> None:
    text = state.to_json()
    again = game.state_from_json(text)
    if again != state or hash(again) != hash(state):
        raise _fail(context, "the JSON round trip gave a different state")
    if again.to_json() != text:
        raise _fail(context, "the JSON round trip gave different text")
    if again.legal_moves() != state.legal_moves():
        raise _fail(context, "the JSON round trip changed the legal moves")


def _check_views(game: Game, state: State, rng: random.Random, context: str) -> None:
    _check_view_plays(state, rng, context)
    # Its own random source, drawn from the state: the caller's sequence of random choices is kept.
    line = _line(state, random.Random(state.to_json()), FOLLOW_STEPS) if game.perturb is not None else ()
    for player in range(state.num_players):
        view = state.view(player)
        if view.seed is not None:
            raise _fail(context, f"view({player}) keeps the seed")
        if view.view(player) != view:
            raise _fail(context, f"view({player}) is not a fixed point of view({player})")
        if game.state_from_json(view.to_json()) != view:
            raise _fail(context, f"view({player}) does not round-trip through JSON")
        if game.perturb is not None:
            other = game.perturb(state, player, rng)
            if other.view(player) != view:
                raise _fail(
                    context,
                    f"view({player}) changed when only information hidden from player {player} changed",
                )
            if player == state.current_player and other.legal_moves() != state.legal_moves():
                raise _fail(
                    context,
                    f"the legal moves of player {player} changed when only information hidden from it changed",
                )
            check_followed(other, line, player, context)


def _line(state: State, rng: random.Random, steps: int) -> tuple[tuple[State, Move, State], ...]:
    """The next `steps` steps of random play from `state`: (before, move, after) each."""
    out = []
    for _ in range(steps):
        if state.is_terminal:
            break
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        after = state.apply(move)
        out.append((state, move, after))
        state = after
    return tuple(out)


def check_followed(
    perturbed: State,
    line: Sequence[tuple[State, Move, State]],
    player: int,
    context: str,
) -> None:
    """What `player` receives stays the same on a state and on its perturbation, step after step.

    `perturbed` is `line[0][0]` with information hidden from `player` changed
    ([perturb][tabletop.kernel.protocol.Game]). Each move of `line` (players' moves and chance
    outcomes alike) is played on the perturbed state too, as long as it is legal there. While
    the events `player` is shown are the same on both lines, its view after each step, and its
    legal moves when it is to move, must be the same too: a view that tells the lines apart
    shows the player something it was never told. The first step whose events differ for
    `player` is a reveal (a secret pick turned up, a remembered fish shown again, hidden goals
    scored at the end): from there the player may tell the lines apart, and the check stops.
    Three kinds of step may reveal with no event of their own, and the check stops at them too
    when the views differ: the end of the game (its view shows what the scoring reveals), a step
    of the player's own (a look at cards the game already knew) and a chance step (a card
    turned face up by its effect). What it catches is another seat's move that shows this
    player what it was never told: a mark of "seen" that outlives a secret re-ordering, a
    secret draw or pick that leaves a trace in what the player sees.

    Args:
        perturbed: The perturbed state.
        line: The steps played from the original state, `(before, move, after)` each.
        player: The seat whose knowledge was kept.
        context: Where we are, for failure messages.

    Raises:
        PropertyFailure: When a view or the legal moves of `player` tell the lines apart
            before any event did.
    """
    state = perturbed
    for k, (before, move, after) in enumerate(line, start=1):
        if not state.is_legal(move):
            return  # the perturbed secret decides what can be played (another seat's hand): lines part
        other = state.apply(move)
        if _visible(before.events(move, after), player) != _visible(state.events(move, other), player):
            return
        if other.view(player) != after.view(player):
            if after.is_terminal or before.current_player in (player, CHANCE):
                return  # a reveal with no event of its own: the end, the player's own look, a card turned up
            raise _fail(
                context,
                f"{k} step(s) after a perturbation hidden from player {player} (last {move}), its view differs"
                " though it was shown the same events",
            )
        if after.current_player == player and other.legal_moves() != after.legal_moves():
            raise _fail(
                context,
                f"{k} step(s) after a perturbation hidden from player {player} (last {move}), its legal moves"
                " differ though it was shown the same events",
            )
        state = other


def check_alike(
    before: State,
    move: Move,
    after: State,
    rng: random.Random,
    context: str,
    *,
    siblings: int = 2,
) -> None:
    """Steps that look alike to a seat leave it the same view and the same legal moves.

    A seat perceives a step through the events visible to it. When another legal move (or
    chance outcome) of `before` would have shown a seat exactly the same events as `move`
    did, the seat cannot tell the two apart, so its view afterwards, and its legal moves when it
    is the one to move next, must be the same. This checks the secrets that live in the
    history rather than in the state, which re-sampling the hidden parts of one state
    ([perturb][tabletop.kernel.protocol.Game]) cannot reach: a secret pick, a secret
    re-ordering of looked-at cards, a card dealt face down. A step the game leaves to the
    kernel's default event names the move to everybody, so no other move looks like it.

    Args:
        before: The state before the step.
        move: The move or chance outcome played.
        after: `before.apply(move)`.
        rng: Random source choosing which other moves to compare with.
        context: Where we are, for failure messages.
        siblings: How many other moves to compare with (those of the same kind first).

    Raises:
        PropertyFailure: When a seat's view or legal moves tell two alike steps apart.
    """
    events = before.events(move, after)
    if events == State.events(before, move, after):
        return
    legal = [m for m in before.legal_moves() if m != move]
    same = [m for m in legal if m.kind == move.kind]
    pool = same if len(same) >= siblings else legal
    mover = before.current_player
    for other in rng.sample(pool, min(siblings, len(pool))):
        result = before.apply(other)
        seen = before.events(other, result)
        for seat in range(before.num_players):
            if seat == mover or _visible(seen, seat) != _visible(events, seat):
                continue
            if result.view(seat) != after.view(seat):
                raise _fail(
                    context,
                    f"{move} and {other} show seat {seat} the same events but leave it different views",
                )
            if after.current_player == seat and result.legal_moves() != after.legal_moves():
                raise _fail(
                    context,
                    f"{move} and {other} show seat {seat} the same events but leave it different legal moves",
                )


def _visible(events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    return tuple(e for e in events if e.visible(seat))


def _check_view_plays(state: State, rng: random.Random, context: str) -> None:
    """A move the mover's view lists may be played on the view (as rollout bots do): it works,
    or it is refused with a TabletopError (a view may not know enough to resolve it); it never
    crashes."""
    player = state.current_player
    if player < 0:
        return
    view = state.view(player)
    moves = view.legal_moves()
    if not moves:
        raise _fail(context, f"view({player}) of the player to move has no legal moves")
    move = rng.choice(moves)
    try:
        view.apply(move)
    except TabletopError:
        pass
    except Exception as exc:
        raise _fail(context, f"applying {move!r} to view({player}) crashed: {exc!r}") from exc


def _check_replay(
    game: Game,
    options: Mapping[str, Any],
    seed: int,
    start: State,
    moves: Sequence[Move],
    final: State,
    where: str,
) -> None:
    again = game.new_game(seed, **options)
    if again != start:
        raise PropertyFailure(f"{where}: new_game with the same seed and options gave another state")
    for move in moves:
        again = again.apply(move)
    if again != final:
        raise PropertyFailure(f"{where}: replaying the same moves gave another final state")
