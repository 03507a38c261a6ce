"""Hosted matches: seats, secret tokens, storage and each seat's document.

A [Host][tabletop.server.hosting.Host] holds the matches of a server. Each match is a
[Match][tabletop.frontend.match.Match] with, for every seat, what plays it (`"human"` or
`"agent:NAME"`) and, for a human seat that someone took, the SHA-256 digest of its secret
token (the token itself is handed out once and never stored). After every change the match
is written to its [Storage][tabletop.server.storage.Storage] as its full record, and every
read first checks the stored revision, so a restarted server, or another process sharing a
PostgreSQL database, carries on from exactly where the match was.

Everything a client receives is built by [document][tabletop.server.hosting.document] from
the seat's view and the seat's own events (or, for a spectator, from what every seat sees
alike): never the full state, the seed or a token.

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

import hashlib
import importlib
import json
import random
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from tabletop.frontend.match import Match, Ply
from tabletop.frontend.render import BOT_DECK, automatic_seats
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.errors import DecodeError, IllegalMove, NotationError, TabletopError, UndoError
from tabletop.kernel.protocol import Game, Move, Option, State
from tabletop.registry import available_games, get_game
from tabletop.server import boards
from tabletop.server.storage import Storage, StoredMatch

__all__ = ["ApiError", "Host", "RateLimiter", "document", "public_view", "undo_refusal"]

#: The seats a match may list: a person, or an agent by name (`"agent:greedy"`).
HUMAN: Final = "human"
AGENT_PREFIX: Final = "agent:"
#: An error's sentence is cut to about this many characters (it may quote a huge value sent).
_LONGEST_ERROR: Final = 500
#: How many times a change is retried when another process changed the match meanwhile.
_RETRIES: Final = 4


class ApiError(Exception):
    """A refusal: an HTTP status, a sentence, a stable code and extra JSON fields.

    Args:
        status: The HTTP status (400, 401, 403, 404, 409, 413, 422, 429).
        message: What was wrong, naming the field or rule and the value.
        code: A stable code a client may test (`"unknown-match"`, `"wrong-token"`...).
        extra: More JSON fields for the answer (`rule` of an illegal move).
    """

    def __init__(self, status: int, message: str, code: str, **extra: Any) -> None:
        if len(message) > _LONGEST_ERROR:  # a sentence echoing a huge value sent: its start and its end
            message = f"{message[: _LONGEST_ERROR - 80]} [...] {message[-60:]}"
        super().__init__(message)
        self.status = status
        self.code = code
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        """The JSON answer: `{"error": sentence, "code": code, ...extra}`."""
        return {"error": str(self), "code": self.code, **self.extra}

    def __repr__(self) -> str:
        return f"ApiError({self.status}, {str(self)!r}, {self.code!r})"


class RateLimiter:
    """Token buckets by key: `burst` requests at once, then `rate` a second.

    ```pycon
    >>> limiter = RateLimiter(rate=1.0, burst=2)
    >>> [limiter.allow("seat") for _ in range(3)]
    [True, True, False]

    ```
    """

    def __init__(self, rate: float = 20.0, burst: int = 40, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        """Take one request from `key`'s bucket; False when it is empty."""
        now = self._clock()
        with self._lock:
            level, then = self._buckets.get(key, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.rate)
            if level < 1.0:
                self._buckets[key] = (level, now)
                return False
            self._buckets[key] = (level - 1.0, now)
            if len(self._buckets) > 100_000:  # forget idle keys rather than grow without bound
                self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 60}
            return True

    def check(self, key: str) -> None:
        """Like `allow`, raising a 429 `ApiError` when the bucket is empty."""
        if not self.allow(key):
            msg = f"too many requests: at most {self.rate:g} a second (after a burst of {self.burst})"
            raise ApiError(429, msg, "rate-limited")


