"""Why a Conservas move is illegal: an [`IllegalMove`][tabletop.kernel.errors.IllegalMove] with a stable code and the
rule.

The base class has already refused moves of a kind the current step does not allow
(`wrong-step`); the functions here explain moves of the right kind that break a rule.

| code | rule | when |
|---|---|---|
| `not-in-bag` | CON-2.1 | the drawn kind is not in the bag |
| `not-in-deck` | CON-1.5/6 | the dealt card is not among the unknown cards |
| `not-offered` | CON-1.5 | the chosen boat was not one of the two offered |
| `not-your-card` | CON-2.2 | the card is neither one of your boats nor Open Water |
| `card-used` | CON-2.2 | the card already received a handful this round |
| `not-drawn` | CON-2.3 | the tokens named are not in the handful |
| `wrong-catch` | CON-2.3 | a boat must keep exactly its catch size |
| `open-water-keeps` | CON-2.4 | nothing stays on the Open Water card |
| `no-redraw` | CON-6.4 | no upgrade lets you redraw now |
| `wrong-return` | CON-6.6 | return exactly the extra tokens drawn |
| `unknown-space` | CON-3.2 | the month's market has no such space |
| `space-filled` | CON-3.2 | the space was sold to already |
| `fill-order` | CON-3.4 | the month's fill order needs another space first |
| `wrong-fish` | CON-3.2 | the tokens are not exactly what the space needs |
| `not-caught` | CON-3.1 | those fish are not on your boats |
| `bad-leave` | CON-3.3 | the token left on the space must be one of those sold |
| `not-in-row` | CON-3.5/7 | the card is not face up in its row |
| `water-has-no-value` | CON-3.1 | water cannot pay for anything |
| `wrong-cost` | CON-3.5 | the fish do not match the upgrade's cost pattern |
| `keep-token` | CON-3.6 | the kept token is wrong for this card |
| `too-dear` | CON-3.7 | not enough money for the boat |
| `wrong-row` | CON-4.3/4 | the other row is being refilled now |
| `not-due` | CON-4.6 | the boat owes no upkeep now |
| `cannot-pay` | CON-4.6 | not enough money for this boat's upkeep |
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

from tabletop.conservas import effects, land
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.moves import (
    OPEN_WATER,
    Buy,
    Choose,
    Deal,
    Draw,
    Place,
    Redraw,
    Return,
    Row,
    Sell,
    Trade,
    Upkeep,
)
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move

if TYPE_CHECKING:
    from tabletop.conservas.state import ConservasState

__all__ = ["refusal"]

_ORDER: Final = {
    "rows": "fills each row left to right",
    "columns": "fills each column top to bottom",
    "any": "may be filled in any order",
}


def _no(message: str, code: str, rule: str, move: Move) -> IllegalMove:
    return IllegalMove(message, code=code, rule=rule, move=move)


def _card_name(card: str) -> str:
    if card in BOATS:
        return f"boat {BOATS[card].name!r}"
    if card in UPGRADES:
        return f"upgrade {UPGRADES[card].name!r}"
    return "the Open Water card" if card == OPEN_WATER else repr(card)


def _draw(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Draw)
    return _no(f"the bag holds no {move.token!r} (bag: {state.bag.contents})", "not-in-bag", "CON-2.1", move)


_DEAL_RULES: Final = {
    "setup.offer": "CON-1.5",
    "setup.deal": "CON-1.6",
    "eod.boat_deal": "CON-4.3",
    "eod.upgrade_deal": "CON-4.4",
}


def _deal(state: ConservasState, move: Move) -> IllegalMove | None:
    rule = _DEAL_RULES.get(state.flow.key, "CON-1.6")
    if state.flow.key == "setup.deal" and len(state.boat_row) >= 3:
        rule = "CON-1.8"
    return _no(f"{move} is not one of the unknown cards of the deck", "not-in-deck", rule, move)


def _choose(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Choose)
    offered = ", ".join(state.offer)
    return _no(f"boat {move.boat!r} was not offered (offered: {offered})", "not-offered", "CON-1.5", move)


def _place(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Place)
    card = move.card
    if card != OPEN_WATER and card not in state.fleet:
        return _no(f"{card!r} is neither one of your boats nor the Open Water card", "not-your-card", "CON-2.2", move)
    if card in state.used:
        return _no(f"{_card_name(card)} already received a handful this round", "card-used", "CON-2.2", move)
    if not move.kept <= state.hand:
        return _no(f"the handful ({state.hand}) does not hold {move.kept}", "not-drawn", "CON-2.3", move)
    if card == OPEN_WATER:
        return _no("the whole handful on the Open Water card is Deep Sea", "open-water-keeps", "CON-2.4", move)
    size = effects.catch_size(state, card)
    if move.kept.total != size:
        message = f"{_card_name(card)} keeps exactly {size} token(s) (its catch size), not {move.kept.total}"
        return _no(message, "wrong-catch", "CON-2.3", move)
    return None


def _redraw(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Redraw)
    if not effects.redraw_card(state):
        return _no("no upgrade lets you redraw now", "no-redraw", "CON-6.4", move)
    return _no(f"the handful ({state.hand}) holds no {move.token!r}", "not-drawn", "CON-6.4", move)


def _return(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Return)
    if move.tokens.total != state.to_return:
        message = f"return exactly {state.to_return} token(s), not {move.tokens.total}"
        return _no(message, "wrong-return", "CON-6.6", move)
    return _no(f"the handful ({state.hand}) does not hold {move.tokens}", "not-drawn", "CON-6.6", move)


def _sell(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Sell)
    month = MONTHS[state.month]
    index = land.SPACE_INDEX[state.month].get(move.space, -1)
    if index < 0:
        return _no(f"{month.name}'s market has no space {move.space!r}", "unknown-space", "CON-3.2", move)
    space = month.spaces[index]
    if state.market[index]:
        return _no(f"space {space.id} was already filled", "space-filled", "CON-3.2", move)
    if not land.is_open(state, index):
        before = month.spaces[land.PREREQ[state.month][index]].id
        message = f"{month.name}'s market {_ORDER[month.fill]}: fill {before} before {space.id}"
        return _no(message, "fill-order", "CON-3.4", move)
    if move.paid != space.needs:
        return _no(f"space {space.id} needs exactly {space.needs}, not {move.paid}", "wrong-fish", "CON-3.2", move)
    if not move.paid <= state.catch:
        return _no(f"your boats hold {state.catch or 'nothing'}, not {move.paid}", "not-caught", "CON-3.1", move)
    return _no(f"the token left on the space must be one of {move.paid}", "bad-leave", "CON-3.3", move)


def _trade(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Trade)
    if move.card not in state.upgrade_row:
        message = f"{move.card!r} is not a face-up upgrade (row: {', '.join(state.upgrade_row) or 'empty'})"
        return _no(message, "not-in-row", "CON-3.5", move)
    card = UPGRADES[move.card]
    if "water" in move.paid:
        return _no("water has no value: only fish pay for upgrades", "water-has-no-value", "CON-3.1", move)
    if move.paid not in land.payments(card.cost, move.paid):
        wanted = {"any": "one fish", "same": "two fish of the same kind", "different": "two different fish"}
        message = f"{card.name} costs {wanted[card.cost]}; {move.paid} does not match"
        return _no(message, "wrong-cost", "CON-3.5", move)
    if not move.paid <= state.catch:
        return _no(f"your boats hold {state.catch or 'nothing'}, not {move.paid}", "not-caught", "CON-3.1", move)
    if card.keep_token:
        message = f"{card.name} keeps one paid token: name it with 'keep <kind>', one of {move.paid}"
    else:
        message = f"{card.name} keeps no token: the fish paid go to the supply"
    return _no(message, "keep-token", "CON-3.6", move)


def _buy(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Buy)
    if move.boat not in state.boat_row:
        message = f"{move.boat!r} is not a face-up boat (row: {', '.join(state.boat_row) or 'empty'})"
        return _no(message, "not-in-row", "CON-3.7", move)
    cost, _ = effects.boat_price(state, move.boat)
    message = f"{_card_name(move.boat)} costs {cost} euros; you have {state.money}"
    return _no(message, "too-dear", "CON-3.7", move)


def _row(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Row)
    now = "boats" if state.flow.step == "boat_choice" else "upgrades"
    rule = "CON-4.3" if now == "boats" else "CON-4.4"
    return _no(f"the {now} row is being refilled now, not the {move.row} row", "wrong-row", rule, move)


def _upkeep(state: ConservasState, move: Move) -> IllegalMove | None:
    assert isinstance(move, Upkeep)
    if move.boat not in state.due:
        message = f"{_card_name(move.boat)} owes no upkeep now (due: {', '.join(state.due) or 'none'})"
        return _no(message, "not-due", "CON-4.6", move)
    cost = effects.upkeep_of(state, move.boat)
    message = f"{_card_name(move.boat)}'s upkeep is {cost} euros; you have {state.money}"
    return _no(message, "cannot-pay", "CON-4.6", move)


_BY_TYPE: Final[Mapping[type, Callable[[ConservasState, Move], IllegalMove | None]]] = {
    Draw: _draw,
    Deal: _deal,
    Choose: _choose,
    Place: _place,
    Redraw: _redraw,
    Return: _return,
    Sell: _sell,
    Trade: _trade,
    Buy: _buy,
    Row: _row,
    Upkeep: _upkeep,
}


def refusal(state: ConservasState, move: Move) -> IllegalMove | None:
    """The reason `move` is not legal in `state`, or `None` for the generic refusal."""
    explain = _BY_TYPE.get(type(move))
    return explain(state, move) if explain is not None else None
