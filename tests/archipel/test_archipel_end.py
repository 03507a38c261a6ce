"""ARC-7 (game end), ARC-9 (short game), the outcome, events and notation."""

from __future__ import annotations

import attrs
import pytest
from archipel_helpers import boat, play, settle, shop, started, storms

from tabletop.archipel import GAME, ArchipelState, Over, new_game
from tabletop.archipel.state import Spot, orders
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.tokens import Tokens


def all_delivered(state: ArchipelState, *, keep_unseen: bool = False) -> ArchipelState:
    """Every order in play filled from the unseen pool; the other fish lost (or left unseen)."""
    board = state.map
    markets = list(state.markets)
    delivered = Tokens()
    for i, island in enumerate(board.islands):
        if not (state.short and island.pagoda):
            markets[i] = board.orders[i]
            delivered += board.orders[i]
    rest = state.unseen - delivered
    if keep_unseen:
        spots = tuple(attrs.evolve(s, fish="") if i < 30 - rest.total else s for i, s in enumerate(state.spots))
        return attrs.evolve(state, markets=tuple(markets), unseen=rest, spots=spots)
    spots = tuple(attrs.evolve(spot, fish="") for spot in state.spots)
    return attrs.evolve(state, markets=tuple(markets), unseen=Tokens(), lost=state.lost + rest, spots=spots)


def test_players_may_declare_the_season_over_when_they_choose() -> None:
    """ARC-7.1: the players judge when the markets are supplied as much as possible (declare='anytime')."""
    state = started(1)
    assert state.declare == "anytime"
    assert state.is_legal(Over())
    at_sea = play(state, "sail f01")
    assert at_sea.is_legal(Over())
    over = play(at_sea, "season over")
    assert over.outcome is not None
    assert (over.outcome.ending, over.outcome.ended_by, over.outcome.home) == (3, "declared", (False, True))


def test_season_over_needs_markets_supplied_as_far_as_possible() -> None:
    """ARC-7.1 (declare='supplied'): while fish in play could fill an order, the season is not declared over."""
    state = started(1, declare="supplied")
    assert not state.is_legal(Over())
    with pytest.raises(IllegalMove) as info:
        play(state, "season over")
    assert info.value.code == "orders-possible"
    assert "declare='supplied'" in str(info.value)


def test_season_over_needs_every_boat_safe() -> None:
    """ARC-7.1 (declare='supplied'): boats first reach a harbour (or are stranded at sea without fuel)."""
    state = all_delivered(boat(started(1, declare="supplied"), 1, at="f07"))
    assert not state.is_legal(Over())
    assert settle(play(state, "end", "sail coral", "end")).is_legal(Over())
    stranded = boat(state, 1, fuel=0)
    assert stranded.is_legal(Over())


def test_no_bait_left_for_a_colour_supplies_as_far_as_possible() -> None:
    """ARC-7.1 (declare='supplied'): a wanted fish in the sea with no bait left to catch it does not count."""
    state = all_delivered(started(1, declare="supplied"), keep_unseen=True)
    markets = list(state.markets)
    markets[0] = markets[0].remove("blue")  # Jade still wants a blue fish
    state = attrs.evolve(state, markets=tuple(markets), unseen=state.unseen.add("blue"), spots=_one_more_unseen(state))
    assert not state.is_legal(Over()), "blue bait is still in the game"
    no_bait = attrs.evolve(state, removed=state.removed.add("bait-blue", 4))
    no_bait = attrs.evolve(no_bait, pocket=no_bait.pocket.take(Tokens({"bait-blue": 4})))
    assert not no_bait.is_legal(Over()), "multicolour bait still catches it"
    none_left = attrs.evolve(no_bait, removed=no_bait.removed.add("bait-multi", 4))
    none_left = attrs.evolve(none_left, pocket=none_left.pocket.take(Tokens({"bait-multi": 4})))
    assert none_left.is_legal(Over())
    carried = boat(state, 0, fish=["blue"])
    carried = attrs.evolve(carried, removed=none_left.removed, pocket=none_left.pocket)
    assert not carried.is_legal(Over()), "a blue fish on a boat can still be delivered"


def _one_more_unseen(state: ArchipelState) -> tuple[Spot, ...]:
    spots = list(state.spots)
    spots[spots.index(Spot("", False))] = Spot()
    return tuple(spots)


def test_ending_2_when_a_boat_is_not_home() -> None:
    """ARC-7.3: every order filled, one boat in another harbour: ending 2."""
    state = all_delivered(boat(started(1), 1, at="crane"))
    state = play(state, "season over")
    assert state.is_terminal
    assert state.outcome is not None
    assert (state.outcome.ending, state.outcome.ended_by) == (2, "declared")
    assert state.outcome.home == (True, False)
    assert state.outcome.returns == (0.5, 0.5)


