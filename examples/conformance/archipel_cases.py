"""Archipel, checked from the rulebook by a third party: each case cites the rule it checks.

Written with the public API only (`tabletop.get_game`, the state's documented attributes and
by-name accessors: `state.spot("f07")`, `state.shop("jade")`, `state.market("jade")`,
`state.storm("s7")`, `state.boat_of("red")`, `state.chance_node()`), move notation and the
case-writing helpers of `tabletop.testing`. Island ids are the reference board's, as the
board picture in the docs shows them. Run them with
`pytest examples/conformance/archipel_cases.py`; add
`-p tabletop.testing.plugin --rule-coverage=archipel` to see which rules they leave out.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.archipel.state import SpotFish
from tabletop.testing import expect, expect_illegal, expect_legal, force, play, play_to

GAME = tabletop.get_game("archipel")


def dealt(shops: dict[str, list[str]] | None = None, *, seed: int = 5, **options: Any) -> Any:
    """A new season with the setup deals forced (ARC-1.7): the cards given for the named
    shops, calm cards (bait, jerrycans) for the warehouse, numbered storms first elsewhere;
    then play goes to seat 0's first decision."""
    wanted = {f"shop {island}": list(cards) for island, cards in (shops or {}).items()}
    state = GAME.new_game(seed=seed, **options)
    while state.flow.key == "setup.deal":
        node = state.chance_node()
        outcomes = [str(move) for move in state.legal_moves()]
        if wanted.get(node.destination):
            outcome = "draw " + wanted[node.destination].pop(0)
        elif node.destination == "warehouse":
            outcome = next(o for o in outcomes if o.startswith(("draw bait-", "draw jerrycan-")))
        else:
            numbered = [o for o in outcomes if o.startswith("draw storm-") and o[11:].isdigit()]
            outcome = (numbered or outcomes)[0]
        state = force(state, outcome)
    return play_to(state, seat=0)


def a_fish_spot(state: Any) -> str:
    """The first fish spot the current boat can sail to, read off its legal moves."""
    return next(str(m)[5:] for m in state.legal_moves() if str(m).startswith("sail f"))


def test_boats_start_home_with_a_full_tank() -> None:
    """ARC-1.2, ARC-1.4: each pawn starts in its home port with 5 fuel; the other markers are the supply."""
    for players in (1, 3, 5):
        state = dealt(players=players)
        expect(state, lambda s: all(b.at == b.home and b.fuel == 5 for b in s.boats), "ARC-1.4: full tanks at home")
        expect(state, lambda s, n=players: s.supply == 30 - 5 * n, "ARC-1.4: the rest of the 30 markers")


def test_fish_lie_face_down_and_unknown() -> None:
    """ARC-1.5: one face-down fish on every fish spot, its kind not decided by anybody yet."""
    state = dealt()
    expect(state, lambda s: all(spot.fish == SpotFish.UNSEEN and not spot.face_up for spot in s.spots), "ARC-1.5")
    expect(state, lambda s: s.unseen.total == len(s.spots) == 30, "ARC-1.5: thirty fish pieces")


def test_shops_and_warehouse_get_three_face_up_cards() -> None:
    """ARC-1.6, ARC-1.7: the cards come from the pocket, three for each shop, then three for the warehouse."""
    state = GAME.new_game(seed=2)
    destinations = []
    while state.is_chance_node:
        node = state.chance_node()
        assert (node.source.value, node.name, node.rule) == ("bag", "pocket", "ARC-1.7")
        destinations.append(node.destination)
        state = force(state, str(state.legal_moves()[-1]))
    assert destinations.count("warehouse") == 3 and destinations[-1] == "warehouse"
    assert all(destinations.count(d) == 3 for d in destinations) and len(destinations) == 39
    expect(state, lambda s: s.pocket.total == 61 - 39, "ARC-1.6: the rest stays in the pocket")
    expect(state, lambda s: s.shop("jade").total == 3 and s.warehouse.total == 3, "ARC-1.7")


def test_short_game_closes_the_pagoda_islands() -> None:
    """ARC-9.1: in the short game the four pagoda islands' shops are closed and get no cards."""
    state = dealt(short=True)
    expect(state, lambda s: len(s.shut) == 4, "ARC-9.1: four closed shops")
    expect(state, lambda s: all(s.shop(island).total == 0 for island in s.shut), "ARC-9.1: no cards there")


