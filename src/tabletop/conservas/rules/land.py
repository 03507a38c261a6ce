"""On Land (CON-3.x): selling to the month's market, trading fish for upgrades, buying boats.

Only tokens on the boats (`state.catch`) can be spent, and only fish: a market space and
an upgrade cost never ask for water (CON-3.1). The fish a move spends are taken from the
boats' common catch: which boat a fish sits on makes no difference to any rule.

The legal moves keep the rules of [`tabletop.conservas.checks`][tabletop.conservas.checks]: a sale
or a boat is offered only if it passes the checks of its move class; trades are built from
the payments the cost pattern allows (see the checks' module for why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tabletop.conservas.checks import CHECKS, SPACE_INDEX, boat_price, passes, payments
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.moves import Buy, Done, Sell, Trade
from tabletop.conservas.rules import effects
from tabletop.conservas.state import ConservasState, OwnedUpgrade
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["apply", "moves"]

#: Per month and space: the sale moves (one per kind that may be left on the space).
_SALES: Final[Mapping[str, tuple[tuple[Sell, ...], ...]]] = {
    m.id: tuple(tuple(Sell(s.id, s.needs, kind) for kind in s.needs) for s in m.spaces) for m in MONTHS.values()
}
_BUYS: Final = {boat: Buy(boat) for boat in BOATS}
_DONE: Final = Done()
_SELL_CHECKS: Final = CHECKS[Sell]
_BUY_CHECKS: Final = CHECKS[Buy]


def _trades(card: str, catch: Tokens) -> list[Move]:
    upgrade = UPGRADES[card]
    found: list[Move] = []
    for paid in payments(upgrade.cost, catch):
        if upgrade.keep_token:
            found.extend(Trade(card, paid, kind) for kind in paid)
        else:
            found.append(Trade(card, paid))
    return found


def moves(state: ConservasState) -> tuple[Move, ...]:
    """Sales by space, trades by row position, boats by row position, then `done`.

    The sales of a space differ only in the token left, which each keeps: the space's sales
    are offered when the first of them passes the sale checks.
    """
    found: list[Move] = []
    catch = state.catch
    if catch:
        for sales in _SALES[state.month]:
            if passes(state, sales[0], _SELL_CHECKS):
                found.extend(sales)
        for card in state.upgrade_row:
            found.extend(_trades(card, catch))
    for boat in state.boat_row:
        buy = _BUYS[boat]
        if passes(state, buy, _BUY_CHECKS):
            found.append(buy)
    found.append(_DONE)
    return tuple(found)


def apply(state: ConservasState, move: Move) -> ConservasState:
    """Apply a legal On Land move."""
    if isinstance(move, Sell):
        return _sell(state, move)
    if isinstance(move, Trade):
        return _trade(state, move)
    if isinstance(move, Buy):
        return _buy(state, move)
    return MACHINE.go(state, "eod.clear")


def _sell(state: ConservasState, move: Sell) -> ConservasState:
    index = SPACE_INDEX[state.month][move.space]
    space = MONTHS[state.month].spaces[index]
    money, used = effects.sale_price(state, space.needs, space.price)
    market = (*state.market[:index], move.leave, *state.market[index + 1 :])
    return MACHINE.go(
        state,
        "act",
        catch=state.catch - move.paid,
        supply=state.supply + move.paid.remove(move.leave),
        market=market,
        money=state.money + money,
        spent=(*state.spent, *used),
    )


def _trade(state: ConservasState, move: Trade) -> ConservasState:
    kept = Tokens({move.keep: 1}) if move.keep else Tokens()
    owned = OwnedUpgrade(move.card, state.flow.round, kept)
    row = list(state.upgrade_row)
    row.remove(move.card)
    cards = evolve(state.cards, upgrades=(*state.upgrades, owned), upgrade_row=tuple(row))
    return MACHINE.go(
        state,
        "act",
        catch=state.catch - move.paid,
        supply=state.supply + (move.paid - kept),
        cards=cards,
        bought=(*state.bought, move.card),
    )


def _buy(state: ConservasState, move: Buy) -> ConservasState:
    cost, used = boat_price(state, move.boat)
    row = list(state.boat_row)
    row.remove(move.boat)
    return MACHINE.go(
        state,
        "act",
        money=state.money - cost,
        cards=evolve(state.cards, fleet=(*state.fleet, move.boat), boat_row=tuple(row)),
        bought=(*state.bought, move.boat),
        spent=(*state.spent, *used),
    )
