"""Each rule once: the checks a move must pass, each tagged with its rule ID and a stable code.

A [`Check`][tabletop.archipel.checks.Check] names the rule, the code of the refusal and the move kinds it applies
to; its `problem(state, move)` gives the reason when the move breaks the rule.
[`refusal`][tabletop.archipel.checks.refusal] reports the first check a move fails, and the legal-move generators in
[`tabletop.archipel.rules`][tabletop.archipel.rules] keep a candidate only when the same conditions hold (the
predicates below: `may_sail_to_spot`, `may_sail_to_space`, `holds_item`, `has_room`, `given_back`, ...), so the two
cannot disagree: a legal move passes every check of its kind, and a move of the step's kinds that is not legal fails
one (property-tested over random play in `tests/archipel/test_archipel_checks.py`). `CHECKS` lists them all, in the
order a refusal tries them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from tabletop.archipel.content.board import HARBOUR, SPOT, STORM, Board, board_for
from tabletop.archipel.content.kinds import BAIT_OF, BAITS, GEAR, GOOD_WEATHER, JERRYCANS, MULTI, SHARK, storm_number
from tabletop.archipel.moves import FISH_ITEM, FUEL, Give, Take
from tabletop.archipel.state import (
    ANYTIME,
    DECK,
    EMPTY,
    HOLD,
    SUPPLIED,
    TANK,
    ArchipelState,
    Boat,
    Spot,
    boats_safe,
    supplied_as_far_as_possible,
)
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = [
    "CHECKS",
    "Check",
    "catch_problem",
    "checks_for",
    "failing",
    "fished_out",
    "given_back",
    "has_room",
    "holds_can",
    "holds_item",
    "in_island_harbour",
    "may_declare",
    "may_place",
    "may_sail_to_space",
    "may_sail_to_spot",
    "refusal",
    "spots_to_sail",
]

_NO_CARDS: Final = Tokens()


@attrs.frozen
class Check:
    """One rule a move must follow.

    Attributes:
        rule: The rule ID (`"ARC-2.2"`).
        code: The stable code of the refusal (`"no-fuel"`).
        kinds: The move kinds the check applies to (`Move.kind`).
        problem: `problem(state, move)`: the reason the move breaks the rule, or `None`.
    """

    rule: str
    code: str
    kinds: frozenset[str]
    problem: Callable[[ArchipelState, Any], str | None] = attrs.field(repr=False)

    def __str__(self) -> str:
        return f"{self.rule} {self.code}"


# Predicates the generators share ------------------------------------------------------------


def fished_out(spots: tuple[Spot, ...]) -> frozenset[int]:
    """The indices of the fish spots whose fish was caught (kept for the last `spots` tuple, which
    steps that leave the spots alone pass on; an equal answer for a new tuple is the same set)."""
    last = _FISHED_OUT[0]  # one tuple, replaced whole: threads never mix two answers
    if last[0] is not spots:
        gone = frozenset([i for i, spot in enumerate(spots) if spot.fish == EMPTY])
        last = _FISHED_OUT[0] = (spots, last[1] if gone == last[1] else gone)  # sail moves are kept by it
    return last[1]


_FISHED_OUT: list[tuple[tuple[Spot, ...], frozenset[int]]] = [((), frozenset())]


def may_sail_to_spot(s: ArchipelState, board: Board, index: int, boats_at: set[str]) -> bool:
    """ARC-2.3: fish spot `index` is worth a move when its fish is still there, or a boat waits there."""
    return index not in fished_out(s.spots) or board.spots[index] in boats_at


def spots_to_sail(s: ArchipelState, board: Board, indices: tuple[int, ...], boats_at: set[str]) -> list[int]:
    """`may_sail_to_spot` for many spots at once: those of `indices` worth a move, in order."""
    gone, names = fished_out(s.spots), board.spots
    return [i for i in indices if i not in gone or names[i] in boats_at] if gone else list(indices)


def may_sail_to_space(s: ArchipelState, board: Board, index: int, gear: bool, boats_at: set[str]) -> bool:
    """ARC-5.3, ARC-2.3: storm space `index` takes a boat with storm gear when a storm is on it,
    or one that meets a boat sitting there when it is free."""
    storm = s.storms[index]
    return (gear and bool(storm)) or (not storm and board.storm_ids[index] in boats_at)


def holds_can(s: ArchipelState, seat: int, can: str) -> bool:
    """ARC-4.6: boat `seat` holds jerrycan `can` (the current boat: on board or still on the quay)."""
    if can not in JERRYCANS:
        return False
    return can in s.boats[seat].cards or (seat == s.flow.player and can in s.bought)


def holds_item(s: ArchipelState, giver: int, item: str, quay: Tokens) -> bool:
    """ARC-6.1: boat `giver` has `item` to hand over (`quay`: cards it may hand from the quay)."""
    boat = s.boats[giver]
    if item == FUEL:
        return boat.fuel > 0
    if item.startswith(FISH_ITEM):
        return boat.fish[item[len(FISH_ITEM) :]] > 0
    return item in boat.cards or item in quay


def has_room(boat: Boat, item: str) -> bool:
    """ARC-1.3: the boat card has room for `item` (5 fuel, 3 fish, 4 equipment cards)."""
    if item == FUEL:
        return boat.fuel < TANK
    if item.startswith(FISH_ITEM):
        return boat.fish.total < HOLD
    return boat.cards.total < DECK


def given_back(s: ArchipelState, giver: int, taker: int, item: str) -> bool:
    """ARC-6.1 (ruling): `item` came from `taker` to `giver` this turn, so it does not go back."""
    return f"{s.boats[taker].colour}>{s.boats[giver].colour}:{item}" in s.turn.gifts


def may_place(s: ArchipelState, index: int) -> bool:
    """ARC-4.3: the blank storm may go on storm space `index`: free, and not the drawn storm's own."""
    taken = s.map.storm_by_number.get(storm_number(s.turn.weather), -1)
    return not s.storms[index] and index != taken


