"""The fuzz suite: every input class, accepted soundly or refused with a typed error (issue 10).

Quick in CI (the hypothesis profile's examples). A longer run on demand:
``TABLETOP_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py``.
"""

from __future__ import annotations

import functools
import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.frontend.match import Match
from tabletop.kernel.errors import DecodeError, InvariantBroken
from tabletop.kernel.protocol import Game, State
from tabletop.testing import drill, fuzz

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("TABLETOP_FUZZ_EXAMPLES", "0"))
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "conservas": [{}, {"month": "december", "goal": "difficult"}],
    "archipel": [{}, {"players": 5, "memory": True}],
    "spolka_zoo": [{"players": 3, "modules": ("events", "hidden_goals", "intrigues")}, {"players": 1, "bots": 2}],
}


def fuzzed(test: Any) -> Any:
    """The suite's settings: the profile's example count, or TABLETOP_FUZZ_EXAMPLES when set."""
    extra = {"max_examples": EXAMPLES} if EXAMPLES else {}
    return settings(deadline=None, suppress_health_check=list(HealthCheck), **extra)(test)


@functools.cache
def _states(name: str) -> tuple[State, ...]:
    return tuple(fuzz.sample_states(tabletop.get_game(name), OPTIONS[name], steps=60, seeds=2))


@functools.cache
def _matches(name: str) -> tuple[Match, ...]:
    matches = []
    for seed, options in enumerate(OPTIONS[name]):
        seats = tabletop.get_game(name).new_game(seed, **options).num_players
        match = Match(name, seed=seed, options=options, agents=dict.fromkeys(range(seats), "random"))
        match.advance()
        matches.append(match)
    return tuple(matches)


@functools.cache
def _records(name: str) -> tuple[str, ...]:
    return tuple(match.save() for match in _matches(name))


@functools.cache
def _seat_copies(name: str) -> tuple[str, ...]:
    return tuple(match.save(seat=seat) for match in _matches(name) for seat in range(match.num_players))


GAMES = tabletop.GAMES


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_state_json(name: str, data: st.DataObject) -> None:
    """Mutated state and view JSON: read soundly (round trip, invariants, a step) or DecodeError."""
    game = tabletop.get_game(name)
    text = data.draw(fuzz.state_documents(game, _states(name)))
    fuzz.check_state_text(game, text)


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_records(name: str, data: st.DataObject) -> None:
    """Mutated records: replayed (Match.load) or refused with a TabletopError."""
    text = data.draw(fuzz.record_documents(_records(name)))
    fuzz.check_record_text(text, lambda t: Match.load(t, agents={}))


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_record_reading(name: str, data: st.DataObject) -> None:
    """Mutated full records and seats' copies: read_record accepts them (and they round-trip) or
    refuses them with a DecodeError, never another exception."""
    text = data.draw(fuzz.record_documents(_records(name) + _seat_copies(name)))
    fuzz.check_record_read(text, game=data.draw(st.sampled_from([None, name])))


def _content_files() -> list[Path]:
    return sorted(p for game in GAMES for p in (ROOT / "src" / "tabletop" / game / "data").glob("*.toml"))


def _loader(text: str) -> Any:
    kind = tomllib.loads(text).get("kind", "") if text else ""
    game, _, part = str(kind).partition(".")
    return tabletop.get_game(game).content.get(part) if game in GAMES else None


