"""Money, fruit, shares and prices: the small pure transitions everything else is built of.

Buying or selling moves a price (rulebook: share track 1-10, fruit track 1-5; a price off
the base track through a card stays where it is when a purchase or sale would move it
further off). Moving or exchanging shares and fruits never moves a price (FAQ). Money is
unlimited (FAQ): the bank never runs out.
"""

from __future__ import annotations

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import FRUIT_INDEX, FRUIT_TRACK, SHARE_TRACK, Seat, ZooState, evolve

__all__ = [
    "buy_fruit",
    "buy_fruit_from",
    "buy_share",
    "fruit_cost",
    "gain",
    "move_price",
    "sell_fruit",
    "sell_share",
    "set_seat",
    "share_cost",
]


def set_seat(state: ZooState, index: int, seat: Seat) -> ZooState:
    """``state`` with seat ``index`` replaced."""
    return evolve(state, seats=seats_with(state, index, seat))


def seats_with(state: ZooState, index: int, seat: Seat) -> tuple[Seat, ...]:
    """The seats with seat ``index`` replaced."""
    seats = state.seats
    return (*seats[:index], seat, *seats[index + 1 :])


def move_price(price: int, delta: int, track: tuple[int, int], *, beyond: bool = False) -> int:
    """A price moved ``delta`` spaces.

    On the base track (``beyond`` false) it stops at the ends and a price already off the
    track does not move further off (FAQ: a token on the extreme space stays). With
    ``beyond`` it may rise past the top and fall to 0, never below.
    """
    low, high = track
    if beyond:
        return max(0, price + delta)
    if delta > 0:
        return price if price >= high else min(high, price + delta)
    return price if price <= low else max(low, price + delta)


def _set(values: tuple[int, int, int], index: int, value: int) -> tuple[int, int, int]:
    new = list(values)
    new[index] = value
    return (new[0], new[1], new[2])


def gain(state: ZooState, seat: int, n: int) -> ZooState:
    """Seat ``seat`` takes ``n`` coins from the bank, or discards ``-n`` (as many as it has)."""
    s = state.seats[seat]
    money = max(0, s.money + n)
    if money == s.money:
        return state
    return set_seat(state, seat, evolve(s, money=money))


def share_cost(state: ZooState, seat: int, company: str, discount: int = 0) -> int:
    """What ``seat`` pays for a share in ``company`` (its discounts applied, never below 0)."""
    price = state.share_price[FRUIT_INDEX[company]]
    return max(0, price - discount - state.seats[seat].passive("share_discount"))


def fruit_cost(state: ZooState, seat: int, fruit: str, discount: int = 0) -> int:
    """What ``seat`` pays for a fruit from the warehouse (discounts applied, never below 0)."""
    price = state.fruit_price[FRUIT_INDEX[fruit]]
    return max(0, price - discount - state.seats[seat].passive("fruit_discount"))


def buy_share(state: ZooState, seat: int, company: str, discount: int = 0) -> ZooState:
    """``seat`` buys a share in ``company``; the share price moves one space up."""
    c = FRUIT_INDEX[company]
    s = state.seats[seat]
    cost = share_cost(state, seat, company, discount)
    shares = _set(s.shares, c, s.shares[c] + 1)
    seats = seats_with(state, seat, evolve(s, money=s.money - cost, shares=shares))
    price = move_price(state.share_price[c], 1, SHARE_TRACK)
    return evolve(state, seats=seats, share_price=_set(state.share_price, c, price))


def sell_share(state: ZooState, seat: int, company: str, bonus: int = 0) -> ZooState:
    """``seat`` sells a share in ``company``; the share price moves one space down."""
    c = FRUIT_INDEX[company]
    s = state.seats[seat]
    paid = state.share_price[c] + bonus + s.passive("sell_bonus", "share")
    shares = _set(s.shares, c, s.shares[c] - 1)
    seats = seats_with(state, seat, evolve(s, money=s.money + paid, shares=shares))
    price = move_price(state.share_price[c], -1, SHARE_TRACK)
    return evolve(state, seats=seats, share_price=_set(state.share_price, c, price))


def buy_fruit(state: ZooState, seat: int, fruit: str, discount: int = 0) -> ZooState:
    """``seat`` buys a fruit from the warehouse; its price moves one space up."""
    f = FRUIT_INDEX[fruit]
    s = state.seats[seat]
    cost = fruit_cost(state, seat, fruit, discount)
    seats = seats_with(state, seat, evolve(s, money=s.money - cost, fruit=s.fruit.add(fruit)))
    price = move_price(state.fruit_price[f], 1, FRUIT_TRACK)
    prices = _set(state.fruit_price, f, price)
    return evolve(state, seats=seats, warehouse=state.warehouse.remove(fruit), fruit_price=prices)


