"""Spółka ZOO's seating patterns on the server: the seats a pattern makes, the game's bots kept
from people and agents, and a refused option named in the answer's `field` (ZOO-13.1)."""

from __future__ import annotations

import pytest
from server_helpers import bearer, new_match


def _lobby_count(http) -> int:
    return len(http.get("/api/matches").json())


def test_the_game_lists_seating_as_typed_text_naming_its_placements(http):
    """`GET /api/games` gives seating as an "open" option: typed text, its two named placements suggested."""
    zoo = next(g for g in http.get("/api/games").json() if g["name"] == "spolka_zoo")
    seating = next(o for o in zoo["options"] if o["name"] == "seating")
    assert seating["kind"] == "open"
    assert seating["choices"] == ["humans-first", "alternate"]


def test_seats_for_options_lists_every_placement_and_where_the_bots_sit(http):
    """`POST /api/games/spolka_zoo/seats` gives the seats the options make, a bot first for "BPP"
    (ZOO-13.1: "A Bot may become the First Player"), and every placement for the counts; nothing is stored."""
    answer = http.post("/api/games/spolka_zoo/seats", json={"options": {"players": 2, "bots": 1, "seating": "bpp"}})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "seats": ["bot deck", "open", "open"],
        "values": {"seating": ["humans-first", "alternate", "BPP"]},
    }
    assert _lobby_count(http) == 0


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ({"players": 2, "bots": 1, "seating": "PPPB"}, "options.seating", "'PPPB' seats 3 players (P) and 1 bots (B)"),
        ({"players": 2, "bots": 1, "seating": "PXP"}, "options.seating", "a pattern of 2 to 5 seats"),
        ({"players": 2, "bots": 1, "seating": ["B", "P", "P"]}, "options.seating", "a pattern of 2 to 5 seats"),
        ({"players": 1, "bots": 0}, "options.bots", "players + bots must be 2 to 5"),
        ({"players": "2"}, "options.players", "an integer from 1 to 5"),
        ({"modules": "events"}, "options.modules", "a collection of names"),
    ],
)
def test_bad_options_are_refused_naming_the_option_and_make_nothing(http, options, field, words):
    """A pattern that does not seat the players and bots, a malformed one and other bad options are 400 with
    the option in `field`, both when asking for the seats and when starting a match; no match is made."""
    for path, body in (("/api/games/spolka_zoo/seats", {"options": options}), ("/api/matches", None)):
        answer = http.post(path, json=body or {"game": "spolka_zoo", "options": options})
        assert answer.status_code == 400, answer.text
        refusal = answer.json()
        assert (refusal["code"], refusal["field"]) == ("bad-option", field)
        assert words in refusal["error"]
    assert _lobby_count(http) == 0


@pytest.mark.parametrize(
    ("game", "body", "status", "code"),
    [
        ("chess", {}, 400, "unknown-game"),
        ("spolka_zoo", [1], 400, "bad-request"),
        ("spolka_zoo", {"options": {}, "seats": []}, 400, "bad-request"),
        ("spolka_zoo", {"options": {"colour": 1}}, 400, "bad-option"),
    ],
)
def test_bad_requests_for_seats_are_refused(http, game, body, status, code):
    """The seats endpoint refuses an unknown game, a body that is not an object, unknown fields and options."""
    answer = http.post(f"/api/games/{game}/seats", json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code


def test_a_match_seated_by_a_pattern_gives_the_creator_a_persons_seat(http):
    """With seats left to the server and a bot first (seating "BPP"), the bot's seat is the game's ("bot deck"),
    the creator sits in seat 1, the first a person has, and it is that seat's turn to move."""
    made = new_match(http, "spolka_zoo", None, options={"players": 2, "bots": 1, "seating": "BPP"}, seed=3)
    assert made["seat"] == 1
    doc = http.get(f"/api/matches/{made['match']}", headers=bearer(made["token"])).json()
    assert [s["kind"] for s in doc["seats"]] == ["bot deck", "human", "agent:greedy"]
    assert doc["view"]["state"]["config"]["seating"] == "BPP"


def test_a_person_is_not_seated_at_a_bot_of_the_game(http):
    """Asking for a person at the seat the pattern gives a bot is 400 naming the seat; an agent asked there is
    replaced by the game's bot (its bot deck plays it), and a visitor cannot join it."""
    options = {"players": 1, "bots": 1, "seating": "BP"}
    answer = http.post("/api/matches", json={"game": "spolka_zoo", "options": options, "seats": ["human", "human"]})
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == ("bad-seats", "seats[0]")
    assert _lobby_count(http) == 0
    made = new_match(http, "spolka_zoo", ["agent:random", "human"], options=options, seed=2)
    row = next(r for r in http.get("/api/matches").json() if r["match"] == made["match"])
    assert [s["kind"] for s in row["seats"]] == ["bot deck", "human"]
    joined = http.post(f"/api/matches/{made['match']}/seats/0")
    assert joined.status_code == 409 and joined.json()["code"] == "seat-taken"
