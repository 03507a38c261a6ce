"""The face-down piles whose composition every seat knows: the influence deck (and the helper, bot and
event decks, viewed the same way). Issue 13 asked whether their views leak: they show each pile's whole
composition, which would tell a card in a known place to a seat that had not seen it. No rule makes one.

The rulebook moves cards out of these piles face up only: the influence row is refilled by "drawing and
revealing a new Influence card" (ZOO-4.11; ZOO-1.4 at setup; "reveal the missing cards from the face-down
stack of Influence cards" when an effect refills it), the helper market likewise (ZOO-1.5, ZOO-4.10); a
bot's lobbying card says "reveal the top influence card and shuffle it into the apple deck"; bot and event
cards are revealed, resolved and shuffled back (ZOO-12.2, ZOO-13.3, ZOO-13.5). The covert looks and
removals (ZOO-4.12, ZOO-6.4: "look at or discard Influence cards ... covertly") are of company decks, and
no effect puts a card on these piles. So a seat with a perfect memory knows each one's composition, and
nothing about the order of its cards: the tests below check that over random play of every configuration,
and the invariant that refuses a state where a card of one lies in a known place.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from zoo_helpers import start

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.content import INFLUENCE_IDS
from tabletop.spolka_zoo.invariants import all_cards, invariants
from tabletop.spolka_zoo.moves import Draw
from tabletop.spolka_zoo.views import perturb

OPEN_PILES = ("influence", "helper_deck", "bot_deck", "event_deck")
ALL = ("events", "hidden_goals", "intrigues")
CONFIGS = [
    {"players": 2},
    {"players": 5},
    {"players": 3, "modules": ALL},
    {"players": 1, "bots": 4},
    {"players": 2, "bots": 2, "modules": ALL},
]


def _known_to(view: ZooState, card: str) -> bool:
    """Whether the seat of `view` can tell where `card` is: shown somewhere, or known to be in a company deck."""
    return all_cards(view)[card] > 0 or any(card in known for known, _ in view.deck_makeup)


def _check_open_piles(state: ZooState, drawn: Tokens) -> None:
    seats = range(len(state.seats))
    for name in OPEN_PILES:
        pile: Deck = getattr(state.piles, name)
        assert pile.top == () and pile.bottom == (), name  # no card of it in a known place
        for seat in seats:
            assert getattr(state.view(seat).piles, name) == pile  # the composition, nothing hidden
    # The influence deck only loses cards, each drawn face up: its composition is the public bookkeeping.
    assert state.piles.influence.middle == Tokens(INFLUENCE_IDS) - drawn


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_the_open_piles_lose_cards_face_up_only(options: dict[str, Any]) -> None:
    """ZOO-1.4, ZOO-4.11, ZOO-12.2, ZOO-13.3: every card drawn from an open pile is one every seat can place,
    no card of one is ever in a known place, every view shows the pile as it is, and re-sampling what one
    seat does not know (the perturbation) leaves every open pile as it was: nothing about them is hidden."""
    rng = random.Random(13)
    state: ZooState = GAME.new_game(7, **options)  # type: ignore[assignment]
    drawn = Tokens()
    steps = 0
    while not state.is_terminal:
        moves = state.legal_moves()
        move = rng.choice(moves)
        node = state.chance_node() if state.current_player == CHANCE else None
        state = state.apply(move)  # type: ignore[assignment]
        steps += 1
        if node is not None and node.name in OPEN_PILES:
            assert isinstance(move, Draw)
            for seat in range(len(state.seats)):
                assert _known_to(state.view(seat), move.card), (node, move.card, seat)
            if node.name == "influence":
                drawn = drawn.add(move.card)
        _check_open_piles(state, drawn)
        if steps % 40 == 0:
            for seat in range(len(state.seats)):
                other = perturb(state, seat, rng)
                assert isinstance(other, ZooState)
                for name in OPEN_PILES:
                    assert getattr(other.piles, name) == getattr(state.piles, name), (name, seat)
    assert drawn.total > 0


def test_a_card_in_a_known_place_of_an_open_pile_breaks_an_invariant() -> None:
    """The views show an open pile's composition: a card on it that one seat had seen would be told to the
    others (the whole less the rest), so a state holding one is refused, naming the pile and its rule."""
    state = start(3)
    influence = state.piles.influence
    card = sorted(influence.middle)[0]
    _, rest = influence.draw(card)
    seen = rest.put_top((Known(card, frozenset({1})),))
    crafted = attrs.evolve(state, piles=attrs.evolve(state.piles, influence=seen))
    with pytest.raises(InvariantBroken) as caught:
        invariants(crafted)
    assert caught.value.path == "piles.influence"
    assert caught.value.rule == "ZOO-4.11"
    invariants(state)
