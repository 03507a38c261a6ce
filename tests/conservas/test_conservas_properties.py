"""The property suite over every month and goal, the hypothesis state machine, invariants, events."""

from __future__ import annotations

import random

import pytest
from conservas_helpers import changed, draw, play, start, to_land, with_catch
from hypothesis import strategies as st

import tabletop
from tabletop.conservas import GAME
from tabletop.conservas.content import MONTH_NAMES
from tabletop.conservas.invariants import invariants
from tabletop.kernel.deck import HIDDEN, Known
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.tokens import Tokens
from tabletop.testing import check_game
from tabletop.testing.stateful import game_machine

OPTIONS = [{"month": month, "goal": goal} for month in MONTH_NAMES for goal in ("standard", "difficult")]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['month']}-{o['goal']}")
def test_random_play_keeps_the_protocol(options: dict[str, str]) -> None:
    """Every month and goal: random legal play ends, with the protocol and the invariants holding at each step."""
    report = check_game(GAME, options=[options], seeds=range(2), thorough_every=4)
    assert report.games == 2
    assert all(o["result"] in ("won", "lost") for o in report.outcomes)


TestConservasMachine = game_machine(
    GAME,
    st.sampled_from(OPTIONS),
    max_warmup=150,
).TestCase


def test_invariants_catch_a_lost_token() -> None:
    """The 116 sea tokens are conserved: a token that vanishes breaks the invariant."""
    state = start()
    invariants(state)
    with pytest.raises(AssertionError, match="sea tokens not conserved"):
        invariants(changed(state, supply=state.supply.remove("sardine")))


def test_invariants_catch_negative_money_and_duplicate_cards() -> None:
    """Money never below zero; every card in exactly one place."""
    state = start()
    with pytest.raises(AssertionError, match="negative money"):
        invariants(changed(state, money=-1))
    with pytest.raises(AssertionError, match="boat cards"):
        invariants(changed(state, fleet=(*state.fleet, "el-dorado")))
    with pytest.raises(AssertionError, match="upgrade cards"):
        invariants(changed(state, upgrade_row=state.upgrade_row[:2]))


def test_view_is_the_state_without_seed() -> None:
    """Nothing is hidden from the solo player: the view only drops the seed."""
    state = start()
    assert state.view(0) == changed(state, seed=None)
    assert GAME.perturb is None


def test_json_round_trip_mid_game() -> None:
    """A state with owned upgrades, kept tokens and a filled market round-trips through JSON."""
    state = to_land(start(upgrades=("ref-hatchery", "fish-finders", "ref-market-stall")))
    state = with_catch(state, sardine=3, mussel=1)
    state = play(state, "sell r1c1 sardine,sardine", "trade ref-hatchery mussel,sardine leave mussel")
    again = GAME.state_from_json(state.to_json())
    assert again == state
    assert again.legal_moves() == state.legal_moves()


def test_events_describe_each_step() -> None:
    """Events name what happened: draws, placements, sales with their price, the End of Day, the result."""
    state = start()
    after = draw(state, "sardine")
    (event,) = state.events(GAME.parse_move(state, "token sardine"), after)
    assert (event.kind, event.text) == ("draw", "drew a sardine from the bag")
    land = with_catch(to_land(start()), sardine=2)
    move = GAME.parse_move(land, "sell r1c1 sardine,sardine")
    (sale,) = land.events(move, land.apply(move))
    assert sale.text == "sold sardine x2 at r1c1 for 3 euros, leaving a sardine on the space"
    assert sale.get("money") == 3
    done = play(land, "done", "keep boats")
    move = GAME.parse_move(done, "keep upgrades")
    kinds = [e.kind for e in done.events(move, done.apply(move))]
    assert kinds == ["row", "end-of-day", "round"]


def test_events_report_top_ups_and_the_end() -> None:
    """A water top-up and the game's end are events too."""
    state = changed(start(), bag=start().bag.take(Tokens({"water": 10, "sardine": 5, "scallop": 4})))
    state = changed(state, supply=state.supply + Tokens({"water": 10, "sardine": 5, "scallop": 4}))
    move = GAME.parse_move(state, "token scallop")
    kinds = [e.kind for e in state.events(move, state.apply(move))]
    assert kinds == ["draw", "top-up"]
    final = tabletop.random_playout(GAME.new_game(3), random.Random(3))
    assert final.outcome is not None


def test_a_broken_invariant_names_the_field_path_and_the_rule() -> None:
    """issue 10: an invariant that fails names where (the field's path) and which rule."""
    state = start()
    with pytest.raises(InvariantBroken) as info:
        invariants(changed(state, money=-1))
    assert (info.value.path, info.value.rule) == ("money", "CON-4.6")
    with pytest.raises(InvariantBroken) as info:
        invariants(changed(state, market=("water", *state.market[1:]), supply=state.supply.remove("water")))
    assert (info.value.path, info.value.rule) == ("market[0]", "CON-3.3")


def test_a_view_hides_a_card_the_player_has_not_seen() -> None:
    """The view is the state itself while the player knows every known deck card (always, in
    play); a known card hidden from the player (a state built by hand) is redacted."""
    state = start()
    assert state.view(0).cards is state.cards
    secret = Known("el-dorado", frozenset(), public=False)
    deck = state.boat_deck.remove("el-dorado") if "el-dorado" in state.boat_deck.middle else state.boat_deck
    hidden = changed(state, boat_deck=deck.put_bottom(secret))
    assert hidden.view(0).boat_deck.bottom[-1].card == HIDDEN
    assert hidden.view(0).upgrade_deck == hidden.upgrade_deck


def test_each_invariant_names_its_field_rule_and_figures() -> None:
    """issue 10: each broken invariant names the field, the rule and the figures it found."""
    state = start()
    cases = [
        (changed(state, month="smarch"), "month", "CON-1.2", "'smarch' is not one of january"),
        (changed(state, goal="easy"), "goal", "", "'easy' is not standard or difficult"),
        (changed(state, market=state.market[1:]), "market", "", "market spaces, the month has"),
        (changed(state, handful=-1), "handful", "CON-2.1", "handful -1"),
        (changed(state, to_return=-2), "to_return", "CON-6.6", "to return -2"),
        (changed(state, supply=state.supply.add("octopus")), "", "CON-1.1", "'octopus': 17"),
        (changed(state, upgrade_row=(*state.upgrade_row, "fish-finders")), "cards", "CON-1.8", "'fish-finders': 2"),
    ]
    for broken, path, rule, fragment in cases:
        with pytest.raises(InvariantBroken) as info:
            invariants(broken)
        assert (info.value.path, info.value.rule) == (path, rule)
        assert fragment in str(info.value)
