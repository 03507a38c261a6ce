"""The case-writing helpers of `tabletop.testing` work the same on the three games and Drill."""

from __future__ import annotations

import re

import pytest

import tabletop
from tabletop.frontend.render import render
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.protocol import Game, State
from tabletop.testing import expect, expect_illegal, expect_legal, force, forced, play, play_to
from tabletop.testing.drill import GAME as DRILL
from tabletop.testing.script import CaseFailure, NotReached

GAMES = [DRILL, *(tabletop.get_game(name) for name in tabletop.GAMES)]


def _first_chance(game: Game) -> State:
    """The first chance node of a seeded game, taking the first legal move at each decision."""
    state = game.new_game(seed=3)
    while not state.is_chance_node:
        state = state.apply(state.legal_moves()[0])
    return state


def _first_decision(game: Game) -> State:
    state = game.new_game(seed=3)
    while state.is_chance_node:
        state = state.apply(sample_chance(state))
    return state


@pytest.fixture(params=GAMES, ids=lambda g: g.name)
def game(request: pytest.FixtureRequest) -> Game:
    return request.param  # type: ignore[no-any-return]


def test_force_applies_the_outcome_named(game: Game) -> None:
    """Forcing an outcome by its notation is applying that outcome."""
    state = _first_chance(game)
    for outcome, _ in state.chance_outcomes():
        assert force(state, str(outcome)) == state.apply(outcome)


def test_forced_and_inline_forcing_agree(game: Game) -> None:
    """The sequence form and `!X` inside `play` apply the same outcomes as `force` in a row."""
    state = _first_chance(game)
    first = state.chance_outcomes()[-1][0]
    after = state.apply(first)
    texts = [str(first)]
    if after.is_chance_node:
        texts.append(str(after.chance_outcomes()[0][0]))
    one_by_one = state
    for text in texts:
        one_by_one = force(one_by_one, text)
    assert forced(state, texts) == one_by_one
    assert play(state, [f"!{t}" for t in texts]) == one_by_one
    assert play(state, texts) == one_by_one  # an outcome is also a legal move as it stands


def test_a_move_that_is_no_outcome_here_is_refused_with_the_outcomes(game: Game) -> None:
    """Notation of the game that this chance node does not have as an outcome names itself and
    the outcomes, and changes nothing."""
    state = _first_chance(game)
    foreign = str(_first_decision(game).legal_moves()[0])
    before = state.to_json()
    with pytest.raises(IllegalMove, match=re.escape(repr(foreign))) as info:
        forced(state, [foreign])
    assert info.value.code == "not-an-outcome"
    assert "outcome 1" in str(info.value)
    assert str(state.chance_outcomes()[0][0]) in str(info.value)
    assert state.to_json() == before


def test_forcing_at_a_decision_is_refused(game: Game) -> None:
    """Forcing chance where a seat decides names the decision and its legal moves."""
    state = _first_decision(game)
    move = str(state.legal_moves()[0])
    with pytest.raises(IllegalMove, match="not a chance node") as info:
        play(state, [f"!{move}"])
    assert info.value.code == "not-chance"
    assert move in str(info.value)


def test_malformed_notation_names_the_text_and_the_legal_moves(game: Game) -> None:
    """Text that is no move of the game raises NotationError naming it and what is legal."""
    state = _first_decision(game)
    with pytest.raises(NotationError) as info:
        play(state, ["xyzzy 12"])
    assert "'xyzzy 12'" in str(info.value)
    assert str(state.legal_moves()[0]) in str(info.value)
    assert info.value.text == "xyzzy 12"


def test_play_to_samples_chance_from_the_seed(game: Game) -> None:
    """`play_to` resolves chance nodes as `sample_chance` does, up to the seat's decision."""
    start = game.new_game(seed=5)
    reached = play_to(start, seat=_first_decision(game).current_player)
    manual = start
    while manual.is_chance_node:
        manual = manual.apply(sample_chance(manual))
    assert reached == manual
    assert play_to(reached, seat=reached.current_player) is reached


def test_play_to_uses_forced_outcomes_first(game: Game) -> None:
    """Outcomes given to `play_to` are forced at the first chance nodes, the rest sampled."""
    state = _first_chance(game)
    last = state.chance_outcomes()[-1][0]
    reached = play_to(state, seat=0, chance=[str(last)], choose=lambda s: s.legal_moves()[0])
    manual = state.apply(last)
    while manual.current_player != 0:
        manual = manual.apply(sample_chance(manual) if manual.is_chance_node else manual.legal_moves()[0])
    assert reached == manual


def test_play_to_stops_at_another_decision_without_choose(game: Game) -> None:
    """Without `choose`, a decision that is not the one asked for stops the run, naming it."""
    state = _first_decision(game)
    with pytest.raises(NotReached, match="not of a 'no-such-kind' move") as info:
        play_to(state, kind="no-such-kind")
    assert info.value.state == state
    assert render(state, None) in str(info.value)


def test_play_to_names_the_bound(game: Game) -> None:
    """A run longer than `max_steps` stops with the bound, the last moves and the board."""
    with pytest.raises(NotReached, match="within 10 steps") as info:
        play_to(game.new_game(seed=2), kind="no-such-kind", choose=lambda s: s.legal_moves()[-1], max_steps=10)
    assert "after 2 moves, then" in str(info.value)


