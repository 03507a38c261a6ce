"""The ``tabletop`` command.

``tabletop games`` lists the games and their options; ``tabletop simulate GAME`` plays random
games and summarises them; ``tabletop conformance [PATH...]`` runs rulebook scenarios and
prints rule coverage; ``tabletop validate FILE`` checks a content or scenario file;
``tabletop play GAME`` plays a game in the terminal (hot-seat and against bots);
``tabletop replay FILE`` steps through a saved game record.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from tabletop import __version__
from tabletop.kernel.content import read_toml
from tabletop.kernel.errors import ContentError, TabletopError
from tabletop.registry import available_games, get_game

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 failure, 2 usage error)."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if extra and args.command not in ("simulate", "play"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    handler: Callable[[argparse.Namespace, list[str]], int] = args.handler
    try:
        return handler(args, extra)
    except (TabletopError, ValueError, LookupError) as exc:
        print(f"tabletop {args.command}: {exc}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="The complete rules of Conservas, Archipel and Spółka ZOO.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    games = sub.add_parser("games", help="list the games and their options")
    games.set_defaults(handler=_games)

    sim = sub.add_parser(
        "simulate",
        help="play many games and summarise the outcomes",
        description="Play many games (random by default, or --agent greedy). Game options follow as --name value "
        "(see 'tabletop games').",
    )
    sim.add_argument("game", help="a game name (see 'tabletop games')")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    sim.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    sim.add_argument("--agent", default="random", help="who plays every seat: random (default), greedy or rollout")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(handler=_simulate)

    conf = sub.add_parser("conformance", help="run rulebook scenarios and print rule coverage")
    conf.add_argument(
        "paths", nargs="*", help="scenario files or folders, or game names (default: every shipped scenario)"
    )
    conf.set_defaults(handler=_conformance)

    val = sub.add_parser("validate", help="check a content file or a scenario file")
    val.add_argument("file", help="the TOML file")
    val.set_defaults(handler=_validate)

    play = sub.add_parser(
        "play",
        help="play a game in the terminal, hot-seat or against bots",
        description=(
            "Play a game in the terminal. Every seat without --bot is played by a person at this "
            "terminal (hot-seat: each sees only their own view). Game options follow as --name value "
            "(see 'tabletop games'). Type 'help' during play."
        ),
    )
    play.add_argument("game", nargs="?", help="a game name (see 'tabletop games'); optional with --load")
    play.add_argument("--seed", type=int, default=None, help="fixes every chance outcome (default: random)")
    play.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT[=AGENT]",
        help="let the program play SEAT (repeatable); AGENT is greedy (default), random or rollout",
    )
    play.add_argument(
        "--load", metavar="FILE", help="resume a game saved with 'save FILE' (its bots too, unless --bot is given)"
    )
    play.add_argument("--free-undo", action="store_true", help="let undo cross draws and reveals (solo analysis)")
    play.set_defaults(handler=_play)

    rep = sub.add_parser("replay", help="step through a saved game record")
    rep.add_argument("file", help="a record written by 'save FILE' or Match.save()")
    rep.add_argument("--seat", type=int, default=None, help="show only what this seat saw")
    rep.add_argument("--game", default=None, help="the game, for games not registered by name ('module:attribute')")
    rep.set_defaults(handler=_replay)
    return parser


def _games(args: argparse.Namespace, extra: list[str]) -> int:
    for name in available_games():
        game = get_game(name)
        seats = "1 player" if game.players == "1" else f"{game.players} players"
        print(f"{name}: {game.title}, {seats}. {game.summary}")
        for option in game.options:
            choices = f" [{', '.join(map(str, option.choices))}]" if option.choices else ""
            print(f"    --{option.name.replace('_', '-')} (default {option.default!r}){choices}: {option.doc}")
    if not available_games():
        print("no games are installed yet")
    return 0


def _parse_options(game_name: str, extra: list[str]) -> dict[str, Any]:
    game = get_game(game_name)
    options: dict[str, Any] = {}
    items = list(extra)
    while items:
        flag = items.pop(0)
        name, _, value = flag.partition("=")
        if not name.startswith("--"):
            msg = f"expected an option like --name value, got {flag!r}"
            raise ValueError(msg)
        option = game.option(name[2:].replace("-", "_"))
        if not value:
            if not items:
                msg = f"option {name} needs a value"
                raise ValueError(msg)
            value = items.pop(0)
        options[option.name] = option.from_text(value)
    return options


def _simulate(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.simulate import simulate

    options = _parse_options(args.game, extra)
    show = not args.quiet
    report = simulate(
        args.game,
        games=args.games,
        seed=args.seed,
        options=options,
        workers=args.workers,
        agent=args.agent,
        progress=_progress_bar(sys.stderr) if show else None,
    )
    print(report.format())
    return 0


def _progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    """A bar redrawn in place on a terminal; elsewhere (a log, a pipe) only the last line."""
    live = stream.isatty()

    def show(done: int, total: int) -> None:
        if not live and done < total:
            return
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _conformance(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.testing.conformance import (
        format_report,
        load_scenario,
        run_scenario,
    )

    paths = _scenario_paths(args.paths)
    if not paths:
        print("no scenario files found")
        return 1
    results = [run_scenario(load_scenario(path)) for path in paths]
    catalogue: dict[str, str] = {}
    for name in {r.scenario.game for r in results}:
        catalogue.update(get_game(name).rules)
    print(format_report(results, catalogue))
    return 0 if all(r.passed for r in results) else 1


def _scenario_paths(arguments: list[str]) -> tuple[Path, ...]:
    """Scenario files named by paths or by game names (a game's shipped scenarios)."""
    from tabletop.testing.conformance import builtin_scenarios, collect

    if not arguments:
        return builtin_scenarios()
    paths: list[Path] = []
    for argument in arguments:
        if Path(argument).exists():
            paths.extend(collect([argument]))
        elif argument in available_games():
            paths.extend(p for p in builtin_scenarios([argument]) if p.parent.parent.name == argument)
        else:
            msg = f"no such scenario file or folder, and no game named {argument!r}"
            raise ValueError(msg)
    return tuple(paths)


def _validate(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.testing.conformance import load_scenario

    path = Path(args.file)
    data = read_toml(path)
    if "steps" in data:
        scenario = load_scenario(path)
        get_game(scenario.game)
        print(f"{path}: a valid scenario for {scenario.game} ({len(scenario.steps)} steps)")
        return 0
    kind = data.get("kind")
    if not isinstance(kind, str) or "." not in kind:
        msg = 'a content file names its kind at the top, e.g. kind = "conservas.boats"'
        raise ContentError(msg, file=path.name, field="kind")
    game_name, _, part = kind.partition(".")
    game = get_game(game_name)
    loader = game.content.get(part)
    if loader is None:
        known = ", ".join(f"{game_name}.{k}" for k in game.content) or "none"
        raise ContentError(f"unknown kind {kind!r} (known: {known})", file=path.name, field="kind")
    loader(path)
    print(f"{path}: valid {kind} content")
    return 0


def _bots(specs: list[str]) -> dict[int, str]:
    bots: dict[int, str] = {}
    for spec in specs:
        seat_text, _, agent = spec.partition("=")
        if not seat_text.strip().isdigit():
            msg = f"--bot expects SEAT or SEAT=AGENT, like --bot 1 or --bot 1=random; got {spec!r}"
            raise ValueError(msg)
        bots[int(seat_text)] = agent.strip() or "greedy"
    return bots


def _play(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.frontend.agents import AGENTS
    from tabletop.frontend.match import Match
    from tabletop.frontend.records import read_record
    from tabletop.frontend.terminal import TerminalPlay

    bots = _bots(args.bot)
    if args.load:
        if extra or args.seed is not None:
            msg = "a loaded game keeps its own seed and options: drop --seed and the game options"
            raise ValueError(msg)
        game = get_game(args.game) if args.game else None
        text = _read(args.load)
        if not bots:  # the seats the program played keep their agents, unless --bot says otherwise
            bots = {seat: kind for seat, kind in enumerate(read_record(text).seats) if kind in AGENTS}
        match = Match.load(text, game=game, agents=bots, unrestricted_undo=args.free_undo)
    elif args.game is None:
        msg = "name a game (see 'tabletop games') or --load FILE"
        raise ValueError(msg)
    else:
        options = _parse_options(args.game, extra)
        match = Match(args.game, seed=args.seed, options=options, agents=bots, unrestricted_undo=args.free_undo)
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    terminal = TerminalPlay(match, stdin=sys.stdin, stdout=sys.stdout, clear=tty, pause=tty, echo=not tty)
    return terminal.run()


def _replay(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.frontend.terminal import replay

    text = _read(args.file)
    game = get_game(args.game) if args.game else None
    return replay(text, stdin=sys.stdin, stdout=sys.stdout, game=game, seat=args.seat)


def _read(path: str) -> str:
    """The text of a record file; a file that cannot be read, or too big to be a record
    (checked before reading it), is a usage error naming it."""
    from tabletop.kernel.serialize import MAX_TEXT

    try:
        size = Path(path).stat().st_size
        if size > 4 * MAX_TEXT:  # UTF-8 takes at most 4 bytes a character
            msg = f"cannot read {path}: {size} bytes is too big for a record"
            raise ValueError(msg)
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot read {path}: {exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}"
        raise ValueError(msg) from None
