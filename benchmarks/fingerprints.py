"""Fingerprints of seeded random games: the guard of every refactor and speed change.

    python benchmarks/fingerprints.py record [--out benchmarks/fingerprints.json]
    python benchmarks/fingerprints.py check [--file benchmarks/fingerprints.json] [--game archipel]

A refactor or a speed change must not change what the games do. Before it, `record` plays
many seeded random games per configuration of every game and stores, per game, a
fingerprint: the SHA-256 of the final state's `to_json()`, its outcome (`returns` and
`summary`), and the number of steps. After it, `check` replays the same games and reports
every fingerprint that differs; the command fails when one does.

The configurations are fixed: every Conservas configuration (each month at each goal level),
and for Archipel and Spółka ZOO a fixed sample of every combination of their option values
(subsets of the modules included) that `new_game` accepts, drawn with a seeded generator so
that `record` and `check` pick the same ones. A game is played with uniform random decisions
from `random.Random(seed)` and chance sampled from that generator too
(`tabletop.random_playout`), so a game depends only on its configuration and seed.

`tests/test_fingerprints.py` replays the first games of each game in the suite, so a behaviour
change cannot land unnoticed; a deliberate behaviour change (its own commit, with its own
tests) records the fingerprints again.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tabletop
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.protocol import Game, Option
from tabletop.output import progress

#: Where the recorded fingerprints live.
DEFAULT_FILE = Path(__file__).with_name("fingerprints.json")
#: Configurations sampled per game (Conservas has 24 in all and plays each of them).
CONFIGURATIONS = {"conservas": 24, "archipel": 60, "spolka_zoo": 80}
#: Seeds played per configuration.
SEEDS = 10
#: Values tried for options whose choices are open (any integer, a file).
OPEN_VALUES: dict[str, tuple[Any, ...]] = {"idle_rounds": (1, 3, 10), "starting_money": (0, 5, 25)}
#: Options played at their default only, left out of the configurations and their keys: options
#: added after the fingerprints were recorded (Conservas' `overfishing` rule variant, CON-2.7;
#: Archipel's `colours`, which home ports the boats start from, ARC-1.2), so the recorded
#: configurations stay those played; their other values are tested in the suite.
DEFAULT_ONLY: frozenset[tuple[str, str]] = frozenset({("conservas", "overfishing"), ("archipel", "colours")})


def _values(option: Option) -> list[Any]:
    if isinstance(option.default, tuple) and option.choices:  # a subset option: every subset
        items = list(option.choices)
        return [tuple(c) for n in range(len(items) + 1) for c in itertools.combinations(items, n)]
    if option.choices:
        return list(option.choices)
    return list(OPEN_VALUES.get(option.name, (option.default,)))


def configurations(game: Game) -> list[dict[str, Any]]:
    """The fixed sample of option sets of `game` that `new_game` accepts."""
    options = [o for o in game.options if (game.name, o.name) not in DEFAULT_ONLY]
    names = [o.name for o in options]
    space = [dict(zip(names, combo, strict=True)) for combo in itertools.product(*(_values(o) for o in options))]
    rng = random.Random(f"fingerprints {game.name}")
    rng.shuffle(space)
    chosen: list[dict[str, Any]] = []
    for options in space:
        if len(chosen) == CONFIGURATIONS.get(game.name, 40):
            break
        try:
            game.new_game(0, **options)
        except ValueError:
            continue
        chosen.append(options)
    return chosen


def games(name: str | None = None) -> Iterator[tuple[str, Game, dict[str, Any], int]]:
    """Every (key, game, options, seed) fingerprinted, in a fixed order."""
    for game_name in tabletop.GAMES:
        if name is not None and game_name != name:
            continue
        game = tabletop.get_game(game_name)
        for options in configurations(game):
            for seed in range(SEEDS):
                key = f"{game_name} {json.dumps(options, sort_keys=True)} seed={seed}"
                yield key, game, options, seed


def fingerprint(game: Game, options: dict[str, Any], seed: int) -> str:
    """The fingerprint of one seeded random game: final JSON, outcome and length, hashed."""
    rng = random.Random(seed)
    state = game.new_game(seed, **options)
    steps = 0
    while not state.is_terminal:  # the steps of `random_playout`, counted
        state = _step(state, rng)
        steps += 1
    outcome = state.outcome
    assert outcome is not None
    digest = hashlib.sha256()
    digest.update(state.to_json().encode())
    digest.update(json.dumps([list(outcome.returns), dict(outcome.summary())], sort_keys=True, default=str).encode())
    return f"{digest.hexdigest()[:32]} steps={steps}"


def _step(state: Any, rng: random.Random) -> Any:
    """One step of `tabletop.random_playout`: a uniform decision or a sampled chance outcome."""
    move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
    return state.apply(move)


def record(path: Path, name: str | None) -> int:
    todo = list(games(name))
    found: dict[str, str] = json.loads(path.read_text()) if name is not None and path.exists() else {}
    with progress("fingerprints", len(todo)) as advance:
        for i, (key, game, options, seed) in enumerate(todo, 1):
            found[key] = fingerprint(game, options, seed)
            advance(i, len(todo))
    path.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n")
    print(f"recorded {len(todo)} fingerprints in {path}")
    return 0


def check(path: Path, name: str | None, limit: int | None = None) -> int:
    recorded: dict[str, str] = json.loads(path.read_text())
    todo = list(games(name))
    if limit is not None:
        per_game: dict[str, int] = {}
        kept = []
        for g in todo:
            n = per_game.get(g[1].name, 0)
            if n < limit:
                kept.append(g)
                per_game[g[1].name] = n + 1
        todo = kept
    differ: list[str] = []
    with progress("fingerprints", len(todo)) as advance:
        for i, (key, game, options, seed) in enumerate(todo, 1):
            now = fingerprint(game, options, seed)
            if recorded.get(key) != now:
                differ.append(f"{key}: recorded {recorded.get(key)}, now {now}")
            advance(i, len(todo))
    for line in differ:
        print(line)
    print(f"{len(todo) - len(differ)} of {len(todo)} fingerprints match")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("record", "check"))
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the fingerprint file")
    parser.add_argument("--game", choices=tabletop.GAMES, help="only this game")
    parser.add_argument("--limit", type=int, help="check only the first N games of each game")
    args = parser.parse_args(argv)
    if args.command == "record":
        return record(args.file, args.game)
    return check(args.file, args.game, args.limit)


if __name__ == "__main__":
    sys.exit(main())
