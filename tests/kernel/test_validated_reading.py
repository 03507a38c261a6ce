"""Reading a state checks everything a constructor would and every invariant (issue 10).

Each case is one of the inputs the issue found silently accepted or crashing; each must be
refused with a ``DecodeError`` naming the field path and the bad value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.serialize import MAX_DEPTH, check_bounds

Edit = Callable[[dict[str, Any]], None]


def _document(game: str, seed: int = 3, **options: Any) -> dict[str, Any]:
    state = tabletop.get_game(game).new_game(seed, **options)
    return json.loads(state.to_json())  # type: ignore[no-any-return]


def _set(path: str, value: Any) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc["state"]
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _delete(path: str) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc["state"]
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]

    return edit


CASES = [
    # (game, edit, words the message must hold, the path it must name)
    ("spolka_zoo", _set("seats.0.money", "10"), "expected an integer, got '10'", "state.seats[0].money"),
    ("conservas", _set("money", "10"), "expected an integer, got '10'", "state.money"),
    ("conservas", _set("money", -5), "negative money: -5", "state.money"),
    ("conservas", _set("month", "smarch"), "month 'smarch'", "state.month"),
    ("archipel", _set("boats.0.fuel", 99), "fuel", "state.boats[0].fuel"),
    ("archipel", _set("spots.0.face_up", 1), "expected true or false, got 1", "state.spots[0].face_up"),
    ("spolka_zoo", _set("seats.0.helpers", "abc"), "expected a list, got 'abc'", "state.seats[0].helpers"),
    ("spolka_zoo", _delete("finished"), "missing field 'finished'", "state.finished"),
    ("conservas", _delete("forfeit"), "missing field 'forfeit'", "state.forfeit"),
    ("spolka_zoo", _set("flow.step", "bogus"), "unknown step 'setup.bogus'", "state.flow"),
    ("conservas", _set("flow.player", 3), "seat 3 does not exist", "state.flow.player"),
    ("spolka_zoo", _set("share_price", [1, 2]), "expected a list of 3 items, got 2", "state.share_price"),
]


@pytest.mark.parametrize(("game", "edit", "words", "path"), CASES, ids=[f"{c[0]}-{c[3]}-{c[2][:20]}" for c in CASES])
def test_a_damaged_state_is_refused_naming_the_field_and_the_value(
    game: str, edit: Edit, words: str, path: str
) -> None:
    """Types are strict, every field is required, and the invariants and the phase table are checked."""
    doc = _document(game)
    edit(doc)
    with pytest.raises(DecodeError) as info:
        tabletop.get_game(game).state_from_json(json.dumps(doc))
    assert words in str(info.value)
    assert info.value.path == path


def test_the_version_must_be_the_integer_1() -> None:
    """``"version": true`` is not version 1 (True == 1 in Python)."""
    doc = _document("conservas")
    doc["version"] = True
    with pytest.raises(DecodeError, match="unsupported version True"):
        tabletop.get_game("conservas").state_from_json(json.dumps(doc))


def test_a_huge_token_count_is_refused_before_anything_runs() -> None:
    """A count beyond the kernel's bound never reaches the game (no hang)."""
    doc = _document("conservas")
    doc["state"]["supply"] = {f"k{i}": 10**9 for i in range(3)}
    with pytest.raises(DecodeError, match="must be a positive integer"):
        tabletop.get_game("conservas").state_from_json(json.dumps(doc))


def test_a_multiset_of_300000_kinds_is_refused_at_once() -> None:
    """The issue's hang: a token count with 300,000 kinds (here 100,000, under the size bound)."""
    doc = _document("spolka_zoo")
    doc["state"]["warehouse"] = {f"k{i}": 1 for i in range(100_000)}
    with pytest.raises(DecodeError, match="100000 kinds of token, more than the 1000 allowed") as info:
        tabletop.get_game("spolka_zoo").state_from_json(json.dumps(doc))
    assert info.value.path == "state.warehouse"


@pytest.mark.parametrize("text", ["[" * 2000 + "]" * 2000, '{"a":' * 100 + "1" + "}" * 100, "[" * 100_000])
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    """The RecursionError of the issue: nesting is bounded by a linear scan before ``json.loads``."""
    for name in tabletop.GAMES:
        with pytest.raises(DecodeError, match=f"nests deeper than {MAX_DEPTH}"):
            tabletop.get_game(name).state_from_json(text)


