"""What the player may see of a Conservas state, and the game's invariants.

Conservas hides nothing from its only player: the bag's contents and the decks' contents can
be counted at any time (everything that left them is on the table), and the order of the
cards in a deck or of the tokens in a bag is not part of the state at all (a deck's unknown
middle is a multiset). So a view is the state itself (the base class drops the seed), and
the game has no `perturb`: there is no hidden information to re-sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.conservas.content import BOATS, MONTHS, SUPPLY, UPGRADES
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.conservas.state import ConservasState
    from tabletop.kernel.protocol import State

__all__ = ["invariants", "view"]

_ALL_BOATS = Tokens(list(BOATS))
_ALL_UPGRADES = Tokens(list(UPGRADES))


def view(state: ConservasState, player: int) -> ConservasState:
    """The state as the player sees it: the decks' unknown parts stay multisets of known cards."""
    return state.evolve(
        boat_deck=state.boat_deck.redacted(player, composition_public=True),
        upgrade_deck=state.upgrade_deck.redacted(player, composition_public=True),
    )


def invariants(state: State) -> None:
    """The conserved quantities of Conservas, checked after every step by the property suite.

    Raises:
        AssertionError: If the 116 sea tokens are not all accounted for (per kind), money is
            negative, or a boat or upgrade card is missing or in two places.
    """
    from tabletop.conservas.state import ConservasState

    assert isinstance(state, ConservasState)
    assert state.month in MONTHS, f"month {state.month!r} is not one of {', '.join(MONTHS)}"
    assert state.goal in ("standard", "difficult"), f"goal {state.goal!r} is not standard or difficult"
    spaces = len(MONTHS[state.month].spaces)
    assert len(state.market) == spaces, f"{len(state.market)} market spaces, the month has {spaces}"
    assert state.handful >= 0 and state.to_return >= 0, f"handful {state.handful}, to return {state.to_return}"
    tokens = state.sea_tokens()
    assert tokens == SUPPLY, f"sea tokens not conserved: {tokens.as_dict()} != {SUPPLY.as_dict()}"
    assert state.money >= 0, f"negative money: {state.money}"
    boats = state.boat_deck.cards() + Tokens([*state.boat_row, *state.boat_discard, *state.offer, *state.fleet])
    assert boats == _ALL_BOATS, f"boat cards not conserved: {boats.as_dict()}"
    owned = [u.card for u in state.upgrades]
    upgrades = state.upgrade_deck.cards() + Tokens([*state.upgrade_row, *state.upgrade_discard, *owned])
    assert upgrades == _ALL_UPGRADES, f"upgrade cards not conserved: {upgrades.as_dict()}"
    assert len(state.boat_row) <= 3 and len(state.upgrade_row) <= 3, "a row holds more than 3 cards"
    assert all(kind != "water" for kind in state.market if kind), "water on a market space"
    for owned_card in state.upgrades:
        assert owned_card.kept.total <= 1, f"{owned_card.card} keeps more than one token"
