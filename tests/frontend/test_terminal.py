"""Terminal play and replay, driven by scripted input: `tabletop play` and `tabletop replay`."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.cli import main
from tabletop.frontend import Match, ScriptedAgent
from tabletop.frontend.terminal import CLEAR_SCREEN, TerminalPlay, format_moves, format_outcome, replay
from tabletop.spolka_zoo.moves import Arrange
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


# Issue 9: a newcomer plays each game to its end --------------------------------------------------

#: Each game as the getting-started page plays it: Conservas solo, Archipel with one boat, and
#: Spółka ZOO solo against two bots of its own bot deck.
NEWCOMER = {
    "conservas": [],
    "archipel": ["--players", "1"],
    "spolka_zoo": ["--players", "1", "--bots", "2"],
}


def _screens(out: str, seat: int = 0) -> list[str]:
    """The text between two prompts of ``seat``: what one screen shows."""
    return out.split(f"seat {seat}> ")


@pytest.mark.parametrize("name", sorted(NEWCOMER))
def test_tabletop_play_reaches_the_end_of_each_game(name: str) -> None:
    """`tabletop play GAME`, typed answers on standard input, plays to the result with no traceback."""
    result = _cli("play", name, "--seed", "3", *NEWCOMER[name], stdin="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "Game over." in out and "Result:" in out
    assert "Traceback" not in out
    assert "Pass the screen" not in out  # one person at the keyboard
    assert "Input ended" not in out


def test_solo_against_two_bots_is_not_a_hot_seat_game() -> None:
    """ZOO-13: `--players 1 --bots 2` is one person against the bot deck: no 'human' bots, no passing the screen."""
    result = _cli("play", "spolka_zoo", "--seed", "1", "--players", "1", "--bots", "2", stdin="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    assert "Seats: 0 human, 1 bot deck, 2 bot deck." in result.stdout
    assert "press Enter" not in result.stdout
    assert "Every seat is played at this keyboard" not in result.stdout


def test_agent_names_the_programs_seats_and_bot_is_an_old_name_that_warns() -> None:
    """`--agent SEAT=NAME` hands a seat to the program; `--bot` still works but says it is `--agent`."""
    result = _cli("play", DRILL_TARGET, "--seed", "3", "--agent", "1=random", stdin="pass\n" * 6)
    assert result.returncode == 0 and result.stderr == ""
    assert "Seats: 0 human, 1 random." in result.stdout
    old = _cli("play", DRILL_TARGET, "--seed", "3", "--bot", "1=random", stdin="pass\n" * 6)
    assert old.returncode == 0
    assert "warning: --bot is the old name of --agent" in old.stderr
    assert "Seats: 0 human, 1 random." in old.stdout


def test_agent_cannot_take_a_bot_deck_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """A seat the game's bot deck plays is refused to --agent, with the reason."""
    assert main(["play", "spolka_zoo", "--players", "1", "--bots", "2", "--agent", "2"]) == 2
    assert "seat 2 is played by the game's own bot deck" in capsys.readouterr().err


def test_the_help_of_play_tells_agent_and_bots_apart() -> None:
    """`tabletop play --help` says what --agent is and that a game's own bots are a game option."""
    out = _cli("play", "--help").stdout
    assert "--agent SEAT[=NAME]" in out
    assert "Spółka ZOO's --bots N" in " ".join(out.split())


def test_rules_prints_the_rules_text_and_its_docs_link() -> None:
    """`rules CON-2.3` prints the rule in full, from docs/conservas/rules.md, and where it is in the docs."""
    game = tabletop.get_game("conservas")
    _, out = _run(Match(game, seed=1), ["rules CON-2.3", "quit"])
    text = " ".join(out.split())
    assert f"CON-2.3 {game.rules['CON-2.3']}" in text
    assert "On a boat, exactly as many tokens as its catch size stay on board, fish or water" in text
    assert "(in the docs: docs/conservas/rules.md#CON-2.3)" in text
    source = (Path(__file__).resolve().parents[2] / "docs" / "conservas" / "rules.md").read_text(encoding="utf-8")
    assert "exactly as many tokens as its catch size stay on board" in source  # one source: the docs page


