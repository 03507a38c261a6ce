"""A bounded load test on the loopback address: 50 WebSocket clients over 10 matches, a real uvicorn."""

from __future__ import annotations

import asyncio
import json

import httpx
from server_helpers import uvicorn_server
from websockets.sync.client import connect

from tabletop.server.app import MAX_MESSAGE
from tabletop.server.load import run_load


def test_fifty_clients_over_ten_matches_play_with_no_error_and_no_lost_move(tmp_path):
    """Every client plays on its turn for a few seconds; no error, and the records hold every accepted move."""
    with uvicorn_server(tmp_path / "load.sqlite3") as (url, _):
        report = asyncio.run(run_load(url, matches=10, seats=5, seconds=4.0, seed=1))
        assert report.clients == 50
        assert report.errors == []
        assert report.moves > 0
        assert report.moves == report.recorded, str(report)


def test_a_real_server_survives_a_frame_too_large_and_garbage(tmp_path):
    """Over uvicorn: a frame beyond the socket limit closes that socket only; the server keeps serving."""
    with uvicorn_server(tmp_path / "bad.sqlite3") as (url, process):
        made = httpx.post(f"{url}/api/matches", json={"game": "conservas", "seats": ["human"]}).json()
        ws_url = url.replace("http://", "ws://") + f"/ws/matches/{made['match']}"
        with connect(ws_url, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            assert json.loads(ws.recv(timeout=30))["type"] == "document"
            ws.send("{" * (MAX_MESSAGE + 1))
            assert json.loads(ws.recv(timeout=30))["code"] == "too-large"
            ws.send("x" * (8 * MAX_MESSAGE))
            closed = False
            try:
                ws.recv(timeout=30)
            except Exception:
                closed = True
            assert closed
        answer = httpx.post(f"{url}/api/matches", content=b"\xff\xfe", headers={"Content-Type": "application/json"})
        assert answer.status_code == 400
        assert "Traceback" not in answer.text
        assert httpx.get(f"{url}/api/matches/{made['match']}").status_code == 200
        assert process.poll() is None
