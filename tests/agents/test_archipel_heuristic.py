"""Archipel's evaluation hook: what it rewards follows the rulebook's endings (ARC-7.2 to ARC-7.4)."""

from __future__ import annotations

import attrs

import tabletop
from tabletop.archipel.heuristic import evaluate
from tabletop.archipel.state import ArchipelState, missing
from tabletop.kernel.tokens import Tokens


def _at_sea(fuel: int, fish: Tokens, *, idle: int = 0) -> ArchipelState:
    """Seed 1's first decision, short game, with boat 1 at the fish spot `f06` holding `fuel`
    markers, no cards and `fish`, `idle` rounds after the last progress."""
    state = tabletop.get_game("archipel").new_game(seed=1, players=2, short=True)
    while state.current_player == tabletop.CHANCE:
        state = state.apply(tabletop.sample_chance(state))
    assert isinstance(state, ArchipelState)
    boats = list(state.boats)
    boats[1] = attrs.evolve(boats[1], at="f06", fuel=fuel, fish=fish, cards=Tokens())
    flow = state.flow
    return attrs.evolve(state, boats=tuple(boats), last_progress=flow.round - 1 - idle)


def _wanted_fish() -> Tokens:
    colour = next(iter(missing(_at_sea(1, Tokens()))))
    return Tokens({colour: 1})


def test_a_boat_that_can_never_move_again_supplies_no_market() -> None:
    """ARC-2.6, ARC-7.4: with neither fuel nor a jerrycan at sea, nobody brings fuel (the other
    boat is in its home port with its own), so the fish on board can never be delivered."""
    stuck_with_fish = evaluate(_at_sea(0, _wanted_fish()), 0)
    stuck_without = evaluate(_at_sea(0, Tokens()), 0)
    assert stuck_with_fish == stuck_without
    assert evaluate(_at_sea(1, _wanted_fish()), 0) > evaluate(_at_sea(1, Tokens()), 0)


def test_being_stranded_at_sea_costs_as_much_late_in_the_season() -> None:
    """ARC-7.6 makes fuel kept worth less as the season idles, but a boat stranded at sea
    stays stranded (it cannot come home, ARC-7.2): the loss does not fade."""
    fish = _wanted_fish()
    early = evaluate(_at_sea(1, fish), 0) - evaluate(_at_sea(0, fish), 0)
    late = evaluate(_at_sea(1, fish, idle=8), 0) - evaluate(_at_sea(0, fish, idle=8), 0)
    assert late > 0.02
    assert late <= early
