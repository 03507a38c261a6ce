"""Terminal play and replay, driven by scripted input: `tabletop play` and `tabletop replay`."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.cli import main
from tabletop.frontend import Match, ScriptedAgent
from tabletop.frontend.terminal import CLEAR_SCREEN, TerminalPlay, format_moves, format_outcome, replay
from tabletop.testing.drill import GAME as DRILL

DRILL_TARGET = "tabletop.testing.drill:GAME"


def _run(match: Match, lines: list[str], **flags: bool) -> tuple[int, str]:
    out = io.StringIO()
    terminal = TerminalPlay(match, stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out, **flags)
    return terminal.run(), out.getvalue()


def test_plays_against_a_bot_to_the_end() -> None:
    """Numbers and notation are accepted, bad entries explained, and the outcome printed at the end."""
    match = Match(DRILL, seed=2, agents={1: "greedy"})
    code, out = _run(match, ["help", "0", "99", "dance", "look 9", "1", "pass", "7", "pass", "pass", "pass", "pass"])
    assert code == 0
    assert "Commands:" in out
    assert "There is no move 0: choose from 1 to" in out
    assert "Not a move: not a Drill move: 'dance'" in out
    assert "Game over." in out
    assert "Result:" in out
    assert "winner:" in out
    assert match.is_over


def test_board_and_numbered_moves_are_shown() -> None:
    """Each turn shows the seat's board and its legal moves, numbered."""
    match = Match(DRILL, seed=2, agents={1: "random"})
    _, out = _run(match, [])
    assert "Drill: round 1, turn.act, seat 0 to move" in out
    assert "1. draw" in out
    assert "7. pass" in out
    assert "Input ended before the game did" in out


def test_input_ending_early_is_status_1() -> None:
    """When the script stops before the game ends, run() says so and returns 1."""
    code, _ = _run(Match(DRILL, seed=2, agents={1: "random"}), ["pass"])
    assert code == 1


def test_quit_stops_with_status_0() -> None:
    """'quit' stops at once."""
    code, out = _run(Match(DRILL, seed=2, agents={1: "random"}), ["quit"])
    assert code == 0
    assert "Stopped" in out


def test_undo_redo_and_save(tmp_path: Path) -> None:
    """undo takes back a move that revealed nothing, redo plays it again, save writes a loadable record."""
    match = Match(DRILL, seed=2, agents={1: ScriptedAgent(["pass"] * 6)})
    path = tmp_path / "drill.json"
    code, out = _run(match, ["shuffle", "undo", "redo", "draw", "undo", f"save {path}", "log", "quit"])
    assert code == 0
    assert "Took back 2 step(s)." in out
    assert "Cannot undo: seat 0 cannot undo past step" in out
    assert f"Saved to {path}" in out
    assert "1. player 0: shuffle" in out
    loaded = Match.load(path, game=DRILL)
    assert [str(p.move) for p in loaded.plies][:3] == ["shuffle", "pass", "draw"]


def test_hot_seat_clears_the_screen_and_hides_the_other_hand() -> None:
    """With two people, the screen is cleared between seats and seat 0 never sees seat 1's card."""
    match = Match(DRILL, seed=5)
    # Enter to show the first seat; after each move Enter to hide that screen, Enter to show the next.
    lines = ["", "pass", "", "", "take", "", "", "pass", "", "", "pass", "", "", "quit"]
    code, out = _run(match, lines, clear=True, pause=True)
    assert code == 0
    card = match.state.cards[1][0]  # type: ignore[attr-defined]
    screens = out.split(CLEAR_SCREEN)[1:]
    assert f"card {card}" in screens[1].split("Seat 1, press Enter to hide your screen.")[0]  # seat 1 sees its draw
    assert "passing the screen (to play against the program: --agent SEAT)." in out
    assert [s.split("\n", 1)[0] for s in screens] == [
        f"Seat {n}'s turn. Pass the screen to seat {n}." for n in (0, 1, 0, 1, 0)
    ]
    for screen in screens[2::2]:
        assert f"card {card}" not in screen
        assert f"seat 1: {card}" not in screen
        assert "chance decided something you cannot see" in screens[2]
    assert f"seat 1: {card}" in screens[3]


