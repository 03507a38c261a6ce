"""Conserved quantities and bounds, checked after every step by the property suite and on
every state read from JSON.

* 30 fuel markers: on the boat cards or in the supply (ARC-1.4);
* 30 fish pieces: on the spots (seen, or still unseen), on boats, on markets, out of the game;
* 61 square cards: in the pocket, shops, warehouse, on boats, on the quay, on storm spaces,
  out of the game;
* no boat holds more than 3 fish, 5 fuel or 4 equipment cards (ARC-1.3); no shop or the
  warehouse more than 3 cards; a shop or warehouse with a 'closed' sign holds none; a
  numbered storm card lies only on its own space; a market holds only what it ordered;
  cards wait on the quay only during a harbour visit, and a weather card waiting for a choice
  is one of them.

A broken one raises [`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] naming the
field path (`boats[1].fuel`, `markets[3]`) and the rule, which a state read from JSON turns
into a `DecodeError` at that path.
"""

from __future__ import annotations

from tabletop.archipel.content.board import is_loaded
from tabletop.archipel.content.kinds import FISH, SHARK, storm_number
from tabletop.archipel.state import DECK, EMPTY, FUEL_MARKERS, HOLD, SHOP_SIZE, TANK, UNSEEN, ArchipelState
from tabletop.kernel.deck import conservation_problem
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Raise `InvariantBroken` naming the path and rule of the first broken quantity or bound."""
    s: ArchipelState = state  # type: ignore[assignment]
    # Issue 10: a state names its board, it never makes the program open a file it chooses.
    message = f"no board {s.board!r} is loaded: a state names the reference board ('') or a loaded board's digest"
    _require(is_loaded(s.board), message, "board", "ARC-1.1")
    _check_boats(s)
    _check_fish(s)
    _check_cards(s)


def _require(ok: bool, message: str, path: str, rule: str) -> None:
    if not ok:
        raise InvariantBroken(message, path=path, rule=rule)


def _check_boats(s: ArchipelState) -> None:
    for i, boat in enumerate(s.boats):
        at = f"boats[{i}]"
        _require(0 <= boat.fuel <= TANK, f"{boat.colour} boat has {boat.fuel} fuel", f"{at}.fuel", "ARC-1.3")
        _require(boat.fish.total <= HOLD, f"{boat.colour} boat has {boat.fish.total} fish", f"{at}.fish", "ARC-3.6")
        _require(
            boat.cards.total <= DECK,
            f"{boat.colour} boat has {boat.cards.total} equipment cards",
            f"{at}.cards",
            "ARC-4.7",
        )
        _require(SHARK not in boat.fish, f"{boat.colour} boat carries a shark", f"{at}.fish", "ARC-3.4")
    fuel = sum(boat.fuel for boat in s.boats) + s.supply
    _require(fuel == FUEL_MARKERS, f"{fuel} fuel markers instead of {FUEL_MARKERS}", "supply", "ARC-1.4")


def _check_fish(s: ArchipelState) -> None:
    unseen_spots = sum(spot.fish == UNSEEN for spot in s.spots)
    message = f"{unseen_spots} unseen spots but {s.unseen.total} unseen fish"
    _require(unseen_spots == s.unseen.total, message, "unseen", "ARC-1.5")
    pieces = Tokens([spot.fish for spot in s.spots if spot.fish not in (EMPTY, UNSEEN)]) + s.unseen + s.lost
    for boat in s.boats:
        pieces += boat.fish
    board = s.map
    for i, (island, ordered, delivered) in enumerate(zip(board.island_ids, board.orders, s.markets, strict=True)):
        message = f"market {island} holds {delivered}, ordered {ordered}"
        _require(delivered <= ordered, message, f"markets[{i}]", "ARC-4.2")
        pieces += delivered
    problem = conservation_problem(pieces, FISH)  # in a view, hidden fish make up the rest
    _require(not problem, f"fish pieces not conserved: {problem}", "spots", "ARC-1.5")


def _check_cards(s: ArchipelState) -> None:
    board = s.map
    cards = s.pocket.contents + s.warehouse + s.bought + s.removed + Tokens([c for c in s.storms if c])
    for boat in s.boats:
        cards += boat.cards
    for i, (island, shop) in enumerate(zip(board.island_ids, s.shops, strict=True)):
        _require(shop.total <= SHOP_SIZE, f"shop {island} holds {shop.total} cards", f"shops[{i}]", "ARC-1.7")
        _require(not (island in s.shut and shop), f"closed shop {island} holds cards", f"shops[{i}]", "ARC-4.10")
        cards += shop
    message = f"square cards not conserved: {cards.total} instead of {board.cards.total}"
    _require(cards == board.cards, message, "pocket", "ARC-1.6")
    message = f"the warehouse holds {s.warehouse.total} cards"
    _require(s.warehouse.total <= SHOP_SIZE, message, "warehouse", "ARC-1.7")
    _require(not (s.warehouse_shut and s.warehouse), "the closed warehouse holds cards", "warehouse", "ARC-4.10")
    for i, (number, card) in enumerate(zip(board.storm_numbers, s.storms, strict=True)):
        message = f"{card} lies on storm space {number}"
        _require(not card or storm_number(card) in (0, number), message, f"storms[{i}]", "ARC-4.3")
    message = f"cards {s.bought} on the quay outside a harbour visit"
    _require(not s.bought or s.flow.phase == "harbour", message, "bought", "ARC-4.5")
    message = f"{s.turn.weather} waits but was not bought"
    _require(not s.turn.weather or s.turn.weather in s.bought, message, "turn.weather", "ARC-4.3")
