"""On Land (CON-3.x): selling to the month's market, trading fish for upgrades, buying boats.

Only tokens on the boats (`state.catch`) can be spent, and only fish: a market space and
an upgrade cost never ask for water (CON-3.1). The fish a move spends are taken from the
boats' common catch: which boat a fish sits on makes no difference to any rule.

The legal moves keep the rules of [`tabletop.conservas.checks`][tabletop.conservas.checks]: a sale
or a boat is offered only if it passes the checks of its move class; trades are built from
the payments the cost pattern allows (see the checks' module for why).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

from tabletop.conservas.checks import CHECKS, PREREQ, SPACE_INDEX, boat_price, passes, payments
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.moves import Buy, Done, Sell, Trade
from tabletop.conservas.rules import effects
from tabletop.conservas.state import ConservasState, OwnedUpgrade, Work
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["apply", "moves"]

#: Per month and space: the sale moves (one per kind that may be left on the space).
_SALES: Final[Mapping[str, tuple[tuple[Sell, ...], ...]]] = {
    m.id: tuple(tuple(Sell(s.id, s.needs, kind) for kind in s.needs) for s in m.spaces) for m in MONTHS.values()
}
#: Per month, for each space in order: its index in `state.market`, the index of the space
#: that must be filled first (`PREREQ`, -1 for none), the fish it needs and its sales. The
#: generator reads the three sale checks a generated sale can fail from this table
#: (`space-filled`, `fill-order`, `not-caught`: `_SELL_CHECKS`) without a call per check.
_SALE_TABLE: Final[Mapping[str, tuple[tuple[int, int, Tokens, tuple[Sell, ...]], ...]]] = {
    m.id: tuple(
        (index, PREREQ[m.id][index], space.needs, sales)
        for index, (space, sales) in enumerate(zip(m.spaces, _SALES[m.id], strict=True))
    )
    for m in MONTHS.values()
}
_BUYS: Final = {boat: Buy(boat) for boat in BOATS}
_DONE: Final = Done()
# A generated sale names a space of the month, exactly the fish the space needs and a token
# among them: the checks only another sale could fail hold by construction (the property suite
# tests that every generated move passes every check), so the generator runs the others.
_BY_CONSTRUCTION: Final = frozenset({"unknown-space", "wrong-fish", "bad-leave"})
_SELL_CHECKS: Final = tuple(check for check in CHECKS[Sell] if check.code not in _BY_CONSTRUCTION)
#: The codes of `_SELL_CHECKS` that `moves` reads from `_SALE_TABLE` (a test holds them equal).
_INLINE_SELL_CHECKS: Final = frozenset({"space-filled", "fill-order", "not-caught"})
_BUY_CHECKS: Final = CHECKS[Buy]


@functools.lru_cache(maxsize=8192)
def _trades(card: str, catch: Tokens) -> tuple[Trade, ...]:
    """The trades for upgrade `card` that `catch` can pay: a table built once per card and catch."""
    upgrade = UPGRADES[card]
    found: list[Trade] = []
    for paid in payments(upgrade.cost, catch):
        if upgrade.keep_token:
            found.extend(Trade(card, paid, kind) for kind in paid)
        else:
            found.append(Trade(card, paid))
    return tuple(found)


def moves(state: ConservasState) -> tuple[Move, ...]:
    """Sales by space, trades by row position, boats by row position, then `done`.

    The sales of a space differ only in the token left, which each keeps: the space's sales
    are offered when the first of them passes the sale checks.
    """
    found: list[Move] = []
    catch = state.catch
    if catch:
        market = state.market
        for index, before, needs, sales in _SALE_TABLE[state.month]:
            # _SELL_CHECKS, inline: the space is open, the one before it is filled, the boats hold the fish.
            if not market[index] and (before < 0 or market[before]) and needs <= catch:
                found.extend(sales)
        for card in state.upgrade_row:
            found.extend(_trades(card, catch))
    for boat in state.boat_row:
        buy = _BUYS[boat]
        if passes(state, buy, _BUY_CHECKS):
            found.append(buy)
    found.append(_DONE)
    return tuple(found)


def apply(work: Work, move: Move) -> None:
    """Apply a legal On Land move."""
    if isinstance(move, Sell):
        _sell(work, move)
    elif isinstance(move, Trade):
        _trade(work, move)
    elif isinstance(move, Buy):
        _buy(work, move)
    else:
        work.goto("eod.clear")


def _sell(work: Work, move: Sell) -> None:
    index = SPACE_INDEX[work.month][move.space]
    space = MONTHS[work.month].spaces[index]
    money, used = effects.sale_price(work, space.needs, space.price)
    work.market = (*work.market[:index], move.leave, *work.market[index + 1 :])
    work.catch = work.catch - move.paid
    work.supply = work.supply + move.paid.remove(move.leave)
    work.money += money
    work.spent = (*work.spent, *used)


def _trade(work: Work, move: Trade) -> None:
    kept = Tokens({move.keep: 1}) if move.keep else Tokens()
    owned = OwnedUpgrade(move.card, work.flow.round, kept)
    row = list(work.upgrade_row)
    row.remove(move.card)
    work.set_cards(upgrades=(*work.upgrades, owned), upgrade_row=tuple(row))
    work.catch = work.catch - move.paid
    work.supply = work.supply + (move.paid - kept)
    work.bought = (*work.bought, move.card)


def _buy(work: Work, move: Buy) -> None:
    cost, used = boat_price(work, move.boat)
    row = list(work.boat_row)
    row.remove(move.boat)
    work.money -= cost
    work.set_cards(fleet=(*work.fleet, move.boat), boat_row=tuple(row))
    work.bought = (*work.bought, move.boat)
    work.spent = (*work.spent, *used)
