"""The tables issue 12's speed work keeps for Archipel give the answers worked out without them:
chance outcomes read from rows by total, reachability by the areas reached, the sail moves kept
by their targets, the setup's next shop kept by the shops tuple."""

from __future__ import annotations

import random

import attrs
from archipel_helpers import random_states

from tabletop.archipel import new_game
from tabletop.archipel import rules as archipel_rules
from tabletop.archipel.checks import catch_problem, fished_out, may_sail_to_space, may_sail_to_spot
from tabletop.archipel.content.board import SPOT, STORM, reference_board
from tabletop.archipel.content.kinds import GEAR
from tabletop.archipel.moves import Draw, Expose, Sail
from tabletop.archipel.rules import sailing, setup
from tabletop.archipel.rules.catching import may_catch
from tabletop.archipel.state import ArchipelState, Spot, dealing_to
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.tokens import Tokens


def _plain_outcomes(contents: Tokens, cls: type[Draw | Expose]) -> list[tuple[object, float]]:
    total = contents.total
    return [(cls(kind), n / total) for kind, n in contents.items()]


def _same_outcomes(found: tuple[tuple[object, float], ...], expected: list[tuple[object, float]]) -> None:
    assert [move for move, _ in found] == [move for move, _ in expected]
    for (_, p), (_, q) in zip(found, expected, strict=True):
        assert p == q  # the very same float: the sampling adds them up in order


def test_chance_outcomes_are_the_plain_division_of_each_count() -> None:
    """Every chance node of random games (cards drawn, fish exposed) lists each kind in order with
    `count / total`, the float worked out directly."""
    for seed, players in ((1, 2), (2, 5), (3, 3)):
        for state in random_states(seed, players):
            if state.current_player != CHANCE:
                continue
            if state.flow.step == "expose":
                _same_outcomes(archipel_rules.chance_outcomes(state), _plain_outcomes(state.unseen, Expose))
            else:
                _same_outcomes(archipel_rules.chance_outcomes(state), _plain_outcomes(state.pocket.contents, Draw))


def test_outcomes_beyond_the_rows_are_worked_out_the_same() -> None:
    """A bag a text from outside may hold: more tokens than a row keeps, kinds and counts the game
    never has, and enough of them to clear a row, all give the plain division."""
    full = reference_board().cards
    huge = Tokens({"bait-red": 1_000_000, "storm-blank": 3})
    _same_outcomes(archipel_rules._as_moves(huge, Draw, full), _plain_outcomes(huge, Draw))
    odd = Tokens({"bait-red": 40, "made-up": 7})
    _same_outcomes(archipel_rules._as_moves(odd, Draw, full), _plain_outcomes(odd, Draw))
    for i in range(archipel_rules._ROW_PAIRS + 10):  # more pairs than a row keeps: it starts again
        many = Tokens({f"kind-{i}": 1, "bait-red": 2})
        _same_outcomes(archipel_rules._as_moves(many, Draw, full), _plain_outcomes(many, Draw))
    assert all(len(row) <= archipel_rules._ROW_PAIRS for row in archipel_rules._ROWS.values())
    assert Tokens() == Tokens() and archipel_rules._as_moves(Tokens(), Draw, full) == ()


def test_targets_are_the_reachable_locations_by_kind() -> None:
    """`Board.targets` (kept by the areas a boat reaches) splits `Board.reachable` (worked out from
    the components) by kind, in board order, for random storms and every location."""
    board = reference_board()
    rng = random.Random(0)
    for _ in range(300):
        density = rng.choice((0.3, 0.6, 0.9))
        storms = tuple("storm-blank" if rng.random() < density else "" for _ in board.storm_ids)
        for at in board.locations:
            reach = board.reachable(storms, at)
            expected = (
                tuple(board.spot_index[loc] for loc in reach if board.kind[loc] == SPOT),
                tuple(loc for loc in reach if board.kind[loc] not in (SPOT, STORM)),
                tuple(board.storm_index[loc] for loc in reach if board.kind[loc] == STORM),
            )
            assert board.targets(storms, at) == expected


def _plain_sails(s: ArchipelState) -> list[Sail]:
    """The sail moves as the rules list them, from the checks' predicates one location at a time."""
    board = s.map
    boat = s.boat
    spots, harbours, spaces = board.targets(s.storms, boat.at)
    boats_at = {b.at for b in s.boats}
    gear = GEAR in boat.cards
    moves = [Sail(board.spots[i]) for i in spots if may_sail_to_spot(s, board, i, boats_at)]
    moves += [Sail(loc) for loc in harbours]
    moves += [Sail(board.storm_ids[i]) for i in spaces if may_sail_to_space(s, board, i, gear, boats_at)]
    return moves


