"""The ASGI app: the HTTP API, a WebSocket per seat, and the client's static files.

[create_app][tabletop.server.app.create_app] builds a Starlette app around a
[Host][tabletop.server.hosting.Host]; `tabletop serve` runs it with uvicorn. The API is
described in `docs/server.md`. Every refusal is a JSON answer `{"error", "code", ...}` (or a
WebSocket message `{"type": "error", ...}`) and changes nothing; an unexpected failure is
logged on the server and reaches the client only as `{"error": "internal error"}`.

```python
from starlette.testclient import TestClient
from tabletop.server.app import create_app

with TestClient(create_app(":memory:")) as client:
    made = client.post("/api/matches", json={"game": "conservas", "seats": ["human"]}).json()
    with client.websocket_connect(f"/ws/matches/{made['match']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        assert ws.receive_json()["document"]["seat"] == 0
```
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketState

from tabletop.kernel.errors import DecodeError
from tabletop.kernel.serialize import refuse_twice
from tabletop.server.hosting import Host
from tabletop.server.refusals import ApiError, only_fields
from tabletop.server.storage import Storage, open_storage

__all__ = ["MAX_MESSAGE", "Hub", "create_app"]

log = logging.getLogger("tabletop.server")

MAX_MESSAGE: Final = 64 * 1024
"""The largest request body or WebSocket message accepted, in bytes."""
HELLO_TIMEOUT: Final = 30.0
"""How long a new socket may take to say hello, in seconds."""
#: With SQLite, how often sockets' matches are checked for changes made by another process, in
#: seconds (PostgreSQL announces each change instead: LISTEN/NOTIFY, no polling).
POLL_INTERVAL: Final = 1.0
STATIC: Final = Path(__file__).with_name("static")


class Hub:
    """The open sockets of each match, and pushing every seat its own document.

    Args:
        host: The matches.
    """

    def __init__(self, host: Host) -> None:
        self.host = host
        self._sockets: dict[str, dict[WebSocket, int | None]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._seen: dict[str, int] = {}
        self._agents: dict[str, asyncio.Task[None]] = {}
        self._pushed: set[str] = set()  # matches whose `_seen` revision was pushed (not only greeted)

    def add(self, match_id: str, socket: WebSocket, seat: int | None) -> None:
        """Let `socket` receive the documents of `seat` (`None`: spectator)."""
        self._sockets.setdefault(match_id, {})[socket] = seat
        self._locks.setdefault(match_id, asyncio.Lock())

    def remove(self, match_id: str, socket: WebSocket) -> None:
        """Stop sending to `socket`."""
        sockets = self._sockets.get(match_id, {})
        sockets.pop(socket, None)
        if not sockets:
            self._sockets.pop(match_id, None)
            self._locks.pop(match_id, None)
            self._seen.pop(match_id, None)
            self._pushed.discard(match_id)

    def matches(self) -> list[str]:
        """The matches with an open socket."""
        return list(self._sockets)

    async def push(self, match_id: str) -> None:
        """Send every socket of the match its seat's current document (one at a time per match)."""
        lock = self._locks.get(match_id)
        if lock is None:
            return
        async with lock:
            sockets = list(self._sockets.get(match_id, {}).items())
            try:
                revision, documents = await run_in_threadpool(self.host.snapshot, match_id, [s for _, s in sockets])
            except ApiError:
                return
            if self._seen.get(match_id) == revision and match_id in self._pushed:
                return  # already pushed (a change announced by the database after we pushed it)
            self._seen[match_id] = revision
            self._pushed.add(match_id)
            texts = {seat: json.dumps({"type": "document", "document": doc}) for seat, doc in documents.items()}
            for socket, seat in sockets:
                await _send(socket, texts[seat])

    def run_agents(self, match_id: str) -> None:
        """Let the match's agents move, one move at a time, each pushed on its own.

        Started after every change and greeting; does nothing while the match's agents are
        already running. A slow agent thus never holds back the document of the move before
        it, and each agent's move reaches the sockets as soon as it is played.
        """
        running = self._agents.get(match_id)
        if running is None or running.done():
            self._agents[match_id] = asyncio.create_task(self._play_agents(match_id))

    async def _play_agents(self, match_id: str) -> None:
        try:
            while await run_in_threadpool(self.host.agent_step, match_id):
                await self.push(match_id)
        except ApiError as exc:
            log.error("%s", exc)
            await self.tell(match_id, json.dumps({"type": "error", **exc.to_json()}))
        except Exception:
            log.exception("agents of match %s", match_id)
            await self.tell(match_id, json.dumps({"type": "error", "error": "internal error", "code": "internal"}))
        finally:
            if self._agents.get(match_id) is asyncio.current_task():
                del self._agents[match_id]

    async def tell(self, match_id: str, text: str) -> None:
        """Send every socket of the match the same message (one that holds nothing secret)."""
        for socket in list(self._sockets.get(match_id, {})):
            await _send(socket, text)

    def stop(self) -> None:
        """Cancel the agents' tasks (the server is stopping; a move being thought out is dropped)."""
        for task in self._agents.values():
            task.cancel()

    async def greet(self, match_id: str, socket: WebSocket, seat: int | None) -> None:
        """Send a socket just let in its seat's current document (the others have theirs)."""
        lock = self._locks.get(match_id)
        if lock is None:
            return
        async with lock:
            revision, documents = await run_in_threadpool(self.host.snapshot, match_id, [seat])
            self._seen.setdefault(match_id, revision)  # what the poller compares with, if nothing pushed yet
            await _send(socket, json.dumps({"type": "document", "document": documents[seat]}))

    async def changed(self, match_id: str, revision: int) -> None:
        """A change stored by any process (announced by the database): push it if it is new here."""
        if match_id in self._sockets and revision != self._seen.get(match_id):
            await self.push(match_id)

    async def poll(self) -> None:
        """Push the matches that changed in storage (another process moved) since last pushed."""
        for match_id in self.matches():
            try:
                revision = await run_in_threadpool(self.host.storage.revision, match_id)
            except Exception:  # the database is away for a moment: try again next time
                log.exception("polling match %s", match_id)
                continue
            if revision is not None and revision != self._seen.get(match_id, revision):
                await self.push(match_id)


