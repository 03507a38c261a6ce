"""ARC-9.1: "For an easier and shorter game, play with 8 of the 12 markets and shops. The grey
islands with a pagoda are out of the game. For clarity, put a 'closed' sign on shop and market on
each of these 4 islands." The islands are out, not only their shops and markets: in the short
game no boat sails into a pagoda island's harbour, none is found there in a state read, and none
shelters there for `declare="supplied"` (audit 37, finding 7)."""

from __future__ import annotations

import attrs
import pytest
from archipel_helpers import boat, started

from tabletop.archipel import GAME, Sail
from tabletop.archipel.state import boats_safe
from tabletop.kernel.errors import DecodeError, IllegalMove

PAGODAS = sorted(started(1, short=True).map.pagodas)


def test_no_boat_sails_into_a_pagoda_island_in_the_short_game() -> None:
    """ARC-9.1: the pagoda islands are out of the game: their harbours are no destination."""
    short, plain = started(1, short=True), started(1)
    assert len(PAGODAS) == 4
    sails = {move.to for move in short.legal_moves() if isinstance(move, Sail)}
    assert sails and not sails & set(PAGODAS)
    assert set(PAGODAS) <= {move.to for move in plain.legal_moves() if isinstance(move, Sail)}
    for island in PAGODAS:
        with pytest.raises(IllegalMove) as info:
            short.apply(Sail(island))
        assert (info.value.code, info.value.rule) == ("out-of-the-game", "ARC-9.1")


def test_a_boat_in_a_pagoda_harbour_is_refused_in_a_short_game_s_text() -> None:
    """ARC-9.1: a short game's text with a boat in a pagoda island's harbour is refused by name."""
    for island in PAGODAS:
        text = boat(started(1, short=True), 1, at=island).to_json()
        with pytest.raises(DecodeError) as caught:
            GAME.state_from_json(text)
        assert caught.value.path == "state.boats[1].at" and "ARC-9.1" in str(caught.value)
        plain = boat(started(1), 1, at=island)
        assert GAME.state_from_json(plain.to_json()) == plain


def test_a_pagoda_harbour_is_no_shelter_in_the_short_game() -> None:
    """ARC-9.1, ARC-7.1: `declare="supplied"` counts a boat safe in a harbour in play only."""
    state = boat(boat(started(1, short=True, declare="supplied"), 0, fuel=1), 1, fuel=1)
    harbours = [i for i in state.map.island_ids if i not in state.map.pagodas]
    assert boats_safe(boat(boat(state, 0, at=harbours[0]), 1, at=harbours[1]))
    assert not boats_safe(boat(boat(state, 0, at=harbours[0]), 1, at=PAGODAS[0]))
    assert boats_safe(attrs.evolve(boat(boat(state, 0, at=harbours[0]), 1, at=PAGODAS[0]), short=False))


def test_a_boat_nowhere_on_the_board_is_refused() -> None:
    """ARC-2.3: a boat is always at a location of the board (a fish spot, a harbour, a home port, a
    storm space)."""
    text = boat(started(1), 0, at="atlantis").to_json()
    with pytest.raises(DecodeError) as caught:
        GAME.state_from_json(text)
    assert caught.value.path == "state.boats[0].at" and "ARC-2.3" in str(caught.value)