def test_a_move_costs_one_fuel_however_far() -> None:
    """ARC-2.2, ARC-2.4: each move hands in one fuel marker, and a boat not in a harbour may move again."""
    state = dealt()
    spot = a_fish_spot(state)
    state = play(state, [f"sail {spot}"])
    expect(state, lambda s: s.boat_of("red").fuel == 4 and s.boat_of("red").at == spot, "ARC-2.2: one fuel")
    expect(state, lambda s: s.supply == 30 - 10 + 1, "ARC-2.3: the marker goes beside the board")
    expect(state, lambda s: s.current_player == 0, "ARC-2.4: still red's turn at sea")


def test_no_bait_no_try() -> None:
    """ARC-3.1: a boat at a fish without bait may not try to catch it."""
    state = dealt()
    state = play(state, [f"sail {a_fish_spot(state)}"])
    expect_illegal(state, "catch", code="no-bait", rule="ARC-3.1")


def test_entering_a_harbour_buys_the_shop_and_ends_the_turn() -> None:
    """ARC-4.5, ARC-4.8, ARC-4.9, ARC-2.5: the shop's cards become equipment, the turn ends, the
    warehouse refills the shop."""
    state = dealt({"jade": ["bait-red", "jerrycan-blue", "bait-blue"]})
    warehouse = state.warehouse
    state = play(state, ["sail jade"])
    expect(state, lambda s: s.boat_of("red").cards.total == 3 and s.shop("jade").total == 0, "ARC-4.5")
    expect_legal(state, "done")
    state = play_to(play(state, ["done"]), seat=1)
    expect(state, lambda s: s.shop("jade") == warehouse, "ARC-4.9: the warehouse's cards fill the shop")
    expect(state, lambda s: s.warehouse.total == 3, "ARC-4.9: the pocket refills the warehouse")


def test_matching_bait_catches_and_returns_to_the_pocket() -> None:
    """ARC-3.2: a fish of the bait's colour is caught; the bait goes back to the pocket."""
    state = dealt({"jade": ["bait-red", "bait-red", "jerrycan-blue"]}, players=1)
    state = play_to(play(state, ["sail jade", "done"]), seat=0)
    spot = a_fish_spot(state)
    before = state.pocket.contents["bait-red"]
    state = play(state, [f"sail {spot}", "catch"])
    node = state.chance_node()
    assert (node.source.value, node.destination, node.rule) == ("piece", f"spot {spot}", "ARC-3.2")
    state = force(state, "fish red")
    expect(state, lambda s: s.boat_of("red").fish["red"] == 1, "ARC-3.2: the fish is on the boat card")
    expect(state, lambda s, n=before: s.pocket.contents["bait-red"] == n + 1, "ARC-3.2: bait back in the pocket")
    expect(state, lambda s: s.spot(spot).fish == SpotFish.CAUGHT, "ARC-3.2: the spot is empty")


def test_a_fish_not_caught_stays_face_up() -> None:
    """ARC-3.2: without bait of its colour the exposed fish stays where it is, face up."""
    state = dealt({"jade": ["bait-red", "jerrycan-blue", "jerrycan-blue"]}, players=1)
    state = play_to(play(state, ["sail jade", "done"]), seat=0)
    spot = a_fish_spot(state)
    state = play(state, [f"sail {spot}", "catch", "!fish blue"])
    expect(state, lambda s: s.spot(spot).fish == "blue" and s.spot(spot).face_up, "ARC-3.2: face up at its spot")
    expect(state, lambda s: s.boat_of("red").cards["bait-red"] == 1, "ARC-3.2: the bait is kept")
    expect_illegal(state, "catch", code="tried", rule="ARC-3.1")


def test_the_shark_eats_the_bait() -> None:
    """ARC-3.4, ARC-10.2: a shark eats one bait, which leaves the game; the shark stays face up."""
    state = dealt({"jade": ["bait-red", "jerrycan-blue", "jerrycan-blue"]}, players=1)
    state = play_to(play(state, ["sail jade", "done"]), seat=0)
    spot = a_fish_spot(state)
    state = play(state, [f"sail {spot}", "catch", "!fish shark"])
    expect(state, lambda s: s.removed["bait-red"] == 1 and not s.boat_of("red").cards["bait-red"], "ARC-3.4")
    expect(state, lambda s: s.spot(spot).fish == "shark" and s.spot(spot).face_up, "ARC-3.4: the shark stays")