def test_sail_moves_are_those_the_checks_allow_in_board_order() -> None:
    """The kept sail moves are the plain ones, in random games and with boats waiting on spots
    whose fish was caught (the current boat's own spot among them)."""
    checked = waiting = 0
    for seed, players in ((4, 2), (5, 5), (6, 4), (10, 3), (11, 5)):
        for state in random_states(seed, players):
            if state.flow.step != "act" or not state.boat.fuel:
                continue
            assert sailing.sail_moves(state, state.boat) == _plain_sails(state)
            checked += 1
            # Every other boat moved to a spot fished out (a position random play rarely reaches).
            gone = sorted(fished_out(state.spots))
            if gone and len(state.boats) > 1:
                board = state.map
                spot = board.spots[gone[0]]
                boats = tuple(
                    b if i == state.flow.player else attrs.evolve(b, at=spot) for i, b in enumerate(state.boats)
                )
                moved = attrs.evolve(state, boats=boats)
                assert sailing.sail_moves(moved, moved.boat) == _plain_sails(moved)
                waiting += 1
    assert checked > 100 and waiting > 10


def test_a_new_spot_fished_out_is_seen_by_the_kept_sail_moves() -> None:
    """The same location and storms with a fish caught in between: the kept moves follow the spots."""
    state = next(s for s in random_states(7, 3) if s.flow.step == "act" and s.boat.fuel)
    before = sailing.sail_moves(state, state.boat)
    board = state.map
    target = next(i for i, name in enumerate(board.spots) if Sail(name) in before)
    spots = list(state.spots)
    spots[target] = Spot("", True)
    after = attrs.evolve(state, spots=tuple(spots))
    assert Sail(board.spots[target]) not in sailing.sail_moves(after, after.boat)
    assert sailing.sail_moves(after, after.boat) == _plain_sails(after)
    assert sailing.sail_moves(state, state.boat) == before


def test_the_setup_deals_to_the_shop_dealing_to_names() -> None:
    """Every outcome of every setup state (the target kept for the state, the next one worked out
    from the shop the last deal went to) changes what `setup.dealt` changes for `dealing_to`, in
    the short game too."""
    for seed, options in ((8, {}), (9, {"short": True})):
        state = new_game(seed, players=3, declare="supplied", **options)
        rng = random.Random(seed)
        while state.flow.phase == "setup":
            for move, _ in state.chance_outcomes():
                changes = archipel_rules._drawn(state, move)
                expected = setup.dealt(state, move.card, dealing_to(state))
                expected["chance_count"] = state.chance_count + 1
                assert changes == expected
                child = state.apply(move)
                if child.flow.phase == "setup":  # the hint the deal left: where the child's cards go
                    archipel_rules._drawn(child, next(m for m, _ in child.chance_outcomes()))
                    assert archipel_rules._LAST_TARGET[0] == (child, dealing_to(child))
            state = state.apply(sample_chance(state, rng))


def test_may_catch_is_catch_problem_without_its_words() -> None:
    """`may_catch` answers `catch_problem(s) is None` in random positions and with every kind of
    piece under the boat (face down, face up, a shark, caught) with and without matching bait."""
    pieces = [Spot(), Spot("blue", False), Spot("blue", True), Spot("red", True), Spot("shark", True), Spot("", True)]
    baits = [Tokens(), Tokens(["bait-blue"]), Tokens(["bait-multi"]), Tokens(["bait-red", "storm-gear"])]
    checked = 0
    for seed, players in ((12, 2), (13, 4)):
        for state in random_states(seed, players)[::5]:
            if state.flow.step != "act":
                continue
            assert may_catch(state) == (catch_problem(state) is None)
            me = state.flow.player
            for piece in pieces:
                for cards in baits:
                    spots = list(state.spots)
                    spots[3] = piece
                    boat = attrs.evolve(state.boat, at=state.map.spots[3], cards=cards)
                    moved = attrs.evolve(state, spots=tuple(spots), boats=state.boats_with(me, boat))
                    assert may_catch(moved) == (catch_problem(moved) is None)
                    checked += 1
    assert checked > 200
