"""ARC-3 (catching fish) and ARC-8 (the memory game)."""

from __future__ import annotations

import random

import pytest
from archipel_helpers import boat, fish_at, play, started

from tabletop.archipel import GAME, ArchipelState, Catch, Feed, MultiChoice
from tabletop.archipel.events import events
from tabletop.archipel.views import perturb
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.tokens import Tokens


def refused(state: ArchipelState, text: str) -> IllegalMove:
    """The refusal of the move ``text``."""
    with pytest.raises(IllegalMove) as info:
        play(state, text)
    return info.value


def test_no_try_without_bait() -> None:
    """ARC-3.1: a try needs at least one bait aboard."""
    state = play(started(1), "sail f01")
    assert not state.is_legal(Catch())
    assert refused(state, "catch").code == "no-bait"


def test_exposure_is_chance_over_the_unseen_fish() -> None:
    """ARC-3.2: exposing a face-down fish nobody has seen is chance over the fish not seen yet."""
    state = boat(started(1), 0, cards=["bait-blue"])
    state = fish_at(fish_at(state, "f05", "shark"), "f06", "blue")
    state = play(state, "sail f01", "catch")
    outcomes = {str(m): p for m, p in state.chance_outcomes()}
    assert outcomes["fish shark"] == pytest.approx(5 / 28)
    assert outcomes["fish blue"] == pytest.approx(3 / 28)
    assert outcomes["fish red"] == pytest.approx(4 / 28)


def test_matching_bait_catches_and_returns_to_the_pocket() -> None:
    """ARC-3.2, ARC-10.2: the fish goes on the boat card, the bait back to the pocket."""
    state = boat(started(1), 0, cards=["bait-red", "bait-blue"])
    pocket = state.pocket.contents["bait-red"]
    state = play(state, "sail f01", "catch", "fish red")
    assert state.boats[0].fish == Tokens({"red": 1})
    assert state.boats[0].cards == Tokens({"bait-blue": 1})
    assert state.pocket.contents["bait-red"] == pocket + 1
    assert state.spots[0].fish == ""


def test_face_up_fish_with_matching_bait_is_caught_without_chance() -> None:
    """ARC-3.2: a fish already face up needs no exposure: the matching bait catches it."""
    state = fish_at(boat(started(1), 0, cards=["bait-yellow"]), "f02", "yellow")
    before = state.chance_count
    state = play(state, "sail f02", "catch")
    assert state.boats[0].fish == Tokens({"yellow": 1})
    assert state.chance_count == before


def test_wrong_colour_stays_face_up() -> None:
    """ARC-3.2: a fish the bait does not match stays on its spot, face up."""
    state = play(boat(started(1), 0, cards=["bait-red"]), "sail f01", "catch", "fish green")
    assert (state.spots[0].fish, state.spots[0].face_up) == ("green", True)
    assert state.boats[0].cards == Tokens({"bait-red": 1})
    assert refused(state, "catch").code == "tried"


def test_face_up_fish_needs_matching_bait() -> None:
    """ARC-3.2: no try at a face-up fish without its bait or multicolour bait (nothing to expose)."""
    state = fish_at(boat(started(1), 0, cards=["bait-red"]), "f02", "yellow")
    state = play(state, "sail f02")
    assert refused(state, "catch").code == "no-matching-bait"


def test_multicolour_bait_may_catch_or_be_kept() -> None:
    """ARC-3.3: multicolour bait catches any fish, or the fish swims and the bait stays."""
    state = play(boat(started(1), 0, cards=["bait-multi"]), "sail f01", "catch", "fish purple")
    assert state.legal_moves() == (MultiChoice(True), MultiChoice(False))
    kept = play(state, "release")
    assert kept.boats[0].cards == Tokens({"bait-multi": 1}) and kept.spots[0].face_up
    used = play(state, "use bait-multi")
    assert used.boats[0].fish == Tokens({"purple": 1}) and not used.boats[0].cards


def test_colour_bait_is_used_before_multicolour() -> None:
    """ARC-3.3 (ruling): with both the matching and the multicolour bait, the matching one is used."""
    state = play(boat(started(1), 0, cards=["bait-multi", "bait-blue"]), "sail f01", "catch", "fish blue")
    assert state.boats[0].cards == Tokens({"bait-multi": 1})


def test_shark_eats_the_chosen_bait() -> None:
    """ARC-3.4: the shark eats one bait of the player's choice, out of the game, and stays face up."""
    state = play(
        boat(started(1), 0, cards=["bait-multi", "bait-red", "jerrycan-blue"]), "sail f01", "catch", "fish shark"
    )
    assert state.legal_moves() == (Feed("bait-multi"), Feed("bait-red"))
    state = play(state, "feed bait-multi")
    assert state.removed == Tokens({"bait-multi": 1})
    assert state.boats[0].cards == Tokens({"bait-red": 1, "jerrycan-blue": 1})
    assert (state.spots[0].fish, state.spots[0].face_up) == ("shark", True)


def test_face_up_shark_cannot_be_tried() -> None:
    """ARC-3.4 (ruling): no bait catches a shark, so a face-up shark is not tried again."""
    state = fish_at(boat(started(1), 0, cards=["bait-multi"]), "f02", "shark")
    state = play(state, "sail f02")
    assert refused(state, "catch").code == "shark"


def test_sail_on_and_try_again() -> None:
    """ARC-3.5: with bait left, the boat sails to another fish and tries it."""
    state = play(boat(started(1), 0, cards=["bait-red", "bait-blue"]), "sail f01", "catch", "fish red", "sail f02")
    assert state.is_legal(Catch())


