"""Two objects of every step built by a type call that runs no Python code of its own: the step's
draft (`state.draft_of`: an empty draft filled, where `Draft(state)` runs the builder's generated
`__init__`) and the typed choice moves (`Take`, `Target`...: their class's plain `type.__call__`, where
`Choose`'s own class parses the old text form). Each is held to the plain way on seeded states."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop.kernel.chance import sample_chance
from tabletop.spolka_zoo import GAME, ZooState, moves
from tabletop.spolka_zoo.state import Draft, draft_of


def _states(options: dict[str, object], seed: int) -> list[ZooState]:
    rng = random.Random(seed)
    state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
    found = [state]
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)
        found.append(state)
    return found


def test_draft_of_copies_every_field_of_the_state() -> None:
    assert tuple(a.name for a in attrs.fields(ZooState)) == Draft.FIELDS


@pytest.mark.parametrize(
    "options", [{"players": 1, "bots": 4}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}]
)
def test_draft_of_is_the_draft_of_the_state(options: dict[str, object]) -> None:
    for state in _states(options, 7)[::3]:
        fast, plain = draft_of(state), Draft(state)
        assert isinstance(fast, Draft)
        for name in Draft.FIELDS:
            assert getattr(fast, name) is getattr(plain, name)
        built, frozen = fast.finish(), plain.finish()
        assert type(built) is type(frozen) is ZooState and built == frozen
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.resume = "x"  # type: ignore[misc]


def test_typed_choices_are_built_by_the_plain_type_call() -> None:
    """Every typed choice class is built as a plain class is; `Choose` still parses the old text form."""
    kinds = [cls for cls in vars(moves).values() if isinstance(cls, type) and issubclass(cls, moves.Choose)]
    assert len(kinds) > 10
    for cls in kinds:
        if cls is moves.Choose:
            assert type(cls).__call__ is not type.__call__
        else:
            assert type(cls).__call__ is type.__call__ and isinstance(cls, type(moves.Choose))
    assert moves.Choose("take apple,lemon") == moves.Take(moves.Tokens({"apple": 1, "lemon": 1}))
    assert moves.Target(2) == moves.Choose("seat 2") and type(moves.Target(2)) is moves.Target
    with pytest.raises(TypeError):
        moves.Choose(2)  # type: ignore[arg-type]


def test_choice_moves_listed_in_seeded_games_are_their_texts_parsed() -> None:
    """Every choice move listed in seeded games equals `Choose` of its text, and is a frozen value."""
    checked = 0
    for options in ({"players": 3, "modules": ("events", "hidden_goals", "intrigues")}, {"players": 2}):
        for state in _states(options, 3):
            if state.is_terminal or state.is_chance_node:
                continue
            for move in state.legal_moves():
                if isinstance(move, moves.Choose):
                    again = moves.Choose(str(move).removeprefix("choose "))
                    assert again == move and hash(again) == hash(move) and type(again) is type(move)
                    checked += 1
    assert checked > 50
