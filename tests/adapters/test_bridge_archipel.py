"""The Archipel bridge: action ids, observation tensor and determinization (issue 13 items 1-3)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import attrs
import pytest
from adapter_helpers import prolonging

import tabletop
from tabletop import adapters
from tabletop.adapters.archipel_bounds import game_length_bound, progress_events, setup_steps, turn_steps
from tabletop.archipel.moves import Catch, Discard, Done, EndTurn, Give, Over, Refuel, Sail, Stay, Take, Throw
from tabletop.archipel.state import Spot
from tabletop.kernel.deck import HIDDEN
from tabletop.testing.bridge import check_bridge, check_sampling, random_bridge_step

GAME = tabletop.get_game("archipel")

# Every boat count with each of memory and short, the declare rule and first player varied among them.
CONFIGURATIONS = [
    {
        "players": players,
        "memory": memory,
        "short": short,
        "declare": ("anytime", "supplied")[(players + memory + short) % 2],
        "first_player": (players - 1) * memory,
    }
    for players in range(1, 6)
    for memory, short in itertools.product((False, True), (False, True))
]


def _keep_sailing(bridge, state, rng):
    """Random play that never declares the season over, so games go deep (the idle rule ends them)."""
    if state.is_chance_node:
        return random_bridge_step(bridge, state, rng)
    over = bridge.actions.id("over")
    return rng.choice([a for a in bridge.legal_actions(state) if a != over])


@pytest.mark.parametrize("players", range(1, 6))
def test_every_configuration_passes_the_bridge_properties(players):
    configurations = [c for c in CONFIGURATIONS if c["players"] == players]
    report = check_bridge(GAME, configurations, seeds=[players], max_steps=100, policy=_keep_sailing, sample_every=13)
    assert report.steps > len(configurations)
    assert report.samples > 0


def test_the_action_space_depends_on_the_boats_only():
    assert adapters.bridge("archipel", players=2).num_actions == 329
    assert adapters.bridge("archipel", players=5, memory=True).num_actions == 581


def _memory_state(kinds):
    """A memory-game state whose first spots hold these remembered face-down fish."""
    state = GAME.new_game(seed=3, players=2, memory=True)
    while state.is_chance_node:  # the shops dealt first: no fish is known before the first turn (ARC-1.5)
        state = state.apply(tabletop.sample_chance(state))
    spots = list(state.spots)
    unseen = state.unseen
    for i, kind in enumerate(kinds):
        spots[i] = Spot(kind, False)
        unseen = unseen.remove(kind)
    return attrs.evolve(state, spots=tuple(spots), unseen=unseen)


def test_the_remembered_fish_are_hidden_in_the_tensor():
    one, other = _memory_state(["blue", "shark"]), _memory_state(["shark", "blue"])
    bridge = adapters.bridge_for(one)
    assert one.view(0) == other.view(0)
    assert bridge.observation(one.view(0), 0) == bridge.observation(other.view(0), 0)
    assert one.view(0).spots[0].fish == HIDDEN


def test_every_arrangement_of_the_remembered_fish_is_drawn_with_its_probability():
    state = _memory_state(["blue", "blue", "shark"])
    bridge = adapters.bridge_for(state)
    view = state.view(1)
    arrangements = set(itertools.permutations(["blue", "blue", "shark"]))
    expected = {a: 1 / len(arrangements) for a in arrangements}
    tally = check_sampling(bridge, view, 1, expected, key=lambda s: tuple(spot.fish for spot in s.spots[:3]))
    assert set(tally) == arrangements


def test_a_sample_plays_on_to_the_end():
    state = _memory_state(["red", "shark"])
    sample = adapters.determinize(state.view(0), 0, random.Random(2))
    assert sample.view(0) == state.view(0)
    GAME.invariants(sample)
    end = tabletop.random_playout(sample, random.Random(3))
    assert end.is_terminal


def test_an_illegal_id_names_itself_and_the_legal_ids():
    state = GAME.new_game(seed=1, players=2)
    while state.is_chance_node:
        state = state.apply(tabletop.sample_chance(state))
    bridge = adapters.bridge_for(state)
    with pytest.raises(tabletop.IllegalMove, match=r"action 999 is not legal here; legal ids: \d"):
        bridge.move_of(state, 999)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_the_game_length_bound_is_derived_and_random_play_stays_below_each_part(players: int) -> None:
    """ARC-7.6, ARC-1.7: `max_game_length` is the setup deal plus (progress events + 1) * idle_rounds
    rounds of `players` turns, each bounded by the items a turn can move. Random play that never declares
    the season over stays below every part; the setup part is exact, the progress events are the
    rulings' 136, and the turn bound is within 15 times the longest turn seen."""
    assert progress_events() == 136  # docs/archipel/rulings.md, ARC-7.6
    bridge = adapters.bridge("archipel", players=players, idle_rounds=3)
    assert bridge.max_game_length == game_length_bound(players, idle_rounds=3)
    longest_turn = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(seed=seed, players=players, idle_rounds=3)
        steps, turn, key, setup = 0, 0, None, None
        while not state.is_terminal:
            if setup is None and not state.is_chance_node:
                setup = steps
            if (state.flow.round, state.flow.player) != key:
                key, turn = (state.flow.round, state.flow.player), 0
            state = bridge.apply_action(state, _keep_sailing(bridge, state, rng))
            steps, turn = steps + 1, turn + 1
            longest_turn = max(longest_turn, turn)
        assert setup == setup_steps()
        assert state.flow.round <= (progress_events() + 1) * 3
        assert steps <= bridge.max_game_length
    assert longest_turn <= turn_steps(players) <= 15 * longest_turn


