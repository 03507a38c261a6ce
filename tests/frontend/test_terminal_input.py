"""What the terminal reads: a command takes only the words it uses, and what was typed is quoted cut short."""

from __future__ import annotations

import io

import pytest

from tabletop.frontend import Match
from tabletop.frontend.screens import LONGEST_INPUT
from tabletop.frontend.terminal import TerminalPlay, replay
from tabletop.testing.drill import GAME as DRILL


def _said(match: Match, lines: list[str]) -> tuple[int, list[str]]:
    """Play `lines` at seat 0; the status and every answer to a prompt (the text after `seat 0> `)."""
    out = io.StringIO()
    terminal = TerminalPlay(match, stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out)
    code = terminal.run()
    return code, [line.split("seat 0> ", 1)[1] for line in out.getvalue().splitlines() if "seat 0> " in line]


@pytest.mark.parametrize("command", ["undo", "redo", "help", "back", "board", "log", "quit"])
def test_a_command_taking_nothing_refuses_words_after_it_naming_itself(command: str) -> None:
    """`undo please` (and every command that takes nothing) is refused naming the command and what was typed,
    and does nothing: the words after it were ignored and the command run (`quit now` quit)."""
    match = Match(DRILL, seed=2, agents={1: "greedy"})
    match.play("shuffle")  # something `undo please` would take back
    before = (match.state, len(match.plies))
    code, said = _said(match, [f"{command} now please", "quit"])
    assert (
        said[0]
        == f"'{command}' takes nothing after it; got '{command} now please'. Type '{command}' alone (or 'help')."
    )
    assert code == 0 and said[1].startswith("Stopped; the game is not finished.")
    assert (match.state, len(match.plies)) == before


def test_moves_takes_all_or_nothing_and_card_one_id() -> None:
    """`moves` takes nothing or `all`; `card` takes one card ID: other words are refused naming the command."""
    match = Match(DRILL, seed=2, agents={1: "greedy"})
    _, said = _said(match, ["moves foo", "moves all", "card h-fox extra", "quit"])
    assert said[0] == "'moves' takes nothing, or 'all', after it; got 'moves foo'."
    assert said[1].strip().startswith("1. draw")  # `moves all` lists every move
    assert said[2] == "'card' takes one card ID (card h-fox); got 'card h-fox extra'."


def test_a_line_longer_than_a_move_can_be_is_refused_without_echoing_it() -> None:
    """A line over 500 characters is refused by its length alone (it was quoted back whole)."""
    match = Match(DRILL, seed=2, agents={1: "greedy"})
    code, said = _said(match, ["x" * 5000, "quit"])
    assert code == 0
    assert said[0] == f"That line is 5,000 characters long: a move or a command is at most {LONGEST_INPUT}."
    assert len(match.plies) == 0


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("x" * 400, "Not a move: not a Drill move: '" + "x" * 57 + "'... (400 characters) (try 'draw',"),
        ("9" * 400, "There is no move " + "9" * 57 + "... (400 characters): choose from 1 to 7."),
        ("rules " + "y" * 300, "No rule matches '" + "y" * 57 + "'... (300 characters); type 'rules' for all"),
        ("²", "Not a move: not a Drill move: '²' (try"),  # a digit int() refuses: it was a traceback
    ],
    ids=["notation", "number", "rules", "superscript two"],
)
def test_what_was_typed_is_quoted_cut_to_60_characters(typed: str, answer: str) -> None:
    """A refusal quotes at most 60 characters of what was typed, with its length, and keeps the rest of its
    sentence (the moves to try); nothing is played."""
    match = Match(DRILL, seed=2, agents={1: "greedy"})
    code, said = _said(match, [typed, "quit"])
    assert code == 0
    assert said[0].startswith(answer)
    assert len(said[0]) < LONGEST_INPUT
    assert len(match.plies) == 0


def test_replay_refuses_a_key_it_does_not_know_and_asks_again() -> None:
    """In `tabletop replay`, a key that is not Enter, b, a number or q is refused quoted cut short and asked
    again (it stepped on); a number of any length goes to the last step (5000 digits was a traceback)."""
    text = Match(DRILL, seed=3, agents={0: "random", 1: "random"}).save()
    steps = len(Match.load(text, game=DRILL).plies)
    out = io.StringIO()
    keys = ["next", "²", "z" * 300, "9" * 5000, "q"]
    assert replay(text, stdin=io.StringIO("".join(f"{k}\n" for k in keys)), stdout=out, game=DRILL) == 0
    shown = out.getvalue()
    refusal = "Type Enter for the next step, b for one back, a step number, or q to stop; got"
    assert f"{refusal} 'next'." in shown
    assert f"{refusal} '²'." in shown
    assert f"{refusal} '{'z' * 57}'... (300 characters)." in shown
    assert "step 1:" not in shown
    assert f"At step {steps}." in shown
    assert max(len(line) for line in shown.splitlines()) < LONGEST_INPUT