def may_declare(s: ArchipelState) -> bool:
    """ARC-7.1: whether the players may declare the season over now.

    With `declare="anytime"` (the default) they may whenever they judge the markets supplied
    as much as possible; with `declare="supplied"` only once no fish in play can fill an
    order and every boat is safe.
    """
    # Both tests only read the state; the supplied test first: it is kept by what it reads and
    # is false for most of a season, so the boats are rarely looked at.
    return s.declare == ANYTIME or (supplied_as_far_as_possible(s) and boats_safe(s))


# Sailing ----------------------------------------------------------------------------------------


def _unknown_location(s: ArchipelState, move: Any) -> str | None:
    board = s.map
    return None if move.to in board.kind else f"{move.to!r} is not a location of {board.name}"


def _out_of_the_game(s: ArchipelState, move: Any) -> str | None:
    return f"{move.to} is a pagoda island, out of the short game" if s.short and move.to in s.map.pagodas else None


def _no_fuel(s: ArchipelState, move: Any) -> str | None:
    return None if s.boat.fuel else "each move costs one fuel and the tank is empty"


def _stayed(s: ArchipelState, move: Any) -> str | None:
    return None if s.turn.sailed or s.turn.may_catch else "the boat tried its fish without sailing: it stayed instead"


def _already_there(s: ArchipelState, move: Any) -> str | None:
    return "staying put is not a move: end the turn instead" if move.to == s.boat.at else None


def _cut_off(s: ArchipelState, move: Any) -> str | None:
    reached = s.map.can_reach(s.storms, s.boat.at, move.to)
    return None if reached else f"storms block every channel towards {move.to}"


def _no_fish_there(s: ArchipelState, move: Any) -> str | None:
    board = s.map
    if board.kind[move.to] != SPOT or may_sail_to_spot(s, board, board.spot_index[move.to], {b.at for b in s.boats}):
        return None
    return f"{move.to} has no fish and no boat to meet"


def _no_storm_gear(s: ArchipelState, move: Any) -> str | None:
    board = s.map
    if board.kind[move.to] != STORM or not s.storms[board.storm_index[move.to]] or GEAR in s.boat.cards:
        return None
    return f"sailing into the storm on {move.to} takes storm gear"


def _no_storm_there(s: ArchipelState, move: Any) -> str | None:
    board = s.map
    if board.kind[move.to] != STORM:
        return None
    if may_sail_to_space(s, board, board.storm_index[move.to], GEAR in s.boat.cards, {b.at for b in s.boats}):
        return None
    return f"there is no storm (and no boat to meet) on {move.to}"


