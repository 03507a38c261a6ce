"""`can_undo` and undo's answers on the wire give a seat nothing it may not know.

Whether undo is allowed depends on the history. Two matches are built step by step whose
histories differ only in what one seat cannot see: at each step the twin plays a move or a
chance outcome (the same one when it can) that leaves that seat's view and the events it sees
exactly as in the first match, while what is hidden from the seat (the goals and intrigues
dealt to the others, the fish face down, what the others picked in secret) may differ. The
seat's documents, `can_undo` included, and the answer to its undo must be the same in both.

At a table of several people, the Match rules also stop undo at a step that showed *another*
person something new, which depends on what that person knew: this test found seat 1 of a
three-person Spółka ZOO allowed undo in one twin and refused in the other (step 77, seat 0
had or had not already known the intrigue seat 1 played). The server now makes moves final
where another seat is a person (`undo_refusal`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from tabletop.frontend import Match
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.errors import UndoError
from tabletop.kernel.protocol import Move, State
from tabletop.server.hosting import HUMAN, ApiError, Hosted, document, undo_refusal

CASES = [
    ("spolka_zoo", {"players": 3, "modules": ("hidden_goals", "intrigues")}),
    ("spolka_zoo", {"players": 2, "bots": 1, "modules": ("events", "hidden_goals", "intrigues")}),
]
"""Spółka ZOO's goals and intrigues are hidden from one seat and known to another (Archipel's hidden
fish are hidden from every boat alike, so its twins never differ in what one boat alone cannot see)."""
AGENT = "agent:random"
Seen = tuple[str, tuple[str, ...]]
"""What a seat perceives of a step: its view after it (JSON) and the events it sees."""


def _seen(state: State, move: Move, seat: int) -> Seen:
    """What `seat` perceives of `move` played in `state`: its view after, and the events it sees."""
    after = state.apply(move)
    events = tuple(json.dumps(e.to_dict(), sort_keys=True, default=str) for e in state.events(move, after))
    visible = tuple(text for text, e in zip(events, state.events(move, after), strict=True) if e.visible(seat))
    return after.view(seat).to_json(), visible


def _twin_move(twin: State, wanted: Seen, seat: int, same: Move, rng: random.Random) -> Move | None:
    """A move of `twin` that `seat` perceives as `wanted`: `same` when it is one (a person's move)."""
    moves = list(twin.legal_moves())
    rng.shuffle(moves)
    if twin.current_player != CHANCE and same in moves:
        moves.remove(same)
        moves.insert(0, same)
    return next((m for m in moves if _seen(twin, m, seat) == wanted), None)


def twin_histories(name: str, options: dict, seed: int, seat: int, steps: int) -> Iterator[tuple[Match, Match, bool]]:
    """Two matches played in step; after each step, yield both and whether they differ yet.

    The first plays random moves and chance outcomes; the second, at each step, one that `seat`
    cannot tell from it. Stops early when no move of the first has a twin (the twins' hidden
    pasts led them apart, to a step that would show it).
    """
    rng = random.Random(seed * 10 + seat)
    first = Match(name, seed=seed, options=options, auto_chance=False)
    second = Match(name, seed=seed, options=options, auto_chance=False)
    differ = False
    while not first.is_over and len(first.plies) < steps:
        moves = list(first.legal_moves())
        rng.shuffle(moves)
        for move in moves:
            twin = _twin_move(second.state, _seen(first.state, move, seat), seat, move, rng)
            if twin is not None:
                break
        else:
            return
        differ = differ or str(twin) != str(move)
        first.play(move)
        second.play(twin)
        yield first, second, differ


def _hosted(match: Match, kinds: tuple[str, ...]) -> Hosted:
    for other, kind in enumerate(kinds):
        match.set_agent(other, None if kind == HUMAN else "random")  # the seat's kind, without moving
    return Hosted("m", match, kinds, ["digest"] * len(kinds), 1, 0.0)


def _undo_answer(hosted: Hosted, seat: int) -> str:
    """What the server answers `seat`'s undo with: the refusal's JSON, or the document after it."""
    refusal = undo_refusal(hosted, seat)
    if refusal is not None:
        return json.dumps(refusal.to_json())
    try:
        hosted.match.undo(seat)
    except UndoError as exc:
        return json.dumps(ApiError(409, str(exc), "undo-refused").to_json())
    return json.dumps(document(hosted, seat))


@pytest.mark.parametrize(("name", "options"), CASES, ids=["3-players", "2-players-1-bot"])
@pytest.mark.parametrize("table", ["alone", "with-people"])
def test_histories_a_seat_cannot_tell_apart_give_it_the_same_can_undo_and_messages(name, options, table):
    """Alone against agents, or at a table of people: the seat's documents and undo answers are equal."""
    allowed = differed = 0
    for seed in range(2):
        seats = Match(name, seed=seed, options=options).num_players
        for seat in range(seats):
            kinds = tuple(HUMAN if table == "with-people" or s == seat else AGENT for s in range(seats))
            pair = None
            for first, second, differ in twin_histories(name, options, seed, seat, 80):
                hosted = _hosted(first, kinds), _hosted(second, kinds)
                docs = [json.dumps(document(h, seat), sort_keys=True) for h in hosted]
                step = len(first.plies)
                assert docs[0] == docs[1], f"seat {seat} told apart two histories it cannot see (step {step})"
                allowed += json.loads(docs[0])["can_undo"]
                differed += differ
                pair = hosted
                for match in (first, second):
                    _hosted(match, (HUMAN,) * seats)  # back to people: the test plays every seat
            assert pair is not None
            for hosted in pair:
                _hosted(hosted.match, kinds)
            assert _undo_answer(pair[0], seat) == _undo_answer(pair[1], seat)
    assert differed, "the twin histories never differed: nothing was tested"
    if table == "alone":
        assert allowed, "undo was never allowed: the alone case tested nothing"
    else:
        assert not allowed, "at a table of people moves are final"
