"""The end of the game: goals, the final sale, glory and tie-breaks (ZOO-10, ZOO-12.6)."""

from __future__ import annotations

import random

import pytest
from zoo_helpers import craft, play, seat, start

import tabletop
from tabletop.spolka_zoo import GAME, ZooOutcome
from tabletop.spolka_zoo.state import ZooState, final_outcome, goal_met


def _end(state: ZooState) -> ZooOutcome:
    return final_outcome(craft(state, finished=True))


def test_everything_is_sold_at_current_prices_without_moving_them() -> None:
    """ZOO-10.3, ZOO-10.4: 2 apple shares at 4 and 3 lemons at 2: 8 + 6 coins; 5 coins = 1 glory."""
    state = seat(start(2), 0, shares=(2, 0, 0), fruit={"lemon": 3}, money=6)
    state = craft(state, share_price=(4, 1, 1), fruit_price=(1, 2, 1))
    standing = _end(state).standings[0]
    assert standing.sale == 8 + 6 and standing.money == 20 and standing.money_glory == 4 and standing.leftover == 0
    assert state.share_price == (4, 1, 1)


def test_helper_glory_counts_and_not_at_end_helpers_stop() -> None:
    """ZOO-10.2, ZOO-10.4: the goat's share bonus stops at the end; the mole's works; glory printed counts."""
    state = seat(start(2, helpers=("h-bear", "h-deer", "h-fox", "h-pig")), 0, shares=(1, 0, 0), money=0, fruit={})
    state = seat(state, 0, helpers=("h-goat",))
    assert _end(state).standings[0].sale == 1 and _end(state).standings[0].helper_glory == 1
    state = seat(state, 0, helpers=("h-mole",))
    assert _end(state).standings[0].sale == 2 and _end(state).standings[0].glory == 2


def test_most_glory_wins() -> None:
    """ZOO-10.5: 15 coins beat 10."""
    state = seat(seat(start(2), 0, money=12), 1, money=7)
    outcome = _end(state)
    assert outcome.winners == (0,) and [s.rank for s in outcome.standings] == [1, 2]
    assert outcome.summary() == {"winner": "seat 0", "glory seat 0": 3, "glory seat 1": 2}
    assert outcome.returns == (3.0, 2.0)


def test_glory_tie_broken_by_unconverted_coins() -> None:
    """ZOO-10.5: 14 coins (2 glory, 4 left) beat 13 (2 glory, 3 left)."""
    state = seat(seat(start(2), 0, money=10), 1, money=11)
    outcome = _end(state)
    assert [s.glory for s in outcome.standings] == [2, 2] and outcome.winners == (1,)


def test_then_by_helper_count() -> None:
    """ZOO-10.5: equal glory and remainder: more helpers win (a 0-glory mouse decides)."""
    state = seat(start(2, helpers=("h-bear", "h-deer", "h-fox", "h-pig")), 0, helpers=("h-mouse",))
    outcome = _end(state)
    assert outcome.standings[0].glory == outcome.standings[1].glory and outcome.winners == (0,)


def test_else_a_shared_victory() -> None:
    """ZOO-10.5: seats tied on everything share the victory and rank."""
    outcome = _end(start(2))
    assert outcome.winners == (0, 1) and outcome.summary()["winner"] == "seats 0+1"
    assert [s.rank for s in outcome.standings] == [1, 1]


@pytest.mark.parametrize(
    ("goal", "changes", "met"),
    [
        ("goal-investor", {"shares": (1, 1, 1)}, True),
        ("goal-investor", {"shares": (1, 0, 1)}, False),
        ("goal-patron", {"money": 10}, False),
        ("goal-apples", {"fruit": {"apple": 5}}, True),
        ("goal-saver", {"money": 30}, True),
        ("goal-tycoon", {"shares": (2, 2, 0)}, True),
    ],
)
def test_hidden_goals_scored_before_the_sale(goal: str, changes: dict[str, object], met: bool) -> None:
    """ZOO-12.6: a goal's condition is checked on the board as it stands; met goals add their glory."""
    state = start(2, modules=("hidden_goals",))
    others = [s.goal for s in state.seats]
    box = state.piles.goal_box
    if goal in others:
        index = others.index(goal)
        state = seat(state, index, goal=state.seats[0].goal)
    else:
        box = box.remove(goal).shuffle_in((state.seats[0].goal,))
    state = craft(seat(state, 0, goal=goal, **changes), piles=__import__("attrs").evolve(state.piles, goal_box=box))
    assert goal_met(state, 0) == met
    glory = _end(state).standings[0].goal_glory
    assert (glory > 0) == met


def test_a_whole_game_ends_after_round_five_with_an_outcome() -> None:
    """ZOO-2.1, ZOO-10.1: random play reaches the end of round five; the outcome lists every seat."""
    state = tabletop.random_playout(GAME.new_game(3, players=3, bots=1), random.Random(3))
    assert state.is_terminal and state.flow.round == 5
    outcome = state.outcome
    assert outcome is not None and len(outcome.standings) == 4
    assert min(s.rank for s in outcome.standings) == 1
    assert all(s.glory == s.helper_glory + s.goal_glory + s.money_glory for s in outcome.standings)


def test_goals_are_revealed_at_the_end() -> None:
    """ZOO-12.6: during play a goal is hidden from the others; at the end every view shows it."""
    state = GAME.new_game(4, players=2, modules=("hidden_goals",))
    state = tabletop.random_playout(state, random.Random(4))
    assert state.view(1).seats[0].goal == state.seats[0].goal != "?"
    early = start(2, modules=("hidden_goals",))
    assert early.view(1).seats[0].goal == "?" and early.view(0).seats[0].goal != "?"
    assert play(early, "pick share").view(0).seats[1].goal == "?"
