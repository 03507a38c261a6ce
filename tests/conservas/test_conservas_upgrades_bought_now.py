"""CON-3.5, CON-3.8: an upgrade is traded On Land, and `bought` names it until the End of Day
replaces the cards bought. Reading refuses an upgrade owned since this round that `bought` does
not name (session 38 left it read), and one owned since this round before its On Land; each
refusal a `DecodeError` naming the field, the value and the rule. The test helpers build such
states no more (`own` names a card it gives On Land in `bought`, and at sea gives it from the
round before)."""

from __future__ import annotations

from typing import Any

from conservas_helpers import own, play, read_edited, read_refusal, start, to_land, with_catch

from tabletop.conservas import ConservasState


def _traded() -> ConservasState:
    """Round 1 On Land, Secondary Nets traded for two sardines: `bought` names it."""
    state = play(with_catch(to_land(start()), sardine=2), "trade secondary-nets sardine,sardine")
    assert state.bought == ("secondary-nets",) and state.upgrades[-1].round == 1
    return state


def test_an_upgrade_traded_this_round_reads_back_named_in_bought() -> None:
    """CON-3.5: "trading" an upgrade On Land; CON-3.8: the cards bought are recorded to the End of Day."""
    state = _traded()
    assert read_edited(state) == state
    later = play(state, "done")
    assert later.flow.phase == "eod" and read_edited(later) == later


def test_an_upgrade_owned_since_this_round_missing_from_bought_is_refused() -> None:
    """CON-3.5, CON-3.8: an upgrade owned since this round was traded this round, so `bought` names it."""

    def drop(document: dict[str, Any]) -> None:
        document["bought"] = []

    for state in (_traded(), play(_traded(), "done")):
        text = read_refusal(state, drop)
        assert "state.cards.upgrades[0].round" in text
        assert "'secondary-nets' owned since round 1, this round, but not in bought" in text and "CON-3.5" in text


def test_no_upgrade_is_owned_since_this_round_before_its_on_land() -> None:
    """CON-3.5: upgrades are traded On Land, after At Sea: at sea none is owned since this round."""
    state = own(start(), "secondary-nets")  # owned since round 1, at sea in round 2
    assert (state.flow.phase, state.flow.round, state.upgrades[0].round) == ("sea", 2, 1)
    assert read_edited(state) == state

    def this_round(document: dict[str, Any]) -> None:
        document["cards"]["upgrades"][0]["round"] = 2

    text = read_refusal(state, this_round)
    assert "state.cards.upgrades[0].round" in text
    assert "'secondary-nets' owned since round 2, this round, before this round's On Land" in text and "CON-3.5" in text
