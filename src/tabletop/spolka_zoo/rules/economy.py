"""Money, fruit, shares and prices: the small transitions everything else is built of (each
changes the step's [`Draft`][tabletop.spolka_zoo.state.Draft]; costs only read a position).

Buying or selling moves a price (rulebook: share track 1-10, fruit track 1-5; a price off
the base track through a card stays where it is when a purchase or sale would move it
further off). Moving or exchanging shares and fruits never moves a price (FAQ). Money is
unlimited (FAQ): the bank never runs out.
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import FRUIT_INDEX, FRUIT_TRACK, SHARE_TRACK, Draft, Position, Seat, fields_with

__all__ = [
    "buy_fruit",
    "buy_fruit_from",
    "buy_share",
    "fruit_cost",
    "gain",
    "move_price",
    "sell_fruit",
    "sell_share",
    "share_cost",
]


_WITH_MONEY: Final = fields_with(Seat, "money")
_WITH_FRUIT: Final = fields_with(Seat, "fruit")
_WITH_SHARES: Final = fields_with(Seat, "shares")
_WITH_MONEY_FRUIT: Final = fields_with(Seat, "money", "fruit")
_WITH_MONEY_SHARES: Final = fields_with(Seat, "money", "shares")
"""A seat with new money, fruit or shares (the changes every transaction makes)."""


def move_price(price: int, delta: int, track: tuple[int, int], *, beyond: bool = False) -> int:
    """A price moved `delta` spaces.

    On the base track (`beyond` false) it stops at the ends and a price already off the
    track does not move further off (FAQ: a token on the extreme space stays). With
    `beyond` it may rise past the top and fall to 0, never below.
    """
    low, high = track  # min/max written out: no builtin call per price move
    moved = price + delta
    if beyond:
        return moved if moved > 0 else 0
    if delta > 0:
        return price if price >= high else (moved if moved < high else high)
    return price if price <= low else (moved if moved > low else low)


def _set(values: tuple[int, int, int], index: int, value: int) -> tuple[int, int, int]:
    a, b, c = values
    return (value, b, c) if index == 0 else (a, value, c) if index == 1 else (a, b, value)


def gain(draft: Draft, seat: int, n: int) -> None:
    """Seat `seat` takes `n` coins from the bank, or discards `-n` (as many as it has)."""
    s = draft.seats[seat]
    money = s.money + n
    if money < 0:
        money = 0
    if money != s.money:
        seats = [*draft.seats]  # `draft.set_seat(...)` in line: a call less per payment
        seats[seat] = _WITH_MONEY(s, money)
        draft.seats = tuple(seats)


def share_cost(state: Position, seat: int, company: str, discount: int = 0) -> int:
    """What `seat` pays for a share in `company` (its discounts applied, never below 0)."""
    price = state.share_price[FRUIT_INDEX[company]]
    cost = price - discount - state.seats[seat].passive("share_discount")
    return cost if cost > 0 else 0


def fruit_cost(state: Position, seat: int, fruit: str, discount: int = 0) -> int:
    """What `seat` pays for a fruit from the warehouse (discounts applied, never below 0)."""
    price = state.fruit_price[FRUIT_INDEX[fruit]]
    cost = price - discount - state.seats[seat].passive("fruit_discount")
    return cost if cost > 0 else 0


def buy_share(draft: Draft, seat: int, company: str, discount: int = 0) -> None:
    """`seat` buys a share in `company`; the share price moves one space up."""
    c = FRUIT_INDEX[company]
    s = draft.seats[seat]
    # share_cost(draft, seat, company, discount) in line; a bot has no helper discount (`passive` answers 0)
    cost = draft.share_price[c] - discount - (0 if s.bot else s.passive("share_discount"))
    if cost < 0:
        cost = 0
    a, b, d = s.shares  # `_set(s.shares, c, s.shares[c] + 1)` and the price's `_set`, in line
    shares = (a + 1, b, d) if c == 0 else (a, b + 1, d) if c == 1 else (a, b, d + 1)
    seats = [*draft.seats]  # `draft.set_seat(...)` in line: a call less per share bought
    seats[seat] = _WITH_MONEY_SHARES(s, s.money - cost, shares)
    draft.seats = tuple(seats)
    price = move_price(draft.share_price[c], 1, SHARE_TRACK)
    a, b, d = draft.share_price
    draft.share_price = (price, b, d) if c == 0 else (a, price, d) if c == 1 else (a, b, price)


def sell_share(draft: Draft, seat: int, company: str, bonus: int = 0) -> None:
    """`seat` sells a share in `company`; the share price moves one space down."""
    c = FRUIT_INDEX[company]
    s = draft.seats[seat]
    paid = draft.share_price[c] + bonus + (0 if s.bot else s.passive("sell_bonus", "share"))  # bots: no call
    shares = _set(s.shares, c, s.shares[c] - 1)
    draft.set_seat(seat, _WITH_MONEY_SHARES(s, s.money + paid, shares))
    draft.share_price = _set(draft.share_price, c, move_price(draft.share_price[c], -1, SHARE_TRACK))


def buy_fruit(draft: Draft, seat: int, fruit: str, discount: int = 0) -> None:
    """`seat` buys a fruit from the warehouse; its price moves one space up."""
    f = FRUIT_INDEX[fruit]
    s = draft.seats[seat]
    # fruit_cost(draft, seat, fruit, discount) in line; a bot has no helper discount (`passive` answers 0)
    cost = draft.fruit_price[f] - discount - (0 if s.bot else s.passive("fruit_discount"))
    if cost < 0:
        cost = 0
    draft.set_seat(seat, _WITH_MONEY_FRUIT(s, s.money - cost, s.fruit.add(fruit)))
    draft.warehouse = draft.warehouse.remove(fruit)
    draft.fruit_price = _set(draft.fruit_price, f, move_price(draft.fruit_price[f], 1, FRUIT_TRACK))


def buy_fruit_from(draft: Draft, seat: int, fruit: str, seller: int) -> None:
    """`seat` buys a fruit from `seller`'s pool, paying them its price + 2; the price rises."""
    f = FRUIT_INDEX[fruit]
    cost = draft.fruit_price[f] + 2
    buyer = draft.seats[seat]
    draft.set_seat(seat, _WITH_MONEY_FRUIT(buyer, buyer.money - cost, buyer.fruit.add(fruit)))
    owner = draft.seats[seller]
    draft.set_seat(seller, _WITH_MONEY_FRUIT(owner, owner.money + cost, owner.fruit.remove(fruit)))
    draft.fruit_price = _set(draft.fruit_price, f, move_price(draft.fruit_price[f], 1, FRUIT_TRACK))


