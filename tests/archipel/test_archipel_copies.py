"""`rules.apply` builds a state from a rule's changes with a copy generated for the tuples of changed
fields most steps give (`rules._COPIES`): the same state, JSON and caches as the kernel's
`evolve_from`, and `evolve_from` itself for any other tuple."""

from __future__ import annotations

import random
from typing import Any

import tabletop
from tabletop.archipel import rules
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.fastattrs import evolve_from


def test_generated_copies_build_what_evolve_from_builds() -> None:
    game = tabletop.get_game("archipel")
    rng = random.Random(3)
    state: Any = game.new_game(3, players=3, declare="supplied")
    played = 0
    while not state.is_terminal and played < 120:
        for names, copy in rules._GENERATED.items():
            changes = {name: getattr(state, name) for name in names}
            built, expected = copy(state, changes), evolve_from(state, changes)
            assert type(built) is type(expected) and built == expected
            assert built.to_json() == expected.to_json()
            assert built.legal_moves() == expected.legal_moves()
        state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))
        played += 1


def test_other_tuples_of_fields_go_to_evolve_from() -> None:
    assert rules._COPIES[("flow", "seed", "memory")] is evolve_from
    assert rules._COPIES[("flow", "turn")] is rules._GENERATED["flow", "turn"]
