"""The part-by-part reader's steady fields (issue 12: `state_from_json`): a text, flag or `X | None`
field of a record with at least `STEADY_FIELDS` fields is first compared with its last text at
its position (its mark with it), and found without being scanned. Every value read so is the one
the usual reading builds, and every text the usual reading refuses is refused with the very same
error (type, message, path), whatever the last text there was."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.jsontext.reader import STEADY_FIELDS, TextReader, _steady
from tabletop.kernel.serialize import load_envelope, read_state, structure

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [(name, {"month": "january"}) for name in ("conservas",)]
CONFIGURATIONS += [("conservas", {"month": "december", "goal": "difficult"}), ("tabletop.testing.drill:GAME", {})]
CONFIGURATIONS += [("archipel", {"players": n, "declare": "supplied"}) for n in (2, 5)]
CONFIGURATIONS += [("spolka_zoo", {"players": n}) for n in (2, 5)] + [("spolka_zoo", {"players": 1, "bots": 4})]
CONFIGURATIONS += [("spolka_zoo", {"players": 3, "modules": ("events", "hidden_goals", "intrigues")})]
"""The configurations `benchmarks/playouts.py` measures."""

_VALUE = re.compile(r'"(\w+)":("[^"\\]*"|true|false|null|-?\d+)(?=[,}])')
"""A field holding a plain value, as the writer writes it."""

_BAD = ('"x"', '""', "true", "false", "null", "0", "7", "-1", "1.5", "[]", "{}", '"a\\"b"', '"\\u00e9"')
"""Values put in place of a field's: each of another type or another value of its own."""


def _usual(game: tabletop.Game, text: str) -> Any:
    """The state of the usual reading (the envelope loaded whole, then structured), or its refusal."""
    try:
        payload = load_envelope(text, kind="state", game=game.name)
        if not isinstance(payload, dict):
            raise DecodeError("expected an object", path="state")
        return structure(game.converter, payload, game.state_type, root="state")
    except DecodeError as exc:
        return type(exc), str(exc), exc.path


def _fast(game: tabletop.Game, text: str) -> Any:
    """The state of `read_state` (part by part), or its refusal."""
    try:
        return read_state(text, game=game.name, converter=game.converter, cls=game.state_type)
    except DecodeError as exc:
        return type(exc), str(exc), exc.path


def _texts(name: str, options: dict[str, Any], seed: int, every: int = 3) -> list[str]:
    """Every `every`-th state's text of the random game `seed` (uniform moves, chance sampled)."""
    game = tabletop.get_game(name)
    rng = random.Random(seed)
    states = [game.new_game(seed, **options)]
    while not (last := states[-1]).is_terminal:
        chance = last.current_player == CHANCE
        states.append(last.apply(sample_chance(last, rng) if chance else rng.choice(last.legal_moves())))
    return [state.to_json() for state in states[::every]]


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_steady_fields_read_as_usual(name: str, options: dict[str, Any]) -> None:
    """Seeded states read in turn (the last texts kept from each) are the usual reading's states."""
    game = tabletop.get_game(name)
    for seed in (1, 2):
        for text in _texts(name, options, seed):
            assert _fast(game, text) == _usual(game, text)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_steady_fields_refused_as_usual(name: str, options: dict[str, Any]) -> None:
    """Every plain field's value replaced (another type, another value, a longer or shorter text,
    text after it), read right after the sound text (so its last text is kept): the same state or
    the same refusal as the usual reading."""
    game = tabletop.get_game(name)
    for text in _texts(name, options, 3, every=9)[:3]:
        for match in _VALUE.finditer(text):
            start, end = match.span(2)
            value = match.group(2)
            variants = [*_BAD, value + "0", value + " ", value[:-1] if len(value) > 1 else "1"]
            for bad in variants:
                damaged = text[:start] + bad + text[end:]
                if damaged == text:
                    continue
                assert _fast(game, text) == _usual(game, text)
                assert _fast(game, damaged) == _usual(game, damaged), (match.group(1), bad)
            # text after the value, the mark of the next field damaged, the field left out, a field more
            damages = [text[:end] + "x" + text[end:], text[:end] + ',"zz":1' + text[end:]]
            if text[end] == ",":
                damages.append(text[: match.start()] + text[end + 1 :])
            for damaged in damages:
                assert _fast(game, text) == _usual(game, text)
                assert _fast(game, damaged) == _usual(game, damaged), match.group(1)


@pytest.mark.parametrize("name", sorted({name for name, _ in CONFIGURATIONS}))
def test_steady_fields_chosen(name: str) -> None:
    """Steady: text and flag fields, and `X | None`, of records of at least `STEADY_FIELDS`
    fields; never an integer (a count changes from state to state), a part or a leaf."""
    game = tabletop.get_game(name)
    reader = TextReader(game.converter)
    cls = game.state_type
    fields = list(attrs.fields(cls))
    assert len(fields) >= STEADY_FIELDS
    kinds = {a.name: reader._kind(a.type) for a in fields}
    for a in fields:
        kind, hook = kinds[a.name]
        expected = kind == "maybe" or (kind == "exact" and hook in (str, bool))
        assert _steady(kind, hook, fields) == expected, a.name
        assert not _steady(kind, hook, fields[: STEADY_FIELDS - 1])
