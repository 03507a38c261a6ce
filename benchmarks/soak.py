"""Soak: random games over the whole option space of every game, checked after every step.

    python benchmarks/soak.py --seconds 600 [--game spolka_zoo] [--out soak.json]

The games take turns so that each plays about the same number of steps. A game is
played from a random configuration (drawn from every combination of the options' choices,
subsets of the modules included; the configurations ``new_game`` refuses are skipped and
counted) with uniform random decisions and chance sampled from the seed. After **every**
step it checks the game's invariants and the round trip (the JSON text structures back
to an equal state); a sample of the steps also gets the full
JSON round trip through the validated reader, the perturbation leak check (a seat's view and
legal moves do not change when what is hidden from it is re-sampled) and the history leak
check (a sibling move that shows a seat the same events leaves it the same view: see
``tabletop.testing.properties.check_alike``). The sampling keeps the soak fast enough to reach
a million steps per game on a shared machine; ``--sample 1`` checks everything every step.

It prints, per game: steps, games, configurations played (and refused), crashes (an
exception from the library), breaks (an invariant or a round trip broken) and leaks, and
writes them as JSON with ``--out`` (also every 30 s while running, so a run cut short still
leaves its figures). With ``rich`` installed (``pip install rich``) it shows a progress bar.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import random
import sys
import time
import traceback
from collections.abc import Iterator
from typing import Any

import tabletop
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.protocol import Game, Option, State
from tabletop.testing.properties import PropertyFailure, check_alike

#: Values tried for options whose choices are open (any integer, a file).
OPEN_VALUES: dict[str, tuple[Any, ...]] = {"idle_rounds": (1, 3, 10, 25), "starting_money": (0, 5, 10, 25)}


def _values(option: Option) -> list[Any]:
    if isinstance(option.default, tuple) and option.choices:  # a subset option: every subset
        items = list(option.choices)
        return [tuple(c) for n in range(len(items) + 1) for c in itertools.combinations(items, n)]
    if option.choices:
        return list(option.choices)
    return list(OPEN_VALUES.get(option.name, (option.default,)))


def configurations(game: Game) -> list[dict[str, Any]]:
    """Every combination of the option values of ``game`` (refused ones included)."""
    names = [o.name for o in game.options]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*(_values(o) for o in game.options))]


class Tally:
    """The figures of one game."""

    def __init__(self, name: str, space: int) -> None:
        self.name = name
        self.space = space
        self.steps = self.games = self.crashes = self.breaks = self.leaks = self.refused = 0
        self.checked_json = self.checked_leaks = 0
        self.configs: set[str] = set()
        self.first_problems: list[str] = []

    def problem(self, kind: str, text: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.first_problems) < 20:
            self.first_problems.append(f"{kind}: {text}")

    def as_dict(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "games": self.games,
            "configurations": len(self.configs),
            "option_space": self.space,
            "refused_configurations": self.refused,
            "crashes": self.crashes,
            "breaks": self.breaks,
            "leaks": self.leaks,
            "json_round_trips": self.checked_json,
            "leak_checks": self.checked_leaks,
            "problems": self.first_problems,
        }


def _check(
    game: Game, state: State, before: State | None, move: Any, rng: random.Random, sample: float, t: Tally
) -> None:
    where = f"{game.name} {state.flow}"
    if game.invariants is not None:
        try:
            game.invariants(state)
        except AssertionError as exc:
            t.problem("breaks", f"{where}: invariant: {exc}")
    text = state.to_json()
    again = game.converter.structure(json.loads(text)["state"], game.state_type)
    if again != state:
        t.problem("breaks", f"{where}: the JSON text does not structure back to an equal state")
    if rng.random() < sample:
        t.checked_json += 1
        if game.state_from_json(text) != state:
            t.problem("breaks", f"{where}: the validated JSON round trip differs")
    if rng.random() < sample:
        t.checked_leaks += 1
        seat = rng.randrange(state.num_players)
        if game.perturb is not None:
            other = game.perturb(state, seat, rng)
            if other.view(seat) != state.view(seat):
                t.problem("leaks", f"{where}: view({seat}) changed under perturbation")
            elif seat == state.current_player and other.legal_moves() != state.legal_moves():
                t.problem("leaks", f"{where}: legal moves of {seat} changed under perturbation")
        if before is not None:
            try:
                check_alike(before, move, state, rng, where, siblings=1)
            except PropertyFailure as exc:
                t.problem("leaks", str(exc)[:300])


def play_one(
    game: Game, space: list[dict[str, Any]], rng: random.Random, sample: float, t: Tally, deadline: float
) -> None:
    """Play one game of a random configuration, checking every step, until it ends or time is up."""
    options = rng.choice(space)
    seed = rng.randrange(2**31)
    try:
        state = game.new_game(seed, **options)
    except ValueError:
        t.refused += 1
        return
    t.configs.add(json.dumps(options, sort_keys=True))
    before: State | None = None
    move: Any = None
    try:
        for step in range(20_000):
            _check(game, state, before, move, rng, sample, t)
            if state.is_terminal:
                t.games += 1
                return
            move = sample_chance(state) if state.is_chance_node else rng.choice(state.legal_moves())
            before, state = state, state.apply(move)
            t.steps += 1
            if step % 64 == 0 and time.monotonic() > deadline:
                return
        t.problem("breaks", f"{game.name} {options}: no end after 20,000 steps")
    except Exception as exc:  # a crash: anything the library raised while playing legal moves
        t.problem("crashes", f"{game.name} {options} seed={seed}: {type(exc).__name__}: {exc}")
        if t.crashes <= 3:
            traceback.print_exc(file=sys.stderr)


def _progress(total: float) -> Iterator[Any]:
    try:
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:
        yield None
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeRemainingColumn()) as bar:
        yield (bar, bar.add_task("soak", total=total))


def main(argv: list[str] | None = None) -> int:
    """Run the soak; return 1 when anything crashed, broke or leaked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="total time (default 60)")
    parser.add_argument("--game", action="append", help="only these games (default: every built-in game)")
    parser.add_argument("--sample", type=float, default=0.05, help="share of steps with the JSON and leak checks")
    parser.add_argument("--seed", type=int, default=0, help="seeds the configurations and decisions")
    parser.add_argument("--out", help="write the figures as JSON to this file")
    args = parser.parse_args(argv)
    names = args.game or list(tabletop.GAMES)
    games = {name: tabletop.get_game(name) for name in names}
    spaces = {name: configurations(game) for name, game in games.items()}
    tallies = {name: Tally(name, len(spaces[name])) for name in names}
    rng = random.Random(args.seed)
    start = time.monotonic()
    end = start + args.seconds
    last_write = start

    def report(final: bool) -> dict[str, Any]:
        return {
            "command": " ".join(["python benchmarks/soak.py", *(argv if argv is not None else sys.argv[1:])]),
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - (time.monotonic() - start))),
            "seconds": round(time.monotonic() - start, 1),
            "finished": final,
            "machine": f"{platform.machine()}, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}",
            "sample": args.sample,
            "games": {name: t.as_dict() for name, t in tallies.items()},
        }

    for progress in _progress(args.seconds):
        while (now := time.monotonic()) < end:
            name = min(names, key=lambda n: tallies[n].steps)  # equal steps: the game behind plays next
            play_one(games[name], spaces[name], rng, args.sample, tallies[name], min(end, now + 5.0))
            if progress is not None:
                progress[0].update(progress[1], completed=min(args.seconds, time.monotonic() - start))
            if args.out and time.monotonic() - last_write > 30:
                last_write = time.monotonic()
                with open(args.out, "w", encoding="utf-8") as handle:
                    json.dump(report(False), handle, indent=2)
    result = report(True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=2)
    print(f"{'game':<12}{'steps':>12}{'games':>9}{'configs':>9}{'crashes':>9}{'breaks':>8}{'leaks':>7}")
    bad = 0
    for name, t in tallies.items():
        print(f"{name:<12}{t.steps:>12}{t.games:>9}{len(t.configs):>9}{t.crashes:>9}{t.breaks:>8}{t.leaks:>7}")
        bad += t.crashes + t.breaks + t.leaks
        for problem in t.first_problems[:5]:
            print(f"    {problem}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
