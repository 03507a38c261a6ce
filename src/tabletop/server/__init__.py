"""`tabletop serve`: a multiplayer server with stored matches, a WebSocket per seat and a web client.

Install it with `pip install 'tabletop[server]'` (Starlette, uvicorn and psycopg) and run
`tabletop serve --port 8000`, or build the ASGI app yourself with
[create_app][tabletop.server.app.create_app]. The modules:

* `tabletop.server.app`: the Starlette app (HTTP API, WebSockets, static client files);
* `tabletop.server.hosting`: matches, seats and tokens, and each seat's document;
* `tabletop.server.storage`: SQLite (the default) and PostgreSQL storage;
* `tabletop.server.boards`: the `board` drawing data of each game, from a view.

The HTTP and WebSocket API is documented in `docs/server.md`.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "tabletop.sqlite3",
    *,
    boards: Sequence[str] = (),
    log_level: str = "info",
) -> None:
    """Run the server with uvicorn until interrupted.

    Args:
        host: The address to listen on.
        port: The port.
        db: An SQLite file path, or a `postgresql://` URL.
        boards: Archipel board files the lobby offers beside the reference archipelago.
        log_level: uvicorn's log level.

    Raises:
        ValueError: If a board file is not a valid board (naming the file and the field).
    """
    import uvicorn

    from tabletop.server.app import MAX_MESSAGE, create_app

    app = create_app(db, offered={"archipel.board": list(boards)})
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=4 * MAX_MESSAGE)
