"""Hosted matches: seats, secret tokens, storage and each seat's document.

A [Host][tabletop.server.hosting.Host] holds the matches of a server. Each match is a
[Match][tabletop.frontend.match.Match] with, for every seat, what plays it (`"human"` or
`"agent:NAME"`) and, for a human seat that someone took, the SHA-256 digest of its secret
token (the token itself is handed out once and never stored). After every change the match
is written to its [Storage][tabletop.server.storage.Storage] as its full record, and every
read first checks the stored revision, so a restarted server, or another process sharing a
PostgreSQL database, carries on from exactly where the match was.

Everything a client receives is built by [document][tabletop.server.documents.document] from
the seat's view and the seat's own events (or, for a spectator, from what every seat sees
alike): never the full state, the seed or a token.

The host's parts live beside it: one match and its seats in `tabletop.server.hosted`, what a
seat is sent in `tabletop.server.documents`, games and options in words in
`tabletop.server.options`, and the refusals and request checks in `tabletop.server.refusals`.

```pycon
>>> from tabletop.server.storage import SQLiteStorage
>>> host = Host(SQLiteStorage(":memory:"))
>>> made = host.create({"game": "conservas", "seats": ["human"], "seed": 1})
>>> doc = host.read(made["match"], made["token"])
>>> doc["seat"], doc["turn"], doc["step"] > 0
(0, 0, True)

```
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from tabletop.frontend.match import Match
from tabletop.frontend.render import BOT_DECK, automatic_seats
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.errors import IllegalMove, NotationError, TabletopError, UndoError
from tabletop.kernel.protocol import Game, Move, State
from tabletop.kernel.seeds import SeedError, check_seed
from tabletop.registry import available_games, get_game
from tabletop.server.documents import action_bridge, document, public_view, undo_refusal
from tabletop.server.hosted import (
    HUMAN,
    Hosted,
    agent_names,
    creator_seat,
    revive,
    seat_kinds,
    token_digest,
)
from tabletop.server.options import describe_game, request_options
from tabletop.server.refusals import (
    ApiError,
    RateLimiter,
    expect_object,
    only_fields,
    option_refused,
    seat_number,
    short,
)
from tabletop.server.storage import Storage

#: Re-exported: what the server's modules offer, by the names the API's callers know.
__all__ = ["HUMAN", "ApiError", "Host", "Hosted", "RateLimiter", "document", "public_view", "undo_refusal"]

#: How many times a change is retried when another process changed the match meanwhile.
_RETRIES: Final = 4


class Host:
    """Every match of a server, kept in storage, with the API's operations.

    Every method raises [ApiError][tabletop.server.refusals.ApiError] on bad input and then
    changes nothing. Methods are thread-safe (the web app runs them in worker threads).

    Args:
        storage: Where matches are kept.
        games: The games that may be played (default: every registered game).
        limiter: Rate limits for moves, undo, joins and new matches.
        offered: Values the server's operator offers for free-text options, which visitors
            may not set otherwise: `{"archipel.board": ["boards/mine.toml"]}` (`tabletop serve
            --board FILE`). The lobby lists them as choices, beside the default.

    Raises:
        ValueError: If an offered value names no option of a served game, or the option
            refuses it (a board file that is not valid, naming the file).
    """

    def __init__(
        self,
        storage: Storage,
        games: Mapping[str, Game] | None = None,
        limiter: RateLimiter | None = None,
        *,
        offered: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.storage = storage
        self.games: dict[str, Game] = dict(games) if games else {n: get_game(n) for n in available_games()}
        self.limiter = limiter or RateLimiter()
        self.offered: dict[tuple[str, str], tuple[str, ...]] = {}
        for key, values in (offered or {}).items():
            game_name, _, option_name = key.partition(".")
            if game_name not in self.games:
                raise ValueError(f"offered values for {key!r}: no game {game_name!r} is served")
            option = self.games[game_name].option(option_name)
            for value in values:
                option.check(value)
            if values:
                self.offered[game_name, option_name] = tuple(dict.fromkeys(values))
        self._cache: dict[str, Hosted] = {}
        self._lock = threading.Lock()

    # The lobby ----------------------------------------------------------------------------

    def describe_games(self) -> list[dict[str, Any]]:
        """`GET /api/games`: every game, its options in words and the agents that may sit."""
        agents = sorted(agent_names())
        return [describe_game(game, agents, self.offered) for game in self.games.values()]

    def lobby(self) -> list[dict[str, Any]]:
        """`GET /api/matches`: every match, newest first, with nothing secret in it."""
        rows = []
        for stored in self.storage.list():
            head = json.loads(stored.record)["record"]
            rows.append(
                {
                    "match": stored.id,
                    "game": stored.game,
                    "options": head["options"],
                    "seats": [
                        {"seat": s, "kind": kind, "taken": kind != HUMAN or stored.tokens[s] is not None}
                        for s, kind in enumerate(stored.seats)
                    ],
                    "over": head["result"] is not None,
                }
            )
        return rows

    # Making and joining -------------------------------------------------------------------

    def create(self, body: Any, *, client: str = "") -> dict[str, Any]:
        """`POST /api/matches`: a new match; the creator gets the one token of its seat."""
        self.limiter.check(f"create:{client}")
        data = expect_object(body)
        only_fields(data, {"game", "options", "seed", "seats", "seat"})
        game = self._game(data.get("game"))
        options = request_options(game, data.get("options", {}), self.offered)
        seed = data.get("seed")
        try:
            seed = None if seed is None else check_seed(seed)
        except SeedError as exc:
            raise ApiError(400, str(exc), "bad-seed", field="seed") from None
        try:
            match = Match(game, seed=seed, options=options, agents={})
        except (ValueError, TypeError, TabletopError) as exc:
            raise option_refused(exc, data.get("options")) from None
        kinds = seat_kinds(data.get("seats"), match.num_players, automatic_seats(match.start))
        seat = creator_seat(data.get("seat"), kinds)
        token = secrets.token_urlsafe(24) if seat is not None else None
        tokens: list[str | None] = [None] * len(kinds)
        if seat is not None and token is not None:
            tokens[seat] = token_digest(token)
        hosted = Hosted(secrets.token_hex(8), match, kinds, tokens, 1, time.time())
        match.advance(agents=False)  # chance deals; agents move afterwards, one push each (agent_step)
        self.storage.insert(hosted.stored())
        with self._lock:
            self._cache[hosted.id] = hosted
        return {"match": hosted.id, "seat": seat, "token": token}

    def seat_layout(self, game_name: Any, body: Any, *, client: str = "") -> dict[str, Any]:
        """`POST /api/games/{game}/seats` `{"options"}`: the seats these options make (`"open"`, or
        `"bot deck"` for a seat the game's rules play) and, for each option taking more values than
        it names, every value it takes with them (`"values"`); the refusal names the option."""
        self.limiter.check(f"layout:{client}")
        game = self._game(game_name)
        data = expect_object(body)
        only_fields(data, {"options"})
        options = request_options(game, data.get("options", {}), self.offered)
        try:
            state = game.new_game(0, **options)
        except (ValueError, TypeError, TabletopError) as exc:
            raise option_refused(exc, data.get("options")) from None
        bots = automatic_seats(state)
        checked = game.check_options(options)
        return {
            "seats": [BOT_DECK if s in bots else "open" for s in range(state.num_players)],
            "values": {o.name: list(o.values_for(checked)) for o in game.options if o.values_for is not None},
        }

    def join(self, match_id: str, seat: Any, *, client: str = "", body: Any = None) -> dict[str, Any]:
        """`POST /api/matches/{id}/seats/{n}`: take an open human seat and get its token.

        `body`, the request's JSON, takes no field: `{}` or nothing.
        """
        if body is not None:
            only_fields(expect_object(body), set())
        self.limiter.check(f"join:{client}")
        token = secrets.token_urlsafe(24)

        def take(hosted: Hosted) -> dict[str, Any]:
            n = seat_number(seat, len(hosted.seats))
            if hosted.seats[n] != HUMAN:
                raise ApiError(409, f"seat {n} is played by {hosted.seats[n]}", "seat-taken", seat=n)
            if hosted.tokens[n] is not None:
                raise ApiError(409, f"seat {n} is already taken", "seat-taken", seat=n)
            hosted.tokens[n] = token_digest(token)
            return {"match": hosted.id, "seat": n, "token": token}

        return self._change(match_id, take)

    # Reading and playing ------------------------------------------------------------------

    def hosted(self, match_id: Any) -> Hosted:
        """The match `match_id`, brought up to date with storage.

        Raises:
            ApiError: 404 for an unknown match.
        """
        if not isinstance(match_id, str) or not match_id or len(match_id) > 64:
            raise ApiError(404, f"no match {match_id!r}", "unknown-match")
        with self._lock:
            cached = self._cache.get(match_id)
        revision = self.storage.revision(match_id)
        if revision is None:
            raise ApiError(404, f"no match {match_id!r}", "unknown-match")
        if cached is not None and cached.revision == revision:
            return cached
        stored = self.storage.load(match_id)
        if stored is None:
            raise ApiError(404, f"no match {match_id!r}", "unknown-match")
        hosted = revive(stored, self.games)
        with self._lock:
            self._cache[match_id] = hosted
        return hosted

    def seat_for(self, match_id: str, token: str | None) -> int | None:
        """The seat of `token` in the match (`None` without a token: a spectator)."""
        hosted = self.hosted(match_id)
        return None if token is None else hosted.seat_of(token)

    def read(self, match_id: str, token: str | None) -> dict[str, Any]:
        """`GET /api/matches/{id}`: the seat's document, or the spectator's without a token."""
        hosted = self.hosted(match_id)
        seat = None if token is None else hosted.seat_of(token)
        with hosted.lock:
            return document(hosted, seat)

    def document_for(self, match_id: str, seat: int | None) -> dict[str, Any]:
        """The current document of `seat` (`None`: spectator), for a socket already let in."""
        hosted = self.hosted(match_id)
        with hosted.lock:
            return document(hosted, seat)

    def snapshot(self, match_id: str, seats: Iterable[int | None]) -> tuple[int, dict[int | None, dict[str, Any]]]:
        """The match's revision and the documents of `seats`, all of that one revision (for pushes)."""
        hosted = self.hosted(match_id)
        with hosted.lock:
            return hosted.revision, {seat: document(hosted, seat) for seat in set(seats)}

    def record(self, match_id: str, token: str | None) -> dict[str, Any]:
        """`GET /api/matches/{id}/record`: the seat's own copy of the record."""
        hosted = self.hosted(match_id)
        seat = hosted.seat_of(token)
        with hosted.lock:
            result: dict[str, Any] = json.loads(hosted.match.save(seat=seat))
            return result

    def play(self, match_id: str, token: str | None, body: Any, seat: int | None = None) -> dict[str, Any]:
        """`POST /api/matches/{id}/moves` `{"move": notation}` or `{"action": id}`: the seat's move.

        The move and the chance steps after it are played and stored, and the seat's document
        is answered at once; agents whose turn follows move afterwards, one
        [agent_step][tabletop.server.hosting.Host.agent_step] at a time.

        Args:
            match_id: The match.
            token: The seat's token.
            body: The request.
            seat: Instead of `token`, a seat already proven (a socket's, checked at hello).
        """
        data = expect_object(body)
        only_fields(data, {"move", "action", "type"})
        move, action = data.get("move"), data.get("action")
        if (move is None) == (action is None):
            raise ApiError(400, 'send either {"move": notation} or {"action": id}', "bad-request", field="move")
        if move is not None and (not isinstance(move, str) or len(move) > 500):
            raise ApiError(400, f"move must be notation text, got {short(move)}", "bad-request", field="move")
        if action is not None and (not isinstance(action, int) or isinstance(action, bool)):
            raise ApiError(400, f"action must be an integer id, got {short(action)}", "bad-request", field="action")

        def step(hosted: Hosted) -> int:
            who = hosted.seat_of(token) if seat is None else seat
            self.limiter.check(f"move:{hosted.id}:{who}")
            _play(hosted.match, who, move, action)
            return who

        return self._change_and_show(match_id, step)

    def undo(self, match_id: str, token: str | None, seat: int | None = None, body: Any = None) -> dict[str, Any]:
        """`POST /api/matches/{id}/undo`: take back the seat's last move, as the Match rules allow.

        `seat`, instead of `token`, is a seat already proven (a socket's). `body`, the request
        (or the socket's message), takes no field but a socket message's `type`.
        """
        if body is not None:
            only_fields(expect_object(body), {"type"})

        def step(hosted: Hosted) -> int:
            who = hosted.seat_of(token) if seat is None else seat
            self.limiter.check(f"move:{hosted.id}:{who}")
            refusal = undo_refusal(hosted, who)
            if refusal is not None:
                raise refusal
            try:
                hosted.match.undo(who)
            except UndoError as exc:
                raise ApiError(409, str(exc), "undo-refused") from None
            hosted.match.advance(agents=False)
            return who

        return self._change_and_show(match_id, step)

    def agent_to_move(self, match_id: str) -> bool:
        """True when an agent's seat is to move in the match."""
        hosted = self.hosted(match_id)
        with hosted.lock:
            return hosted.match.current_player in hosted.agents

    def agent_step(self, match_id: str) -> bool:
        """Let the agent to move play one move (and chance after it), and store it.

        The agent thinks without holding the match, so that documents are read and pushed
        meanwhile; its move is played only if the match is still where the agent saw it (a
        move through another process, or an undo, makes it think again next time).

        Returns:
            True when a move was played; False when no agent is to move or the agent passed.

        Raises:
            ApiError: 500 `agent-failed` when the agent fails (its error in one sentence).
        """
        hosted = self.hosted(match_id)
        with hosted.lock:
            state, seat = hosted.match.state, hosted.match.current_player
            agent = hosted.agents.get(seat)
            step = len(hosted.match.plies)
            seed = hosted.match.seed
        if agent is None:
            return False
        try:
            move = agent.choose(state.view(seat), state.legal_moves(), random.Random(f"{seed}/{seat}/{step}"))
            if move is not None and not state.is_legal(move):
                raise ValueError(f"{move} is not a legal move")
        except Exception as exc:
            msg = f"the agent {agent.name!r} of seat {seat} failed at step {step + 1}: {exc}"
            raise ApiError(500, msg, "agent-failed") from None
        if move is None:
            return False

        def change(hosted: Hosted) -> dict[str, Any]:
            match = hosted.match
            if len(match.plies) != step or match.state != state:
                return {"moved": False}  # it changed meanwhile: nothing is stored
            match.play(move, seat=seat, agents=False)
            return {"moved": True}

        return bool(self._change(match_id, change)["moved"])

    # Internals ----------------------------------------------------------------------------

    def _change_and_show(self, match_id: str, step: Callable[[Hosted], int]) -> dict[str, Any]:
        def change(hosted: Hosted) -> dict[str, Any]:
            return document(hosted, step(hosted))

        return self._change(match_id, change)

    def _change(self, match_id: str, change: Callable[[Hosted], dict[str, Any]]) -> dict[str, Any]:
        """Run `change` on the match and store it; on a refusal nothing is kept."""
        for _ in range(_RETRIES):
            hosted = self.hosted(match_id)
            with hosted.lock:
                if hosted.revision != self.storage.revision(match_id):
                    continue  # another process moved meanwhile: read it again
                before = hosted.stored()
                try:
                    answer = change(hosted)
                except BaseException:
                    if before.record != hosted.match.save() or before.tokens != tuple(hosted.tokens):
                        self._forget(match_id)  # a failing agent may have moved it: read it back
                    raise
                if before.record == hosted.match.save() and before.tokens == tuple(hosted.tokens):
                    return answer
                hosted.revision += 1
                if self.storage.update(hosted.stored(), before.revision):
                    return answer
                self._forget(match_id)  # someone else stored first: replay on their version
        raise ApiError(409, f"match {match_id!r} is changing too fast; try again", "busy")

    def _forget(self, match_id: str) -> None:
        """Drop the copy in memory: the next read replays the stored record."""
        with self._lock:
            self._cache.pop(match_id, None)

    def _game(self, name: Any) -> Game:
        game = self.games.get(name) if isinstance(name, str) else None
        if game is None:
            known = ", ".join(self.games)
            raise ApiError(400, f"no game {short(name)}; known: {known}", "unknown-game", field="game")
        return game

    def __repr__(self) -> str:
        return f"<Host {self.storage!r} games={list(self.games)}>"


# Playing ------------------------------------------------------------------------------------


def _play(match: Match, seat: int, move: Any, action: Any) -> None:
    state = match.state
    if state.is_terminal:
        raise ApiError(409, "the game is over: no move is legal", "game-over")
    if state.current_player != seat:
        whose = "chance's" if state.current_player == CHANCE else f"seat {state.current_player}'s"
        raise ApiError(409, f"it is {whose} turn, not seat {seat}'s", "not-your-turn", seat=seat)
    chosen: Move | str = move if move is not None else _move_of(state, action)
    try:
        match.play(chosen, seat=seat, agents=False)
    except NotationError as exc:
        raise ApiError(400, str(exc), "notation", field="move") from None
    except IllegalMove as exc:
        status = 409 if exc.code in ("not-your-turn", "game-over") else 422
        raise ApiError(status, str(exc), exc.code or "illegal", rule=exc.rule) from None


def _move_of(state: State, action: int) -> Move:
    bridge = action_bridge(state)
    if bridge is None:
        raise ApiError(400, "action ids need tabletop.adapters, which this install lacks: send notation", "no-actions")
    try:
        move: Move = bridge.move_of(state, action)
    except IllegalMove as exc:
        raise ApiError(422, str(exc), exc.code or "illegal", rule=exc.rule) from None
    except (TabletopError, ValueError, KeyError, IndexError) as exc:
        raise ApiError(422, f"action {action}: {exc}", "illegal") from None
    return move
