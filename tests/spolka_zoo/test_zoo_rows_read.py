"""Reading a Spółka ZOO state refuses face-up rows of the wrong length and refills of a slot
that is not an empty slot of its row (fuzz 38): a text with a row one slot short was accepted
and the refill of its last slot failed with an `IndexError`."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from zoo_helpers import checked_states, craft, play, refused, start

from tabletop.kernel.errors import DecodeError
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.rules.decks import DRAW_HELPER, DRAW_INFLUENCE
from tabletop.spolka_zoo.state.rows import check_rows


def _piles(state: ZooState, **changes: Any) -> ZooState:
    return craft(state, piles=attrs.evolve(state.piles, **changes))


def _lobbying() -> ZooState:
    """Seat 0 lobbied the row's first influence card: its slot waits for a refill."""
    state = play(start(3), "pick lobby; pick share; pick share", "lobby inf-apple apple")
    assert state.piles.influence_row[0] == "" and state.queue[0] == DRAW_INFLUENCE(0)
    return state


def test_a_row_of_the_wrong_length_isrefused() -> None:
    """ZOO-1.4, ZOO-1.5 "lay out 3 cards face up (4 cards with 4-5 players)": a row with a slot
    fewer or more than the market has is refused."""
    fresh: ZooState = GAME.new_game(7, players=3)  # type: ignore[assignment]
    refused(_piles(fresh, helper_row=("", "")), "piles.helper_row", "ZOO-1.5", "2 slots")
    state = start(3)
    longer = (*state.piles.influence_row, "")
    refused(_piles(state, influence_row=longer), "piles.influence_row", "ZOO-1.4", "the row has 3")


def test_a_refill_of_a_slot_outside_the_row_isrefused() -> None:
    """ZOO-1.4: a refill names a slot of its row (there are 3 with three seats)."""
    state = _lobbying()
    refused(craft(state, queue=(DRAW_INFLUENCE(3), *state.queue[1:])), "queue[0].index", "ZOO-1.4", "slot 3")


def test_a_refill_of_a_slot_holding_a_card_or_twice_isrefused() -> None:
    """ZOO-1.4, ZOO-1.5: only the slot emptied is refilled, once; a refill of a slot holding a
    card (it would lose the card) or a second refill of one slot is refused."""
    state = _lobbying()
    refused(
        craft(state, queue=(DRAW_INFLUENCE(1), *state.queue[1:])), "queue[0].index", "ZOO-1.4", "'inf-majority-coins'"
    )
    refused(craft(state, queue=(DRAW_HELPER(0), *state.queue[1:])), "queue[0].index", "ZOO-1.5", "'h-owl'")
    refused(craft(state, queue=(state.queue[0], *state.queue)), "queue[1].index", "ZOO-1.4", "a second refill")


def test_the_fuzzers_text_isrefused_when_read() -> None:
    """The text fuzz 38 found (a helper row one slot short before the deal) is refused by
    `state_from_json` at the row, instead of failing at the third refill."""
    text = json.loads(GAME.new_game(7, players=3).to_json())
    del text["state"]["piles"]["helper_row"][2]
    with pytest.raises(DecodeError, match=r"state\.piles\.helper_row.*\(ZOO-1\.5\)") as caught:
        GAME.state_from_json(json.dumps(text))
    assert "['', '']" in str(caught.value) or "('', '')" in str(caught.value)


@pytest.mark.parametrize(
    "options", [{"players": 5, "modules": ("intrigues",)}, {"players": 1, "bots": 2, "seating": "BPB"}]
)
def test_every_state_of_random_games_passes(options: dict[str, Any]) -> None:
    """The check refuses nothing the rules reach: every state of seeded random games passes,
    refills pending among them."""
    refills = sum(
        any(task.op == "draw_row" for task in state.queue) for state in checked_states(check_rows, 6, **options)
    )
    assert refills
