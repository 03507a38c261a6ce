"""A terminal frontend in about 100 lines, built on ``tabletop.Match``: copy it and make it yours.

    python examples/terminal_frontend.py conservas --seed 7
    python examples/terminal_frontend.py tabletop.testing.drill:GAME --bot 1 --save game.json

Each turn it prints what the seat to move saw happen (events), its board (its own view, never
the whole state) and its numbered legal moves. Type a number, a move in notation, ``undo`` or
``quit``. Lines are read from standard input, so a script can play it too. (``tabletop play``
is the full version: hot-seat screens, redo, help, saving mid-game.)
"""

from __future__ import annotations

import argparse
import sys

import tabletop
from tabletop.frontend import UndoError, render


def show_turn(match: tabletop.Match, seat: int, seen: dict[int, int]) -> None:
    """What happened since this seat last looked, then its board and its moves."""
    for event in match.events_for(seat, start=seen[seat]):
        print(f"  * {event.text}")
    seen[seat] = len(match.plies)
    print(render(match.view(seat), seat))
    for number, move in enumerate(match.legal_moves(), 1):
        print(f"  {number:>3}. {move}")


def read_move(match: tabletop.Match, seat: int, line: str) -> bool:
    """Play the number or notation typed; explain a bad entry. True when a move was played."""
    legal = match.legal_moves()
    text = line.strip()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        move: tabletop.Move | str = legal[int(text) - 1]
    else:
        move = text
    try:
        match.play(move, seat=seat)
    except (tabletop.NotationError, tabletop.IllegalMove) as refusal:
        print(f"Refused: {refusal}")
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play a tabletop game in the terminal.")
    parser.add_argument("game", help="a game name, e.g. conservas, or module:attribute")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--bot", type=int, action="append", default=[], help="a seat the program plays")
    parser.add_argument("--save", help="write the game record here at the end")
    args = parser.parse_args(argv)

    match = tabletop.Match(args.game, seed=args.seed, agents=dict.fromkeys(args.bot, "greedy"))
    seen = dict.fromkeys(range(match.num_players), 0)
    while not match.is_over:
        seat = match.current_player
        show_turn(match, seat, seen)
        while True:
            print(f"seat {seat}> ", end="", flush=True)
            line = sys.stdin.readline()
            if not line or line.strip() == "quit":
                print("\nStopped before the end.")
                return 1
            if line.strip() == "undo":
                try:
                    print(f"Took back {match.undo(seat)} step(s).")
                except UndoError as refusal:
                    print(f"Cannot undo: {refusal}")
                    continue
                show_turn(match, seat, seen)
                continue
            if read_move(match, seat, line):
                break

    outcome = match.outcome
    assert outcome is not None
    print("Game over:", ", ".join(f"{key} {value}" for key, value in outcome.summary().items()))
    print("Returns:", ", ".join(f"seat {seat} {value:g}" for seat, value in enumerate(outcome.returns)))
    if args.save:
        match.save(args.save)
        print(f"Record saved to {args.save}; step through it with: tabletop replay {args.save}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
