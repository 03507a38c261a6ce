"""The evaluation heuristic the greedy and search agents follow (`evaluate`).

[`evaluate`][tabletop.archipel.heuristic.evaluate] scores a position for the team (Archipel
is co-operative): orders filled, useful fish on board, bait for the fish still wanted, fuel
and jerrycans, boats able to get home. A boat with neither fuel nor a jerrycan that nobody
can refuel supplies nothing and cannot come home, however late in the season. The three
endings score 1.0, 0.5 and at most 0.45.

```pycon
>>> from tabletop.archipel import new_game
>>> 0.0 <= evaluate(new_game(seed=1, players=2), 0) < 0.1
True

```
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tabletop.archipel.content.board import HARBOUR, HOME, SPOT, STORM, Board
from tabletop.archipel.content.kinds import BAIT_OF, BAITS, GEAR, JERRYCANS, MULTI, SHARK, is_storm
from tabletop.archipel.moves import FUEL, Catch, EndTurn, Give, Over, Refuel, Sail, Stay, Take, Throw
from tabletop.archipel.state import (
    DECK,
    EMPTY,
    HOLD,
    RETURNS,
    TANK,
    UNSEEN,
    ArchipelState,
    Boat,
    missing,
    orders,
    supplied_as_far_as_possible,
)
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["evaluate", "policy"]

#: Points of the heuristic: an order filled, a wanted fish on board (half when no market that
#: wants it can be reached), a bait for a wanted fish still in the sea, a jerrycan, storm gear,
#: a boat in its home port once nothing is left to supply.
_FILL: Final = 10.0
_CARRY: Final = 6.0
_BAIT: Final = 1.6
_MULTI: Final = 1.9
_SPARE_BAIT: Final = 0.1
_CAN: Final = 1.6
_GEAR: Final = 0.3
_HOME: Final = 3.0
#: What the n-th fuel marker on a boat is worth: the last ones matter most.
_FUEL: Final = (1.0, 0.7, 0.5, 0.35, 0.25)
#: The share of a try's expected gain that a boat on a fish spot with bait already holds.
_CHANCE_AT_SPOT: Final = 0.8
#: Penalties: no fuel and no jerrycan (halved in the harbour of an open shop, which may sell
#: one), no way home, a fish no market wants, a sea area cut off from the main waters.
_STRANDED: Final = 2.5
_NO_WAY_HOME: Final = 1.0
_UNWANTED_FISH: Final = 0.5
_CUT_OFF: Final = 0.6
#: A channel as full of storms as it can be (blocked), or that share of it for a part filled:
#: every storm placed brings the blocked channels, the detours and the cut-off harbours nearer.
_SQUALL: Final = 1.0
#: How fast fuel loses its worth while rounds pass without progress (see `idle_rounds`).
_HURRY: Final = 2.5
#: A card beyond the four a boat holds, still on the quay: it will leave the game.
_EXCESS: Final = 1.2
#: The catcher's choices after a fish is turned over: multicolour bait or not, the shark's bait.
_CATCH_CHOICES: Final = frozenset({"turn.multi", "turn.shark"})
_CUT_CACHE: dict[tuple[str, int], int] = {}
_PRESSURE_CACHE: dict[tuple[str, tuple[str, ...]], float] = {}
_REACH_CACHE: dict[tuple[object, ...], frozenset[str]] = {}
_LAST: list[tuple[ArchipelState | None, float]] = [(None, 0.0)]


# Evaluation -----------------------------------------------------------------------------------------


def evaluate(view: ArchipelState, seat: int) -> float:
    """How well the season is going for the team, higher is better (the same for every seat).

    At the end: 1.0 for ending 1, 0.5 for ending 2, 0.45 times the share of orders filled for
    ending 3. Before: about 0 to 0.9, from orders filled, wanted fish on board, bait for the
    fish still wanted, fuel and jerrycans, a boat's chance at the fish where it is, boats that
    can still get home, open channels. A fish about to be turned over is scored as the average
    over what it may be (and the catcher's best choice after).
    """
    outcome = view.outcome
    if outcome is not None:
        if outcome.ending < 3:
            return RETURNS[outcome.ending]
        return 0.45 * outcome.orders_filled / max(1, outcome.orders)
    last, value = _LAST[0]
    if last is view:  # the same position again, for the next seat (the team shares one value)
        return value
    _, total = orders(view)
    value = 0.9 * _expected_points(view) / (_FILL * total + _HOME * len(view.boats))
    _LAST[0] = (view, value)
    return value


def _expected_points(s: ArchipelState) -> float:
    """The points of `s`, looking through the turning over of a fish and the choice it asks."""
    step = s.flow.key
    if step == "turn.expose":
        return sum(p * _expected_points(s.apply(move)) for move, p in s.chance_outcomes())
    if step in _CATCH_CHOICES:
        return max(_points(s.apply(move)) for move in s.legal_moves())
    return _points(s)


def _points(s: ArchipelState) -> float:
    """The heuristic in points (see the constants above)."""
    board = s.map
    filled, _ = orders(s)
    points = _FILL * filled
    wanted = missing(s)
    carried: dict[str, int] = {}
    supplied = supplied_as_far_as_possible(s)
    for i, boat in enumerate(s.boats):
        cards = boat.cards + s.bought if i == s.flow.player else boat.cards
        points += _boat_points(s, board, i, cards, wanted, carried, supplied=supplied)
    points += _bait_points(s, wanted, carried)
    points -= _CUT_OFF * _cut_off(board, board.blocked(s.storms))
    points -= _SQUALL * _storm_pressure(board, s.storms)
    if supplied:
        points += _HOME * sum(boat.at == boat.home for boat in s.boats)
    return points


def _boat_points(
    s: ArchipelState,
    board: Board,
    seat: int,
    cards: Tokens,
    wanted: dict[str, int],
    carried: dict[str, int],
    *,
    supplied: bool,
) -> float:
    """Fish on board, fuel, jerrycans, gear, the fish where it is and the way home of one boat."""
    boat = s.boats[seat]
    cans = sum(cards[can] for can in JERRYCANS)
    # Fuel kept is worth less as the season idles towards its end (ARC-7.6).
    thrift = max(0.0, 1.0 - _HURRY * max(0, s.flow.round - 1 - s.last_progress) / s.idle_rounds)
    tank = sum(_FUEL[: boat.fuel]) + _CAN * min(cans, 2) + 0.3 * max(0, cans - 2)
    if supplied:  # nothing is left to sail for but the home port (ARC-7.1)
        tank = 0.0 if boat.at == boat.home else min(tank, _FUEL[0])
    points = thrift * tank
    points += _GEAR * cards[GEAR]
    points -= _EXCESS * max(0, cards.total - DECK)
    markets = _markets_in_reach(s, board, boat.at)
    # A boat with neither fuel nor a jerrycan may never move again (ARC-2.6): what it carries
    # then reaches no market, and it cannot come home. That does not fade as the season idles.
    # Once the markets are supplied as far as possible, a boat home for good is where it
    # should be (ARC-7.2), however empty its tank.
    done = supplied and boat.at == boat.home
    stuck = _stranded_share(s, board, seat) if not boat.fuel and not cans and not done else 0.0
    for colour, n in boat.fish.items():
        useful = max(0, min(n, wanted.get(colour, 0) - carried.get(colour, 0)))
        if stuck < 1.0:  # a boat that can never move is no one's supplier: the order stays open
            carried[colour] = carried.get(colour, 0) + useful
        points += useful * (_CARRY if colour in markets else _CARRY / 2) * (1.0 - stuck)
        points -= (n - useful) * _UNWANTED_FISH
    points -= _STRANDED * stuck
    if boat.at != boat.home and (stuck == 1.0 or not board.can_reach(s.storms, boat.at, boat.home)):
        points -= _NO_WAY_HOME
    may_try = seat != s.flow.player or s.turn.may_catch
    if may_try and board.kind[boat.at] == SPOT and boat.fish.total < HOLD:
        points += _CHANCE_AT_SPOT * max(0.0, _try_gain(s, board, boat, cards, wanted, markets))
    return points


def _stranded_share(s: ArchipelState, board: Board, seat: int) -> float:
    """How bad it is that boat `seat` has no fuel and no jerrycan: less in the harbour of an
    open shop (which may sell one), less again with a boat beside it that can spare fuel."""
    boat = s.boats[seat]
    for i, other in enumerate(s.boats):
        if i != seat and other.at == boat.at and (other.fuel > 1 or any(can in other.cards for can in JERRYCANS)):
            return 0.3
    return 0.5 if board.kind[boat.at] == HARBOUR and boat.at not in s.shut else 1.0


def _markets_in_reach(s: ArchipelState, board: Board, at: str) -> frozenset[str]:
    """The fish colours that a market the boat at `at` can reach still wants (kept by what it reads)."""
    key = (board.source, s.short, s.markets, board.blocked(s.storms), at)
    known = _REACH_CACHE.get(key)
    if known is None:
        found: set[str] = set()
        for i, island in enumerate(board.islands):
            want = [c for c, n in board.orders[i].items() if n > s.markets[i][c] and c not in found]
            if want and not (s.short and island.pagoda) and board.can_reach(s.storms, at, island.id):
                found.update(want)
        if len(_REACH_CACHE) > 50_000:
            _REACH_CACHE.clear()
        known = _REACH_CACHE[key] = frozenset(found)
    return known


def _try_gain(
    s: ArchipelState, board: Board, boat: Boat, cards: Tokens, wanted: dict[str, int], markets: frozenset[str]
) -> float:
    """What trying the fish where the boat is would gain, on average (bait spent included)."""
    spot = s.spots[board.spot_index[boat.at]]
    if spot.fish in (EMPTY, HIDDEN) or not any(card in BAITS for card in cards):
        return 0.0
    multi = MULTI in cards

    def gain(colour: str) -> float:
        if colour == SHARK:
            return -_BAIT
        if colour not in wanted:
            return 0.0
        bait = _BAIT if BAIT_OF[colour] in cards else _MULTI if multi else 0.0
        worth = _CARRY if colour in markets else _CARRY / 2
        return worth - bait if bait else 0.0

    if spot.fish != UNSEEN:
        return 0.0 if spot.fish == SHARK and spot.face_up else gain(spot.fish)
    total = s.unseen.total
    return sum(n * gain(colour) for colour, n in s.unseen.items()) / total if total else 0.0


def _storm_pressure(board: Board, storms: tuple[str, ...]) -> float:
    """The channels' shares of storm spaces covered, summed (a blocked channel counts 1)."""
    key = (board.source, storms)
    found = _PRESSURE_CACHE.get(key)
    if found is None:
        found = sum(sum(1 for i in spaces if storms[i]) / len(spaces) for spaces in board.channel_spaces)
        if len(_PRESSURE_CACHE) > 4096:
            _PRESSURE_CACHE.clear()
        _PRESSURE_CACHE[key] = found
    return found


def _cut_off(board: Board, mask: int) -> int:
    """How many sea areas the blocked channels `mask` cut off from the largest group of areas."""
    key = (board.source, mask)
    found = _CUT_CACHE.get(key)
    if found is None:
        groups: dict[int, int] = {}
        for group in board.components(mask):
            groups[group] = groups.get(group, 0) + 1
        found = len(board.area_ids) - max(groups.values())
        _CUT_CACHE[key] = found
    return found


def _bait_points(s: ArchipelState, wanted: dict[str, int], carried: dict[str, int]) -> float:
    """Bait for the wanted fish that are still in the sea; a little for any other bait."""
    baits: dict[str, int] = {}
    for i, boat in enumerate(s.boats):
        cards = boat.cards + s.bought if i == s.flow.player else boat.cards
        for card, n in cards.items():
            if card in BAITS:
                baits[card] = baits.get(card, 0) + n
    in_sea: dict[str, int] = dict(s.unseen.items())
    for spot in s.spots:
        if spot.fish in wanted:
            in_sea[spot.fish] = in_sea.get(spot.fish, 0) + 1
    useful = 0
    left = 0
    for colour, n in wanted.items():
        still = max(0, min(n - carried.get(colour, 0), in_sea.get(colour, 0)))
        used = min(baits.get(BAIT_OF[colour], 0), still)
        useful += used
        left += still - used
    multi = min(baits.get(MULTI, 0), left)
    spare = sum(baits.values()) - useful - multi
    return _BAIT * useful + _MULTI * multi + _SPARE_BAIT * spare


# The plan-following policy (the `policy` hook) -------------------------------------------------


def policy(state: ArchipelState, legal: Sequence[Move], rng: random.Random) -> Move:
    """The game's `policy` hook: a plan-following move for the boat to move, cheap enough for rollouts.

    Where greedy judges each move by `evaluate` one step ahead, this follows a crew's plan over
    several turns: try the fish here with bait; with bait for a wanted colour, sail to such a
    fish seen face up, else to an unseen one, keeping the marker that reaches a harbour
    (a jerrycan refills the tank); with a full hold, no useful bait or no fuel to spare, land
    where the fish on board are ordered and the shop (its cards lie face up) sells the missing
    bait, or a jerrycan when short, with the fewest storms; refuel an empty tank; hand fuel to
    a stuck boat; once the markets are supplied, sail home (storm gear clearing the way). Other
    steps (a storm's space, the shark's bait, the quay) follow `evaluate`. It reads only `state`.

    Args:
        state: The position (the view of the seat to move is enough).
        legal: The legal moves there.
        rng: Breaks ties.

    Returns:
        One of `legal`.
    """
    if len(legal) == 1:
        return legal[0]
    key = state.flow.key
    if key == "harbour.dock":  # on the quay: only the hand-overs of the plan, the rest judged
        plan = _Plan(state)
        rescue = [move for move in legal if isinstance(move, Give) and plan.score(move) > 0]
        if rescue:
            return rescue[0]
        return _judged(state, [move for move in legal if not isinstance(move, (Give, Take, Throw))] or legal, rng)
    if key != "turn.act":
        return _judged(state, legal, rng)
    plan = _Plan(state)
    scored = [(plan.score(move), rng.random(), i) for i, move in enumerate(legal)]
    return legal[max(scored)[2]]


def _judged(s: ArchipelState, legal: Sequence[Move], rng: random.Random) -> Move:
    """The move after which `evaluate` is best; declaring the season over only as a last resort."""
    judge = [-1.0 if isinstance(m, Over) else evaluate(s.apply(m), s.flow.player) for m in legal]
    return legal[max((v, rng.random(), i) for i, v in enumerate(judge))[2]]


#: A known fish of a wanted colour and the bait for it; an unseen fish (plus its chance).
_GO_KNOWN: Final = 60.0
_GO_UNSEEN: Final = 15.0
_GO_CHANCE: Final = 45.0
#: A harbour: per fish delivered, per useful bait in its shop, a jerrycan when short of fuel,
#: per storm its shop would bring (against the storms' room left), when the boat must land.
_DELIVER: Final = 50.0
_SHOP_BAIT: Final = 9.0
_SHOP_CAN: Final = 35.0
_LOW_FUEL: Final = 2
_SHOP_STORM: Final = 4.0
_MUST_LAND: Final = 40.0
#: Fuel kept back from fishing: the marker that reaches a harbour.
_RESERVE: Final = 1


class _Plan:
    """What the boat to move is after, worked out once per decision."""

    def __init__(self, s: ArchipelState) -> None:
        self.s = s
        self.board = s.map
        self.boat = boat = s.boats[s.flow.player]
        wanted = missing(s)
        on_board: dict[str, int] = {}
        for other in s.boats:
            for colour, n in other.fish.items():
                on_board[colour] = on_board.get(colour, 0) + n
        #: Fish still to be caught, by colour.
        self.need = {c: n - on_board.get(c, 0) for c, n in wanted.items() if n > on_board.get(c, 0)}
        cards = boat.cards
        self.catchable = {c for c in self.need if MULTI in cards or BAIT_OF[c] in cards}
        self.has_bait = any(card in BAITS for card in cards)
        self.cans = sum(cards[can] for can in JERRYCANS)
        self.full = boat.fish.total >= HOLD
        self.done = not wanted or supplied_as_far_as_possible(s)
        #: Fuel markers beyond the one that reaches a harbour (any sail costs one, ARC-2.2; a
        #: jerrycan refills the tank, ARC-4.6).
        self.spare = boat.fuel + TANK * self.cans - _RESERVE
        #: The boat should land now: hold full, nothing left to catch with, or no fuel to spare.
        self.land = self.full or not self.catchable or self.spare <= 0

    def score(self, move: Move) -> float:
        """How well `move` follows the plan (higher is better)."""
        s, boat = self.s, self.boat
        if isinstance(move, Catch):
            return self._catch()
        if isinstance(move, Sail):
            return self._sail(move.to)
        if isinstance(move, Refuel):
            if move.boat:
                other = next(b for b in s.boats if b.colour == move.boat)
                return 70.0 if other.fuel == 0 else -5.0
            return 80.0 if boat.fuel == 0 else -5.0  # an empty tank takes the most from a jerrycan
        if isinstance(move, Give):
            if move.item == FUEL:
                other = next(b for b in s.boats if b.colour == move.boat)
                stuck = other.fuel == 0 and not any(can in other.cards for can in JERRYCANS)
                return 75.0 if stuck and boat.fuel >= 2 else -20.0
            return -20.0
        if isinstance(move, Stay):  # landing again where the boat is, without fuel
            if boat.at in s.shut:
                return -20.0  # a closed shop sells nothing: staying brings nothing
            return 10.0 + self._harbour(boat.at, arriving=False) + (_MUST_LAND if self.land else -25.0)
        if isinstance(move, EndTurn):
            return 1.0 if self.done and boat.at == boat.home else 0.0
        if isinstance(move, Over):
            gear = any(GEAR in b.cards for b in s.boats)
            safe = all(b.at == b.home or not (gear or self.board.can_reach(s.storms, b.at, b.home)) for b in s.boats)
            return 200.0 if self.done and safe else -100.0
        return -10.0  # throwing fish, taking things back: not part of the plan

    def _catch(self) -> float:
        s = self.s
        if self.full or not self.has_bait:
            return -50.0
        spot = s.spots[self.board.spot_index[self.boat.at]]
        if spot.fish == UNSEEN:
            return 100.0
        if spot.fish in self.catchable:
            return 110.0
        return -50.0

    def _sail(self, to: str) -> float:
        s, boat, board = self.s, self.boat, self.board
        kind = board.kind[to]
        if self.done:
            if to == boat.home:
                return 500.0
            if self._rescue(to):
                return 480.0
            if kind == STORM:
                return self._clear_way(to)
            return self._harbour(to, arriving=True) - 100.0 if kind == HARBOUR else -100.0
        if kind == STORM:
            return self._clear_way(to) - 400.0
        if kind == SPOT:
            if self.full or not self.catchable or self.spare <= 0:
                return -30.0
            spot = s.spots[board.spot_index[to]]
            if spot.fish in self.catchable:
                return _GO_KNOWN
            if spot.fish != UNSEEN:
                return -30.0
            total = s.unseen.total
            chance = sum(s.unseen[c] for c in self.catchable) / total if total else 0.0
            return _GO_UNSEEN + _GO_CHANCE * chance
        if kind == HARBOUR:
            if s.short and to in board.pagodas:
                return -40.0
            landing = self._harbour(to, arriving=True) + (_MUST_LAND if self.land else -25.0)
            if boat.fuel <= 1 and not self.cans and not self._sells_can(to):
                landing -= 30.0  # landing on the last marker where no jerrycan is for sale
            return landing
        if kind == HOME:
            return 2.0 if to == boat.home else -40.0
        return -30.0

    def _rescue(self, to: str) -> bool:
        """True when `to` is where a boat with an empty tank and no jerrycan lies, away from
        its home port, and this boat has the fuel to sail there, hand over a marker and still
        sail home (ARC-2.6, ARC-6.1)."""
        s, boat = self.s, self.boat
        if boat.fuel + TANK * self.cans < 3:
            return False
        return any(
            other is not boat
            and other.at == to
            and other.at != other.home
            and other.fuel == 0
            and not any(can in other.cards for can in JERRYCANS)
            for other in s.boats
        )

    def _clear_way(self, space: str) -> float:
        """Sailing to storm space `space` with storm gear takes its storm away (ARC-5.3): worth it
        when that opens the way home of a boat cut off, this one still able to sail home after."""
        s, board, boat = self.s, self.board, self.boat
        i = board.storm_index[space]
        if GEAR not in boat.cards or not s.storms[i] or boat.fuel + TANK * self.cans < 2:
            return -100.0
        calmer = (*s.storms[:i], "", *s.storms[i + 1 :])
        if not board.can_reach(calmer, space, boat.home):
            return -50.0
        cut_off = [b for b in s.boats if b.at != b.home and not board.can_reach(s.storms, b.at, b.home)]
        return 450.0 if any(board.can_reach(calmer, b.at, b.home) for b in cut_off) else -50.0

    def _sells_can(self, island: str) -> bool:
        """True when the shop of `island` is open and has a jerrycan on show."""
        shop = self.s.shops[self.board.island_index[island]]
        return island not in self.s.shut and any(can in shop for can in JERRYCANS)

    def _harbour(self, island: str, *, arriving: bool) -> float:
        """What landing at (or staying in) `island` brings: deliveries, shopping, storms."""
        s, board, boat = self.s, self.board, self.boat
        i = board.island_index[island]
        points = 0.0
        if arriving and not (s.short and island in board.pagodas):
            order = board.orders[i]
            for colour, n in boat.fish.items():
                points += _DELIVER * min(n, max(0, order[colour] - s.markets[i][colour]))
        if island in s.shut:
            return points
        shop = s.shops[i]
        room = sum(1 for card in s.storms if not card)
        baits = 0
        for card, n in shop.items():
            if is_storm(card):
                points -= _SHOP_STORM * n * (1.0 + 20.0 / (1.0 + room))
            elif card in JERRYCANS:
                points += _SHOP_CAN if boat.fuel <= _LOW_FUEL and not self.cans else 2.0
            elif card == MULTI:
                baits += n if self.need else 0
            elif card in BAITS:
                colour = next(c for c, b in BAIT_OF.items() if b == card)
                baits += min(n, self.need.get(colour, 0))
        return points + _SHOP_BAIT * min(baits, DECK - boat.cards.total + 1)