def test_expect_legal_and_illegal_on_the_legal_moves(game: Game) -> None:
    """Every legal move passes `expect_legal`; `expect_illegal` on one fails with the board."""
    state = _first_decision(game)
    expect_legal(state, *(str(m) for m in state.legal_moves()))
    move = str(state.legal_moves()[0])
    with pytest.raises(CaseFailure, match="it is legal") as info:
        expect_illegal(state, move, rule="X-1")
    assert info.value.rule == "X-1"
    assert info.value.board == render(state, None)


def test_expect_reports_the_rule_and_board(game: Game) -> None:
    """A false check fails with the rule cited first in its message and the rendered board."""
    state = _first_decision(game)
    expect(state, lambda s: not s.is_terminal, "KER-0: the game is on")
    with pytest.raises(CaseFailure) as info:
        expect(state, lambda s: s.is_terminal, "KER-9.1: the game is over")
    assert info.value.rule == "KER-9.1"
    assert str(info.value).startswith("KER-9.1: the game is over\n\n")
    assert str(info.value).endswith(render(state, None))
    with pytest.raises(CaseFailure, match="the check raised ZeroDivisionError"):
        expect(state, lambda s: 1 / 0, "a broken check", rule="KER-1")


def test_play_to_reports_the_end_of_the_game() -> None:
    """A run that reaches the end of the game before the decision says so."""
    state = DRILL.new_game(seed=1)
    with pytest.raises(NotReached, match="the game ended before a decision of a 'bottom' move") as info:
        play_to(state, kind="bottom", choose=lambda s: "pass")
    assert info.value.state.is_terminal


def test_play_to_by_kind_and_seat() -> None:
    """A kind matches a move's first word; seat and kind together need both."""
    state = play(DRILL.new_game(seed=1), ["look 1", "!card king"])
    reached = play_to(state, seat=0, kind="bottom", choose=lambda s: "pass")
    assert reached.current_player == 0
    expect_legal(reached, "bottom")
    assert play_to(state, kind="simple") is state  # a move class's kind matches as well


def test_play_to_a_condition() -> None:
    """`until` stops at the first decision where the condition holds, with seat and kind if given."""
    state = DRILL.new_game(seed=1)
    reached = play_to(state, until=lambda s: s.flow.round == 3, choose=lambda s: "pass")
    assert (reached.flow.round, reached.current_player) == (3, 0)
    assert play_to(state, seat=1, until=lambda s: s.flow.round > 1, choose=lambda s: "pass").flow.round == 2
    with pytest.raises(ValueError, match="needs a seat, a kind or a condition"):
        play_to(state)


def test_expect_illegal_checks_code_and_rule() -> None:
    """A refusal with another code or rule fails, naming what was found and expected."""
    state = play(DRILL.new_game(seed=1), ["draw", "!token red"])
    refusal = expect_illegal(state, "bottom", code="unseen-card", rule="DRILL-3")
    assert refusal.rule == "DRILL-3"
    with pytest.raises(CaseFailure, match="code 'unseen-card', expected 'bag-empty'"):
        expect_illegal(state, "bottom", code="bag-empty")
    with pytest.raises(CaseFailure, match="rule 'DRILL-3', expected 'DRILL-1'"):
        expect_illegal(state, "bottom", rule="DRILL-1")


def test_play_refusal_keeps_code_and_rule() -> None:
    """A move `play` cannot apply raises the game's refusal with its place in the list."""
    state = DRILL.new_game(seed=1)
    with pytest.raises(IllegalMove, match=r"move 3 \('bottom'\): DRILL-3") as info:
        play(state, ["look 1", "!card ace", "bottom", "bottom"])
    assert info.value.code == "unseen-card"
    assert info.value.rule == "DRILL-3"


def test_play_can_sample_skipped_chance() -> None:
    """With `sample=True` a chance node the script does not resolve is sampled from the seed."""
    state = DRILL.new_game(seed=4)
    drawn = state.apply(state.legal_moves()[0])
    expected = drawn.apply(sample_chance(drawn))
    assert play(state, ["draw", "pass"], sample=True) == expected.apply(DRILL.parse_move(expected, "pass"))
    with pytest.raises(IllegalMove, match="not an outcome"):
        play(state, ["draw", "pass"])


def test_play_to_names_a_bad_choice_or_outcome() -> None:
    """A choice that is no move, or a forced outcome the node lacks, is named with where it came."""
    state = DRILL.new_game(seed=1)
    with pytest.raises(NotationError, match="chosen move 'nonsense'"):
        play_to(state, kind="bottom", choose=lambda s: "nonsense")
    drawing = play(state, ["draw"])
    with pytest.raises(IllegalMove, match="chance outcome 'token green': 'token green' is not an outcome") as info:
        play_to(drawing, seat=1, chance=["token green"])
    assert info.value.code == "not-an-outcome"
    with pytest.raises(NotReached, match="forced outcomes unused: token blue"):
        play_to(drawing, seat=1, chance=["token red", "token blue"])
