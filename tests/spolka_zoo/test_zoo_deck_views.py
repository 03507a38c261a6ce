"""What every seat knows of each company deck: the public makeup, in states, views, samples and
perturbations (ZOO-1.2, ZOO-4.11, ZOO-4.12, ZOO-6.4, ZOO-7.5, ZOO-11.8; issue 13)."""

from __future__ import annotations

import json
import random

import pytest
from zoo_helpers import GAME, play, start

from tabletop.adapters.spolka_zoo_sample import sample_state
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import STARTING_DECKS
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.state import ZooState, evolve
from tabletop.spolka_zoo.state.makeup import makeups
from tabletop.spolka_zoo.views import _REDACTED, PickShown, perturb

SPECULATE = ("pick speculate; pick share; pick share", "speculate pineapple")
LOOK = "draw pineapple-1; draw pineapple-2; draw pineapple-3; draw pineapple-4"
ARRANGE = "arrange pineapple-3,pineapple-2,pineapple-4 bottom pineapple-1 lemon"


def test_the_starting_cards_are_each_decks_makeup() -> None:
    """ZOO-1.2: the starting cards marked for the seat count make up each deck: every view shows them."""
    state = start(3)
    assert state.deck_makeup == tuple((Tokens(cards), 0) for cards in STARTING_DECKS[3])
    for seat in range(3):
        view = state.view(seat)
        assert view.deck_makeup == state.deck_makeup
        assert all(set(deck.middle) == {HIDDEN} for deck in view.decks)  # their order is unknown


def test_an_open_lobby_adds_its_card_to_the_makeup() -> None:
    """ZOO-4.11: "choose one of the face-up cards ... and shuffle it into a Company deck of their choice"."""
    state = play(start(3), "pick lobby; pick share; pick share", "lobby inf-apple lemon; draw inf-harvest")
    assert state.deck_makeup[1] == (Tokens([*STARTING_DECKS[3][1], "inf-apple"]), 0)
    assert state.view(2).deck_makeup == state.deck_makeup


def test_a_card_moved_secretly_to_another_deck_is_of_unknown_identity_in_both() -> None:
    """ZOO-4.12: the speculator "may place 1 card of their choice on the bottom of any Company deck" without
    showing it: everybody sees a card go under the lemon deck, not which; the pineapple deck has lost one of
    its cards, nobody else knows which, so all its cards are of unknown identity."""
    state = play(start(3), *SPECULATE, LOOK)
    before = state.deck_makeup
    state = play(state, "arrange pineapple-3,pineapple-2,pineapple-4 bottom pineapple-1 lemon")
    assert state.deck_makeup[0] == before[0]
    assert state.deck_makeup[1] == (before[1][0], 1)
    assert state.deck_makeup[2] == (Tokens(), len(state.decks[2]))
    assert all(state.view(seat).deck_makeup == state.deck_makeup for seat in range(3))


def test_cards_put_back_on_their_own_deck_change_no_makeup() -> None:
    """ZOO-4.12: "(including the one from which they drew it)": a card put under its own deck stays in it."""
    state = play(start(3), *SPECULATE, LOOK)
    before = state.deck_makeup
    state = play(state, "arrange pineapple-3,pineapple-2,pineapple-4 bottom pineapple-1 pineapple")
    assert state.deck_makeup == before


def _after_secret_move() -> ZooState:
    return play(start(3), *SPECULATE, LOOK, ARRANGE)


def test_samples_and_perturbations_keep_each_decks_known_cards() -> None:
    """ZOO-4.12: after the secret move a sample never puts an apple or lemon starting card anywhere but its
    deck: the apple and lemon decks keep their known cards, only the pineapple deck's cards are pooled."""
    state = _after_secret_move()
    rng = random.Random(5)
    for seat in (1, 2):
        view = state.view(seat)
        for _ in range(30):
            sample = sample_state(view, seat, rng)
            invariants(sample)
            assert sample.view(seat) == view
            for c in (0, 1):
                assert state.deck_makeup[c][0] <= sample.decks[c].cards()
        other = perturb(state, seat, rng)
        assert isinstance(other, ZooState)
        assert other.deck_makeup == state.deck_makeup and other.view(seat) == view


def test_the_lemon_card_of_unknown_identity_is_one_of_the_pineapple_cards_with_its_exact_probability() -> None:
    """ZOO-4.12, issue 13: the card under the lemon deck is one of the five pineapple cards (not an apple or a
    lemon card, as pooling every deck's cards would allow), each with probability 1/5 for a seat that did not
    look; the looker's own samples keep the card it saw."""
    state = _after_secret_move()
    view = state.view(1)
    pineapples = state.decks[2].cards() + Tokens([state.decks[1].bottom[-1].card])
    rng = random.Random(2026)
    runs = 2000
    seen: dict[str, int] = {}
    for _ in range(runs):
        sample = sample_state(view, 1, rng)
        card = sample.decks[1].bottom[-1].card
        seen[card] = seen.get(card, 0) + 1
        assert sample.decks[1].cards() - Tokens([card]) == state.decks[1].cards() - Tokens(["pineapple-1"])
    assert set(seen) == set(pineapples)
    expected = runs / pineapples.total
    assert all(abs(n - expected) < 5 * expected**0.5 for n in seen.values()), seen
    mine = {sample_state(state.view(0), 0, rng).decks[1].bottom[-1].card for _ in range(20)}
    assert mine == {"pineapple-1"}


