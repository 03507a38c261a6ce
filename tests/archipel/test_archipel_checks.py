"""Each rule once (issue 11): the legal moves and the refusals come from the same checks.

Over random play (uniform and purposeful), at every decision and chance node: every legal
move passes every check of its kind; every other move of the step's kinds fails one, and
`apply` refuses it naming that check's rule and code.
"""

from __future__ import annotations

import random

import pytest
from archipel_policies import eager_move
from hypothesis import given
from hypothesis import strategies as st

from tabletop.archipel import (
    Calm,
    Catch,
    Discard,
    Done,
    Draw,
    EndTurn,
    Expose,
    Feed,
    Give,
    MultiChoice,
    Over,
    Place,
    Refuel,
    Sail,
    Stay,
    Take,
    Throw,
    new_game,
)
from tabletop.archipel.checks import CHECKS, checks_for, failing
from tabletop.archipel.content.kinds import FISH, JERRYCANS
from tabletop.archipel.moves import FISH_ITEM, FUEL
from tabletop.archipel.state import ArchipelState
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move

OPTIONS = [
    {"players": 2, "declare": "supplied"},
    {"players": 4},
    {"players": 3, "memory": True, "declare": "supplied"},
    {"players": 5, "short": True},
]


def _universe(s: ArchipelState) -> list[Move]:
    """Every move of the step's kinds a tester might write, legal or not (and a few misspelt)."""
    board = s.map
    colours = [b.colour for b in s.boats] + ["purple"]
    cards = sorted(board.cards)
    fish = sorted(FISH)
    items = [FUEL, *(FISH_ITEM + f for f in fish), *cards, "junk"]
    moves: list[Move] = [Sail(loc) for loc in (*board.locations, "nowhere")]
    moves += [Catch(), EndTurn(), Stay(), Done(), Over(), MultiChoice(True), MultiChoice(False)]
    moves += [Refuel(can, boat) for can in (*JERRYCANS, "bait-red") for boat in ("", *colours)]
    moves += [Throw(f) for f in fish]
    moves += [cls(item, colour) for cls in (Give, Take) for item in items for colour in colours]
    moves += [cls(card) for cls in (Discard, Feed, Draw) for card in cards]
    moves += [cls(space) for cls in (Place, Calm) for space in (*board.storm_ids, "s99")]
    moves += [Expose(f) for f in fish]
    kinds = s.MACHINE.move_kinds(s.flow)
    return [m for m in moves if m.kind in kinds]


def _check_node(s: ArchipelState) -> None:
    legal = set(s.legal_moves())
    for move in _universe(s):
        found = failing(s, move)
        if move in legal:
            assert found is None, f"{s.flow}: legal {move} fails {found}"
            continue
        assert found is not None, f"{s.flow}: {move} is refused by no check"
        check, reason = found
        with pytest.raises(IllegalMove) as info:
            s.apply(move)
        assert (info.value.rule, info.value.code) == (check.rule, check.code), f"{move}: {info.value}"
        assert reason in str(info.value)


def _play(options: dict[str, object], seed: int, eager: bool, every: int) -> int:
    rng = random.Random(seed)
    state = new_game(seed, **options)
    nodes = 0
    for step in range(3000):
        if state.is_terminal:
            break
        if step % every == 0:
            _check_node(state)
            nodes += 1
        state = state.apply(eager_move(state, rng) if eager else _uniform(state, rng))
    return nodes


def _uniform(state: ArchipelState, rng: random.Random) -> Move:
    if state.is_chance_node:
        move: Move = sample_chance(state, rng)
        return move
    return rng.choice(state.legal_moves())


@given(seed=st.integers(0, 2**20), which=st.sampled_from(range(len(OPTIONS))), eager=st.booleans())
def test_legal_moves_and_refusals_use_the_same_checks(seed: int, which: int, eager: bool) -> None:
    """issue 11: a generated move passes every check; a refused one names the check it failed."""
    assert _play(OPTIONS[which], seed, eager, every=7) > 0


def test_every_check_names_a_rule_of_the_catalogue() -> None:
    """Each check is tagged with a rule ID the rulebook catalogue lists."""
    from tabletop.archipel import GAME

    for check in CHECKS:
        assert check.rule in GAME.rules, check
        assert check.kinds, check
    assert checks_for("multi") == ()
