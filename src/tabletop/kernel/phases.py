"""The phase state machine: a game's round structure declared as data.

A game declares its phases and, inside each, its steps: who acts (a player, chance, nobody
because the step is automatic, or nobody because the game is over), which move kinds are
legal, and which steps may come next. The table is validated when the game is defined
(unknown targets, a missing start, unreachable steps, automatic steps without a handler all
raise [`GameDefinitionError`][tabletop.kernel.errors.GameDefinitionError]), so reading it tells a newcomer
the whole round structure of the rulebook.

The bookkeeping of where play stands (phase, step, round, current and first player) is a
small [`Flow`][tabletop.kernel.phases.Flow] value kept beside the game's own data. It changes only through
[`PhaseMachine.goto`][tabletop.kernel.phases.PhaseMachine.goto], which refuses a transition the table does not declare.

```pycon
>>> machine = PhaseMachine("demo", (
...     Phase("play", (
...         Step("move", Actor.PLAYER, moves=frozenset({"pass"}), then=("score",)),
...         Step("score", Actor.AUTO, then=("end.over",)),
...     )),
...     Phase("end", (Step("over", Actor.END),)),
... ), start="play.move")
>>> flow = machine.start_flow()
>>> machine.goto(flow, "score").key
'play.score'

```
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeVar

import attrs

from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.errors import GameDefinitionError
from tabletop.kernel.fastattrs import evolve_from

__all__ = ["Actor", "Flow", "HasFlow", "Phase", "PhaseMachine", "Step"]

MAX_AUTO_STEPS: Final = 100_000
"""How many automatic steps `advance` runs in a row before it calls the loop endless."""

MAX_INTERNED_FLOWS: Final = 1 << 16
"""How many distinct flows one machine keeps for reuse (when full, its table is emptied and fills
again: see [remember][tabletop.kernel.fastattrs.remember])."""


class Actor(enum.Enum):
    """Who acts in a step."""

    PLAYER = "player"
    """The current player chooses a move."""
    CHANCE = "chance"
    """Chance chooses an outcome (a draw, an exposure)."""
    AUTO = "auto"
    """Nobody: the step runs by itself inside `apply`."""
    END = "end"
    """The game is over."""


@attrs.frozen
class Step:
    """One step of a phase.

    Attributes:
        name: Unique within its phase.
        actor: Who acts.
        moves: The move kinds legal here (player and chance steps).
        then: The steps that may follow: `"step"` in the same phase or `"phase.step"`.
        doc: What happens, in a sentence, with the rule ID.
        rule: The ID of the rule the step carries out (`"CON-3.6"`), empty only for
            bookkeeping steps that no rule names.
    """

    name: str
    actor: Actor
    moves: frozenset[str] = frozenset()
    then: tuple[str, ...] = ()
    doc: str = ""
    rule: str = ""


@attrs.frozen
class Phase:
    """A named group of steps; the first step is where the phase is entered by default."""

    name: str
    steps: tuple[Step, ...]
    doc: str = ""


class _FlowKey:
    """The slots keeping a flow's `"phase.step"` text, written when the flow is built (see
    `Flow.key`), and the flows `PhaseMachine.goto` answered from it (`None` until asked)."""

    __slots__ = ("_next", "key")
    key: str
    _next: tuple[PhaseMachine, dict[object, Flow]] | None


_set_key: Final = _FlowKey.__dict__["key"].__set__
_set_next: Final = _FlowKey.__dict__["_next"].__set__

MAX_REMEMBERED_MOVES: Final = 64
"""How many answers of `goto` one flow keeps (when full, they are forgotten and kept again from the
next: see [remember][tabletop.kernel.fastattrs.remember])."""


@attrs.frozen
class Flow(_FlowKey):
    """Where play stands, kept apart from the game's own data.

    Attributes:
        phase: The current phase.
        step: The current step inside that phase.
        round: The round number, from 1.
        player: The seat whose decision it is in a player step.
        first_player: The seat holding the first-player marker.
        key: `"phase.step"` (not a field: worked out from `phase` and `step` once, when the
            flow is built, so the hot paths that dispatch on it read a plain attribute).
    """

    phase: str
    step: str
    round: int = 1
    player: int = 0
    first_player: int = 0

    def __attrs_post_init__(self) -> None:
        _set_key(self, f"{self.phase}.{self.step}")
        _set_next(self, None)

    def __reduce__(self) -> tuple[type[Flow], tuple[str, str, int, int, int]]:
        # Copies and pickles are built by __init__, which sets `key` (the slot attrs' own
        # state methods do not know of).
        return (Flow, (self.phase, self.step, self.round, self.player, self.first_player))

    def __str__(self) -> str:
        return f"round {self.round}, {self.key}, player {self.player}"


class HasFlow(Protocol):
    """Anything with a `flow`: the game states driven by a machine."""

    @property
    def flow(self) -> Flow: ...  # pragma: no cover


S = TypeVar("S", bound=HasFlow)
W = TypeVar("W", bound=HasFlow)


class PhaseMachine:
    """A validated phase table and the operations that move a [`Flow`][tabletop.kernel.phases.Flow] through it.

    Args:
        game: The game's name, for error messages.
        phases: The phases in rulebook order.
        start: The first step, `"phase.step"`.

    Raises:
        GameDefinitionError: If the table is inconsistent.
    """

    __slots__ = (
        "_actor",
        "_actor_at",
        "_auto",
        "_by_pair",
        "_edges",
        "_flows",
        "_game",
        "_keys",
        "_moves",
        "_steps",
        "_steps_read",
        "_targets",
        "phases",
        "start",
    )

    def __init__(self, game: str, phases: tuple[Phase, ...], *, start: str) -> None:
        self._game = game
        self.phases = phases
        self.start = start
        self._steps: dict[str, Step] = {}
        for phase in phases:
            for step in phase.steps:
                key = f"{phase.name}.{step.name}"
                if key in self._steps:
                    self._fail(f"step {key!r} is declared twice")
                self._steps[key] = step
        if start not in self._steps:
            self._fail(f"the start step {start!r} is not declared")
        self._steps_read = MappingProxyType(self._steps)  # `steps()`: read-only, no copy per call
        self._edges: dict[str, frozenset[str]] = {
            key: frozenset(self._resolve(key, target) for target in step.then) for key, step in self._steps.items()
        }
        # The hot lookups are keyed by the (phase, step) pair: no string is built per call.
        pairs = {key: tuple(key.split(".", 1)) for key in self._steps}
        self._actor = {pairs[key]: step.actor for key, step in self._steps.items()}
        self._moves = {pairs[key]: step.moves for key, step in self._steps.items()}
        self._by_pair = {pairs[key]: step for key, step in self._steps.items()}
        self._keys = {pair: key for key, pair in pairs.items()}
        # By a flow's `key` (a string built once per flow, its hash cached): who acts, and the
        # automatic steps, so that `advance` and `settle` need one lookup a step.
        self._actor_at = {key: step.actor for key, step in self._steps.items()}
        self._auto = {key: key for key, step in self._steps.items() if step.actor is Actor.AUTO}
        # Flows are immutable values: `goto` hands out one object per distinct flow (interned),
        # which is several times cheaper than building one and shares it between states.
        self._flows: dict[tuple[str, str, int, int, int], Flow] = {}
        self._targets = self._target_names(pairs)
        self._check_steps()
        self._check_reachable()

    def _target_names(self, pairs: Mapping[str, tuple[str, ...]]) -> dict[tuple[str, ...], dict[str, tuple[str, ...]]]:
        """For each step, every way of naming an allowed next step (`"step"` or `"phase.step"`)."""
        targets_of: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
        for key, targets in self._edges.items():
            here = key.split(".", 1)[0]
            names: dict[str, tuple[str, ...]] = {}
            for target in targets:
                names[target] = pairs[target]
                if target.startswith(here + "."):
                    names[target.split(".", 1)[1]] = pairs[target]
            targets_of[pairs[key]] = names
        return targets_of

    # Validation --------------------------------------------------------------------------

    def _fail(self, message: str) -> None:
        raise GameDefinitionError(f"{self._game}: {message}")

    def _resolve(self, source: str, target: str) -> str:
        key = target if "." in target else f"{source.split('.')[0]}.{target}"
        if key not in self._steps:
            self._fail(f"step {source!r} names an unknown next step {target!r}")
        return key

    def _check_steps(self) -> None:
        for key, step in self._steps.items():
            if step.actor is Actor.END and step.then:
                self._fail(f"end step {key!r} cannot have next steps")
            if step.actor is not Actor.END and not step.then:
                self._fail(f"step {key!r} has no next step (only end steps may)")
            if step.actor in (Actor.PLAYER, Actor.CHANCE) and not step.moves:
                self._fail(f"step {key!r} is a decision but declares no move kinds")
            if step.actor in (Actor.AUTO, Actor.END) and step.moves:
                self._fail(f"step {key!r} acts by itself but declares move kinds")
        if not any(step.actor is Actor.END for step in self._steps.values()):
            self._fail("no end step: the game could never be over")

    def _check_reachable(self) -> None:
        seen = {self.start}
        todo = [self.start]
        while todo:
            for nxt in self._edges[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        unreachable = [key for key in self._steps if key not in seen]
        if unreachable:
            self._fail(f"unreachable step(s) from {self.start!r}: {', '.join(unreachable)}")

    def check_handlers(self, handlers: Mapping[str, object]) -> None:
        """Check that every automatic step has a handler and every handler a step.

        Raises:
            GameDefinitionError: Naming the step without handler, or the stray handler.
        """
        auto = {key for key, step in self._steps.items() if step.actor is Actor.AUTO}
        for key in sorted(auto - set(handlers)):
            self._fail(f"automatic step {key!r} has no handler")
        for key in sorted(set(handlers) - auto):
            self._fail(f"handler for {key!r}, which is not an automatic step")

    # Reading -----------------------------------------------------------------------------

    def step(self, flow: Flow) -> Step:
        """The declared step `flow` stands on."""
        return self._by_pair[flow.phase, flow.step]

    def steps(self) -> Mapping[str, Step]:
        """Every step by `"phase.step"` key, in table order (a read-only mapping: the table itself,
        not a copy, so every `validate_state` reads it without copying it)."""
        return self._steps_read

    def actor(self, flow: Flow) -> Actor:
        """Who acts at `flow`."""
        return self._actor_at[flow.key]

    def move_kinds(self, flow: Flow) -> frozenset[str]:
        """The move kinds legal at `flow`."""
        return self._moves[flow.phase, flow.step]

    def current_player(self, flow: Flow) -> int:
        """The seat to decide, or `CHANCE`, or `TERMINAL` (`-1` while automatic)."""
        actor = self._actor_at[flow.key]
        if actor is Actor.PLAYER:
            return flow.player
        if actor is Actor.END:
            return TERMINAL
        return CHANCE

    def start_flow(self, *, round: int = 1, player: int = 0, first_player: int = 0) -> Flow:
        """The flow at the start step."""
        phase, _, step = self.start.partition(".")
        return Flow(phase, step, round, player, first_player)

    # Moving ------------------------------------------------------------------------------

    def goto(
        self,
        flow: Flow,
        target: str,
        *,
        round: int | None = None,
        player: int | None = None,
        first_player: int | None = None,
    ) -> Flow:
        """Move `flow` to `target` (`"step"` or `"phase.step"`), optionally updating
        the round, the current player and the first player.

        Raises:
            GameDefinitionError: If the table does not declare that transition.
        """
        # The answer is remembered on the flow (flows are interned: one object per place), by
        # the target alone when nothing else changes: one lookup keyed by a string.
        memo = flow._next
        if memo is not None and memo[0] is self:
            answers = memo[1]
            if round is None and player is None and first_player is None:
                hit = answers.get(target)
            else:
                hit = answers.get((target, round, player, first_player))
            if hit is not None:
                return hit
        elif memo is None:
            answers = {}
            _set_next(flow, (self, answers))  # one pair: threads racing here lose one dict (answers asked again)
        else:  # a flow another machine answers for (a flow made by hand, used with two tables)
            answers = {}
        plain = round is None and player is None and first_player is None
        pair = self._targets[flow.phase, flow.step].get(target)
        if pair is None:
            key = target if "." in target else f"{flow.phase}.{target}"
            self._fail(f"undeclared transition {flow.key!r} -> {key!r}")
            raise AssertionError  # pragma: no cover  (_fail always raises)
        place = (
            pair[0],
            pair[1],
            flow.round if round is None else round,
            flow.player if player is None else player,
            flow.first_player if first_player is None else first_player,
        )
        # Both tables kept as `fastattrs.remember` keeps one (emptied when full), written out.
        flows = self._flows
        found = flows.get(place)
        if found is None:
            if len(flows) >= MAX_INTERNED_FLOWS:
                flows.clear()
            found = flows[place] = Flow(*place)
        if len(answers) >= MAX_REMEMBERED_MOVES:
            answers.clear()
        answers[target if plain else (target, round, player, first_player)] = found
        return found

    def go(
        self,
        state: S,
        target: str,
        *,
        round: int | None = None,
        player: int | None = None,
        first_player: int | None = None,
        **changes: Any,
    ) -> S:
        """`state` moved to step `target` with its other fields `changes`: the one way a
        step function leaves its step.

        Equivalent to `evolve(state, flow=self.goto(state.flow, target, ...), **changes)`.

        Raises:
            GameDefinitionError: If the table does not declare that transition.
            TypeError: If a keyword is not a field of the state.
        """
        if "flow" in changes:
            msg = "go() got multiple values for 'flow'"
            raise TypeError(msg)
        changes["flow"] = self.goto(state.flow, target, round=round, player=player, first_player=first_player)
        return evolve_from(state, changes)

    def go_work(
        self,
        work: Any,
        target: str,
        *,
        round: int | None = None,
        player: int | None = None,
        first_player: int | None = None,
        **changes: Any,
    ) -> None:
        """Move `work`, a [`Builder`][tabletop.kernel.builder.Builder] of the next state, to
        step `target` and set its other fields `changes`, in place: `go` for a step worked
        out on one working copy.

        Equivalent to `work.flow = self.goto(work.flow, target, ...)` followed by one
        assignment per change.

        ```pycon
        >>> import attrs
        >>> from tabletop.kernel.builder import Builder
        >>> machine = PhaseMachine("demo", (
        ...     Phase("play", (
        ...         Step("move", Actor.PLAYER, moves=frozenset({"pass"}), then=("score",)),
        ...         Step("score", Actor.AUTO, then=("end.over",)),
        ...     )),
        ...     Phase("end", (Step("over", Actor.END),)),
        ... ), start="play.move")
        >>> @attrs.frozen
        ... class Tally:
        ...     flow: Flow
        ...     points: int = 0
        >>> class Work(Builder[Tally], state=Tally):
        ...     pass
        >>> work = Work(Tally(machine.start_flow()))
        >>> machine.go_work(work, "score", player=1, points=3)
        >>> work.freeze()
        Tally(flow=Flow(phase='play', step='score', round=1, player=1, first_player=0), points=3)

        ```

        Raises:
            GameDefinitionError: If the table does not declare that transition.
            TypeError: If a keyword is not a field of the builder's state.
        """
        if changes:
            fields = getattr(type(work), "FIELDS", None)
            for name in changes:
                if fields is not None and name not in fields:
                    msg = f"{type(work).__name__}: {name!r} is not a field of {type(work).STATE.__name__}"
                    raise TypeError(msg)
        work.flow = self.goto(work.flow, target, round=round, player=player, first_player=first_player)
        for name, value in changes.items():
            setattr(work, name, value)

    def advance(self, state: S, handlers: Mapping[str, Callable[[S], S]]) -> S:
        """Run automatic steps until a decision, a chance node or the end.

        Raises:
            GameDefinitionError: If automatic steps loop more than `MAX_AUTO_STEPS` times.
        """
        auto = self._auto
        key = auto.get(state.flow.key)
        if key is None:  # most steps end at a decision: no loop set up for them
            return state
        for _ in range(MAX_AUTO_STEPS - 1):  # up to MAX_AUTO_STEPS - 1 steps pass, as before
            state = handlers[key](state)
            key = auto.get(state.flow.key)
            if key is None:
                return state
        self._fail(f"more than {MAX_AUTO_STEPS} automatic steps in a row: an endless loop")
        raise AssertionError  # pragma: no cover  (_fail always raises)

    def settle(self, work: W, handlers: Mapping[str, Callable[[W], None]]) -> None:
        """Run automatic steps on `work`, a mutable builder of the next state, until a
        decision, a chance node or the end: `advance` for a step worked out in place (see
        [`Builder`][tabletop.kernel.builder.Builder]), one handler per automatic step.

        Raises:
            GameDefinitionError: If automatic steps loop more than `MAX_AUTO_STEPS` times.
        """
        auto = self._auto
        key = auto.get(work.flow.key)
        if key is None:  # most steps end at a decision: no loop set up for them
            return
        for _ in range(MAX_AUTO_STEPS - 1):  # up to MAX_AUTO_STEPS - 1 steps pass, as before
            handlers[key](work)
            key = auto.get(work.flow.key)
            if key is None:
                return
        self._fail(f"more than {MAX_AUTO_STEPS} automatic steps in a row: an endless loop")

    def table(self) -> str:
        """The phase table as Markdown, for the docs."""
        lines = ["| phase | step | rule | who acts | moves | next |", "|---|---|---|---|---|---|"]
        for phase in self.phases:
            for step in phase.steps:
                moves = ", ".join(sorted(step.moves)) or "-"
                then = ", ".join(step.then) or "-"
                rule = step.rule or "-"
                lines.append(f"| {phase.name} | {step.name} | {rule} | {step.actor.value} | {moves} | {then} |")
        return "\n".join(lines)
