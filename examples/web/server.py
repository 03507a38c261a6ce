"""A small web server hosting tabletop matches, with a single page that plays any game.

Run it and open the address it prints::

    python examples/web/server.py --port 8000

It uses only the standard library (``http.server`` and ``json``): the example stays one file
with no dependency to install, and every line of the protocol is visible: it is the "your own
frontend in 100 lines" tutorial. The real server, with stored matches, a WebSocket per seat and
the graphical client, is ``tabletop serve`` (``pip install 'tabletop[server]'``; docs/server.md).

API (JSON in, JSON out; a seat proves who it is with ``Authorization: Bearer TOKEN``):

* ``GET  /api/games``: the games and the options a visitor may set (those with a fixed list
  of choices: free-text options, such as a file path, keep their defaults).
* ``POST /api/matches`` ``{"game", "options", "seed", "seats"}``: a new match; the answer
  holds one secret token per human seat.
* ``GET  /api/matches/ID``: the seat's document: its view, its legal moves (on its turn),
  the events it may see, the outcome once over.
* ``POST /api/matches/ID/moves`` ``{"move": "notation"}``: play; bots then move at once.
* ``POST /api/matches/ID/undo``: take back the seat's last move, if nothing new was seen.
* ``GET  /api/matches/ID/record``: the seat's own copy of the game record.

Every refusal is a 4xx answer ``{"error": ..., "code": ...}`` and changes nothing, with
``"field"`` naming the field of the request that was wrong (``"game"``, ``"seed"``,
``"options.NAME"``, ``"seats[N]"``, ``"move"``), as the real server's do: 400 for
malformed JSON or notation, 401/403 for a missing or wrong token, 404 for an unknown match,
405 for a method other than GET and POST, 409 when it is not the seat's turn (or undo is
refused), 422 for an illegal move (with the rule broken).
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import tabletop
from tabletop.agents import AGENTS
from tabletop.frontend import Match, UndoError
from tabletop.frontend.render import automatic_seats
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.seeds import SeedError
from tabletop.kernel.serialize import refuse_twice
from tabletop.testing.drill import GAME as DRILL

PAGE = Path(__file__).with_name("index.html")
MAX_BODY = 64 * 1024
SEAT_KINDS = ("human", *AGENTS)
LONGEST_ERROR = 500  # a sentence quoting a huge value sent is cut, as the real server cuts it


class ApiError(Exception):
    """A refusal: an HTTP status, a sentence, a stable code and extra fields (``field``, ``rule``)."""

    def __init__(self, status: HTTPStatus, message: str, code: str, **extra: Any) -> None:
        if len(message) > LONGEST_ERROR:
            message = f"{message[: LONGEST_ERROR - 80]} [...] {message[-60:]}"
        super().__init__(message)
        self.status = status
        self.code = code
        self.extra = extra


class Hosted:
    """A match, the token of each human seat, and a lock (requests run in threads)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.tokens = {secrets.token_urlsafe(16): s for s in range(match.num_players) if match.is_human(s)}
        self.lock = threading.Lock()

    def seat_of(self, token: str | None) -> int:
        if not token:
            raise ApiError(HTTPStatus.UNAUTHORIZED, "send your seat's token: Authorization: Bearer TOKEN", "no-token")
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known, token):
                return seat
        raise ApiError(HTTPStatus.FORBIDDEN, "this token belongs to no seat of this match", "wrong-token")


