"""Conservas' invariants keep the `Cards` found sound by identity (issue 12): the very same
cards are not checked again, a changed one is, and the checks of other parts still run."""

from __future__ import annotations

import attrs
import pytest

import tabletop
from tabletop.conservas.invariants import invariants
from tabletop.kernel.errors import InvariantBroken

GAME = tabletop.get_game("conservas")


def test_kept_cards_beside_a_broken_part_and_changed_cards_are_still_refused() -> None:
    state = GAME.new_game(seed=3, month="january")
    invariants(state)
    invariants(state)  # the cards kept: the same answer
    cards = state.cards
    doubled = attrs.evolve(cards, fleet=(*cards.fleet, next(iter(cards.boat_deck.middle))))
    with pytest.raises(InvariantBroken, match="boat cards not conserved"):
        invariants(attrs.evolve(state, cards=doubled))
    crowded = attrs.evolve(cards, upgrade_discard=(*cards.upgrade_discard, next(iter(cards.upgrade_deck.middle))))
    with pytest.raises(InvariantBroken):
        invariants(attrs.evolve(state, cards=crowded))
    market = ("water", *state.market[1:])
    supply = state.supply.remove("water")
    supply = supply.add(state.market[0]) if state.market[0] else supply
    with pytest.raises(InvariantBroken, match="water on a market space") as caught:
        invariants(attrs.evolve(state, market=market, supply=supply))  # the very cards kept sound
    assert caught.value.path == "market[0]"
    with pytest.raises(InvariantBroken, match="negative money"):
        invariants(attrs.evolve(state, money=-1))
    invariants(state)


def test_seeded_games_get_the_same_answers_with_the_cards_kept_or_not() -> None:
    """Every state of seeded games checked twice (the second time with its cards kept) passes."""
    import random

    from tabletop.kernel.chance import sample_chance

    rng = random.Random(1)
    for month in ("january", "december"):
        state = GAME.new_game(seed=5, month=month)
        while not state.is_terminal:
            invariants(state)
            invariants(state)
            state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))