def test_staying_in_an_island_harbour_takes_its_shop() -> None:
    """ARC-2.7, ARC-2.5: a boat that ended its turn in an island's harbour may stay there, and
    then must take that shop's cards; `end turn` is for the sea. The old word `end` reads as
    whichever of `end turn`, `stay` and `done` the state calls for."""
    state = dealt({"jade": ["bait-red", "bait-blue", "jerrycan-red"]})
    state = play_to(play(state, ["sail jade", "done"]), seat=1)
    state = play_to(play(state, ["end turn"]), seat=0)
    expect_illegal(state, "end turn", code="in-harbour", rule="ARC-2.7")
    expect_legal(state, "stay")
    expect_legal(state, "end")  # the alias: here it is `stay`
    shop = state.shop("jade")
    state = play(state, ["stay"])
    expect(state, lambda s: s.boat_of("red").cards.total == min(4, 3 + shop.total), "ARC-2.7: the shop's cards")
    expect(state, lambda s: s.shop("jade").total == 0, "ARC-2.7: forced to take the cards in the shop")


def test_a_leak_sinks_the_equipment() -> None:
    """ARC-4.1: a boat leak card in the shop: the boat's equipment leaves the game, the leak goes back."""
    state = dealt({"jade": ["bait-red", "bait-blue", "jerrycan-red"], "coral": ["leak", "bait-green", "bait-green"]})
    state = play_to(play(state, ["sail jade", "done"]), seat=1)
    state = play_to(play(state, ["end turn"]), seat=0)
    state = play(state, ["sail coral"])
    expect(state, lambda s: s.boat_of("red").cards.total == 2, "ARC-4.1: only the coral shop's bait is left")
    expect(state, lambda s: s.removed["bait-red"] == 1 and s.removed["jerrycan-red"] == 1, "ARC-4.1: lost")
    expect(state, lambda s: s.pocket.contents["leak"] >= 1, "ARC-4.1: the leak card returns to the pocket")


def test_a_numbered_storm_goes_on_its_space() -> None:
    """ARC-4.3, ARC-4.4: a numbered storm card goes on its storm space; good weather with no
    other storm removes one of your choice."""
    state = dealt({"jade": ["storm-7", "good-weather", "bait-red"]})
    state = play(state, ["sail jade"])
    expect(state, lambda s: s.turn.weather == "good-weather", "ARC-4.4: good weather waits for a choice")
    expect_legal(state, "calm s7")
    state = play(state, ["calm s7"])
    expect(state, lambda s: s.storm("s7") == "" and s.removed["storm-7"] == 1, "ARC-4.4: both leave the game")
    expect(state, lambda s: s.removed["good-weather"] == 1, "ARC-4.4: the good weather card too")


def test_good_weather_without_storms_has_no_effect() -> None:
    """ARC-4.4: with no storm on the board the good weather card is removed without effect."""
    state = dealt({"jade": ["good-weather", "bait-red", "bait-blue"]})
    state = play(state, ["sail jade"])
    expect(state, lambda s: s.removed["good-weather"] == 1 and s.boat_of("red").cards.total == 2, "ARC-4.4")


def test_boats_together_hand_over_fuel() -> None:
    """ARC-6.1: two boats on the same location may give each other fuel, one marker at a time."""
    state = dealt()
    spot = a_fish_spot(state)
    state = play_to(play(state, [f"sail {spot}", "end turn"]), seat=1)
    state = play(state, [f"sail {spot}", "give fuel to red"])
    expect(state, lambda s: (s.boat_of("red").fuel, s.boat_of("yellow").fuel) == (5, 3), "ARC-6.1: one marker")
    expect_illegal(state, "take fuel from red", code="given-back", rule="ARC-6.1")


def test_declaring_the_season_over_reads_the_ending() -> None:
    """ARC-7.1, ARC-7.4: the players may declare the season over; with orders missing it is ending 3."""
    state = play(dealt(), ["season over"])
    expect(state, lambda s: s.is_terminal and s.outcome.ending == 3, "ARC-7.4: not all markets supplied")
    expect(state, lambda s: s.outcome.returns == (0.0, 0.0), "ARC-7.4: everybody shares the result")
