"""Conserved quantities and bounds, checked after every step by the property suite.

* 30 fuel markers: on the boat cards or in the supply (ARC-1.4);
* 30 fish pieces: on the spots (seen, or still unseen), on boats, on markets, out of the game;
* 61 square cards: in the pocket, shops, warehouse, on boats, on the quay, on storm spaces,
  out of the game;
* no boat holds more than 3 fish, 5 fuel or 4 equipment cards (ARC-1.3); no shop or the
  warehouse more than 3 cards; a shop or warehouse with a 'closed' sign holds none; a
  numbered storm card lies only on its own space; a market holds only what it ordered;
  cards wait on the quay only during a harbour visit, and a weather card waiting for a choice
  is one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.archipel.pieces import (
    DECK,
    EMPTY,
    FISH,
    FUEL_MARKERS,
    HOLD,
    SHARK,
    SHOP_SIZE,
    TANK,
    UNSEEN,
    storm_number,
)
from tabletop.kernel.deck import conservation_problem
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.archipel.state import ArchipelState

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Raise `AssertionError` naming the first conserved quantity or bound that is broken."""
    s: ArchipelState = state  # type: ignore[assignment]
    _check_boats(s)
    _check_fish(s)
    _check_cards(s)


def _check_boats(s: ArchipelState) -> None:
    fuel = sum(boat.fuel for boat in s.boats) + s.supply
    assert fuel == FUEL_MARKERS, f"{fuel} fuel markers instead of {FUEL_MARKERS}"
    for boat in s.boats:
        assert 0 <= boat.fuel <= TANK, f"{boat.colour} boat has {boat.fuel} fuel"
        assert boat.fish.total <= HOLD, f"{boat.colour} boat has {boat.fish.total} fish"
        assert boat.cards.total <= DECK, f"{boat.colour} boat has {boat.cards.total} equipment cards"
        assert SHARK not in boat.fish, f"{boat.colour} boat carries a shark"


def _check_fish(s: ArchipelState) -> None:
    unseen_spots = sum(spot.fish == UNSEEN for spot in s.spots)
    assert unseen_spots == s.unseen.total, f"{unseen_spots} unseen spots but {s.unseen.total} unseen fish"
    pieces = Tokens([spot.fish for spot in s.spots if spot.fish not in (EMPTY, UNSEEN)]) + s.unseen + s.lost
    for boat in s.boats:
        pieces += boat.fish
    board = s.map
    for island, ordered, delivered in zip(board.island_ids, board.orders, s.markets, strict=True):
        assert delivered <= ordered, f"market {island} holds {delivered}, ordered {ordered}"
        pieces += delivered
    problem = conservation_problem(pieces, FISH)  # in a view, hidden fish make up the rest
    assert not problem, f"fish pieces not conserved: {problem}"


def _check_cards(s: ArchipelState) -> None:
    board = s.map
    cards = s.pocket.contents + s.warehouse + s.bought + s.removed + Tokens([c for c in s.storms if c])
    for boat in s.boats:
        cards += boat.cards
    for island, shop in zip(board.island_ids, s.shops, strict=True):
        assert shop.total <= SHOP_SIZE, f"shop {island} holds {shop.total} cards"
        assert not (island in s.shut and shop), f"closed shop {island} holds cards"
        cards += shop
    assert cards == board.cards, f"square cards not conserved: {cards.total} instead of {board.cards.total}"
    assert s.warehouse.total <= SHOP_SIZE, f"the warehouse holds {s.warehouse.total} cards"
    assert not (s.warehouse_shut and s.warehouse), "the closed warehouse holds cards"
    for number, card in zip(board.storm_numbers, s.storms, strict=True):
        assert not card or storm_number(card) in (0, number), f"{card} lies on storm space {number}"
    assert not s.bought or s.flow.phase == "harbour", f"cards {s.bought} on the quay outside a harbour visit"
    assert not s.turn.weather or s.turn.weather in s.bought, f"{s.turn.weather} waits but was not bought"
