"""Goals (CON-5.x) and the result."""

from __future__ import annotations

import pytest
from conservas_helpers import changed, finish_day, own, play, start, to_land, water_round

from tabletop.conservas import ConservasResult, GoalCheck
from tabletop.conservas.content import MONTHS
from tabletop.kernel.bag import Bag
from tabletop.kernel.tokens import Tokens


def last_round(month: str = "january", goal: str = "standard", **kw: object):
    state = start(month, goal, **kw)  # type: ignore[arg-type]
    while state.flow.round < MONTHS[month].rounds:
        state = water_round(state)
    return to_land(state)


def end(state):
    state = finish_day(play(state, "done"))
    assert state.is_terminal
    return state.outcome


def test_goals_are_checked_after_the_last_end_of_day() -> None:
    """CON-4.9, CON-5.1: money counts after the last upkeep; the game ends after the last round."""
    state = last_round(first="quid-pro-pulpo", other="el-dorado")
    state = changed(state, money=40)
    outcome = end(state)
    assert outcome.money == 39
    assert outcome.checks[0] == GoalCheck("money", 40, 39)
    assert not outcome.won


def test_sustainability_counts_the_bag_after_spawning() -> None:
    """CON-5.3: the fish in the bag are counted after the Deep Sea (and its spawn) went back in."""
    state = changed(last_round(), money=40)
    bag = state.bag.contents
    pool = state.supply + bag
    state = changed(state, bag=Bag(Tokens({"water": bag["water"], "sardine": 1, "scallop": 4})))
    state = changed(state, supply=pool - state.bag.contents)
    state = changed(state, supply=state.supply.remove("sardine", 2), deep=state.deep + Tokens({"sardine": 2}))
    outcome = end(state)
    assert outcome.won
    assert [str(c) for c in outcome.checks] == [
        "money >= 40: met (40)",
        "sardine >= 4: met (4)",
        "scallop >= 4: met (4)",
    ]


def test_a_missed_fish_goal_loses() -> None:
    """CON-5.3, CON-5.4: every part must be met; one missing fish kind loses the game."""
    state = changed(last_round(), money=50)
    pool = state.supply + state.bag.contents
    state = changed(state, bag=Bag(Tokens({"sardine": 3, "scallop": 9})))
    state = changed(state, supply=pool - state.bag.contents)
    outcome = end(state)
    assert not outcome.won
    assert outcome.summary()["sardine >= 4"] == "not met"
    assert outcome.summary()["money >= 40"] == "met"
    assert outcome.summary()["result"] == "lost"


def test_boat_and_upgrade_goals() -> None:
    """CON-5.2, CON-6.2: May's difficult goal needs 3 boats and 2 upgrades; one-time cards count."""
    state = last_round("may", "difficult")
    state = own(changed(state, money=99), "ref-grant", "secondary-nets")
    outcome = end(state)
    checks = {c.name: c for c in outcome.checks}
    assert checks["boats"] == GoalCheck("boats", 3, 1)
    assert checks["upgrades"] == GoalCheck("upgrades", 2, 2)
    assert checks["upgrades"].met and not checks["boats"].met


def test_the_open_water_card_is_not_a_boat_for_a_boat_goal() -> None:
    """CON-5.2 (ruling): June's goal of 2 boats counts Boat cards; the Open Water card beside them has no boat."""
    state = changed(last_round("june", first="quid-pro-pulpo", other="el-dorado"), money=99)
    assert state.fleet == ("quid-pro-pulpo",)
    assert {c.name: c for c in end(state).checks}["boats"] == GoalCheck("boats", 2, 1)
    bought = play(state, "buy pez-limoncello")
    assert {c.name: c for c in end(bought).checks}["boats"] == GoalCheck("boats", 2, 2)


@pytest.mark.parametrize(
    ("month", "level", "labels"),
    [
        ("january", "standard", ["money >= 40", "sardine >= 4", "scallop >= 4"]),
        ("january", "difficult", ["money >= 60", "sardine >= 6", "scallop >= 6"]),
        ("april", "standard", ["money >= 90"]),
        ("april", "difficult", ["money >= 120"]),
        ("may", "standard", ["money >= 25", "octopus >= 4", "scallop >= 6"]),
        ("may", "difficult", ["money >= 30", "octopus >= 4", "scallop >= 6", "boats >= 3", "upgrades >= 2"]),
    ],
)
def test_published_goals(month: str, level: str, labels: list[str]) -> None:
    """CON-5.1 to CON-5.4: the public goals of January, April and May, both levels."""
    outcome = end(last_round(month, level))
    assert [c.label for c in outcome.checks] == labels


def test_summary_gives_each_goal_met_or_not_and_the_numbers() -> None:
    """CON-5.4: summary() has the result, each goal part as met/not met, money and the last round."""
    outcome = ConservasResult(
        "january", "standard", False, (GoalCheck("money", 40, 12), GoalCheck("sardine", 4, 5)), "", 12, 7
    )
    assert outcome.summary() == {
        "result": "lost",
        "forfeit": "no",
        "money >= 40": "not met",
        "sardine >= 4": "met",
        "money": 12,
        "last round": 7,
    }
    assert outcome.returns == (0.0,)
    assert str(outcome) == "january (standard): lost; money >= 40: not met (12); sardine >= 4: met (5)"


def test_a_win_returns_one() -> None:
    """CON-5.4: a won game returns 1.0 for the only seat."""
    outcome = ConservasResult("april", "standard", True, (GoalCheck("money", 90, 95),), "", 95, 8)
    assert outcome.returns == (1.0,)
    assert outcome.summary()["result"] == "won"