def test_rules_finds_words_by_their_stem_not_substrings() -> None:
    """`rules speculate` finds the Speculation rule; `rules at` lists rules with the word 'at', not 'boat'."""
    from tabletop.frontend.terminal import match_rules, rule_text

    zoo = tabletop.get_game("spolka_zoo")
    _, out = _run(Match(zoo, seed=1, options={"players": 3}), ["rules speculate", "rules SPECULATION", "quit"])
    assert out.count("ZOO-4.12") >= 2
    conservas = tabletop.get_game("conservas")
    found = match_rules(conservas, "at")
    assert found
    for rid in found:
        words = re.findall(r"[a-z]+", f"{conservas.rules[rid]} {rule_text(conservas, rid)}".lower())
        assert "at" in words
    boat_only = [
        rid
        for rid in conservas.rules
        if "at" not in re.findall(r"[a-z]+", f"{conservas.rules[rid]} {rule_text(conservas, rid)}".lower())
    ]
    assert boat_only and not set(boat_only) & set(found)
    assert match_rules(conservas, "CON-2") == [rid for rid in conservas.rules if rid.startswith("CON-2.")]


def test_card_command_reads_a_card_and_keeps_hidden_cards_hidden() -> None:
    """`card ID` prints a card's name, cost and text; a card in another seat's hand is not located."""
    zoo = tabletop.get_game("spolka_zoo")
    match = Match(zoo, seed=1, options={"players": 2, "bots": 1, "modules": ("intrigues",)})
    state = match.state
    theirs = next(c for c in state.seats[1].intrigues if c not in state.seats[0].intrigues)  # type: ignore[attr-defined]
    _, out = _run(match, ["card h-owl", f"card {theirs}", "card zebra", "card", "quit"])
    assert "Wise Owl [h-owl] (costs 1 apple, 1 lemon, 1 pineapple; 2 glory): No ability." in out
    assert "an intrigue card" in out
    assert "seat 1's hand" not in out
    assert "no card 'zebra'" in out
    assert "Say which: card ID" in out
    _, conservas = _run(Match(tabletop.get_game("conservas"), seed=1), ["card el-dorado", "card x", "quit"])
    assert "El Dorado [el-dorado]: a boat; catch 2" in conservas
    assert "no boat or upgrade 'x'" in conservas
    _, archipel = _run(Match(tabletop.get_game("archipel"), seed=1, options={"players": 1}), ["card x", "quit"])
    assert "Archipel has no cards to look up." in archipel


def test_spolka_zoo_screens_show_card_texts_and_events_in_words() -> None:
    """A Spółka ZOO game to its end: card names and texts on every board, events in words, no line twice in a row."""
    zoo = tabletop.get_game("spolka_zoo")
    match = Match(zoo, seed=2, options={"players": 1, "bots": 2})
    code, out = _run(match, ["1"] * 3000)
    assert code == 0 and match.is_over
    assert "Stopped" not in out
    assert not re.search(r"\{'|action\.pick|action\.act|effects\.choose", out)
    assert "picks a token" not in out and "chooses an action token in secret" not in out  # only its own line
    assert "chooses the share token in secret" in out
    first = next(p.after for p in match.plies if p.after.current_player == 0)
    for card in first.piles.helper_row:  # type: ignore[attr-defined]
        assert f"[{card}] (costs " in out
    blocks = re.findall(r"What happened:\n((?:  .*\n)+)", out)
    assert blocks
    for block in blocks:
        lines = block.splitlines()
        assert all(a != b for a, b in itertools.pairwise(lines)), block


def test_a_speculation_is_built_in_steps() -> None:
    """ZOO-4.12: the 96 arrangements are offered as steps (what leaves the top, then the order); 'back' goes back."""
    zoo = tabletop.get_game("spolka_zoo")
    match = Match(zoo, seed=1, options={"players": 1, "bots": 2})
    code, out = _run(match, ["pick speculate", "speculate apple", "2", "back", "3", "2", "1", "quit"])
    assert code == 0
    assert "  1. keep all 4 cards on top  (24 ways)" in out
    assert " 13. put " in out and " 14. " not in out
    assert "So far: put " in out
    arranged = [p.move for p in match.plies if isinstance(p.move, Arrange)]
    assert len(arranged) == 1
    assert arranged[0].to == "lemon"
    # Typing the whole move works too.
    match = Match(zoo, seed=1, options={"players": 1, "bots": 2})
    _run(match, ["pick speculate", "speculate apple", "arrange apple-3,apple-5,apple-4,apple-2", "quit"])
    assert [str(p.move) for p in match.plies if isinstance(p.move, Arrange)] == [
        "arrange apple-3,apple-5,apple-4,apple-2"
    ]


