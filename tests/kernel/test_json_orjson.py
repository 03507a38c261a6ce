"""The optional orjson path (the `fast` extra) writes and reads exactly what the standard
library does: the same text for every state and view of seeded games of every game (compact
and indented), the same values for every text, the same `DecodeError` for every bad document.

Skipped where orjson is not installed, except in CI (`TABLETOP_REQUIRE_EXTRAS=1`), where it
fails. The standard-library path is forced in-process with
[`use_orjson(False)`][tabletop.kernel.jsontext.use_orjson] (what `TABLETOP_JSON=stdlib` does at
import), so both paths run in every CI run.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.kernel import jsontext
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.jsontext import JSON_ENV, loads, orjson_used, use_orjson
from tabletop.testing import fuzz

if importlib.util.find_spec("orjson") is None:
    if os.environ.get("TABLETOP_REQUIRE_EXTRAS") == "1":
        pytest.fail("orjson is not installed, but TABLETOP_REQUIRE_EXTRAS=1 requires every extra", pytrace=False)
    pytest.skip("the fast extra (orjson) is not installed", allow_module_level=True)

GAMES = (*tabletop.GAMES, "tabletop.testing.drill:GAME")

_SAMPLES = {name: fuzz.sample_states(tabletop.get_game(name), steps=40, seeds=1) for name in tabletop.GAMES}
"""States of each game to mutate (fuzz's strategy)."""


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    """Each test starts on orjson and leaves the backend as it found it."""
    before = use_orjson(True)
    yield
    use_orjson(before)


def _both(work: Callable[[], Any]) -> tuple[Any, Any]:
    """`work()` on orjson, then on the standard library alone (each from no kept text)."""
    use_orjson(True)
    fast = work()
    use_orjson(False)
    slow = work()
    use_orjson(True)
    return fast, slow


def _outcome(read: Callable[[], Any]) -> tuple[str, Any]:
    """What `read()` gives: its value (repr, so that 1 and 1.0 differ), or its error."""
    try:
        return "value", repr(read())
    except DecodeError as exc:
        return "DecodeError", (str(exc), exc.path)
    except ValueError as exc:
        return type(exc).__name__, str(exc)


def _states(name: str, seeds: int = 2) -> list[Any]:
    """Every state and every seat's view of `seeds` seeded random games of `name`."""
    game = tabletop.get_game(name)
    found = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while True:
            found += [state, *(state.view(p) for p in range(state.num_players))]
            if state.is_terminal:
                break
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)
    return found


def test_the_environment_variable_turns_orjson_off_at_import() -> None:
    """`TABLETOP_JSON=stdlib` (docs/protocol.md) keeps orjson out even where it is installed."""
    code = "from tabletop.kernel.jsontext import orjson_used; print(orjson_used())"
    for value, used in (("stdlib", "False"), ("", "True")):
        env = {**os.environ, JSON_ENV: value}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == used
    assert orjson_used()


@pytest.mark.parametrize("name", GAMES)
def test_every_state_and_view_is_written_alike_by_both_encoders(name: str) -> None:
    """The same compact and indented text, byte for byte, and it reads back equal on both."""
    states = _states(name)
    fast, slow = _both(lambda: [(s.to_json(), s.to_json(indent=2)) for s in states])
    assert fast == slow
    game = tabletop.get_game(name)
    texts = [compact for compact, _ in fast[::7]]
    read_fast, read_slow = _both(lambda: [game.state_from_json(t) for t in texts])
    assert read_fast == read_slow == states[::7]


_EDGES = (
    "\ufeff{}",
    '{"a":1,"a":2}',
    "NaN",
    "[Infinity,-Infinity]",
    "1e400",
    "-0",
    "[1.0, 2.5e3, 1E5, 0.1]",
    '"\\ud800"',
    '"\\udc00\\ud800"',
    '"\ud800"',
    '"a\x01"',
    "[1,]",
    '{"a":1,}',
    " [1] ",
    "\x0c[1]",
    "[1]\x00",
    "18446744073709551616",
    "-9223372036854775809",
    "9223372036854775807",
    "[01]",
    '"\\u00e9\\n\\t\\"\\\\"',
    "[1 2]",
    '{"a" 1}',
    "tru",
    '"\t"',
    "[.5]",
    "[5.]",
    '"\\x"',
    "\u00a0[1]",
    "[1]\u2028",
    '{"é🐟":["é","🐟"]}',
    "",
    "[]]",
    '{"1.5": "2e3"}',
)


@pytest.mark.parametrize("text", _EDGES)
def test_an_odd_text_is_read_or_refused_alike(text: str) -> None:
    """Values orjson reads apart or refuses (floats, big integers, `NaN`, lone surrogates,
    bad JSON): the same value as `json.loads`, or the same error and message."""
    assert _outcome(lambda: loads(text)) == _outcome(lambda: json.loads(text))


@settings(max_examples=300)
@given(st.text(alphabet='[]{}",:0123456789.eE-+ tfalsenru\\é', max_size=40))
def test_any_text_is_read_or_refused_alike(text: str) -> None:
    """Random JSON-ish texts: orjson accepts nothing `json.loads` refuses, and reads alike."""
    assert _outcome(lambda: loads(text)) == _outcome(lambda: json.loads(text))


@settings(max_examples=200)
@given(st.data())
def test_a_corrupt_or_hostile_state_gets_the_same_decode_error_on_both_paths(data: st.DataObject) -> None:
    """Mutated state and view documents of every game (fuzz's strategy): the same state or the
    same typed `DecodeError`, message and path, with orjson and without."""
    name = data.draw(st.sampled_from(tabletop.GAMES))
    game = tabletop.get_game(name)
    text = data.draw(fuzz.state_documents(game, _SAMPLES[name]))
    fast, slow = _both(lambda: _outcome(lambda: game.state_from_json(text)))
    assert fast == slow


def test_plain_values_orjson_refuses_are_written_by_the_standard_library() -> None:
    """An integer past 64 bits, a key that is not text, a lone surrogate: the encoder's text."""
    for value in (2**70, {1: 2}, "\ud800", [(-(2**64), "é\n\x01")]):
        use_orjson(True)
        assert jsontext._plain_text(value) == jsontext._encode(value)