def buy_fruit_from(state: ZooState, seat: int, fruit: str, seller: int) -> ZooState:
    """``seat`` buys a fruit from ``seller``'s pool, paying them its price + 2; the price rises."""
    f = FRUIT_INDEX[fruit]
    cost = state.fruit_price[f] + 2
    buyer = state.seats[seat]
    state = set_seat(state, seat, evolve(buyer, money=buyer.money - cost, fruit=buyer.fruit.add(fruit)))
    owner = state.seats[seller]
    state = set_seat(state, seller, evolve(owner, money=owner.money + cost, fruit=owner.fruit.remove(fruit)))
    price = move_price(state.fruit_price[f], 1, FRUIT_TRACK)
    return evolve(state, fruit_price=_set(state.fruit_price, f, price))


def sell_fruit(state: ZooState, seat: int, fruit: str, bonus: int = 0) -> ZooState:
    """``seat`` sells a fruit to the warehouse; its price moves one space down."""
    f = FRUIT_INDEX[fruit]
    s = state.seats[seat]
    paid = state.fruit_price[f] + bonus + s.passive("sell_bonus", fruit)
    seats = seats_with(state, seat, evolve(s, money=s.money + paid, fruit=s.fruit.remove(fruit)))
    price = move_price(state.fruit_price[f], -1, FRUIT_TRACK)
    prices = _set(state.fruit_price, f, price)
    return evolve(state, seats=seats, warehouse=state.warehouse.add(fruit), fruit_price=prices)


def set_share_price(state: ZooState, company: str, price: int) -> ZooState:
    """``state`` with the share price of ``company`` set."""
    return evolve(state, share_price=_set(state.share_price, FRUIT_INDEX[company], price))


def set_fruit_price(state: ZooState, fruit: str, price: int) -> ZooState:
    """``state`` with the price of ``fruit`` set."""
    return evolve(state, fruit_price=_set(state.fruit_price, FRUIT_INDEX[fruit], price))


def to_company(state: ZooState, fruit: str, company: str, n: int) -> ZooState:
    """Up to ``n`` fruits of a type move from the warehouse to a company board."""
    n = min(n, state.warehouse[fruit])
    if n <= 0:
        return state
    c = FRUIT_INDEX[company]
    boards = list(state.company_fruit)
    boards[c] = boards[c].add(fruit, n)
    return evolve(state, warehouse=state.warehouse.remove(fruit, n), company_fruit=(boards[0], boards[1], boards[2]))


def take_from_company(state: ZooState, seat: int, company: str, fruits: Tokens) -> ZooState:
    """Seat ``seat`` takes ``fruits`` from a company board into its pool."""
    c = FRUIT_INDEX[company]
    boards = list(state.company_fruit)
    boards[c] = boards[c] - fruits
    s = state.seats[seat]
    seats = seats_with(state, seat, evolve(s, fruit=s.fruit + fruits))
    return evolve(state, seats=seats, company_fruit=(boards[0], boards[1], boards[2]))


def discard_fruit(state: ZooState, seat: int, fruits: Tokens) -> ZooState:
    """Seat ``seat`` puts ``fruits`` from its pool back in the warehouse (discards, costs)."""
    s = state.seats[seat]
    seats = seats_with(state, seat, evolve(s, fruit=s.fruit - fruits))
    return evolve(state, seats=seats, warehouse=state.warehouse + fruits)


def move_share(state: ZooState, seat: int, source: str, target: str) -> ZooState:
    """One of ``seat``'s shares moves from one company to another (no price moves)."""
    s = state.seats[seat]
    a, b = FRUIT_INDEX[source], FRUIT_INDEX[target]
    shares = _set(s.shares, a, s.shares[a] - 1)
    shares = _set(shares, b, shares[b] + 1)
    return set_seat(state, seat, evolve(s, shares=shares))


def swap_fruit(state: ZooState, seat: int, give: str, get: str) -> ZooState:
    """``seat`` exchanges a fruit of its pool for another type from the warehouse (no price moves)."""
    s = state.seats[seat]
    seats = seats_with(state, seat, evolve(s, fruit=s.fruit.remove(give).add(get)))
    return evolve(state, seats=seats, warehouse=state.warehouse.add(give).remove(get))