def test_bounds_skip_brackets_inside_strings_and_refuse_long_or_non_utf8_text() -> None:
    """Brackets in strings do not count; too long a text and bytes that are not UTF-8 are refused."""
    assert check_bounds('{"a": "' + "[" * 500 + '"}') == '{"a": "' + "[" * 500 + '"}'
    assert check_bounds(b'{"a": "\\"[[["}') == '{"a": "\\"[[["}'
    with pytest.raises(DecodeError, match="more than the 10 allowed"):
        check_bounds("[1, 2, 3, 4, 5]", max_text=10)
    with pytest.raises(DecodeError, match="not UTF-8"):
        check_bounds(b"\xff\xfe{}")


def _exact_depth_error(text: str, max_depth: int) -> str | None:
    """The reference: the nesting scan done bracket by bracket, strings skipped."""
    depth = 0
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return f"the document nests deeper than {max_depth} levels (at character {match.start()})"
        elif token in "]}":
            depth -= 1
    return None


@settings(max_examples=400)
@given(st.text(alphabet='[]{}"\\a', max_size=60) | st.text(alphabet='[]{}"a', max_size=60), st.integers(0, 9))
def test_the_fast_nesting_check_agrees_with_the_exact_scan(text: str, max_depth: int) -> None:
    """check_bounds refuses exactly the texts the bracket-by-bracket scan refuses, with its message."""
    expected = _exact_depth_error(text, max_depth)
    if expected is None:
        assert check_bounds(text, max_depth=max_depth) == text
    else:
        with pytest.raises(DecodeError) as info:
            check_bounds(text, max_depth=max_depth)
        assert str(info.value).startswith(expected)


def test_views_still_read_back() -> None:
    """A seat's view (hidden cards, no seed) is a state too: it reads back equal."""
    game = tabletop.get_game("spolka_zoo")
    state = game.new_game(4, players=3, modules=("hidden_goals", "intrigues"))
    for _ in range(40):
        state = state.apply(tabletop.sample_chance(state) if state.is_chance_node else state.legal_moves()[0])
    for seat in range(state.num_players):
        view = state.view(seat)
        assert game.state_from_json(view.to_json()) == view


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("os:path", "os:path is not a tabletop Game (it is a module)"),
        ("no.such:GAME", "cannot load game 'no.such:GAME': no module 'no'"),
        ("tabletop:nothing", "module 'tabletop' has no attribute 'nothing'"),
    ],
)
def test_replay_with_a_game_that_is_not_one_is_a_one_line_error(
    target: str, words: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tabletop replay rec.json --game os:path` (and a missing module) exit 2 with a message, no traceback."""
    from tabletop.cli import main
    from tabletop.registry import GameNotFound

    record = tmp_path / "rec.json"
    record.write_text("{}", encoding="utf-8")
    assert main(["replay", str(record), "--game", target]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    with pytest.raises(GameNotFound, match="tabletop Game|cannot load"):
        tabletop.get_game(target)


def test_a_move_built_with_fields_of_the_wrong_type_is_refused() -> None:
    """Spółka ZOO `apply(Order((None,)))` raised TypeError from `__str__`; now IllegalMove malformed-move."""
    from tabletop.spolka_zoo import Draw, Order

    state = tabletop.get_game("spolka_zoo").new_game(1)
    for move in (Order((None,)), Draw(5)):  # type: ignore[arg-type]
        with pytest.raises(tabletop.IllegalMove) as info:
            state.apply(move)
        assert info.value.code == "malformed-move"


def test_a_spolka_zoo_view_at_a_chance_node_refuses_to_list_what_it_cannot_know() -> None:
    """A view drawing hidden cards: `legal_moves()`/`chance_outcomes()` refuse with hidden-in-view, not KeyError '?'."""
    state = tabletop.get_game("spolka_zoo").new_game(1, modules=("hidden_goals",))
    state = state.apply(state.legal_moves()[0])  # the boards: now the rows are drawn, then the goals dealt
    while state.queue[0].op == "draw_row":  # the influence and helper decks' composition is public
        assert state.view(0).chance_outcomes() == state.chance_outcomes()
        state = state.apply(state.legal_moves()[0])
    assert state.is_chance_node and state.queue[0].op == "deal"  # a goal dealt from the face-down box
    view = state.view(0)
    for ask in (view.legal_moves, view.chance_outcomes):
        with pytest.raises(tabletop.IllegalMove, match="cannot list the outcomes") as info:
            ask()
        assert info.value.code == "hidden-in-view"


def test_replay_refuses_a_file_too_big_to_be_a_record_before_reading_it(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The size bound holds before the file is read (a sparse 20 MB file is never loaded)."""
    from tabletop.cli import main

    record = tmp_path / "huge.json"
    with record.open("wb") as handle:
        handle.truncate(20_000_000)
    assert main(["replay", str(record)]) == 2
    assert "too big for a record" in capsys.readouterr().err
