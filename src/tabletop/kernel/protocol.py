"""The public game protocol: `Game`, `State`, `Move`, `Option`, `Outcome`.

Every game, built-in or third-party, is a [`Game`][tabletop.kernel.protocol.Game] value whose states subclass
[`State`][tabletop.kernel.protocol.State]. The base class implements the protocol once (legal-move caching, the legality
check with a reason, the chance counter, automatic steps, views without the seed, JSON) on
top of a handful of hooks each game writes:

* `_player_moves()`: the legal moves of the current player, in a documented stable order;
* `_chance_outcomes()`: the outcomes of the current chance node with their probabilities;
* `_chance_node()`: what the current chance node draws, as a [`ChanceNode`][tabletop.kernel.chance.ChanceNode];
* `_apply(move)`: the step function for a legal move (no re-validation needed);
* `_refusal(move)`: why a move is illegal, as an [`IllegalMove`][tabletop.kernel.errors.IllegalMove] naming the rule;
* `_view(player)`: the state with everything hidden from `player` replaced;
* `num_players` and `outcome`.

Each state class also names its phase table (`MACHINE`) and the handlers of its automatic
steps (`AUTO`). A game whose state module holds data only gives the class its rules with
[`State.bind`][tabletop.kernel.protocol.State.bind], once, in the game's `__init__.py`.
"""

from __future__ import annotations

import abc
import json
import random
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Final, Self

import attrs
import cattrs

from tabletop.kernel.chance import CHANCE, SAMPLED, TERMINAL, ChanceNode
from tabletop.kernel.errors import GameDefinitionError, IllegalMove, InvariantBroken, NotationError, seat_index
from tabletop.kernel.events import Event
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.jsontext import WRITING, writer
from tabletop.kernel.phases import Actor, Flow, PhaseMachine
from tabletop.kernel.seeds import check_seed
from tabletop.kernel.serialize import read_state, validate_state
from tabletop.kernel.serialize.envelope import text_head
from tabletop.kernel.values import Move, Option, Outcome, _refused
from tabletop.kernel.values import OptionCheck as OptionCheck

__all__ = ["Game", "Move", "Option", "Outcome", "State"]