def test_a_state_saved_without_the_makeup_still_loads_and_gets_one() -> None:
    """Old saves (no `deck_makeup`) load; their makeup is derived from what views showed then: the whole
    composition in the first round before a card can move secretly, every card of unknown identity after;
    the next step records it."""
    fresh = start(3)
    data = json.loads(fresh.to_json())
    del data["state"]["deck_makeup"]
    old = GAME.state_from_json(json.dumps(data))
    assert isinstance(old, ZooState) and old.deck_makeup == ()
    assert makeups(old) == fresh.deck_makeup
    assert old.view(1).deck_makeup == fresh.deck_makeup
    moved = play(old, *SPECULATE, LOOK, ARRANGE)
    assert moved == play(
        fresh, *SPECULATE, LOOK, "arrange pineapple-3,pineapple-2,pineapple-4 bottom pineapple-1 lemon"
    )
    later = _after_secret_move()
    late = evolve(later, deck_makeup=(), piles=evolve(later.piles, shown_round=1))
    assert makeups(late) == tuple((Tokens(), len(deck)) for deck in later.decks)
    invariants(late)


def test_the_json_records_the_makeup() -> None:
    """The makeup is part of the state's JSON and reads back equal."""
    state = _after_secret_move()
    back = GAME.state_from_json(state.to_json())
    assert back == state and back.deck_makeup[1] == (state.deck_makeup[1][0], 1)


def test_another_seats_secret_pick_is_one_explicit_value_with_the_same_json() -> None:
    """ZOO-3.1, issue 16: "simultaneously and secretly choose": in another seat's view a chosen, unrevealed
    token is `PickShown.HIDDEN` (no magic string), no token is `PickShown.NONE`; both equal the JSON's
    `"?"` and `""`, so the JSON is unchanged and a view read back compares equal."""
    state = play(start(3), "pick speculate")
    view = state.view(1)
    assert view.seats[0].pick is PickShown.HIDDEN and repr(view.seats[0].pick) == "PickShown.HIDDEN"
    assert view.seats[2].pick is PickShown.NONE and view.seats[2].pick == ""
    assert state.view(0).seats[0].pick == "speculate"
    data = json.loads(view.to_json())
    assert [seat["pick"] for seat in data["state"]["seats"]] == ["?", "", ""]
    back = GAME.state_from_json(view.to_json())
    assert isinstance(back, ZooState) and back == view and back.seats[0].pick == PickShown.HIDDEN
    sample = sample_state(view, 1, random.Random(1))
    assert sample.seats[0].pick not in tuple(PickShown) and sample.view(1) == view


def test_views_reuse_the_redactions_of_parts_a_step_left_unchanged() -> None:
    """Issue 12: a pick changes no deck, so the next state's view reuses the company decks' and piles'
    redactions (the same objects); a look changes one deck, whose redaction is made again and equals
    the kernel's own; every reused view equals one built with nothing to reuse."""
    state = play(start(3), "pick speculate")
    after = play(state, "pick share")
    assert after.decks is state.decks and after.piles is state.piles
    assert after.view(1).decks is state.view(1).decks and after.view(1).piles is state.view(1).piles
    looked = play(after, "pick share", "speculate pineapple", "draw pineapple-1")
    for seat in range(3):
        shown = looked.view(seat)
        assert shown.decks[2] == looked.decks[2].redacted(seat, marks=True)
        assert shown.decks[0] is after.view(seat).decks[0]  # the apple deck did not change
        _REDACTED.clear()
        assert looked.view(seat) == shown


def test_a_part_with_nothing_seat_specific_has_one_redaction_for_every_seat() -> None:
    """Issue 12: while no card of the piles or the company decks is in a known place (and none was removed
    covertly), every seat's view shows them alike, so one redaction serves all seats; once a seat looks at a
    card (ZOO-4.12), the looked-at deck is redacted per seat, the looker seeing it and the others not."""
    state = play(start(3), "pick speculate")
    shown = [state.view(seat) for seat in range(3)]
    assert all(v.piles is shown[0].piles and v.decks is shown[0].decks for v in shown)
    assert all(v.seed is None for v in shown)
    looked = play(state, "pick share; pick share", "speculate pineapple", "draw pineapple-1")
    views = [looked.view(seat) for seat in range(3)]
    assert [v.decks[2].top[0].card for v in views] == ["pineapple-1", HIDDEN, HIDDEN]
    assert views[1].decks[0] is views[0].decks[0]  # the apple deck holds nothing seat-specific
    assert views[1].piles is views[0].piles
    for seat in range(3):
        _REDACTED.clear()
        assert looked.view(seat) == views[seat]
    with pytest.raises(ValueError, match="no seat 3"):
        looked.view(3)
