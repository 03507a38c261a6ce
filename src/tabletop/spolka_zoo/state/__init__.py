"""The Spółka ZOO state: seats, boards, piles, the token being resolved, the pending work,
and the final standings. Data only: this module imports the kernel and `content`, never
the rules (the game's `__init__` binds them to [`ZooState`][tabletop.spolka_zoo.state.ZooState]).

Per-company tuples (share prices, fruit on the boards, company decks, each seat's shares)
are indexed in the fixed order of [`FRUITS`][tabletop.spolka_zoo.content.FRUITS] (apple,
lemon, pineapple); `board` says in which order the company boards lie, left to right,
which decides every "left to right" rule and every bot choice.

Work that may stop for a chance event or a decision (card effects, refills, deck
resolution, division, events, bot turns) is the immutable stack `queue` of
[`Task`][tabletop.spolka_zoo.state.parts.Task] values, top first (see
[`tabletop.kernel.pending`][tabletop.kernel.pending]); `resume` names the step the round
continues at when it is empty.

A step (one `apply`) is worked out on a [`Draft`][tabletop.spolka_zoo.state.Draft], the
kernel's [`Builder`][tabletop.kernel.builder.Builder] of `ZooState`: a working copy that
only that step holds, frozen once into the new state. Functions that only read take a
[`Position`][tabletop.spolka_zoo.state.parts.Position], which both are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Self

import attrs

from tabletop.kernel.builder import Builder
from tabletop.kernel.chance import SAMPLED
from tabletop.kernel.deck import Deck
from tabletop.kernel.fastattrs import cleared_caches, evolve
from tabletop.kernel.phases import Flow, PhaseMachine
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.serialize import OPTIONAL
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state.parts import (
    FRUIT_INDEX,
    FRUIT_SUPPLY,
    FRUIT_TRACK,
    PILES,
    ROUNDS,
    SHARE_TOKENS,
    SHARE_TRACK,
    Company,
    Config,
    Piles,
    Position,
    Seat,
    Task,
    Turn,
    fields_with,
    piles_with,
)
from tabletop.spolka_zoo.state.results import COINS_PER_GLORY, Standing, ZooOutcome, final_outcome, goal_met

__all__ = [
    "COINS_PER_GLORY",
    "FRUIT_INDEX",
    "FRUIT_SUPPLY",
    "FRUIT_TRACK",
    "PILES",
    "ROUNDS",
    "SHARE_TOKENS",
    "SHARE_TRACK",
    "Company",
    "Config",
    "Draft",
    "Piles",
    "Position",
    "Seat",
    "Standing",
    "Task",
    "Turn",
    "ZooOutcome",
    "ZooState",
    "bind_later",
    "draft_of",
    "evolve",
    "fields_with",
    "final_outcome",
    "goal_met",
    "piles_with",
]

_NO_TURN: Final = Turn()
"""The turn before the first token of the game."""
_SCANNED: Final = 12
"""`apply` looks for a move among at most this many legal moves one by one; among more (the
~96 arrangements of a look), in the set of their ids once the same moves are applied again."""
_move_ids: tuple[tuple[Move, ...], frozenset[int]] = ((), frozenset())
"""The last legal moves `_ids_of` built the ids of, with their ids."""
_scanned: tuple[Move, ...] = ()
"""The last legal moves `_ids_of` was asked about and answered `None` for (threads: a race only
misses a shortcut, the ids built a move later or again; `_move_ids` is one pair read whole)."""
_in_order: tuple[Move, ...] = ()
_at = -1
"""The outcomes (listed as legal moves) `ZooState.apply` last found a move among in order, from the
first, and that move's position (the tuple kept alive, so that it is never another tuple at the same
address); a playout's chance steps, sampled, never come here, nor do its decisions. Two globals
written apart: a thread may read another's position, but a move goes to `_later` only where
`moves[at] is move` (one of this state's own outcomes), so a race only misses the shortcut."""


def _ids_of(moves: tuple[Move, ...]) -> frozenset[int] | None:
    """The ids of `moves` from the second time in a row they are asked about (a search applies
    every move of one state in a row), kept for the last tuple (by identity); `None` the first
    time (a playout applies one move of a state: a scan finds it for less than the set costs).
    The tuples are kept alive with the answers, so an id in the set is one of its moves, never
    another object."""
    global _move_ids, _scanned  # one-entry caches
    last = _move_ids
    if last[0] is moves:
        return last[1]
    if _scanned is not moves:
        _scanned = moves
        return None
    ids = frozenset(map(id, moves))
    _move_ids = (moves, ids)
    return ids


_machine: PhaseMachine | None = None
"""`ZooState.MACHINE`, kept here by `_asked` once the game has bound it: read as a module global, where
reading a class attribute is an unspecialized look-up in Python 3.11 (about 200 instructions)."""


def _asked(
    flow: Flow, target: str, player: int | None = None, round: int | None = None, first_player: int | None = None
) -> Flow:
    """The phase machine's `goto` (the state class's `MACHINE`, bound by the game), which remembers its
    answer on `flow` (`Flow._next`) for the draft's next look; the machine is kept in `_machine` for those
    looks to check against."""
    global _machine  # the machine a bound class holds never changes (`State.bind` binds once)
    machine = _machine = ZooState.MACHINE
    return machine.goto(flow, target, player=player, round=round, first_player=first_player)


def _kept_goto(target: str, doc: str) -> Callable[[Draft], None]:
    """`Draft.goto(target)` for one `target`, read from the phase machine's own memory on the flow
    (`Flow._next`, as `Draft.goto` reads it) with no keyword to sort out: the one body of
    `Draft.to_work` and `Draft.to_draw`, made once each (no call from a shared method per task),
    documented by `doc`."""

    def goto_kept(draft: Draft) -> None:
        flow = draft.flow
        memo = flow._next
        if memo is not None and memo[0] is _machine:
            try:  # a subscript, not a `dict.get` call: the answer is there but the first time
                draft.flow = memo[1][target]
            except KeyError:
                pass
            else:
                return
        draft.flow = _asked(flow, target)

    goto_kept.__doc__ = doc
    return goto_kept


def _applied(state: ZooState, move: Move) -> ZooState:
    return state._apply(move)


_later: Callable[[ZooState, Move], ZooState] = _applied
"""What `ZooState.apply` runs for a legal move of a node a search applies every move of (see
[`bind_later`][tabletop.spolka_zoo.state.bind_later]); the rules' `apply` until bound."""


def bind_later(hook: Callable[[ZooState, Move], ZooState]) -> None:
    """Have `ZooState.apply` run `hook(state, move)` instead of the rules' `apply` for a move of a
    node a search is applying every move of: the outcomes of a chance node listed and applied in
    order (the first, then each right after the one before it), or a move of a decision found
    among more than `_SCANNED` by their ids (the second move in a row and on). A playout's
    sampled outcome never comes here. `hook` builds the same state as `apply` (the game binds
    `rules.later`, which builds some children from another: `rules.siblings`)."""
    global _later  # bound once by the game's __init__
    _later = hook


@attrs.frozen
class ZooState(Position, State):
    """A Spółka ZOO position (see the module docstring)."""

    flow: Flow
    seed: int | None
    chance_count: int
    config: Config
    board: tuple[str, ...]
    share_price: tuple[int, int, int]
    fruit_price: tuple[int, int, int]
    warehouse: Tokens
    company_fruit: tuple[Tokens, Tokens, Tokens]
    decks: tuple[Deck, Deck, Deck]
    seats: tuple[Seat, ...]
    piles: Piles
    turn: Turn = _NO_TURN
    queue: tuple[Task, ...] = ()
    resume: str = ""
    finished: bool = False
    deck_makeup: tuple[tuple[Tokens, int], ...] = attrs.field(default=(), metadata={OPTIONAL: True})  # state.makeup

    if TYPE_CHECKING:  # the rules' hooks, bound once in the game's __init__ (State.bind)

        def _player_moves(self) -> tuple[Move, ...]: ...
        def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]: ...
        def _apply(self, move: Move) -> ZooState: ...
        def _view(self, player: int) -> ZooState: ...

    # Protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def outcome(self) -> ZooOutcome | None:
        if not self.finished:
            return None
        return final_outcome(self)

    def apply(self, move: Move) -> Self:
        """The state after `move`; this state is left untouched (the kernel's
        [`State.apply`][tabletop.kernel.protocol.State.apply]).

        The game's `apply` runs the automatic steps and counts the chance event in the one
        state it builds, so nothing is left for the kernel's `advance`; and at a chance node
        the move is looked for among the chance outcomes (by identity, as the kernel does
        among the legal moves), without building the tuple of legal moves from them. Among the
        legal moves listed (at a chance node, the outcomes' moves: the same objects), a search
        applying the outcomes in order finds each right after the one before it; otherwise a
        scan finds a move, or among many moves their ids from the second move in a row.

        Raises:
            IllegalMove: If `move` is not legal here; its message names the rule.
        """
        sampled = SAMPLED[0]  # the kernel's: the outcome `sample_chance` drew last, with its state
        if sampled[0] is self and sampled[1] is move:  # drawn from this state: legal
            return self._apply(move)  # type: ignore[return-value]
        try:  # the kernel's caches, read directly: set by `evolve` and `freeze`, not by __init__
            outcomes, moves = self._outcomes, self._legal
        except AttributeError:
            outcomes = moves = None
        if moves is None:
            if outcomes is not None:  # a chance node whose outcomes were listed (sampled from)
                for candidate, _ in outcomes:
                    if candidate is move:
                        return self._apply(move)  # type: ignore[return-value]
                moves = ()
            elif self.is_chance_node:
                for candidate, _ in self.chance_outcomes():
                    if candidate is move:
                        return self._apply(move)  # type: ignore[return-value]
                moves = ()
            else:
                moves = self.legal_moves()
        if outcomes is not None:  # outcomes listed, which a search applies in order: see `_in_order`
            global _in_order, _at  # where the last outcome found in order was: these moves, this position
            at = _at + 1
            if _in_order is moves and at < len(moves) and moves[at] is move:
                _at = at
                return _later(self, move)  # type: ignore[return-value]  # a later outcome of a search
            if moves and moves[0] is move:
                _in_order, _at = moves, 0
                return _later(self, move)  # type: ignore[return-value]  # the first outcome: a search's, as a rule
        ids = _ids_of(moves) if len(moves) > _SCANNED else None
        if ids is not None and id(move) in ids:
            return _later(self, move)  # type: ignore[return-value]  # a later move of a search
        if ids is None:
            for candidate in moves:
                if candidate is move:
                    return self._apply(move)  # type: ignore[return-value]
        if not self.is_legal(move):
            raise self._explain(move)
        return self._apply(move)  # type: ignore[return-value]

    def _counted(self) -> ZooState:
        """Chance events are counted by the rules in the state they build anyway (one new
        state per step instead of two): see `rules.apply` and `rules.work.finish`."""
        return self


