"""Moves by action id, pushes across server processes, and internal errors kept from clients."""

from __future__ import annotations

import time

import pytest
from server_helpers import bearer, client, first_legal, new_match, postgres_url
from starlette.testclient import TestClient

from tabletop.server.app import create_app


@pytest.fixture(params=["sqlite", "postgres"])
def where(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "shared.sqlite3")
    return postgres_url()


def test_a_move_by_action_id_plays_that_move():
    """`{"action": id}` plays the move the document lists with that id; an id not legal is a 422."""
    pytest.importorskip("tabletop.adapters", reason="action ids come with tabletop.adapters")
    with client() as http:
        made = new_match(http, "archipel", ["human"], options={"players": 1}, seed=6)
        url, auth = f"/api/matches/{made['match']}", bearer(made["token"])
        doc = http.get(url, headers=auth).json()
        entry = doc["legal"][0]
        assert isinstance(entry["action"], int)
        refused = http.post(f"{url}/moves", json={"action": 10**9}, headers=auth)
        assert refused.status_code == 422
        assert http.get(url, headers=auth).json() == doc
        played = http.post(f"{url}/moves", json={"action": entry["action"]}, headers=auth)
        assert played.status_code == 200, played.text
        by_notation = new_match(http, "archipel", ["human"], options={"players": 1}, seed=6)
        other = http.post(
            f"/api/matches/{by_notation['match']}/moves",
            json={"move": entry["move"]},
            headers=bearer(by_notation["token"]),
        ).json()
        assert played.json()["view"] == other["view"]


def test_a_socket_on_one_process_is_pushed_the_moves_made_through_another(where):
    """Two apps on one database: a move through the first reaches a socket of the second within seconds."""
    with TestClient(create_app(where)) as first, TestClient(create_app(where)) as second:
        made = new_match(first, "conservas", ["human"], seed=12)
        doc = first.get(f"/api/matches/{made['match']}", headers=bearer(made["token"])).json()
        with second.websocket_connect(f"/ws/matches/{made['match']}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["document"]["step"] == doc["step"]
            start = time.monotonic()
            moved = first.post(
                f"/api/matches/{made['match']}/moves", json={"move": first_legal(doc)}, headers=bearer(made["token"])
            )
            assert moved.status_code == 200
            pushed = ws.receive_json()["document"]
            assert pushed["step"] == moved.json()["step"]
            assert time.monotonic() - start < 10


def test_an_internal_error_reaches_the_client_as_one_sentence(monkeypatch):
    """A fault inside the server answers 500 `internal` with no traceback, and the server goes on."""
    with client() as http:
        host = http.app.state.host

        def broken():
            raise KeyError("a bug")

        monkeypatch.setattr(host, "describe_games", broken)
        answer = http.get("/api/games")
        assert answer.status_code == 500
        assert answer.json() == {"error": "internal error", "code": "internal"}
        assert "Traceback" not in answer.text
        assert http.get("/api/matches").status_code == 200
