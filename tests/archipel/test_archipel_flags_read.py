"""Reading holds the flags only play sets to the steps play can reach them at (audit 37,
findings 1 to 4): the warehouse's 'closed' sign (ARC-1.7, ARC-4.9, ARC-4.10), face-up pieces
(ARC-1.5, ARC-3.2, ARC-8.2) and `turn.may_catch` (ARC-3.1). A text with one flipped is refused
by name (the field, the value, the rule), the same after a sound state as alone; every state of
seeded games still reads."""

from __future__ import annotations

import attrs
import pytest
from archipel_helpers import boat, emptied, fish_at, play, random_states, started
from archipel_helpers import verdict_after as _after
from archipel_helpers import verdict_alone as _alone

from tabletop.archipel import GAME, ArchipelState
from tabletop.archipel.state import Spot
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.tokens import Tokens


def _refused(state: ArchipelState, path: str, rule: str, sound: ArchipelState | None = None) -> str:
    """The message of the refusal of `state`'s text, which names `path` and `rule`; the same
    refusal comes after the sound state `sound` it was made from (its parts kept) as alone."""
    with pytest.raises(DecodeError) as caught:
        GAME.state_from_json(state.to_json())
    error = caught.value
    assert error.path == f"state.{path}", str(error)
    assert rule in str(error)
    verdict = _alone(state)
    assert verdict is not None and _after(started(3) if sound is None else sound, state) == verdict
    return str(error)


def _reads(state: ArchipelState) -> None:
    assert GAME.state_from_json(state.to_json()) == state


def _spot(state: ArchipelState, name: str, spot: Spot) -> ArchipelState:
    i = state.map.spot_index[name]
    return attrs.evolve(state, spots=(*state.spots[:i], spot, *state.spots[i + 1 :]))


def _may_catch(state: ArchipelState, value: bool) -> ArchipelState:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, may_catch=value))


# The warehouse's 'closed' sign (findings 1 and 4) ----------------------------------------------


def test_a_closed_sign_on_the_warehouse_at_the_setup_is_refused() -> None:
    """ARC-1.7, ARC-4.10: "The warehouse also gets three face up cards"; the sign comes only when
    "there are less than three cards in the blue pocket" to refill it, never at the setup."""
    setup = GAME.new_game(4, players=3)
    while setup.flow.phase == "setup":  # the shops' cards, then the warehouse's own
        _reads(setup)
        flipped = attrs.evolve(setup, warehouse_shut=True)
        if setup.warehouse:  # the sign with cards: refused before (the closed warehouse holds none)
            _refused(flipped, "warehouse", "ARC-4.10", setup)
        else:
            assert "warehouse_shut=true at the setup" in _refused(flipped, "warehouse_shut", "ARC-4.10", setup)
        setup = setup.apply(setup.legal_moves()[0])
    assert setup.flow.key == "turn.act" and setup.warehouse.total == 3


@pytest.mark.parametrize("cards", [0, 1, 2])
def test_an_open_warehouse_without_three_cards_is_refused(cards: int) -> None:
    """ARC-4.9: "the warehouse keeper fills the empty shop with the contents of the warehouse.
    After this, he or she fills the warehouse from the pocket": open, it holds three cards."""
    state = started(1)
    kept = Tokens(state.warehouse.elements()[:cards])
    short = attrs.evolve(state, warehouse=kept, pocket=state.pocket.put(state.warehouse - kept))
    message = _refused(short, "warehouse", "ARC-4.9", state)
    assert f"holds {cards} cards" in message
    _reads(state)


def test_the_sign_while_the_warehouse_is_refilled_is_refused() -> None:
    """ARC-4.9, ARC-4.10: the pocket refills the warehouse only when it holds three cards or more,
    and then takes the sign off: no sign while the cards are drawn, and fewer than three."""
    restock = next(s for s in random_states(2, 2) if s.flow.key == "harbour.restock")
    _reads(restock)
    _refused(attrs.evolve(restock, warehouse_shut=True), "warehouse_shut", "ARC-4.9", restock)
    full = Tokens(restock.pocket.contents.elements()[: 3 - restock.warehouse.total])
    filled = attrs.evolve(restock, warehouse=restock.warehouse + full, pocket=restock.pocket.take(full))
    assert "while it is refilled" in _refused(filled, "warehouse", "ARC-4.9", restock)


def test_the_sign_with_an_empty_warehouse_is_read() -> None:
    """ARC-4.10: "the keeper puts a 'closed' sign on the warehouse": empty, with the sign, it reads."""
    state = started(1)
    closed = attrs.evolve(state, warehouse=Tokens(), pocket=state.pocket.put(state.warehouse), warehouse_shut=True)
    _reads(closed)


# Face-up pieces (finding 2) ---------------------------------------------------------------------


@pytest.mark.parametrize("memory", [False, True])
def test_a_face_up_fish_nobody_has_seen_is_refused(memory: bool) -> None:
    """ARC-1.5, ARC-3.2: fish lie face down until a try exposes them ("First expose the fish
    card"), and exposing decides the fish: an `unseen` fish is never face up."""
    state = started(1, memory=memory)
    message = _refused(_spot(state, "f04", Spot("unseen", face_up=True)), "spots[3]", "ARC-3.2", state)
    assert "'unseen'" in message


