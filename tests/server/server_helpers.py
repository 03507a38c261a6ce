"""Helpers for the server tests: an app on a fresh database, matches, a real uvicorn process."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient

from tabletop.server.app import create_app


def client(db: str | Path = ":memory:") -> TestClient:
    """A TestClient on a new app (use it in a `with` block: the app starts and stops)."""
    return TestClient(create_app(str(db)))


def new_match(http: Any, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a match; return the answer (`match`, `seat`, `token`)."""
    answer = http.post("/api/matches", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def bearer(token: str) -> dict[str, str]:
    """The Authorization header of a token."""
    return {"Authorization": f"Bearer {token}"}


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type `kind` on a TestClient socket (documents before it are skipped)."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] == kind:
            return message
        assert message["type"] == "document", message


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def uvicorn_server(
    db: str | Path, port: int | None = None, extra: Sequence[str] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`tabletop serve` in a real process on 127.0.0.1 (`extra`: more arguments); yields its URL and the process."""
    port = port or free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--db", str(db), *extra]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process)
        yield url, process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stderr is not None:
            process.stderr.close()


def wait_until_up(url: str, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """Wait for the server to answer `GET /api/games`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode() if process.stderr else ""
            raise AssertionError(f"the server exited with {process.returncode}: {err[-2000:]}")
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"the server at {url} did not start in {timeout} s")


def postgres_url() -> str:
    """The test database URL (`TABLETOP_TEST_POSTGRES_URL`); skips without one unless CI requires it."""
    import pytest

    url = os.environ.get("TABLETOP_TEST_POSTGRES_URL", "")
    if not url:
        if os.environ.get("TABLETOP_REQUIRE_POSTGRES") == "1":
            pytest.fail("TABLETOP_REQUIRE_POSTGRES=1 but TABLETOP_TEST_POSTGRES_URL is not set")
        pytest.skip("set TABLETOP_TEST_POSTGRES_URL to test PostgreSQL storage")
    return url


def first_legal(doc: dict[str, Any]) -> str:
    """The notation of the document's first legal move."""
    assert doc["legal"], f"no legal move for seat {doc['seat']} at step {doc['step']} (turn {doc['turn']})"
    return str(doc["legal"][0]["move"])


def custom_board(folder: Path) -> Path:
    """An Archipel board file of one's own: the reference archipelago renamed ("Mine", Jade Island becomes
    Home Island with the id `home`) and stretched (every area 1.3 times as far down)."""
    import re

    import tabletop.archipel

    source = (Path(tabletop.archipel.__file__).parent / "data" / "board.toml").read_text(encoding="utf-8")
    text = source.replace("reference = true", "reference = false").replace('id = "jade"', 'id = "home"')
    text = text.replace('name = "Jade Island"', 'name = "Home Island"')
    text = text.replace('name = "Reference archipelago (not the printed board)"', 'name = "Mine"')
    text = re.sub(r"(?m)^y = (\d+)$", lambda m: f"y = {round(int(m.group(1)) * 1.3)}", text)
    path = folder / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path
