"""Reading an untrusted state refuses deck cards known in a way play never leaves them, and a
handful drawn once every card got one (fuzz report 37, findings 3 and 4): each refusal is a
`DecodeError` naming the field, the value and the rule. An empty fleet, which upkeep can leave
(CON-4.6), still reads."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conservas_helpers import GAME, start

import tabletop
from tabletop.agents.simple import RandomAgent
from tabletop.conservas import ConservasState
from tabletop.kernel.chance import sample_chance


def _read(state: ConservasState, edit: Any) -> ConservasState:
    """`state`'s JSON changed by `edit(document["state"])`, read back."""
    document = json.loads(state.to_json())
    edit(document["state"])
    read = GAME.state_from_json(json.dumps(document))
    assert isinstance(read, ConservasState)
    return read


def _refusal(state: ConservasState, edit: Any) -> str:
    with pytest.raises(tabletop.DecodeError) as caught:
        _read(state, edit)
    return str(caught.value)


def _bottom(seen_by: list[int], public: bool) -> Any:
    def edit(s: dict[str, Any]) -> None:
        s["cards"]["boat_deck"]["bottom"][0].update(seen_by=seen_by, public=public)

    return edit


@pytest.mark.parametrize("seen_by", [[-1], [5], [], [0, 1]])
@pytest.mark.parametrize("public", [False, True])
def test_the_boat_under_the_deck_seen_by_another_seat_or_nobody_is_refused(seen_by: list[int], public: bool) -> None:
    """CON-1.5: the boat put under the deck at setup was seen by seat 0, the only seat (a card
    seen by nobody would be hidden in the view, which then would not read back)."""
    state = start()
    assert state.boat_deck.bottom[0].card == "te-parece-bonito"
    text = _refusal(state, _bottom(seen_by, public))
    assert "state.cards.boat_deck.bottom[0].seen_by" in text and f"seen by {seen_by}" in text
    assert "'te-parece-bonito'" in text and "CON-1.5" in text


def test_the_boat_under_the_deck_not_public_is_refused() -> None:
    """CON-1.5: nothing is hidden from the solo player: the known boat is public."""
    text = _refusal(start(), _bottom([0], False))
    assert "state.cards.boat_deck.bottom[0].public" in text and "not public" in text and "CON-1.5" in text


def test_known_cards_elsewhere_than_under_the_boat_deck_are_refused() -> None:
    """CON-1.5: only one card is ever known in place, the boat put under the boat deck."""
    known = {"card": "fish-finders", "seen_by": [0], "public": True}

    def upgrade(s: dict[str, Any]) -> None:
        s["cards"]["upgrade_row"].remove("fish-finders")
        s["cards"]["upgrade_row"].append(_from_middle(s["cards"]["upgrade_deck"]))
        s["cards"]["upgrade_deck"]["top"] = [known]

    text = _refusal(start(), upgrade)
    assert "state.cards.upgrade_deck" in text and "a known upgrade card" in text and "CON-1.5" in text

    def two(s: dict[str, Any]) -> None:
        card = _from_middle(s["cards"]["boat_deck"])
        s["cards"]["boat_deck"]["bottom"].append({"card": card, "seen_by": [0], "public": True})

    text = _refusal(start(), two)
    assert "state.cards.boat_deck.bottom" in text and "2 known boats under the deck" in text

    def on_top(s: dict[str, Any]) -> None:
        s["cards"]["boat_deck"]["top"] = s["cards"]["boat_deck"].pop("bottom")
        s["cards"]["boat_deck"]["bottom"] = []

    text = _refusal(start(), on_top)
    assert "state.cards.boat_deck.top" in text and "on top of the boat deck" in text


def _from_middle(deck: dict[str, Any]) -> str:
    """Take one card out of a deck's unknown middle (JSON)."""
    middle = deck["middle"]
    card = sorted(middle)[0]
    middle[card] -= 1
    if not middle[card]:
        del middle[card]
    return card


def test_a_handful_drawn_once_every_card_got_one_is_refused() -> None:
    """CON-2.5: handfuls are drawn until every boat and the Open Water card got one; then On Land
    (a state drawing one more has no move once the handful is complete)."""
    state = start()
    assert state.flow.key == "sea.draw" and state.fleet == ("el-dorado",)
    assert _read(state, lambda s: s.update(used=["el-dorado"])).used == ("el-dorado",)
    text = _refusal(state, lambda s: s.update(used=["el-dorado", "open-water"]))
    assert "state.used" in text and "at sea.draw once every card got one: el-dorado, open-water" in text
    assert "CON-2.5" in text


def test_an_empty_fleet_left_by_upkeep_reads_and_plays_on() -> None:
    """CON-4.6: a boat whose upkeep cannot be paid is discarded, the first one too: an empty
    fleet is reachable (seed 5, random play, round 5), so it reads, and its handful goes on the
    Open Water card."""
    rng, agent = random.Random(5), RandomAgent()
    state = GAME.new_game(5)
    while state.fleet or state.flow.key != "sea.place":
        move = sample_chance(state, rng) if state.is_chance_node else agent.choose(state, state.legal_moves(), rng)
        state = state.apply(move)
    assert state.report.discarded and not state.used
    read = GAME.state_from_json(state.to_json())
    assert read == state and [str(m) for m in read.legal_moves()][:1] == ["place open-water"]
    assert GAME.state_from_json(read.view(0).to_json()) == read.view(0)
