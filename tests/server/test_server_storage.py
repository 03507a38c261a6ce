"""Storage: matches survive a restart (SQLite file) and are shared by processes (PostgreSQL)."""

from __future__ import annotations

import pytest
from server_helpers import first_legal, postgres_url

from tabletop.server.hosting import ApiError, Host
from tabletop.server.storage import open_storage


@pytest.fixture(params=["sqlite", "postgres"])
def where(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "matches.sqlite3")
    return postgres_url()


def _play_some(host, made, moves):
    """Play `moves` moves of the creator's seat, the agents moving in between (as the app has them)."""
    for _ in range(moves):
        while host.agent_step(made["match"]):
            pass
        doc = host.read(made["match"], made["token"])
        if doc["turn"] != made["seat"]:
            break
        doc = host.play(made["match"], made["token"], {"move": first_legal(doc)})
    return host.read(made["match"], made["token"])


def test_a_new_host_on_the_same_database_resumes_every_match_exactly(where):
    """A restarted server (a new Host on the same storage) shows each seat the very document it had."""
    first = Host(open_storage(where))
    made = first.create({"game": "conservas", "seats": ["human"], "seed": 11})
    zoo = first.create({"game": "spolka_zoo", "options": {"players": 2}, "seats": ["human", "agent:random"]})
    doc = _play_some(first, made, 4)
    zoo_doc = _play_some(first, zoo, 3)
    first.storage.close()
    second = Host(open_storage(where))
    assert second.read(made["match"], made["token"]) == doc
    assert second.read(zoo["match"], zoo["token"]) == zoo_doc
    assert {made["match"], zoo["match"]} <= {row["match"] for row in second.lobby()}
    _play_some(second, made, 1)


def test_two_hosts_share_moves_and_never_overwrite_each_other(where):
    """Two processes on one database: each sees the other's moves; a stale copy replays on the stored one."""
    one, two = Host(open_storage(where)), Host(open_storage(where))
    made = one.create({"game": "archipel", "options": {"players": 2}, "seats": ["human", "human"], "seed": 4})
    joined = two.join(made["match"], 1)
    seats = {0: made["token"], 1: joined["token"]}
    hosts = [one, two]
    for i in range(6):
        host = hosts[i % 2]  # alternate processes: each must read the other's last move
        doc = host.read(made["match"], None)
        if doc["turn"] not in seats:
            break
        token = seats[doc["turn"]]
        mine = host.read(made["match"], token)
        after = host.play(made["match"], token, {"move": first_legal(mine)})
        assert after["step"] > mine["step"]
        assert hosts[(i + 1) % 2].read(made["match"], token) == after
    with pytest.raises(ApiError) as refused:
        one.join(made["match"], 1)
    assert refused.value.code == "seat-taken"
