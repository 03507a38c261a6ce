"""Terminal play and replay: `tabletop play GAME` and `tabletop replay FILE`.

[`TerminalPlay`][tabletop.frontend.terminal.TerminalPlay] runs a [`Match`][tabletop.frontend.match.Match] in a terminal:
it shows the seat to move what happened since its last turn, its board (its own view only) and its
numbered legal moves, and reads a number, a move in notation or a command (`undo`, `redo`,
`save FILE`, `log`, `rules`, `card`, `help`, `quit`). With several human seats (hot-seat) it
shows the seat that has just moved what its move brought, waits for it to hide the screen,
clears the screen and asks for the next seat before showing anything. At a terminal
(`line_editing=True`) the prompt is a prompt_toolkit line editor with history and Tab
completion of the legal moves' notation; otherwise it reads plain lines, so a script can drive
it through standard input.

[`replay`][tabletop.frontend.replay.replay] steps through a saved record. The screens' words
(numbered moves, events, the result) are in `tabletop.frontend.screens`, the rules' texts in
`tabletop.frontend.rulebook`; this module re-exports the names it always offered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TextIO

from tabletop.frontend.match import Match, UndoError
from tabletop.frontend.render import game_hook, render
from tabletop.frontend.replay import replay
from tabletop.frontend.rulebook import match_rules, rule_link, rule_text
from tabletop.frontend.screens import (
    LONGEST_INPUT,
    cut_refusal,
    echo,
    fold_events,
    format_moves,
    format_outcome,
    label_suffix,
    quoted,
    shown,
    wrap,
)
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.protocol import Move

__all__ = [
    "CLEAR_SCREEN",
    "TerminalPlay",
    "format_moves",
    "format_outcome",
    "match_rules",
    "replay",
    "rule_link",
    "rule_text",
]

CLEAR_SCREEN: Final = "\x1b[2J\x1b[H"
"""The ANSI sequence that clears the screen and homes the cursor."""

HELP: Final = """\
Type the number of a move from the list, or the move itself in notation (at a terminal, Tab
completes the legal moves and Up/Down recall what you typed).
Commands:
  undo        take back your last move (not past anything new you have seen)
  redo        play again the moves you took back
  moves       list your legal moves again (moves all: every move, one per line)
  back        one step back while building a move in steps
  board       show the board again
  card ID     read a card: its name, cost and text (card h-fox)
  log         everything you have seen so far
  rules [X]   a rule's text by ID (a refusal names one: rules CON-1.5), or the rules using word X
  save FILE   save the game (resume with: tabletop play --load FILE)
  help        this text
  quit        stop without finishing (save first to resume later)"""

#: Refusals that only say the move belongs to another step of the game.
_NOT_NOW: Final = frozenset({"wrong-step", "not-legal"})

STEPWISE_OVER: Final = 12
"""With more legal moves than this, a game that describes its moves in steps is offered them in steps."""

#: Commands that take no words after them (`moves` takes `all`, `card` one ID, `rules` and `save` the rest).
_BARE: Final = frozenset({"undo", "redo", "help", "back", "board", "log", "quit"})


class TerminalPlay:
    """A match played in a terminal, by one or several people and any number of agents.

    Args:
        match: The match (its agent seats are played by the program).
        stdin: Where lines are read.
        stdout: Where everything is written.
        clear: Clear the screen between seats in hot-seat play (a separator line otherwise).
        pause: In hot-seat play, wait for Enter before showing the next seat anything.
        echo: Write each line read back out (for scripted input, so a transcript reads well).
        line_editing: Read with a prompt_toolkit line editor (history, Tab completion of the
            legal moves); needs a terminal and the `cli` extra, else plain lines are read.
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
        line_editing: bool = False,
    ) -> None:
        self.match = match
        self.input = stdin
        self.output = stdout
        self.clear = clear
        self.pause = pause
        self.echo = echo
        self._shown = dict.fromkeys(range(match.num_players), 0)
        self._last_seat: int | None = None
        self._path: list[str] = []  # the steps chosen so far of a move built in steps
        self._path_at = -1  # ... at this many plies
        self._session: Any = _line_editor(self._completions) if line_editing else None

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
        self._say(wrap(f"{match.game.title}: {match.game.summary}", ""))
        self._say(f"Seats: {', '.join(f'{i} {kind}' for i, kind in enumerate(match.seats))}. Type 'help' for help.")
        if self.hot_seat and all(match.is_human(s) for s in range(match.num_players)):
            self._say(
                "Every seat is played at this keyboard, passing the screen (to play against the program: --agent SEAT)."
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
            text = line.strip()
            word, *more = text.split(None, 1) or [""]
            refusal = _refusal(text, word, more[0] if more else "")
            if refusal or not word:
                self._say(refusal)
                continue
            if word == "quit":
                self._say("Stopped; the game is not finished. (To resume a game later: 'save FILE' before 'quit'.)")
                return 0
            if word in _COMMANDS:
                if _COMMANDS[word](self, seat, more[0] if more else ""):
                    return None
                continue
            if self._move(seat, text):
                return None

    def _move(self, seat: int, text: str) -> bool:
        steps = self._steps(seat)
        number = int(text) if text.isascii() and text.isdigit() else None  # "²" is a digit int() refuses
        if steps is not None and number is not None:
            return self._step(seat, steps, number)
        legal = self.match.legal_moves()
        move: Move | str = text
        if number is not None:
            if not 1 <= number <= len(legal):
                self._say(f"There is no move {shown(text)}: choose from 1 to {len(legal)}.")
                return False
            move = legal[number - 1]
        try:
            self.match.play(move, seat=seat)
        except NotationError as exc:
            count = len(steps[1]) if steps is not None else len(legal)
            hint = f"Type a number from 1 to {count}, a move (Tab completes at a terminal), or 'help'."
            self._say(cut_refusal(f"Not a move: {echo(exc, text)}. {hint}"))
            return False
        except IllegalMove as exc:
            if exc.code in _NOT_NOW:  # the kernel names the step; say it in the game's words
                now = render(self.match.view(seat), seat).splitlines()[0]
                self._say(f"Refused: {quoted(text)} is not one of your moves now ({now}). Type 'moves' to list them.")
                return False
            hint = f" (type 'rules {exc.rule}' to read the rule)" if exc.rule in self.match.game.rules else ""
            self._say(cut_refusal(f"Refused: {echo(exc, text)}{hint}"))
            return False
        return True

    # Moves built in steps ----------------------------------------------------------------------

    def _steps(self, seat: int) -> tuple[list[Move], list[tuple[str, list[Move]]]] | None:
        """When the legal moves are offered in steps: the moves still open, and the next choices.

        A game offers its moves in steps through its `move_steps(view, move)` hook (a tuple of
        labels, one per decision); the terminal uses them when there are many legal moves.
        """
        legal = self.match.legal_moves()
        hook = game_hook(self.match.state, "move_steps")
        if hook is None or len(legal) <= STEPWISE_OVER:
            return None
        if self._path_at != len(self.match.plies):
            self._path, self._path_at = [], len(self.match.plies)
        view = self.match.view(seat)
        labelled = [(tuple(hook(view, m)), m) for m in legal]
        if all(len(labels) <= 1 for labels, _ in labelled):
            return None
        while True:
            depth = len(self._path)
            open_moves = [(labels, m) for labels, m in labelled if list(labels[:depth]) == self._path]
            choices: dict[str, list[Move]] = {}
            for labels, m in open_moves:
                choices.setdefault(labels[depth] if depth < len(labels) else str(m), []).append(m)
            if len(choices) == 1 and len(open_moves) > 1:  # a forced step is taken at once
                self._path.append(next(iter(choices)))
                continue
            return [m for _, m in open_moves], list(choices.items())

    def _step(self, seat: int, steps: tuple[list[Move], list[tuple[str, list[Move]]]], number: int) -> bool:
        _, choices = steps
        if not 1 <= number <= len(choices):
            self._say(
                f"There is no choice {shown(str(number))}: choose from 1 to {len(choices)} (or type the whole move)."
            )
            return False
        label, moves = choices[number - 1]
        if len(moves) == 1:
            self.match.play(moves[0], seat=seat)
            return True
        self._path.append(label)
        self._say(self._format_steps(seat))
        return False

    def _format_steps(self, seat: int) -> str:
        steps = self._steps(seat)
        assert steps is not None
        open_moves, choices = steps
        lines = []
        if self._path:
            lines.append("So far: " + "; ".join(self._path) + ".  ('back' undoes a step)")
        lines.append(f"Choose (or type a whole move, e.g. {open_moves[0]}):")
        for i, (label, moves) in enumerate(choices, 1):
            ways = f"  ({len(moves)} ways)" if len(moves) > 1 else f"  = {moves[0]}"
            lines.append(f"{i:>3}. {label}{ways}")
        return "\n".join(lines)

    def _back(self, seat: int, rest: str) -> bool:
        if self._steps(seat) is None or not self._path:
            self._say("Nothing to go back from: 'undo' takes back a move.")
            return False
        self._path.pop()
        while self._path:  # skip back over forced steps too
            steps = self._steps(seat)
            if steps is not None and len(steps[1]) > 1:
                break
            self._path.pop()
        self._say(self._format_steps(seat))
        return False

    def _menu(self, seat: int) -> str:
        if self._steps(seat) is not None:
            return self._format_steps(seat)
        return format_moves(self.match.legal_moves(), labels=self._labels(seat))

    def _labels(self, seat: int) -> list[str]:
        hook = game_hook(self.match.state, "move_label")
        if hook is None:
            return []
        view = self.match.view(seat)
        return [str(hook(view, move) or "") for move in self.match.legal_moves()]

    # Commands ----------------------------------------------------------------------------------

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
            self._say(cut_refusal(f"Could not save: {exc}"))
            return False
        self._say(f"Saved to {rest}. Resume with: tabletop play --load {rest}")
        return False

    def _help(self, seat: int, rest: str) -> bool:
        self._say(HELP)
        return False

    def _rules(self, seat: int, rest: str) -> bool:
        game = self.match.game
        rules = game.rules
        if not rules:
            self._say(f"{game.title} has no rule catalogue.")
            return False
        exact = {rid.lower(): rid for rid in rules}
        if rest.lower() in exact:
            rid = exact[rest.lower()]
            text = rule_text(game, rid)
            self._say(f"{rid}  {rules[rid]}")
            if text:
                self._say(wrap(text, "  ", width=92))
            link = rule_link(game, rid)
            if link:
                self._say(f"  (in the docs: {link})")
            return False
        found = match_rules(game, rest)
        if not found:
            self._say(f"No rule matches {quoted(rest)}; type 'rules' for all {len(rules)}.")
            return False
        width = max(len(rid) for rid in found)
        self._say("\n".join(f"  {rid:<{width}}  {rules[rid]}" for rid in found))
        if rest and len(found) > 1:
            self._say(f"Type 'rules {found[0]}' to read one in full.")
        return False

    def _card(self, seat: int, rest: str) -> bool:
        hook = game_hook(self.match.state, "describe_card")
        if hook is None:
            self._say(f"{self.match.game.title} has no cards to look up.")
            return False
        if not rest:
            self._say("Say which: card ID (the board shows each card's ID in [brackets]).")
            return False
        try:
            self._say(str(hook(self.match.view(seat), seat, rest)))
        except LookupError as exc:
            self._say(cut_refusal(f"{exc.args[0] if exc.args else exc}"))
        return False

    def _moves(self, seat: int, rest: str) -> bool:
        if rest == "all":
            moves = self.match.legal_moves()
            labels = self._labels(seat)
            self._say("\n".join(f"{i:>3}. {m}{label_suffix(labels, i - 1)}" for i, m in enumerate(moves, 1)))
            if self._steps(seat) is not None:
                self._say("(type a whole move to play it; numbers pick the step choices)")
            return False
        self._say(self._menu(seat))
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
            self._news(last)
            if self.pause and self._ask(f"Seat {last}, press Enter to hide your screen. ") is None:
                return False
        self.output.write(CLEAR_SCREEN if self.clear else "\n" + "=" * 60 + "\n")
        self._say(f"Seat {seat}'s turn. Pass the screen to seat {seat}.")
        if self.pause:
            return self._ask(f"Seat {seat}, press Enter when only you can see the screen. ") is not None
        return True

    def _news(self, seat: int) -> None:
        """What `seat` has not been shown yet, in the game's words (folded where it says so)."""
        match = self.match
        start = self._shown[seat]
        self._shown[seat] = len(match.plies)
        texts = fold_events(match.state, match.events_for(seat, start=start))
        if texts:
            self._say("What happened:")
            self._say("\n".join(wrap(text, "  ", hang="      ") for text in texts))

    def _show(self, seat: int, *, events: bool = True) -> None:
        match = self.match
        if events:
            self._news(seat)
        self._say("")
        self._say(render(match.view(seat), seat))
        self._say(f"\nSeat {seat}, your moves:")
        self._say(self._menu(seat))

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
            self._news(seat)
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

    def _completions(self) -> list[str]:
        """What Tab offers: the legal moves' notation, the commands, the rule IDs, and `card ID`
        for each card on the seat's own board."""
        match = self.match
        words = [str(m) for m in match.legal_moves()] if match.current_player >= 0 else []
        words += [*_COMMANDS, "quit", "moves all"]
        words += [f"rules {rid}" for rid in match.game.rules]
        if match.current_player >= 0 and game_hook(match.state, "describe_card") is not None:
            board = render(match.view(match.current_player), match.current_player)  # the seat's own screen
            words += [f"card {card}" for card in dict.fromkeys(re.findall(r"\[([a-z0-9][a-z0-9-]*)\]", board))]
        return words

    def _ask(self, prompt: str) -> str | None:
        if self._session is not None:
            try:
                line: str = self._session.prompt(prompt)
            except EOFError:
                return None
            return line
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
    "back": TerminalPlay._back,
    "board": TerminalPlay._board,
    "card": TerminalPlay._card,
    "log": TerminalPlay._log,
    "rules": TerminalPlay._rules,
}


