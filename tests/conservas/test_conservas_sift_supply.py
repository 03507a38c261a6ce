"""CON-2.6, CON-2.7 with CON-6.6 (ruling): a `sift` card's extra tokens are drawn from the bag
only. The supply's water completes the handful's own size (5, or a `draw_count`), never the
extras, so owning a sift card can neither forfeit a game nor move supply water into the bag."""

from __future__ import annotations

from conservas_helpers import draw, own, play, start, supply_water, to_land, water_round, with_bag

from tabletop.conservas import ConservasState
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.tokens import Tokens


def _next_handful(card: str, **bag: int) -> ConservasState:
    """`card` owned from round 1, at round 2's first draw (the card works from its first
    handful), with the bag set to `bag` and 5 water left in the supply."""
    state = water_round(own(to_land(start()), card))
    assert state.flow.key == "sea.draw" and state.flow.round == 2 and not state.hand
    return supply_water(with_bag(state, **bag), 5)


def test_a_sift_extra_is_not_taken_from_the_supply() -> None:
    """CON-2.6, CON-6.6: bag empty after exactly the handful's 5 tokens: no sixth token is
    taken from the supply (the 5 supply water stay), nothing is returned, the 5 are placed."""
    state = draw(_next_handful("ref-sorting-table", sardine=5), "sardine sardine sardine sardine sardine")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"sardine": 5})
    assert state.supply["water"] == 5
    assert (state.handful, state.to_return) == (5, 0)


def test_a_sift_card_cannot_forfeit_a_handful_the_supply_completes() -> None:
    """CON-2.7, CON-6.6: an empty bag and exactly 5 water in the supply: the 5-token handful is
    completed from the supply and play goes on, with or without a sift card (the audit's case:
    it was forfeited with the card, '6 needed')."""
    state = own(start(), "ref-sorting-table")  # the first handful's size is already fixed at 5
    state = supply_water(with_bag(state, sardine=5), 5)
    state = draw(state, "sardine sardine sardine sardine sardine")
    state = play(state, "place el-dorado sardine,sardine")
    assert state.flow.key == "sea.place"
    assert state.forfeit == ""
    assert state.hand == Tokens({"water": 5})
    assert state.supply["water"] == 0
    assert (state.handful, state.to_return) == (5, 0)


def test_a_short_bag_tops_up_the_handful_only() -> None:
    """CON-2.6, CON-6.6: 3 tokens in the bag, Sorting Table: the 3 are drawn, 2 supply water
    complete the 5, and nothing is returned (the extra token would have been supply water)."""
    state = _next_handful("ref-sorting-table", sardine=3)
    state = draw(state, "sardine sardine sardine")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"sardine": 3, "water": 2})
    assert state.supply["water"] == 3


def test_extras_the_bag_still_holds_are_drawn_and_returned() -> None:
    """CON-6.6: Sieve (2 extra) and 6 tokens in the bag: all 6 are drawn, the one extra the bag
    held is returned, the seventh is not asked of the supply."""
    state = _next_handful("ref-sieve", sardine=6)
    state = draw(state, "sardine sardine sardine sardine sardine")
    assert state.current_player == CHANCE
    state = draw(state, "sardine")
    assert state.flow.key == "sea.sift"
    assert (state.handful, state.to_return) == (6, 1)
    state = play(state, "return sardine")
    assert state.flow.key == "sea.place"
    assert state.hand == Tokens({"sardine": 5})
    assert state.supply["water"] == 5


def test_a_handful_the_supply_cannot_complete_still_forfeits_with_a_sift_card() -> None:
    """CON-2.7: the sift extras aside, a handful short of supply water is forfeited, and the
    reason counts the handful's own tokens (2 drawn, 3 needed, 2 in the supply)."""
    state = supply_water(_next_handful("ref-sorting-table", sardine=2), 2)
    state = draw(state, "sardine sardine")
    assert state.current_player == TERMINAL
    assert state.forfeit.endswith("the supply has 2 water tokens, 3 needed")


def test_sift_with_a_full_bag_is_unchanged() -> None:
    """CON-6.6: with tokens to spare in the bag, Sorting Table still draws 6 and returns 1."""
    state = draw(_next_handful("ref-sorting-table", sardine=10), "sardine sardine sardine sardine sardine")
    assert state.current_player == CHANCE
    state = draw(state, "sardine")
    assert (state.flow.key, state.handful, state.to_return) == ("sea.sift", 6, 1)