def sell_fruit(draft: Draft, seat: int, fruit: str, bonus: int = 0) -> None:
    """`seat` sells a fruit to the warehouse; its price moves one space down."""
    f = FRUIT_INDEX[fruit]
    s = draft.seats[seat]
    paid = draft.fruit_price[f] + bonus + (0 if s.bot else s.passive("sell_bonus", fruit))  # bots: no call
    draft.set_seat(seat, _WITH_MONEY_FRUIT(s, s.money + paid, s.fruit.remove(fruit)))
    draft.warehouse = draft.warehouse.add(fruit)
    draft.fruit_price = _set(draft.fruit_price, f, move_price(draft.fruit_price[f], -1, FRUIT_TRACK))


def set_share_price(draft: Draft, company: str, price: int) -> None:
    """Set the share price of `company`."""
    draft.share_price = _set(draft.share_price, FRUIT_INDEX[company], price)


def set_fruit_price(draft: Draft, fruit: str, price: int) -> None:
    """Set the price of `fruit`."""
    draft.fruit_price = _set(draft.fruit_price, FRUIT_INDEX[fruit], price)


def to_company(draft: Draft, fruit: str, company: str, n: int) -> None:
    """Up to `n` fruits of a type move from the warehouse to a company board."""
    have = draft.warehouse._counts.get(fruit, 0)  # `min(n, draft.warehouse[fruit])` without the two calls
    if have < n:
        n = have
    if n <= 0:
        return
    c = FRUIT_INDEX[company]
    a, b, d = draft.company_fruit
    draft.warehouse = draft.warehouse.remove(fruit, n)
    if c == 0:
        draft.company_fruit = (a.add(fruit, n), b, d)
    elif c == 1:
        draft.company_fruit = (a, b.add(fruit, n), d)
    else:
        draft.company_fruit = (a, b, d.add(fruit, n))


def take_from_company(draft: Draft, seat: int, company: str, fruits: Tokens) -> None:
    """Seat `seat` takes `fruits` from a company board into its pool."""
    c = FRUIT_INDEX[company]
    boards = list(draft.company_fruit)
    boards[c] = boards[c] - fruits
    s = draft.seats[seat]
    draft.set_seat(seat, _WITH_FRUIT(s, s.fruit + fruits))
    draft.company_fruit = (boards[0], boards[1], boards[2])


def discard_fruit(draft: Draft, seat: int, fruits: Tokens) -> None:
    """Seat `seat` puts `fruits` from its pool back in the warehouse (discards, costs)."""
    s = draft.seats[seat]
    draft.set_seat(seat, _WITH_FRUIT(s, s.fruit - fruits))
    draft.warehouse = draft.warehouse + fruits


def move_share(draft: Draft, seat: int, source: str, target: str) -> None:
    """One of `seat`'s shares moves from one company to another (no price moves)."""
    s = draft.seats[seat]
    a, b = FRUIT_INDEX[source], FRUIT_INDEX[target]
    shares = _set(s.shares, a, s.shares[a] - 1)
    shares = _set(shares, b, shares[b] + 1)
    draft.set_seat(seat, _WITH_SHARES(s, shares))


def swap_fruit(draft: Draft, seat: int, give: str, get: str) -> None:
    """`seat` exchanges a fruit of its pool for another type from the warehouse (no price moves)."""
    s = draft.seats[seat]
    draft.set_seat(seat, _WITH_FRUIT(s, s.fruit.remove(give).add(get)))
    draft.warehouse = draft.warehouse.add(give).remove(get)