def create_app(
    storage: Storage | str | Path = "tabletop.sqlite3",
    *,
    host: Host | None = None,
    offered: dict[str, list[str]] | None = None,
) -> Starlette:
    """The server's ASGI app.

    Args:
        storage: A [Storage][tabletop.server.storage.Storage], an SQLite file path, or a
            `postgresql://` URL.
        host: The host to serve (made on `storage` when not given).
        offered: Values offered for free-text options, as for
            [Host][tabletop.server.hosting.Host] (`{"archipel.board": [path, ...]}`).
    """
    if host is None:
        host = Host(storage if not isinstance(storage, str | Path) else open_storage(storage), offered=offered)
    hub = Hub(host)
    api = _Api(host, hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        changes = getattr(host.storage, "changes", None)
        task = asyncio.create_task(_follow(hub, changes()) if callable(changes) else _poll_forever(hub))
        try:
            yield
        finally:
            task.cancel()
            hub.stop()

    routes = [
        Route("/", api.page),
        Route("/api/games", api.games),
        Route("/api/games/{game}/seats", api.seat_layout, methods=["POST"]),
        Route("/api/matches", api.matches, methods=["GET", "POST"]),
        Route("/api/matches/{match}", api.match),
        Route("/api/matches/{match}/record", api.record),
        Route("/api/matches/{match}/seats/{seat}", api.join, methods=["POST"]),
        Route("/api/matches/{match}/moves", api.move, methods=["POST"]),
        Route("/api/matches/{match}/undo", api.undo, methods=["POST"]),
        WebSocketRoute("/ws/matches/{match}", api.socket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: _not_found, 405: _bad_method})
    app.state.host = host
    app.state.hub = hub
    return app


class _Api:
    """The request handlers."""

    def __init__(self, host: Host, hub: Hub) -> None:
        self.host = host
        self.hub = hub

    async def page(self, request: Request) -> Response:
        index = STATIC / "index.html"
        if not index.is_file():
            return _error(ApiError(404, "the web client is not installed (src/tabletop/server/static)", "no-client"))
        return FileResponse(index, headers={"Cache-Control": "no-store"})

    async def games(self, request: Request) -> Response:
        return await _answer(lambda: self.host.describe_games())

    async def seat_layout(self, request: Request) -> Response:
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        return await _answer(lambda: self.host.seat_layout(request.path_params["game"], body, client=_client(request)))

    async def matches(self, request: Request) -> Response:
        if request.method == "GET":
            return await _answer(self.host.lobby)
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        made: dict[str, Any] = {}

        def create() -> dict[str, Any]:
            made.update(self.host.create(body, client=_client(request)))
            return made

        answer = await _answer(create, status=201)
        if "match" in made:
            self.hub.run_agents(made["match"])  # agents in the first seats move now, one push each
        return answer

    async def match(self, request: Request) -> Response:
        token = _bearer(request)
        if isinstance(token, Response):
            return token
        answer = await _answer(lambda: self.host.read(request.path_params["match"], token))
        if answer.status_code == 200:
            self.hub.run_agents(request.path_params["match"])  # a match resumed at an agent's turn goes on
        return answer

    async def record(self, request: Request) -> Response:
        token = _bearer(request)
        if isinstance(token, Response):
            return token
        return await _answer(lambda: self.host.record(request.path_params["match"], token))

    async def join(self, request: Request) -> Response:
        match_id, seat = request.path_params["match"], request.path_params["seat"]
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        answer = await _answer(lambda: self.host.join(match_id, seat, client=_client(request), body=body))
        await self.hub.push(match_id)  # the seat shows as taken to everyone
        return answer

    async def move(self, request: Request) -> Response:
        return await self._change(request, self.host.play)

    async def undo(self, request: Request) -> Response:
        return await self._change(request, lambda match_id, token, body: self.host.undo(match_id, token, body=body))

    async def _change(self, request: Request, change: Callable[[str, str | None, Any], dict[str, Any]]) -> Response:
        token = _bearer(request)
        if isinstance(token, Response):
            return token
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        match_id = request.path_params["match"]
        answer = await _answer(lambda: change(match_id, token, body))
        if answer.status_code == 200:
            await self.hub.push(match_id)
            self.hub.run_agents(match_id)
        return answer

    async def socket(self, socket: WebSocket) -> None:
        """`/ws/matches/{id}`: hello, then documents after every change, moves and undo in."""
        await socket.accept()
        match_id = socket.path_params["match"]
        try:
            seat = await self._hello(socket, match_id)
        except _Closed:
            return
        self.hub.add(match_id, socket, seat)
        try:
            await self.hub.greet(match_id, socket, seat)
            self.hub.run_agents(match_id)  # a match resumed at an agent's turn goes on
            await self._serve(socket, match_id, seat)
        except _Closed:
            pass
        finally:
            self.hub.remove(match_id, socket)

    async def _hello(self, socket: WebSocket, match_id: str) -> int | None:
        try:
            message = await asyncio.wait_for(_receive(socket), HELLO_TIMEOUT)
        except TimeoutError:
            await _refuse(socket, ApiError(408, 'say hello first: {"type": "hello", "token": ...}', "no-hello"))
            raise _Closed from None
        try:
            if isinstance(message, ApiError):  # not JSON, too large, a key twice: said as it is
                raise message
            if not isinstance(message, dict) or message.get("type") != "hello":
                raise ApiError(400, 'the first message must be {"type": "hello", "token": ...}', "no-hello")
            extra = sorted(set(message) - {"type", "token"})
            if extra:
                msg = f"unknown field(s) {', '.join(map(repr, extra))}: hello takes its token only"
                raise ApiError(400, msg, "bad-request", field=extra[0])
            token = message.get("token")
            if token is not None and not isinstance(token, str):
                raise ApiError(400, "the token must be text", "bad-request", field="token")
            return await run_in_threadpool(self.host.seat_for, match_id, token)
        except ApiError as exc:
            await _refuse(socket, exc)
            raise _Closed from None

    async def _serve(self, socket: WebSocket, match_id: str, seat: int | None) -> None:
        while True:
            message = await _receive(socket)
            try:
                await self._handle(socket, match_id, seat, message)
            except ApiError as exc:
                await _send(socket, json.dumps({"type": "error", **exc.to_json()}))

    async def _handle(self, socket: WebSocket, match_id: str, seat: int | None, message: Any) -> None:
        if isinstance(message, ApiError):
            raise message
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            only_fields(message, {"type"})
            await _send(socket, '{"type": "pong"}')
            return
        if kind not in ("move", "undo"):
            raise ApiError(400, f'unknown message type {kind!r}: "move", "undo" or "ping"', "bad-request", field="type")
        if seat is None:
            raise ApiError(403, "a spectator cannot move: join a seat", "spectator")
        body = {k: v for k, v in message.items() if k != "type"}
        if kind == "move":
            await run_in_threadpool(self.host.play, match_id, None, body, seat)
        else:
            await run_in_threadpool(self.host.undo, match_id, None, seat, message)
        await self.hub.push(match_id)
        self.hub.run_agents(match_id)


class _Closed(Exception):
    """The socket is gone (or was refused and closed)."""


async def _follow(hub: Hub, changes: AsyncIterator[tuple[str, int] | None]) -> None:
    """Push the changes the database announces; check every match when it starts listening."""
    async for change in changes:
        try:
            if change is None:
                await hub.poll()
            else:
                await hub.changed(*change)
        except Exception:
            log.exception("pushing a change announced by the database")


async def _poll_forever(hub: Hub) -> None:
    while True:
        await asyncio.sleep(POLL_INTERVAL)
        try:
            await hub.poll()
        except Exception:
            log.exception("polling for changes")


async def _receive(socket: WebSocket) -> Any:
    """The next message as JSON, or an `ApiError` for a malformed one; `_Closed` when gone."""
    try:
        message = await socket.receive()
    except RuntimeError:
        raise _Closed from None
    if message["type"] == "websocket.disconnect":
        raise _Closed
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE:
            return ApiError(413, f"the message is {len(data)} bytes; at most {MAX_MESSAGE}", "too-large")
        return ApiError(400, "send JSON text, not binary frames", "bad-request")
    if len(text) > MAX_MESSAGE:
        return ApiError(413, f"the message is {len(text)} characters; at most {MAX_MESSAGE}", "too-large")
    return _parsed(text)


def _parsed(text: str | bytes) -> Any:
    """The JSON value of a message or body, or the `ApiError` (400 `malformed-json`) to answer:
    not JSON, nested deeper than the parser's stack, or an object giving a key twice (which the
    parser would read as its last value, silently), named by its path in `field`."""
    try:
        data = json.loads(text)
        refuse_twice(text)  # small texts (at most MAX_MESSAGE): read again, member by member
    except RecursionError:  # nested deeper than the parser's stack (a hostile body, say)
        return ApiError(400, "malformed JSON: nested too deeply", "malformed-json")
    except DecodeError as exc:
        return ApiError(400, f"malformed JSON: {exc}", "malformed-json", field=exc.path)
    except ValueError as exc:
        return ApiError(400, f"malformed JSON: {exc}", "malformed-json")
    return data


async def _send(socket: WebSocket, text: str) -> None:
    if socket.application_state != WebSocketState.CONNECTED:
        return
    try:
        await socket.send_text(text)
    except Exception:  # gone meanwhile: its handler will see the disconnect
        log.debug("send to a closed socket", exc_info=True)


async def _refuse(socket: WebSocket, error: ApiError) -> None:
    await _send(socket, json.dumps({"type": "error", **error.to_json()}))
    with contextlib.suppress(Exception):
        await socket.close(code=4000 + error.status)


async def _answer(work: Callable[[], Any], status: int = 200) -> Response:
    try:
        return JSONResponse(await run_in_threadpool(work), status_code=status, headers={"Cache-Control": "no-store"})
    except ApiError as exc:
        if exc.status >= 500:
            log.error("%s", exc)
        return _error(exc)
    except Exception:
        log.exception("internal error")
        return _error(ApiError(500, "internal error", "internal"))


def _error(error: ApiError) -> Response:
    return JSONResponse(error.to_json(), status_code=error.status, headers={"Cache-Control": "no-store"})


async def _json_body(request: Request) -> Any:
    """The request's JSON body, or the error `Response` (413, 400) to answer instead."""
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > MAX_MESSAGE):
        return _error(ApiError(413, f"the body is larger than {MAX_MESSAGE} bytes", "too-large"))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_MESSAGE:
            return _error(ApiError(413, f"the body is larger than {MAX_MESSAGE} bytes", "too-large"))
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    data = _parsed(raw)
    return _error(data) if isinstance(data, ApiError) else data


def _bearer(request: Request) -> str | Response | None:
    """The Bearer token, `None` without one, or a 400 `Response` for another scheme."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return _error(ApiError(400, "the Authorization header must be 'Bearer TOKEN'", "bad-token"))
    return token.strip()


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(ApiError(404, f"nothing at {request.url.path}", "not-found"))


async def _bad_method(request: Request, exc: Exception) -> Response:
    return _error(ApiError(405, f"{request.method} is not used at {request.url.path}", "bad-method"))
