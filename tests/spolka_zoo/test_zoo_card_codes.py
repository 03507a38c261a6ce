"""The code of a Spółka ZOO state's cards (its parts' codes added up, each kept by the part's
identity: issue 12, `state_from_json`) finds a state's cards conserved exactly where counting
them does, for the states of seeded games and for copies with a card added, dropped or blanked
in a row, a hand, a deck or a pile."""

from __future__ import annotations

import importlib
import random

import attrs

import tabletop
from tabletop.kernel.deck import HIDDEN, Deck
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.tokens import Tokens

inv = importlib.import_module("tabletop.spolka_zoo.invariants")


def _counted(state: object) -> bool:
    """Whether counting every card finds them conserved (and none hidden)."""
    try:
        inv._count_cards(state)
    except InvariantBroken:
        return False
    return HIDDEN not in inv._tally(state)


def _damaged(state: object, rng: random.Random) -> object:
    card = rng.choice(["", HIDDEN, "h-fox", "apple-1", "inf-tax", "no-such-card"])
    change = rng.randrange(4)
    if change == 0:
        seats = list(state.seats)
        i = rng.randrange(len(seats))
        seats[i] = attrs.evolve(seats[i], helpers=(*seats[i].helpers, card))
        return attrs.evolve(state, seats=tuple(seats))
    if change == 1:
        piles = state.piles
        return attrs.evolve(state, piles=attrs.evolve(piles, helper_row=(*piles.helper_row[1:], card)))
    if change == 2:
        decks = list(state.decks)
        deck = decks[0]
        decks[0] = Deck(deck.top, deck.middle + Tokens([card or "apple-2"]), deck.bottom)
        return attrs.evolve(state, decks=tuple(decks))
    piles = state.piles
    return attrs.evolve(state, piles=attrs.evolve(piles, bot_discard=piles.bot_discard + Tokens([card or "bot-01"])))


def test_the_code_agrees_with_the_count() -> None:
    game = tabletop.get_game("spolka_zoo")
    rng = random.Random(12)
    agreed = 0
    for options in ({"players": 1, "bots": 4}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}):
        state = game.new_game(7, **options)
        for _ in range(400):
            if state.is_terminal:
                break
            for each in (state, state.view(0), _damaged(state, rng)):
                assert inv._cards_coded(each) == _counted(each)
                agreed += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert agreed > 600
