"""A company deck found sound against a makeup is not checked again against an equal makeup
(session 36: a makeup read from a text is a new object, its deck often the very one the reader
kept): a copy whose makeups are new objects equal to sound ones is accepted, and one whose
makeup differs from a sound one by a card or a count is refused exactly as the plain check
refuses it (message, path and rule; issue 12)."""

from __future__ import annotations

import sys
from typing import Any

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.state import ZooState

MODULE = sys.modules["tabletop.spolka_zoo.invariants"]
MAKEUP = sys.modules["tabletop.spolka_zoo.state.makeup"]

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
    {"players": 1, "bots": 4},
]

Verdict = tuple[str, str, str] | None


def _verdict(state: ZooState) -> Verdict:
    try:
        invariants(state)
    except InvariantBroken as exc:
        return str(exc), exc.path, exc.rule
    return None


def _alone(state: ZooState) -> Verdict:
    """The verdict with nothing remembered."""
    for module in (MODULE, MAKEUP):
        for value in vars(module).values():
            if isinstance(value, PartAnswers):
                value._kept.clear()
    MODULE._SOUND[0] = None
    found = _verdict(state)
    MODULE._SOUND[0] = None
    return found


def _after(sound: ZooState, state: ZooState) -> Verdict:
    invariants(sound)
    assert MODULE._SOUND[0] is sound
    return _verdict(state)


def _copies(state: ZooState) -> dict[str, ZooState]:
    """`state` with its makeups new objects: equal to its own, or each changed one way."""
    made = state.deck_makeup
    equal = tuple((Tokens(dict(known.items())), int(secret)) for known, secret in made)
    copies = {"equal": attrs.evolve(state, deck_makeup=equal)}
    for c, (known, secret) in enumerate(made):
        changed = {
            "one more unknown": (known, secret + 1),
            "one fewer unknown": (known, secret - 1),
            "a card not there": (known.add("no-such-card"), secret - 1),
        }
        if known:
            card = next(iter(known))
            changed["a known card unknown"] = (known.remove(card), secret + 1)
        for name, makeup in changed.items():
            copies[f"{name} in {c}"] = attrs.evolve(state, deck_makeup=(*equal[:c], makeup, *equal[c + 1 :]))
    return copies


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_an_equal_makeup_is_sound_and_a_changed_one_refused_as_the_plain_check_refuses_it(
    options: dict[str, Any],
) -> None:
    checked = refused = 0
    for state in random_states(36, **options)[::10]:
        if not state.deck_makeup:
            continue
        assert _alone(state) is None
        for name, copy in _copies(state).items():
            expected = _alone(copy)
            assert _after(state, copy) == expected, name
            checked += 1
            refused += expected is not None
        assert _after(state, GAME.state_from_json(state.to_json())) is None  # read anew: equal makeups
    assert checked > 20
    assert refused > checked // 2
