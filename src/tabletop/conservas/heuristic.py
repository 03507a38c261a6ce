"""A heuristic of how well the player of a Conservas game is doing, for agents.

[`evaluate`][tabletop.conservas.heuristic.evaluate] is a cheap estimate in `[0, 1]` of the
player's chances (`1.0` for a won game, `0.0` for a lost one) that `tabletop.agents.GreedyAgent`
follows one move ahead (frontends and agents find it through
[`game_hook`][tabletop.kernel.hooks.game_hook], as `tabletop.conservas.evaluate`). It counts
every part of the goal in euros: money with what the catch and the boats should still earn
(never more than the market still pays), the fish left in the sea against the sustainability
goal, and the boats and upgrades still missing.

```pycon
>>> import tabletop
>>> state = tabletop.get_game("conservas").new_game(seed=3, month="january")
>>> 0.0 < evaluate(state.view(0), 0) < 1.0
True

```
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Mapping
from typing import Final, TypeVar

from tabletop.conservas.checks import PREREQ, catch_size, upkeep_of
from tabletop.conservas.content import BOATS, FISH, KINDS, MONTHS, UPGRADES, Goal, Month
from tabletop.conservas.rules.effects import BASE_DRAW, draw_size, sale_price, sift_count, spawning
from tabletop.conservas.state import ConservasState
from tabletop.kernel.fastattrs import remember
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

__all__ = ["evaluate"]

#: Steps of the End of Day before upkeep and income are settled.
_BEFORE_UPKEEP: Final = frozenset(
    {"clear", "boat_choice", "boat_refill", "boat_deal", "upgrade_choice", "upgrade_refill", "upgrade_deal"}
)
#: How many euros of surplus (or shortfall) move the estimate from 0.5 to about 0.73 (or 0.27).
_SCALE: Final = 8.0
#: Entries each cache of the parts of the estimate keeps before it starts afresh.
_CACHE_SIZE: Final = 1 << 14

_T = TypeVar("_T")


def _cached(key: Callable[..., Hashable]) -> Callable[[Callable[..., _T]], Callable[..., _T]]:
    """Remember a part of the estimate by `key(state, *args, **kwargs)`: what it reads.

    A search judges thousands of positions that differ only in a few fields (the catch, the
    sea, the money), and most parts of the estimate read only some of the others; each part
    is worked out once for each combination of what it reads. The key must name every field
    the part reads (`tests/agents/test_conservas_heuristic.py` compares with a fresh reckoning).
    """

    def wrap(part: Callable[..., _T]) -> Callable[..., _T]:
        found: dict[Hashable, _T] = {}

        @functools.wraps(part)
        def remembered(state: ConservasState, *args: object, **kwargs: object) -> _T:
            k = key(state, *args, **kwargs)
            try:
                return found[k]
            except KeyError:
                pass
            return remember(found, k, part(state, *args, **kwargs), _CACHE_SIZE)

        remembered.__wrapped__ = part
        return remembered

    return wrap


class _Numbers:
    """One number for each distinct value, found by the value's identity before its hash.

    The positions of a search share their unchanged fields (the same tuple of owned upgrades
    from one position to the next), and hashing such a field costs a hash of each element
    every time a part's key is made: the number of an object already met is found by its
    `id` alone. Equal values always get the same number (a value not met by identity is
    looked up by equality), so a key holding numbers is equal exactly when one holding the
    values would be. Each entry keeps its object alive, so an `id` cannot be reused while
    its entry is kept; both tables start afresh together (new numbers after) when full.

    Safe in threads: each number is drawn once from `numbers` (`next` of an `itertools.count`, one
    C call: two threads never get the same number for two values) and a value's number is set
    once in `by_value` (`setdefault`); a race at worst numbers one value twice (a missed shortcut).
    """

    __slots__ = ("by_id", "by_value", "numbers")

    def __init__(self) -> None:
        self.by_id: dict[int, tuple[object, int]] = {}
        self.by_value: dict[Hashable, int] = {}
        self.numbers = itertools.count()

    def __call__(self, value: Hashable) -> int:
        found = self.by_id.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        if len(self.by_id) >= _CACHE_SIZE:
            self.by_id.clear()
            self.by_value.clear()
        number = self.by_value.get(value)
        if number is None:
            number = self.by_value.setdefault(value, next(self.numbers))
        self.by_id[id(value)] = (value, number)
        return number


#: The number of a tuple of owned upgrades (a field in most keys: its elements hash slowly).
_owned = _Numbers()


def _prices_key(state: ConservasState) -> Hashable:
    """What a sale's price reads (`sale_price`): the month, the upgrades owned, the
    once-per-round cards spent and the round (an upgrade bought this round)."""
    return (state.month, _owned(state.upgrades), state.spent, state.flow.round)


def evaluate(view: State, seat: int | None) -> float:
    """How well the player is doing toward the month's goal: `0.0` (lost) to `1.0` (won).

    A cheap estimate for agents that look one move ahead. Each part of the goal is counted in
    euros: the money held, with what the catch on the boats and the boats' future catches
    should still bring in (at the prices of the market spaces still open, never more than
    they pay in all) less the upkeep still to pay; the fish in the sea (bag, handful and Deep
    Sea, with what it will spawn) against the sustainability goal and as the stock future
    catches come from; the boats and upgrades the goal asks for; and what the owned upgrades
    should still be worth. The euros above or below the goal are squashed into `(0, 1)`.
    """
    assert isinstance(view, ConservasState), f"not a Conservas state: {type(view).__name__}"
    outcome = view.outcome
    if outcome is not None:
        return 1.0 if outcome.won else 0.0
    return 1.0 / (1.0 + math.exp(-_surplus(view) / _SCALE))


@_cached(lambda state, month: (_prices_key(state), state.market))
def _demand(state: ConservasState, month: Month) -> tuple[frozenset[str], float, int]:
    """The fish kinds the empty market spaces ask for, and the euros and fish they take in all."""
    kinds: set[str] = set()
    euros = 0.0
    size = 0
    for space, filled in zip(month.spaces, state.market, strict=True):
        if not filled:
            euros += sale_price(state, space.needs, space.price)[0]
            size += space.needs.total
            kinds.update(space.needs)
    return frozenset(kinds), euros, size


#: Weights of the heuristic, in euros (tuned on January games of the greedy agent).
_W: Final[Mapping[str, float]] = {
    "sure": 0.6,  # how much of what is still to earn (catches, upgrades) is counted
    "catch_sea": 0.6,  # a fish on a boat At Sea, as a share of its market price
    "catch_land": 0.3,  # the same On Land, where an unsold fish is lost at the End of Day
    "stock": 0.9,  # a fish in the sea, up to what the goal and the market can use
    "short_early": 3.0,  # a fish missing from the sustainability goal, early in the month
    "short_late": 5.0,  # ... and how much more it weighs at the end
    "drain": 1.5,  # a fish the sustainability goal would miss if later rounds fished as hard
    "above": 0.3,  # a euro above the money goal
    "boat": 12.0,  # a boat missing from the goal
    "upgrade": 10.0,  # an upgrade missing from the goal
    "overfish": 15.0,  # a token a round would draw beyond the bag and the supply
    "broke": 6.0,  # a euro of this round's upkeep that the money will not cover
}


@_cached(lambda state, month: (_prices_key(state), state.market, state.catch))
def _sales(state: ConservasState, month: Month) -> float:
    """The euros the catch fetches if sold now, dearest open space first (CON-3.2, CON-3.4)."""
    catch = state.catch
    filled = [bool(kind) for kind in state.market]
    before = PREREQ[state.month]
    total = 0.0
    while True:
        best = -1
        price = 0
        for index, space in enumerate(month.spaces):
            if filled[index] or (before[index] >= 0 and not filled[before[index]]) or not space.needs <= catch:
                continue
            if space.price > price:
                best, price = index, space.price
        if best < 0:
            return total
        needs = month.spaces[best].needs
        total += sale_price(state, needs, price)[0]
        catch -= needs
        filled[best] = True


def _surplus(state: ConservasState) -> float:
    """The estimated euros above (or below, negative) what the month's goal needs."""
    month = MONTHS[state.month]
    goal = month.goal(state.goal)
    flow = state.flow
    left = month.rounds - flow.round
    pending = flow.phase in ("setup", "sea", "land") or (flow.phase == "eod" and flow.step in _BEFORE_UPKEEP)
    wanted, market_euros, market_fish = _demand(state, month)

    # The sea: what is in it now, with what the Deep Sea will spawn this round.
    sea = _sea(state.bag.contents, state.hand, state.deep, _spawning(state))
    tokens = sea.total + state.catch["water"]
    useful = sum(sea[kind] for kind in wanted) / max(1, tokens)
    average = market_euros / market_fish if market_fish else 0.0

    # Money now, the catch still to sell, and what the boats should still catch and earn.
    rate = _W["catch_sea"] if flow.phase in ("setup", "sea") else _W["catch_land"]
    sales = _sales(state, month) if state.catch else 0.0
    catch = rate * sales
    handful, sifted = _draws(state)
    sizes = {boat: min(float(size), handful * useful) for boat, size in _catch_sizes(state)}
    unused = (
        sum(size for boat, size in sizes.items() if boat not in state.used) if flow.phase in ("setup", "sea") else 0
    )
    caught = (sum(sizes.values()) * left + unused) * average
    if state.hand and flow.phase == "sea":
        # The handful in hand may beat an average one on the best boat still free.
        good = sum(n for kind, n in state.hand.items() if kind in wanted)
        gain = max(
            (min(float(catch_size(state, b)), good) - sizes[b] for b in state.fleet if b not in state.used),
            default=0.0,
        )
        catch += max(0.0, gain) * average * _W["catch_sea"]
    future = min(caught, market_euros) + _upgrades_worth(state, left, pending=pending, sea=sea)
    now, later = _upkeep_due(state, month, left, pending=pending)
    money = state.money + catch + _W["sure"] * future - now - later
    # Boats whose upkeep cannot be paid this End of Day are lost (CON-4.6).
    cash = state.money + sales + unused * average
    broke = max(0.0, now - cash)

    drawn = min(float(tokens), (len(state.fleet) + 1) * handful)
    stock, short, drain = _stock(goal, sea, tokens, wanted, sum(sizes.values()), drawn, left)
    urgency = _W["short_early"] + _W["short_late"] * (1 - left / month.rounds)
    missing = _W["boat"] * max(0, goal.boats - len(state.fleet))
    missing += _W["upgrade"] * max(0, goal.upgrades - len(state.upgrades))

    # Overfishing (CON-2.7): a round must not draw more than the sea and the supply's water.
    draws = (len(state.fleet) + 1) * (handful + sifted)
    over = max(0, draws - tokens - state.supply["water"] + 1) if left or flow.phase in ("setup", "sea") else 0

    above = max(0.0, money - goal.money)
    money = min(money, goal.money) + _W["above"] * above
    penalties = urgency * short + _W["drain"] * drain + missing + _W["overfish"] * over + _W["broke"] * broke
    return money - goal.money + stock - penalties


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _sea(bag: Tokens, hand: Tokens, deep: Tokens, spawn: Tokens) -> Tokens:
    """The fish and water of the sea: the bag, the handful, the Deep Sea and what it will spawn."""
    return bag + hand + deep + spawn


