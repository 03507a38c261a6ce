"""Terminal play and replay: `tabletop play GAME` and `tabletop replay FILE`.

[`TerminalPlay`][tabletop.frontend.terminal.TerminalPlay] runs a [`Match`][tabletop.frontend.match.Match] in a terminal:
it shows the seat to move what happened since its last turn, its board (its own view only) and its
numbered legal moves, and reads a number, a move in notation or a command (`undo`,
`redo`, `save FILE`, `log`, `rules`, `help`, `quit`). With several human seats
(hot-seat) it shows the seat that has just moved what its move brought, waits for it to hide
the screen, clears the screen and asks for the next seat before showing anything. It reads
plain lines, so a script can drive it through standard input.

[`replay`][tabletop.frontend.terminal.replay] steps through a saved record.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from typing import Final, TextIO

from tabletop.frontend.match import Match, UndoError
from tabletop.frontend.records import Record, read_record
from tabletop.frontend.render import describe_player, render
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.protocol import Game, Move, Outcome

__all__ = ["CLEAR_SCREEN", "TerminalPlay", "format_moves", "format_outcome", "replay"]

CLEAR_SCREEN: Final = "\x1b[2J\x1b[H"
"""The ANSI sequence that clears the screen and homes the cursor."""

HELP: Final = """\
Type the number of a move from the list, or the move itself in notation.
Commands:
  undo        take back your last move (not past anything new you have seen)
  redo        play again the moves you took back
  moves       list your legal moves again
  board       show the board again
  log         everything you have seen so far
  rules [X]   the rules of the game by ID (a refusal names one: rules CON-1.5), or those mentioning X
  save FILE   save the game (resume with: tabletop play --load FILE)
  help        this text
  quit        stop without finishing (save first to resume later)"""


class TerminalPlay:
    """A match played in a terminal, by one or several people and any number of agents.

    Args:
        match: The match (its agent seats are played by the program).
        stdin: Where lines are read.
        stdout: Where everything is written.
        clear: Clear the screen between seats in hot-seat play (a separator line otherwise).
        pause: In hot-seat play, wait for Enter before showing the next seat anything.
        echo: Write each line read back out (for scripted input, so a transcript reads well).
    """

    def __init__(
        self,
        match: Match,
        *,
        stdin: TextIO,
        stdout: TextIO,
        clear: bool = False,
        pause: bool = False,
        echo: bool = False,
    ) -> None:
        self.match = match
        self.input = stdin
        self.output = stdout
        self.clear = clear
        self.pause = pause
        self.echo = echo
        self._shown = dict.fromkeys(range(match.num_players), 0)
        self._last_seat: int | None = None

    @property
    def hot_seat(self) -> bool:
        """True when several seats are played by people at this terminal."""
        return sum(self.match.is_human(s) for s in range(self.match.num_players)) > 1

    def run(self) -> int:
        """Play until the game ends (0), the player quits (0), input runs out (1) or Ctrl-C (130)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self._say("\nStopped (Ctrl-C); the game is not finished.")
            return 130

    def _run(self) -> int:
        match = self.match
        self._say(f"{match.game.title}: {match.game.summary}")
        self._say(f"Seats: {', '.join(f'{i} {kind}' for i, kind in enumerate(match.seats))}. Type 'help' for help.")
        if self.hot_seat and all(match.is_human(s) for s in range(match.num_players)):
            self._say(
                "Every seat is played at this keyboard, passing the screen (to play against the program: --bot SEAT)."
            )
        while not match.is_over:
            seat = match.current_player
            if seat == CHANCE:
                match.resolve_chance()
                match.advance()
                continue
            if self.hot_seat and seat != self._last_seat and not self._hand_over(seat):
                return 1
            self._last_seat = seat
            self._show(seat)
            status = self._turn(seat)
            if status is not None:
                return status
        self._finish()
        return 0

    # One turn ----------------------------------------------------------------------------------

    def _turn(self, seat: int) -> int | None:
        """Read lines until the seat has moved; a status to stop with, or `None` to go on."""
        while True:
            line = self._ask(f"seat {seat}> ")
            if line is None:
                self._say("\nInput ended before the game did (save with 'save FILE' to resume later).")
                return 1
            word, _, rest = line.strip().partition(" ")
            if not word:
                continue
            if word == "quit":
                self._say("Stopped; the game is not finished. (To resume a game later: 'save FILE' before 'quit'.)")
                return 0
            if word in _COMMANDS:
                if _COMMANDS[word](self, seat, rest.strip()):
                    return None
                continue
            if self._move(seat, line.strip()):
                return None

    def _move(self, seat: int, text: str) -> bool:
        legal = self.match.legal_moves()
        move: Move | str = text
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                self._say(f"There is no move {number}: choose from 1 to {len(legal)}.")
                return False
            move = legal[number - 1]
        try:
            self.match.play(move, seat=seat)
        except NotationError as exc:
            self._say(f"Not a move: {exc}. Type a number from 1 to {len(legal)}, a move, or 'help'.")
            return False
        except IllegalMove as exc:
            hint = f" (type 'rules {exc.rule}' to read the rule)" if exc.rule in self.match.game.rules else ""
            self._say(f"Refused: {exc}{hint}")
            return False
        return True

    def _undo(self, seat: int, rest: str) -> bool:
        try:
            undone = self.match.undo(seat)
        except UndoError as exc:
            self._say(f"Cannot undo: {exc}")
            return False
        self._rewind()
        self._say(f"Took back {undone} step(s).")
        self._show(seat, events=False)
        return False

    def _redo(self, seat: int, rest: str) -> bool:
        try:
            self.match.redo()
        except UndoError as exc:
            self._say(f"Cannot redo: {exc}")
            return False
        return True

    def _save(self, seat: int, rest: str) -> bool:
        if not rest:
            self._say("Say where: save FILE")
            return False
        try:
            self.match.save(rest)
        except OSError as exc:
            self._say(f"Could not save: {exc}")
            return False
        self._say(f"Saved to {rest}. Resume with: tabletop play --load {rest}")
        return False

    def _help(self, seat: int, rest: str) -> bool:
        self._say(HELP)
        return False

    def _rules(self, seat: int, rest: str) -> bool:
        rules = self.match.game.rules
        if not rules:
            self._say(f"{self.match.game.title} has no rule catalogue.")
            return False
        wanted = rest.lower()
        found = [(rid, title) for rid, title in rules.items() if wanted in rid.lower() or wanted in title.lower()]
        if not found:
            self._say(f"No rule matches {rest!r}; type 'rules' for all {len(rules)}.")
            return False
        width = max(len(rid) for rid, _ in found)
        self._say("\n".join(f"  {rid:<{width}}  {title}" for rid, title in found))
        return False

    def _moves(self, seat: int, rest: str) -> bool:
        self._say(format_moves(self.match.legal_moves()))
        return False

    def _board(self, seat: int, rest: str) -> bool:
        self._show(seat, events=False)
        return False

    def _log(self, seat: int, rest: str) -> bool:
        self._say("\n".join(self.match.log(seat)) or "Nothing has happened yet.")
        return False

    # Screens -----------------------------------------------------------------------------------

    def _hand_over(self, seat: int) -> bool:
        last = self._last_seat
        if last is not None and last != seat and self.match.is_human(last):
            # The seat that just moved sees what its move brought (the card it drew) before the screen is hidden.
            news = self.match.events_for(last, start=self._shown[last])
            self._shown[last] = len(self.match.plies)
            if news:
                self._say("What happened:")
                self._say("\n".join(f"  {event.text}" for event in news))
            if self.pause and self._ask(f"Seat {last}, press Enter to hide your screen. ") is None:
                return False
        self.output.write(CLEAR_SCREEN if self.clear else "\n" + "=" * 60 + "\n")
        self._say(f"Seat {seat}'s turn. Pass the screen to seat {seat}.")
        if self.pause:
            return self._ask(f"Seat {seat}, press Enter when only you can see the screen. ") is not None
        return True

    def _show(self, seat: int, *, events: bool = True) -> None:
        match = self.match
        if events:
            news = match.events_for(seat, start=self._shown[seat])
            if news:
                self._say("What happened:")
                self._say("\n".join(f"  {event.text}" for event in news))
            self._shown[seat] = len(match.plies)
        self._say("")
        self._say(render(match.view(seat), seat))
        self._say(f"\nSeat {seat}, your moves:")
        self._say(format_moves(match.legal_moves()))

    def _rewind(self) -> None:
        now = len(self.match.plies)
        for seat, count in self._shown.items():
            self._shown[seat] = min(count, now)

    def _finish(self) -> None:
        match = self.match
        humans = [s for s in range(match.num_players) if match.is_human(s)]
        if not humans:  # only agents played: a spectator may see everything
            self._say("\n".join(match.log()))
        if len(humans) == 1:
            seat = humans[0]
            news = match.events_for(seat, start=self._shown[seat])
            if news:
                self._say("What happened:")
                self._say("\n".join(f"  {event.text}" for event in news))
            self._say(render(match.view(seat), seat))
        if len(humans) > 1:
            # Everybody gathers for the result: clear the last player's board, show what all saw.
            self.output.write(CLEAR_SCREEN if self.clear else "\n" + "=" * 60 + "\n")
            public = self._seen_by_all(humans, min(self._shown[h] for h in humans))
            if public:
                self._say("What happened last (as everybody saw it):")
                self._say("\n".join(f"  {text}" for text in public))
        self._say("\nGame over.")
        assert match.outcome is not None
        self._say(format_outcome(match.outcome))

    def _seen_by_all(self, humans: list[int], start: int) -> list[str]:
        """The events from ply `start` on that every seat in `humans` may see."""
        lines: list[str] = []
        for ply in self.match.plies[start:]:
            first, *others = (ply.events_for(h) for h in humans)
            lines.extend(e.text for e in first if all(e in seen for seen in others))
        return lines

    def _ask(self, prompt: str) -> str | None:
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            return None
        if self.echo:
            self.output.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")

    def _say(self, text: str) -> None:
        self.output.write(text + "\n")
        self.output.flush()


