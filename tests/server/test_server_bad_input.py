"""Bad input gets a clear status or message, changes nothing, shows no traceback; the server goes on."""

from __future__ import annotations

import json

import pytest
from server_helpers import bearer, first_legal, new_match, next_of

from tabletop.server.app import MAX_MESSAGE


@pytest.fixture
def duo(http):
    made = new_match(http, "archipel", ["human", "human"], options={"players": 2}, seed=9)
    other = http.post(f"/api/matches/{made['match']}/seats/1").json()
    return made["match"], {0: made["token"], 1: other["token"]}


def _doc(http, match, token=None):
    return http.get(f"/api/matches/{match}", headers=bearer(token) if token else {}).json()


def _refused(answer, status, code):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["code"] == code
    assert "Traceback" not in answer.text
    assert body["error"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", "malformed-json"),
        (b"[" * 20_000 + b"]" * 20_000, "malformed-json"),  # deeper than the parser's stack, under the size limit
        (b"[1, 2]", "bad-request"),
        (b'{"game": "chess"}', "unknown-game"),
        (b'{"game": "conservas", "options": {"month": "smarch"}}', "bad-option"),
        (b'{"game": "conservas", "options": {"colour": 1}}', "bad-option"),
        (b'{"game": "archipel", "options": {"board": "/etc/passwd"}}', "bad-option"),
        (b'{"game": "conservas", "seats": ["human", "human"]}', "bad-seats"),
        (b'{"game": "conservas", "seats": ["agent:nobody"]}', "bad-seats"),
        (b'{"game": "conservas", "seed": -1}', "bad-seed"),
        (b'{"game": "conservas", "seed": 9223372036854775808}', "bad-seed"),
        (b'{"game": "conservas", "seed": true}', "bad-seed"),
        (b'{"game": "conservas", "seed": 1.0}', "bad-seed"),
        (b'{"game": "conservas", "extra": 1}', "bad-request"),
    ],
)
def test_a_bad_new_match_is_refused_and_makes_nothing(http, body, code):
    """A malformed or invalid `POST /api/matches` is a 400 naming the problem, and the lobby is unchanged."""
    answer = http.post("/api/matches", content=body, headers={"Content-Type": "application/json"})
    _refused(answer, 400, code)
    assert http.get("/api/matches").json() == []


def test_unknown_matches_seats_and_paths_are_404(http, duo):
    """An unknown match id, seat or path is a 404 with a code."""
    match, tokens = duo
    _refused(http.get("/api/matches/nope"), 404, "unknown-match")
    _refused(http.post("/api/matches/nope/moves", json={"move": "x"}, headers=bearer(tokens[0])), 404, "unknown-match")
    _refused(http.post(f"/api/matches/{match}/seats/7"), 404, "unknown-seat")
    _refused(http.post(f"/api/matches/{match}/seats/x"), 404, "unknown-seat")
    _refused(http.get("/api/nothing"), 404, "not-found")
    _refused(http.delete("/api/matches"), 405, "bad-method")