def test_ending_1_comes_by_itself() -> None:
    """ARC-7.2, ARC-7.5: every order filled and every boat home: the season ends at the turn's end."""
    state = all_delivered(boat(started(1), 1, at="f07"))
    state = play(state, "end", "sail home-yellow", "end")
    assert state.is_terminal
    assert state.outcome is not None
    assert (state.outcome.ending, state.outcome.ended_by, state.outcome.orders_filled) == (1, "complete", 24)
    assert state.outcome.returns == (1.0, 1.0)


def test_ending_3_when_orders_cannot_be_filled() -> None:
    """ARC-7.1, ARC-7.4: no blue fish left in play and a blue order open: declare, ending 3."""
    state = all_delivered(started(1, declare="supplied"))
    markets = list(state.markets)
    markets[0] = markets[0].remove("blue")
    state = attrs.evolve(state, markets=tuple(markets), lost=state.lost.add("blue"))
    assert state.is_legal(Over())
    state = play(state, "season over")
    assert state.outcome is not None
    assert (state.outcome.ending, state.outcome.orders_filled, state.outcome.orders) == (3, 23, 24)
    assert state.outcome.summary()["result"] == "ending 3: not all markets supplied"


def test_idle_rounds_end_the_season() -> None:
    """ARC-7.6 (ruling): after idle_rounds rounds without progress, the season ends."""
    state = started(1, idle_rounds=3)
    for _ in range(5):
        state = play(state, "end")
    assert not state.is_terminal and state.flow.round == 3
    state = play(state, "end")
    assert state.is_terminal
    assert state.outcome is not None and state.outcome.ended_by == "idle"


def test_progress_resets_the_idle_count() -> None:
    """ARC-7.6: exposing a fish is progress: the count starts again."""
    state = boat(started(1, idle_rounds=2), 0, cards=["bait-red"])
    state = play(state, "end", "end", "sail f01", "catch", "fish green")
    assert state.last_progress == 2
    state = play(state, "end", "end", "end", "end")
    assert not state.is_terminal and state.flow.round == 4
    state = play(state, "end", "end")
    assert state.is_terminal


def test_short_game_counts_eight_markets() -> None:
    """ARC-9.1, ARC-9.2: pagoda markets are closed; the short game is won with 16 orders."""
    state = started(1, short=True)
    assert orders(state) == (0, 16)
    assert state.shut == frozenset({"lotus", "tiger", "temple", "plum"})
    assert orders(all_delivered(state)) == (16, 16)


def test_short_game_can_be_won_without_every_fish() -> None:
    """ARC-9.2: fish still unseen (sharks aside, 8 of them) do not keep the short season going."""
    state = all_delivered(started(1, short=True, declare="supplied"), keep_unseen=True)
    assert state.unseen.total == 14 and sum(s.fish == "unseen" for s in state.spots) == 14
    assert state.is_legal(Over())
    state = play(state, "season over")
    assert state.outcome is not None and state.outcome.ending == 1


def test_every_move_round_trips_through_notation() -> None:
    """Notation: str(move) parses back to the same move; bad text raises NotationError."""
    state = boat(started(1), 0, at="f07", cards=["bait-red", "storm-gear"], fish=["blue"])
    state = boat(state, 1, at="f07")
    for move in state.legal_moves():
        assert GAME.parse_move(state, str(move)) == move
    for text in ("sail", "sail to jade", "give fuel yellow", "fly away", ""):
        with pytest.raises(NotationError):
            GAME.parse_move(state, text)


def test_events_tell_what_happened() -> None:
    """Events: a catch and a harbour visit are described for frontends, all public."""
    state = boat(started(1), 0, cards=["bait-red"])
    state = play(state, "sail f01", "catch")
    events = state.events(GAME.parse_move(state, "fish red"), play(state, "fish red"))
    kinds = [e.kind for e in events]
    assert kinds[0] == "expose" and "fish" in kinds
    assert all(e.visible_to is None for e in events)


def test_outcome_summary_for_simulations() -> None:
    """The summary gives the ending as text and orders filled as a number."""
    state = play(started(1, idle_rounds=1), "end", "end")
    assert state.outcome is not None
    summary = state.outcome.summary()
    assert summary["result"] == "ending 3: not all markets supplied"
    assert summary["orders filled"] == 0
    assert summary["how it ended"] == "by itself: the stormy season, rounds without progress"


def test_games_on_the_same_seed_are_equal() -> None:
    """new_game is deterministic given the seed and options."""
    assert new_game(4, players=3, memory=True) == new_game(4, players=3, memory=True)