@_cached(lambda state: _owned(state.upgrades))
def _draws(state: ConservasState) -> tuple[int, int]:
    """The tokens of a handful and the extra ones a sift draws (CON-2.1, CON-6.3, CON-6.6)."""
    return draw_size(state), sift_count(state)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _stock(
    goal: Goal, sea: Tokens, tokens: int, wanted: frozenset[str], per_round: float, drawn: float, left: int
) -> tuple[float, float, float]:
    """The stock: fish in the sea are next rounds' catch and spawn, and the sustainability goal.

    Each later round the boats catch their share of each kind (`per_round` tokens in all), the
    rest of the `drawn` tokens spawns (`tokens`: the sea's and the boats' water). Returns the
    stock's worth, the fish the goal misses now, and the fish it would miss if later rounds
    fished as hard.
    """
    fish = sum(sea[kind] for kind in wanted)
    stock = 0.0
    short = 0.0
    drain = 0.0
    for kind in FISH:
        need = goal.fish[kind]
        useful_kind = need + (4 if kind in wanted else 0)
        stock += min(sea[kind], useful_kind) * _W["stock"] * min(1.0, left / 3)
        short += max(0, need - sea[kind])
        if need and left:
            # An empty sea (or sea bag) catches and spawns nothing: no division by zero.
            share = drawn * sea[kind] / tokens if tokens else 0.0
            caught_kind = min(per_round * sea[kind] / fish, share) if kind in wanted and fish else 0.0
            spawned = max(0.0, share - caught_kind - 1)
            drain += max(0.0, need - sea[kind] - left * (spawned - caught_kind))
    return stock, short, drain


