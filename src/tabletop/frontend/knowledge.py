"""What each seat learns from one step of play, worked out from the game's views and events.

A frontend must never show a seat anything hidden from it: not in an event, a log line, a
record, nor by letting it undo past something it has seen. Two things say what a seat may
know: its view (`state.view(seat)`, the ground truth the property suite checks) and the
`visible_to` of the events a game writes for each step (the kernel's contract: they respect
the views). [`StepSecrets`][tabletop.frontend.knowledge.StepSecrets] combines them, for any game, one seat at a time and
only when asked, so that a frontend pays only for what it shows:

* **events**: a game that writes its own events for a step says who may see each of them,
  and a seat gets those visible to it. A step left to the kernel's default event (which
  names the move or the chance outcome to everybody) is checked against the views instead:
  a seat gets the default event only when it may know the move, and otherwise one event of
  kind [`HIDDEN_EVENT_KIND`][tabletop.frontend.knowledge.HIDDEN_EVENT_KIND];
* a seat **identifies** a chance outcome when no other outcome would have looked the same to
  it (the same view, and the same events visible to it), in the true state or in states it
  cannot tell from it (re-sampled with the game's `perturb`: the last card of a deck is the
  only outcome, yet unknown to the others). A player's move is identified by the mover and
  by every seat that sees all of the step's events and for which no other legal move would
  have left the same view (the notation may say more than the events);
* a seat is **informed** by a step when what it perceived could have been otherwise: for a
  chance step, another outcome, in the true state or in a state the seat cannot tell from
  it, would have looked different to it (a token drawn in view, the last card of a deck
  drawn into its own hand, a card revealed and shuffled back); for a player's move, its new
  view is not what its old view predicts (a card looked at, a hand shown). Undo never
  crosses such a step.

Re-sampling makes the two last questions exact only up to sampling; a game whose hidden
information has few possibilities (a deck of a few cards) is covered exactly in practice.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Move, State

__all__ = ["HIDDEN_EVENT_KIND", "Knowledge", "StepSecrets", "assess"]

HIDDEN_EVENT_KIND: Final = "hidden"
"""The kind of the event that stands in for a step a seat cannot see."""

#: How many re-samplings of hidden information test whether a step told a seat something
#: (only for games that provide ``perturb``).
_PERTURBATIONS: Final = 4

#: How many re-samplings of hidden information look for another outcome a seat could not
#: tell from the true one (only for games that provide ``perturb``).
_SAMPLES: Final = 16

#: In a re-sampled state, how many chance outcomes are tried at most when looking for one
#: that would have looked different to a seat (the true outcome first, then a sample).
_OUTCOMES_TRIED: Final = 12


@attrs.frozen
class Knowledge:
    """What the seats learned from one step (every seat at once; see
    [`StepSecrets`][tabletop.frontend.knowledge.StepSecrets]).

    Attributes:
        identified: Seats that may know the move (or chance outcome) itself.
        informed: Seats whose view gained information in this step.
        events: For each seat, the events it may see of this step.
    """

    identified: frozenset[int]
    informed: frozenset[int]
    events: tuple[tuple[Event, ...], ...]


class StepSecrets:
    """What each seat may know of one step, worked out lazily, seat by seat, and cached.

    Args:
        before: The state before the step.
        move: The move or chance outcome applied.
        after: `before.apply(move)`.
        events: `before.events(move, after)`.
    """

    def __init__(self, before: State, move: Move, after: State, events: Sequence[Event]) -> None:
        self.before = before
        self.move = move
        self.after = after
        self.events = tuple(events)
        self.is_chance = before.current_player == CHANCE
        #: True when the game wrote its own events for this step (their visible_to is trusted).
        self.own_events = self.events != State.events(before, move, after)
        self._events: dict[int, tuple[Event, ...]] = {}
        self._identifies: dict[int, bool] = {}
        self._informs: dict[int, bool] = {}
        self._views: dict[int, State] = {}

    # The three questions -----------------------------------------------------------------------

    def events_for(self, seat: int) -> tuple[Event, ...]:
        """The events of this step that `seat` may see."""
        if seat not in self._events:
            self._events[seat] = self._work_out_events(seat)
        return self._events[seat]

    def identifies(self, seat: int) -> bool:
        """True when `seat` may know the move or chance outcome itself (its notation)."""
        if seat not in self._identifies:
            self._identifies[seat] = self._work_out_identifies(seat)
        return self._identifies[seat]

    def informs(self, seat: int) -> bool:
        """True when this step showed `seat` something it could not have known (undo stops)."""
        if seat not in self._informs:
            self._informs[seat] = self._work_out_informs(seat)
        return self._informs[seat]

    def knowledge(self) -> Knowledge:
        """Every answer for every seat at once."""
        seats = range(self.before.num_players)
        return Knowledge(
            identified=frozenset(s for s in seats if self.identifies(s)),
            informed=frozenset(s for s in seats if self.informs(s)),
            events=tuple(self.events_for(s) for s in seats),
        )

    # Events ------------------------------------------------------------------------------------

    def _work_out_events(self, seat: int) -> tuple[Event, ...]:
        if self.own_events:
            return _visible(self.events, seat)
        if self.identifies(seat):
            return self.events
        if self.is_chance:
            return (Event.of(HIDDEN_EVENT_KIND, "chance decided something you cannot see", step=self.before.flow.key),)
        mover = self.before.current_player
        return (Event.of(HIDDEN_EVENT_KIND, f"seat {mover} made a move you cannot see", player=mover),)

    # Identification ----------------------------------------------------------------------------

    def _work_out_identifies(self, seat: int) -> bool:
        if not self.is_chance:
            if seat == self.before.current_player:
                return True
            if self.own_events and not all(e.visible(seat) for e in self.events):
                return False
            # Even where the game shows every event, the notation may say more (a secret pick whose
            # only event is "seat 1 picks a token"): it is named only if no other move looks the same.
            return not any(self._same_view(seat, result) for _, result in self._others())
        if any(self._looks_same(seat, self.before, other, result) for other, result in self._others()):
            return False
        perturb = self.before.GAME.perturb
        if perturb is None or _outcomes_known(self.before, seat):
            return True
        rng = random.Random(f"alike/{self.before.chance_count}/{seat}/{self.move}")
        known = set(self.before.legal_moves()) - {self.move}
        for _ in range(_SAMPLES):
            state = perturb(self.before, seat, rng)
            for other in _other_outcomes(state, self.move, known, rng):
                if self._looks_same(seat, state, other, state.apply(other)):
                    return False
        return True

    # Information -------------------------------------------------------------------------------

    def _work_out_informs(self, seat: int) -> bool:
        if not self.is_chance:
            return self._move_informs(seat)
        if any(not self._looks_same(seat, self.before, o, r) for o, r in self._others()):
            return True
        perturb = self.before.GAME.perturb
        if perturb is None:
            return False
        rng = random.Random(f"beyond/{self.before.chance_count}/{seat}/{self.move}")
        for _ in range(_PERTURBATIONS):
            state = perturb(self.before, seat, rng)
            for other in _some_outcomes(state, self.move, rng):
                if not self._looks_same(seat, state, other, state.apply(other)):
                    return True
        return False

    def _move_informs(self, seat: int) -> bool:
        """True when `seat` could not have worked out its new view from its old one and the move."""
        try:
            predicted = self.before.view(seat).apply(self.move).view(seat)
        except Exception:  # a view that cannot be played forward: re-sample what the seat cannot see
            return self._move_informs_perturbed(seat)
        return bool(predicted != self._mine(seat))

    def _move_informs_perturbed(self, seat: int) -> bool:
        perturb = self.before.GAME.perturb
        if perturb is None:
            return True  # nothing to compare with: assume the step showed something
        rng = random.Random(f"move/{self.before.chance_count}/{seat}/{self.move}")
        for _ in range(_PERTURBATIONS):
            state = perturb(self.before, seat, rng)
            if state.is_legal(self.move) and not self._looks_same(seat, state, self.move, state.apply(self.move)):
                return True
        return False

    # Helpers -----------------------------------------------------------------------------------

    def _others(self) -> Iterator[tuple[Move, State]]:
        """The other legal moves or chance outcomes of the true state, with their results, one by one.

        Made when needed and not kept: most questions stop at the first answer, and a long
        match must not hold every alternative state of every step.
        """
        for other in self.before.legal_moves():
            if other != self.move:
                yield other, self.before.apply(other)

    def _mine(self, seat: int) -> State:
        if seat not in self._views:
            self._views[seat] = self.after.view(seat)
        return self._views[seat]

    def _same_view(self, seat: int, result: State) -> bool:
        return bool(result.view(seat) == self._mine(seat))

    def _looks_same(self, seat: int, state: State, move: Move, result: State) -> bool:
        """True when `move` in `state` would have shown `seat` what this step showed it."""
        if self.own_events and _visible(state.events(move, result), seat) != self.events_for(seat):
            return False  # the events come first: a card named in one is cheaper to see than a whole view
        return self._same_view(seat, result)


def assess(before: State, move: Move, after: State, events: Sequence[Event]) -> Knowledge:
    """Work out what every seat learned when `move` took `before` to `after`.

    Args:
        before: The state before the step.
        move: The move or chance outcome applied.
        after: `before.apply(move)`.
        events: `before.events(move, after)`.
    """
    return StepSecrets(before, move, after, events).knowledge()


def _visible(events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    return tuple(e for e in events if e.visible(seat))


def _outcomes_known(before: State, seat: int) -> bool:
    """True when `seat`'s view shows exactly the outcomes possible and their odds (an open bag)."""
    try:
        return bool(before.view(seat).chance_outcomes() == before.chance_outcomes())
    except Exception:  # a view that cannot list the outcomes does not know them
        return False


def _other_outcomes(state: State, move: Move, known: set[Move], rng: random.Random) -> list[Move]:
    """Outcomes of a re-sampled `state`, other than `move`, that might pass for it, likeliest first.

    Outcomes the true state does not offer (the last card of a deck is another one there) come
    first; those it offers (`known`) already looked different there, so a sample suffices.
    """
    outcomes = [o for o in state.legal_moves() if o != move]
    new = [o for o in outcomes if o not in known]
    old = [o for o in outcomes if o in known]
    rng.shuffle(new)
    rng.shuffle(old)
    return (new + old)[:_OUTCOMES_TRIED]


def _some_outcomes(state: State, move: Move, rng: random.Random) -> Iterator[Move]:
    """The chance outcomes of `state` to try: `move` first when it is one, then up to a sample."""
    outcomes = list(state.legal_moves())
    if move in outcomes:
        outcomes.remove(move)
        yield move
    if len(outcomes) > _OUTCOMES_TRIED:
        outcomes = rng.sample(outcomes, _OUTCOMES_TRIED)
    yield from outcomes