_WEIGHTS: dict[type, int] = {
    Give: 9,
    Take: 9,
    Refuel: 8,
    Catch: 7,
    Throw: 2,
    Discard: 2,
    EndTurn: 0,
    Done: 0,
    Stay: 0,
    Over: -5,
}


def _prolonging(state, move) -> int:
    """How much a move lengthens a turn: items changing hands (ARC-6.1), refuelling (ARC-2.6),
    a try (ARC-3.1), sailing to another boat to meet it or to a fish; ending the turn last."""
    if isinstance(move, Sail):
        if move.to in {b.at for i, b in enumerate(state.boats) if i != state.flow.player}:
            return 6
        return 4 if move.to.startswith("f") else 1
    return _WEIGHTS.get(type(move), 3)


_longest_turns = prolonging(_prolonging, explore=0.1, floor=-5)
"""The "longest-turn" policy: the most prolonging move, a random one (never declaring the
season over) one time in ten."""


@pytest.mark.parametrize("players", range(1, 6))
def test_a_longest_turn_policy_never_takes_a_turn_over_its_bound(players: int) -> None:
    """ARC-6.1, ARC-2.6, ARC-3.1: boats that meet whenever they can and hand over everything
    they may (hundreds of hand-overs a game), refuel and try every fish, never make a turn
    longer than `turn_steps`: what goes from one boat to another does not come back in the
    same turn, so a boat's own items move once and the others' twice at most."""
    handed, longest_turn = 0, 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_game(seed=seed, players=players, idle_rounds=2)
        steps, turn, key = 0, 0, None
        while not state.is_terminal:
            if (state.flow.round, state.flow.player) != key:
                key, turn = (state.flow.round, state.flow.player), 0
            move = tabletop.sample_chance(state, rng) if state.is_chance_node else _longest_turns(state, rng)
            handed += isinstance(move, Give | Take)
            state = state.apply(move)
            steps, turn = steps + 1, turn + 1
            if steps == setup_steps():  # the deal is not the first boat's turn
                turn = 0
            longest_turn = max(longest_turn, turn)
        assert steps <= game_length_bound(players, idle_rounds=2)
    assert longest_turn <= turn_steps(players)
    assert handed > 0 or players == 1


def test_the_turn_bound_counts_each_item_once_or_twice_and_the_page_says_so() -> None:
    """ARC-6.1: a boat's own items move once, another boat's twice; one boat takes no fuel.
    docs/ai/layouts.md gives the same numbers."""
    assert turn_steps(1) == 178
    assert [turn_steps(n) for n in range(2, 6)] == [247 + 44 * (n - 2) for n in range(2, 6)]
    page = (Path(__file__).resolve().parents[2] / "docs" / "ai" / "layouts.md").read_text(encoding="utf-8")
    assert f"{game_length_bound(2, idle_rounds=10):,} steps for two boats" in page
    assert "at most 178 steps with one boat and\n`247 + 44 (n - 2)` with more" in page
