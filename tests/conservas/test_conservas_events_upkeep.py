"""The `upkeep` event names the one boat the player paid for, with that boat's own upkeep
(CON-4.6); the boats settled by themselves in the same step are reported apart. Amounts of
one euro are written in the singular."""

from __future__ import annotations

from conservas_helpers import GAME, changed, play, start, to_land

from tabletop.conservas import ConservasState
from tabletop.conservas.events import euros


def _at_pay() -> ConservasState:
    """Money 3; Bogavanti (upkeep 2), Reference Boat 12 (2) and Quid Pro Pulpo (1) are due."""
    land = to_land(start(first="bogavanti", other="te-parece-bonito"))
    fleet = ("bogavanti", "ref-boat-12", "quid-pro-pulpo")
    deck = land.boat_deck
    for boat in fleet[1:]:
        if boat not in land.boat_row:
            deck = deck.remove(boat)
    row = tuple(b for b in land.boat_row if b not in fleet)
    state = play(changed(land, fleet=fleet, boat_row=row, boat_deck=deck, money=3), "done")
    while state.flow.key != "eod.pay":
        state = state.apply(state.legal_moves()[0])
    return state


def test_the_upkeep_event_reports_the_named_boats_own_upkeep() -> None:
    """CON-4.6: paying Bogavanti's 2 euros reports 2, and the 1 euro Quid Pro Pulpo then pays
    by itself in the same step apart (`others`), not as Bogavanti's upkeep."""
    state = _at_pay()
    move = GAME.parse_move(state, "upkeep bogavanti")
    after = state.apply(move)
    event = state.events(move, after)[0]
    assert event.kind == "upkeep"
    assert event.text == "paid 2 euros upkeep for Bogavanti, then 1 euro for the other boats due"
    assert (event.get("boat"), event.get("money"), event.get("others")) == ("bogavanti", 2, 1)
    assert after.report.upkeep == 3
    assert after.fleet == ("bogavanti", "quid-pro-pulpo")


def test_an_upkeep_event_with_nothing_settled_after_it_says_only_its_own_payment() -> None:
    """CON-4.6: paying Quid Pro Pulpo's 1 euro first leaves 2 euros for one of the two boats
    owing 2: the player is asked again, so nothing else was paid in that step."""
    state = _at_pay()
    move = GAME.parse_move(state, "upkeep quid-pro-pulpo")
    after = state.apply(move)
    event = state.events(move, after)[0]
    assert after.flow.key == "eod.pay"
    assert event.text == "paid 1 euro upkeep for Quid Pro Pulpo"
    assert (event.get("money"), event.get("others")) == (1, 0)


def test_one_euro_is_singular() -> None:
    """Amounts are written `1 euro`, `0 euros`, `3 euros`."""
    assert [euros(n) for n in (0, 1, 3)] == ["0 euros", "1 euro", "3 euros"]
