"""A seat's view refuses to reveal another seat's secret pick (fuzz 38: stepping a view revealed
`?` as a token and wrote a text that the library could not read back)."""

from __future__ import annotations

import pytest
from zoo_helpers import play, start

from tabletop.kernel.errors import IllegalMove
from tabletop.spolka_zoo import GAME, ZooState


def test_a_view_does_not_reveal_a_secret_pick() -> None:
    """ZOO-3.1 "secretly": seat 2's view does not know seats 0 and 1's picks, so the move that
    reveals seat 0's token is refused there with the code hidden-in-view (and the full state
    plays it)."""
    state = play(start(3), "pick share; pick fruit")
    view: ZooState = state.view(2)  # type: ignore[assignment]
    move = GAME.parse_move(view, "pick lobby")
    with pytest.raises(IllegalMove) as caught:
        view.apply(move)
    assert caught.value.code == "hidden-in-view" and "seat 0" in str(caught.value)
    assert state.apply(move).turn.token == "share"  # type: ignore[attr-defined]


def test_a_view_does_not_reveal_a_card_another_seat_looked_at() -> None:
    """ZOO-6.4 "Looking at ... cards is done covertly" and ZOO-4.12: seat 0 speculated on the
    apple deck and put the 4 cards back on top; seat 1's view, asked to play the move that
    starts the market phase (ZOO-7.1: the apple deck's top card is revealed), refuses it with
    the code hidden-in-view instead of revealing `?` (fuzz 38), and the full state reveals them."""
    state = play(
        start(3),
        "pick speculate; pick share; pick share",
        "speculate apple; draw apple-1; draw apple-2; draw apple-3; draw apple-4",
        "arrange apple-1,apple-2,apple-3,apple-4; done; done",
        "pick fruit; pick fruit; pick fruit; done; done; done",
        "pick lobby; pick lobby; pick lobby; done; done",
    )
    assert [k.card for k in state.decks[0].top] == ["apple-1", "apple-2", "apple-3", "apple-4"]
    view: ZooState = state.view(1)  # type: ignore[assignment]
    move = GAME.parse_move(view, "done")
    with pytest.raises(IllegalMove) as caught:
        view.apply(move)
    assert caught.value.code == "hidden-in-view" and "apple deck" in str(caught.value)
    shown = state.apply(move).piles.shown  # type: ignore[attr-defined]
    assert shown[:4] == tuple(("apple", f"apple-{n}") for n in range(1, 5))