# Catching ---------------------------------------------------------------------------------------


def _no_fish(s: ArchipelState, move: Any) -> str | None:
    board = board_for(s.board)
    at = s.boats[s.flow.player].at
    none = board.kind[at] != SPOT or s.spots[board.spot_index[at]].fish == EMPTY
    return f"there is no fish at {at}" if none else None


def _tried(s: ArchipelState, move: Any) -> str | None:
    return None if s.turn.may_catch else "this boat already tried this fish since it arrived"


def _no_bait(s: ArchipelState, move: Any) -> str | None:
    cards = s.boats[s.flow.player].cards
    return None if any(card in BAITS for card in cards) else "a boat needs at least one bait to try"


def _hold_full(s: ArchipelState, move: Any) -> str | None:
    return f"the boat already carries {HOLD} fish" if s.boats[s.flow.player].fish.total >= HOLD else None


def _face_up(s: ArchipelState) -> str:
    """The kind of the face-up fish where the current boat is (`""` when it lies face down)."""
    spot = s.spots[s.map.spot_index[s.boats[s.flow.player].at]]
    return spot.fish if spot.face_up else ""


def _shark(s: ArchipelState, move: Any) -> str | None:
    return "that face-up fish is a shark: no bait catches it" if _face_up(s) == SHARK else None


def _no_matching_bait(s: ArchipelState, move: Any) -> str | None:
    fish = _face_up(s)
    cards = s.boats[s.flow.player].cards
    if not fish or fish == SHARK or BAIT_OF[fish] in cards or MULTI in cards:
        return None
    return f"the face-up {fish} fish needs {BAIT_OF[fish]} or {MULTI}"


def _no_such_fish(s: ArchipelState, move: Any) -> str | None:
    return None if s.boat.fish[move.fish] else f"the boat carries no {move.fish} fish"


def _no_such_bait(s: ArchipelState, move: Any) -> str | None:
    if move.bait in BAITS and move.bait in s.boat.cards:
        return None
    return f"the boat carries no {move.bait} (or it is not bait)"


# Jerrycans ----------------------------------------------------------------------------------------


def _refuelled(s: ArchipelState, move: Any) -> int | None:
    """The seat of the boat a `refuel` fills, or `None` for a colour not in the game."""
    if not move.boat:
        return s.flow.player
    return next((i for i, b in enumerate(s.boats) if b.colour == move.boat), None)


def _refuel_no_such_boat(s: ArchipelState, move: Any) -> str | None:
    return None if _refuelled(s, move) is not None else f"there is no {move.boat} boat in this game"


def _refuel_own_boat(s: ArchipelState, move: Any) -> str | None:
    own = move.boat and _refuelled(s, move) == s.flow.player
    return f"the current boat refuels with 'refuel {move.can}'" if own else None


def _tank_full(s: ArchipelState, move: Any) -> str | None:
    boat = s.boats[_refuelled(s, move) or 0]
    return f"the {boat.colour} boat's tank is already full" if boat.fuel >= TANK else None


def _not_a_jerrycan(s: ArchipelState, move: Any) -> str | None:
    return None if move.can in JERRYCANS else f"{move.can} is not a jerrycan"


def _no_jerrycan(s: ArchipelState, move: Any) -> str | None:
    seat = _refuelled(s, move) or 0
    return None if holds_can(s, seat, move.can) else f"the {s.boats[seat].colour} boat has no {move.can}"


# Meetings -----------------------------------------------------------------------------------------


def _partner(s: ArchipelState, move: Any) -> int | None:
    return next((i for i, b in enumerate(s.boats) if b.colour == move.boat), None)


def _sides(s: ArchipelState, move: Give | Take) -> tuple[int, int]:
    """(giver, taker) of a meeting move whose partner exists."""
    seat = _partner(s, move) or 0
    return (s.flow.player, seat) if isinstance(move, Give) else (seat, s.flow.player)


def _no_such_boat(s: ArchipelState, move: Any) -> str | None:
    return None if _partner(s, move) is not None else f"there is no {move.boat} boat in this game"


def _own_boat(s: ArchipelState, move: Any) -> str | None:
    return "a boat does not hand things to itself" if _partner(s, move) == s.flow.player else None


def _not_together(s: ArchipelState, move: Any) -> str | None:
    seat = _partner(s, move) or 0
    return None if s.boats[seat].at == s.boat.at else f"the {move.boat} boat is not on the same location"


