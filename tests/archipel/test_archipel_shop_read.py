"""Reading holds `turn.shop`, the island whose shop the current boat emptied, to where play sets
it (fuzz 37, finding 2): only in the harbour steps (and at the end a harbour step reached), and
only the island whose harbour that boat is in. ARC-4.9: "the warehouse keeper fills the empty
shop with the contents of the warehouse" — the shop the boat just took. A text naming no island,
another island than the boat's, or a shop outside a harbour is refused by name (the field, the
value, the rule), the same after a sound state as alone; every state of seeded games still reads.
"""

from __future__ import annotations

import attrs
import pytest
from archipel_helpers import random_states
from archipel_helpers import verdict_after as _after
from archipel_helpers import verdict_alone as _alone

from tabletop.archipel import GAME, ArchipelState
from tabletop.kernel.errors import DecodeError


def _emptied(seed: int = 3) -> ArchipelState:
    """A state of a seeded game at a harbour step, its boat having emptied its island's shop."""
    for state in random_states(seed, 3):
        if state.turn.shop and state.flow.key.startswith("harbour."):
            return state
    raise AssertionError("no shop emptied in the seeded game")


def _with_shop(state: ArchipelState, shop: str) -> ArchipelState:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, shop=shop))


def _refused(sound: ArchipelState, state: ArchipelState, words: str) -> None:
    with pytest.raises(DecodeError, match=words) as caught:
        GAME.state_from_json(state.to_json())
    assert caught.value.path == "state.turn.shop"
    assert "ARC-4.9" in str(caught.value)
    verdict = _alone(state)
    assert verdict is not None and _after(sound, state) == verdict


def test_a_shop_emptied_on_no_island_of_the_board_is_refused() -> None:
    """ARC-4.9: the shop emptied is an island's; a name that is none would be looked up later."""
    sound = _emptied()
    _refused(sound, _with_shop(sound, "no-such-island"), "'no-such-island' is not an island of")


def test_a_shop_emptied_by_a_boat_in_another_harbour_is_refused() -> None:
    """ARC-4.9: the warehouse refills "the empty shop", the one the boat in this harbour took."""
    sound = _emptied()
    other = next(i for i in sound.map.island_ids if i != sound.turn.shop)
    _refused(sound, _with_shop(sound, other), f"the shop of {other} emptied by the boat at {sound.turn.shop}")


def test_a_shop_emptied_outside_a_harbour_is_refused() -> None:
    """ARC-2.5, ARC-4.9: a shop is taken on arriving in a harbour, where the turn ends; a boat at
    sea has emptied none this turn."""
    at_sea = next(s for s in random_states(3, 3) if s.flow.key == "turn.act" and not s.turn.shop)
    island = at_sea.map.island_ids[0]
    _refused(at_sea, _with_shop(at_sea, island), "outside a harbour")


def test_every_state_of_seeded_games_reads_with_its_shop() -> None:
    """The shop each step of play leaves is read back as it was (1 to 5 boats, short and memory games)."""
    emptied = 0
    for seed, players, options in ((5, 1, {}), (6, 2, {"short": True}), (7, 5, {"memory": True})):
        for state in random_states(seed, players, **options)[::3]:
            emptied += bool(state.turn.shop)
            assert GAME.state_from_json(state.to_json()) == state
    assert emptied
