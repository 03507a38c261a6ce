"""Reading refuses a known company-deck card seen by a seat the game does not have (fuzz 37, the
Conservas finding's sibling): a look tells the cards to the player who looks (ZOO-4.12: "They
do not show them to other players"), so `seen_by` names seats of the table only; a text naming
seat -1 or 9 was read, and the state's views then hid or showed cards by a seat nobody holds."""

from __future__ import annotations

import random

import attrs
import pytest
from zoo_helpers import refused, verdict_after, verdict_alone

from tabletop.kernel.chance import sample_chance
from tabletop.spolka_zoo import GAME, ZooState


def _looked() -> ZooState:
    """A seeded 3-player game's first state with a company card known to a seat."""
    state, rng = GAME.new_game(0, players=3), random.Random(0)
    while not any(k.seen_by for deck in state.decks for k in deck.top):
        state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))
    return state


def _seen_by(state: ZooState, seats: frozenset[int]) -> ZooState:
    c = next(c for c, deck in enumerate(state.decks) if any(k.seen_by for k in deck.top))
    deck = state.decks[c]
    top = (attrs.evolve(deck.top[0], seen_by=seats), *deck.top[1:])
    return attrs.evolve(state, decks=(*state.decks[:c], attrs.evolve(deck, top=top), *state.decks[c + 1 :]))


@pytest.mark.parametrize("seat", [-1, 3, 9])
def test_a_known_card_seen_by_no_seat_of_the_game_is_refused(seat: int) -> None:
    """ZOO-4.12: the cards looked at are known to the seat that looked, a seat of the table."""
    sound = _looked()
    broken = _seen_by(sound, frozenset({0, seat}))
    c = next(c for c, deck in enumerate(broken.decks) if seat in deck.top[0].seen_by)
    refused(broken, f"decks[{c}].top[0].seen_by", "ZOO-4.12", "the seats are 0 to 2")
    verdict = verdict_alone(broken)
    assert verdict is not None and verdict_after(sound, broken) == verdict


def test_a_known_card_seen_by_seats_of_the_game_reads() -> None:
    sound = _looked()
    for seats in (frozenset({0}), frozenset({1, 2}), frozenset()):
        state = _seen_by(sound, seats)
        assert GAME.state_from_json(state.to_json()) == state
