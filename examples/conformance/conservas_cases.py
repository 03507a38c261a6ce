"""Conservas, checked from the rulebook by a third party: each case cites the rule it checks.

Written with the public API only (`tabletop.get_game`, the state's documented attributes and
by-name readers such as `state.space("r1c1")` and `state.card("el-dorado")`, move notation,
`state.chance_node()`) and the case-writing helpers of `tabletop.testing`. Run them with
`pytest examples/conformance/conservas_cases.py`; add
`-p tabletop.testing.plugin --rule-coverage=conservas` to see which rules they leave out.

Every case plays January (the rulebook's month): a bag of 5 sardines, 5 scallops and 10
water, €10, seven rounds, a market filled row by row, left to right.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.kernel.chance import Source
from tabletop.testing import expect, expect_illegal, expect_legal, force, forced, play, play_to

GAME = tabletop.get_game("conservas")
SETUP = [
    "card el-dorado",  # the two boats offered (CON-1.5)
    "card quid-pro-pulpo",
    "choose el-dorado",
    "card pez-limoncello",  # the boat row (CON-1.6)
    "card bogavanti",
    "card te-parece-bonito",
    "card secondary-nets",  # the upgrade row (CON-1.8)
    "card fish-finders",
    "card ref-market-stall",
]
"""A forced setup, so no case depends on the seed: El Dorado (catch 2) is the first boat."""


def start() -> Any:
    """January after the forced setup, at the first token of round 1."""
    return play(GAME.new_game(seed=7, month="january"), SETUP)


def handful(state: Any, *tokens: str) -> Any:
    """Force the tokens of one handful drawn from the bag."""
    return forced(state, [f"token {kind}" for kind in tokens])


def on_land(state: Any) -> Any:
    """Two handfuls: 2 sardines on El Dorado (3 water to the Deep Sea), then all water on Open Water."""
    state = handful(state, "sardine", "sardine", "water", "water", "water")
    state = play(state, ["place el-dorado sardine,sardine"])
    return play(handful(state, "water", "water", "water", "water", "scallop"), ["place open-water"])


def test_setup_loads_the_bag_and_the_money_from_the_month() -> None:
    """CON-1.3, CON-1.4: January's bag holds 5 sardines, 5 scallops and 10 water; you start with €10 in round 1."""
    state = GAME.new_game(seed=1, month="january")
    expect(state, lambda s: s.bag.contents.as_dict() == {"sardine": 5, "scallop": 5, "water": 10}, "CON-1.3: the bag")
    expect(state, lambda s: s.money == 10, "CON-1.4: you start with 10 euros")
    expect(state, lambda s: s.flow.round == 1, "CON-1.4: the round marker is on round 1")


def test_two_boats_are_offered_one_is_kept_the_other_goes_under_the_deck() -> None:
    """CON-1.5: draw 2 boats, keep 1 in your play area, put the other underneath the boat deck."""
    state = GAME.new_game(seed=1, month="january")
    node = state.chance_node()
    assert (node.source, node.name, node.destination, node.rule) == (Source.DECK, "boats", "offer", "CON-1.5")
    state = forced(state, ["card el-dorado", "card quid-pro-pulpo"])
    expect_legal(state, "choose el-dorado", "choose quid-pro-pulpo")
    expect_illegal(state, "choose bogavanti", code="not-offered", rule="CON-1.5")
    state = play(state, ["choose el-dorado"])
    expect(state, lambda s: s.fleet == ("el-dorado",), "CON-1.5: the chosen boat is yours")
    expect(state, lambda s: s.boat_deck.bottom[-1].card == "quid-pro-pulpo", "CON-1.5: the other is at the bottom")


