"""The Spółka ZOO text board, card look-up, move steps and event texts that the terminal shows."""

from __future__ import annotations

import random
import re

import pytest
from zoo_helpers import GAME, play, start

from tabletop.frontend import Match
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import HIDDEN
from tabletop.spolka_zoo.content import HELPERS, NAMES, TEXTS
from tabletop.spolka_zoo.moves import Arrange
from tabletop.spolka_zoo.render import automatic_seats, describe_card, move_label, move_steps, render
from tabletop.spolka_zoo.state import ZooState
from tabletop.spolka_zoo.views import perturb

MODULES = ("hidden_goals", "intrigues", "events")


def test_the_board_shows_every_visible_card_by_name_cost_and_text() -> None:
    """The influence row and the helper market show each card's name, id, cost, glory and effect text."""
    state = start(3, modules=("hidden_goals", "intrigues"))
    board = " ".join(render(state.view(0), 0).split())  # long lines are wrapped
    assert all(len(line) <= 100 for line in render(state.view(0), 0).splitlines())
    for card in state.piles.influence_row:
        assert f"{NAMES[card]} [{card}]: {TEXTS[card]}" in board
    for card in state.piles.helper_row:
        helper = HELPERS[card]
        cost = ", ".join(f"{n} {fruit}" for fruit, n in helper.cost.items())
        assert f"{NAMES[card]} [{card}] (costs {cost}; {helper.glory} glory): {TEXTS[card]}" in board
    own = state.seats[0]
    assert f"goal: {NAMES[own.goal]} [{own.goal}]: {TEXTS[own.goal]}" in board
    for card in own.intrigues:
        assert f"{NAMES[card]} [{card}]: {TEXTS[card]}" in board
    # The other seats' hands are counted, never named.
    for seat in state.seats[1:]:
        for card in (*seat.intrigues, seat.goal):
            assert f"[{card}]" not in board or card in own.intrigues or card == own.goal


def test_the_headline_names_no_internal_step() -> None:
    """The first line says the phase in words (not ``action.pick``)."""
    state = start(3)
    first = render(state.view(0), 0).splitlines()[0]
    assert first == "Spółka ZOO: round 1, action phase, choose your action token in secret; seat 0 to move"
    assert not re.search(r"\b[a-z]+\.[a-z]+\b", first)


def test_card_describes_any_card_and_locates_only_what_the_seat_sees() -> None:
    """``card ID``: the card's catalogue text for any id or name; where it lies only from the seat's view."""
    state = start(3, modules=("hidden_goals", "intrigues"))
    helper = state.piles.helper_row[0]
    text = describe_card(state.view(1), 1, helper)
    assert text.startswith(f"{NAMES[helper]} [{helper}] (costs ")
    assert "a helper card; in the helper market" in text
    assert describe_card(state.view(1), 1, NAMES[helper].upper()) == text  # by name, any case
    secret = state.seats[0].intrigues[0]
    assert "in seat 0's hand" in describe_card(state.view(0), 0, secret)
    assert "seat 0" not in describe_card(state.view(1), 1, secret)  # seat 1 reads the card, not where it is
    with pytest.raises(LookupError, match="no card 'goat'; did you mean h-goat"):
        describe_card(state.view(0), 0, "goat")


def _screens(state: ZooState, seat: int) -> tuple[str, ...]:
    """Everything the terminal can show ``seat`` of ``state``: the board, every card, the moves' labels and steps."""
    view = state.view(seat)
    cards = tuple(describe_card(view, seat, card) for card in sorted(TEXTS))
    moves: tuple[str, ...] = ()
    if state.current_player == seat:
        moves = tuple(f"{move_label(view, m)} {move_steps(view, m)}" for m in state.legal_moves())
    return (render(view, seat), *cards, *moves)


def test_perturbing_what_a_seat_cannot_see_leaves_its_screens_alone() -> None:
    """Re-sampling every card hidden from a seat changes nothing the terminal shows it: board, cards, move texts."""
    rng = random.Random(3)
    state = GAME.new_game(3, players=3, modules=MODULES)
    checked = 0
    while not state.is_terminal and checked < 60:
        if state.current_player >= 0:
            for seat in range(state.num_players):
                other = perturb(state, seat, rng)
                assert _screens(other, seat) == _screens(state, seat)
            checked += 1
        moves = state.legal_moves()
        state = state.apply(rng.choice(moves))
    assert checked == 60


