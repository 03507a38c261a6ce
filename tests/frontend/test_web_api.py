"""The web example's API: tokens per seat, JSON views, moves as notation, clear 4xx errors that change nothing."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from frontend_helpers import serving

import tabletop


def _call(base: str, method: str, path: str, body: Any = None, token: str | None = None, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def site():  # type: ignore[no-untyped-def]
    with serving() as (base, server):
        yield base, server


def _new(site: Any, seats: list[str], seed: int = 5) -> tuple[str, dict[str, str], Any]:
    base, server = site
    status, created = _call(base, "POST", "/api/matches", {"game": "drill", "seed": seed, "seats": seats})
    assert status == 201, created
    return created["match"], created["tokens"], server.lobby.matches[created["match"]].match


def test_games_are_listed(site: Any) -> None:
    """GET /api/games lists every installed game (and Drill) with its options."""
    status, games = _call(site[0], "GET", "/api/games")
    assert status == 200
    names = [g["name"] for g in games]
    assert "drill" in names
    assert set(tabletop.GAMES) <= set(names)


def test_page_is_served(site: Any) -> None:
    """GET / is the single HTML page."""
    with urllib.request.urlopen(site[0] + "/", timeout=30) as response:
        assert response.headers["Content-Type"].startswith("text/html")
        assert b"<script>" in response.read()


def test_a_seat_gets_its_view_and_its_moves(site: Any) -> None:
    """Each human seat has a token; its document holds its own view and, on its turn only, its moves."""
    match_id, tokens, match = _new(site, ["human", "human"])
    assert set(tokens) == {"0", "1"}
    status, doc = _call(site[0], "GET", f"/api/matches/{match_id}", token=tokens["0"])
    assert status == 200
    assert doc["seat"] == 0
    assert doc["view"] == json.loads(match.view(0).to_json())
    assert doc["legal"] == [str(m) for m in match.legal_moves()]
    status, other = _call(site[0], "GET", f"/api/matches/{match_id}", token=tokens["1"])
    assert other["seat"] == 1
    assert other["legal"] == []


def test_moves_are_posted_as_notation_and_bots_answer(site: Any) -> None:
    """A legal move is played and the bots move at once; the answer is the seat's new document."""
    match_id, tokens, match = _new(site, ["human", "greedy"])
    assert list(tokens) == ["0"]
    status, doc = _call(site[0], "POST", f"/api/matches/{match_id}/moves", {"move": "pass"}, tokens["0"])
    assert status == 200
    assert doc["your_turn"]
    assert [str(p.move) for p in match.plies if p.player == 0] == ["pass"]
    assert any(p.player == 1 for p in match.plies)


@pytest.mark.parametrize(
    ("request_kwargs", "status", "code"),
    [
        ({"raw": b"{not json"}, 400, "malformed-json"),
        ({"raw": b'{"move": "dance", "move": "pass"}'}, 400, "malformed-json"),  # not read as "pass", silently
        ({"raw": b"[" * 20_000 + b"]" * 20_000}, 400, "malformed-json"),
        ({"body": ["pass"]}, 400, "bad-request"),
        ({"body": {"move": 3}}, 400, "bad-request"),
        ({"body": {"move": "dance"}}, 400, "notation"),
        ({"body": {"move": "bottom"}}, 422, "unseen-card"),
        ({"body": {"move": "pass"}, "seat": "1"}, 409, "not-your-turn"),
        ({"body": {"move": "pass"}, "token": "forged"}, 403, "wrong-token"),
        ({"body": {"move": "pass"}, "token": None}, 401, "no-token"),
        ({"body": {"move": "pass"}, "path": "/api/matches/nope/moves"}, 404, "unknown-match"),
    ],
)
def test_refusals_are_4xx_and_change_nothing(site: Any, request_kwargs: dict[str, Any], status: int, code: str) -> None:
    """Malformed JSON, bad notation, an illegal move, another seat's move or a bad token: 4xx, nothing changes."""
    match_id, tokens, match = _new(site, ["human", "human"])
    before = (match.state, match.plies)
    seat = request_kwargs.pop("seat", "0")
    token = request_kwargs.pop("token", tokens[seat])
    path = request_kwargs.pop("path", f"/api/matches/{match_id}/moves")
    got, answer = _call(site[0], "POST", path, token=token, **request_kwargs)
    assert got == status, answer
    assert answer["code"] == code
    assert answer["error"]
    assert (match.state, match.plies) == before


def test_a_key_given_twice_is_named_in_field(site: Any) -> None:
    """A body whose object gives a key twice names that key's path, as `tabletop serve` does."""
    match_id, tokens, _ = _new(site, ["human", "human"])
    raw = b'{"move": "pass", "move": "pass"}'
    status, answer = _call(site[0], "POST", f"/api/matches/{match_id}/moves", token=tokens["0"], raw=raw)
    assert (status, answer["code"], answer["field"]) == (400, "malformed-json", "move")
    assert "given twice" in answer["error"]


def test_illegal_move_says_which_rule(site: Any) -> None:
    """A refused move comes back with the reason and the rule it breaks."""
    match_id, tokens, _ = _new(site, ["human", "human"])
    status, answer = _call(site[0], "POST", f"/api/matches/{match_id}/moves", {"move": "bottom"}, tokens["0"])
    assert status == 422
    assert answer["rule"] == "DRILL-3"
    assert "you may only put a card you have seen at the bottom" in answer["error"]