def test_season_ends_when_no_boat_can_move_again() -> None:
    """ARC-7.5 (ruling): no fuel, no jerrycan and no open shop to stay at: the season ends, stranded."""
    state = boat(boat(started(1), 0, at="f01", fuel=1), 1, at="f20", fuel=0)
    state = play(state, "sail f02")
    assert not state.is_terminal
    state = play(state, "end")
    assert state.is_terminal
    assert state.outcome is not None and state.outcome.ended_by == "stranded"


def test_a_boat_in_an_open_shop_harbour_may_still_find_fuel() -> None:
    """ARC-2.7, ARC-7.5: a dry boat in an open shop's harbour may stay and buy a jerrycan."""
    state = boat(boat(started(1), 0, at="jade", fuel=0), 1, at="f20", fuel=0)
    state = play(state, "end", "end")
    assert not settle(state).is_terminal


def test_buying_bait_or_storm_gear_is_progress() -> None:
    """ARC-7.6 (ruling): a boat that takes bait or storm gear from a shop still works at the orders."""
    state = shop(boat(started(1, idle_rounds=2), 0, at="jade"), "jade", ["leak", "jerrycan-blue", "jerrycan-red"])
    state = settle(play(state, "end", "end"))
    assert state.last_progress == 0, "a leak and jerrycans are no progress"
    state = play(shop(state, "jade", ["storm-gear", "leak", "jerrycan-blue"]), "end")
    state = settle(play(state, "end", "end"))
    assert state.last_progress == 2
    state = play(shop(state, "jade", ["bait-green", "jerrycan-red", "leak"]), "end")
    state = settle(play(state, "end", "end"))
    assert state.last_progress == 3 and not state.is_terminal


def test_clearing_a_storm_is_progress() -> None:
    """ARC-7.6 (ruling): storm gear clearing a storm, or good weather calming one, is progress."""
    state = storms(boat(started(1, idle_rounds=2), 0, cards=["storm-gear"]), {20: "storm-20"})
    state = play(state, "end", "end", "sail s20")
    assert state.last_progress == 2
    state = storms(boat(started(1, idle_rounds=2), 1, at="jade"), {3: "storm-3"})
    state = shop(state, "jade", ["good-weather", "leak", "jerrycan-blue"])
    state = play(state, "end", "end")
    assert state.flow.key == "harbour.weather" and state.last_progress == 0
    state = play(state, "calm s3")
    assert state.last_progress == 1


def test_supplied_condition_reads_no_hidden_fish() -> None:
    """ARC-7.1, ARC-8.3: with declare='supplied', a view allows 'season over' exactly when the state does.

    In the memory game a view hides which face-down fish is which; whether a wanted colour is
    still in the sea is counted from what everybody can count.
    """
    state = all_delivered(started(1, memory=True, declare="supplied"))
    markets = list(state.markets)
    markets[0] = markets[0].remove("blue")
    spots = list(state.spots)
    spots[0] = Spot("blue", False)  # remembered, face down
    state = attrs.evolve(state, markets=tuple(markets), spots=tuple(spots))
    assert state.view(0).spots[0].fish == "?"
    assert not state.is_legal(Over())
    assert not state.view(0).is_legal(Over())


def test_supplied_counts_bait_left_in_the_pocket_even_with_every_shop_closed() -> None:
    """ARC-7.1 (declare='supplied'), ARC-7.6: the test reads what is still in the game, not what can
    still be reached: a blue bait in the pocket keeps a blue order open although every shop is closed
    (no card leaves the pocket then, ARC-4.10), so the season is not declared over; the idle rule
    ends it, with the ending the board gives."""
    state = all_delivered(started(1, declare="supplied", idle_rounds=1), keep_unseen=True)
    markets = list(state.markets)
    markets[0] = markets[0].remove("blue")
    state = attrs.evolve(state, markets=tuple(markets), unseen=state.unseen.add("blue"), spots=_one_more_unseen(state))
    stock = sum(state.shops, Tokens()) + state.warehouse
    closed = frozenset(state.map.island_ids)
    state = attrs.evolve(state, shops=(Tokens(),) * len(state.shops), shut=closed, pocket=state.pocket.put(stock))
    state = attrs.evolve(state, warehouse=Tokens(), warehouse_shut=True)
    contents = state.pocket.contents
    gone = Tokens({"bait-multi": contents["bait-multi"], "bait-blue": contents["bait-blue"] - 1})
    state = attrs.evolve(state, removed=state.removed + gone, pocket=state.pocket.take(gone))
    assert GAME.state_from_json(state.to_json()) == state
    assert not state.is_legal(Over())
    state = play(state, "end turn", "end turn")
    assert state.outcome is not None
    assert (state.outcome.ending, state.outcome.ended_by, state.outcome.home) == (3, "idle", (True, True))
