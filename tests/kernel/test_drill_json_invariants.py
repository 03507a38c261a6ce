"""The drill's invariants, checked on every state read from JSON, count its tokens and cards in
plain dicts first (issue 12: `state_from_json`): every state they refuse is refused with the
message the multiset sums word, and every state the sums accept is accepted."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop.kernel.deck import HIDDEN, Deck, Known, conservation_problem
from tabletop.kernel.tokens import Tokens
from tabletop.testing import drill


def _refusal(state: drill.DrillState) -> str:
    """The message of the sums of multisets (the invariants before the plain counts), or ``""``."""
    tokens = state.bag.contents + state.hands[0] + state.hands[1]
    if tokens != drill.BAG:
        return f"tokens not conserved: {tokens}"
    cards = state.deck.cards() + Tokens([*state.cards[0], *state.cards[1]])
    problem = conservation_problem(cards, Tokens(drill.CARDS))
    return f"cards not conserved: {problem}" if problem else ""


def _states() -> list[drill.DrillState]:
    """The states and first seat's views of seeded random games."""
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        state = drill.GAME.new_game(seed)
        while True:
            found += [state, state.view(0)]
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_moves()))
    return found


def _damaged(state: drill.DrillState, rng: random.Random) -> drill.DrillState:
    """`state` with one of its counts or cards changed."""
    deck, hands, cards = state.deck, state.hands, state.cards
    change = rng.randrange(5)
    if change == 0:
        hands = (hands[0] + Tokens([rng.choice(["red", "blue", "green"])]), hands[1])
    elif change == 1:
        cards = ((*cards[0], rng.choice(["ace", "king", HIDDEN, "joker"])), cards[1])
    elif change == 2 and cards[1]:
        cards = (cards[0], cards[1][1:])
    elif change == 3:
        deck = Deck((Known(rng.choice(["ace", "queen", "joker"])), *deck.top), deck.middle, deck.bottom)
    else:
        deck = Deck(deck.top, deck.middle + Tokens([rng.choice(["jack", HIDDEN])]), deck.bottom)
    return attrs.evolve(state, deck=deck, hands=hands, cards=cards)


def _message(state: drill.DrillState) -> str:
    try:
        drill._invariants(state)
    except AssertionError as exc:
        return str(exc).split("\n")[0]  # under pytest, its assertion's explanation follows
    return ""


def test_the_same_refusals_as_the_sums() -> None:
    rng = random.Random(12)
    refused = 0
    for state in _states():
        assert _message(state) == _refusal(state) == ""
        for _ in range(4):
            damaged = _damaged(state, rng)
            refused += bool(_refusal(damaged))
            assert _message(damaged) == _refusal(damaged)
    assert refused > 100


@pytest.mark.parametrize("extra", ["red", "blue"])
def test_a_token_too_many_is_worded(extra: str) -> None:
    state = drill.GAME.new_game(1)
    damaged = attrs.evolve(state, hands=(state.hands[0] + Tokens([extra]), state.hands[1]))
    with pytest.raises(AssertionError, match="tokens not conserved"):
        drill._invariants(damaged)
