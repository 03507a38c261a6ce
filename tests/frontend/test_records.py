"""Game records: save() and Match.load() replay exactly; every bad record is a DecodeError naming the problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from frontend_helpers import PIG, each_game, played

import tabletop
from tabletop.frontend import Match, read_record
from tabletop.testing.drill import GAME as DRILL


@each_game()
def test_a_finished_match_replays_exactly(game: tabletop.Game) -> None:
    """Loading a saved record gives the same steps, the same final state and the same result."""
    match = played(game, 7)
    loaded = Match.load(match.save(), game=game)
    assert [p.move for p in loaded.plies] == [p.move for p in match.plies]
    assert loaded.state == match.state
    assert loaded.outcome == match.outcome
    assert loaded.seed == match.seed


@each_game()
def test_a_saved_match_continues_the_same_way(game: tabletop.Game) -> None:
    """A match saved halfway and loaded goes on exactly as the original: same seed, same chance."""
    match = Match(game, seed=8)
    for seat in range(match.num_players):
        match.set_agent(seat, "random")
    match.set_agent(0, None)
    for _ in range(3):
        if match.is_over:
            break
        match.play(match.legal_moves()[0])
    loaded = Match.load(match.save(), game=game, agents=dict.fromkeys(range(1, match.num_players), "random"))
    assert loaded.state == match.state
    if not match.is_over:
        move = match.legal_moves()[-1]
        match.play(move)
        loaded.play(str(move))
        assert loaded.state == match.state


def test_record_document_shape(tmp_path: Path) -> None:
    """A record is a tabletop/record envelope with the options, seed, seats, moves and result."""
    match = Match(DRILL, seed=4, agents={1: "greedy"})
    match.play("draw")
    path = tmp_path / "game.json"
    match.save(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == "tabletop/record"
    assert document["version"] == 1
    assert document["game"] == "drill"
    record = document["record"]
    assert record["seed"] == 4
    assert record["seats"] == ["human", "greedy"]
    assert record["seat"] is None
    assert record["moves"][:2] == [{"player": 0, "move": "draw"}, {"player": -1, "move": "token blue"}]
    assert record["result"] is None
    assert Match.load(path, game=DRILL).state == match.state


def test_pig_records_name_their_game() -> None:
    """A third-party game's record replays when the game is passed in."""
    match = played(PIG, 1)
    assert Match.load(match.save(), game=PIG).outcome == match.outcome


def _record(**changes: Any) -> str:
    match = played(DRILL, 3)
    document = json.loads(match.save())
    for key, value in changes.items():
        document["record"][key] = value
    return json.dumps(document)


def _tampered(edit: Any) -> str:
    document = json.loads(played(DRILL, 3).save())
    edit(document)
    return json.dumps(document)


def _set_move(index: int, key: str, value: Any) -> Any:
    def edit(document: dict[str, Any]) -> None:
        document["record"]["moves"][index][key] = value

    return edit


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "tabletop/state", "version": 1, "game": "drill", "state": {}}', "expected format"),
        (_tampered(lambda d: d.update(version=2)), "version: unsupported version 2"),
        (_tampered(lambda d: d.update(game="chess")), "game: this is a 'chess' document, not 'drill'"),
        (_tampered(lambda d: d["record"].pop("moves")), "record.moves: missing field 'moves'"),
        (_tampered(lambda d: d["record"].update(colour="red")), r"record: extra fields found \(colour\)"),
        (_record(players="two"), "record.players: expected an integer"),
        (_record(seed=None), "record.seed: a full record needs its seed"),
        (_record(seats=["human"]), "record.seats: 1 seats listed for 2 players"),
        (_record(options={"colour": "red"}), "record.options: drill has no option 'colour'"),
        (_record(seat=1, seed=None), "record.seat: this is seat 1's copy"),
        (_tampered(_set_move(0, "move", "dance")), r"record.moves\[0\].move: 'dance'"),
        (_tampered(_set_move(0, "player", 1)), r"record.moves\[0\].player: expected a step by seat 0"),
        (_tampered(_set_move(1, "move", None)), r"record.moves\[1\].move: a full record names every move"),
        (_tampered(_set_move(1, "move", "token green")), r"record.moves\[1\].move"),
        (_tampered(lambda d: d["record"].update(result=None)), "record.result: the replay ends with"),
        (_tampered(lambda d: d["record"]["moves"].pop()), "record.result"),
    ],
)
def test_bad_records_are_decode_errors(text: str, message: str) -> None:
    """Each kind of corrupt or foreign record fails with a DecodeError whose message names the problem."""
    with pytest.raises(tabletop.DecodeError, match=message):
        Match.load(text, game=DRILL)


def test_unknown_game_is_a_decode_error() -> None:
    """A record of a game that is not installed names the game."""
    text = _tampered(lambda d: d.update(game="chess"))
    with pytest.raises(tabletop.DecodeError, match="no game named 'chess'"):
        Match.load(text)


def test_seat_copy_reads_as_a_record() -> None:
    """A seat's copy is a valid record (for logs and replays of what the seat saw) that cannot be replayed."""
    match = played(DRILL, 3)
    copy = read_record(match.save(seat=1))
    assert not copy.is_full
    assert copy.seat == 1
    assert copy.seed is None
    assert len(copy.steps) == len(match.plies)
    assert all(step.events is not None for step in copy.steps)


def test_load_reads_a_file_named_by_text(tmp_path: Path) -> None:
    """Match.load takes the path of a record file as a Path or as plain text; text naming no file is JSON."""
    match = played(DRILL, 3)
    path = tmp_path / "game.json"
    match.save(path)
    assert Match.load(str(path), game=DRILL).state == match.state
    assert Match.load(path, game=DRILL).state == match.state
    with pytest.raises(tabletop.DecodeError, match="not valid JSON"):
        Match.load(str(tmp_path / "missing.json"), game=DRILL)
