"""A seat's view refuses to reveal another seat's secret pick (fuzz 38: stepping a view revealed
`?` as a token and wrote a text that the library could not read back), and to show its seat,
or everyone, cards another seat looked at (a look or a face-up move wrote `?` before)."""

from __future__ import annotations

import random

import pytest
from zoo_helpers import legal, play, start

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.deck import HIDDEN, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.views import perturb


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


def _spoken_for(players: int, bots: int, second: str) -> ZooState:
    """Seat 0 speculated on the apple deck and put its 4 cards back on top in their order (ZOO-4.12),
    seat 1 picked `second`: the apple deck's top 4 cards are known to seat 0 only."""
    state = play(
        start(players, bots),
        f"pick speculate; pick {second}" + "; pick share" * (players - 2),
        "speculate apple; draw apple-1; draw apple-2; draw apple-3; draw apple-4",
        "arrange apple-1,apple-2,apple-3,apple-4",
    )
    assert [(k.card, k.seen_by) for k in state.decks[0].top] == [(f"apple-{n}", {0}) for n in range(1, 5)]
    return state


def _refusal(view: ZooState, *moves: str) -> IllegalMove:
    """The refusal of the last of `moves` played on `view` (the ones before it accepted)."""
    for text in moves[:-1]:
        view = view.apply(GAME.parse_move(view, text))  # type: ignore[assignment]
    with pytest.raises(IllegalMove) as caught:
        view.apply(GAME.parse_move(view, moves[-1]))
    return caught.value


def test_a_view_does_not_show_its_seat_cards_another_seat_looked_at() -> None:
    """ZOO-4.12 "look at the 4 top cards ... They do not show them to other players" and ZOO-6.4:
    seat 1 speculating on the apple deck, whose top cards seat 0 looked at, learns them in the
    full state; its own view does not know them, so the move is refused there with the code
    hidden-in-view (session 38 saw the view write `?` as cards seat 1 had seen), and the
    refusal is the same whatever the hidden cards are (a perturbation of seat 1's view)."""
    state = _spoken_for(3, 0, "speculate")
    assert state.current_player == 1
    refusal = _refusal(state.view(1), "speculate apple")  # type: ignore[arg-type]
    assert (refusal.code, refusal.rule) == ("hidden-in-view", "ZOO-4.12") and "apple deck" in str(refusal)
    looked = state.apply(GAME.parse_move(state, "speculate apple"))
    assert [(k.card, k.seen_by) for k in looked.decks[0].top] == [(f"apple-{n}", {0, 1}) for n in range(1, 5)]
    assert "arrange apple-2,apple-3,apple-4 bottom apple-1 lemon" in legal(looked)  # type: ignore[arg-type]
    rng = random.Random(3)
    for _ in range(3):
        other: ZooState = perturb(state, 1, rng)  # type: ignore[assignment]
        assert other.view(1) == state.view(1)
        assert str(_refusal(other.view(1), "speculate apple")) == str(refusal)  # type: ignore[arg-type]


def test_a_view_does_not_move_face_up_a_card_another_seat_looked_at() -> None:
    """ZOO-13.3 and bot card bot-03 ("move the top card of the apple deck onto the lemon deck,
    face up"): the card seat 0 looked at (ZOO-6.4) becomes public in the full state; seat 1's
    view does not know it, so the move is refused there with the code hidden-in-view (it
    wrote a public `?`), the same whatever the hidden cards are."""
    state = play(_spoken_for(2, 1, "share"), "done")
    assert state.flow.key == "effects.draw"  # the bot's card
    refusal = _refusal(state.view(1), "draw bot-03", "draw h-bat")  # type: ignore[arg-type]
    assert (refusal.code, refusal.rule) == ("hidden-in-view", "ZOO-11.3") and "apple deck" in str(refusal)
    moved = play(state, "draw bot-03; draw h-bat")
    assert moved.decks[1].top == (Known("apple-1", frozenset({0}), True),)
    rng = random.Random(4)
    for _ in range(3):
        other: ZooState = perturb(state, 1, rng)  # type: ignore[assignment]
        assert other.view(1) == state.view(1)
        again = _refusal(other.view(1), "draw bot-03", "draw h-bat")  # type: ignore[arg-type]
        assert str(again) == str(refusal)


def test_moves_played_on_views_never_write_a_hidden_card_their_seat_knows() -> None:
    """ZOO-6.4: every legal move of every seat's view, along random games, is either refused with
    the code hidden-in-view or gives a state whose every card a seat has seen or everyone sees is
    a card, not `?`, and whose text reads back to it; the looks at cards another seat looked at are
    among the refusals."""
    looks = 0
    codes: set[str] = set()
    for seed, options in ((0, {"players": 2}), (1, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")})):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            if state.current_player >= 0:
                for index in range(len(state.seats)):
                    view: ZooState = state.view(index)  # type: ignore[assignment]
                    for move in view.legal_moves():
                        try:
                            after: ZooState = view.apply(move)  # type: ignore[assignment]
                        except IllegalMove as error:
                            codes.add(error.code)
                            looks += "top cards another seat looked at" in str(error)
                            continue
                        known = [k for d in (*after.decks, after.piles.influence) for k in (*d.top, *d.bottom)]
                        known += after.piles.removed
                        assert not [k for k in known if k.card == HIDDEN and (k.public or index in k.seen_by)]
                        assert GAME.state_from_json(after.to_json()) == after
            chance = state.current_player == CHANCE
            state = state.apply(sample_chance(state) if chance else rng.choice(state.legal_moves()))  # type: ignore[assignment]
    assert looks
    assert codes == {"hidden-in-view"}