class Lobby:
    """Every hosted match, by id, and the games that may be played."""

    def __init__(self) -> None:
        self.games = {name: tabletop.get_game(name) for name in tabletop.available_games()}
        self.games.setdefault(DRILL.name, DRILL)
        self.matches: dict[str, Hosted] = {}
        self.lock = threading.Lock()

    def describe_games(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "title": game.title,
                "players": game.players,
                "summary": game.summary,
                "options": [
                    {
                        "name": o.name,
                        "default": _jsonable(o.default),
                        "choices": _jsonable(o.choices),
                        "open": o.values_for is not None,  # takes more than its choices (a seating pattern)
                        "doc": o.doc,
                    }
                    for o in game.options
                    if o.choices
                ],
            }
            for name, game in self.games.items()
        ]

    def create(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise ApiError(HTTPStatus.BAD_REQUEST, "expected a JSON object", "bad-request")
        unknown = sorted(set(body) - {"game", "options", "seed", "seats"})
        if unknown:
            msg = f"unknown field(s) {', '.join(map(repr, unknown))}"
            raise ApiError(HTTPStatus.BAD_REQUEST, msg, "bad-request", field=unknown[0])
        name = body.get("game")
        game = self.games.get(name) if isinstance(name, str) else None
        if game is None:
            msg = f"no game {body.get('game')!r}; known: {', '.join(self.games)}"
            raise ApiError(HTTPStatus.BAD_REQUEST, msg, "unknown-game", field="game")
        options, seed, seats = body.get("options", {}), body.get("seed"), body.get("seats")
        if not isinstance(options, dict):
            msg = f"options must be an object, got {options!r}"
            raise ApiError(HTTPStatus.BAD_REQUEST, msg, "bad-request", field="options")
        for name in options:
            try:
                free = not game.option(name).choices
            except ValueError as exc:
                raise ApiError(HTTPStatus.BAD_REQUEST, str(exc), "bad-option", field=f"options.{name}") from None
            if free:
                # A free-text option may be a file path on this machine: visitors cannot set it.
                msg = f"option {name!r} is free text (a file path, say) and cannot be set from the web"
                raise ApiError(HTTPStatus.BAD_REQUEST, msg, "bad-option", field=f"options.{name}")
        try:
            match = Match(game, seed=seed, options=options, auto_chance=True)
        except SeedError as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, str(exc), "bad-seed", field="seed") from None
        except (ValueError, TypeError) as exc:  # the game's message starts "option 'NAME'" when it names one
            named = next((n for n in options if str(exc).startswith(f"option {n!r}")), None)
            field = "options" if named is None else f"options.{named}"
            raise ApiError(HTTPStatus.BAD_REQUEST, str(exc), "bad-option", field=field) from None
        bots = automatic_seats(match.start)  # seats the game's rules play (Spółka ZOO's bots, wherever seated)
        people = [s for s in range(match.num_players) if s not in bots]
        default = ["human" if s == people[0] else "greedy" for s in range(match.num_players)]
        kinds = seats if seats is not None else default
        if not isinstance(kinds, list) or len(kinds) != match.num_players:
            msg = f"seats must list {match.num_players} of {', '.join(SEAT_KINDS)}, got {kinds!r}"
            raise ApiError(HTTPStatus.BAD_REQUEST, msg, "bad-seats", field="seats")
        for seat, kind in enumerate(kinds):
            if not isinstance(kind, str) or kind not in SEAT_KINDS:
                msg = f"seat {seat} must be one of {', '.join(SEAT_KINDS)}, got {kind!r}"
                raise ApiError(HTTPStatus.BAD_REQUEST, msg, "bad-seats", field=f"seats[{seat}]")
            if seat in bots:
                if kind == "human":
                    msg = f"seat {seat} is a bot of the game (its bot deck plays it): it takes no person"
                    raise ApiError(HTTPStatus.BAD_REQUEST, msg, "bad-seats", field=f"seats[{seat}]")
                continue
            match.set_agent(seat, None if kind == "human" else kind)
        match.advance()
        hosted = Hosted(match)
        with self.lock:
            match_id = secrets.token_hex(6)
            self.matches[match_id] = hosted
        tokens = {str(seat): token for token, seat in hosted.tokens.items()}
        return {"match": match_id, "game": game.name, "seats": kinds, "tokens": tokens}

    def hosted(self, match_id: str) -> Hosted:
        hosted = self.matches.get(match_id)
        if hosted is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no match {match_id!r}", "unknown-match")
        return hosted


