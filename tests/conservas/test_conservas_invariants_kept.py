"""Conservas' invariants keep the cards of each deck by the deck's identity: a state whose deck
differs from one already checked has it listed again (issue 12)."""

from __future__ import annotations

import attrs
import pytest

import tabletop
from tabletop.conservas.invariants import invariants
from tabletop.kernel.errors import InvariantBroken


def test_a_changed_deck_beside_kept_parts_is_listed_again() -> None:
    """CON-1.5 and CON-1.8: a boat or an upgrade card gone from its deck, the rest unchanged."""
    state = tabletop.get_game("conservas").new_game(3)
    invariants(state)
    for field, rule in (("boat_deck", "CON-1.5"), ("upgrade_deck", "CON-1.8")):
        deck = getattr(state.cards, field)
        less = attrs.evolve(deck, middle=deck.middle.remove(next(iter(deck.middle))))
        broken = attrs.evolve(state, cards=attrs.evolve(state.cards, **{field: less}))
        with pytest.raises(InvariantBroken, match="cards not conserved") as caught:
            invariants(broken)
        assert caught.value.rule == rule
    invariants(state)
