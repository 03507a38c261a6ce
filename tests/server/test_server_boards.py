"""Board data: every game drawn from the view, every move's target a drawn element, labels in words."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.frontend import Match
from tabletop.server import boards
from tabletop.server.hosting import HUMAN, Hosted, document

GAMES = [
    ("conservas", {}),
    ("archipel", {"players": 2, "memory": True}),
    ("spolka_zoo", {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}),
]


def _elements(value, found):
    if isinstance(value, dict):
        if isinstance(value.get("element"), str):
            found.add(value["element"])
        for item in value.values():
            _elements(item, found)
    elif isinstance(value, list):
        for item in value:
            _elements(item, found)
    return found


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_target_is_drawn_and_every_label_is_words(name, options):
    """Along a random game, each legal move's target is an element of the board, and its label is not empty."""
    match = Match(name, seed=4, options=options)
    hosted = Hosted("m", match, [HUMAN] * match.num_players, [None] * match.num_players, 1, 0.0)
    rng = random.Random(4)
    targeted = 0
    for _ in range(60):
        if match.is_over:
            break
        seat = match.current_player
        doc = document(hosted, seat)
        json.dumps(doc["board"])
        drawn = _elements(doc["board"], set())
        assert drawn, f"{name}: nothing drawn"
        for entry in doc["legal"]:
            assert entry["label"]
            assert entry["target"] is None or entry["target"] in drawn, entry
            targeted += entry["target"] is not None
        assert document(hosted, None)["board"]["game"] == name  # the spectator's board draws too
        match.play(rng.choice(match.legal_moves()))
    assert targeted > 0, f"{name}: no move ever had a target"


def test_the_conservas_market_grid_follows_the_month():
    """Conservas' market is the month's grid of spaces, each with its needs, price and filling."""
    match = Match("conservas", seed=1)
    view = json.loads(match.view(0).to_json())
    drawn = boards.board("conservas", view, 0)
    assert len(drawn["market"]) == len(view["state"]["market"])
    assert all(space["filled"] == "" for space in drawn["market"])
    assert {"row", "col", "needs", "price"} <= set(drawn["market"][0])


def test_spolka_zoo_shows_only_ones_own_goal_and_intrigues():
    """A seat's board holds its own goal and intrigue texts; for the other seats only how many intrigues."""
    match = Match("spolka_zoo", seed=2, options={"players": 3, "modules": ("hidden_goals", "intrigues")})
    view = json.loads(match.view(1).to_json())
    seats = boards.board("spolka_zoo", view, 1)["seats"]
    assert seats[1]["goal"]["text"]
    assert all(card["text"] for card in seats[1]["intrigues"])
    assert "goal" not in seats[0]
    assert isinstance(seats[0]["intrigues"], int)


def test_archipel_is_drawn_on_the_matchs_own_board(tmp_path):
    """A match on a board file of its own: its board data holds that board's islands, names and places."""
    from server_helpers import custom_board

    from tabletop.archipel.content.board import board_for, load_board

    path = custom_board(tmp_path)
    own = Match("archipel", seed=3, options={"players": 2, "board": str(path)})
    reference = Match("archipel", seed=3, options={"players": 2})
    drawn, usual = (boards.board("archipel", json.loads(m.view(0).to_json()), 0) for m in (own, reference))
    assert (drawn["name"], drawn["reference"]) == ("Mine", False)
    first = drawn["islands"][0]
    assert (first["id"], first["name"], first["element"]) == ("home", "Home Island", "island:home")
    assert "home" not in {i["id"] for i in usual["islands"]}
    data = board_for(load_board(path)).data  # the board by the name its states hold
    assert [(a["x"], a["y"]) for a in drawn["areas"]] == [(a.x, a.y) for a in data.areas]
    assert [a["y"] for a in drawn["areas"]] != [a["y"] for a in usual["areas"]]
    places = [(t["x"], t["y"]) for t in drawn["islands"] + drawn["spots"] + drawn["home_ports"]]
    places += [(s["x"], s["y"]) for c in drawn["channels"] for s in c["spaces"]]
    assert len(set(places)) == len(places), "two places drawn at one point"
    assert _elements(drawn, set()) >= {"island:home", "spot:f01", "storm:s1", "boat:0"}