def _no_such_item(s: ArchipelState, move: Any) -> str | None:
    giver, _ = _sides(s, move)
    quay = s.bought if isinstance(move, Give) else _NO_CARDS
    return None if holds_item(s, giver, move.item, quay) else f"the {s.boats[giver].colour} boat has no {move.item}"


def _no_room(s: ArchipelState, move: Any) -> str | None:
    _, taker = _sides(s, move)
    boat = s.boats[taker]
    return None if has_room(boat, move.item) else f"the {boat.colour} boat has no room for {move.item}"


def _given_back(s: ArchipelState, move: Any) -> str | None:
    giver, taker = _sides(s, move)
    back = given_back(s, giver, taker, move.item)
    return f"{move.item} came from the {s.boats[taker].colour} boat this turn: it does not go back" if back else None


# The quay, the weather, the end -------------------------------------------------------------------


def in_island_harbour(s: ArchipelState) -> bool:
    """ARC-2.7: the current boat is in an island's harbour, where a turn ends by `stay`ing."""
    return s.map.kind[s.boats[s.flow.player].at] == HARBOUR


def _in_harbour(s: ArchipelState, move: Any) -> str | None:
    return "in an island's harbour the boat stays and takes the shop's cards: 'stay'" if in_island_harbour(s) else None


def _not_in_harbour(s: ArchipelState, move: Any) -> str | None:
    return None if in_island_harbour(s) else "only a boat in an island's harbour stays: end the turn with 'end turn'"


def _cards_waiting(s: ArchipelState, move: Any) -> str | None:
    waiting = s.flow.step == "dock" and s.bought
    return "cards beyond four wait: hand them to a boat here or discard them" if waiting else None


def _orders_possible(s: ArchipelState, move: Any) -> str | None:
    possible = s.declare == SUPPLIED and not supplied_as_far_as_possible(s)
    return "fish still in play could fill a missing order (option declare='supplied')" if possible else None


def _boats_at_sea(s: ArchipelState, move: Any) -> str | None:
    if s.declare != SUPPLIED or boats_safe(s):
        return None
    return "every boat must first reach a harbour, or be stranded without fuel (option declare='supplied')"


def _no_excess(s: ArchipelState, move: Any) -> str | None:
    return None if s.bought else "a card is discarded only when the boat would hold more than four"


def _no_such_card(s: ArchipelState, move: Any) -> str | None:
    held = move.card in s.bought or move.card in s.boat.cards
    return None if held else f"there is no {move.card} on the boat or the quay"


def _not_a_storm(s: ArchipelState, move: Any) -> str | None:
    return "no storm card waits for a space" if s.turn.weather in ("", GOOD_WEATHER) else None


def _space_taken(s: ArchipelState, move: Any) -> str | None:
    index = s.map.storm_index.get(move.space)
    if index is not None and may_place(s, index):
        return None
    return f"{move.space} is not a free storm space (or is the drawn storm's own)"


def _not_good_weather(s: ArchipelState, move: Any) -> str | None:
    return None if s.turn.weather == GOOD_WEATHER else "no good weather card waits to be read"


def _no_storm_to_calm(s: ArchipelState, move: Any) -> str | None:
    index = s.map.storm_index.get(move.space)
    return None if index is not None and s.storms[index] else f"there is no storm on {move.space}"


def _impossible_draw(s: ArchipelState, move: Any) -> str | None:
    return None if move.card in s.pocket.contents else f"{move} cannot happen here"


def _impossible_fish(s: ArchipelState, move: Any) -> str | None:
    return None if move.fish in s.unseen else f"{move} cannot happen here"


def _check(rule: str, code: str, kinds: str, problem: Callable[[ArchipelState, Any], str | None]) -> Check:
    return Check(rule, code, frozenset(kinds.split()), problem)


