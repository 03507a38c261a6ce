"""What the tests of the part-by-part reader share: the configurations `benchmarks/playouts.py`
measures, the texts of random games, and the two readings compared (the usual one and `read_state`)."""

from __future__ import annotations

import random
from typing import Any

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.serialize import load_envelope, read_state, structure

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [("conservas", {"month": "january"})]
CONFIGURATIONS += [("conservas", {"month": "december", "goal": "difficult"}), ("tabletop.testing.drill:GAME", {})]
CONFIGURATIONS += [("archipel", {"players": n, "declare": "supplied"}) for n in (2, 5)]
CONFIGURATIONS += [("spolka_zoo", {"players": n}) for n in (2, 5)] + [("spolka_zoo", {"players": 1, "bots": 4})]
CONFIGURATIONS += [("spolka_zoo", {"players": 3, "modules": ("events", "hidden_goals", "intrigues")})]
"""The configurations `benchmarks/playouts.py` measures."""


def usual(game: tabletop.Game, text: str) -> Any:
    """The state of the usual reading (the envelope loaded whole, then structured), or its refusal."""
    try:
        payload = load_envelope(text, kind="state", game=game.name)
        if not isinstance(payload, dict):
            raise DecodeError("expected an object", path="state")
        return structure(game.converter, payload, game.state_type, root="state")
    except DecodeError as exc:
        return type(exc), str(exc), exc.path


def fast(game: tabletop.Game, text: str) -> Any:
    """The state of `read_state` (part by part), or its refusal."""
    try:
        return read_state(text, game=game.name, converter=game.converter, cls=game.state_type)
    except DecodeError as exc:
        return type(exc), str(exc), exc.path


def texts(name: str, options: dict[str, Any], seed: int, every: int = 3) -> list[str]:
    """Every `every`-th state's text of the random game `seed` (uniform moves, chance sampled)."""
    game = tabletop.get_game(name)
    rng = random.Random(seed)
    states = [game.new_game(seed, **options)]
    while not (last := states[-1]).is_terminal:
        chance = last.current_player == CHANCE
        states.append(last.apply(sample_chance(last, rng) if chance else rng.choice(last.legal_moves())))
    return [state.to_json() for state in states[::every]]