@fuzzed
@given(data=st.data())
def test_content_and_board_files(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Mutated content and board files: loaded or refused with a ContentError naming the file."""
    name, text = data.draw(fuzz.content_texts(_content_files()))
    path = tmp_path_factory.mktemp("content") / name
    path.write_text(text, encoding="utf-8")
    original = (next(p for p in _content_files() if p.name == name)).read_text(encoding="utf-8")
    loader = _loader(original)
    if loader is None:  # rules.toml: a catalogue, read by the conformance runner
        return
    fuzz.check_content_text(loader, path)


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_notation(name: str, data: st.DataObject) -> None:
    """Edited and junk notation: parses to a move whose text parses back to it, or NotationError."""
    game = tabletop.get_game(name)
    state = data.draw(st.sampled_from(_states(name)))
    fuzz.check_notation(game, state, data.draw(fuzz.notations(state)))


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_options(name: str, data: st.DataObject) -> None:
    """Any keyword options: a sound new game, or a ValueError naming the option."""
    game = tabletop.get_game(name)
    fuzz.check_options(game, data.draw(fuzz.option_sets(game)))


@functools.cache
def _every_move() -> tuple[Any, ...]:
    return tuple(m for name in GAMES for s in _states(name) for m in s.legal_moves())


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_moves_from_another_state_seat_or_game(name: str, data: st.DataObject) -> None:
    """A move of another state, seat or game: applied legally or refused with IllegalMove, nothing changed."""
    state = data.draw(st.sampled_from(_states(name)))
    seat = data.draw(st.integers(0, state.num_players - 1))
    move = data.draw(fuzz.foreign_moves(_every_move()))
    fuzz.check_move(state, move)
    fuzz.check_move(state.view(seat), move)


@fuzzed
@given(data=st.data())
def test_cli_arguments(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Command lines: an exit code and a message, never a traceback."""
    folder = tmp_path_factory.mktemp("cli")
    record = folder / "rec.json"
    record.write_text(data.draw(fuzz.record_documents(_records("conservas"))), encoding="utf-8")
    content = folder / "boats.toml"
    content.write_text(data.draw(fuzz.content_texts(_content_files()))[1], encoding="utf-8")
    argv = data.draw(fuzz.cli_arguments([str(record), str(content)]))
    assert fuzz.check_cli(argv) in (0, 1, 2)


@pytest.mark.parametrize("name", GAMES)
@fuzzed
@given(data=st.data())
def test_out_of_range_numbers(name: str, data: st.DataObject) -> None:
    """A number set out of range is read soundly or refused; an invariant that names where the state is
    broken (InvariantBroken(path=...), as the games raise it) names a field of the document."""
    game = tabletop.get_game(name)
    text, path = data.draw(fuzz.out_of_range_documents(_states(name)))
    fuzz.check_out_of_range(game, text, path)


@pytest.mark.parametrize("name", GAMES)
def test_every_number_out_of_range(name: str) -> None:
    """Deterministic: every integer field of a game's first and last sampled states set to every
    out-of-range value is read soundly or refused, and quickly enough to try them all (a Spółka ZOO
    starting fruit of 2**40 once made a refusal's message spell out a trillion tokens)."""
    states = _states(name)
    game = tabletop.get_game(name)
    refused = 0
    for state in (states[0], states[-1]):
        for text, path in fuzz.every_out_of_range(state):
            refused += fuzz.check_out_of_range(game, text, path) is not None
    assert refused > 0


def _ranged(state: Any) -> None:
    """Drill's invariants, and the ranges of its numbers raised as InvariantBroken at their path."""
    if not 0 <= state.looking <= 3:
        raise InvariantBroken(f"looking at {state.looking} cards (0 to 3)", path="looking", rule="DRILL-2")
    if state.flow.round > drill.TURNS:
        raise InvariantBroken(f"round {state.flow.round} after the last ({drill.TURNS})", path="flow.round")
    for i, hand in enumerate(state.hands):
        for kind, count in hand.items():
            if count > drill.BAG[kind]:
                msg = f"{count} {kind} tokens, of {drill.BAG[kind]} in the game"
                raise InvariantBroken(msg, path=f"hands[{i}].{kind}", rule="DRILL-1")
    for kind, count in state.bag.contents.items():
        if count > drill.BAG[kind]:
            raise InvariantBroken(f"{count} {kind} tokens in the bag", path=f"bag.contents.{kind}", rule="DRILL-1")
    assert drill.GAME.invariants is not None
    drill.GAME.invariants(state)


def _ranged_game() -> Any:
    """The drill with `_ranged` as its invariants (a game derived from the drill: the drill's states
    still play by the drill, see `Game.__attrs_post_init__`)."""
    return attrs.evolve(drill.GAME, invariants=_ranged)


RANGED = _ranged_game()
RANGED_FIELDS = re.compile(r"state\.(looking|flow\.round|hands\[\d\]\.\w+|bag\.contents\.\w+)$")


@fuzzed
@given(data=st.data())
def test_out_of_range_numbers_are_reported_at_their_field(data: st.DataObject) -> None:
    """Game-independent: a game whose invariants raise InvariantBroken(path=...) gets every out-of-range
    number of a ranged field refused at exactly that field's path, with the value in the message."""
    text, path = data.draw(fuzz.out_of_range_documents(_drill_states()))
    error = fuzz.check_out_of_range(RANGED, text, path)
    if RANGED_FIELDS.match(path):
        assert error is not None, f"{path} out of range was accepted"
        assert error.path == path
        value = str(fuzz._get(json.loads(text), tuple(int(i) if i.isdigit() else i for i in _parts(path))))
        assert value in str(error)


def test_the_ranged_drill_leaves_the_drill_as_it_was() -> None:
    """Building the ranged drill does not change the game the drill's states play by (nor does
    docs/howto/fuzz-and-soak.md's example, which builds one too): the first game built for a state
    type stays its game."""
    before = drill.DrillState.GAME
    assert _ranged_game().invariants is _ranged
    assert drill.DrillState.GAME is before
    assert drill.GAME.new_game(1).GAME is before


def _parts(path: str) -> list[str]:
    return [a or b for a, b in re.findall(r"\.?([^.\[\]]+)|\[(\d+)\]", path)]


@functools.cache
def _drill_states() -> tuple[State, ...]:
    return tuple(fuzz.sample_states(drill.GAME, steps=30, seeds=4))


def test_an_invariant_names_the_field_and_value() -> None:
    """Examples of the game-independent case: the field path, the value and the rule in the DecodeError."""
    state = _drill_states()[3]
    document = json.loads(state.to_json())
    document["state"]["looking"] = 99
    with pytest.raises(DecodeError) as caught:
        RANGED.state_from_json(json.dumps(document))
    assert caught.value.path == "state.looking"
    assert "looking at 99 cards (0 to 3) (DRILL-2)" in str(caught.value)
    document["state"]["looking"] = 0
    document["state"]["bag"]["contents"]["red"] = 7
    with pytest.raises(DecodeError) as caught:
        RANGED.state_from_json(json.dumps(document))
    assert caught.value.path == "state.bag.contents.red"
    document["state"]["bag"]["contents"]["red"] = 1
    assert RANGED.state_from_json(json.dumps(document)) == state


def test_the_generators_reach_both_verdicts() -> None:
    """The mutations are not all refused (they reach deep code) nor all accepted (they bite)."""
    game: Game = tabletop.get_game("conservas")
    verdicts: set[bool] = set()

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(fuzz.state_documents(game, _states("conservas")))
    def read(text: str) -> None:
        verdicts.add(fuzz.check_state_text(game, text))

    read()
    assert verdicts == {True, False}
