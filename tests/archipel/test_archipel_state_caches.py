"""What the speed work of issue 12 keeps on an Archipel state must never change what it means:
the kept hash is the hash of the fields, and each chance event is counted once."""

from __future__ import annotations

import itertools
import random

import attrs
from archipel_helpers import random_states

from tabletop.archipel import GAME, ArchipelState, new_game
from tabletop.archipel.moves import Draw, Expose
from tabletop.kernel.chance import CHANCE, sample_chance


def test_a_kept_hash_is_the_hash_of_the_fields_however_the_state_was_built() -> None:
    """A state built by `apply`, by `view`, read back from JSON or copied by `attrs.evolve`
    hashes as an equal state built from its fields by `__init__`, before and after its hash
    was kept."""
    for seed, players in ((3, 2), (4, 5)):
        for state in random_states(seed, players, 400)[::7]:
            copies = [state, state.view(0), GAME.state_from_json(state.to_json()), attrs.evolve(state)]
            for copy in copies:
                fresh = ArchipelState(**{a.name: getattr(copy, a.name) for a in attrs.fields(ArchipelState)})
                assert fresh == copy
                assert hash(copy) == hash(fresh)
                assert hash(copy) == hash(fresh)  # the kept value, the second time


def test_the_next_state_does_not_keep_the_hash_of_the_one_before() -> None:
    """A state built from another (a step, a view) hashes by its own fields."""
    states = random_states(5, 3, 400)
    for before, after in itertools.pairwise(states):
        hash(before)
        expected = hash(ArchipelState(**{a.name: getattr(after, a.name) for a in attrs.fields(ArchipelState)}))
        assert hash(after) == expected


def test_every_chance_event_is_counted_once() -> None:
    """`chance_count` goes up by one with each chance outcome applied (cards drawn from the
    pocket, fish exposed), and never with a player's move."""
    rng = random.Random(11)
    state = new_game(11, players=4, declare="supplied")
    count = state.chance_count
    while not state.is_terminal:
        chance = state.current_player == CHANCE
        move = sample_chance(state, rng) if chance else rng.choice(state.legal_moves())
        state = state.apply(move)
        count += chance
        assert state.chance_count == count
    assert count > 20


def test_chance_outcomes_are_each_kind_with_count_over_total() -> None:
    """The outcome pairs kept by kind, count and total are the ones built afresh: the move of
    each kind in the pocket (or face down in the sea) with `count / total`, in kind order."""
    checked = 0
    for seed, players in ((5, 2), (6, 5), (7, 3)):
        for state in random_states(seed, players, 400):
            if state.current_player != CHANCE:
                continue
            cls, contents = (Expose, state.unseen) if state.flow.step == "expose" else (Draw, state.pocket.contents)
            total = contents.total
            assert state.chance_outcomes() == tuple((cls(kind), n / total) for kind, n in contents.items())
            checked += 1
    assert checked > 100