def test_a_face_up_spot_whose_fish_was_caught_is_refused() -> None:
    """ARC-3.2: "Put the fish on your boat card": a caught fish leaves no piece to lie face up."""
    state = emptied(started(1), "f02", "blue")
    _reads(state)
    assert "its fish was caught" in _refused(_spot(state, "f02", Spot("", face_up=True)), "spots[1]", "ARC-3.2", state)


@pytest.mark.parametrize("face_up", [False, True])
def test_a_fish_known_at_the_setup_is_refused(face_up: bool) -> None:
    """ARC-1.5: "Put all fish pieces face down ... Take care that no one sees the fish colours!":
    before the first turn every fish is face down and unseen (the memory game's too)."""
    setup = GAME.new_game(1, players=2, memory=True)
    assert setup.flow.phase == "setup"
    _refused(fish_at(setup, "f03", "red", face_up=face_up), "spots[2]", "ARC-1.5", setup)


def test_a_face_up_shark_in_the_memory_game_is_read_only_while_it_eats() -> None:
    """ARC-8.2: "Sharks are also turned face down after they have eaten the bait": in the memory
    game a face-up shark lies only on the spot of the boat whose bait it is eating."""
    state = boat(started(1, memory=True), 0, cards=["bait-multi", "bait-red"])
    eating = play(state, "sail f01", "catch", "fish shark")
    assert eating.flow.key == "turn.shark" and eating.spots[0] == Spot("shark", face_up=True)
    _reads(eating)
    eaten = play(eating, "feed bait-red")
    assert eaten.spots[0] == Spot("shark", face_up=False)
    message = _refused(_spot(eaten, "f01", Spot("shark", face_up=True)), "spots[0]", "ARC-8.2", eaten)
    assert "after it has eaten" in message
    _refused(fish_at(state, "f07", "shark", face_up=True), "spots[6]", "ARC-8.2", state)


def test_a_face_up_fish_released_in_the_memory_game_is_read() -> None:
    """ARC-8.1, ARC-3.3: a fish let swim though the multicolour bait could catch it stays face up."""
    state = play(boat(started(1, memory=True), 0, cards=["bait-multi"]), "sail f01", "catch", "fish purple", "release")
    assert state.spots[0] == Spot("purple", face_up=True)
    _reads(state)


# `turn.may_catch` (finding 3) -------------------------------------------------------------------


def test_a_try_cleared_before_any_try_is_refused() -> None:
    """ARC-3.1: "When you have sailed to a fish ... you may try to catch this fish": only a try
    clears the flag, and it needs a fish; so at the setup, at a turn's start away from a fish, on
    a fish nobody has seen, in a harbour and while the fish is exposed, it is set."""
    setup = GAME.new_game(1, players=2)
    assert "before the first turn" in _refused(_may_catch(setup, False), "turn.may_catch", "ARC-3.1", setup)
    home = started(1)
    assert "no fish spot" in _refused(_may_catch(home, False), "turn.may_catch", "ARC-3.1", home)
    unseen = play(home, "sail f01")
    assert "nobody has seen" in _refused(_may_catch(unseen, False), "turn.may_catch", "ARC-3.1", unseen)
    harbour = next(s for s in random_states(2, 2) if s.flow.key == "harbour.dock")
    _refused(_may_catch(harbour, False), "turn.may_catch", "ARC-3.1", harbour)
    exposing = play(boat(home, 0, cards=["bait-blue"]), "sail f01", "catch")
    assert exposing.flow.key == "turn.expose"
    _refused(_may_catch(exposing, False), "turn.may_catch", "ARC-3.1", exposing)


def test_a_second_try_open_while_a_catch_is_decided_is_refused() -> None:
    """ARC-3.1, ARC-3.3, ARC-3.4: the try that exposed the fish is spent while the multicolour bait
    or the shark's bait is chosen (a release must not give the fish a second try)."""
    multi = play(boat(started(1), 0, cards=["bait-multi"]), "sail f01", "catch", "fish purple")
    shark = play(boat(started(1), 0, cards=["bait-multi", "bait-red"]), "sail f01", "catch", "fish shark")
    for state, key in ((multi, "turn.multi"), (shark, "turn.shark")):
        assert state.flow.key == key and not state.turn.may_catch
        _reads(state)
        assert "may_catch=true at" in _refused(_may_catch(state, True), "turn.may_catch", "ARC-3.1", state)


def test_a_fish_tried_reads_with_the_flag_cleared() -> None:
    """ARC-3.1: after a try the fish lies face up (or the spot is empty) and the flag is cleared."""
    state = play(boat(started(1), 0, cards=["bait-blue"]), "sail f01", "catch", "fish red")
    assert state.flow.key == "turn.act" and not state.turn.may_catch and state.spots[0] == Spot("red", face_up=True)
    _reads(state)


# Every reachable state still reads ----------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 3, "memory": True},
        {"players": 4, "short": True, "idle_rounds": 30},
        {"players": 5, "memory": True, "short": True, "idle_rounds": 30},
    ],
)
def test_every_state_of_seeded_games_reads(options: dict[str, object]) -> None:
    """Every state of seeded random games (`declare="supplied"`) reads, flags and all."""
    seen: set[str] = set()
    for seed in (7, 8):
        for state in random_states(seed, limit=900, **options):  # type: ignore[arg-type]
            _reads(state)
            seen.add(state.flow.key)
    assert {"setup.deal", "turn.act", "harbour.dock", "harbour.restock"} <= seen
