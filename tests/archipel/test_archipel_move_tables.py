"""Session 29's tables for Archipel's legal moves give the answers worked out plainly: the common
moves (refuels, throws, meetings) read off the last boats tuple met, the supplied test decided by
the markets alone, the weather moves by space, the blocked channels by the spaces covered; and
the move tables are emptied when full and fill again."""

from __future__ import annotations

import random

import pytest
from archipel_helpers import random_states

from tabletop.archipel.checks import given_back, has_room, holds_can, holds_item, may_place
from tabletop.archipel.content.board import reference_board
from tabletop.archipel.content.kinds import BAIT_OF, FISH, GOOD_WEATHER, JERRYCANS, MULTI
from tabletop.archipel.content.markets import missing, supplied_as_far_as_possible
from tabletop.archipel.moves import FISH_ITEM, FUEL, Calm, Give, Place, Refuel, Take, Throw, intern
from tabletop.archipel.rules import harbour, meetings
from tabletop.archipel.state import TANK, ArchipelState
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens


def _plain_common(s: ArchipelState, bought: Tokens) -> list[Move]:
    """The common moves as session 28 listed them, by the checks' own predicates."""
    me = s.flow.player
    boat = s.boats[me]
    moves: list[Move] = [intern(Refuel, can) for can in JERRYCANS if boat.fuel < TANK and holds_can(s, me, can)]
    here = []
    for seat, other in enumerate(s.boats):
        if seat == me:
            continue
        if other.at == boat.at:
            here.append(seat)
        if other.fuel < TANK:
            moves += [intern(Refuel, can, other.colour) for can in JERRYCANS if can in other.cards]
    moves += [intern(Throw, fish) for fish in boat.fish]

    def passes(giver: int, taker: int, item: str, quay: Tokens) -> bool:
        held = holds_item(s, giver, item, quay) and has_room(s.boats[taker], item)
        return held and not given_back(s, giver, taker, item)

    for seat in here:
        other = s.boats[seat]
        mine = (FUEL, *(FISH_ITEM + f for f in boat.fish), *sorted({*boat.cards, *bought}))
        moves += [intern(Give, item, other.colour) for item in mine if passes(me, seat, item, bought)]
        theirs = (FUEL, *(FISH_ITEM + f for f in other.fish), *other.cards)
        moves += [intern(Take, item, other.colour) for item in theirs if passes(seat, me, item, Tokens())]
    return moves


def _plain_supplied(s: ArchipelState) -> bool:
    """`supplied_as_far_as_possible` as session 28 worked it out."""
    wanted = missing(s)
    cards = reference_board().cards
    aboard = sum((boat.fish for boat in s.boats), Tokens())
    in_sea = FISH - s.lost - aboard - sum(s.markets, Tokens())
    for colour in wanted:
        bait = BAIT_OF[colour]
        if aboard[colour] or (in_sea[colour] and (cards[MULTI] > s.removed[MULTI] or cards[bait] > s.removed[bait])):
            return False
    return True


@pytest.mark.parametrize("players", [2, 5])
def test_common_moves_are_the_plain_ones(players: int) -> None:
    met = 0
    for seed in range(6):
        for s in random_states(seed, players, 800):
            step = s.flow.step
            if step not in ("act", "dock"):
                continue
            bought = s.bought if step == "dock" else Tokens()
            moves: list[Move] = []
            meetings.common_moves(s, s.boats[s.flow.player], moves, bought)
            assert moves == _plain_common(s, bought)
            met += any(isinstance(m, Give | Take) for m in moves)
    assert met  # some meetings were looked at


@pytest.mark.parametrize("players", [2, 5])
def test_supplied_is_the_plain_answer(players: int) -> None:
    for seed in range(4):
        for s in random_states(seed, players, 800)[::3]:
            assert supplied_as_far_as_possible(s) == _plain_supplied(s)


def test_weather_moves_are_those_may_place_allows() -> None:
    board = reference_board()
    seen = 0
    for seed in range(8):
        for s in random_states(seed, 5, 800):
            if s.flow.step != "weather":
                continue
            seen += 1
            if s.turn.weather == GOOD_WEATHER:
                expected = [intern(Calm, board.storm_ids[i]) for i, c in enumerate(s.storms) if c]
            else:
                expected = [intern(Place, board.storm_ids[i]) for i in range(len(s.storms)) if may_place(s, i)]
            assert list(harbour.weather_moves(s)) == expected
    assert seen


def test_blocked_channels_are_read_from_the_spaces_covered() -> None:
    board = reference_board()
    rng = random.Random(3)
    spaces = len(board.storm_ids)
    for _ in range(300):
        storms = tuple(rng.choice(["", "", "storm-3", "storm-blank"]) for _ in range(spaces))
        plain = sum(1 << j for j, held in enumerate(board.channel_spaces) if all(storms[i] for i in held))
        assert board.blocked(storms) == plain


def test_the_move_tables_empty_when_full_and_fill_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meetings, "_ITEMS_KEPT", 3)
    table = meetings._Items(Give, "red")
    for item in ("fuel", "fish-blue", "bait-red"):
        assert table[item] == Give(item, "red")
    assert len(table) == 3
    assert table["jerrycan-blue"] is intern(Give, "jerrycan-blue", "red")
    assert len(table) == 1  # emptied when full, then filled again
    assert table["fuel"] == Give("fuel", "red")
    assert len(table) == 2
    colours = meetings._ByColour(Take)
    for colour in ("red", "blue", "green", "yellow"):
        assert colours[colour]["fuel"] == Take("fuel", colour)
    assert len(colours) == 1
    fish = meetings._FishItems()
    for kind in ("blue", "red", "green", "shark"):
        assert fish[kind] == FISH_ITEM + kind
    assert len(fish) == 1