class Hosted:
    """One match of the server: the match, its seats, their token digests and its revision.

    Attributes:
        id: The match id (public: it is in the lobby).
        match: The match.
        seats: What plays each seat: `"human"` or `"agent:NAME"`.
        tokens: For each seat, the SHA-256 hex digest of its token, or `None` while open.
        revision: The stored revision this copy reflects.
        created: When the match was made (seconds since the epoch).
        lock: Held while the match is read or changed (never while an agent thinks).
        agents: The agent of each `"agent:NAME"` seat, also set on the match (which then counts
            the seat as no person's), but run by the host one move at a time.
    """

    def __init__(
        self, id: str, match: Match, seats: Sequence[str], tokens: Sequence[str | None], revision: int, created: float
    ) -> None:
        self.id = id
        self.match = match
        self.seats = tuple(seats)
        self.tokens: list[str | None] = list(tokens)
        self.revision = revision
        self.created = created
        self.lock = threading.RLock()
        self.agents: dict[int, Any] = {
            s: _agent(kind) for s, kind in enumerate(self.seats) if kind not in (HUMAN, BOT_DECK)
        }
        for seat, agent in self.agents.items():
            match.set_agent(seat, agent)
        self.events: dict[tuple[int, int | None], tuple[Ply, list[dict[str, Any]]]] = {}
        """(id of a ply, seat) -> (the ply, its events for that seat as JSON): steps never change."""

    def seat_of(self, token: str | None) -> int:
        """The seat whose token this is.

        Raises:
            ApiError: 401 without a token, 403 for a token of no seat of this match.
        """
        if not token:
            raise ApiError(401, "send your seat's token (Authorization: Bearer TOKEN)", "no-token")
        digest = _digest(token)
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, digest):
                return seat
        raise ApiError(403, f"this token belongs to no seat of match {self.id!r}", "wrong-token")

    def seat_rows(self) -> list[dict[str, Any]]:
        """`[{"seat", "kind", "taken"}]`: public, with no token."""
        return [
            {"seat": s, "kind": kind, "taken": kind != HUMAN or self.tokens[s] is not None}
            for s, kind in enumerate(self.seats)
        ]

    def stored(self) -> StoredMatch:
        """What goes into storage: the full record, seats, token digests, revision."""
        return StoredMatch(
            id=self.id,
            game=self.match.game.name,
            seats=self.seats,
            tokens=tuple(self.tokens),
            record=self.match.save(),
            revision=self.revision,
            created=self.created,
        )

    def __repr__(self) -> str:
        return f"<Hosted {self.id} {self.match.game.name} revision={self.revision} seats={list(self.seats)}>"


