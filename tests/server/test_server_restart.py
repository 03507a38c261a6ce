"""A real `tabletop serve` process on SQLite, killed mid-game and restarted: the match goes on."""

from __future__ import annotations

import json
import signal

import httpx
from server_helpers import bearer, first_legal, free_port, uvicorn_server
from websockets.sync.client import connect


def _document(ws):
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "document":
            return message["document"]
        assert message["type"] != "error", message


def test_a_killed_server_restarted_on_its_file_resumes_the_match(tmp_path):
    """Moves over a WebSocket, `kill -9`, a new process on the same file: same document, and play goes on."""
    db, port = tmp_path / "matches.sqlite3", free_port()
    with uvicorn_server(db, port) as (url, process):
        made = httpx.post(f"{url}/api/matches", json={"game": "conservas", "seats": ["human"], "seed": 8}).json()
        with connect(f"ws://127.0.0.1:{port}/ws/matches/{made['match']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            doc = _document(ws)
            for _ in range(3):
                ws.send(json.dumps({"type": "move", "move": first_legal(doc)}))
                doc = _document(ws)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    with uvicorn_server(db, port) as (url, _):
        again = httpx.get(f"{url}/api/matches/{made['match']}", headers=bearer(made["token"])).json()
        assert again == doc
        moved = httpx.post(
            f"{url}/api/matches/{made['match']}/moves", json={"move": first_legal(again)}, headers=bearer(made["token"])
        )
        assert moved.status_code == 200, moved.text
        assert moved.json()["step"] > doc["step"]