def _refusal(text: str, word: str, rest: str) -> str:
    """Why a line is refused before it is read as a move or a command ("" when it is not): too long,
    or a command followed by words it does not take (they were ignored)."""
    if len(text) > LONGEST_INPUT:
        return f"That line is {len(text):,} characters long: a move or a command is at most {LONGEST_INPUT}."
    if not rest:
        return ""
    typed = quoted(f"{word} {rest}")
    if word in _BARE:
        return f"'{word}' takes nothing after it; got {typed}. Type '{word}' alone (or 'help')."
    if word == "moves" and rest != "all":
        return f"'moves' takes nothing, or 'all', after it; got {typed}."
    if word == "card" and len(rest.split()) > 1:
        return f"'card' takes one card ID (card h-fox); got {typed}."
    return ""


def _line_editor(words: Callable[[], Sequence[str]]) -> Any:
    """A prompt_toolkit session completing `words()`, or `None` without the `cli` extra."""
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import InMemoryHistory
    except ImportError:  # pragma: no cover - the cli extra is not installed: plain lines
        return None

    class _Moves(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Completion]:
            typed = document.text_before_cursor.lstrip()
            for word in dict.fromkeys(words()):
                if word.startswith(typed) and word != typed:
                    yield Completion(word, start_position=-len(typed))

    return PromptSession(history=InMemoryHistory(), completer=_Moves(), complete_while_typing=False)