class Host:
    """Every match of a server, kept in storage, with the API's operations.

    Every method raises [ApiError][tabletop.server.hosting.ApiError] on bad input and then
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
        return [_describe_game(game, agents, self.offered) for game in self.games.values()]

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
        data = _expect_object(body)
        _only(data, {"game", "options", "seed", "seats", "seat"})
        game = self._game(data.get("game"))
        options = self._options(game, data.get("options", {}))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise ApiError(400, f"seed must be a whole number from 0, got {seed!r}", "bad-seed", field="seed")
        try:
            match = Match(game, seed=seed, options=options, agents={})
        except (ValueError, TypeError, TabletopError) as exc:
            raise _option_refused(exc) from None
        kinds = _seat_kinds(data.get("seats"), match.num_players, automatic_seats(match.start))
        seat = _creator_seat(data.get("seat"), kinds)
        token = secrets.token_urlsafe(24) if seat is not None else None
        tokens: list[str | None] = [None] * len(kinds)
        if seat is not None and token is not None:
            tokens[seat] = _digest(token)
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
        data = _expect_object(body)
        _only(data, {"options"})
        options = self._options(game, data.get("options", {}))
        try:
            state = game.new_game(0, **options)
        except (ValueError, TypeError, TabletopError) as exc:
            raise _option_refused(exc) from None
        bots = automatic_seats(state)
        checked = game.check_options(options)
        return {
            "seats": [BOT_DECK if s in bots else "open" for s in range(state.num_players)],
            "values": {o.name: list(o.values_for(checked)) for o in game.options if o.values_for is not None},
        }

    def join(self, match_id: str, seat: Any, *, client: str = "") -> dict[str, Any]:
        """`POST /api/matches/{id}/seats/{n}`: take an open human seat and get its token."""
        self.limiter.check(f"join:{client}")
        token = secrets.token_urlsafe(24)

        def take(hosted: Hosted) -> dict[str, Any]:
            n = _seat_number(seat, len(hosted.seats))
            if hosted.seats[n] != HUMAN:
                raise ApiError(409, f"seat {n} is played by {hosted.seats[n]}", "seat-taken", seat=n)
            if hosted.tokens[n] is not None:
                raise ApiError(409, f"seat {n} is already taken", "seat-taken", seat=n)
            hosted.tokens[n] = _digest(token)
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
        hosted = _revive(stored, self.games)
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
        data = _expect_object(body)
        _only(data, {"move", "action", "type"})
        move, action = data.get("move"), data.get("action")
        if (move is None) == (action is None):
            raise ApiError(400, 'send either {"move": notation} or {"action": id}', "bad-request")
        if move is not None and (not isinstance(move, str) or len(move) > 500):
            raise ApiError(400, f"move must be notation text, got {_short(move)}", "bad-request", field="move")
        if action is not None and (not isinstance(action, int) or isinstance(action, bool)):
            raise ApiError(400, f"action must be an integer id, got {_short(action)}", "bad-request", field="action")

        def step(hosted: Hosted) -> int:
            who = hosted.seat_of(token) if seat is None else seat
            self.limiter.check(f"move:{hosted.id}:{who}")
            _play(hosted.match, who, move, action)
            return who

        return self._change_and_show(match_id, step)

    def undo(self, match_id: str, token: str | None, seat: int | None = None) -> dict[str, Any]:
        """`POST /api/matches/{id}/undo`: take back the seat's last move, as the Match rules allow.

        `seat`, instead of `token`, is a seat already proven (a socket's).
        """

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
            raise ApiError(400, f"no game {_short(name)}; known: {known}", "unknown-game", field="game")
        return game

    def _options(self, game: Game, options: Any) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise ApiError(400, f"options must be an object, got {_short(options)}", "bad-option", field="options")
        out: dict[str, Any] = {}
        for name, value in options.items():
            try:
                option = game.option(name)
            except ValueError as exc:
                raise ApiError(400, str(exc), "bad-option", field=f"options.{name}") from None
            offered = self.offered.get((game.name, name), ())
            if _option_kind(option) == "text" and value not in (option.default, *offered):
                # A free-text option may name a file on this machine: visitors choose only what is offered.
                choices = f"the default or {', '.join(map(repr, offered))}" if offered else "only the default"
                msg = (
                    f"option {name!r} is free text (a file path, say): the server offers {choices}; got {_short(value)}"
                )
                raise ApiError(400, msg, "bad-option", field=f"options.{name}")
            value = tuple(value) if isinstance(value, list) else value
            try:
                option.check(value)
            except (ValueError, TypeError) as exc:
                raise ApiError(400, str(exc), "bad-option", field=f"options.{name}") from None
            out[name] = value
        return out

    def __repr__(self) -> str:
        return f"<Host {self.storage!r} games={list(self.games)}>"


# Documents ----------------------------------------------------------------------------------


def document(hosted: Hosted, seat: int | None) -> dict[str, Any]:
    """What `seat` (`None`: a spectator) is sent: built only from what that seat may know.

    The keys are those of the API contract (`docs/server.md`): `match`, `game`, `seat`,
    `seats`, `turn`, `step`, `view`, `board`, `legal`, `events`, `outcome`, `can_undo`.
    """
    match = hosted.match
    state = match.state
    player = state.current_player
    turn: int | str = "over" if player == TERMINAL else "chance" if player == CHANCE else player
    view_json = json.loads(state.view(seat).to_json()) if seat is not None else public_view(state)
    yours = seat is not None and player == seat and hosted.seats[seat] == HUMAN
    drawn = boards.board(match.game.name, view_json, seat)
    legal = _legal(state, drawn) if yours else []
    outcome = state.outcome
    return {
        "match": hosted.id,
        "game": match.game.name,
        "title": match.game.title,
        "seat": seat,
        "seats": hosted.seat_rows(),
        "turn": turn,
        "step": len(match.plies),
        "view": view_json,
        "board": drawn,
        "legal": legal,
        "events": _events(hosted, seat),
        "outcome": None
        if outcome is None
        else {"returns": [float(r) for r in outcome.returns], "summary": dict(outcome.summary())},
        "can_undo": seat is not None and undo_refusal(hosted, seat) is None and match.can_undo(seat),
    }


def undo_refusal(hosted: Hosted, seat: int) -> ApiError | None:
    """Why the server refuses `seat` any undo in this match, or `None` when the Match rules decide.

    Undo is for a match with one person (against agents): the
    [Match rules][tabletop.frontend.match.Match.undo] then stop it at any step that showed that
    person something new, which is worked out from what that person knows. At a table of
    several people they would also stop it at a step that showed *another* person something
    new, which depends on what that other person knew before (a card they had seen, their own
    hand): allowing or refusing undo would tell the asking seat about the other's secrets. So
    where another seat is a person (taken or still open), moves are final.
    """
    if hosted.seats[seat] != HUMAN:
        return ApiError(409, f"seat {seat} is played by {hosted.seats[seat]}: undo your own moves", "undo-refused")
    others = [s for s, kind in enumerate(hosted.seats) if kind == HUMAN and s != seat]
    if others:
        people = ", ".join(map(str, others))
        msg = f"moves are final at a table of people (seats {seat} and {people}): undo is for a match against agents"
        return ApiError(409, msg, "undo-refused")
    return None


def public_view(state: State) -> Any:
    """What no seat keeps secret: the parts of the view JSON that every seat sees alike.

    Where the seats' views differ (a hand one seat sees and the others see as placeholders),
    the value becomes `null`; lists and objects of the same shape are compared item by item.
    """
    return _common([json.loads(state.view(s).to_json()) for s in range(state.num_players)])


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values):
        return {k: _common([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values):
        return [_common([v[i] for v in values]) for i in range(len(first))]
    return None


def _events(hosted: Hosted, seat: int | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ply in hosted.match.plies:
        key = (id(ply), seat)
        cached = hosted.events.get(key)
        if cached is None or cached[0] is not ply:
            cached = (ply, _ply_events(hosted.match, ply, seat))
            hosted.events[key] = cached
        out.extend(cached[1])
    return out


def _ply_events(match: Match, ply: Ply, seat: int | None) -> list[dict[str, Any]]:
    """The events of one step that `seat` sees (a spectator: those every seat sees), as JSON."""
    if seat is not None:
        seen = list(ply.events_for(seat))
    else:
        per_seat = [{_event_key(e.to_dict()) for e in ply.events_for(s)} for s in range(match.num_players)]
        seen = [e for e in ply.events_for(0) if all(_event_key(e.to_dict()) in keys for keys in per_seat)]
    return [
        {
            "ply": ply.index,
            "seat": ply.player if ply.player >= 0 else None,
            "kind": event.kind,
            "text": event.text,
            "data": json.loads(json.dumps(dict(event.data), default=str)),
        }
        for event in seen
    ]


def _event_key(event: Mapping[str, Any]) -> str:
    return json.dumps({k: event[k] for k in ("kind", "text", "data")}, sort_keys=True, default=str)


def _legal(state: State, drawn: Mapping[str, Any]) -> list[dict[str, Any]]:
    bridge = _bridge(state)
    moves = state.legal_moves()
    targets = boards.targets(state.GAME.name, drawn, moves)
    out = []
    for move in moves:
        text = str(move)
        action: int | None = None
        if bridge is not None:
            try:
                action = int(bridge.action_of(state, move))
            except (TabletopError, ValueError, KeyError, IndexError):
                action = None
        target, group, label = targets.get(text, (None, text.split(" ", 1)[0], text))
        out.append({"move": text, "action": action, "label": label, "target": target, "group": group})
    return out


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
    bridge = _bridge(state)
    if bridge is None:
        raise ApiError(400, "action ids need tabletop.adapters, which this install lacks: send notation", "no-actions")
    try:
        move: Move = bridge.move_of(state, action)
    except IllegalMove as exc:
        raise ApiError(422, str(exc), exc.code or "illegal", rule=exc.rule) from None
    except (TabletopError, ValueError, KeyError, IndexError) as exc:
        raise ApiError(422, f"action {action}: {exc}", "illegal") from None
    return move


def _bridge(state: State) -> Any:
    """The action-id bridge of the state's game, or `None` without `tabletop.adapters`."""
    try:
        adapters = importlib.import_module("tabletop.adapters")
    except ImportError:
        return None
    try:
        return adapters.bridge_for(state)
    except (LookupError, ValueError, ImportError):
        return None


# Agents -------------------------------------------------------------------------------------


def _registry() -> Any:
    """The agent registry module: `tabletop.agents` when installed, else `tabletop.frontend.agents`."""
    try:
        return importlib.import_module("tabletop.agents")
    except ImportError:
        return importlib.import_module("tabletop.frontend.agents")


def agent_names() -> list[str]:
    """The names of the agents a seat may be given (`"agent:NAME"`)."""
    return list(_registry().AGENTS)


def _agent(kind: str) -> Any:
    return _registry().make_agent(kind[len(AGENT_PREFIX) :])


# Validation helpers -------------------------------------------------------------------------


def _option_refused(exc: Exception) -> ApiError:
    """A game's refusal of its options, naming the option when the message does (`option 'bots': ...`)."""
    text = str(exc)
    named = re.match(r"option '(\w+)'", text)
    return ApiError(400, text, "bad-option", field=f"options.{named[1]}" if named else "options")


def _seat_kinds(seats: Any, players: int, bots: frozenset[int] = frozenset()) -> tuple[str, ...]:
    """What plays each seat; a seat the game's rules play (`bots`) is `"bot deck"` whatever an agent
    was asked for it, and a person may not sit there."""
    if seats is None:
        first = min((s for s in range(players) if s not in bots), default=None)
        greedy = f"{AGENT_PREFIX}greedy"
        return tuple(BOT_DECK if s in bots else HUMAN if s == first else greedy for s in range(players))
    if not isinstance(seats, list) or len(seats) != players:
        msg = f'seats must list {players} seat(s), each "human" or "agent:NAME"; got {_short(seats)}'
        raise ApiError(400, msg, "bad-seats", field="seats")
    for i, kind in enumerate(seats):
        if i in bots and kind == HUMAN:
            msg = f'seat {i} is a bot of the game (its bot deck plays it): it takes no person; got "human"'
            raise ApiError(400, msg, "bad-seats", field=f"seats[{i}]")
        if kind == HUMAN or (i in bots and kind == BOT_DECK):
            continue
        if not isinstance(kind, str) or not kind.startswith(AGENT_PREFIX) or len(kind) > 200:
            msg = f'seat {i} must be "human" or "agent:NAME", got {_short(kind)}'
            raise ApiError(400, msg, "bad-seats", field=f"seats[{i}]")
        try:
            _agent(kind)
        except (ValueError, TypeError, LookupError) as exc:
            raise ApiError(400, f"seat {i}: {exc}", "bad-seats", field=f"seats[{i}]") from None
    return tuple(BOT_DECK if i in bots else kind for i, kind in enumerate(seats))


def _creator_seat(seat: Any, kinds: Sequence[str]) -> int | None:
    humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
    if seat is None:
        return humans[0] if humans else None
    n = _seat_number(seat, len(kinds))
    if kinds[n] != HUMAN:
        raise ApiError(400, f"seat {n} is an agent's ({kinds[n]}): sit in a human seat", "bad-seat", field="seat")
    return n


def _seat_number(seat: Any, seats: int) -> int:
    if isinstance(seat, str) and seat.isdigit():
        seat = int(seat)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ApiError(404, f"no seat {_short(seat)}: seats are 0 to {seats - 1}", "unknown-seat")
    return seat


def _expect_object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ApiError(400, f"expected a JSON object, got {_short(body)}", "bad-request")
    return body


def _only(data: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise ApiError(400, f"unknown field(s) {', '.join(map(repr, extra))}", "bad-request", field=extra[0])


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _revive(stored: StoredMatch, games: Mapping[str, Game]) -> Hosted:
    """A stored match, replayed from its record."""
    game = games.get(stored.game)
    if game is None:
        raise ApiError(404, f"match {stored.id!r} is of the game {stored.game!r}, not served here", "unknown-game")
    try:
        match = Match.load(stored.record, game=game)  # no agents yet: loading would run them
    except DecodeError as exc:
        raise ApiError(500, f"match {stored.id!r} cannot be replayed: {exc}", "bad-record") from None
    return Hosted(stored.id, match, stored.seats, stored.tokens, stored.revision, stored.created)


# Games and options in words -----------------------------------------------------------------


def _describe_game(game: Game, agents: list[str], offered: Mapping[tuple[str, str], Sequence[str]]) -> dict[str, Any]:
    low, _, high = game.players.partition("-")
    return {
        "name": game.name,
        "title": game.title,
        "summary": game.summary,
        "min_seats": int(low),
        "max_seats": int(high or low),
        "options": [_describe_option(o, offered.get((game.name, o.name), ())) for o in game.options],
        "agents": agents,
    }


def _option_kind(option: Option) -> str:
    if isinstance(option.default, bool):
        return "flag"
    if isinstance(option.default, tuple):
        return "subset"
    if option.choices:
        return "choice"
    if isinstance(option.default, int):
        return "integer"
    return "text"


def _describe_option(option: Option, offered: Sequence[str] = ()) -> dict[str, Any]:
    """An option in words; a free-text one with values the operator offers becomes a choice of them,
    and one taking more than the values it names (`Option.values_for`) is `"open"`: typed text."""
    kind = _option_kind(option)
    if kind == "text" and offered:
        kind = "choice"
    if option.values_for is not None:
        kind = "open"  # typed text: the choices named, and more (POST /api/games/{game}/seats lists them)
    out: dict[str, Any] = {
        "name": option.name,
        "label": option.name.replace("_", " ").capitalize(),
        "doc": option.doc,
        "kind": kind,
        "default": list(option.default) if isinstance(option.default, tuple) else option.default,
    }
    if kind in ("choice", "subset", "open"):
        out["choices"] = list(option.choices) if option.choices else [option.default, *offered]
    if kind == "integer":
        accepted = [n for n in range(1001) if _accepts(option, n)]
        if accepted:
            out["low"], out["high"] = accepted[0], accepted[-1]
    if kind == "text":
        out["settable"] = False
    return out


def _accepts(option: Option, value: Any) -> bool:
    try:
        option.check(value)
    except (ValueError, TypeError):
        return False
    return True
