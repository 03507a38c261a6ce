"""The HTTP API and the per-seat WebSocket, through Starlette's TestClient."""

from __future__ import annotations

import json

import pytest
from server_helpers import bearer, client, new_match, next_of


def test_games_lists_every_game_with_options_in_words(http):
    """`GET /api/games` names each game, its seat range, its options (kind, default, label) and the agents."""
    games = {g["name"]: g for g in http.get("/api/games").json()}
    assert {"conservas", "archipel", "spolka_zoo"} <= set(games)
    zoo = games["spolka_zoo"]
    assert (zoo["min_seats"], zoo["max_seats"]) == (1, 5)
    options = {o["name"]: o for o in zoo["options"]}
    assert options["modules"]["kind"] == "subset"
    assert options["modules"]["choices"] == ["events", "hidden_goals", "intrigues"]
    assert options["players"]["kind"] == "choice"
    assert options["starting_money"]["kind"] == "integer"
    assert options["starting_money"]["label"] == "Starting money"
    assert {"random", "greedy"} <= set(zoo["agents"])


def test_creator_gets_one_token_and_the_other_seats_stay_open(http):
    """The creator receives the token of its own seat only; the lobby shows the open seats and no token."""
    made = new_match(http, "archipel", ["human", "human"], options={"players": 2})
    assert made["seat"] == 0
    assert set(made) == {"match", "seat", "token"}
    lobby = http.get("/api/matches").json()
    (row,) = [r for r in lobby if r["match"] == made["match"]]
    assert row["seats"] == [{"seat": 0, "kind": "human", "taken": True}, {"seat": 1, "kind": "human", "taken": False}]
    assert made["token"] not in json.dumps(lobby)
    joined = http.post(f"/api/matches/{made['match']}/seats/1")
    assert joined.status_code == 200
    assert joined.json()["seat"] == 1
    assert joined.json()["token"] != made["token"]
    again = http.post(f"/api/matches/{made['match']}/seats/1")
    assert (again.status_code, again.json()["code"]) == (409, "seat-taken")


def test_a_move_by_notation_changes_the_document_and_undo_takes_it_back(http):
    """A seat plays a legal move by notation; its document moves on a step; undo returns to where it was."""
    made = new_match(http, "conservas", ["human"], seed=3)
    url, auth = f"/api/matches/{made['match']}", bearer(made["token"])
    before = http.get(url, headers=auth).json()
    assert before["turn"] == 0
    move = before["legal"][0]["move"]
    after = http.post(f"{url}/moves", json={"move": move}, headers=auth)
    assert after.status_code == 200, after.text
    assert after.json()["step"] > before["step"]
    if after.json()["can_undo"]:
        undone = http.post(f"{url}/undo", headers=auth)
        assert undone.status_code == 200
        assert undone.json()["view"] == before["view"]


def test_the_websocket_pushes_every_seat_its_document_after_a_move(http):
    """After a move, every open socket of the match (both seats and a spectator) receives its own document."""
    made = new_match(http, "archipel", ["human", "human"], options={"players": 2}, seed=5)
    other = http.post(f"/api/matches/{made['match']}/seats/1").json()
    path = f"/ws/matches/{made['match']}"
    with (
        http.websocket_connect(path) as zero,
        http.websocket_connect(path) as one,
        http.websocket_connect(path) as watcher,
    ):
        zero.send_json({"type": "hello", "token": made["token"]})
        one.send_json({"type": "hello", "token": other["token"]})
        watcher.send_json({"type": "hello"})
        first = {ws: ws.receive_json()["document"] for ws in (zero, one, watcher)}
        assert [first[ws]["seat"] for ws in (zero, one, watcher)] == [0, 1, None]
        mover = zero if first[zero]["turn"] == 0 else one
        mine = first[mover]
        mover.send_json({"type": "move", "move": mine["legal"][0]["move"]})
        for ws in (zero, one, watcher):
            while True:  # documents of the hellos after ours may come first
                message = ws.receive_json()
                assert message["type"] == "document"
                if message["document"]["step"] > mine["step"]:
                    break
        watcher.send_json({"type": "move", "move": "anything"})
        assert next_of(watcher, "error")["code"] == "spectator"
        zero.send_json({"type": "ping"})
        assert next_of(zero, "pong") == {"type": "pong"}


def test_agents_play_their_seats(http):
    """Seats given to agents move by themselves: the human's socket is pushed until it is its turn."""
    made = new_match(http, "spolka_zoo", ["human", "agent:random", "agent:greedy"], options={"players": 3}, seed=2)
    with http.websocket_connect(f"/ws/matches/{made['match']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        doc = next_of(ws, "document")["document"]
        while doc["turn"] not in (0, "over"):
            doc = next_of(ws, "document")["document"]
    assert [s["kind"] for s in doc["seats"]] == ["human", "agent:random", "agent:greedy"]
    assert http.get(f"/api/matches/{made['match']}", headers=bearer(made["token"])).json() == doc


def test_the_operator_offers_board_files_and_visitors_choose_only_those(tmp_path):
    """`--board FILE`: the lobby lists the file as a choice of the `board` option; a match on it is made;
    any other path is refused naming the option and what is offered, and a bad file stops the server."""
    from server_helpers import custom_board
    from starlette.testclient import TestClient

    from tabletop.kernel.errors import ContentError
    from tabletop.server.app import create_app

    path = str(custom_board(tmp_path))
    with TestClient(create_app(":memory:", offered={"archipel.board": [path]})) as offering:
        games = {g["name"]: g for g in offering.get("/api/games").json()}
        board = {o["name"]: o for o in games["archipel"]["options"]}["board"]
        assert (board["kind"], board["choices"], board.get("settable", True)) == ("choice", ["", path], True)
        made = new_match(offering, "archipel", ["human"], options={"players": 1, "board": path})
        doc = offering.get(f"/api/matches/{made['match']}", headers=bearer(made["token"])).json()
        assert doc["board"]["name"] == "Mine"
        refused = offering.post(
            "/api/matches", json={"game": "archipel", "seats": ["human"], "options": {"board": "/etc/passwd"}}
        )
        assert (refused.status_code, refused.json()["code"], refused.json()["field"]) == (
            400,
            "bad-option",
            "options.board",
        )
        assert path in refused.json()["error"]
    with client() as plain:
        described = {g["name"]: g for g in plain.get("/api/games").json()}["archipel"]["options"]
        assert {o["name"]: o for o in described}["board"]["settable"] is False
        refused = plain.post("/api/matches", json={"game": "archipel", "seats": ["human"], "options": {"board": path}})
        assert refused.status_code == 400
    broken = tmp_path / "broken.toml"
    broken.write_text('kind = "archipel.board"\n', encoding="utf-8")
    with pytest.raises((ContentError, ValueError), match="broken.toml"):
        create_app(":memory:", offered={"archipel.board": [str(broken)]})
