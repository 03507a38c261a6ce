"""Sailing (ARC-2) and the storms (ARC-5): moving for one fuel, jerrycans, ending a turn.

A boat sails to any location storms do not cut off, for one fuel however far (ARC-2.2);
with storm gear it may sail into a storm, which goes back to the pocket while the gear
leaves the game (ARC-5.3). Entering a harbour ends the turn (ARC-2.5); a turn may also end
at sea, and staying in an island's harbour takes its shop's cards (ARC-2.7). A jerrycan
fills a tank at any time, on any turn (ARC-2.6, ARC-4.6).
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.archipel.checks import fished_out, may_sail_to_space, spots_to_sail
from tabletop.archipel.content.board import STORM, Board, Targets, board_for
from tabletop.archipel.content.kinds import GEAR, RED_BACK
from tabletop.archipel.flow import MACHINE, Work, make_boat, make_turn, stay
from tabletop.archipel.moves import Refuel, Sail, Stay, intern
from tabletop.archipel.rules.season import FRESH_TURN
from tabletop.archipel.state import HARBOURS, TANK, ArchipelState, Boat, Turn
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["refuel", "sail", "sail_moves", "sailed", "stay_in_harbour"]


def sail_moves(s: ArchipelState, boat: Boat, board: Board | None = None) -> list[Move]:
    """ARC-2.2, ARC-2.3, ARC-5.3: the locations the boat may sail to, by kind, in board order.

    The locations storms do not cut off (ARC-5.2, the board's cached reachability), kept by
    the checks' own predicates: fish spots with a fish (or a boat to meet), harbours and home
    ports, storm spaces with a storm (with storm gear) or a boat to meet. `board`: the state's
    board, when the caller has it at hand.
    """
    if board is None:
        board = board_for(s.board)
    sails = _targets(s, board, boat.at)
    boats_at = {b.at for b in s.boats}
    gone = fished_out(s.spots)
    if not gone:
        moves: list[Move] = list(sails.to_spots)
    else:
        moves = sails.kept(gone)
        index = board.spot_index
        here = boat.at  # not a target: a boat waiting there does not count
        if any(index.get(at, -1) in gone for at in boats_at if at != here):  # a boat waits on a spot fished out
            to_spot = _sails(s.board, board)[0]
            moves = [to_spot[i] for i in spots_to_sail(s, board, sails.targets[0], boats_at)]
    moves += sails.to_open_harbours if s.short else sails.to_harbours  # ARC-9.1: the pagoda islands are out
    storms = sails.targets[2]
    if storms and GEAR in boat.cards:
        to_space = _sails(s.board, board)[2]
        moves.extend([to_space[i] for i in storms if may_sail_to_space(s, board, i, True, boats_at)])
    elif storms:  # without storm gear only a space where a boat waits can take it: look at those alone
        index = board.storm_index
        waiting = sorted(index[at] for at in boats_at if at in index)
        if waiting:
            to_space = _sails(s.board, board)[2]
            moves.extend(
                [to_space[i] for i in waiting if i in storms and may_sail_to_space(s, board, i, False, boats_at)]
            )
    return moves


class _Sails:
    """The sail moves towards the targets from one location (`Board.targets`), made once: to
    every fish spot, to the harbours and home ports (and those of them in the short game, the
    pagoda islands left out: ARC-9.1); and to the fish spots whose fish is still there, for the
    last set of spots fished out met (`kept`)."""

    __slots__ = ("_last", "targets", "to_harbours", "to_open_harbours", "to_spots")

    def __init__(
        self, targets: Targets, to_spot: tuple[Sail, ...], to_harbour: dict[str, Sail], pagodas: frozenset[str]
    ) -> None:
        self.targets = targets
        self.to_spots = tuple([to_spot[i] for i in targets[0]])
        self.to_harbours = tuple([to_harbour[loc] for loc in targets[1]])
        self.to_open_harbours = tuple([to_harbour[loc] for loc in targets[1] if loc not in pagodas])
        self._last: tuple[frozenset[int], tuple[Sail, ...]] = (frozenset(), self.to_spots)

    def kept(self, gone: frozenset[int]) -> list[Move]:
        """The moves to the fish spots not in `gone` (the answer for the last `gone` is kept, as
        one pair replaced whole: the states of a game share one set until a fish is caught, and
        the pair holds it, so its identity is not reused)."""
        last = self._last
        if last[0] is not gone:
            spots = self.targets[0]
            last = self._last = (gone, tuple([m for i, m in zip(spots, self.to_spots, strict=True) if i not in gone]))
        return list(last[1])


_last_targets: tuple[object, str, dict[str, _Sails]] = ((), "", {})
"""The storms tuple `_targets` read last (kept, so its identity is not reused), its board and
the sail moves found from each location with it."""


def _targets(s: ArchipelState, board: Board, at: str) -> _Sails:
    """The sail moves towards `board.targets(s.storms, at)`, kept while the storm spaces stay
    the same tuple (the states of a game share it until a storm moves), so the tuple is not
    hashed at every look."""
    global _last_targets  # a one-entry cache, replaced whole and read whole once: no lock needed
    storms, last = s.storms, _last_targets  # one read: another thread may replace the triple meanwhile
    by_location = last[2]
    if last[0] is not storms or last[1] != s.board:
        by_location = {}
        _last_targets = (storms, s.board, by_location)
    found = by_location.get(at)
    if found is None:
        targets = board.targets(storms, at)  # kept by the board: one object per location and areas reached
        found = _BY_TARGETS.get(id(targets))
        if found is None or found.targets is not targets:
            if len(_BY_TARGETS) >= _TARGETS_KEPT:
                _BY_TARGETS.clear()
            to_spot, to_harbour, _ = _sails(s.board, board)
            found = _BY_TARGETS[id(targets)] = _Sails(targets, to_spot, to_harbour, board.pagodas)
        by_location[at] = found
    return found


_BY_TARGETS: Final[dict[int, _Sails]] = {}
"""The sail moves of each targets tuple met, by its id (an entry holds its tuple, so the id is not
reused while it is kept)."""

_TARGETS_KEPT: Final = 4096
"""The most entries `_BY_TARGETS` keeps (a board of 67 locations has a few dozen targets tuples
per set of areas a boat may reach)."""


_SAILS: Final[dict[str, tuple[tuple[Sail, ...], dict[str, Sail], tuple[Sail, ...]]]] = {}


def _sails(name: str, board: Board) -> tuple[tuple[Sail, ...], dict[str, Sail], tuple[Sail, ...]]:
    """The `sail` moves of the board a state names `name`, made once: by spot index, by
    location id (harbours, home ports), by storm space index."""
    found = _SAILS.get(name)
    if found is None:
        found = (
            tuple(intern(Sail, loc) for loc in board.spots),
            {loc: intern(Sail, loc) for loc in board.locations},
            tuple(intern(Sail, loc) for loc in board.storm_ids),
        )
        _SAILS[name] = found
    return found


def sail(w: Work, move: Sail) -> None:
    """ARC-2.3: hand in one fuel marker and sail; into a storm with storm gear (ARC-5.3)."""
    for name, value in sailed(w.position, move).items():
        setattr(w, name, value)


def sailed(s: ArchipelState, move: Sail) -> dict[str, Any]:
    """The fields [`sail`][tabletop.archipel.rules.sailing.sail] changes (the flow at its next
    step among them): `rules.apply` builds the next state from them in one copy when nothing
    automatic follows (a sail to a fish spot or a storm space)."""
    board = board_for(s.board)
    me = s.flow.player
    boat = s.boats[me]
    kind = board.kind[move.to]
    boat = make_boat(boat.colour, boat.home, move.to, boat.fuel - 1, boat.fish, boat.cards)
    turn = s.turn
    if not (turn.may_catch and turn.sailed):  # ARC-3.1: a try at the fish sailed to; ARC-2.7: sailed, not stayed
        turn = _SAILED if turn is FRESH_TURN else make_turn(True, turn.shop, turn.weather, turn.gifts, True)
    changes: dict[str, Any] = {"supply": s.supply + 1, "turn": turn}
    if kind == STORM and s.storms[board.storm_index[move.to]]:
        # ARC-5.3: the storm card returns to the pocket, the storm gear leaves the game.
        i = board.storm_index[move.to]
        storms = list(s.storms)
        changes["pocket"] = s.pocket.put(Tokens((storms[i],)))
        storms[i] = ""
        changes["storms"] = tuple(storms)
        changes["removed"] = s.removed.add(GEAR)
        changes["last_progress"] = s.flow.round  # ARC-7.6: a storm cleared
        boat = evolve(boat, cards=boat.cards.remove(GEAR))
    boats = list(s.boats)
    boats[me] = boat
    changes["boats"] = tuple(boats)
    changes["flow"] = MACHINE.goto(s.flow, "harbour.arrive" if kind in HARBOURS else "act")
    return changes


_SAILED: Final = Turn(sailed=True)
"""The turn after a first sail from its start (most first sails): one object."""


def refuel(w: Work, move: Refuel) -> None:
    """ARC-2.6, ARC-4.6: fill a tank; blue cans back to the pocket, red ones out of the game.

    The current boat may use a can still on the quay; another boat (`move.boat`) uses one
    of its own cards.
    """
    seat = w.seat_of(move.boat) if move.boat else w.flow.player
    boat = w.boats[seat]
    w.supply -= TANK - boat.fuel
    if move.can in boat.cards:
        boat = evolve(boat, cards=boat.cards.remove(move.can), fuel=TANK)
    else:
        boat = evolve(boat, fuel=TANK)
        w.bought = w.bought.remove(move.can)
    if move.can in RED_BACK:
        w.removed = w.removed.add(move.can)
    else:
        w.pocket = w.pocket.put(Tokens((move.can,)))
    w.set_boat(seat, boat)
    w.go(stay(w.flow))


def stay_in_harbour(w: Work, move: Stay) -> None:
    """ARC-2.7: the boat stays in the island's harbour and takes its shop's cards (ARC-4)."""
    w.go("harbour.arrive")