def test_perturbing_what_a_seat_cannot_see_leaves_its_event_lines_alone() -> None:
    """The events of a step that a seat sees do not depend on what that seat cannot see.

    A step that itself reveals the perturbed secret (the last secret pick turns every token face
    up, ZOO-3.2) may tell it: there the seat's view after the step differs too, and only steps
    that leave the seat's view alike are compared.
    """
    rng = random.Random(4)
    state = GAME.new_game(4, players=3, modules=MODULES)
    compared = 0
    while not state.is_terminal and compared < 80:
        move = rng.choice(state.legal_moves())
        if state.current_player >= 0:
            after = state.apply(move)
            for seat in range(state.num_players):
                shown = [e.text for e in state.events(move, after) if e.visible(seat)]
                other = perturb(state, seat, rng)
                if other.is_legal(move):
                    other_after = other.apply(move)
                    if other_after.view(seat) != after.view(seat):
                        continue  # the step revealed the perturbed secret to this seat
                    again = [e.text for e in other.events(move, other_after) if e.visible(seat)]
                    assert again == shown
                    compared += 1
        state = state.apply(move)
    assert compared >= 80


def test_event_texts_are_words() -> None:
    """No Python dict or token repr, no internal step name, and a seat never reads its own secret twice."""
    match = Match(GAME, seed=2, options={"players": 3, "modules": MODULES}, agents=dict.fromkeys(range(3), "random"))
    for seat in range(3):
        for ply in match.plies:
            texts = [e.text for e in ply.events_for(seat)]
            for text in texts:
                assert not re.search(r"[{}]|'\w+': |Tokens\(|,\w", text), text  # no dict, repr or "a,b" list
                assert not re.search(r"\b(action|market|effects|setup)\.[a-z]+", text), text
            if ply.player == seat:
                assert len(texts) == len(set(texts))
                assert not any("chooses an action token in secret" in t for t in texts)  # the redacted copy


def test_a_secret_pick_shows_its_owner_one_line_and_the_others_the_redacted_one() -> None:
    """ZOO-3.1: seat 0 reads which token it chose; seats 1 and 2 read that it chose one."""
    state = start(3)
    move = GAME.parse_move(state, "pick lobby")
    events = state.events(move, state.apply(move))
    assert [e.text for e in events if e.visible(0)] == ["seat 0 chooses the lobby token in secret"]
    for seat in (1, 2):
        assert [e.text for e in events if e.visible(seat)] == ["seat 0 chooses an action token in secret"]


def test_money_fruit_and_shares_changes_read_as_sentences() -> None:
    """Trading reports coins, shares and prices in words."""
    state = play(start(3), "pick share; pick fruit; pick lobby")
    move = GAME.parse_move(state, "buy share apple")
    texts = [e.text for e in state.events(move, state.apply(move))]
    assert texts == [
        "seat 0 buys an apple share",
        "seat 0 pays 1 coin, now 9",
        "seat 0's shares: 1 apple",
        "the apple share price goes from 1 to 2",
    ]


def test_a_speculation_is_described_in_steps() -> None:
    """ZOO-4.12: the 96 arrangements of four cards read as: what leaves the top, then the cards from the top down."""
    state = play(start(3), "pick speculate; pick share; pick fruit", "speculate apple")
    while state.current_player == CHANCE:
        state = state.apply(state.legal_moves()[0])
    moves = state.legal_moves()
    assert len(moves) == 96 and all(isinstance(m, Arrange) for m in moves)
    view = state.view(0)
    steps = {move_steps(view, m) for m in moves}
    assert len(steps) == 96  # every arrangement has its own path
    firsts = {s[0] for s in steps}
    assert len(firsts) == 13  # keep all four, or one of 4 cards to one of 3 deck bottoms
    assert "keep all 4 cards on top" in firsts
    top = state.decks[0].top[0].card
    assert f"put {NAMES[top]} [{top}] at the bottom of the lemon deck" in firsts


def test_bot_seats_are_played_by_the_game() -> None:
    """ZOO-13: the bot seats are the game's own (the terminal counts them as no person)."""
    state = GAME.new_game(1, players=1, bots=2)
    assert automatic_seats(state) == frozenset({1, 2})
    assert automatic_seats(GAME.new_game(1, players=3)) == frozenset()
    assert Match(GAME, seed=1, options={"players": 1, "bots": 2}).seats == ("human", "bot deck", "bot deck")


def test_hidden_cards_stay_hidden_on_the_board() -> None:
    """A face-down card is written as one: no id of a card the seat cannot see is on its board."""
    state = start(3, modules=("hidden_goals", "intrigues"))
    view = state.view(2)
    board = render(view, 2)
    assert view.seats[0].goal == HIDDEN
    assert state.seats[0].goal not in board or state.seats[0].goal == state.seats[2].goal
    assert "intrigues: 3 card(s), 3 face down" in board