class Handler(BaseHTTPRequestHandler):
    """Routes requests to the lobby; every answer is JSON except the page itself."""

    server: TabletopServer
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def _refuse_method(self) -> None:
        self._answer(self._not_allowed)

    do_PUT = do_PATCH = do_DELETE = _refuse_method

    def _not_allowed(self, parts: list[str]) -> tuple[HTTPStatus, Any]:
        raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not used: GET or POST", "bad-method")

    def _get(self, parts: list[str]) -> tuple[HTTPStatus, Any]:
        lobby = self.server.lobby
        if parts == []:
            return HTTPStatus.OK, PAGE
        if parts == ["api", "games"]:
            return HTTPStatus.OK, lobby.describe_games()
        if len(parts) in (3, 4) and parts[:2] == ["api", "matches"]:
            hosted = lobby.hosted(parts[2])
            with hosted.lock:
                seat = hosted.seat_of(self._token())
                if len(parts) == 3:
                    return HTTPStatus.OK, hosted.match.seat_json(seat)
                if parts[3] == "record":
                    return HTTPStatus.OK, json.loads(hosted.match.save(seat=seat))
        raise ApiError(HTTPStatus.NOT_FOUND, f"nothing at {self.path}", "not-found")

    def _post(self, parts: list[str]) -> tuple[HTTPStatus, Any]:
        lobby = self.server.lobby
        body = self._body()
        if parts == ["api", "matches"]:
            return HTTPStatus.CREATED, lobby.create(body)
        if len(parts) == 4 and parts[:2] == ["api", "matches"] and parts[3] in ("moves", "undo"):
            hosted = lobby.hosted(parts[2])
            with hosted.lock:
                seat = hosted.seat_of(self._token())
                if parts[3] == "moves":
                    _play(hosted.match, seat, body)
                else:
                    _undo(hosted.match, seat)
                return HTTPStatus.OK, hosted.match.seat_json(seat)
        raise ApiError(HTTPStatus.NOT_FOUND, f"nothing at {self.path}", "not-found")

    def _answer(self, route: Any) -> None:
        parts = [p for p in self.path.split("?", 1)[0].split("/") if p]
        try:
            status, payload = route(parts)
        except ApiError as exc:
            status, payload = exc.status, {"error": str(exc), "code": exc.code, **exc.extra}
        except Exception as exc:  # a bug must still answer, and must not leak a traceback
            self.log_error("internal error: %r", exc)
            status, payload = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "internal error", "code": "internal"}
        if isinstance(payload, Path):
            self._send(status, payload.read_bytes(), "text/html; charset=utf-8")
        else:
            self._send(status, json.dumps(payload).encode(), "application/json")

    def _body(self) -> Any:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0:
            raise ApiError(HTTPStatus.BAD_REQUEST, "Content-Length must be a number of bytes", "bad-request")
        if length > MAX_BODY:
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the request is too large", "too-large")
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw or b"{}")
            refuse_twice(raw or b"{}")  # `{"move": A, "move": B}` is not read as B, silently
        except DecodeError as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"malformed JSON: {exc}", "malformed-json", field=exc.path) from None
        except (ValueError, RecursionError) as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"malformed JSON: {exc}", "malformed-json") from None
        return body

    def _token(self) -> str | None:
        header = self.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        return token.strip() if scheme.lower() == "bearer" else None

    def _send(self, status: HTTPStatus, data: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def _play(match: Match, seat: int, body: Any) -> None:
    if not isinstance(body, dict) or not isinstance(body.get("move"), str):
        raise ApiError(HTTPStatus.BAD_REQUEST, 'expected {"move": "notation"}', "bad-request", field="move")
    try:
        match.play(body["move"], seat=seat)
    except tabletop.NotationError as exc:
        raise ApiError(HTTPStatus.BAD_REQUEST, str(exc), "notation", field="move") from None
    except tabletop.IllegalMove as exc:
        status = HTTPStatus.CONFLICT if exc.code in ("not-your-turn", "game-over") else HTTPStatus.UNPROCESSABLE_ENTITY
        raise ApiError(status, str(exc), exc.code, rule=exc.rule) from None


def _undo(match: Match, seat: int) -> None:
    try:
        match.undo(seat)
    except UndoError as exc:
        raise ApiError(HTTPStatus.CONFLICT, str(exc), "undo-refused") from None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


class TabletopServer(ThreadingHTTPServer):
    """The HTTP server, holding the lobby."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], *, verbose: bool = False) -> None:
        super().__init__(address, Handler)
        self.lobby = Lobby()
        self.verbose = verbose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    server = TabletopServer((args.host, args.port), verbose=True)
    print(f"serving on http://{args.host}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
