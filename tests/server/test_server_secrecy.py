"""Secrecy on the wire: what a seat or a spectator receives does not change when a hidden thing does."""

from __future__ import annotations

import json
import random

import pytest
from server_helpers import bearer, client, new_match

import tabletop
from tabletop.frontend import Match, Ply
from tabletop.server.hosting import HUMAN, Hosted, document

#: Games with hidden information, with the options that hide the most.
HIDDEN = [
    ("archipel", {"players": 3, "memory": True}),
    ("spolka_zoo", {"players": 3, "modules": ("hidden_goals", "intrigues")}),
    ("spolka_zoo", {"players": 2, "bots": 1, "modules": ("events", "hidden_goals", "intrigues")}),
]


def _partway(name, options, seed, steps):
    rng = random.Random(seed)
    match = Match(name, seed=seed, options=options)
    while not match.is_over and len(match.plies) < steps:
        match.play(rng.choice(match.legal_moves()))
    return match


def _hosted(match):
    seats = [HUMAN] * match.num_players
    return Hosted("m", match, seats, ["digest"] * match.num_players, 1, 0.0)


def _with_last_state(match, state):
    """A copy of `match` whose current state is `state` (the last step led there instead)."""
    copy = Match.load(match.save(), game=match.game)
    last = copy._plies[copy._cursor - 1]
    copy._plies[copy._cursor - 1] = Ply(last.index, last.player, last.move, last.before, state, last.events)
    return copy


def _wire(hosted, seat):
    """The message a socket of `seat` is sent, without `can_undo`.

    `can_undo` is worked out from the history (did a step since the seat's move inform another
    person?); the perturbation changes the last state only, not the steps that led to it, so it is
    compared on whole histories a seat cannot tell apart in `test_server_undo_secrecy.py` instead.
    """
    doc = document(hosted, seat)
    del doc["can_undo"]
    return json.dumps({"type": "document", "document": doc})


@pytest.mark.parametrize(("name", "options"), HIDDEN)
@pytest.mark.parametrize("seed", range(3))
def test_changing_what_a_seat_cannot_see_leaves_its_messages_and_the_spectators_byte_identical(name, options, seed):
    """Re-sample everything hidden from seat p (hands, goals, intrigues, unseen fish, deck and bag order): p's
    document and the spectator's are byte for byte the same."""
    game = tabletop.get_game(name)
    rng = random.Random(seed)
    for steps in (1, 12, 40):
        match = _partway(name, options, seed, steps)
        original = _hosted(match)
        for seat in range(match.num_players):
            changed = game.perturb(match.state, seat, rng)
            other = _hosted(_with_last_state(match, changed))
            assert _wire(other, seat) == _wire(original, seat), f"seat {seat} saw a change hidden from it"
            assert _wire(other, None) == _wire(original, None), f"the spectator saw a change hidden from seat {seat}"


@pytest.mark.parametrize(("name", "options"), HIDDEN[:2])
def test_the_spectator_sees_nothing_any_seat_keeps_secret(name, options):
    """A spectator's document holds only what every seat's view shows alike: perturbing for any seat leaves it."""
    match = _partway(name, options, 5, 25)
    hosted = _hosted(match)
    spectator = document(hosted, None)
    assert spectator["legal"] == []
    assert spectator["can_undo"] is False
    views = [json.dumps(document(hosted, s)["view"], sort_keys=True) for s in range(match.num_players)]
    if len(set(views)) > 1:  # some seat sees something the others do not: the spectator sees less than each
        assert all(json.dumps(spectator["view"], sort_keys=True) != v for v in views)


def test_tokens_never_reach_another_seat_or_the_lobby():
    """Over the sockets of a three-seat match, no message to a seat or a spectator holds another seat's token."""
    with client() as http:
        options = {"players": 3, "modules": ["hidden_goals", "intrigues"]}
        made = new_match(http, "spolka_zoo", ["human"] * 3, options=options, seed=3)
        match = made["match"]
        tokens = {0: made["token"]}
        for seat in (1, 2):
            tokens[seat] = http.post(f"/api/matches/{match}/seats/{seat}").json()["token"]
        received: dict[int | None, list[str]] = {0: [], 1: [], 2: [], None: []}
        path = f"/ws/matches/{match}"
        with (
            http.websocket_connect(path) as s0,
            http.websocket_connect(path) as s1,
            http.websocket_connect(path) as s2,
            http.websocket_connect(path) as watcher,
        ):
            sockets = {0: s0, 1: s1, 2: s2, None: watcher}
            for seat, ws in sockets.items():
                ws.send_json({"type": "hello"} if seat is None else {"type": "hello", "token": tokens[seat]})
            rng = random.Random(0)
            for _ in range(8):
                doc = http.get(f"/api/matches/{match}").json()
                if not isinstance(doc["turn"], int):
                    break
                mine = http.get(f"/api/matches/{match}", headers=bearer(tokens[doc["turn"]])).json()
                sockets[doc["turn"]].send_json({"type": "move", "move": rng.choice(mine["legal"])["move"]})
                while True:  # every socket gets the document of the step
                    texts = {seat: ws.receive_text() for seat, ws in sockets.items()}
                    for seat, text in texts.items():
                        received[seat].append(text)
                    if json.loads(texts[None])["document"]["step"] > doc["step"]:
                        break
        lobby = http.get("/api/matches").text
        for seat, texts in received.items():
            for other, token in tokens.items():
                if other != seat:
                    assert all(token not in text for text in texts), f"seat {other}'s token reached {seat}"
        assert all(token not in lobby for token in tokens.values())