def test_undo_and_record(site: Any) -> None:
    """Undo answers 200 when allowed and 409 when it would cross a reveal; the record is the seat's copy."""
    match_id, tokens, match = _new(site, ["human", "human"])
    assert _call(site[0], "POST", f"/api/matches/{match_id}/moves", {"move": "shuffle"}, tokens["0"])[0] == 200
    status, doc = _call(site[0], "POST", f"/api/matches/{match_id}/undo", {}, tokens["0"])
    assert status == 200
    assert doc["ply"] == 0
    _call(site[0], "POST", f"/api/matches/{match_id}/moves", {"move": "look 1"}, tokens["0"])
    status, answer = _call(site[0], "POST", f"/api/matches/{match_id}/undo", {}, tokens["0"])
    assert status == 409
    assert answer["code"] == "undo-refused"
    status, record = _call(site[0], "GET", f"/api/matches/{match_id}/record", token=tokens["1"])
    assert status == 200
    assert record["format"] == "tabletop/record"
    assert record["record"]["seat"] == 1
    assert record["record"]["seed"] is None
    assert record["record"]["moves"][-1]["move"] is None
    assert len(match.plies) == 2


def test_bad_match_requests(site: Any) -> None:
    """An unknown game, bad seats or a bad option are 400 errors naming the problem."""
    base = site[0]
    status, answer = _call(base, "POST", "/api/matches", {"game": "chess"})
    assert (status, answer["code"]) == (400, "unknown-game")
    status, answer = _call(base, "POST", "/api/matches", {"game": "drill", "seats": ["human"]})
    assert (status, answer["code"]) == (400, "bad-seats")
    status, answer = _call(base, "POST", "/api/matches", {"game": "drill", "options": {"colour": 1}})
    assert (status, answer["code"]) == (400, "bad-option")
    status, answer = _call(base, "GET", "/api/nowhere")
    assert status == 404


def test_free_text_options_cannot_be_set(site: Any) -> None:
    """Options without a fixed list of choices (a file path) are neither offered nor accepted."""
    lobby = site[1].lobby
    free = [o.name for g in lobby.games.values() for o in g.options if not o.choices]
    offered = {o["name"] for g in _call(site[0], "GET", "/api/games")[1] for o in g["options"]}
    assert not set(free) & offered
    for name, game in lobby.games.items():
        for option in game.options:
            if not option.choices:
                body = {"game": name, "options": {option.name: "/etc/passwd"}}
                status, answer = _call(site[0], "POST", "/api/matches", body)
                assert (status, answer["code"]) == (400, "bad-option")
                assert "cannot be set from the web" in answer["error"]


def test_malformed_requests_are_4xx_not_500(site: Any) -> None:
    """A bad Content-Length, seats that are not names, or an unused method: clear 4xx answers, never a 500."""
    import http.client

    port = site[1].server_address[1]

    def raw(method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read())
        finally:
            connection.close()

    status, answer = raw("POST", "/api/matches", b'{"game": "drill"}', {"Content-Length": "many"})
    assert (status, answer["code"]) == (400, "bad-request")
    status, answer = _call(site[0], "POST", "/api/matches", {"game": "drill", "seats": [["human"], "human"]})
    assert (status, answer["code"]) == (400, "bad-seats")
    status, answer = raw("PUT", "/api/matches", b"{}", {"Content-Length": "2"})
    assert (status, answer["code"]) == (405, "bad-method")


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"game": "chess"}, "unknown-game", "game"),
        ({"game": "drill", "colour": "red"}, "bad-request", "colour"),
        ({"game": "drill", "options": ["x"]}, "bad-request", "options"),
        ({"game": "drill", "options": {"colour": 1}}, "bad-option", "options.colour"),
        ({"game": "archipel", "options": {"board": "/etc/passwd"}}, "bad-option", "options.board"),
        ({"game": "archipel", "options": {"players": 9}}, "bad-option", "options.players"),
        ({"game": "drill", "seed": -1}, "bad-seed", "seed"),
        ({"game": "drill", "seed": 2**63}, "bad-seed", "seed"),
        ({"game": "drill", "seed": True}, "bad-seed", "seed"),
        ({"game": "drill", "seats": ["human"]}, "bad-seats", "seats"),
        ({"game": "drill", "seats": ["human", "wizard"]}, "bad-seats", "seats[1]"),
        (
            {"game": "spolka_zoo", "options": {"players": 2, "bots": 1, "seating": "BPP"}, "seats": ["human"] * 3},
            "bad-seats",
            "seats[0]",
        ),
    ],
)
def test_a_refused_new_match_names_its_field_like_the_server(site: Any, body: Any, code: str, field: str) -> None:
    """Each refusal of `POST /api/matches` names the field that was wrong in `field`, as `tabletop serve` does
    (the example's answers had none), and makes no match."""
    before = set(site[1].lobby.matches)
    status, answer = _call(site[0], "POST", "/api/matches", body)
    assert (status, answer["code"], answer["field"]) == (400, code, field), answer
    assert set(site[1].lobby.matches) == before


def test_a_refused_move_names_the_field_move(site: Any) -> None:
    """A move that is not notation, or not text, names the field `move`; an illegal one names its rule."""
    match_id, tokens, _ = _new(site, ["human", "human"])
    for body, code in (
        ({"move": "dance"}, "notation"),
        ({"move": 3}, "bad-request"),
        ({"mvoe": "pass"}, "bad-request"),
    ):
        status, answer = _call(site[0], "POST", f"/api/matches/{match_id}/moves", body, tokens["0"])
        assert (status, answer["code"], answer["field"]) == (400, code, "move")


def test_a_huge_value_is_quoted_in_a_short_sentence(site: Any) -> None:
    """A sentence quoting a huge value sent is cut to about 500 characters, as the server cuts it."""
    status, answer = _call(site[0], "POST", "/api/matches", {"game": "x" * 5000})
    assert (status, answer["field"]) == (400, "game")
    assert len(answer["error"]) <= 500 and "[...]" in answer["error"]
