"""ZOO-12.8: an intrigue may be played before the player's token is revealed, once the secret
picks are made; there is no window before the secret pick (rules audit 37, B1: the ruling)."""

from __future__ import annotations

from zoo_helpers import legal, play, seat, start

from tabletop.spolka_zoo.moves import Pick


def test_an_intrigue_may_be_played_before_the_token_is_revealed() -> None:
    """ZOO-12.8 "An Intrigue card may be played both before and after an Action token is revealed
    or resolved": after the secret picks, the seat's window before its reveal (`action.before`)
    offers the intrigue while the token is still secret to the other seats; it is then revealed."""
    state = play(seat(start(3, modules=("intrigues",)), 0, intrigues=("int-windfall",)), "pick lobby")
    state = play(state, "pick share", "pick share")
    assert state.flow.key == "action.before" and state.current_player == 0
    assert legal(state) == ["intrigue int-windfall", "done"]
    assert state.turn.token == "" and state.seats[0].played == ()
    assert state.seats[0].pick == "lobby" and state.view(1).seats[0].pick == "?"
    after = play(state, "intrigue int-windfall")
    assert after.seats[0].money == state.seats[0].money + 4
    assert after.flow.key == "action.act" and after.turn.token == "lobby" and after.seats[0].played == ("lobby",)


def test_no_intrigue_before_the_secret_pick() -> None:
    """ZOO-3.1 "All players simultaneously and secretly choose one of their available Action
    tokens", ZOO-12.8 "one Intrigue card for each Action token they choose": the round starts
    with the secret picks; a seat holding intrigues is offered picks only."""
    state = seat(start(3, modules=("intrigues",)), 0, intrigues=("int-windfall",))
    assert state.flow.key == "action.pick" and state.current_player == 0
    assert state.legal_moves() and all(isinstance(move, Pick) for move in state.legal_moves())