def test_missing_or_wrong_tokens_and_moves_for_another_seat_change_nothing(http, duo):
    """No token: 401; a token of no seat (or another match's): 403; the other seat's turn: 409."""
    match, tokens = duo
    before = _doc(http, match)
    url = f"/api/matches/{match}/moves"
    _refused(http.post(url, json={"move": "x"}), 401, "no-token")
    _refused(http.post(url, json={"move": "x"}, headers=bearer("forged")), 403, "wrong-token")
    _refused(http.post(url, json={"move": "x"}, headers={"Authorization": "Basic abc"}), 400, "bad-token")
    elsewhere = new_match(http, "conservas", ["human"])
    _refused(http.post(url, json={"move": "x"}, headers=bearer(elsewhere["token"])), 403, "wrong-token")
    _refused(http.get(f"/api/matches/{match}/record"), 401, "no-token")
    waiting = 1 - before["turn"]
    legal = first_legal(_doc(http, match, tokens[before["turn"]]))
    _refused(http.post(url, json={"move": legal}, headers=bearer(tokens[waiting])), 409, "not-your-turn")
    _refused(http.post(f"/api/matches/{match}/undo", headers=bearer(tokens[waiting])), 409, "undo-refused")
    assert _doc(http, match) == before


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"move": "sail to the moon"}, 400, "notation"),
        ({"move": 12}, 400, "bad-request"),
        ({"action": "three"}, 400, "bad-request"),
        ({"move": "x", "action": 1}, 400, "bad-request"),
        ({}, 400, "bad-request"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(http, duo, body, status, code):
    """Notation that is no move, wrong field types, both or neither field: 400; the match is unchanged."""
    match, tokens = duo
    before = _doc(http, match)
    answer = http.post(f"/api/matches/{match}/moves", json=body, headers=bearer(tokens[before["turn"]]))
    _refused(answer, status, code)
    assert _doc(http, match) == before


def test_a_move_body_nested_too_deeply_is_400_and_changes_nothing(http, duo):
    """A body of 20,000 nested lists (40 kB, under the size limit) is malformed JSON, not a 500."""
    match, tokens = duo
    before = _doc(http, match)
    deep = b"[" * 20_000 + b"]" * 20_000
    answer = http.post(f"/api/matches/{match}/moves", content=deep, headers=bearer(tokens[before["turn"]]))
    _refused(answer, 400, "malformed-json")
    assert _doc(http, match) == before


def test_an_oversized_body_is_413(http, duo):
    """A body over the limit is refused with 413 before it is read whole."""
    match, tokens = duo
    big = json.dumps({"move": "x" * (MAX_MESSAGE + 10)})
    answer = http.post(f"/api/matches/{match}/moves", content=big, headers=bearer(tokens[0]))
    _refused(answer, 413, "too-large")


def test_bad_socket_messages_get_error_messages_and_the_socket_goes_on(http, duo):
    """Malformed, oversized, binary, unknown and other-seat messages are answered with errors; then a move works."""
    match, tokens = duo
    before = _doc(http, match)
    mover, waiting = before["turn"], 1 - before["turn"]
    with http.websocket_connect(f"/ws/matches/{match}") as ws, http.websocket_connect(f"/ws/matches/{match}") as other:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        other.send_json({"type": "hello", "token": tokens[waiting]})
        doc = next_of(ws, "document")["document"]
        ws.send_text("{oops")
        assert next_of(ws, "error")["code"] == "malformed-json"
        ws.send_text("[" * 20_000 + "]" * 20_000)  # nested too deeply for the parser: an error, the socket lives
        assert next_of(ws, "error")["error"] == "malformed JSON: nested too deeply"
        ws.send_text(json.dumps({"type": "move", "move": "y" * MAX_MESSAGE}))
        assert next_of(ws, "error")["code"] == "too-large"
        ws.send_bytes(b"\x00\x01")
        assert next_of(ws, "error")["code"] == "bad-request"
        ws.send_json({"type": "teleport"})
        assert next_of(ws, "error")["code"] == "bad-request"
        ws.send_json({"type": "move", "move": "no such move"})
        assert next_of(ws, "error")["code"] == "notation"
        other.send_json({"type": "move", "move": first_legal(doc)})
        assert next_of(other, "error")["code"] == "not-your-turn"
        assert _doc(http, match) == before
        ws.send_json({"type": "move", "move": first_legal(doc)})
        assert next_of(ws, "document")["document"]["step"] > doc["step"]


@pytest.mark.parametrize(
    ("hello", "code"),
    [
        ({"type": "move"}, "no-hello"),
        ({"type": "hello", "token": "forged"}, "wrong-token"),
        ({"type": "hello", "token": 5}, "bad-request"),
    ],
)
def test_a_bad_hello_is_refused_and_the_socket_closed(http, duo, hello, code):
    """A first message that is not a hello with a token of the match: an error, then the socket closes."""
    match, _ = duo
    with http.websocket_connect(f"/ws/matches/{match}") as ws:
        ws.send_json(hello)
        assert ws.receive_json()["code"] == code
        closing = ws.receive()
        assert closing["type"] == "websocket.close"


def test_an_unknown_match_socket_is_refused(http):
    """A socket for an unknown match gets an `unknown-match` error and is closed."""
    with http.websocket_connect("/ws/matches/nope") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["code"] == "unknown-match"


def test_a_flood_of_moves_is_rate_limited_and_nothing_is_lost(http):
    """Far more moves than the limit: the extra ones get 429 and change nothing; the server still answers."""
    made = new_match(http, "conservas", ["human"], seed=2)
    url, auth = f"/api/matches/{made['match']}", bearer(made["token"])
    doc = _doc(http, made["match"], made["token"])
    statuses = [http.post(f"{url}/moves", json={"move": "not a move"}, headers=auth).status_code for _ in range(80)]
    assert 429 in statuses
    assert set(statuses) <= {400, 429}
    assert _doc(http, made["match"], made["token"]) == doc
    assert http.get("/api/games").status_code == 200


def test_a_free_text_option_not_offered_names_what_is(http):
    """A board file the server does not offer: the 400 says only the default is (no garbled text)."""
    body = b'{"game": "archipel", "options": {"board": "/etc/passwd"}}'
    answer = http.post("/api/matches", content=body, headers={"Content-Type": "application/json"})
    _refused(answer, 400, "bad-option")
    assert answer.json()["error"] == (
        "option 'board' is free text (a file path, say): the server offers only the default; got \"/etc/passwd\""
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "spolka_zoo", "options": {"players": "x" * 5000}}, "options.players"),
        ({"game": "spolka_zoo", "options": {"seating": "9" * 5000}}, "options.seating"),
        ({"game": "conservas", "seed": "x" * 5000}, "seed"),
    ],
)
def test_a_huge_value_is_refused_in_a_short_sentence_naming_its_field(http, body, field):
    """A huge value sent is refused naming its field, the sentence cut to its start and end (fuzz 38: it quoted
    all 5,000 characters back); nothing is made."""
    answer = http.post("/api/matches", json=body)
    _refused(answer, 400, answer.json()["code"])
    refusal = answer.json()
    assert refusal["field"] == field
    assert len(refusal["error"]) <= 500 and "..." in refusal["error"]  # cut: `[...]` in the middle, or the value
    assert http.get("/api/matches").json() == []


