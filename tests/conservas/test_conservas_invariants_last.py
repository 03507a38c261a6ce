"""Conservas' invariants find the cards of the last sound state again by one comparison
(`_LAST_CARDS`), and count the sea tokens from each multiset's own dict (issue 12: reading a
state checks it and the state after its first legal move). Every seeded state, and damaged copies
of it checked right after it (so its cards are the last sound ones), get the same answer (the same
refusal: type, message, path, rule) as with nothing kept."""

from __future__ import annotations

import random
import sys
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.conservas.state import ConservasState
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.errors import InvariantBroken

GAME = tabletop.get_game("conservas")
_MODULE = sys.modules["tabletop.conservas.invariants"]
CONFIGURATIONS = [{"month": "january"}, {"month": "december", "goal": "difficult"}]


def _answer(state: Any) -> Any:
    try:
        GAME.invariants(state)
    except InvariantBroken as exc:
        return type(exc), str(exc), exc.path, exc.rule
    return "sound"


def _plain(state: Any) -> Any:
    """The answer with nothing kept (no cards, no deck listing, no last cards)."""
    _MODULE._SOUND_CARDS._kept.clear()
    _MODULE._DECK_CARDS._kept.clear()
    _MODULE._LAST_CARDS[0] = None
    return _answer(state)


def _states(options: dict[str, Any], seed: int) -> list[ConservasState]:
    rng = random.Random(seed)
    state = GAME.new_game(seed, **options)
    states = [state]
    while not state.is_terminal:
        state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))
        states.append(state)
    return states[::4]  # type: ignore[return-value]


def _damaged(state: ConservasState) -> list[ConservasState]:
    """Copies with one part broken: the very same cards (other parts broken), or other cards."""
    cards = state.cards
    copies = [
        attrs.evolve(state, money=-1),
        attrs.evolve(state, supply=state.supply.add("water")),
        attrs.evolve(state, hand=state.hand.add("sardine")),
        attrs.evolve(state, market=("water", *state.market[1:])),
        attrs.evolve(state, market=("octopus", *state.market[1:])),
    ]
    if state.supply.total:
        kind = next(iter(state.supply))
        copies.append(attrs.evolve(state, supply=state.supply.remove(kind), catch=state.catch.add(kind)))
        copies.append(attrs.evolve(state, supply=state.supply.remove(kind)))
    if cards.boat_deck.middle.total:
        boat = next(iter(cards.boat_deck.middle))
        copies.append(attrs.evolve(state, cards=attrs.evolve(cards, fleet=(*cards.fleet, boat))))
    if cards.upgrade_deck.middle.total:
        upgrade = next(iter(cards.upgrade_deck.middle))
        copies.append(attrs.evolve(state, cards=attrs.evolve(cards, upgrade_row=(*cards.upgrade_row, upgrade))))
    copies.append(attrs.evolve(state, cards=attrs.evolve(cards, fleet=cards.fleet[1:])))
    row = (*cards.boat_row, *cards.fleet, *cards.offer)  # conserved, but a row of more than 3
    copies.append(attrs.evolve(state, cards=attrs.evolve(cards, boat_row=row, fleet=(), offer=())))
    if state.supply["water"] >= 2:  # conserved, but water on the market, or kept two at a time
        supply = state.supply.remove("water")
        supply = supply.add(state.market[0]) if state.market[0] else supply
        copies.append(attrs.evolve(state, supply=supply, market=("water", *state.market[1:])))
        for i, owned in enumerate(cards.upgrades):
            kept = attrs.evolve(owned, kept=owned.kept.add("water", 2))
            upgrades = (*cards.upgrades[:i], kept, *cards.upgrades[i + 1 :])
            cards_kept = attrs.evolve(cards, upgrades=upgrades)
            copies.append(attrs.evolve(state, cards=cards_kept, supply=state.supply.remove("water", 2)))
    copies.append(attrs.evolve(state, cards=attrs.evolve(cards)))  # equal cards, another object
    for i, owned in enumerate(cards.upgrades):
        kept = attrs.evolve(owned, kept=owned.kept.add("water", 2))
        upgrades = (*cards.upgrades[:i], kept, *cards.upgrades[i + 1 :])
        copies.append(attrs.evolve(state, cards=attrs.evolve(cards, upgrades=upgrades)))
    return copies


@pytest.mark.parametrize("options", CONFIGURATIONS)
def test_the_last_sound_cards_and_the_counts_answer_as_nothing_kept(options: dict[str, Any]) -> None:
    for seed in (1, 2):
        for state in _states(options, seed):
            expected = _plain(state)
            assert expected == "sound"
            for copy in _damaged(state):
                _answer(state)  # its cards the last sound ones, and kept
                assert _MODULE._LAST_CARDS[0] is state.cards
                answer = _answer(copy)
                assert answer == _plain(copy)
                assert _answer(copy) == answer  # and again, with whatever it kept