class State(abc.ABC):
    """Base class of every game state (an immutable, hashable `attrs` frozen class).

    Subclasses declare the fields `flow` ([`Flow`][tabletop.kernel.phases.Flow]), `seed`
    (`int`, or `None` in a view) and `chance_count` (chance events so far), set the
    class variables `MACHINE` and `AUTO`, and implement the hooks listed in the module
    docstring.
    """

    __slots__ = ("_legal", "_legal_ids", "_legal_set", "_outcomes")

    _legal: tuple[Move, ...] | None
    _legal_ids: dict[int, Move] | int | None
    _legal_set: frozenset[Move] | None
    _outcomes: tuple[tuple[Move, float], ...] | None
    _CACHES: ClassVar[tuple[str, ...]] = ("_legal", "_legal_ids", "_outcomes")
    """The cache slots (see [CACHES][tabletop.kernel.fastattrs.CACHES]): unset or `None` until asked.
    (`_legal_set`, for `is_legal`, which few steps ask, stays unset until asked: one slot less
    to clear in every state built.)"""
    flow: Flow
    seed: int | None
    chance_count: int

    MACHINE: ClassVar[PhaseMachine]
    AUTO: ClassVar[Mapping[str, Callable[[Any], Any]]]
    GAME: ClassVar[Game]
    _bound: ClassVar[bool] = False
    _sample_chance: ClassVar[Callable[[Any, random.Random | None], Move | None] | None] = None
    """The game's own draw for [`sample_chance`][tabletop.kernel.chance.sample_chance], bound as a
    method (`sample_chance=` of `bind`), or `None`: `state._sample_chance(rng)` returns the outcome
    `sample_chance` would pick, drawing its number with
    [`chance_uniform`][tabletop.kernel.chance.chance_uniform] once, without listing every outcome;
    or `None`, having drawn nothing, to let `sample_chance` list them."""

    # The protocol --------------------------------------------------------------------------

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """The number of seats, bots included."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """`None` until the game is over; then the game's frozen result."""

    @property
    def current_player(self) -> int:
        """The seat to move, or `tabletop.CHANCE` (-1), or `tabletop.TERMINAL` (-2)."""
        flow = self.flow
        actor = self.MACHINE._actor_at[flow.key]
        if actor is _PLAYER:
            return flow.player
        return TERMINAL if actor is _END else CHANCE

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.MACHINE._actor_at[self.flow.key] is _END

    @property
    def is_chance_node(self) -> bool:
        """True when chance chooses the next move."""
        return self.MACHINE._actor_at[self.flow.key] is _CHANCE

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in a stable order; at a chance node, the outcomes.

        Empty exactly when the game is over.
        """
        try:
            moves = self._legal
        except AttributeError:  # a state built by __init__ (a setup, a document), not by evolve
            moves = None
        if moves is not None:
            return moves
        actor = self.MACHINE._actor_at[self.flow.key]
        if actor is _PLAYER:
            moves = self._player_moves()
        elif actor is _CHANCE:
            moves = tuple([move for move, _ in self.chance_outcomes()])
        else:
            moves = ()
        _set_legal(self, moves)
        return moves

    def is_legal(self, move: object) -> bool:
        """True when `apply(move)` would succeed."""
        try:
            legal = self._legal_set
        except AttributeError:
            legal = None
        if legal is None:
            legal = frozenset(self.legal_moves())
            _set_legal_set(self, legal)
        try:
            return move in legal
        except TypeError:
            return False

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """Every chance outcome with its probability (positive, summing to 1).

        Raises:
            ValueError: If this is not a chance node.
        """
        try:
            outcomes = self._outcomes
        except AttributeError:
            outcomes = None
        if outcomes is not None:
            return outcomes
        if self.MACHINE._actor_at[self.flow.key] is not _CHANCE:
            msg = f"not a chance node: {self.flow}"
            raise ValueError(msg)
        outcomes = self._chance_outcomes()
        _set_outcomes(self, outcomes)
        return outcomes

    def chance_node(self) -> ChanceNode:
        """What the current chance node draws, from where, to where, under which rule.

        Raises:
            ValueError: If this is not a chance node.
        """
        if self.MACHINE.actor(self.flow) is not Actor.CHANCE:
            msg = f"not a chance node: {self.flow}"
            raise ValueError(msg)
        return self._chance_node()

    def apply(self, move: Move) -> Self:
        """The state after `move`; this state is left untouched.

        Raises:
            IllegalMove: If `move` is not legal here; its message names the rule.
        """
        # A move taken from legal_moves() is found by identity, with no hashing: the outcome
        # `sample_chance` just drew from this state is known legal (`SAMPLED`); the first move
        # applied to a state by a scan of the legal moves (a playout applies one; at a chance
        # node, of the outcomes, without listing their moves); the second by a scan that keeps
        # its position, and each next one at the position after it, as a branching pass applies
        # them, in order; a move out of that order, by its id in a table then built once (a search
        # applies many to one state; ids are unique among live objects, and the cached moves live
        # as long as the state). Every shortcut checks the move against this state's own lists (by
        # `is` at a position, or in a table of ids holding its moves; `SAMPLED` one pair read whole):
        # threads applying moves to one state at once only miss shortcuts, never take one legal.
        machine = self.MACHINE
        actor = machine._actor_at[self.flow.key]
        sampled = _SAMPLED[0]
        if sampled[0] is not self or sampled[1] is not move:
            try:  # the moves not listed read as none: nothing found in them, `_check` then lists them
                ids, legal = self._legal_ids, self._legal or ()
            except AttributeError:  # a state built by __init__ (a setup, a document), not by evolve
                ids, legal = None, ()
            if ids is None:  # a playout's step: the moves listed, one applied
                for candidate in legal:
                    if candidate is move:
                        _set_legal_ids(self, _SCANNED)
                        break
                else:
                    self._check(move, actor)
            elif isinstance(ids, int):  # a pass over the moves in order: the move after the last one found
                at = ids + 1
                if at < len(legal) and legal[at] is move:
                    _set_legal_ids(self, at)
                else:
                    self._check(move, actor)
            elif ids is _SCANNED or id(move) not in ids:
                self._check(move, actor)
        new = self._apply(move)
        if actor is _CHANCE:
            new = new._counted()
        if new.flow.key not in machine._auto:  # most steps end at a decision: `advance` has nothing to run
            return new
        return machine.advance(new, self.AUTO)

    def _check(self, move: Move, actor: Actor) -> None:
        """`apply`'s legality check of a move neither just sampled from this state nor found at once
        among its listed legal moves (see `apply`).

        Raises:
            IllegalMove: If `move` is not legal here.
        """
        try:
            ids = self._legal_ids
            legal = self._legal
            outcomes = self._outcomes
        except AttributeError:  # a state built by __init__ (a setup, a document), not by evolve
            ids = legal = outcomes = None
        if ids is None:
            if legal is None and actor is _CHANCE:
                for candidate, _ in self.chance_outcomes() if outcomes is None else outcomes:
                    if candidate is move:
                        break
                else:
                    if not self.is_legal(move):
                        raise self._explain(move)
            else:
                for candidate in self.legal_moves() if legal is None else legal:
                    if candidate is move:
                        break
                else:
                    if not self.is_legal(move):
                        raise self._explain(move)
            _set_legal_ids(self, _SCANNED)
            return
        if isinstance(ids, int):  # not the move after the last one found: moves applied out of order
            ids = {id(candidate): candidate for candidate in self.legal_moves()}
            _set_legal_ids(self, ids)
        elif ids is _SCANNED:  # the second move applied: found by a scan that keeps its position
            for at, candidate in enumerate(self.legal_moves()):
                if candidate is move:
                    _set_legal_ids(self, at)
                    return
        if (ids is _SCANNED or id(move) not in ids) and not self.is_legal(move):
            raise self._explain(move)

    def view(self, player: int) -> Self:
        """What `player` may know: everything hidden from them replaced by placeholders.

        The seed is dropped too (it would tell the future), so a view cannot sample chance.

        Raises:
            SeatError: If `player` is not a seat of this game (out of range, a `bool`, or not an
                integer); a `ValueError`.
        """
        if type(player) is not int or not 0 <= player < self.num_players:
            player = seat_index(player, self.num_players, where="view")
        view = self._view(player)
        if view.seed is None:  # the game's view dropped it in the one copy it made
            return view
        return evolve(view, seed=None)

    def to_json(self, *, indent: int | None = None) -> str:
        """This state as versioned JSON text; `game.state_from_json` reads it back.

        Args:
            indent: `None` (the default) for compact text, the fastest to write and read;
                a number of spaces to indent nested values by, for a person to read (the same
                document, read back the same).
        """
        text = self.GAME.dump_state(self)
        if indent is None:
            return text
        return json.dumps(json.loads(text), indent=indent, ensure_ascii=False)

    def events(self, move: Move, after: Self) -> tuple[Event, ...]:
        """What happened when `move` took this state to `after` (`after = self.apply(move)`).

        The default reports the move itself, public to everybody: `"move"` for a player's
        move, `"chance"` for a chance outcome. Games refine it with the details a frontend
        shows (what was drawn, what was sold for how much) and restrict the visibility of
        whatever is hidden from some seats. An event may tell a seat something its view does
        not keep (a card shown to everybody and shuffled back), but never something hidden
        from it: a frontend trusts the `visible_to` of a game's own events, and checks the
        default events against the views.
        """
        player = self.current_player
        if player == CHANCE:
            return (Event.of("chance", f"chance: {move}", outcome=str(move)),)
        return (Event.of("move", f"player {player}: {move}", player=player, move=str(move)),)

    # Binding the rules -----------------------------------------------------------------------

    @classmethod
    def bind(
        cls,
        *,
        machine: PhaseMachine,
        auto: Mapping[str, Callable[[Any], Any]],
        player_moves: Callable[[Any], tuple[Move, ...]],
        chance_outcomes: Callable[[Any], tuple[tuple[Move, float], ...]],
        apply: Callable[[Any, Move], Any],
        view: Callable[[Any, int], Any],
        chance_node: Callable[[Any], ChanceNode] | None = None,
        refusal: Callable[[Any, Move], IllegalMove] | None = None,
        events: Callable[[Any, Move, Any], tuple[Event, ...]] | None = None,
        sample_chance: Callable[[Any, random.Random | None], Move | None] | None = None,
    ) -> None:
        """Give a state class, which holds data only, its rules: the one place where a game's
        state and its rules meet (the game's `__init__.py` calls it once).

        The functions become the hooks (`_player_moves`, `_chance_outcomes`, `_apply`,
        `_view`, `_chance_node`, `_refusal`, `events`, `_sample_chance`) as plain methods, so a
        bound class costs nothing at play; the phase table must have a handler for every
        automatic step.

        Raises:
            GameDefinitionError: If the class is already bound, or `auto` misses a step.
        """
        if cls.__dict__.get("_bound"):
            msg = f"{cls.__name__} is already bound to its rules"
            raise GameDefinitionError(msg)
        machine.check_handlers(auto)
        cls.MACHINE = machine
        cls.AUTO = auto
        hooks: dict[str, Callable[..., Any] | None] = {
            "_player_moves": player_moves,
            "_chance_outcomes": chance_outcomes,
            "_apply": apply,
            "_view": view,
            "_chance_node": chance_node,
            "_refusal": refusal,
            "events": events,
            "_sample_chance": sample_chance,
        }
        for name, function in hooks.items():
            if function is not None:
                setattr(cls, name, function)
        cls._bound = True
        abc.update_abstractmethods(cls)

    # Hooks -----------------------------------------------------------------------------------

    @abc.abstractmethod
    def _player_moves(self) -> tuple[Move, ...]:
        """The current player's legal moves, in a stable order."""

    @abc.abstractmethod
    def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """The outcomes of the current chance node."""

    @abc.abstractmethod
    def _chance_node(self) -> ChanceNode:
        """The description of the current chance node (called only at chance nodes)."""

    @abc.abstractmethod
    def _apply(self, move: Move) -> Self:
        """Apply a move known to be legal; automatic steps are run afterwards by `apply`."""

    @abc.abstractmethod
    def _view(self, player: int) -> Self:
        """This state with what `player` may not know replaced."""

    def _counted(self) -> Self:
        """This state with one more chance event counted."""
        return evolve(self, chance_count=self.chance_count + 1)

    def _refusal(self, move: Move) -> IllegalMove:
        """Why `move` (a move of this game, not legal now) is refused. Games refine this."""
        return IllegalMove(
            f"{move} is not a legal move at {self.flow.key}",
            code="not-legal",
            move=move,
        )

    _explain = _refused  # why `apply` refuses a move (a function of `tabletop.kernel.values`)


_PLAYER, _CHANCE, _END = Actor.PLAYER, Actor.CHANCE, Actor.END
_SAMPLED: Final = SAMPLED
_slot: Mapping[str, Any] = State.__dict__  # the cache slots' descriptors: setting them skips __setattr__
_set_legal = _slot["_legal"].__set__
_set_legal_ids = _slot["_legal_ids"].__set__
_SCANNED: Final[dict[int, Move]] = {}
"""`_legal_ids` once one move was applied (found by a scan): the next apply keeps the position of
the move it finds (an `int`), and a move applied out of order then builds the table by id."""
_set_legal_set = _slot["_legal_set"].__set__
_set_outcomes = _slot["_outcomes"].__set__


_writing: Final = WRITING.acquire
_written: Final = WRITING.release
"""[`WRITING`][tabletop.kernel.jsontext.WRITING]'s acquire and release, which `Game.dump_state` calls
around each write (bound once: about 1,000 instructions a write, where a `with` takes 2,000)."""
_DUMPS: dict[Game, Callable[[Any], str]] = {}
"""The function writing each game's state documents (see `Game.dump_state`), by the game's
identity (at most `_GAMES_KEPT`: past this, found again)."""
_GAMES_KEPT: Final = 64


@attrs.frozen(eq=False)
class Game:
    """A game: its name, options, setup, notation parser and JSON converter.

    Attributes:
        name: The registry name (`"conservas"`).
        title: The printed title (`"Conservas"`).
        summary: One sentence about the game.
        players: The seats it supports, as text (`"1"`, `"2-5"`).
        state_type: The game's [`State`][tabletop.kernel.protocol.State] subclass. The first
            game built for it is the game its states play by (`State.GAME`); a game derived
            from it later (`attrs.evolve(game, invariants=...)`) does not replace it.
        options: The keyword options of [`new_game`][tabletop.kernel.protocol.Game.new_game].
        setup: `setup(seed, **options)`: the first state, options already validated.
        parser: `parser(state, text)`: reads notation, raising `NotationError`.
        converter: The cattrs converter for the state's JSON.
        perturb: `perturb(state, player, rng)`: the same state with information hidden
            from `player` changed (re-sampled), used to test that views leak nothing;
            `None` for a game of perfect information.
        invariants: `invariants(state)`: raises `AssertionError` when a conserved
            quantity or bound is broken; run by the property suite after every step.
        rules: The rule catalogue, rule ID -> short title, for conformance coverage.
        content: Content-file loaders by kind (`"boats"` for files that start with
            `kind = "conservas.boats"`), used by `tabletop validate`; each raises
            `ContentError` on a bad file.
    """

    name: str
    title: str
    summary: str
    players: str
    state_type: type[State]
    options: tuple[Option, ...]
    setup: Callable[..., State]
    parser: Callable[[State, str], Move]
    converter: cattrs.Converter
    perturb: Callable[[State, int, random.Random], State] | None = None
    invariants: Callable[[State], None] | None = None
    rules: Mapping[str, str] = attrs.field(factory=dict)
    content: Mapping[str, Callable[[Path], object]] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        self.state_type.MACHINE.check_handlers(self.state_type.AUTO)
        # The first game built for a state type is the game its states play by (`State.GAME`: their
        # JSON, notation, options). A game derived from it later (`attrs.evolve(game, invariants=...)`,
        # a stricter reader of untrusted text, say) reads and checks states as it is told, but does not
        # quietly become the game of every state of that type in the process.
        if "GAME" not in vars(self.state_type):
            self.state_type.GAME = self

    def option(self, name: str) -> Option:
        """The option called `name`.

        Raises:
            ValueError: Naming the known options, if there is none.
        """
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        msg = f"{self.name} has no option {name!r} (options: {known})"
        raise ValueError(msg)

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's canonical value, defaults filled in.

        Raises:
            ValueError: Naming an unknown option or the option with a bad value.
        """
        for name in options:
            self.option(name)
        return {o.name: o.check(options[o.name]) if o.name in options else o.default for o in self.options}

    def check_kept_options(self, values: Mapping[str, Any], at: str = "") -> None:
        """Check the option values a state keeps (Spółka ZOO's `config`, Archipel's `declare`) as
        [`new_game`][tabletop.kernel.protocol.Game.new_game] checks them: a state read from a text
        holds whatever the text says, and the rules read these values on every step.

        Args:
            values: Option name to the value the state holds.
            at: The path of the values in the state (`"config."`), for the error.

        Raises:
            InvariantBroken: At `at + name`, with the option's own message, for the first value
                `new_game` would refuse or would have written otherwise (a subset not sorted).
        """
        for name, value in values.items():
            try:
                canonical = self.option(name).check(value)
            except ValueError as exc:
                raise InvariantBroken(str(exc), path=at + name) from None
            if canonical != value:
                msg = f"option {name!r} is kept as {canonical!r}; got {value!r}"
                raise InvariantBroken(msg, path=at + name)

    def new_game(self, seed: int | None = None, **options: Any) -> State:
        """The state at the start of a new game, automatic setup steps already run.

        Args:
            seed: Fixes every chance outcome sampled with `tabletop.sample_chance(state)`:
                a whole number from 0 to [MAX_SEED][tabletop.kernel.seeds.MAX_SEED]
                (2**63 - 1); `None` draws a fresh one from the operating system.
            **options: The game's options, by keyword.

        Raises:
            SeedError: A `ValueError` naming `seed` and the value, if the seed is not a whole
                number from 0 to 2**63 - 1 (a `bool`, negative, too large, not an integer).
            ValueError: If an option is unknown or has a bad value.
        """
        seed = secrets.randbits(63) if seed is None else check_seed(seed)
        state = self.setup(seed, **self.check_options(options))
        return self.state_type.MACHINE.advance(state, self.state_type.AUTO)

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation in the context of `state`.

        Raises:
            NotationError: If `text` is not a move of this game. (A well-formed move that
                is illegal now parses fine; `state.apply` then explains the refusal.)
        """
        if not isinstance(text, str):
            msg = f"move notation must be text, got {type(text).__name__}"
            raise NotationError(msg, text=repr(text))
        return self.parser(state, text)

    def dump_state(self, state: State) -> str:
        """`state` as versioned JSON text (by the function writing this game's state documents,
        found once: see [`TextWriter.document`][tabletop.kernel.jsontext.TextWriter.document])."""
        write = _DUMPS.get(self)
        if write is None:
            if len(_DUMPS) >= _GAMES_KEPT:
                _DUMPS.clear()
            write = _DUMPS[self] = writer(self.converter).documents(self.state_type, text_head("state", self.name))
        _writing()  # the writer's memos are every thread's: one write at a time (a `with` costs twice the calls)
        try:
            return write(state)
        finally:
            _written()

    def state_from_json(self, text: str | bytes) -> State:
        """Read a state written by `State.to_json`.

        Raises:
            DecodeError: On bad JSON, another format, version or game, or invalid data:
                a wrong type, a missing field, a value the game's invariants refuse (see
                [validate_state][tabletop.kernel.serialize.validate_state]).
        """
        state = read_state(text, game=self.name, converter=self.converter, cls=self.state_type)
        validate_state(state, invariants=self.invariants, root="state")
        return state
