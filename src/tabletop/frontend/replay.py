"""`tabletop replay FILE`: step through a saved record, a full one as boards, a seat's copy as
what that seat saw."""

from __future__ import annotations

from typing import TextIO

from tabletop.frontend.match import Match, Ply
from tabletop.frontend.records import Record, read_record
from tabletop.frontend.render import describe_player, render
from tabletop.frontend.screens import format_outcome, quoted
from tabletop.kernel.protocol import Game

__all__ = ["replay"]


def replay(text: str, *, stdin: TextIO, stdout: TextIO, game: Game | None = None, seat: int | None = None) -> int:
    """Step through a record: Enter for the next step, `b` back, a number to jump, `q` to stop
    (anything else is refused and asked again).

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
            key = _ask_key(stdin, output, position, len(plies))
            if key is None:  # input ended: the remaining steps are printed without boards
                interactive = False
                output.write("\n")
                continue
            if key == "quit":
                return 0
            if isinstance(key, int):
                position = key
                output.write(f"At step {position}.\n{board(position)}\n")
                continue
        position += 1
        output.write(_told(plies[position - 1], position, seat))
        if interactive:
            output.write(board(position) + "\n")
    if not interactive:
        output.write(board(position) + "\n")
    over = match.outcome is not None and "Game over.\n" + format_outcome(match.outcome)
    output.write(f"{over or 'The record stops before the end of the game.'}\n")
    return 0


def _told(ply: Ply, number: int, seat: int | None) -> str:
    """Step `number` in words, as `seat` saw it (`None`: all of it): who did what, then its events."""
    notation = ply.notation_for(seat) or "(hidden)"
    events = ply.events if seat is None else ply.events_for(seat)
    return f"step {number}: {describe_player(ply.player)}: {notation}\n" + "".join(f"    {e.text}\n" for e in events)


def _ask_key(stdin: TextIO, output: TextIO, position: int, steps: int) -> int | str | None:
    """What the reader asks for at step `position` of `steps`: `None` when input ended, `"quit"`,
    `"next"`, or the step to show (`b` one back, a number that step); anything else is refused,
    quoted cut short, and asked again (it stepped on)."""
    while True:
        output.write("[Enter] next, b back, NUMBER go to step, q quit> ")
        output.flush()
        line = stdin.readline()
        if not line:
            return None
        command = line.strip()
        if command in ("", "q"):
            return "quit" if command else "next"
        if command == "b":
            return max(0, position - 1)
        if command.isascii() and command.isdigit():  # a number past the end (of any length) is the end
            digits = command.lstrip("0") or "0"
            return steps if len(digits) > len(str(steps)) else min(int(digits), steps)
        output.write(
            f"Type Enter for the next step, b for one back, a step number, or q to stop; got {quoted(command)}.\n"
        )


def _replay_copy(record: Record, output: TextIO) -> None:
    output.write(f"Seat {record.seat}'s copy of a {record.game} game ({len(record.steps)} steps):\n")
    for number, step in enumerate(record.steps, 1):
        output.write(f"step {number}: {describe_player(step.player)}: {step.move or '(hidden)'}\n")
        for event in step.events or ():
            output.write(f"    {event.get('text', '')}\n")
    if record.result is not None:
        summary = ", ".join(f"{k}: {v}" for k, v in record.result["summary"].items())
        output.write(f"Game over. {summary}\n")