def test_format_moves_fits_columns() -> None:
    """Moves are numbered from 1 and laid out in rows that fit the width."""
    moves = DRILL.new_game(seed=1).legal_moves()
    text = format_moves(moves, width=40)
    assert text.split() == [w for i, m in enumerate(moves, 1) for w in (f"{i}.", *str(m).split())]
    assert all(len(line) <= 40 for line in text.splitlines())
    assert len(text.splitlines()) < len(moves)


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_cli_play_runs_from_stdin() -> None:
    """`tabletop play GAME --agent 1=random --seed S` reads moves from standard input and plays to the end."""
    result = _cli("play", DRILL_TARGET, "--seed", "3", "--agent", "1=random", stdin="pass\n" * 6)
    assert result.returncode == 0, result.stderr
    assert "Seats: 0 human, 1 random." in result.stdout
    assert "seat 0> pass" in result.stdout
    assert "Game over." in result.stdout


def test_cli_play_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad --agent values, a missing game and unknown options are usage errors (status 2) with a reason."""
    assert main(["play", DRILL_TARGET, "--agent", "one"]) == 2
    assert "--agent expects SEAT or SEAT=NAME" in capsys.readouterr().err
    assert main(["play"]) == 2
    assert "name a game" in capsys.readouterr().err
    assert main(["play", DRILL_TARGET, "--agent", "1=wizard"]) == 2
    assert "no agent named 'wizard'" in capsys.readouterr().err
    assert main(["play", DRILL_TARGET, "--colour", "red"]) == 2
    assert "no option 'colour'" in capsys.readouterr().err


def test_cli_play_resumes_a_saved_game(tmp_path: Path) -> None:
    """`tabletop play --load FILE` continues a saved game."""
    path = tmp_path / "game.json"
    Match(DRILL, seed=3, agents={1: "random"}).save(path)
    result = _cli("play", DRILL_TARGET, "--load", str(path), "--agent", "1=random", stdin="pass\n" * 6)
    assert result.returncode == 0, result.stderr
    assert "Game over." in result.stdout
    again = _cli("play", DRILL_TARGET, "--load", str(path), stdin="pass\n" * 6)  # the bot comes back by itself
    assert again.returncode == 0, again.stderr
    assert "Seats: 0 human, 1 random." in again.stdout
    assert "Game over." in again.stdout


def test_cli_replay_prints_a_record(tmp_path: Path) -> None:
    """`tabletop replay FILE` with no input prints every step, the final board and the result."""
    match = Match(DRILL, seed=3, agents={0: "random", 1: "random"})
    path = tmp_path / "game.json"
    match.save(path)
    result = _cli("replay", str(path), "--game", DRILL_TARGET)
    assert result.returncode == 0, result.stderr
    assert f"Replay of Drill (seed 3), {len(match.plies)} steps." in result.stdout
    assert f"step {len(match.plies)}:" in result.stdout
    assert "Game over." in result.stdout


def test_replay_steps_back_and_forth() -> None:
    """Enter steps forward, b steps back, a number jumps, q stops."""
    text = Match(DRILL, seed=3, agents={0: "random", 1: "random"}).save()
    out = io.StringIO()
    assert replay(text, stdin=io.StringIO("\n\nb\n5\nq\n"), stdout=out, game=DRILL) == 0
    shown = out.getvalue()
    assert "step 1:" in shown
    assert "step 2:" in shown
    assert "At step 1." in shown
    assert "At step 5." in shown
    assert "Game over." not in shown


def test_replay_as_a_seat_hides_what_it_did_not_see() -> None:
    """Replaying a full record as one seat shows its views and hides the others' secret draws."""
    match = Match(DRILL, seed=1, auto_chance=False)
    for step in ("pass", "take", "card queen", "pass", "pass"):
        match.play(step)
    out = io.StringIO()
    replay(match.save(), stdin=io.StringIO(), stdout=out, game=DRILL, seat=0)
    assert "step 3: chance: (hidden)" in out.getvalue()
    assert "queen" not in out.getvalue()


