"""The published JSON Schemas (docs/schemas) are generated, current, and agree with the reader."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.kernel.schema import schemas

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "schemas"


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_the_published_schemas_are_the_generated_ones(name: str) -> None:
    """Regenerate with `python -m tabletop.kernel.schema docs/schemas` when a state class changes."""
    for file, schema in schemas(tabletop.get_game(name)).items():
        published = json.loads((FOLDER / file).read_text(encoding="utf-8"))
        assert published == schema, f"docs/schemas/{file} is stale"
        jsonschema.Draft202012Validator.check_schema(published)


def _states(name: str) -> list[Any]:
    game = tabletop.get_game(name)
    state = game.new_game(5)
    rng = random.Random(5)
    found = [state]
    for _ in range(60):
        if state.is_terminal:
            break
        state = state.apply(tabletop.sample_chance(state) if state.is_chance_node else rng.choice(state.legal_moves()))
        found.append(state)
    return found


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_states_and_views_satisfy_the_schema_and_damaged_ones_do_not(name: str) -> None:
    """Every state and view written validates; a number as text or a missing field does not,
    exactly as the reader refuses them."""
    game = tabletop.get_game(name)
    validator = jsonschema.Draft202012Validator(json.loads((FOLDER / f"{name}.state.schema.json").read_text()))
    for state in _states(name):
        validator.validate(json.loads(state.to_json()))
        validator.validate(json.loads(state.view(0).to_json()))
    doc = json.loads(_states(name)[-1].to_json())
    for damage in ("text", "missing", "extra"):
        bad = json.loads(json.dumps(doc))
        if damage == "text":
            bad["state"]["chance_count"] = str(bad["state"]["chance_count"])
        elif damage == "missing":
            del bad["state"]["flow"]["round"]
        else:
            bad["state"]["flow"]["colour"] = "red"
        assert not validator.is_valid(bad)
        with pytest.raises(tabletop.DecodeError):
            game.state_from_json(json.dumps(bad))


def test_records_satisfy_the_record_schema() -> None:
    """A full record and a seat's copy of a match validate against the game's record schema."""
    from tabletop.frontend.match import Match

    match = Match("spolka_zoo", seed=3, options={"players": 2}, agents={0: "random", 1: "random"})
    match.advance()
    assert match.is_over
    validator = jsonschema.Draft202012Validator(
        json.loads((FOLDER / "spolka_zoo.record.schema.json").read_text(encoding="utf-8"))
    )
    validator.validate(json.loads(match.save()))
    validator.validate(json.loads(match.save(seat=1)))


def test_a_field_marked_optional_is_not_required() -> None:
    """A field the reader lets JSON leave out (`OPTIONAL`, for states saved before it existed) is
    not required by the schema either: an old Spółka ZOO state without `deck_makeup` validates."""
    game = tabletop.get_game("spolka_zoo")
    (schema,) = (s for f, s in schemas(game).items() if f.endswith(".state.schema.json"))
    state = game.new_game(3)
    document = json.loads(state.to_json())
    payload = document["state"]
    assert "deck_makeup" in payload
    del payload["deck_makeup"]
    jsonschema.validate(document, schema)
    assert game.state_from_json(json.dumps(document)) is not None