CHECKS: Final = (
    _check("ARC-2.3", "unknown-location", "sail", _unknown_location),
    _check("ARC-9.1", "out-of-the-game", "sail", _out_of_the_game),
    _check("ARC-2.2", "no-fuel", "sail", _no_fuel),
    _check("ARC-2.7", "stayed", "sail", _stayed),
    _check("ARC-2.7", "already-there", "sail", _already_there),
    _check("ARC-5.2", "cut-off", "sail", _cut_off),
    _check("ARC-2.3", "no-fish-there", "sail", _no_fish_there),
    _check("ARC-5.3", "no-storm-gear", "sail", _no_storm_gear),
    _check("ARC-2.3", "no-storm-there", "sail", _no_storm_there),
    _check("ARC-3.1", "no-fish", "catch", _no_fish),
    _check("ARC-3.1", "tried", "catch", _tried),
    _check("ARC-3.1", "no-bait", "catch", _no_bait),
    _check("ARC-3.6", "hold-full", "catch", _hold_full),
    _check("ARC-3.4", "shark", "catch", _shark),
    _check("ARC-3.2", "no-matching-bait", "catch", _no_matching_bait),
    _check("ARC-3.6", "no-such-fish", "throw", _no_such_fish),
    _check("ARC-3.4", "no-such-bait", "feed", _no_such_bait),
    _check("ARC-2.6", "no-such-boat", "refuel", _refuel_no_such_boat),
    _check("ARC-2.6", "own-boat", "refuel", _refuel_own_boat),
    _check("ARC-4.6", "tank-full", "refuel", _tank_full),
    _check("ARC-4.6", "not-a-jerrycan", "refuel", _not_a_jerrycan),
    _check("ARC-4.6", "no-jerrycan", "refuel", _no_jerrycan),
    _check("ARC-6.1", "no-such-boat", "give take", _no_such_boat),
    _check("ARC-6.1", "own-boat", "give take", _own_boat),
    _check("ARC-6.1", "not-together", "give take", _not_together),
    _check("ARC-6.1", "no-such-item", "give take", _no_such_item),
    _check("ARC-1.3", "no-room", "give take", _no_room),
    _check("ARC-6.1", "given-back", "give take", _given_back),
    _check("ARC-2.7", "in-harbour", "end-turn", _in_harbour),
    _check("ARC-2.7", "not-in-harbour", "stay", _not_in_harbour),
    _check("ARC-4.7", "cards-waiting", "done over", _cards_waiting),
    _check("ARC-7.1", "orders-possible", "over", _orders_possible),
    _check("ARC-7.1", "boats-at-sea", "over", _boats_at_sea),
    _check("ARC-4.7", "no-excess", "discard", _no_excess),
    _check("ARC-4.7", "no-such-card", "discard", _no_such_card),
    _check("ARC-4.3", "not-a-storm", "place", _not_a_storm),
    _check("ARC-4.3", "space-taken", "place", _space_taken),
    _check("ARC-4.4", "not-good-weather", "calm", _not_good_weather),
    _check("ARC-4.4", "no-storm-there", "calm", _no_storm_to_calm),
    _check("ARC-1.6", "impossible-outcome", "draw", _impossible_draw),
    _check("ARC-1.6", "impossible-outcome", "expose", _impossible_fish),
)
"""Every check, in the order a refusal tries them."""

_BY_KIND: Final[dict[str, tuple[Check, ...]]] = {}
for _c in CHECKS:
    for _kind in _c.kinds:
        _BY_KIND[_kind] = (*_BY_KIND.get(_kind, ()), _c)


def checks_for(kind: str) -> tuple[Check, ...]:
    """The checks a move of `kind` must pass, in order (none for `multi`: both choices are open)."""
    return _BY_KIND.get(kind, ())


def failing(s: ArchipelState, move: Move) -> tuple[Check, str] | None:
    """The first check `move` fails in `s` with its reason, or `None` when it passes them all."""
    for check in checks_for(move.kind):
        reason = check.problem(s, move)
        if reason is not None:
            return check, reason
    return None


def catch_problem(s: ArchipelState) -> tuple[str, str, str] | None:
    """Why the current boat may not try to catch now, as (code, rule, reason), or `None`."""
    for check in _BY_KIND["catch"]:
        reason = check.problem(s, None)
        if reason is not None:
            return check.code, check.rule, reason
    return None


def refusal(s: ArchipelState, move: Move) -> IllegalMove | None:
    """Why `move` (of a kind the step allows) is illegal in `s`: the first check it fails, or
    `None` for the protocol's generic reason."""
    found = failing(s, move)
    if found is None:
        return None
    check, reason = found
    return IllegalMove(reason, code=check.code, rule=check.rule, move=move)
