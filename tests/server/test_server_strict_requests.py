"""Requests a fuzz of the server found answered wrongly: a 500 for a seat number, fields silently ignored."""

from __future__ import annotations

import pytest
from server_helpers import bearer, new_match, next_of


@pytest.fixture
def solo(http):
    """A solo Spółka ZOO match against the bot deck, its person's last move played, so that undo would succeed."""
    made = new_match(http, "spolka_zoo", ["human", "bot deck"], options={"players": 1, "bots": 1}, seed=1)
    url, headers = f"/api/matches/{made['match']}", bearer(made["token"])
    doc = http.get(url, headers=headers).json()
    moved = http.post(f"{url}/moves", json={"move": doc["legal"][-1]["move"]}, headers=headers)
    assert moved.status_code == 200 and moved.json()["can_undo"], moved.text
    return made


@pytest.mark.parametrize("seat", ["²", "٣", "9" * 5000, "1.0", "-1"])
def test_a_seat_number_that_is_not_ascii_digits_is_404_not_500(http, seat):
    """`/seats/²` (a digit `int()` refuses) and a 5000-digit seat were a 500 `internal`; `/seats/٣` took
    seat 3. Each is a 404 `unknown-seat` quoting it cut short, and no seat is taken."""
    made = new_match(http, "conservas", ["human"], seat=None)
    answer = http.post(f"/api/matches/{made['match']}/seats/{seat}")
    assert (answer.status_code, answer.json()["code"]) == (404, "unknown-seat"), answer.text
    assert len(answer.json()["error"]) < 200


def test_a_join_with_fields_is_refused_and_takes_no_seat(http):
    """`POST /seats/{n}` takes no field: a body with one is refused naming it (it was ignored and the seat
    taken); an empty body or `{}` takes the seat."""
    made = new_match(http, "archipel", ["human", "human", "human"], options={"players": 3})
    answer = http.post(f"/api/matches/{made['match']}/seats/1", json={"token": "mine"})
    assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (400, "bad-request", "token")
    assert [s["taken"] for s in http.get("/api/matches").json()[0]["seats"]] == [True, False, False]
    assert http.post(f"/api/matches/{made['match']}/seats/1", json={}).status_code == 200
    assert http.post(f"/api/matches/{made['match']}/seats/2").status_code == 200


def test_an_undo_with_fields_is_refused_and_undoes_nothing(http, solo):
    """`POST /undo` takes no field: `{"steps": 3}` is refused naming `steps` (it was ignored and one step
    undone); the match is unchanged, and `{}` then undoes."""
    url, headers = f"/api/matches/{solo['match']}", bearer(solo["token"])
    before = http.get(url, headers=headers).json()
    answer = http.post(f"{url}/undo", json={"steps": 3}, headers=headers)
    assert (answer.status_code, answer.json()["code"], answer.json()["field"]) == (400, "bad-request", "steps")
    assert http.get(url, headers=headers).json() == before
    assert http.post(f"{url}/undo", json={}, headers=headers).json()["step"] < before["step"]


def test_a_move_without_move_or_action_names_the_field_move(http, solo):
    """`{}` as a move names the field `move` (the refusal had no field)."""
    answer = http.post(f"/api/matches/{solo['match']}/moves", json={}, headers=bearer(solo["token"]))
    assert (answer.status_code, answer.json()["field"]) == (400, "move")


def test_socket_messages_with_fields_they_do_not_take_are_refused(http, solo):
    """On the socket, a hello with a field besides `token` is refused and the socket closed; `undo` and `ping`
    with a field are refused naming it (undo was done, ping answered), and nothing changes."""
    url = f"/ws/matches/{solo['match']}"
    with http.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": solo["token"], "seat": 0})
        error = ws.receive_json()
        assert (error["type"], error["code"], error["field"]) == ("error", "bad-request", "seat")
    with http.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": solo["token"]})
        before = next_of(ws, "document")
        ws.send_json({"type": "undo", "steps": 2})
        error = next_of(ws, "error")
        assert (error["code"], error["field"]) == ("bad-request", "steps")
        ws.send_json({"type": "ping", "x": 1})
        error = next_of(ws, "error")
        assert (error["code"], error["field"]) == ("bad-request", "x")
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert http.get(f"/api/matches/{solo['match']}", headers=bearer(solo["token"])).json() == before["document"]
