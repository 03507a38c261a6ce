"""The `tabletop` command.

`tabletop games` lists the games and their options; `tabletop simulate GAME` plays random
games and summarises them; `tabletop conformance [PATH...]` runs rulebook scenarios and
prints rule coverage; `tabletop validate FILE...` checks content and scenario files;
`tabletop play GAME` plays a game in the terminal (hot-seat and against bots);
`tabletop replay FILE...` steps through saved game records; `tabletop serve` runs the
multiplayer web server.

Game options follow the game as `--name value`, read from each game's
[Option][tabletop.kernel.protocol.Option] declarations: a yes/no option is a flag
(`--memory`, `--no-memory`, or `--memory false`), an option of several values is repeated
or comma-separated (`--modules events --modules intrigues`, `--modules events,intrigues`).
Every command that reads files takes several and names the file in each error.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from tabletop import __version__
from tabletop.cli_files import Parser, cut_message, read_record_file, regular_path, seed_argument
from tabletop.kernel.content import read_toml
from tabletop.kernel.errors import ContentError, TabletopError
from tabletop.kernel.protocol import Option
from tabletop.output import print_table, progress
from tabletop.registry import available_games, get_game

__all__ = ["main", "run"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 failure, 2 usage error).

    Output cut short by its reader (`tabletop games | head`) ends the command quietly with
    status 1, for every command, instead of a `BrokenPipeError` traceback; Ctrl-C says
    `interrupted` and ends with status 130.
    """
    try:
        status = _main(argv)
        sys.stdout.flush()  # inside the guard: a reader gone is found here, not at exit
    except KeyboardInterrupt:
        print("\ntabletop: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Python's advice: point stdout at devnull so that the flush at exit finds no closed pipe.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


def run() -> None:
    """The `tabletop` command and `python -m tabletop`: [`main`][tabletop.cli.main], then exit.

    After Ctrl-C on the Ray backend the process leaves at once, with status 130, once its output
    is flushed and Ray is shut down: Ray's native threads can crash the interpreter's own
    teardown after an interrupt (seen as a segmentation fault after "interrupted").
    """
    status = main()
    if status == 130 and "ray" in sys.modules:
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(130)
    sys.exit(status)


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if extra and args.command not in ("simulate", "play", "tournament"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    handler: Callable[[argparse.Namespace, list[str]], int] = args.handler
    try:
        return handler(args, extra)
    except (TabletopError, ValueError, LookupError) as exc:
        print(cut_message(f"tabletop {args.command}: {exc}"), file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
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
    sim.add_argument("--seed", type=seed_argument, default=0, help="game i uses seed SEED+i (default 0)")
    sim.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    sim.add_argument(
        "--agent",
        default="random",
        help="who plays every seat: random (default), greedy, rollout, mcts, ismcts, policy or shadow, "
        "with parameters after a colon (mcts:iterations=400)",
    )
    _search_options(sim)
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(handler=_simulate)

    _register_tournament(sub)

    rules = sub.add_parser(
        "rules",
        help="a rule's text, the code that carries it out, the scenarios and tests that check it",
        description="For each rule ID (CON-2.1, ARC-4.3, ZOO-8.5): its text, the phase-table steps and the "
        "source lines that name it, the shipped scenarios citing it and, in a source checkout, the tests.",
    )
    rules.add_argument("ids", nargs="+", metavar="ID", help="rule IDs")
    rules.set_defaults(handler=_rules)

    conf = sub.add_parser("conformance", help="run rulebook scenarios and print rule coverage")
    conf.add_argument(
        "paths", nargs="*", help="scenario files or folders, or game names (default: every shipped scenario)"
    )
    conf.add_argument(
        "--uncovered", action="store_true", help="list per game the rules no scenario given cites, with their titles"
    )
    conf.set_defaults(handler=_conformance)

    val = sub.add_parser("validate", help="check content files and scenario files")
    val.add_argument("files", nargs="+", metavar="FILE", help="TOML files, each a content file or a scenario")
    val.set_defaults(handler=_validate)

    play = sub.add_parser(
        "play",
        help="play a game in the terminal, hot-seat or against bots",
        description=(
            "Play a game in the terminal. Every seat without --agent is played by a person at this "
            "terminal (hot-seat: each sees only their own view). Game options follow as --name value "
            "(see 'tabletop games'); a game's own bots (Spółka ZOO's --bots N) are a game option and "
            "play by their bot cards. Type 'help' during play."
        ),
    )
    play.add_argument("game", nargs="?", help="a game name (see 'tabletop games'); optional with --load")
    play.add_argument("--seed", type=seed_argument, default=None, help="fixes every chance outcome (default: random)")
    play.add_argument(
        "--agent",
        action="append",
        default=[],
        metavar="SEAT[=NAME]",
        help="let the program play SEAT (repeatable); NAME is greedy (default), random, rollout, mcts, ismcts, "
        "policy or shadow, with parameters after a colon (1=ismcts:iterations=200)",
    )
    play.add_argument(
        "--bot",
        action="append",
        default=[],
        dest="old_bot",
        metavar="SEAT[=NAME]",
        help="the old name of --agent (warns); not the game's own bots, which are --bots N",
    )
    play.add_argument(
        "--load", metavar="FILE", help="resume a game saved with 'save FILE' (its agents too, unless --agent is given)"
    )
    play.add_argument("--free-undo", action="store_true", help="let undo cross draws and reveals (solo analysis)")
    play.set_defaults(handler=_play)

    rep = sub.add_parser("replay", help="step through saved game records")
    rep.add_argument(
        "files", nargs="+", metavar="FILE", help="records written by 'save FILE' or Match.save(), one after the other"
    )
    rep.add_argument("--seat", type=int, default=None, help="show only what this seat saw")
    rep.add_argument("--game", default=None, help="the game, for games not registered by name ('module:attribute')")
    rep.set_defaults(handler=_replay)

    srv = sub.add_parser("serve", help="run the multiplayer web server (needs the 'server' extra)")
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    srv.add_argument("--port", type=_port, default=8000, help="the port (default 8000; 0 picks a free one)")
    srv.add_argument("--db", default="tabletop.sqlite3", help="an SQLite file (default) or a postgresql:// URL")
    srv.add_argument(
        "--board",
        action="append",
        default=[],
        metavar="FILE",
        help="an Archipel board file the lobby offers (repeatable)",
    )
    srv.set_defaults(handler=_serve)
    return parser


def _rules(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.frontend.citations import citations, format_citations, game_of_rule

    texts = [format_citations(citations(game_of_rule(rule), rule)) for rule in args.ids]
    print("\n\n".join(texts))
    return 0


def _games(args: argparse.Namespace, extra: list[str]) -> int:
    for name in available_games():
        game = get_game(name)
        seats = "1 player" if game.players == "1" else f"{game.players} players"
        print(f"{name}: {game.title}, {seats}. {game.summary}")
        rows = [[_spelling(o), _shown(o.default, o), _values(o), o.doc] for o in game.options]
        print_table(["option", "default", "values", "meaning"], rows)
    if not available_games():
        print("no games are installed yet")
    return 0


def _spelling(option: Option) -> str:
    """How the command line gives the option: `--memory/--no-memory`, `--modules A,B`, `--month`."""
    flag = f"--{option.name.replace('_', '-')}"
    if option.kind == "flag":
        return f"{flag}/--no-{flag[2:]}"
    return f"{flag} A,B" if option.kind == "several" else flag


def _values(option: Option) -> str:
    """The values an option takes, when they are a short list (a flag's are its spelling); an
    option taking more than it names (Spółka ZOO's seating patterns) says so."""
    if option.kind == "flag":
        return ""
    named = ", ".join(map(str, option.choices))
    return f"{named} or more (see meaning)" if option.values_for is not None else named


def _shown(value: Any, option: Option) -> str:
    """An option's value as the command line writes it."""
    if option.kind == "flag":
        return "yes" if value else "no"
    if option.kind == "several":
        return ",".join(map(str, value)) or "none"
    return str(value) if value != "" else "(empty)"


def _parse_options(game_name: str, extra: list[str]) -> dict[str, Any]:
    """The game options given as `--name value`, read by the rules each `Option` declares.

    A `"flag"` option is `--name` alone (true), `--no-name` or `--name false`; a `"several"`
    option may be repeated or comma-separated and keeps every value; any other takes one value.
    """
    game = get_game(game_name)
    parser = _OptionParser(prog=f"tabletop {game.name}", add_help=False, allow_abbrev=False)
    for option in game.options:
        spellings = dict.fromkeys([f"--{option.name.replace('_', '-')}", f"--{option.name}"])
        if option.kind == "flag":
            parser.add_argument(*spellings, dest=option.name, nargs="?", const="true", default=argparse.SUPPRESS)
            negations = [f"--no-{spelling[2:]}" for spelling in spellings]
            parser.add_argument(
                *negations, dest=option.name, action="store_const", const="false", default=argparse.SUPPRESS
            )
        elif option.kind == "several":
            parser.add_argument(*spellings, dest=option.name, action="append", default=argparse.SUPPRESS)
        else:
            parser.add_argument(*spellings, dest=option.name, default=argparse.SUPPRESS)
    given, rest = parser.parse_known_args(extra)
    for item in rest:
        if item.startswith("--"):
            game.option(item[2:].partition("=")[0].replace("-", "_"))  # raises, naming the known options
        msg = f"expected an option like --name value, got {item!r}"
        raise ValueError(msg)
    options: dict[str, Any] = {}
    for name, text in vars(given).items():
        option = game.option(name)
        if option.kind == "several":
            options[name] = tuple(value for part in text for value in option.from_text(part))
        else:
            options[name] = option.from_text(text)
    return options


class _OptionParser(argparse.ArgumentParser):
    """Reads game options; a mistake is a `ValueError` (a usage error of the command), not an exit."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _search_options(parser: argparse.ArgumentParser) -> None:
    """The search budget and the backend, shared by `simulate` and `tournament`."""
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per move (mcts, ismcts)")
    parser.add_argument("--seconds", type=float, default=None, help="search seconds per move instead (mcts, ismcts)")
    parser.add_argument("--backend", default="local", help="where games run: local (default) or ray")
    parser.add_argument("--address", default=None, help="a running Ray cluster (ray backend; default: a local one)")


def _agent_spec(args: argparse.Namespace, spec: str) -> str:
    from tabletop.agents import with_budget

    return with_budget(spec, iterations=args.iterations, seconds=args.seconds)


def _register_tournament(sub: Any) -> None:
    from tabletop.agents.tournament import add_parser

    add_parser(sub, _search_options, _agent_spec)


def _simulate(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.agents.backends import MAX_GAMES
    from tabletop.kernel.seeds import MAX_SEED, SeedError
    from tabletop.simulate import NUMBER_COLUMNS, OUTCOME_COLUMNS, simulate

    # Game i uses seed SEED+i: a run over the top is refused before its first game, not at the game past it.
    if 1 <= args.games <= MAX_GAMES and args.seed + args.games - 1 > MAX_SEED:
        msg = f"seed {args.seed} with --games {args.games}: the last game's seed would be over {MAX_SEED} (2**63 - 1)"
        raise SeedError(msg, value=args.seed)
    agent = _agent_spec(args, args.agent)
    if agent == args.agent and (args.iterations, args.seconds) != (None, None):  # it was silently dropped
        msg = f"--iterations and --seconds are search budgets: the agent {args.agent!r} takes neither (mcts does)"
        raise ValueError(msg)
    options = _parse_options(args.game, extra)
    with progress("games", args.games, enabled=not args.quiet) as advance:
        report = simulate(
            args.game,
            games=args.games,
            seed=args.seed,
            options=options,
            workers=args.workers,
            agent=agent,
            progress=lambda done, _total: advance(done),
            backend=args.backend,
            address=args.address,
        )
    print(report.title)
    print_table(OUTCOME_COLUMNS, report.outcome_rows(), numeric=OUTCOME_COLUMNS[2:])
    print_table(NUMBER_COLUMNS, report.number_rows(), numeric=NUMBER_COLUMNS[1:])
    print(report.speed)
    return 0


def _conformance(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.testing.conformance import coverage, load_scenario, run_scenario

    paths = _scenario_paths(args.paths)
    if not paths:
        msg = f"no scenario files found in {', '.join(map(repr, args.paths))}"
        raise ValueError(msg)
    results = [run_scenario(load_scenario(path)) for path in paths]
    catalogue: dict[str, str] = {}
    for name in {r.scenario.game for r in results}:
        catalogue.update(get_game(name).rules)
    for result in results:
        if not result.passed:
            print(f"FAIL {result.scenario.path}: {result.scenario.title}\n     {result.error}")
    table = coverage(results)
    rows = [[rule, cited, passed, catalogue.get(rule, "")] for rule, (cited, passed) in table.items()]
    print_table(["rule", "scenarios", "passed", "title"], rows, numeric=["scenarios", "passed"])
    uncovered = [rule for rule in catalogue if rule not in table]
    if uncovered:
        print(f"\nrules no scenario cites ({len(uncovered)}): {', '.join(uncovered)}")
    print(f"\n{sum(r.passed for r in results)}/{len(results)} scenarios passed, {len(table)} rules covered")
    if args.uncovered:
        print(_uncovered(results))
    return 0 if all(r.passed for r in results) else 1


def _uncovered(results: Sequence[object]) -> str:
    """Per game of the scenarios: its rules the scenarios cite and the ones they do not."""
    from tabletop.testing.conformance import coverage_by_game

    return "\n" + "\n\n".join(report.format() for report in coverage_by_game(results))


def _scenario_paths(arguments: list[str]) -> tuple[Path, ...]:
    """Scenario files named by paths or by game names (a game's shipped scenarios)."""
    from tabletop.testing.conformance import builtin_scenarios, collect

    if not arguments:
        return builtin_scenarios()
    paths: list[Path] = []
    for argument in arguments:
        if regular_path(Path(argument)).exists():
            paths.extend(collect([argument]))
        elif argument in available_games():
            paths.extend(p for p in builtin_scenarios([argument]) if p.parent.parent.name == argument)
        else:
            msg = f"no such scenario file or folder, and no game named {argument!r}"
            raise ValueError(msg)
    return tuple(paths)


def _validate(args: argparse.Namespace, extra: list[str]) -> int:
    """Check every file; report each, errors naming their file; status 2 if any is bad."""
    bad = 0
    for name in args.files:
        try:
            _validate_file(Path(name))
        except (TabletopError, ValueError, LookupError) as exc:
            bad += 1
            print(cut_message(f"tabletop validate: {_in_file(name, exc)}"), file=sys.stderr)
    return 2 if bad else 0


def _in_file(name: str, exc: Exception) -> str:
    """The error's message, starting with the file it is about unless it names that file already."""
    message = str(exc)
    return message if Path(name).name in message else f"{name}: {message}"


def _validate_file(path: Path) -> None:
    """Check one content or scenario file and say what it is; raises on a bad one."""
    from tabletop.testing.conformance import load_scenario

    data = read_toml(regular_path(path))
    if "steps" in data:
        scenario = load_scenario(path)
        get_game(scenario.game)
        print(f"{path}: a valid scenario for {scenario.game} ({len(scenario.steps)} steps)")
        return
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


def _bots(specs: list[str], option: str = "--agent") -> dict[int, str]:
    """The seats `--agent SEAT[=NAME]` hands to the program, and their agents' names."""
    bots: dict[int, str] = {}
    for spec in specs:
        seat_text, _, agent = spec.partition("=")
        if not seat_text.strip().isdigit():
            msg = f"{option} expects SEAT or SEAT=NAME, like {option} 1 or {option} 1=random; got {spec!r}"
            raise ValueError(msg)
        seat, name = int(seat_text), agent.strip() or "greedy"
        if seat in bots:
            msg = f"{option}: seat {seat} is given twice ({bots[seat]!r} and {name!r}); give each seat once"
            raise ValueError(msg)
        bots[seat] = name
    return bots


def _play(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.agents import AGENTS
    from tabletop.frontend.match import Match
    from tabletop.frontend.records import read_record
    from tabletop.frontend.render import BOT_DECK
    from tabletop.frontend.terminal import TerminalPlay

    bots = _bots(args.agent)
    if args.old_bot:
        print(
            "tabletop play: warning: --bot is the old name of --agent (the program plays that seat); "
            "a game's own bots are a game option (Spółka ZOO: --bots N)",
            file=sys.stderr,
        )
        bots.update(_bots(args.old_bot, "--bot"))
    if args.load:
        if extra or args.seed is not None:
            msg = "a loaded game keeps its own seed and options: drop --seed and the game options"
            raise ValueError(msg)
        game = get_game(args.game) if args.game else None
        text = read_record_file(args.load)
        try:
            if not bots:  # the seats the program played keep their agents, unless --agent says otherwise
                bots = {seat: kind for seat, kind in enumerate(read_record(text).seats) if kind in AGENTS}
            match = Match.load(text, game=game, agents=bots, unrestricted_undo=args.free_undo)
        except (TabletopError, ValueError, LookupError) as exc:
            raise ValueError(_in_file(args.load, exc)) from None
    elif args.game is None:
        msg = "name a game (see 'tabletop games') or --load FILE"
        raise ValueError(msg)
    else:
        options = _parse_options(args.game, extra)
        match = Match(args.game, seed=args.seed, options=options, agents=bots, unrestricted_undo=args.free_undo)
    automatic = sorted(set(bots) & {s for s in range(match.num_players) if match.seat_kind(s) == BOT_DECK})
    if automatic:
        msg = f"seat {automatic[0]} is played by the game's own bot deck (its bot cards): --agent cannot play it"
        raise ValueError(msg)
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    terminal = TerminalPlay(
        match, stdin=sys.stdin, stdout=sys.stdout, clear=tty, pause=tty, echo=not tty, line_editing=tty
    )
    return terminal.run()


def _replay(args: argparse.Namespace, extra: list[str]) -> int:
    from tabletop.frontend.terminal import replay

    game = get_game(args.game) if args.game else None
    status = 0
    for name in args.files:
        text = read_record_file(name)
        try:
            status = max(status, replay(text, stdin=sys.stdin, stdout=sys.stdout, game=game, seat=args.seat))
        except (TabletopError, ValueError, LookupError) as exc:
            raise ValueError(_in_file(name, exc)) from None
    return status


def _port(text: str) -> int:
    """A TCP port from the command line: 0 to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        msg = f"a port is 0 to 65535, got {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return port


def _serve(args: argparse.Namespace, extra: list[str]) -> int:
    try:
        from tabletop.server import serve
    except ImportError as exc:  # pragma: no cover - only without the extra
        print(f"tabletop serve needs the server extra: pip install 'tabletop[server]' ({exc})", file=sys.stderr)
        return 2

    def ready() -> None:
        where = args.db.rsplit("@", 1)[-1]  # never a URL's password
        print(f"serving on http://{args.host}:{args.port}/ with matches in {where} (Ctrl-C to stop)", flush=True)

    try:
        if not args.db.strip():
            msg = "--db names a SQLite file or a postgresql:// URL, got nothing"
            raise ValueError(msg)
        for board in args.board or ():
            regular_path(Path(board))
        serve(args.host, args.port, args.db, boards=args.board, on_ready=ready)
    except (ValueError, TabletopError) as exc:  # a bad board file, port or database, named
        print(cut_message(f"tabletop serve: {exc}"), file=sys.stderr)
        return 2
    return 0
