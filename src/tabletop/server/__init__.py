"""`tabletop serve`: a multiplayer server with stored matches, a WebSocket per seat and a web client.

Install it with `pip install 'tabletop[server]'` (Starlette, uvicorn and psycopg) and run
`tabletop serve --port 8000`, or build the ASGI app yourself with
[create_app][tabletop.server.app.create_app]. The modules:

* `tabletop.server.app`: the Starlette app (HTTP API, WebSockets, static client files);
* `tabletop.server.hosting`: the matches of a server and the API's operations on them;
* `tabletop.server.hosted`: one hosted match, its seats, their token digests and agents;
* `tabletop.server.documents`: what each seat (or a spectator) is sent, and who may undo;
* `tabletop.server.options`: games and options in words, and the check of options sent;
* `tabletop.server.refusals`: the API's refusals, rate limits and request checks;
* `tabletop.server.storage`: SQLite (the default) and PostgreSQL storage;
* `tabletop.server.boards`: the `board` drawing data of each game, from a view.

The HTTP and WebSocket API is documented in `docs/server.md`.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.server.storage import Storage

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: Storage | str = "tabletop.sqlite3",
    *,
    boards: Sequence[str] = (),
    log_level: str = "info",
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Run the server with uvicorn until interrupted.

    Args:
        host: The address to listen on.
        port: The port.
        db: An SQLite file path, a `postgresql://` URL, or a storage already open.
        boards: Archipel board files the lobby offers beside the reference archipelago.
        log_level: uvicorn's log level.
        on_ready: Called once the database is open and the boards are read, before listening
            (the command line prints where it serves then).

    Raises:
        ValueError: If a board file is not a valid board (naming the file and the field),
            `port` is not a port (0 to 65535), or this machine cannot listen on `host` and
            `port` (an unknown name, an address not its own, a port in use).
        StorageError: If the database cannot be opened.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        msg = f"port must be 0 to 65535, got {port!r}"
        raise ValueError(msg)
    _check_listen(host, port)
    import uvicorn

    from tabletop.server.app import MAX_MESSAGE, create_app

    app = create_app(db, offered={"archipel.board": list(boards)})
    if on_ready is not None:
        on_ready()
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=4 * MAX_MESSAGE)


def _check_listen(host: str, port: int) -> None:
    """Bind `host`:`port` once and let go, so that a bad address is refused before serving starts.

    Raises:
        ValueError: Naming the host, the port and why (uvicorn would log it and exit after the
            command line had said where it serves).
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        msg = f"cannot listen on host {host!r}, port {port}: {exc.strerror or exc}"
        raise ValueError(msg) from None