class Draft(Position, Builder["ZooState"], state=ZooState):
    """The next position while one step is worked out: the kernel's
    [`Builder`][tabletop.kernel.builder.Builder] of [`ZooState`][tabletop.spolka_zoo.state.ZooState].

    `apply` copies the state into a draft, the move, the automatic steps and the pending work
    change the draft in place (one field at a time, each field a new immutable value), and
    `freeze()` builds the new state once at the end. Its fields are generated from
    `ZooState`'s; what is written here are the two changes made everywhere.
    """

    def goto(
        self, target: str, player: int | None = None, round: int | None = None, first_player: int | None = None
    ) -> None:
        """Move the flow to `target` through the phase machine (which checks the transition).

        The player, round and first player are given by keyword (as the machine's `goto` takes
        them); they are not keyword-only only because a call then fills their defaults from a
        tuple instead of looking each up in a dictionary (0.3 to 1.1% fewer instructions per
        playout or branching pass).

        The machine's answer is read first from where the machine itself remembers it, on the
        flow (`Flow._next`: the machine, then its answers by target, or by (target, round,
        player, first player) when one is named): one look-up and no call of the machine's
        `goto` for a move made before (nearly every move), the same flow it answers."""
        flow = self.flow
        memo = flow._next
        if memo is not None and memo[0] is _machine:
            try:  # subscripts, not `dict.get` calls: the answer is there but the first time
                if round is None and player is None and first_player is None:
                    self.flow = memo[1][target]
                else:
                    self.flow = memo[1][target, round, player, first_player]
            except KeyError:
                pass
            else:
                return
        self.flow = _asked(flow, target, player, round, first_player)

    to_work = _kept_goto(
        "effects.work",
        """`goto("effects.work")`, the move of nearly every task, read from the machine's memory
        on the flow (no keyword sorted out).""",
    )
    to_draw = _kept_goto(
        "effects.draw",
        """`goto("effects.draw")`, the move of every task waiting for chance, read as `to_work`
        reads its move.""",
    )

    def set_seat(self, index: int, seat: Seat) -> None:
        """Replace seat `index`."""
        seats = [*self.seats]  # one list and one tuple (no two slices unpacked into a list first)
        seats[index] = seat
        self.seats = tuple(seats)

    def set_deck(self, company: str, deck: Deck) -> None:
        """Replace the deck of `company`."""
        a, b, c = self.decks
        i = FRUIT_INDEX[company]
        self.decks = (deck, b, c) if i == 0 else (a, deck, c) if i == 1 else (a, b, deck)


