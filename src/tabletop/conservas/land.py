"""On Land (CON-3.x): selling to the month's market, trading fish for upgrades, buying boats.

Only tokens on the boats (`state.catch`) can be spent, and only fish: a market space and
an upgrade cost never ask for water (CON-3.1). The fish a move spends are taken from the
boats' common catch: which boat a fish sits on makes no difference to any rule.

Market fill orders (CON-3.4, CON-7.1) are precomputed per month as each space's
prerequisite: `rows` (a space needs the one to its left filled), `columns` (the one
above it, when the row above is that long), `any` (none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from tabletop.conservas import effects
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES, Month
from tabletop.conservas.machine import MACHINE
from tabletop.conservas.moves import Buy, Done, Sell, Trade
from tabletop.conservas.parts import OwnedUpgrade
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.conservas.state import ConservasState

__all__ = ["PREREQ", "SPACE_INDEX", "apply", "is_open", "moves", "payments"]


def _prerequisites(month: Month) -> tuple[int, ...]:
    where = {(s.row, s.col): i for i, s in enumerate(month.spaces)}
    before: list[int] = []
    for space in month.spaces:
        if month.fill == "rows":
            before.append(where.get((space.row, space.col - 1), -1))
        elif month.fill == "columns":
            before.append(where.get((space.row - 1, space.col), -1))
        else:
            before.append(-1)
    return tuple(before)


PREREQ: Final[Mapping[str, tuple[int, ...]]] = {m.id: _prerequisites(m) for m in MONTHS.values()}
"""Per month: for each space, the index of the space that must be filled first, or -1."""
SPACE_INDEX: Final[Mapping[str, Mapping[str, int]]] = {
    m.id: {s.id: i for i, s in enumerate(m.spaces)} for m in MONTHS.values()
}
"""Per month: space id -> index."""
#: Per month and space: the sale moves (one per kind that may be left on the space).
_SALES: Final[Mapping[str, tuple[tuple[Sell, ...], ...]]] = {
    m.id: tuple(tuple(Sell(s.id, s.needs, kind) for kind in s.needs) for s in m.spaces) for m in MONTHS.values()
}
_BUYS: Final = {boat: Buy(boat) for boat in BOATS}
_DONE: Final = Done()


def is_open(state: ConservasState, index: int) -> bool:
    """True when space `index` is empty and the fill order allows it now (CON-3.2, CON-3.4)."""
    if state.market[index]:
        return False
    before = PREREQ[state.month][index]
    return before < 0 or bool(state.market[before])


def payments(cost: str, catch: Tokens) -> tuple[Tokens, ...]:
    """The distinct ways to pay an upgrade `cost` pattern with the fish in `catch` (CON-3.5)."""
    kinds = [kind for kind in catch if kind != "water"]
    if cost == "any":
        return tuple(Tokens({kind: 1}) for kind in kinds)
    if cost == "same":
        return tuple(Tokens({kind: 2}) for kind in kinds if catch[kind] >= 2)
    return tuple(Tokens({a: 1, b: 1}) for i, a in enumerate(kinds) for b in kinds[i + 1 :])


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
    """Sales by space, trades by row position, boats by row position, then `done`."""
    found: list[Move] = []
    catch = state.catch
    month = MONTHS[state.month]
    if catch:
        for index, space in enumerate(month.spaces):
            if space.needs <= catch and is_open(state, index):
                found.extend(_SALES[state.month][index])
        for card in state.upgrade_row:
            found.extend(_trades(card, catch))
    for boat in state.boat_row:
        if effects.boat_price(state, boat)[0] <= state.money:
            found.append(_BUYS[boat])
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
    return state.evolve(flow=_goto(state, "eod.clear"))


def _goto(state: ConservasState, step: str) -> Flow:
    return MACHINE.goto(state.flow, step)


def _sell(state: ConservasState, move: Sell) -> ConservasState:
    index = SPACE_INDEX[state.month][move.space]
    space = MONTHS[state.month].spaces[index]
    money, used = effects.sale_price(state, space.needs, space.price)
    market = (*state.market[:index], move.leave, *state.market[index + 1 :])
    return state.evolve(
        flow=_goto(state, "act"),
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
    return state.evolve(
        flow=_goto(state, "act"),
        catch=state.catch - move.paid,
        supply=state.supply + (move.paid - kept),
        upgrades=(*state.upgrades, owned),
        upgrade_row=tuple(row),
        bought=(*state.bought, move.card),
    )


def _buy(state: ConservasState, move: Buy) -> ConservasState:
    cost, used = effects.boat_price(state, move.boat)
    row = list(state.boat_row)
    row.remove(move.boat)
    return state.evolve(
        flow=_goto(state, "act"),
        money=state.money - cost,
        fleet=(*state.fleet, move.boat),
        boat_row=tuple(row),
        bought=(*state.bought, move.boat),
        spent=(*state.spent, *used),
    )
