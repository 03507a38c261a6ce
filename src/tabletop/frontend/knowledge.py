"""What each seat learns from one step of play, worked out from the game's views alone.

A frontend must never show a seat anything hidden from it: not in an event, a log line, a
record, nor by letting it undo past something it has seen. Games describe their steps with
events whose ``visible_to`` says who may see them, but the views (``state.view(seat)``) are
the ground truth the property suite checks, so this module derives every secrecy decision
from them, for any game:

* a seat **identifies** a chance outcome when no other outcome would have left it the same
  view, in the true state or in states it cannot tell from it (re-sampled with the game's
  ``perturb``: the last card of a deck is the only outcome, yet unknown to the others);
  a player's move is identified by every seat unless one of the step's events is
  withheld from it (the game says part of the move is secret), or, when the game left the
  kernel's default event (which names the move to everybody), unless another legal move
  would have left that seat the same view;
* a seat is **informed** by a step when its view gained information: a chance outcome it can
  tell apart from another, or a step whose result it could not have worked out from its own
  view before the step (a card looked at, a hand revealed). Undo never crosses such a step;
* the events a seat sees of a chance step it cannot identify are the game's events visible
  to it only when they would read the same for every outcome it cannot tell apart;
  otherwise (a game relying on the kernel's default, public ``"chance"`` event) they are
  replaced by one redacted event.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Move, State

__all__ = ["HIDDEN_EVENT_KIND", "Knowledge", "assess"]

#: The kind of the event that stands in for a chance step a seat cannot see.
HIDDEN_EVENT_KIND: Final = "hidden"

#: How many re-samplings of hidden information test whether a chance step told a seat more
#: than its outcome (only for games that provide ``perturb``).
_PERTURBATIONS: Final = 4

#: How many re-samplings of hidden information look for another outcome a seat could not
#: tell from the true one (only for games that provide ``perturb``).
_SAMPLES: Final = 16


@attrs.frozen
class Knowledge:
    """What the seats learned from one step.

    Attributes:
        identified: Seats that may know the move (or chance outcome) itself.
        informed: Seats whose view gained information in this step.
        events: For each seat, the events it may see of this step.
    """

    identified: frozenset[int]
    informed: frozenset[int]
    events: tuple[tuple[Event, ...], ...]


def assess(before: State, move: Move, after: State, events: Sequence[Event]) -> Knowledge:
    """Work out what every seat learned when ``move`` took ``before`` to ``after``.

    Args:
        before: The state before the step.
        move: The move or chance outcome applied.
        after: ``before.apply(move)``.
        events: ``before.events(move, after)``.
    """
    if before.current_player == CHANCE:
        return _assess_chance(before, move, after, tuple(events))
    return _assess_player(before, move, after, tuple(events))


def _assess_player(before: State, move: Move, after: State, events: tuple[Event, ...]) -> Knowledge:
    seats = range(before.num_players)
    mover = before.current_player
    identified = {s for s in seats if s == mover or all(e.visible(s) for e in events)}
    informed = frozenset(s for s in seats if not _predictable(before, move, after, s))
    per_seat = [tuple(e for e in events if e.visible(s)) for s in seats]
    if events == State.events(before, move, after):
        # The game left the kernel's default event, which names the move to everybody: a seat
        # whose view cannot tell this move from another one must not be shown it.
        for seat in _blind_to_move(before, move, after, identified - {mover}):
            identified.discard(seat)
            per_seat[seat] = (Event.of(HIDDEN_EVENT_KIND, f"seat {mover} made a move you cannot see", player=mover),)
    return Knowledge(frozenset(identified), informed, tuple(per_seat))


def _blind_to_move(before: State, move: Move, after: State, seats: set[int]) -> list[int]:
    """The seats among ``seats`` for which another legal move would have left the same view."""
    if not seats:
        return []
    others = [before.apply(other) for other in before.legal_moves() if other != move]
    blind = []
    for seat in sorted(seats):
        mine = after.view(seat)
        if any(result.view(seat) == mine for result in others):
            blind.append(seat)
    return blind


def _predictable(before: State, move: Move, after: State, seat: int) -> bool:
    """True when ``seat`` could have worked out its new view from its old view and the move."""
    try:
        predicted = before.view(seat).apply(move).view(seat)
    except Exception:  # a view that cannot be played forward proves nothing: assume a reveal
        return False
    return bool(predicted == after.view(seat))


def _assess_chance(before: State, move: Move, after: State, events: tuple[Event, ...]) -> Knowledge:
    outcomes = before.legal_moves()
    results = {other: (after if other == move else before.apply(other)) for other in outcomes}
    identified: set[int] = set()
    informed: set[int] = set()
    per_seat: list[tuple[Event, ...]] = []
    for seat in range(before.num_players):
        mine = after.view(seat)
        alike = [(before, other, results[other]) for other in outcomes if results[other].view(seat) == mine]
        if len(alike) < len(outcomes) or _revealed_beyond_outcome(before, move, after, seat):
            informed.add(seat)
        alike.extend(_perturbed_alike(before, move, mine, seat))
        if all(other == move for _, other, _ in alike):
            identified.add(seat)
        visible = tuple(e for e in events if e.visible(seat))
        if seat not in identified and not _same_for_all(alike, seat, visible):
            visible = (_hidden_event(before),)
        per_seat.append(visible)
    return Knowledge(frozenset(identified), frozenset(informed), tuple(per_seat))


def _perturbed_alike(before: State, move: Move, mine: State, seat: int) -> list[tuple[State, Move, State]]:
    """Other outcomes that would leave ``seat`` the same view, in states it cannot tell from ``before``.

    ``seat`` does not know the true state, only its view; an outcome that is the only one
    possible in the true state (the last card of a deck) may still be unknown to it. When its
    view lists the very outcomes and odds of the true state, the true state's alternatives
    already tell everything, and no re-sampling is needed.
    """
    perturb = before.GAME.perturb
    if perturb is None or _outcomes_known(before, seat):
        return []
    rng = random.Random(f"alike/{before.chance_count}/{seat}/{move}")
    found = []
    for _ in range(_SAMPLES):
        other_state = perturb(before, seat, rng)
        for other in other_state.legal_moves():
            if other == move:
                continue
            result = other_state.apply(other)
            if result.view(seat) == mine:
                found.append((other_state, other, result))
        if found:
            break
    return found


def _outcomes_known(before: State, seat: int) -> bool:
    """True when ``seat``'s view shows exactly the outcomes possible and their odds (an open bag)."""
    try:
        return bool(before.view(seat).chance_outcomes() == before.chance_outcomes())
    except Exception:  # a view that cannot list the outcomes does not know them
        return False


def _same_for_all(alike: list[tuple[State, Move, State]], seat: int, visible: tuple[Event, ...]) -> bool:
    """True when the events ``seat`` sees read the same whichever indistinguishable outcome came."""
    for state, other, result in alike:
        seen = tuple(e for e in state.events(other, result) if e.visible(seat))
        if seen != visible:
            return False
    return True


def _revealed_beyond_outcome(before: State, move: Move, after: State, seat: int) -> bool:
    """True when the step showed ``seat`` hidden information other than the outcome itself.

    The hidden information is re-sampled (the game's ``perturb``); if the same outcome then
    leaves ``seat`` a different view, the step exposed some of it.
    """
    perturb = before.GAME.perturb
    if perturb is None:
        return False
    rng = random.Random(f"beyond/{before.chance_count}/{seat}/{move}")
    for _ in range(_PERTURBATIONS):
        other = perturb(before, seat, rng)
        if not other.is_legal(move):
            continue
        if other.apply(move).view(seat) != after.view(seat):
            return True
    return False


def _hidden_event(before: State) -> Event:
    return Event.of(HIDDEN_EVENT_KIND, "chance decided something you cannot see", step=before.flow.key)