def test_replay_of_a_seat_copy_lists_what_the_seat_saw() -> None:
    """A seat's copy cannot be replayed into states; replay prints its log instead."""
    match = Match(DRILL, seed=1, auto_chance=False)
    for step in ("pass", "take", "card queen"):
        match.play(step)
    out = io.StringIO()
    replay(match.save(seat=0), stdin=io.StringIO(), stdout=out)
    assert "Seat 0's copy of a drill game (3 steps)" in out.getvalue()
    assert "step 3: chance: (hidden)" in out.getvalue()
    assert json.loads(match.save(seat=0))["record"]["moves"][2]["move"] is None


def test_bots_only_is_a_spectated_game() -> None:
    """With every seat a bot, the whole game is printed as a log, then the result."""
    match = Match(DRILL, seed=2, agents={0: "random", 1: "greedy"})
    code, out = _run(match, [])
    assert code == 0
    assert "1. player 0:" in out
    assert "Game over." in out


def test_rules_command_and_refusals_point_to_the_rule() -> None:
    """'rules' lists the game's rule catalogue (or those matching a word); a refusal says how to read its rule."""
    game = tabletop.get_game("conservas")
    match = Match(game, seed=1)
    code, out = _run(match, ["rules CON-1.5", "rules overfish", "rules zebra", "choose nowhere", "quit"])
    assert code == 0
    assert f"CON-1.5  {game.rules['CON-1.5']}" in out
    assert "No rule matches 'zebra'" in out
    assert "Refused: CON-1.5:" in out
    assert "(type 'rules CON-1.5' to read the rule)" in out


def test_ctrl_c_stops_without_a_traceback() -> None:
    """Ctrl-C at the prompt stops the game with status 130 and a sentence, not a traceback."""

    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    terminal = TerminalPlay(Match(DRILL, seed=2, agents={1: "random"}), stdin=Interrupted(), stdout=out)
    assert terminal.run() == 130
    assert "Stopped (Ctrl-C)" in out.getvalue()


def test_hot_seat_end_clears_the_last_board_and_shows_what_all_saw() -> None:
    """At the end of a hot-seat game the screen is cleared before the result, which shows only public events."""
    match = Match(DRILL, seed=5)
    code, out = _run(match, ["", "take"] + ["", "", "pass"] * 10 + ["", "", "draw"], clear=True, pause=True)
    assert code == 0
    assert match.is_over
    final = out.split(CLEAR_SCREEN)[-1]
    assert final.lstrip().startswith("What happened last (as everybody saw it):")
    assert "player 1: draw" in final
    assert "Game over." in final
    card = match.state.cards[0][0]  # type: ignore[attr-defined]
    assert f"card {card}" not in final


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_each_game_plays_to_the_end_in_the_terminal(name: str) -> None:
    """Each built-in game, seat 0 typing move numbers and bots elsewhere, ends with its board and outcome printed."""
    game = tabletop.get_game(name)
    match = Match(game, seed=3)
    for seat in range(1, match.num_players):
        match.set_agent(seat, "greedy")
    match.advance()
    code, out = _run(match, ["1"] * 3000)
    assert code == 0
    assert match.is_over
    assert out.count(f"{game.title}") >= 2  # the boards, drawn by the game's own render hook
    assert "Seat 0, your moves:" in out
    assert "  1. " in out
    assert out.rstrip().endswith(format_outcome(match.outcome).rstrip())  # type: ignore[arg-type]


def test_cli_missing_record_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop replay` and `tabletop play --load` with a file that is not there: status 2 and the reason."""
    missing = str(tmp_path / "nowhere.json")
    assert main(["replay", missing]) == 2
    assert f"cannot read {missing}: No such file or directory" in capsys.readouterr().err
    assert main(["play", "--load", missing]) == 2
    assert f"cannot read {missing}" in capsys.readouterr().err