#: What the Deep Sea would spawn now: it reads the Deep Sea, the supply and the upgrades at work.
_spawning = _cached(lambda state: (state.deep, state.supply, _owned(state.upgrades), state.flow.round))(spawning)


@_cached(lambda state: (state.fleet, _owned(state.upgrades)))
def _catch_sizes(state: ConservasState) -> tuple[tuple[str, int], ...]:
    """Each boat's catch size (CON-2.3, CON-6.5), in fleet order."""
    return tuple((boat, catch_size(state, boat)) for boat in state.fleet)


@_cached(
    lambda state, month, left, *, pending: (
        (state.month, _owned(state.upgrades), state.fleet, state.bought, state.due, state.flow.key, state.flow.round),
        left,
        pending,
    )
)
def _upkeep_due(state: ConservasState, month: Month, left: int, *, pending: bool) -> tuple[int, int]:
    """Upkeep still to pay: this round's (if not paid yet), and every later round's."""
    now = 0
    if pending:
        now = sum(upkeep_of(state, boat) for boat in state.fleet if boat not in state.bought)
    elif state.flow.key == "eod.pay":
        now = sum(upkeep_of(state, boat) for boat in state.due)
    total = 0
    discount = sum(
        UPGRADES[o.card].effect.amount
        for o in state.upgrades
        if UPGRADES[o.card].effect.kind == "upkeep_discount" and UPGRADES[o.card].frequency != "when_bought"
    )
    for later in range(state.flow.round + 1, state.flow.round + left + 1):
        rise = sum(s.amount for s in month.special if s.kind == "upkeep_rise" and later in s.rounds)
        total += sum(max(0, BOATS[boat].upkeep + rise - discount) for boat in state.fleet)
    return now, total