@pytest.mark.parametrize(
    ("seed", "quoted"),
    [(2**63, f"got {2**63}"), (10**30, f"got {10**30}"), (-1, "got -1"), (True, "got True"), ("7", "got '7'")],
)
def test_a_seed_out_of_range_is_refused_naming_seed(http, seed, quoted):
    """A seed is a whole number from 0 to 2**63 - 1, as `new_game` takes: any other is a 400 `bad-seed` naming
    the field `seed` and the value (2**63 passed the server's own check, then came back as `options`)."""
    answer = http.post("/api/matches", json={"game": "conservas", "seed": seed})
    _refused(answer, 400, "bad-seed")
    refusal = answer.json()
    assert refusal["field"] == "seed"
    assert refusal["error"] == f"seed must be a whole number from 0 to {2**63 - 1} (2**63 - 1); {quoted}"
    assert http.get("/api/matches").json() == []


def test_the_top_seed_makes_a_match(http):
    """2**63 - 1 is a seed like any other."""
    made = new_match(http, "conservas", ["human"], seed=2**63 - 1)
    assert made["seat"] == 0


def test_a_socket_message_of_a_huge_unknown_type_gets_a_short_error(http, duo):
    """An unknown message type of 5,000 characters is answered with a short error naming the field `type`."""
    match, tokens = duo
    with http.websocket_connect(f"/ws/matches/{match}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        ws.send_json({"type": "x" * 5000})
        error = next_of(ws, "error")
        assert (error["code"], error["field"]) == ("bad-request", "type")
        assert len(error["error"]) <= 500


@pytest.mark.parametrize(
    ("game", "options", "field", "error"),
    [
        (
            "spolka_zoo",
            {"modules": ["events", "events"]},
            "modules",
            'option \'modules\' names a value twice: ["events", "events"]',
        ),
        ("spolka_zoo", {"players": [1]}, "players", "option 'players' must be an integer from 1 to 5; got [1]"),
        (
            "archipel",
            {"players": 2, "colours": ["red", "red"]},
            "colours",
            'option \'colours\': each player chooses a pawn of their own (ARC-1.2); got ["red", "red"]',
        ),
        (
            "archipel",
            {"players": 3, "colours": ["red", "blue"]},
            "colours",
            'option \'colours\' must name one colour per boat (3); got ["red", "blue"]',
        ),
    ],
)
@pytest.mark.parametrize("path", ["/api/matches", "/api/games/{game}/seats"])
def test_a_list_option_is_quoted_as_the_json_list_sent(http, game, options, field, error, path):
    """A list option value the game refuses is quoted as the JSON list the client sent, not as the Python
    tuple the server handed the game (`('events', 'events')`), whether the option's own check or the
    game's setup refuses it, on a new match and on a seat layout (ARC-1.2 for the colours)."""
    body = {"options": options} if "seats" in path else {"game": game, "options": options}
    answer = http.post(path.format(game=game), json=body)
    _refused(answer, 400, "bad-option")
    assert (answer.json()["error"], answer.json()["field"]) == (error, f"options.{field}")
    assert http.get("/api/matches").json() == []


def test_a_key_given_twice_is_400_naming_it_and_changes_nothing(http, duo):
    """A body or socket message whose object gives a key twice (`{"move": A, "move": B}`, which a JSON
    parser reads as its last value) is `malformed-json` naming the key's path in `field`; nothing moves."""
    match, tokens = duo
    before = _doc(http, match)
    legal = first_legal(_doc(http, match, tokens[before["turn"]]))
    twice = '{"move": "nonsense", "move": ' + json.dumps(legal) + "}"
    answer = http.post(f"/api/matches/{match}/moves", content=twice, headers=bearer(tokens[before["turn"]]))
    _refused(answer, 400, "malformed-json")
    assert answer.json()["field"] == "move" and "given twice" in answer.json()["error"]
    made = http.post("/api/matches", content=b'{"game": "conservas", "options": {"month": "may", "month": "june"}}')
    _refused(made, 400, "malformed-json")
    assert made.json()["field"] == "options.month"
    assert _doc(http, match) == before and len(http.get("/api/matches").json()) == 1
    with http.websocket_connect(f"/ws/matches/{match}") as ws:
        ws.send_text(f'{{"type": "hello", "token": "{tokens[0]}", "token": "{tokens[1]}"}}')
        refusal = ws.receive_json()
        assert refusal["code"] == "malformed-json" and refusal["field"] == "token"
        assert ws.receive()["type"] == "websocket.close"  # a hello refused closes the socket
    with http.websocket_connect(f"/ws/matches/{match}") as ws:  # a first message not JSON says so
        ws.send_text("{oops")
        assert ws.receive_json()["code"] == "malformed-json"
    assert _doc(http, match) == before
