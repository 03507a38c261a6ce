"""Archipel's evaluation hook: what it rewards follows the rulebook's endings (ARC-7.2 to ARC-7.4)."""

from __future__ import annotations

import random

import attrs

import tabletop
from tabletop.agents import GreedyAgent
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


def _supplied(at: tuple[str, str], fuel: tuple[int, int]) -> ArchipelState:
    """Seed 1's first decision, short game, with every order of the markets in play filled and
    the boats at `at` with `fuel`."""
    state = _at_sea(5, Tokens())
    board = state.map
    markets = tuple(state.markets[i] if island.pagoda else board.orders[i] for i, island in enumerate(board.islands))
    boats = tuple(attrs.evolve(boat, at=where, fuel=n) for boat, where, n in zip(state.boats, at, fuel, strict=True))
    supplied = attrs.evolve(state, markets=markets, boats=boats)
    assert not missing(supplied)
    return supplied


def test_once_supplied_a_boat_home_with_an_empty_tank_is_where_it_should_be() -> None:
    """ARC-7.2: with every market supplied, the boats' part is to be in their home ports; a
    tank emptied on the way home is no loss (nothing is left to sail for)."""
    state = _supplied(("f06", "f10"), (1, 3))
    home = state.boats[0].home
    came_home = _supplied((home, "f10"), (0, 3))
    assert evaluate(came_home, 0) > evaluate(state, 0)


def test_greedy_boats_sail_home_for_ending_1_rather_than_declare_ending_2() -> None:
    """ARC-7.1 to ARC-7.3: once the markets are supplied, 'each player tries to reach his or her
    home port'. Declaring the season over now would be ending 2 (a return of 0.5): a partial
    success of a co-operative game, weighed against playing on, not a win taken at once."""
    state = _supplied(("f06", "f10"), (3, 3))
    legal = state.legal_moves()
    assert "season over" in [str(m) for m in legal]
    move = GreedyAgent().choose(state.view(0), legal, random.Random(0))
    assert str(move) == f"sail {state.boats[0].home}"


def test_a_storm_that_blocks_nothing_yet_still_counts() -> None:
    """ARC-5.1, ARC-5.2: a channel is blocked only when all its spaces are covered, but every
    storm brings that nearer (and the detours that cut harbours off)."""
    state = _at_sea(5, Tokens())
    board = state.map
    spaces = next(spaces for spaces in board.channel_spaces if len(spaces) == 3)
    storms = list(state.storms)
    assert not any(storms[i] for i in spaces)
    storms[spaces[0]] = "storm-blank"
    stormier = attrs.evolve(state, storms=tuple(storms))
    assert board.blocked(stormier.storms) == board.blocked(state.storms)
    assert evaluate(stormier, 0) < evaluate(state, 0)