def test_three_boats_and_three_upgrades_are_dealt_face_up() -> None:
    """CON-1.6, CON-1.8: 3 boat cards and 3 upgrade cards face up in a row; the Open Water card is yours (CON-1.7)."""
    state = play(GAME.new_game(seed=1, month="january"), SETUP[:3])
    node = state.chance_node()
    assert (node.name, node.destination, node.rule) == ("boats", "boat_row", "CON-1.6")
    state = play(state, SETUP[3:6])
    assert state.chance_node().destination == "upgrade_row" and state.chance_node().rule == "CON-1.8"
    state = play(state, SETUP[6:])
    expect(state, lambda s: s.boat_row == ("pez-limoncello", "bogavanti", "te-parece-bonito"), "CON-1.6: boat row")
    expect(state, lambda s: s.upgrade_row == ("secondary-nets", "fish-finders", "ref-market-stall"), "CON-1.8")
    expect_legal(handful(state, "water", "water", "water", "water", "water"), "place open-water")


def test_a_handful_is_five_tokens_drawn_from_the_bag() -> None:
    """CON-2.1: draw 5 tokens from the Sea bag; each draw's chances are the bag's counts."""
    state = start()
    node = state.chance_node()
    assert (node.source, node.name, node.destination, node.rule) == (Source.BAG, "bag", "hand", "CON-2.1")
    chances = {str(move): p for move, p in state.chance_outcomes()}
    assert chances == {"token sardine": 0.25, "token scallop": 0.25, "token water": 0.5}
    state = handful(state, "sardine", "water", "water", "scallop")
    expect(state, lambda s: s.is_chance_node, "CON-2.1: four tokens are not a handful yet")
    state = force(state, "token water")
    expect(state, lambda s: s.hand.total == 5 and not s.is_chance_node, "CON-2.1: five tokens, then you place them")


def test_a_boat_keeps_exactly_its_catch_size() -> None:
    """CON-2.3: El Dorado's catch size is 2: 2 tokens stay on the boat, the other 3 go to the Deep Sea."""
    state = handful(start(), "sardine", "sardine", "water", "water", "water")
    expect(state, lambda s: s.card("el-dorado").catch == 2, "CON-2.3: El Dorado's printed catch size is 2")
    expect_illegal(state, "place el-dorado sardine", code="wrong-catch", rule="CON-2.3")
    expect_illegal(state, "place el-dorado scallop,sardine", code="not-drawn", rule="CON-2.3")
    state = play(state, ["place el-dorado sardine,sardine"])
    expect(state, lambda s: s.catch.as_dict() == {"sardine": 2}, "CON-2.3: 2 sardines on the boat")
    expect(state, lambda s: s.deep.as_dict() == {"water": 3}, "CON-2.3: 3 water in the Deep Sea")


def test_open_water_takes_the_whole_handful_to_the_deep_sea() -> None:
    """CON-2.4: all the tokens on the Open Water card are in the Deep Sea; CON-2.2: each card gets one handful."""
    state = handful(start(), "sardine", "scallop", "water", "water", "water")
    expect_illegal(state, "place open-water sardine", code="open-water-keeps", rule="CON-2.4")
    state = play(state, ["place open-water"])
    expect(state, lambda s: s.deep.as_dict() == {"sardine": 1, "scallop": 1, "water": 3}, "CON-2.4: all Deep Sea")
    state = handful(state, "water", "water", "water", "water", "water")
    expect_illegal(state, "place open-water", code="card-used", rule="CON-2.2")
    state = play(state, ["place el-dorado water,water"])
    expect(state, lambda s: s.flow.phase == "land", "CON-2.5: every card got a handful: On Land")


def test_selling_fills_a_space_once_and_pays_its_price() -> None:
    """CON-3.2, CON-3.3: r1c1 takes 2 sardines for €3; one token stays on the space, the rest go to the supply."""
    state = on_land(start())
    space = state.space("r1c1")
    expect(state, lambda s: (space.needs.as_dict(), space.price) == ({"sardine": 2}, 3), "CON-3.2: r1c1's order")
    supply = state.supply["sardine"]
    state = play(state, ["sell r1c1 sardine,sardine"])
    expect(state, lambda s: s.money == 13, "CON-3.2: the sale pays 3 euros")
    expect(state, lambda s: s.space("r1c1").token == "sardine", "CON-3.3: one sardine stays on the space")
    expect(state, lambda s: s.supply["sardine"] == supply + 1, "CON-3.3: the other goes to the supply")
    expect_illegal(state, "sell r1c1 sardine,sardine", code="space-filled", rule="CON-3.2")