_COMMANDS: Final = {
    "undo": TerminalPlay._undo,
    "redo": TerminalPlay._redo,
    "save": TerminalPlay._save,
    "help": TerminalPlay._help,
    "moves": TerminalPlay._moves,
    "board": TerminalPlay._board,
    "log": TerminalPlay._log,
    "rules": TerminalPlay._rules,
}


def format_moves(moves: Sequence[Move], width: int | None = None) -> str:
    """Numbered moves in columns that fit `width` (the terminal's, by default)."""
    if width is None:
        width = shutil.get_terminal_size((100, 24)).columns
    cells = [f"{i:>3}. {move}" for i, move in enumerate(moves, 1)]
    if not cells:
        return "  (no moves)"
    cell = max(len(c) for c in cells) + 2
    per_row = max(1, width // cell)
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    return "\n".join("".join(c.ljust(cell) for c in row).rstrip() for row in rows)


def format_outcome(outcome: Outcome) -> str:
    """The result: the summary's labelled values, then each seat's return."""
    lines = [f"  {key}: {value}" for key, value in outcome.summary().items()]
    returns = ", ".join(f"seat {i}: {r:g}" for i, r in enumerate(outcome.returns))
    lines.append(f"  returns: {returns}")
    return "Result:\n" + "\n".join(lines)


# Replay ----------------------------------------------------------------------------------------


def replay(text: str, *, stdin: TextIO, stdout: TextIO, game: Game | None = None, seat: int | None = None) -> int:
    """Step through a record: Enter for the next step, `b` back, a number to jump, `q` to stop.

    When input runs out, the remaining steps are printed without boards. A full record is
    replayed into states (shown whole, or as `seat` sees them); a seat's copy is shown as
    that seat's log.

    Returns:
        0, or 1 if `seat` is given for a full record whose game has no such seat.
    """
    output = stdout
    record = read_record(text, game=game.name if game is not None else None)
    if not record.is_full:
        _replay_copy(record, output)
        return 0
    match = Match.load(text, game=game)
    if seat is not None and not 0 <= seat < match.num_players:
        output.write(f"no seat {seat}: seats are 0 to {match.num_players - 1}\n")
        return 1
    plies = match.plies
    position = 0
    interactive = True

    def board(at: int) -> str:
        state = plies[at - 1].after if at else match.start
        return render(state if seat is None else state.view(seat), seat)

    output.write(f"Replay of {match.game.title} (seed {match.seed}), {len(plies)} steps.\n{board(0)}\n")
    while position < len(plies):
        if interactive:
            output.write("[Enter] next, b back, NUMBER go to step, q quit> ")
            output.flush()
            line = stdin.readline()
            if not line:
                interactive = False
                output.write("\n")
                continue
            command = line.strip()
            if command == "q":
                return 0
            if command == "b" or command.isdigit():
                position = max(0, position - 1) if command == "b" else min(int(command), len(plies))
                output.write(f"At step {position}.\n{board(position)}\n")
                continue
        ply = plies[position]
        position += 1
        notation = ply.notation_for(seat) or "(hidden)"
        events = ply.events if seat is None else ply.events_for(seat)
        output.write(f"step {position}: {describe_player(ply.player)}: {notation}\n")
        output.write("".join(f"    {e.text}\n" for e in events))
        if interactive:
            output.write(board(position) + "\n")
    if not interactive:
        output.write(board(position) + "\n")
    if match.outcome is not None:
        output.write("Game over.\n" + format_outcome(match.outcome) + "\n")
    else:
        output.write("The record stops before the end of the game.\n")
    return 0


def _replay_copy(record: Record, output: TextIO) -> None:
    output.write(f"Seat {record.seat}'s copy of a {record.game} game ({len(record.steps)} steps):\n")
    for number, step in enumerate(record.steps, 1):
        output.write(f"step {number}: {describe_player(step.player)}: {step.move or '(hidden)'}\n")
        for event in step.events or ():
            output.write(f"    {event.get('text', '')}\n")
    if record.result is not None:
        summary = ", ".join(f"{k}: {v}" for k, v in record.result["summary"].items())
        output.write(f"Game over. {summary}\n")