def _upgrades_worth(state: ConservasState, left: int, *, pending: bool, sea: Tokens) -> float:
    """Euros the owned upgrades should still bring, beyond what the estimate already counts
    (a larger handful or catch is counted through the boats' future catches)."""
    if not state.upgrades:
        return 0.0
    return _owned_worth(state, left, pending=pending, fished=tuple(sea[kind] > 0 for kind in KINDS))


@_cached(
    lambda state, left, *, pending, fished: (
        _owned(state.upgrades),
        state.fleet,
        state.flow.round,
        state.flow.phase,
        left,
        pending,
        fished,
    )
)
def _owned_worth(state: ConservasState, left: int, *, pending: bool, fished: tuple[bool, ...]) -> float:
    """`_upgrades_worth` of owned upgrades, with `fished[i]`: whether the sea holds any of `KINDS[i]`."""
    present = dict(zip(KINDS, fished, strict=True))
    worth = 0.0
    cards = len(state.fleet) + 1
    this_round = state.flow.phase in ("setup", "sea", "land")
    for owned in state.upgrades:
        card = UPGRADES[owned.card]
        effect = card.effect
        if effect.fish and not present[effect.fish]:
            continue
        fresh = owned.round == state.flow.round
        rounds = left if card.frequency != "when_bought" else 0
        if card.frequency == "when_bought" and fresh and pending:
            rounds = 1
        kind = effect.kind
        if kind == "draw_count":
            worth += (effect.amount - BASE_DRAW) * cards * 0.1 * left
        elif kind in ("redraw", "sift"):
            worth += 0.5 * max(1, effect.amount) * left
        elif kind == "sale_bonus":
            sales = left * 1.5 + (1.0 if this_round and (card.frequency != "when_bought" or fresh) else 0.0)
            worth += effect.amount * sales * (0.5 if effect.fish else 1.0)
        elif kind == "boat_discount":
            worth += effect.amount * (0.5 if left else 0.0)
        elif kind == "income":
            worth += effect.amount * (rounds + (1 if pending and card.frequency != "when_bought" else 0))
        elif kind in ("extra_spawn", "restock"):
            worth += max(1, effect.amount) * 0.4 * rounds
        elif kind == "return_catch":
            worth += 0.2 * left
    return worth
