"""Harbour and setup edge cases read from the rulebook's plain words: a closed shop's market, two
good-weather cards and one storm, the pocket at exactly three cards, the short game's setup, the
fuel supply with five boats, a shark eating the only bait, and a storm cleared with the last fuel
(ARC-4.10, ARC-4.4, ARC-4.9, ARC-1.7, ARC-9.1, ARC-1.4, ARC-3.4, ARC-5.4)."""

from __future__ import annotations

import attrs
import pytest
from archipel_helpers import boat, play, shop, started, storms

from tabletop.archipel import ArchipelState, Calm
from tabletop.archipel.invariants import check_invariants
from tabletop.kernel.tokens import Tokens


def _at_jade(wares: list[str], placed: dict[int, str] | None = None, **changes: object) -> ArchipelState:
    """Red in Jade's harbour (Jade orders a blue and a yellow fish) at the start of its turn."""
    return shop(storms(boat(started(1), 0, at="jade", **changes), placed or {}), "jade", wares)


def test_a_closed_shop_s_market_still_takes_fish() -> None:
    """ARC-4.10 "From now on, no more square cards are put on this shop. It is still possible to
    deliver fish on this harbour's market": Jade's shop closed, the blue fish is delivered; after
    the visit the warehouse's cards do not go to the closed shop."""
    state = _at_jade([], fish=["blue"])
    state = attrs.evolve(state, shut=state.shut | {"jade"})
    check_invariants(state)
    warehouse = state.warehouse
    state = play(state, "stay")
    assert state.markets[0] == Tokens({"blue": 1}) and not state.boats[0].fish
    state = play(state, "done")
    assert not state.shops[0] and state.warehouse == warehouse and state.flow.key == "turn.act"


def test_a_second_good_weather_with_no_storm_left_has_no_effect() -> None:
    """ARC-4.4 "Immediately remove one storm card of your choice ... If there are no storm cards on
    the board yet, the good weather card is removed without having effect": two good-weather cards,
    one storm: the first calms it, the second leaves the game without effect."""
    state = play(_at_jade(["good-weather", "good-weather", "bait-red"], {3: "storm-3"}), "stay")
    assert state.legal_moves() == (Calm("s3"),)
    state = play(state, "calm s3")
    assert state.flow.key == "harbour.dock" and not any(state.storms)
    assert state.removed == Tokens({"good-weather": 2, "storm-3": 1})
    assert state.boats[0].cards == Tokens({"bait-red": 1})


@pytest.mark.parametrize(("kept", "shut"), [(3, False), (2, True)])
def test_the_pocket_refills_the_warehouse_from_three_cards(kept: int, shut: bool) -> None:
    """ARC-4.9, ARC-4.10 "When there are less than three cards in the blue pocket, they remain in the
    pocket. Instead, the keeper puts a 'closed' sign on the warehouse": with exactly three cards
    the warehouse is refilled; with two they stay and the sign comes."""
    state = _at_jade(["bait-red"])
    cards = state.pocket.contents
    out = cards - Tokens(cards.elements()[:kept])
    state = attrs.evolve(state, pocket=state.pocket.take(out), removed=state.removed + out)
    warehouse = state.warehouse
    state = play(state, "stay", "done")
    assert state.shops[0] == warehouse and state.warehouse_shut == shut
    assert state.flow.key == ("turn.act" if shut else "harbour.restock") and state.pocket.total == kept


def test_the_short_game_stocks_only_the_eight_shops_in_play() -> None:
    """ARC-1.7, ARC-9.1 "Each shop now gets three square cards ... The warehouse also gets three";
    "play with 8 of the 12 markets and shops ... put a 'closed' sign on shop and market": 8 x 3 + 3
    cards are drawn, the four pagoda shops stay empty and closed."""
    state = started(1, short=True)
    pagodas = {island.id for island in state.map.islands if island.pagoda}
    assert len(pagodas) == 4 and state.shut == pagodas
    assert state.chance_count == 27 and state.warehouse.total == 3 and state.pocket.total == 61 - 27
    assert sorted(shop.total for shop in state.shops) == [0] * 4 + [3] * 8


def test_five_full_tanks_leave_five_markers_beside_the_board() -> None:
    """ARC-1.4 "Put 5 fuel markers on each boat card. The remaining fuel tokens are put beside the
    game board" (30 markers): five boats leave 5, two leave 20."""
    assert started(1, players=5).supply == 5 and [b.fuel for b in started(1, players=5).boats] == [5] * 5
    assert started(1, players=2).supply == 20


def test_a_shark_eats_the_only_bait_even_a_multicolour_one() -> None:
    """ARC-3.4, ARC-10.2 "it will eat one bait (of your choice) ... the bait card is removed from the
    game": the boat's one multicolour bait is eaten without a question and leaves the game."""
    state = play(boat(started(1), 0, cards=["bait-multi"]), "sail f01", "catch", "fish shark")
    assert state.removed == Tokens({"bait-multi": 1}) and not state.boats[0].cards
    assert (state.spots[0].fish, state.spots[0].face_up) == ("shark", True) and state.flow.key == "turn.act"


def test_clearing_a_storm_with_the_last_fuel_leaves_the_boat_there() -> None:
    """ARC-5.4 "After removing the storm card you can move again, if you still have fuel left!
    Otherwise, you stay at this location": with one fuel the gear's move empties the tank, so the
    boat stays on the storm space and can only end its turn there."""
    state = storms(boat(started(1), 0, cards=["storm-gear"], fuel=1), {20: "storm-20"})
    state = play(state, "sail s20")
    assert (state.boats[0].at, state.boats[0].fuel) == ("s20", 0) and not any(state.storms)
    assert {m.kind for m in state.legal_moves()} == {"end-turn", "over"}
    state = play(state, "end turn")
    assert state.boats[0].at == "s20" and state.flow.player == 1