def test_archipel_screens_fit_a_terminal_and_tell_what_happened() -> None:
    """Archipel: setup in one line, a screen within 60 lines, sail choices numbered compactly, harbours narrated."""
    game = tabletop.get_game("archipel")
    match = Match(game, seed=1, options={"players": 1})
    code, out = _run(match, ["sail f01", "sail jade", *["1"] * 2000])
    assert code == 0 and match.is_over
    screens = _screens(out)
    first = screens[0]
    assert first.count("drawn from the pocket") == 0
    assert "39 cards dealt from the pocket: 3 to each of 12 shops and 3 to the warehouse" in first
    assert first[: first.index("Archipel, round 1")].count("\n") <= 8
    assert max(len(screen.splitlines()) for screen in screens) <= 60
    assert "red boat has no bait on board, so it cannot try to catch the fish at f01 (ARC-3.1)" in out
    assert "red boat enters the harbour of jade and takes the shop's cards: " in out
    assert "  sail (type the number or 'sail NAME'):" in first
    legal = [str(m) for m in match.start.legal_moves()]
    numbers = re.findall(r"(\d+) (f\d\d|[a-z]+(?:-[a-z]+)?)\b", first.split("Seat 0, your moves:")[1])
    listed = {int(n): f"sail {dest}" for n, dest in numbers}
    for number, move in enumerate(legal, 1):  # every legal move keeps its number
        if move.startswith("sail "):
            assert listed[number] == move


#: Terminal control sequences (colours, cursor moves, modes), removed to read the screen's words.
ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>])|\r")


def test_line_editing_history_and_completion_in_a_pseudo_terminal() -> None:
    """In a real terminal: Tab completes a legal move, Up recalls the last line (no '^[[A'), and the game ends."""
    pytest.importorskip("prompt_toolkit")
    pty = pytest.importorskip("pty")
    import os
    import select

    env = {**os.environ, "COLUMNS": "100", "LINES": "50", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, in the pseudo-terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "tabletop", "play", "conservas", "--seed", "3"], env)
    seen = ""  # the terminal's output without its escape sequences
    raw = b""

    def read_until(marker: str, timeout: float = 30.0) -> str:
        nonlocal seen, raw
        start = len(seen)
        while marker not in seen[start:]:
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                raise AssertionError(f"{marker!r} never came; the screen ended with {seen[-2000:]!r}")
            try:
                raw += os.read(fd, 65536)
            except OSError:  # the child has ended
                raise AssertionError(f"{marker!r} never came; output ended with {seen[-2000:]!r}") from None
            seen = ESCAPES.sub("", raw.decode("utf-8", "replace"))
        return seen[start:]

    try:
        read_until("seat 0>")
        os.write(fd, b"choose el\t")  # Tab completes the only legal move starting so
        read_until("el-chipironcuatre")
        os.write(fd, b"\r")
        read_until("seat 0>")
        os.write(fd, b"rules CON-2.3\r")
        read_until("seat 0>")
        os.write(fd, b"\x1b[A")  # Up: the last line comes back to be edited
        read_until("rules CON-2.3")
        os.write(fd, b"\x15")  # Ctrl-U clears it
        for _ in range(200):
            if "returns: seat 0" in seen:
                break
            os.write(fd, b"1\r")
            read_until(">")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
    text = " ".join(seen.split())
    assert "chose El Chipironcuatre as the first boat" in text
    assert "exactly as many tokens as its catch size" in text
    assert "^[[A" not in text
    assert "Game over." in text


def test_tab_offers_moves_commands_rules_and_the_cards_on_the_seats_board() -> None:
    """What Tab completes: the legal moves, the commands, `rules ID`, and `card ID` for cards the seat sees."""
    zoo = tabletop.get_game("spolka_zoo")
    match = Match(zoo, seed=1, options={"players": 2, "bots": 1, "modules": ("intrigues",)})
    words = TerminalPlay(match, stdin=io.StringIO(), stdout=io.StringIO())._completions()
    assert {str(m) for m in match.legal_moves()} <= set(words)
    assert {"undo", "card", "rules ZOO-4.12", "moves all"} <= set(words)
    state = match.state
    assert {f"card {c}" for c in state.piles.helper_row} <= set(words)  # type: ignore[attr-defined]
    assert {f"card {c}" for c in state.seats[0].intrigues} <= set(words)  # type: ignore[attr-defined]
    theirs = set(state.seats[1].intrigues) - set(state.seats[0].intrigues)  # type: ignore[attr-defined]
    assert theirs and not {f"card {c}" for c in theirs} & set(words)  # seat 1's hand is not offered to seat 0


def test_a_move_of_another_step_is_refused_in_the_games_words() -> None:
    """A move that belongs to another step is refused without the internal step name (``action.before``)."""
    zoo = tabletop.get_game("spolka_zoo")
    match = Match(zoo, seed=1, options={"players": 1, "bots": 2})
    _, out = _run(match, ["speculate apple", "quit"])
    refusal = next(line[line.index("Refused:") :] for line in out.splitlines() if "Refused:" in line)
    assert refusal == (
        "Refused: 'speculate apple' is not one of your moves now (Spółka ZOO: round 1, action phase, "
        "choose your action token in secret; seat 0 to move). Type 'moves' to list them."
    )
