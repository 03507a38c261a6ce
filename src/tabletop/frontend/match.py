"""`Match`: one game being played, with its seats, history, events, undo and records.

A match holds a game, its options and seed, and the history of every step (a [`Ply`][tabletop.frontend.match.Ply]:
who moved, the move, the states before and after, the game's events). Seats are humans
(they call [`Match.play`][tabletop.frontend.match.Match.play]) or agents (bots and scripts, see
`tabletop.agents`) that the match runs by itself, as it resolves chance from
the seed, so the same seed and the same decisions always give the same match.

Everything a seat is shown goes through the secrecy rules of
[`tabletop.frontend.knowledge`][tabletop.frontend.knowledge]:
[`Match.events_for`][tabletop.frontend.match.Match.events_for], [`Match.log`][tabletop.frontend.match.Match.log], a
seat's record (`save(seat=...)`) and undo never expose anything hidden from that seat.

```pycon
>>> from tabletop.testing.drill import GAME
>>> match = Match(GAME, seed=7, agents={1: "random"})
>>> _ = match.play("draw")
>>> match.current_player, match.seat_kind(1)
(0, 'random')
>>> Match.load(match.save(), game=GAME).state == match.state
True

```
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from tabletop.agents import Agent, make_agent
from tabletop.frontend.knowledge import Knowledge, StepSecrets
from tabletop.frontend.records import Record, RecordedStep, read_record
from tabletop.frontend.render import BOT_DECK, automatic_seats, describe_player, render
from tabletop.kernel.chance import CHANCE, TERMINAL, sample_chance
from tabletop.kernel.errors import DecodeError, IllegalMove, NotationError, UndoError
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Game, Move, Outcome, State
from tabletop.registry import get_game

__all__ = ["Match", "Ply", "UndoError"]

#: A bound on automatic steps in a row (agents and chance), against a game that never ends.
_MAX_AUTOMATIC = 1_000_000


@attrs.frozen(eq=False)
class Ply:
    """One step of a match.

    Attributes:
        index: Its place in the match, from 0.
        player: The seat that moved, or `tabletop.CHANCE`.
        move: The move or chance outcome.
        before: The state before it.
        after: The state after it (automatic steps included).
        events: The game's events for the step, unfiltered.
    """

    index: int
    player: int
    move: Move
    before: State
    after: State
    events: tuple[Event, ...]

    @functools.cached_property
    def secrets(self) -> StepSecrets:
        """What each seat may know of this step (worked out seat by seat, when first asked)."""
        return StepSecrets(self.before, self.move, self.after, self.events)

    @property
    def knowledge(self) -> Knowledge:
        """What every seat learned in this step, all at once."""
        return self.secrets.knowledge()

    def known_to(self, seat: int) -> bool:
        """True when `seat` may know the move itself."""
        return self.secrets.identifies(seat)

    def informs(self, seat: int) -> bool:
        """True when `seat`'s view gained information in this step (undo stops here)."""
        return self.secrets.informs(seat)

    def events_for(self, seat: int) -> tuple[Event, ...]:
        """The events of this step that `seat` may see."""
        return self.secrets.events_for(seat)

    def notation_for(self, seat: int | None) -> str | None:
        """The move in notation for `seat` (`None`: everything), or `None` if hidden from it."""
        if seat is None or self.known_to(seat):
            return str(self.move)
        return None


