"""The end of a Spółka ZOO game: the final standings and the winners (ZOO-10.1 to ZOO-10.5,
ZOO-12.6), value classes of the state's `outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from tabletop.spolka_zoo.content import FRUITS, GOALS
from tabletop.spolka_zoo.state.parts import Position

__all__ = ["COINS_PER_GLORY", "Standing", "ZooOutcome", "final_outcome", "goal_met"]

COINS_PER_GLORY: Final = 5
"""Coins per glory point at the end of the game (ZOO-10.4)."""


# The end of the game (ZOO-10.1 to ZOO-10.5, ZOO-12.6) ----------------------------------------------
#
# Hidden goals are checked first, on the board as it stands. Then every seat sells all its
# shares and fruits at the current prices, which no longer move; helpers marked 'not at game
# end' no longer help. Every 5 coins is 1 glory. The most glory wins; ties go to the larger
# remainder of unconverted coins, then to more helpers; seats still tied share the victory.


@attrs.frozen
class Standing:
    """One seat's final account.

    Attributes:
        seat: The seat.
        bot: True for a bot.
        helper_glory: Glory printed on its helpers.
        goal: Its hidden goal ("" without one).
        goal_glory: Glory from the hidden goal (0 when not met).
        sale: Coins from selling every share and fruit at the end.
        money: Coins after the sale.
        money_glory: `money // 5`.
        leftover: Coins not converted into glory (the first tie-breaker).
        helpers: Helpers hired (the second tie-breaker).
        glory: Total glory.
        rank: 1 for the winner(s); seats tied on every tie-breaker share a rank.
    """

    seat: int
    bot: bool
    helper_glory: int
    goal: str
    goal_glory: int
    sale: int
    money: int
    money_glory: int
    leftover: int
    helpers: int
    glory: int
    rank: int


@attrs.frozen
class ZooOutcome:
    """The result of a game: every seat's standing and the winner(s).

    `returns` are the seats' glory totals; `summary()` names the winner seat(s) (a shared
    victory as `"seats 0+2"`) and gives each seat's glory.
    """

    standings: tuple[Standing, ...]
    winners: tuple[int, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        return tuple(float(s.glory) for s in self.standings)

    def summary(self) -> Mapping[str, str | int | float]:
        label = "seat" if len(self.winners) == 1 else "seats"
        result: dict[str, str | int | float] = {"winner": f"{label} {'+'.join(map(str, self.winners))}"}
        for standing in self.standings:
            result[f"glory seat {standing.seat}"] = standing.glory
        return result


def goal_met(state: Position, seat: int) -> bool:
    """Whether the seat's hidden goal holds on the board as it stands."""
    me = state.seats[seat]
    goal = GOALS.get(me.goal)
    if goal is None:
        return False
    if goal.condition == "shares_everywhere":
        return all(me.shares)
    if goal.condition == "majorities":
        return sum(state.majority(c) == seat for c in FRUITS) >= goal.n
    if goal.condition == "helpers":
        return len(me.helpers) >= goal.n
    if goal.condition == "fruit":
        return me.fruit[goal.fruit] >= goal.n
    return me.money >= goal.n


def _sale(state: Position, seat: int) -> int:
    me = state.seats[seat]
    share_bonus = me.passive("sell_bonus", "share", at_end=True)
    total = sum(n * (price + share_bonus) for n, price in zip(me.shares, state.share_price, strict=True))
    for i, fruit in enumerate(FRUITS):
        total += me.fruit[fruit] * (state.fruit_price[i] + me.passive("sell_bonus", fruit, at_end=True))
    return total


def final_outcome(state: Position) -> ZooOutcome:
    """Score the finished game."""
    rows = []
    for seat, me in enumerate(state.seats):
        goal_glory = GOALS[me.goal].glory if goal_met(state, seat) else 0
        sale = _sale(state, seat)
        money = me.money + sale
        glory = me.helper_glory + goal_glory + money // COINS_PER_GLORY
        rows.append((seat, me, goal_glory, sale, money, glory))
    keys = [(glory, money % COINS_PER_GLORY, len(me.helpers)) for _, me, _, _, money, glory in rows]
    standings = tuple(
        Standing(
            seat=seat,
            bot=me.bot,
            helper_glory=me.helper_glory,
            goal=me.goal,
            goal_glory=goal_glory,
            sale=sale,
            money=money,
            money_glory=money // COINS_PER_GLORY,
            leftover=money % COINS_PER_GLORY,
            helpers=len(me.helpers),
            glory=glory,
            rank=1 + sum(other > keys[seat] for other in keys),
        )
        for seat, me, goal_glory, sale, money, glory in rows
    )
    winners = tuple(s.seat for s in standings if s.rank == 1)
    return ZooOutcome(standings, winners)
