"""The invariants of Conservas: what every state of the game keeps, checked after every step
by the property suite and when an untrusted state is read.

Each broken invariant raises [`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] with
the path of the field at fault (`"money"`, `"cards.fleet"`, `"upgrades[2].kept"`) and the rule
it follows from, so a refused state names what is wrong.
"""

from __future__ import annotations

from tabletop.conservas.content import BOATS, MONTHS, SUPPLY, UPGRADES
from tabletop.conservas.state import ConservasState
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

__all__ = ["invariants"]

_ALL_BOATS = Tokens(list(BOATS))
_ALL_UPGRADES = Tokens(list(UPGRADES))


def _check(ok: bool, message: str, path: str, rule: str = "") -> None:
    if not ok:
        raise InvariantBroken(message, path=path, rule=rule)


def invariants(state: State) -> None:
    """The conserved quantities of Conservas.

    Raises:
        InvariantBroken: If the 116 sea tokens are not all accounted for (per kind), money is
            negative, or a boat or upgrade card is missing or in two places (an
            `AssertionError` naming the field's path and the rule).
    """
    _check(isinstance(state, ConservasState), f"not a Conservas state: {type(state).__name__}", "")
    assert isinstance(state, ConservasState)
    _check(state.month in MONTHS, f"month {state.month!r} is not one of {', '.join(MONTHS)}", "month", "CON-1.2")
    _check(state.goal in ("standard", "difficult"), f"goal {state.goal!r} is not standard or difficult", "goal")
    spaces = len(MONTHS[state.month].spaces)
    _check(len(state.market) == spaces, f"{len(state.market)} market spaces, the month has {spaces}", "market")
    _check(state.handful >= 0, f"handful {state.handful}", "handful", "CON-2.1")
    _check(state.to_return >= 0, f"to return {state.to_return}", "to_return", "CON-6.6")
    tokens = state.sea_tokens()
    message = f"sea tokens not conserved: {tokens.as_dict()} != {SUPPLY.as_dict()}"
    _check(tokens == SUPPLY, message, "", "CON-1.1")  # no one field is at fault: the whole state
    _check(state.money >= 0, f"negative money: {state.money}", "money", "CON-4.6")
    boats = state.boat_deck.cards() + Tokens([*state.boat_row, *state.boat_discard, *state.offer, *state.fleet])
    _check(boats == _ALL_BOATS, f"boat cards not conserved: {boats.as_dict()}", "cards", "CON-1.5")
    owned = [u.card for u in state.upgrades]
    upgrades = state.upgrade_deck.cards() + Tokens([*state.upgrade_row, *state.upgrade_discard, *owned])
    _check(upgrades == _ALL_UPGRADES, f"upgrade cards not conserved: {upgrades.as_dict()}", "cards", "CON-1.8")
    _check(len(state.boat_row) <= 3, "a row holds more than 3 cards", "cards.boat_row", "CON-4.3")
    _check(len(state.upgrade_row) <= 3, "a row holds more than 3 cards", "cards.upgrade_row", "CON-4.4")
    for index, kind in enumerate(state.market):
        _check(kind != "water", "water on a market space", f"market[{index}]", "CON-3.3")
    for index, owned_card in enumerate(state.upgrades):
        message = f"{owned_card.card} keeps more than one token"
        _check(owned_card.kept.total <= 1, message, f"cards.upgrades[{index}].kept", "CON-3.6")