class _FreshDraft(Draft):
    """A `Draft` made empty by a type call that runs no Python `__init__` (`object.__init__`), for
    `draft_of` to fill."""

    __slots__ = ()
    _LIVE = True  # made as it is written: the builder's metaclass generates nothing for it
    __init__ = object.__init__


_FreshDraft.__abstractmethods__ = frozenset()  # as every live class
_FreshDraft.__name__ = _FreshDraft.__qualname__ = "Draft"  # a draft's repr is the same either way


def _draft_of_fields(fields: tuple[str, ...]) -> Callable[[ZooState], Draft]:
    """`draft_of`, generated from the state's field names."""
    lines = ["def draft_of(state):", "    new = _fresh()"]
    lines += [f"    new.{name} = state.{name}" for name in fields]
    lines += [f"    new.{name} = None" for name, _ in cleared_caches(ZooState)]  # as `finish` clears them
    lines += ["    return new"]
    namespace: dict[str, object] = {"_fresh": _FreshDraft}
    exec(compile("\n".join(lines) + "\n", "<draft_of ZooState>", "exec"), namespace)
    made: Callable[[ZooState], Draft] = namespace["draft_of"]  # type: ignore[assignment]
    made.__doc__ = """`Draft(state)`: the draft of `state`, every field copied, without the type call of a Python
    `__init__` (about 500 instructions a step): an empty draft filled here. Its cache slots are cleared as
    `finish()` clears them (nothing sets them on a draft), so that `rules.apply` finishes it by its class alone."""
    return made


draft_of: Final = _draft_of_fields(Draft.FIELDS)
"""`Draft(state)` without a Python `__init__` run by the type call: what `rules.apply` starts each step with."""