def test_three_fish_at_most_and_throwing_overboard() -> None:
    """ARC-3.6: a boat holds three fish; a fish thrown overboard leaves the game."""
    state = boat(started(1), 0, cards=["bait-blue"], fish=["red", "red", "green"])
    state = play(state, "sail f01")
    assert refused(state, "catch").code == "hold-full"
    state = play(state, "throw red")
    assert state.lost == Tokens({"red": 1}) and state.boats[0].fish.total == 2
    assert state.is_legal(Catch())


def test_memory_game_turns_fish_face_down_and_views_hide_them() -> None:
    """ARC-8.1, ARC-8.3: in the memory game the uncaught fish is face down; views show '?'."""
    state = play(boat(started(1, memory=True), 0, cards=["bait-red"]), "sail f01", "catch", "fish green")
    assert (state.spots[0].fish, state.spots[0].face_up) == ("green", False)
    for seat in (0, 1):
        assert state.view(seat).spots[0].fish == "?"
    assert state.view(0).spots[1].fish == "unseen"


def test_memory_game_events_say_the_missed_fish_is_turned_face_down() -> None:
    """ARC-8.1: "All fish that can't be caught because the right bait is not there, are turned face
    down": the events say so, on the first exposure and on a try at the remembered fish (they said
    "stays ..., face up", the plain game's ARC-3.2, in the memory game too)."""
    state = play(boat(started(1, memory=True), 0, at="f01", cards=["bait-red"]), "catch")
    move = GAME.parse_move(state, "fish green")
    said = [e.text for e in events(state, move, state.apply(move)) if e.kind == "missed"]
    assert said == ["the red boat has no green bait: the fish at f01 is turned face down again (ARC-8.1)"]
    again = boat(play(state.apply(move), "end turn", "end turn"), 0, cards=["bait-yellow"])
    told = events(again, Catch(), again.apply(Catch()))
    assert [e.kind for e in told][:3] == ["move", "expose", "missed"] and "face down again (ARC-8.1)" in told[2].text
    plain = play(boat(started(1), 0, at="f01", cards=["bait-red"]), "catch")
    move = GAME.parse_move(plain, "fish green")
    said = [e.text for e in events(plain, move, plain.apply(move)) if e.kind == "missed"]
    assert said == ["the red boat has no green bait: the fish stays at f01, face up (ARC-3.2)"]


def test_memory_game_sharks_turn_face_down_after_eating() -> None:
    """ARC-8.2: a shark that ate bait is turned face down again."""
    state = play(boat(started(1, memory=True), 0, cards=["bait-red"]), "sail f01", "catch", "fish shark")
    assert (state.spots[0].fish, state.spots[0].face_up) == ("shark", False)
    assert state.removed == Tokens({"bait-red": 1})


def test_memory_game_perturb_shuffles_only_the_remembered_fish() -> None:
    """ARC-8.3: what views hide (which face-down fish is which) is exactly what perturb changes."""
    state = boat(started(1, memory=True), 0, cards=["bait-red"], fuel=5)
    state = fish_at(fish_at(state, "f02", "shark", face_up=False), "f03", "blue", face_up=False)
    state = play(state, "sail f01", "catch", "fish green")
    seen = set()
    for seed in range(20):
        other = perturb(state, 0, random.Random(seed))
        assert other.view(0) == state.view(0)
        seen.add(tuple(other.spots[i].fish for i in (0, 1, 2)))
    assert len(seen) > 1


def test_standard_game_views_hide_nothing() -> None:
    """ARC-3.2: outside the memory game everything on the table is public."""
    state = play(boat(started(1), 0, cards=["bait-red"]), "sail f01", "catch", "fish green")
    assert state.view(1) == state.view(0)
    assert state.view(1).spots == state.spots


def test_memory_game_retry_shows_the_fish_to_everybody() -> None:
    """ARC-8.3: trying a remembered face-down fish turns it up: an event tells every seat what it is."""
    state = play(boat(started(1, memory=True), 0, cards=["bait-red"]), "sail f01", "catch", "fish green", "sail f02")
    state = play(state, "sail f01")
    after = play(state, "catch")
    events = state.events(Catch(), after)
    assert [(e.kind, e.get("fish")) for e in events if e.kind == "expose"] == [("expose", "green")]
    assert after.chance_count == state.chance_count


def test_memory_game_fish_released_from_multicolour_bait_stays_face_up() -> None:
    """ARC-8.1, ARC-3.3: only fish that cannot be caught for want of the right bait turn face down.

    With multicolour bait aboard the fish could be caught; letting it swim leaves it face up,
    as in the standard game (ARC-3.2).
    """
    state = play(boat(started(1, memory=True), 0, cards=["bait-multi"]), "sail f01", "catch", "fish purple")
    state = play(state, "release")
    assert (state.spots[0].fish, state.spots[0].face_up) == ("purple", True)
    assert state.view(1).spots[0].fish == "purple"


def test_a_view_cannot_try_a_remembered_fish() -> None:
    """ARC-8.1: a seat's view does not know a remembered face-down fish, so it cannot resolve a try.

    The full state can; the view refuses with a clear error and stays unchanged.
    """
    state = play(boat(started(1, memory=True), 0, cards=["bait-red"]), "sail f01", "catch", "fish green", "sail f02")
    state = play(state, "sail f01")
    view = state.view(0)
    with pytest.raises(IllegalMove, match="view cannot try a face-down fish") as info:
        view.apply(Catch())
    assert info.value.code == "hidden-in-view"
    assert view == state.view(0)
    assert play(state, "catch").spots[0].fish == "green"
