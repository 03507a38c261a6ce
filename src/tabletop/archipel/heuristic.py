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

from typing import Final

from tabletop.archipel.content.board import HARBOUR, SPOT, Board
from tabletop.archipel.content.kinds import BAIT_OF, BAITS, GEAR, JERRYCANS, MULTI, SHARK
from tabletop.archipel.state import (
    DECK,
    EMPTY,
    HOLD,
    RETURNS,
    UNSEEN,
    ArchipelState,
    Boat,
    missing,
    orders,
    supplied_as_far_as_possible,
)
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.tokens import Tokens

__all__ = ["evaluate"]

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
    _, total = orders(view)
    scale = _FILL * total + _HOME * len(view.boats)
    return 0.9 * _expected_points(view) / scale


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
    """The fish colours that a market the boat at `at` can reach still wants."""
    found: set[str] = set()
    for i, island in enumerate(board.islands):
        if s.short and island.pagoda:
            continue
        want = [c for c, n in board.orders[i].items() if n > s.markets[i][c] and c not in found]
        if want and board.can_reach(s.storms, at, island.id):
            found.update(want)
    return frozenset(found)


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
