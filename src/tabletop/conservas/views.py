"""What the player may see of a Conservas state.

Conservas hides nothing from its only player: the bag's contents and the decks' contents can
be counted at any time (everything that left them is on the table), and the order of the
cards in a deck or of the tokens in a bag is not part of the state at all (a deck's unknown
middle is a multiset). So a view is the state itself (the base class drops the seed), and
the game has no `perturb`: there is no hidden information to re-sample.
"""

from __future__ import annotations

from tabletop.conservas.state import ConservasState
from tabletop.kernel.deck import Deck
from tabletop.kernel.fastattrs import evolve

__all__ = ["view"]


def view(state: ConservasState, player: int) -> ConservasState:
    """The state as the player sees it: the decks' unknown parts stay multisets of known cards.

    The only player has seen every known card of both decks (the boat put under the deck at
    setup), so the view is the state itself (the base class drops the seed), built anew only
    if a deck held a card hidden from the player."""
    boat_deck, upgrade_deck = state.boat_deck, state.upgrade_deck
    if _all_seen(boat_deck, player) and _all_seen(upgrade_deck, player):
        return state
    cards = evolve(
        state.cards,
        boat_deck=boat_deck.redacted(player, composition_public=True),
        upgrade_deck=upgrade_deck.redacted(player, composition_public=True),
    )
    return evolve(state, cards=cards)


def _all_seen(deck: Deck, player: int) -> bool:
    """True when `player` knows every known card of `deck` (its redaction is the deck itself)."""
    return all(known.visible_to(player) for known in deck.top) and all(
        known.visible_to(player) for known in deck.bottom
    )
