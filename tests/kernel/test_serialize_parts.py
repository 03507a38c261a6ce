"""Reading a state's text part by part (`kernel/jsontext/reader.py`, issue 12: `state_from_json`)
reads every text exactly as parsing it whole does: the same state, or the same `DecodeError`
(message and path), for the texts of seeded games and for damaged copies of them."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel import serialize
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.jsontext import leaves, reader
from tabletop.kernel.jsontext.leaves import Miss
from tabletop.kernel.serialize import envelope

GAMES = (*tabletop.GAMES, "tabletop.testing.drill:GAME")


@pytest.fixture(autouse=True)
def _every_text_part_by_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read even a short text part by part (the drill's are shorter than `PART_BY_PART`)."""
    monkeypatch.setattr(envelope, "PART_BY_PART", 0)


def _texts(game: Any, seed: int, every: int = 3) -> list[str]:
    """The texts of every `every`-th state (and the first seat's view) of a seeded random game."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    texts = []
    for step in range(10_000):
        if step % every == 0:
            texts += [state.to_json(), state.view(0).to_json()]
        if state.is_terminal:
            break
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
    return texts


def _read(game: Any, text: str) -> tuple[str, Any]:
    try:
        return "state", game.state_from_json(text)
    except DecodeError as exc:
        return "error", (str(exc), exc.path)


def _whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn the part-by-part reading off: every text parsed whole."""

    def miss(*_: Any) -> Any:
        raise Miss

    monkeypatch.setattr(envelope, "_read_state", miss)


def _damaged(text: str, rng: random.Random) -> str:
    """`text` with one small change inside its payload (a character replaced, dropped or added)."""
    at = rng.randrange(text.index('"state":') + 8, len(text))
    kind = rng.randrange(4)
    if kind == 0:
        return text[:at] + rng.choice('0123456789", {}[]:tfn-x') + text[at + 1 :]
    if kind == 1:
        return text[:at] + text[at + 1 :]
    if kind == 2:
        return text[:at] + rng.choice(' 0"1,') + text[at:]
    return text[:at] + rng.choice(("true", "null", "1.5", "-1", '""', "[]", "{}", "99999")) + text[at + 1 :]


def _bound(monkeypatch: pytest.MonkeyPatch, name: str, value: int) -> None:
    """A bound of the parts kept changed where the leaves read it and where the reader does."""
    monkeypatch.setattr(leaves, name, value)
    monkeypatch.setattr(reader, name, value)


