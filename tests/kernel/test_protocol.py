"""The protocol base class, options, errors, chance sampling and JSON envelopes (through Drill)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

import tabletop
from tabletop.kernel.chance import pick, seeded_uniform
from tabletop.kernel.content import load_items, parse_toml, read_toml
from tabletop.kernel.errors import ContentError, DecodeError, IllegalMove, NotationError
from tabletop.kernel.protocol import Option
from tabletop.kernel.serialize import dump_envelope, load_envelope, make_converter
from tabletop.testing.drill import GAME, Look, Simple


def test_apply_returns_new_state_and_keeps_old() -> None:
    """apply gives a new state and leaves the old one untouched and equal to itself."""
    state = GAME.new_game(3)
    before = state.to_json()
    after = state.apply(Simple("pass"))
    assert after is not state
    assert state.to_json() == before
    assert after.flow.player == 1


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    """An illegal move raises IllegalMove with a code and a rule; text and junk are refused too."""
    state = GAME.new_game(3).apply(Simple("pass"))
    with pytest.raises(IllegalMove, match="DRILL-3: you may only put a card you have seen") as info:
        state.apply(Simple("bottom"))
    assert info.value.code == "unseen-card" and info.value.rule == "DRILL-3"
    with pytest.raises(IllegalMove, match="use game.parse_move") as text_info:
        state.apply("pass")  # type: ignore[arg-type]
    assert text_info.value.code == "not-a-move"
    with pytest.raises(IllegalMove, match="not allowed at turn.act"):
        state.apply(__import__("tabletop.testing.drill", fromlist=["Outcome"]).Outcome("token", "red"))
    assert isinstance(info.value, ValueError)


def test_terminal_state_refuses_everything() -> None:
    """Once over, there are no legal moves and every move is refused with code game-over."""
    final = tabletop.random_playout(GAME.new_game(1), random.Random(1))
    assert final.legal_moves() == () and final.current_player == tabletop.TERMINAL
    with pytest.raises(IllegalMove) as info:
        final.apply(Simple("pass"))
    assert info.value.code == "game-over"


def test_chance_outcomes_only_at_chance_nodes() -> None:
    """chance_outcomes raises outside chance nodes; at one, it lists outcomes summing to 1."""
    state = GAME.new_game(3)
    with pytest.raises(ValueError, match="not a chance node"):
        state.chance_outcomes()
    draw = state.apply(Simple("draw"))
    assert draw.current_player == tabletop.CHANCE
    assert sum(p for _, p in draw.chance_outcomes()) == 1.0


def test_sampling_from_the_seed_is_reproducible_and_counts() -> None:
    """sample_chance without an rng depends only on the seed and the chance counter."""
    a = GAME.new_game(42).apply(Simple("draw"))
    b = GAME.new_game(42).apply(Simple("draw"))
    assert tabletop.sample_chance(a) == tabletop.sample_chance(b)
    after = a.apply(tabletop.sample_chance(a))
    assert after.chance_count == 1
    with pytest.raises(ValueError, match="no seed"):
        tabletop.sample_chance(a.view(0))
    assert tabletop.sample_chance(a.view(0), random.Random(1)) in a.legal_moves()


def test_seeded_uniform_is_fixed() -> None:
    """The seeded stream is part of the format: the same numbers on every machine."""
    assert seeded_uniform(0, 0) == pytest.approx(0.5079605879681605, abs=0)
    values = [seeded_uniform(7, i) for i in range(2000)]
    assert all(0 <= v < 1 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55
    assert pick([("a", 0.5), ("b", 0.5)], 0.49) == "a"
    assert pick([("a", 0.5), ("b", 0.5)], 0.99999999) == "b"


def test_notation_errors() -> None:
    """Bad move text raises NotationError quoting it; non-text is refused too."""
    state = GAME.new_game(1)
    with pytest.raises(NotationError, match="not a Drill move: 'fly'"):
        GAME.parse_move(state, "fly")
    with pytest.raises(NotationError, match="must be text"):
        GAME.parse_move(state, 3)  # type: ignore[arg-type]
    assert GAME.parse_move(state, "look 2") == Look(2)


def test_json_round_trip_and_corrupt_input() -> None:
    """States round-trip; wrong format, version, game, keys and types raise DecodeError naming the place."""
    state = GAME.new_game(9).apply(Simple("draw"))
    text = state.to_json()
    assert GAME.state_from_json(text) == state
    doc = json.loads(text)
    cases = {
        "not json {": "not valid JSON",
        "[1, 2]": "expected a JSON object",
        json.dumps({**doc, "version": 99}): "unsupported version 99",
        json.dumps({**doc, "game": "chess"}): "'chess' document",
        json.dumps({**doc, "format": "tabletop/record"}): "expected format 'tabletop/state'",
        json.dumps({**doc, "extra": 1}): "unknown key",
    }
    for bad, message in cases.items():
        with pytest.raises(DecodeError, match=message):
            GAME.state_from_json(bad)
    doc["state"]["bag"]["contents"]["red"] = -1
    with pytest.raises(DecodeError, match="positive integer") as info:
        GAME.state_from_json(json.dumps(doc))
    assert "state.bag.contents" in info.value.path
    doc["state"]["bag"]["contents"]["red"] = 1
    del doc["state"]["hands"]
    with pytest.raises(DecodeError, match="hands"):
        GAME.state_from_json(json.dumps(doc))


def test_envelope_helpers() -> None:
    """Envelopes carry format, version and game; any game is accepted when none is expected."""
    text = dump_envelope("record", "drill", {"moves": []})
    assert load_envelope(text, kind="record", game=None) == {"moves": []}
    with pytest.raises(DecodeError, match="payload is missing"):
        load_envelope('{"format": "tabletop/record", "version": 1, "game": "x"}', kind="record", game=None)


def test_options_validate_and_read_text() -> None:
    """Option constructors validate values and read command-line text."""
    month = Option.choice("month", "january", ["january", "may"], "which month")
    assert month.check("may") == "may"
    with pytest.raises(ValueError, match="option 'month' must be one of 'january', 'may'; got 'june'"):
        month.check("june")
    players = Option.integer("players", 2, 1, 5, "boats")
    assert players.check(players.from_text("4")) == 4
    for bad in (0, 6, True, "3"):
        with pytest.raises(ValueError, match="option 'players'"):
            players.check(bad)
    memory = Option.flag("memory", False, "memory game")
    assert memory.check(memory.from_text("yes")) is True
    with pytest.raises(ValueError, match="True or False"):
        memory.check(memory.from_text("perhaps"))
    modules = Option.subset("modules", ["events", "intrigues"], "modules")
    assert modules.check(modules.from_text("intrigues,events")) == ("events", "intrigues")
    with pytest.raises(ValueError, match="unknown value 'bots'"):
        modules.check(["bots"])
    with pytest.raises(ValueError, match="twice"):
        modules.check(["events", "events"])
    with pytest.raises(ValueError, match="collection"):
        modules.check("events")


@attrs.frozen
class Card:
    id: str
    cost: int = attrs.field(validator=attrs.validators.ge(0))


def test_content_errors_name_file_item_and_field(tmp_path: Path) -> None:
    """A content problem names the file, the item and the field."""
    converter = make_converter()
    data = parse_toml('[[cards]]\nid = "a"\ncost = 1\n[[cards]]\nid = "b"\ncost = "two"\n', file="cards.toml")
    with pytest.raises(ContentError) as info:
        load_items(converter, data, "cards", Card, file="cards.toml")
    assert (info.value.file, info.value.item, info.value.field) == ("cards.toml", "b", "cost")
    for text, message in [
        ('[[cards]]\nid = "a"\ncost = -1\n', "cost"),
        ('[[cards]]\nid = "a"\ncost = 1\ncolour = "red"\n', "extra"),
        ('[[cards]]\nid = "a"\ncost = 1\n[[cards]]\nid = "a"\ncost = 2\n', "duplicate id"),
        ("cards = 3\n", "array of tables"),
    ]:
        with pytest.raises(ContentError, match=message):
            load_items(converter, parse_toml(text), "cards", Card, file="cards.toml")
    with pytest.raises(ContentError, match="not valid TOML"):
        parse_toml("[[cards]\n", file="cards.toml")
    with pytest.raises(ContentError, match="cannot read"):
        read_toml(tmp_path / "missing.toml")


def test_tokens_hook_names_the_bad_kind_and_count() -> None:
    """Content token tables refuse unknown kinds, bad counts and (if asked) empty tables, naming them."""
    from tabletop.kernel.content import tokens_hook
    from tabletop.kernel.tokens import Tokens

    fruit = tokens_hook(("apple", "lemon"), noun="fruit", minimum=1, nonempty=True)
    assert fruit({"apple": 2}, Tokens) == Tokens({"apple": 2})
    with pytest.raises(ValueError, match=r"unknown fruit 'kiwi' \(fruits: apple, lemon\)"):
        fruit({"kiwi": 1}, Tokens)
    with pytest.raises(ValueError, match="count of 'apple' must be a positive integer, got 0"):
        fruit({"apple": 0}, Tokens)
    with pytest.raises(ValueError, match="expected a table of counts by fruit"):
        fruit({}, Tokens)
    fish = tokens_hook(("sardine", "water"))
    assert fish({}, Tokens) == Tokens()
    with pytest.raises(ValueError, match="non-negative integer, got True"):
        fish({"water": True}, Tokens)