class Match:
    """One game being played: seats, history, chance, undo, events and records.

    Args:
        game: A [`Game`][tabletop.kernel.protocol.Game] or a registered name.
        seed: Fixes every chance outcome; `None` draws one.
        options: The game's options.
        agents: Seats played by the program: seat -> an agent or an agent's name
            (`"random"`, `"greedy"`, `"rollout"`). Every other seat is human.
        auto_chance: Resolve chance from the seed by itself (default); when False the match
            stops at chance nodes and a frontend applies outcomes with [`play`][tabletop.frontend.match.Match.play] or
            [`resolve_chance`][tabletop.frontend.match.Match.resolve_chance].
        unrestricted_undo: Let undo cross reveals (solo analysis).

    Raises:
        ValueError: On a bad option, seed, seat or agent name.
    """

    def __init__(
        self,
        game: Game | str,
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        agents: Mapping[int, Agent | str] | None = None,
        auto_chance: bool = True,
        unrestricted_undo: bool = False,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.options: dict[str, Any] = self.game.check_options(options or {})
        self.start: State = self.game.new_game(seed, **self.options)
        assert self.start.seed is not None
        self.seed: int = self.start.seed
        self.auto_chance = auto_chance
        self.unrestricted_undo = unrestricted_undo
        self._agents: dict[int, Agent] = {}
        self._plies: list[Ply] = []
        self._by_agent: list[bool] = []  # for each ply: was it an agent's move?
        self._cursor = 0
        self._automatic = automatic_seats(self.start)
        for seat, agent in (agents or {}).items():
            self.set_agent(seat, agent)
        self.advance()

    # Reading ---------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current state (everything: a frontend shows seats only [`view`][tabletop.frontend.match.Match.view])."""
        return self._plies[self._cursor - 1].after if self._cursor else self.start

    @property
    def plies(self) -> tuple[Ply, ...]:
        """Every step played so far (steps undone and not redone excluded)."""
        return tuple(self._plies[: self._cursor])

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.start.num_players

    @property
    def current_player(self) -> int:
        """The seat to move, `tabletop.CHANCE` or `tabletop.TERMINAL`."""
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_terminal

    @property
    def outcome(self) -> Outcome | None:
        """The game's result once it is over."""
        return self.state.outcome

    @property
    def seats(self) -> tuple[str, ...]:
        """What plays each seat: `"human"`, the agent's name, or `"bot deck"`."""
        return tuple(self.seat_kind(s) for s in range(self.num_players))

    def seat_kind(self, seat: int) -> str:
        """`"human"`, the name of the agent playing `seat`, or `"bot deck"`.

        A `"bot deck"` seat is played by the game's own rules (Spółka ZOO's bot cards): it
        never moves, so it is neither a person nor an agent.
        """
        self._check_seat(seat)
        if seat in self._automatic:
            return BOT_DECK
        agent = self._agents.get(seat)
        return "human" if agent is None else agent.name

    def is_human(self, seat: int) -> bool:
        """True when `seat` is played by a person."""
        return self.seat_kind(seat) == "human"

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves now (chance outcomes at a chance node)."""
        return self.state.legal_moves()

    def view(self, seat: int) -> State:
        """What `seat` may know now."""
        return self.state.view(seat)

    # Playing ---------------------------------------------------------------------------------

    def set_agent(self, seat: int, agent: Agent | str | None) -> None:
        """Hand `seat` to an agent (or a name of one), or to a human with `None`.

        The match does not move on by itself: call [`advance`][tabletop.frontend.match.Match.advance] when the seat is
        to move.
        """
        self._check_seat(seat)
        if agent is None:
            self._agents.pop(seat, None)
        else:
            self._agents[seat] = make_agent(agent) if isinstance(agent, str) else agent

    def play(self, move: Move | str, *, seat: int | None = None, agents: bool = True) -> tuple[Ply, ...]:
        """Play a move (or its notation), then let agents and chance move until a human must.

        Args:
            move: A move, or its notation.
            seat: The seat asking; when given, it must be the seat to move.
            agents: Let agents move after it (default); when False only chance does, and the
                match stops at an agent's turn (a server runs the agents itself, one push each).

        Returns:
            Every step played: the move, then the automatic ones.

        Raises:
            IllegalMove: If the game is over, it is not `seat`'s turn, or the move is
                refused (the message gives the rule). The match is unchanged.
            NotationError: If the text is not a move of this game. The match is unchanged.
            RuntimeError: If an agent fails (a script that is not notation, an illegal
                choice) after the move was played: the move and the steps before stay played.
        """
        state = self.state
        if state.is_terminal:
            raise IllegalMove("the game is over: no move is legal", code="game-over", move=move)
        if seat is not None and seat != state.current_player:
            msg = f"it is {describe_player(state.current_player)}'s turn, not seat {seat}'s"
            raise IllegalMove(msg, code="not-your-turn", move=move)
        if isinstance(move, str):
            move = self.game.parse_move(state, move.strip())
        first = self._cursor
        self._push(state, move, state.apply(move))
        self.advance(agents=agents)
        return tuple(self._plies[first : self._cursor])

    def resolve_chance(self) -> Ply:
        """At a chance node, apply the outcome the seed picks (for `auto_chance=False`).

        Raises:
            IllegalMove: If this is not a chance node.
        """
        state = self.state
        if state.current_player != CHANCE:
            raise IllegalMove("this is not a chance node", code="not-chance")
        move = sample_chance(state)
        return self._push(state, move, state.apply(move))

    def advance(self, *, agents: bool = True) -> tuple[Ply, ...]:
        """Let agents and (with `auto_chance`) chance move until a human must decide.

        Args:
            agents: When False, only chance moves: the match stops at an agent's turn too.
        """
        first = self._cursor
        for _ in range(_MAX_AUTOMATIC):
            state = self.state
            player = state.current_player
            if player == TERMINAL or (player == CHANCE and not self.auto_chance):
                break
            if player == CHANCE:
                move = sample_chance(state)
            elif player in self._agents and agents:
                step = self._agent_step(player, state)
                if step is None:
                    break
                self._push(state, *step, by_agent=True)
                continue
            else:
                break
            self._push(state, move, state.apply(move))
        return tuple(self._plies[first : self._cursor])

    def _agent_step(self, seat: int, state: State) -> tuple[Move, State] | None:
        """The agent's move for `seat` and its result; a failing agent is not taken for a refused person."""
        agent = self._agents[seat]
        try:
            chosen = agent.choose(state.view(seat), state.legal_moves(), self._rng(seat))
            return None if chosen is None else (chosen, state.apply(chosen))
        except Exception as exc:
            msg = f"the agent {agent.name!r} of seat {seat} failed at step {self._cursor + 1}: {exc}"
            raise RuntimeError(msg) from exc

    # Undo and redo ---------------------------------------------------------------------------

    def can_undo(self, seat: int | None = None) -> bool:
        """True when [`undo`][tabletop.frontend.match.Match.undo] with the same argument would succeed."""
        try:
            self._undo_target(seat)
        except UndoError:
            return False
        return True

    def undo(self, seat: int | None = None) -> int:
        """Take back `seat`'s last move and every step after it.

        Args:
            seat: The seat asking; `None` means the last human to have moved.

        Returns:
            How many steps were taken back (they can be redone until the next move).

        Raises:
            UndoError: If the seat has no move to take back, is played by an agent, or if a
                step since that move showed it, or another person at the table, hidden
                information (a draw, a look at a card), unless the match was made with
                `unrestricted_undo`.
        """
        target = self._undo_target(seat)
        undone = self._cursor - target
        self._cursor = target
        self._rewind_agents()
        return undone

    def can_redo(self) -> bool:
        """True when undone steps can be replayed."""
        return self._cursor < len(self._plies)

    def redo(self) -> int:
        """Replay the steps last undone, up to the undoing seat's next decision.

        Returns:
            How many steps were replayed.

        Raises:
            UndoError: If there is nothing to redo.
        """
        if not self.can_redo():
            raise UndoError("there is nothing to redo")
        seat = self.state.current_player
        first = self._cursor
        self._cursor += 1
        while self._cursor < len(self._plies) and self._plies[self._cursor].player != seat:
            self._cursor += 1
        self._rewind_agents()
        if not self.can_redo():
            self.advance()
        return self._cursor - first

    # What a seat may see ---------------------------------------------------------------------

    def events_for(self, seat: int, start: int = 0) -> tuple[Event, ...]:
        """The events `seat` may see, from ply `start` on."""
        self._check_seat(seat)
        return tuple(e for ply in self._plies[start : self._cursor] for e in ply.events_for(seat))

    def log(self, seat: int | None = None) -> tuple[str, ...]:
        """The match as numbered lines, for `seat` (`None`: everything, for the host)."""
        lines: list[str] = []
        for ply in self.plies:
            events = ply.events if seat is None else ply.events_for(seat)
            lines.extend(f"{ply.index + 1}. {event.text}" for event in events)
        return tuple(lines)

    def seat_json(self, seat: int, *, since: int = 0) -> dict[str, Any]:
        """Everything a frontend sends to `seat`, JSON-ready (the "seat" document in the docs).

        Args:
            seat: The seat.
            since: The first ply whose events to include (a client that has the earlier ones).
        """
        self._check_seat(seat)
        state = self.state
        view = state.view(seat)
        player = state.current_player
        yours = player == seat and self.is_human(seat)
        return {
            "seat": seat,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.num_players,
            "seats": list(self.seats),
            "ply": self._cursor,
            "to_move": player if player != TERMINAL else None,
            "your_turn": yours,
            "view": json.loads(view.to_json()),
            "board": render(view, seat),
            "legal": [str(m) for m in state.legal_moves()] if yours else [],
            "events": [
                {"ply": ply.index, **e.to_dict()}
                for ply in self._plies[since : self._cursor]
                for e in ply.events_for(seat)
            ],
            "can_undo": self.can_undo(seat),
            "over": state.is_terminal,
            "outcome": _outcome_json(state.outcome),
        }

    # Records ---------------------------------------------------------------------------------

    def record(self, seat: int | None = None) -> Record:
        """The match as a [`Record`][tabletop.frontend.records.Record]: full, or `seat`'s copy."""
        from tabletop import __version__  # here, not at import: tabletop imports this module lazily

        if seat is not None:
            self._check_seat(seat)
        steps = tuple(
            RecordedStep(
                ply.player,
                ply.notation_for(seat),
                None if seat is None else tuple(e.to_dict() for e in ply.events_for(seat)),
            )
            for ply in self.plies
        )
        return Record(
            game=self.game.name,
            library=__version__,
            options=self.options,
            seed=self.seed if seat is None else None,
            players=self.num_players,
            seats=self.seats,
            seat=seat,
            steps=steps,
            result=_outcome_json(self.outcome),
        )

    def save(self, path: str | os.PathLike[str] | None = None, *, seat: int | None = None) -> str:
        """The match as record JSON text, also written to `path` when given.

        Args:
            path: A file to write.
            seat: `None` for the full record (replayable: it holds the seed and every
                hidden draw); a seat for that seat's copy, which holds only what it may know.
        """
        text = self.record(seat).to_json()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    @classmethod
    def load(
        cls,
        source: str | bytes | os.PathLike[str],
        *,
        game: Game | str | None = None,
        agents: Mapping[int, Agent | str] | None = None,
        auto_chance: bool = True,
        unrestricted_undo: bool = False,
    ) -> Match:
        """Replay a full record exactly; the match continues from where it stopped.

        Args:
            source: Record JSON text, or the path of a record file (a `Path`, or text that
                is not JSON and names an existing file).
            game: The game expected (`None`: the one the record names).
            agents: Seats played by agents, as for [`Match`][tabletop.frontend.match.Match]; every other seat is human.
            auto_chance: As for [`Match`][tabletop.frontend.match.Match].
            unrestricted_undo: As for [`Match`][tabletop.frontend.match.Match].

        Raises:
            DecodeError: Naming the problem: bad JSON, another format, version or game, an
                unknown game, a seat's copy (not replayable), bad options, a step that is
                not the seat to move, not notation of the game or not legal, or a result
                that the replay does not reach.
        """
        text = _record_text(source)
        expected = game.name if isinstance(game, Game) else game
        record = read_record(text, game=expected)
        if not record.is_full:
            msg = f"this is seat {record.seat}'s copy, without the seed and hidden steps: only a full record replays"
            raise DecodeError(msg, path="record.seat")
        try:
            match_game = game if isinstance(game, Game) else get_game(record.game)
        except LookupError as exc:
            raise DecodeError(str(exc), path="game") from None
        try:
            match = cls(match_game, seed=record.seed, options=record.options, auto_chance=False)
        except (ValueError, TypeError) as exc:
            raise DecodeError(str(exc), path="record.options") from None
        if match.num_players != record.players:
            msg = f"the record has {record.players} seats, the game with these options has {match.num_players}"
            raise DecodeError(msg, path="record.players")
        match._replay(record.steps)
        if record.result != _outcome_json(match.outcome):
            msg = f"the replay ends with {_outcome_json(match.outcome)}, not the recorded {record.result}"
            raise DecodeError(msg, path="record.result")
        match.auto_chance = auto_chance
        match.unrestricted_undo = unrestricted_undo
        for seat, agent in (agents or {}).items():
            match.set_agent(seat, agent)
        match.advance()
        return match

    # Internals -------------------------------------------------------------------------------

    def _replay(self, steps: Iterable[RecordedStep]) -> None:
        for i, step in enumerate(steps):
            path = f"record.moves[{i}]"
            state = self.state
            if step.player != state.current_player:
                msg = f"expected a step by {describe_player(state.current_player)}, got player {step.player}"
                raise DecodeError(msg, path=f"{path}.player")
            assert step.move is not None
            try:
                move = self.game.parse_move(state, step.move)
                after = state.apply(move)
            except (NotationError, IllegalMove) as exc:
                raise DecodeError(f"{step.move!r}: {exc}", path=f"{path}.move") from None
            self._push(state, move, after)

    def _push(self, before: State, move: Move, after: State, *, by_agent: bool = False) -> Ply:
        del self._plies[self._cursor :]
        del self._by_agent[self._cursor :]
        ply = Ply(self._cursor, before.current_player, move, before, after, tuple(before.events(move, after)))
        self._plies.append(ply)
        self._by_agent.append(by_agent)
        self._cursor += 1
        return ply

    def _rewind_agents(self) -> None:
        """Tell agents with a memory (a script) how many of their moves the history now holds."""
        for seat, agent in self._agents.items():
            rewind = getattr(agent, "rewind", None)
            if callable(rewind):
                kept = range(self._cursor)
                rewind(sum(1 for i in kept if self._by_agent[i] and self._plies[i].player == seat))

    def _rng(self, seat: int) -> random.Random:
        return random.Random(f"{self.seed}/{seat}/{self._cursor}")

    def _undo_target(self, seat: int | None) -> int:
        plies = self._plies[: self._cursor]
        if seat is None:
            movers = [p.player for p in plies if p.player >= 0 and self.is_human(p.player)]
            if not movers:
                raise UndoError("there is no move to undo")
            seat = movers[-1]
        self._check_seat(seat)
        if not self.is_human(seat) and not self.unrestricted_undo:
            raise UndoError(f"seat {seat} is played by {self.seat_kind(seat)}: undo your own moves", seat=seat)
        own = [p.index for p in plies if p.player == seat]
        if not own:
            raise UndoError(f"seat {seat} has no move to undo", seat=seat)
        target = own[-1]
        if not self.unrestricted_undo:
            # Every person at the table keeps what they have seen: a step that showed the asking
            # seat, or any other human seat, something new cannot be taken back.
            others = [s for s in range(self.num_players) if s != seat and self.is_human(s)]
            for ply in plies[target:]:
                step = ply.index + 1
                if ply.informs(seat):
                    seen = "; ".join(e.text for e in ply.events_for(seat)) or "a change you saw"
                    msg = f"seat {seat} cannot undo past step {step} ({seen}): it showed seat {seat} new information"
                    raise UndoError(msg, seat=seat)
                for other in others:
                    if ply.informs(other):
                        msg = f"seat {seat} cannot undo past step {step}: it showed seat {other} new information"
                        raise UndoError(msg, seat=seat)
        return target

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            msg = f"no seat {seat!r}: seats are 0 to {self.num_players - 1}"
            raise ValueError(msg)

    def __repr__(self) -> str:
        return f"<Match {self.game.name} seed={self.seed} ply={self._cursor} {self.state.flow}>"


def _record_text(source: str | bytes | os.PathLike[str]) -> str | bytes:
    """The record text of `source`: itself, or the file it names."""
    if isinstance(source, os.PathLike):
        return Path(source).read_text(encoding="utf-8")
    if isinstance(source, str) and not source.lstrip().startswith(("{", "[")) and "\n" not in source:
        try:
            path = Path(source)
            if path.is_file():
                return path.read_text(encoding="utf-8")
        except (OSError, ValueError):  # not a usable path: read it as JSON, which will say what is wrong
            pass
    return source


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"returns": [float(r) for r in outcome.returns], "summary": dict(outcome.summary())}
