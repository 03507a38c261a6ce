"""Agents move after the mover's push, one push per move: a slow agent holds back no one's update."""

from __future__ import annotations

from typing import Any

from server_helpers import bearer, client, first_legal, new_match, next_of

#: A real agent with a real time budget: information-set MCTS thinking half a second a decision.
SLOW = "agent:ismcts:seconds=0.5"


def _moves_since(doc: dict[str, Any], step: int) -> dict[int, int]:
    """The steps played by seats (not chance) after `step` in `doc`'s events: ply -> seat."""
    return {e["ply"]: e["seat"] for e in doc["events"] if e["ply"] >= step and e["seat"] is not None}


def test_the_movers_document_comes_first_then_each_agent_move_in_its_own_push():
    """Spółka ZOO, a person and two agents (one slow): after the person's move, its socket is sent the
    document with that move and nothing of the agents yet; then one document per agent move."""
    seats = ["human", SLOW, "agent:random"]
    with client() as http:
        made = new_match(http, "spolka_zoo", seats, options={"players": 3}, seed=4)
        with http.websocket_connect(f"/ws/matches/{made['match']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            doc = next_of(ws, "document")["document"]
            before_slow = pushes = 0
            while before_slow < 2 and doc["turn"] != "over":
                if doc["turn"] != 0:  # an agent moves: the next push holds exactly its one move
                    pushed = next_of(ws, "document")["document"]
                    moved = _moves_since(pushed, doc["step"])
                    assert list(moved.values()) == [doc["turn"]], (doc["turn"], moved)
                    pushes += 1
                    doc = pushed
                    continue
                ws.send_json({"type": "move", "move": first_legal(doc)})
                mine = next_of(ws, "document")["document"]
                assert list(_moves_since(mine, doc["step"]).values()) == [0]
                if mine["turn"] == 1:  # the slow agent is to move: the person's update did not wait for it
                    before_slow += 1
                    answer = http.get(f"/api/matches/{made['match']}", headers=bearer(made["token"])).json()
                    assert answer["step"] >= mine["step"]
                doc = mine
            assert before_slow == 2
            assert pushes >= 2


def test_a_match_stored_at_an_agents_turn_goes_on_when_a_client_comes(tmp_path):
    """A match left at an agent's turn (stored by a host that never ran its agents, as a server stopped
    mid-thought): a new app on the database lets the agent move as soon as a client reads or says hello."""
    from starlette.testclient import TestClient

    from tabletop.server.app import create_app
    from tabletop.server.hosting import Host
    from tabletop.server.storage import open_storage

    db = str(tmp_path / "matches.sqlite3")
    made = Host(open_storage(db)).create(
        {"game": "spolka_zoo", "options": {"players": 2}, "seats": ["agent:random", "human"], "seed": 1, "seat": 1}
    )
    with TestClient(create_app(db)) as http:
        url, auth = f"/api/matches/{made['match']}", bearer(made["token"])
        waiting = http.get(url, headers=auth).json()
        assert waiting["turn"] == 0, "the agent has not moved yet"
        with http.websocket_connect(f"/ws/matches/{made['match']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            doc = next_of(ws, "document")["document"]
            while doc["turn"] == 0:
                doc = next_of(ws, "document")["document"]
        assert doc["turn"] in (1, "over")
        assert 0 in _moves_since(doc, waiting["step"]).values()
