"""Moves by action id, pushes across server processes, and internal errors kept from clients."""

from __future__ import annotations

import contextlib
import json

import httpx
import pytest
from server_helpers import bearer, client, first_legal, new_match, postgres_url, uvicorn_server
from starlette.testclient import TestClient
from websockets.sync.client import connect

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


def test_a_socket_on_one_app_is_pushed_the_moves_made_through_another(where):
    """Two apps on one database: a move through the first reaches a socket of the second (SQLite: polled;
    PostgreSQL: announced with NOTIFY)."""
    with TestClient(create_app(where)) as first, TestClient(create_app(where)) as second:
        made = new_match(first, "conservas", ["human"], seed=12)
        doc = first.get(f"/api/matches/{made['match']}", headers=bearer(made["token"])).json()
        with second.websocket_connect(f"/ws/matches/{made['match']}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["document"]["step"] == doc["step"]
            moved = first.post(
                f"/api/matches/{made['match']}/moves", json={"move": first_legal(doc)}, headers=bearer(made["token"])
            )
            assert moved.status_code == 200
            pushed = ws.receive_json()["document"]
            assert pushed["step"] == moved.json()["step"]
            assert pushed["view"] == moved.json()["view"]


def test_two_server_processes_on_postgresql_push_each_others_moves_through_notify():
    """Two real `tabletop serve` processes on one PostgreSQL database (no polling there): seat 0 plays through
    the first and listens on the second, seat 1 the other way round; every move reaches both sockets."""
    url = postgres_url()
    with uvicorn_server(url) as (one, _), uvicorn_server(url) as (two, _), contextlib.ExitStack() as stack:
        made = httpx.post(
            f"{one}/api/matches", json={"game": "archipel", "options": {"players": 2}, "seats": ["human"] * 2}
        ).json()
        joined = httpx.post(f"{two}/api/matches/{made['match']}/seats/1").json()
        tokens = {0: made["token"], 1: joined["token"]}
        bases = {0: one, 1: two}
        path = f"/ws/matches/{made['match']}"
        sockets = {
            seat: stack.enter_context(connect(base.replace("http://", "ws://") + path))
            for seat, base in ((0, two), (1, one))
        }
        for seat, ws in sockets.items():
            ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
        docs = {seat: _document(ws) for seat, ws in sockets.items()}
        played = 0
        while played < 6 and docs[0]["turn"] in tokens:
            mover = docs[0]["turn"]
            mine = httpx.get(f"{bases[mover]}/api/matches/{made['match']}", headers=bearer(tokens[mover])).json()
            answer = httpx.post(
                f"{bases[mover]}/api/matches/{made['match']}/moves",
                json={"move": first_legal(mine)},
                headers=bearer(tokens[mover]),
            )
            assert answer.status_code == 200, answer.text
            for seat, ws in sockets.items():  # the mover's socket is on the process it did not play through
                while docs[seat]["step"] < answer.json()["step"]:
                    docs[seat] = _document(ws)
                assert docs[seat]["step"] == answer.json()["step"]
            assert docs[mover]["view"] == answer.json()["view"]
            played += 1
        assert played == 6


def _document(ws):
    """The next document on a websockets client (30 s at most: a push that never comes fails)."""
    while True:
        message = json.loads(ws.recv(timeout=30))
        assert message["type"] != "error", message
        if message["type"] == "document":
            return message["document"]


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


def test_a_lost_listening_connection_listens_again_and_misses_no_move():
    """The PostgreSQL connection that listens for changes is cut: the app listens again, and a move made
    meanwhile through another app still reaches its socket."""
    import psycopg

    url = postgres_url()
    with TestClient(create_app(url)) as first, TestClient(create_app(url)) as second:
        made = new_match(first, "conservas", ["human"], seed=5)
        with second.websocket_connect(f"/ws/matches/{made['match']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            doc = ws.receive_json()["document"]
            with psycopg.connect(url, autocommit=True) as db:
                cut = db.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE query LIKE %s AND usename = current_user",
                    ("LISTEN %",),
                ).fetchall()
            assert cut, "no listening connection to cut"
            moved = first.post(
                f"/api/matches/{made['match']}/moves", json={"move": first_legal(doc)}, headers=bearer(made["token"])
            )
            assert moved.status_code == 200
            assert ws.receive_json()["document"]["step"] == moved.json()["step"]