def test_january_fills_each_row_left_to_right() -> None:
    """CON-3.4: for the January market, spaces must be filled left to right."""
    state = on_land(start())
    expect_illegal(state, "sell r1c3 sardine,sardine", code="fill-order", rule="CON-3.4")
    expect_illegal(state, "sell r1c2 sardine", code="fill-order", rule="CON-3.4")
    expect_legal(state, "sell r1c1 sardine,sardine")


def test_only_fish_on_the_boats_are_spent() -> None:
    """CON-3.1: only Fish tokens harvested on the boats are spent; water has no value."""
    state = on_land(start())
    expect_illegal(state, "sell r2c1 scallop,scallop", code="not-caught", rule="CON-3.1")  # no scallop was caught
    expect_illegal(state, "trade ref-market-stall water", code="water-has-no-value", rule="CON-3.1")


def test_trading_two_sardines_for_secondary_nets_draws_eight_next_round() -> None:
    """CON-3.5, CON-6.3: Lucía pays 2 sardines (two of the same kind) for Secondary Nets and draws 8 tokens."""
    state = on_land(start())
    expect(state, lambda s: s.card("secondary-nets").cost == "same", "CON-3.5: its cost is two fish of one kind")
    state = play(state, ["trade secondary-nets sardine,sardine", "done"])
    state = play_to(state, kind="place", choose=lambda s: s.legal_moves()[0])
    expect(state, lambda s: s.flow.round == 2 and s.hand.total == 8, "CON-6.3: a handful of 8 from round 2")


def test_a_boat_bought_pays_no_upkeep_in_its_round() -> None:
    """CON-3.7, CON-4.6: pay a boat's price; its upkeep is paid in every later round, not the round it is bought."""
    state = on_land(start())
    expect(state, lambda s: s.card("te-parece-bonito").cost == 1, "CON-3.7: its printed price")
    state = play(state, ["buy te-parece-bonito", "done"])
    expect(state, lambda s: s.money == 9 and "te-parece-bonito" in s.fleet, "CON-3.7: paid 1 euro; the boat is yours")
    state = play_to(state, until=lambda s: s.flow.round == 2, choose=lambda s: s.legal_moves()[0])
    expect(state, lambda s: s.money == 9, "CON-4.6: no upkeep is due for the boat bought (and El Dorado has none)")


def test_the_row_question_comes_only_when_nothing_was_bought() -> None:
    """CON-4.3: if no boats were purchased this round, you may discard all the boats and draw another 3."""
    state = play(on_land(start()), ["done"])
    expect_legal(state, "keep boats", "discard boats")
    state = play(on_land(start()), ["buy te-parece-bonito", "done"])
    expect(state, lambda s: s.is_chance_node and s.chance_node().destination == "boat_row", "CON-4.3: just refill")
    expect(state, lambda s: s.chance_node().rule == "CON-4.3", "CON-4.3: the deal names its rule")


def test_fish_left_in_the_deep_sea_spawn() -> None:
    """CON-4.7, CON-4.8: n >= 2 fish of a kind in the Deep Sea add n - 1 more; then all go into the bag."""
    state = handful(start(), "scallop", "scallop", "scallop", "water", "water")
    state = play(state, ["place open-water"])
    state = play(handful(state, "water", "water", "water", "water", "water"), ["place el-dorado water,water", "done"])
    state = play_to(state, until=lambda s: s.flow.round == 2, choose=lambda s: s.legal_moves()[0])
    expect(state, lambda s: s.report.spawned.as_dict() == {"scallop": 2}, "CON-4.7: 3 scallops spawn 2")
    # round 2's first handful is drawn by now: count the scallops in the bag and in the hand
    scallops = state.bag.contents["scallop"] + state.hand["scallop"]
    expect(state, lambda s: scallops == 7, "CON-4.8: the Deep Sea (3) and the spawn (2) joined the bag's 2")