@pytest.mark.parametrize("name", GAMES)
def test_texts_of_seeded_games_read_part_by_part_are_the_states_read_whole(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tabletop.get_game(name)
    texts = _texts(game, 11)
    # The store starts empty and holds every part of these texts: whether the second reading
    # finds the parts again must not hang on what earlier tests left kept (order-dependent before).
    _bound(monkeypatch, "CHARS_KEPT", 100 * leaves.CHARS_KEPT)
    _bound(monkeypatch, "PARTS_KEPT", 100 * leaves.PARTS_KEPT)
    leaves._drop()
    fast = [game.state_from_json(text) for text in texts]
    again = [game.state_from_json(text) for text in texts]
    with monkeypatch.context() as patch:
        _whole(patch)
        whole = [game.state_from_json(text) for text in texts]
    assert fast == whole == again
    assert [hash(s) for s in fast] == [hash(s) for s in whole]
    assert [s.to_json() for s in fast] == texts
    # the second reading of a text finds its parts again: the very same objects
    shared = [f for f in type(fast[-1]).__attrs_attrs__ if getattr(fast[-1], f.name) is getattr(again[-1], f.name)]
    assert any(len(str(getattr(fast[-1], f.name))) > 24 for f in shared)


@pytest.mark.parametrize("name", GAMES)
def test_damaged_texts_read_part_by_part_give_what_reading_them_whole_gives(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tabletop.get_game(name)
    rng = random.Random(5)
    texts = _texts(game, 3, every=7)
    damaged = [_damaged(text, rng) for text in texts for _ in range(6)]
    for text in texts:  # the parts of the sound texts are kept: the damaged ones must not reuse them wrongly
        game.state_from_json(text)
    fast = [_read(game, text) for text in damaged]
    with monkeypatch.context() as patch:
        _whole(patch)
        whole = [_read(game, text) for text in damaged]
    assert fast == whole
    assert any(kind == "error" for kind, _ in fast)


@pytest.mark.parametrize("name", GAMES)
def test_read_state_reads_as_load_envelope_and_structure(name: str) -> None:
    game = tabletop.get_game(name)
    rng = random.Random(7)
    texts = _texts(game, 4, every=9)
    for text in [*texts, *(_damaged(t, rng) for t in texts), texts[0].encode(), "[]", '{"format": 1}']:
        try:
            expected: Any = serialize.structure(
                game.converter,
                serialize.load_envelope(text, kind="state", game=game.name),
                game.state_type,
                root="state",
            )
        except DecodeError as exc:
            expected = (str(exc), exc.path)
        try:
            got: Any = serialize.read_state(text, game=game.name, converter=game.converter, cls=game.state_type)
        except DecodeError as exc:
            got = (str(exc), exc.path)
        assert got == expected


def _fragments() -> list[str]:
    """The texts of every part kept, at every position and in every store (one text may be
    kept in several places: it is one string)."""
    found = []
    for kept in leaves._KEPT:
        if isinstance(kept, list):
            found += [fragment for fragment, _, _ in kept]
            continue
        for value in kept.values():
            if isinstance(value, list):  # whole texts read, by their length
                found += [each[0] for each in value]
            else:  # a leaf by its whole text
                found.append(value[0])
    return found


def test_the_parts_kept_never_hold_more_than_their_bound_of_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts from outside cannot fill memory: however many distinct texts are read, the kept
    parts never hold more characters than `CHARS_KEPT` (here lowered to 20,000), nor more parts
    than `PARTS_KEPT`, and a text read after the store was emptied is still the state read whole."""
    _bound(monkeypatch, "CHARS_KEPT", 20_000)
    game = tabletop.get_game("spolka_zoo")
    texts = _texts(game, 5, every=1)
    counted = []
    for text in texts:
        game.state_from_json(text)
        held = sum(len(fragment) for fragment in {id(f): f for f in _fragments()}.values())
        assert held <= leaves._HELD[1] <= leaves.CHARS_KEPT
        assert leaves._HELD[0] <= leaves.PARTS_KEPT
        counted.append(leaves._HELD[1])
    assert max(counted) > 10_000  # parts were kept
    assert any(after < before for before, after in itertools.pairwise(counted))  # and dropped
    last = texts[-1]
    assert game.state_from_json(last) == game.state_from_json(last.replace(":", ": ", 1))


def _deep_text(game: Any) -> str:
    """A state's text with one multiset replaced by a value nesting past `MAX_DEPTH`."""
    text = game.new_game(1).to_json()
    at = text.index('"contents":') + len('"contents":')
    end = text.index("}", at) + 1
    return text[:at] + "[" * 40 + "]" * 40 + text[end:]


def test_a_text_read_without_its_scan_of_nesting_still_refuses_a_deep_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader with `max_depth` follows each part's nesting, so that `read_state` needs no scan
    of a text it reads whole; a text nesting too deep is still refused with `check_bounds`' error."""
    game = tabletop.get_game("conservas")
    game.state_from_json(game.new_game(1).to_json())
    assert envelope._reader(game.converter).sure
    text = _deep_text(game)
    with pytest.raises(DecodeError) as fast:
        game.state_from_json(text)
    with monkeypatch.context() as patch:
        _whole(patch)
        with pytest.raises(DecodeError) as whole:
            game.state_from_json(text)
    assert (str(fast.value), fast.value.path) == (str(whole.value), whole.value.path)
    assert "nests deeper" in str(fast.value)


def test_a_reader_past_its_positions_checks_the_nesting_of_every_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `POSITIONS` a part is read at the shared position of its type, whose depth is not
    followed: the reader is no longer `sure`, and every text is scanned for its nesting first."""
    monkeypatch.setattr(reader, "POSITIONS", 3)
    game = tabletop.get_game("spolka_zoo")
    mine = reader.TextReader(game.converter, max_depth=serialize.MAX_DEPTH - 1)
    monkeypatch.setitem(envelope._READERS, id(game.converter), (game.converter, mine))
    texts = _texts(game, 2, every=5)
    fast = [game.state_from_json(text) for text in texts]
    assert not mine.sure
    with monkeypatch.context() as patch:
        _whole(patch)
        assert fast == [game.state_from_json(text) for text in texts]
    deep = _deep_text(tabletop.get_game("conservas")).replace("conservas", "spolka_zoo")
    assert _read(game, deep)[0] == "error"
    calls: list[str] = []
    monkeypatch.setattr(envelope, "check_bounds", lambda text: calls.append(text) or text)
    game.state_from_json(texts[-1])
    assert calls == [texts[-1]]


def test_a_text_read_again_is_the_same_state_and_the_texts_kept_are_bounded() -> None:
    game = tabletop.get_game("archipel")
    texts = _texts(game, 8, every=1)[: 2 * reader.TEXTS]
    first = [game.state_from_json(text) for text in texts]
    mine = envelope._reader(game.converter)
    assert mine._texts <= reader.TEXTS
    assert sum(len(kept) for kept in mine._whole.values()) <= reader.TEXTS
    assert game.state_from_json(texts[-1]) is first[-1]
    copy = "".join(list(texts[-1]))  # an equal text, another string: found by its whole text
    assert game.state_from_json(copy) is first[-1]
    assert game.state_from_json(texts[-1].replace(":", ": ", 1)) == first[-1]


def test_the_parts_kept_at_one_position_are_the_newest_few() -> None:
    entries: list[Any] = []
    for i in range(leaves.ENTRIES + 3):
        leaves._put(entries, f"[{i}]", i)
    assert [value for _, value, _ in entries] == list(range(leaves.ENTRIES + 2, 2, -1))


def _instances(value: Any) -> list[Any]:
    """Every attrs instance in `value`, itself included (through its fields, tuples and frozensets)."""
    found, todo = [], [value]
    while todo:
        each = todo.pop()
        if attrs.has(type(each)):
            found.append(each)
            todo += [getattr(each, a.name) for a in attrs.fields(type(each))]
        elif isinstance(each, tuple | frozenset):
            todo += list(each)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_part_read_is_of_its_own_class_and_frozen(name: str) -> None:
    """`build_lines` builds a plain slotted class as its writable twin and then makes it the class
    (its docstring): every part of a state read part by part is exactly of its class, frozen, and
    equal to the one read whole."""
    game = tabletop.get_game(name)
    for text in _texts(game, 6, every=5):
        state = game.state_from_json(text)
        for part in _instances(state):
            assert not type(part).__qualname__.endswith("<writable>")
            first = attrs.fields(type(part))[0].name
            with pytest.raises(AttributeError):
                setattr(part, first, getattr(part, first))
        whole = serialize.structure(
            game.converter, serialize.load_envelope(text, kind="state", game=game.name), game.state_type, root="state"
        )
        assert state == whole


def test_a_part_is_kept_with_the_mark_of_its_field_and_found_only_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field's part is kept at its position with the field's mark before it (`,"name":`), so
    that one `startswith` compares both; the same part after another name is not found there,
    and the text reads as parsing it whole reads it."""
    game = tabletop.get_game("spolka_zoo")
    texts = _texts(game, 9, every=4)
    for text in texts:
        game.state_from_json(text)
    assert any(fragment.startswith(',"fruit":{') for fragment in _fragments())
    renamed = [texts[-2].replace(',"fruit":', ',"fruits":', 1), texts[-2].replace(',"fruit":', ',"shares":', 1)]
    fast = [_read(game, text) for text in renamed]
    with monkeypatch.context() as patch:
        _whole(patch)
        assert fast == [_read(game, text) for text in renamed]
    assert all(kind == "error" for kind, _ in fast)
