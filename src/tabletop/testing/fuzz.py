"""Fuzzing every input tabletop reads: generators (hypothesis strategies) and the one verdict.

Requires the `dev` extra (hypothesis). Every input class a frontend, a saved file or an
owner of the printed game can hand to tabletop has a strategy here, built by **mutating
real documents** (a state, a record, a shipped content file) so that most inputs get past
the first checks and reach deep code:

* [notation][tabletop.testing.fuzz.notations]: move texts, legal ones edited and junk;
* [state_documents][tabletop.testing.fuzz.state_documents]: state and view JSON;
* [out_of_range_documents][tabletop.testing.fuzz.out_of_range_documents]: state JSON with one
  number set out of range, and its path (the invariants must refuse it there);
* [record_documents][tabletop.testing.fuzz.record_documents]: record JSON (full records and seats' copies);
* [content_texts][tabletop.testing.fuzz.content_texts]: the game's TOML content and board files;
* [option_sets][tabletop.testing.fuzz.option_sets]: `new_game` keyword options;
* [foreign_moves][tabletop.testing.fuzz.foreign_moves]: moves of another state, seat or game;
* [cli_arguments][tabletop.testing.fuzz.cli_arguments]: `tabletop` command lines.

Each input gets one verdict ([check_state_text][tabletop.testing.fuzz.check_state_text] and its siblings): it is
either accepted, and then what was read round-trips to an equal value that satisfies every
invariant and can be played, or refused with a [TabletopError][tabletop.kernel.errors.TabletopError]
(a `DecodeError`, `ContentError`, `NotationError`, `IllegalMove`, or a `ValueError` for an
option) that leaves the input state unchanged. Any other exception is a
[FuzzFailure][tabletop.testing.fuzz.FuzzFailure].

```python
from hypothesis import given
import tabletop
from tabletop.testing import fuzz

GAME = tabletop.get_game("conservas")

@given(fuzz.state_documents(GAME))
def test_state_json(text):
    fuzz.check_state_text(GAME, text)
```
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from hypothesis import strategies as st

from tabletop.kernel.chance import sample_chance
from tabletop.kernel.errors import ContentError, DecodeError, IllegalMove, NotationError, TabletopError
from tabletop.kernel.protocol import Game, Move, State
from tabletop.kernel.serialize import MAX_TEXT

__all__ = [
    "FuzzFailure",
    "check_cli",
    "check_content_text",
    "check_move",
    "check_notation",
    "check_options",
    "check_out_of_range",
    "check_record_read",
    "check_record_text",
    "check_state_text",
    "cli_arguments",
    "content_texts",
    "every_out_of_range",
    "foreign_moves",
    "json_values",
    "mutated_json",
    "notations",
    "option_sets",
    "out_of_range_documents",
    "record_documents",
    "sample_states",
    "state_documents",
]


PLAYED_STEPS: Final = 1
"""How many random steps an accepted state is played on (each checked against the invariants)."""


MAX_GROWN: Final = 2 * MAX_TEXT
"""The longest a list repeated by a mutation may get, in characters: past the readers' bound
([MAX_TEXT][tabletop.kernel.serialize.MAX_TEXT]), so that the bound is tried, but never so long
that writing the document out exhausts the memory (lists repeated inside repeated lists)."""


class FuzzFailure(AssertionError):
    """An input was neither accepted soundly nor refused with a typed error."""


NASTY_SCALARS: Final[tuple[Any, ...]] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    99,
    -(2**31),
    2**63,
    10**30,
    0.5,
    -0.0,
    1e308,
    "",
    " ",
    "?",
    "0",
    "10",
    "true",
    "null",
    "abc",
    "\x00",
    "é",
    "🐟",
    "a" * 300,
)
"""Values that break code written for the usual ones."""


def json_values(depth: int = 2) -> st.SearchStrategy[Any]:
    """Any JSON value, small, with nasty scalars favoured."""
    scalars = st.one_of(
        st.sampled_from(NASTY_SCALARS),
        st.integers(),
        st.text(max_size=12),
        st.floats(allow_nan=False, allow_infinity=False),
    )
    if depth <= 0:
        return scalars
    inner = json_values(depth - 1)
    return st.one_of(
        scalars,
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=8), inner, max_size=4),
    )


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(_paths(item, (*prefix, i)))
    return found


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _mutate(doc: Any, data: st.DataObject, rounds: int) -> Any:
    """`doc` (a parsed JSON document, copied) with `rounds` random edits."""
    doc = json.loads(json.dumps(doc))
    for _ in range(rounds):
        paths = _paths(doc)
        path = data.draw(st.sampled_from(paths[1:] or paths), label="path")
        if not path:
            break
        parent, key = _get(doc, path[:-1]), path[-1]
        old = parent[key]
        operation = data.draw(
            st.sampled_from(["replace", "delete", "add", "nudge", "swap", "wrap", "grow"]), label="operation"
        )
        if operation == "replace":
            parent[key] = data.draw(json_values(), label="value")
        elif operation == "delete":
            del parent[key]
        elif operation == "add" and isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "", str(key) + "_", "seed"]), label="key")] = old
        elif operation == "add" and isinstance(parent, list):
            parent.insert(key, old)
        elif operation == "nudge" and type(old) is int:
            parent[key] = old + data.draw(st.sampled_from([-100, -2, -1, 1, 2, 5, 10**6]), label="delta")
        elif operation == "swap":
            other = data.draw(st.sampled_from(paths[1:]), label="other")
            if other[: len(path)] != path and path[: len(other)] != other:
                parent[key] = json.loads(json.dumps(_get(doc, other)))
        elif operation == "wrap":
            parent[key] = [old]
        elif operation == "grow" and isinstance(old, list) and old:
            times = data.draw(st.sampled_from([2, 50]), label="times")
            if len(json.dumps(old)) * times <= MAX_GROWN:  # past the readers' bound, not the memory's
                parent[key] = old * times
    return doc


def mutated_json(document: str, *, max_edits: int = 3) -> st.SearchStrategy[str]:
    """JSON texts made from `document` by up to `max_edits` random edits (replace a value,
    delete or add a key, nudge a number, copy a value from elsewhere, wrap in a list, repeat a
    list), now and then the raw text cut short or nested deeply."""
    parsed = json.loads(document)

    @st.composite
    def build(draw: st.DrawFn) -> str:
        kind = draw(st.sampled_from(["edit"] * 8 + ["cut", "deep", "bytes"]))
        if kind == "cut":
            return document[: draw(st.integers(0, len(document)))]
        if kind == "deep":
            n = draw(st.sampled_from([33, 500, 5000]))
            return "[" * n + "]" * n
        if kind == "bytes":
            return document.replace(":", draw(st.sampled_from([": ", ":\x00", ":"])), 1)
        data = draw(st.data())
        return json.dumps(_mutate(parsed, data, draw(st.integers(1, max_edits))))

    return build()


def sample_states(
    game: Game, options: Sequence[dict[str, Any]] = ({},), *, steps: int = 80, seeds: int = 3
) -> list[State]:
    """States reached by random play (for mutating): starts, middles and some ends."""
    found: list[State] = []
    for seed in range(seeds):
        for opts in options:
            rng = random.Random(seed)
            state = game.new_game(seed, **opts)
            for step in range(steps):
                if step % 9 == 0:
                    found.append(state)
                if state.is_terminal:
                    break
                state = state.apply(sample_chance(state) if state.is_chance_node else rng.choice(state.legal_moves()))
            found.append(state)
    return found


def state_documents(game: Game, states: Sequence[State] | None = None) -> st.SearchStrategy[str]:
    """State and view JSON of `game`, mutated."""
    pool = list(states) if states is not None else sample_states(game)
    texts = [s.to_json() for s in pool] + [s.view(0).to_json() for s in pool[::3]]
    return st.sampled_from(texts).flatmap(mutated_json)


OUT_OF_RANGE: Final = (-1, -7, 99, 10**6, 2**40)
"""The values `out_of_range_documents` puts in a number's place."""


def document_path(parts: Sequence[Any], root: str = "state") -> str:
    """A path inside a document's payload in the form `DecodeError.path` uses: `state.boats[1].fuel`."""
    return root + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def _resolves(document: Any, path: str) -> bool:
    """True when `path` (`state.boats[1].fuel`) names a node of `document`."""
    node = document
    for key, index in re.findall(r"\.?([^.\[\]]+)|\[(\d+)\]", path):
        try:
            node = node[int(index)] if index else node[key]
        except (KeyError, IndexError, TypeError, ValueError):
            return False
    return True


def out_of_range_documents(states: Sequence[State]) -> st.SearchStrategy[tuple[str, str]]:
    """(state JSON with one integer field set to a value out of any game's range, that field's path).

    The value is one of [OUT_OF_RANGE][tabletop.testing.fuzz.OUT_OF_RANGE]; every integer of the
    state (flags excluded) may be the one changed.
    """
    documents = [json.loads(s.to_json()) for s in states]

    @st.composite
    def build(draw: st.DrawFn) -> tuple[str, str]:
        document = draw(st.sampled_from(documents))
        path = draw(st.sampled_from(_numbers(document)))
        return _with_number(document, path, draw(st.sampled_from(OUT_OF_RANGE)))

    return build()


def every_out_of_range(state: State) -> Iterator[tuple[str, str]]:
    """Every (state JSON with one integer field set out of range, that field's path) of `state`:
    each integer field (flags excluded) with each value of
    [OUT_OF_RANGE][tabletop.testing.fuzz.OUT_OF_RANGE], in document order. The exhaustive,
    deterministic counterpart of
    [out_of_range_documents][tabletop.testing.fuzz.out_of_range_documents]."""
    document = json.loads(state.to_json())
    for path in _numbers(document):
        for value in OUT_OF_RANGE:
            yield _with_number(document, path, value)


def _numbers(document: Any) -> list[tuple[Any, ...]]:
    """The paths of the integers (not flags) of a document's state."""
    return [p for p in _paths(document["state"]) if p and type(_get(document["state"], p)) is int]


def _with_number(document: Any, path: tuple[Any, ...], value: int) -> tuple[str, str]:
    """A copy of `document` with its state's number at `path` set to `value`, and the path's name."""
    changed = json.loads(json.dumps(document))
    _get(changed["state"], path[:-1])[path[-1]] = value
    return json.dumps(changed), document_path(path)


def check_out_of_range(game: Game, text: str, path: str) -> DecodeError | None:
    """Read a state with a number out of range at `path`: `None` if accepted (and then sound, as
    [check_state_text][tabletop.testing.fuzz.check_state_text] checks), else the `DecodeError`.

    An invariant that names where the state is broken
    ([InvariantBroken][tabletop.kernel.errors.InvariantBroken]`(path=...)`) must name a field
    that exists in the document.

    Raises:
        FuzzFailure: On any other exception, an accepted state that is not sound, or an
            invariant's error whose path is not in the document.
    """
    try:
        game.state_from_json(text)
    except DecodeError as exc:
        named = "invariant broken" in str(exc) and exc.path not in ("", "state")
        if named and not _resolves(json.loads(text), exc.path):
            raise FuzzFailure(f"{exc} (the value changed at {path}) names no field of the document") from exc
        return exc
    except Exception as exc:
        raise _fail(f"state text with {path} out of range", text, exc) from exc
    check_state_text(game, text)
    return None


def record_documents(records: Sequence[str]) -> st.SearchStrategy[str]:
    """Record JSON texts (`Match.save()` output), mutated."""
    return st.sampled_from(list(records)).flatmap(mutated_json)


_TOML_VALUES: Final = (
    "true",
    "false",
    "-2",
    "0",
    "2.5",
    '""',
    '" "',
    '"?"',
    "[1, 2]",
    "{a = 1}",
    "[]",
    '["x"]',
    "99999999999",
    '"no-such-thing"',
)


def content_texts(files: Sequence[Path]) -> st.SearchStrategy[tuple[str, str]]:
    """(file name, TOML text) of a content or board file with some `key = value` lines
    changed, deleted or repeated, or a header broken."""
    texts = [(path.name, path.read_text(encoding="utf-8")) for path in files]

    @st.composite
    def build(draw: st.DrawFn) -> tuple[str, str]:
        name, text = draw(st.sampled_from(texts))
        lines = text.splitlines()
        assignments = [i for i, line in enumerate(lines) if re.match(r"^\s*[A-Za-z_]+\s*=", line)]
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.sampled_from(assignments))
            key = lines[i].split("=", 1)[0].strip()
            edit = draw(st.sampled_from(["value", "value", "delete", "repeat", "rename", "table"]))
            if edit == "value":
                lines[i] = f"{key} = {draw(st.sampled_from(_TOML_VALUES))}"
            elif edit == "delete":
                lines[i] = ""
            elif edit == "repeat":
                lines[i] = lines[i] + "\n" + lines[i].replace(key, key + "s", 1)
            elif edit == "rename":
                lines[i] = lines[i].replace(key, key.upper(), 1)
            else:
                lines[i] = "[[" + key
        return name, "\n".join(lines) + "\n"

    return build()


def notations(state: State) -> st.SearchStrategy[str]:
    """Move texts for `state`: its legal notation edited character-wise, or junk."""
    legal = [str(m) for m in state.legal_moves()] or ["pass"]
    edited = st.tuples(st.sampled_from(legal), st.integers(0, 40), st.text(max_size=3)).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + 1 :]
    )
    return st.one_of(edited, st.text(max_size=30), st.sampled_from(legal).map(str.upper))


def option_sets(game: Game) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword options for `game.new_game`: known names with any value, now and then an unknown name."""
    names = [o.name for o in game.options] + ["no_such_option"]
    choices = [c for o in game.options for c in (o.choices or ())]
    value = st.one_of(json_values(1), st.sampled_from(choices or [None]))
    return st.dictionaries(st.sampled_from(names), value, max_size=4)


def foreign_moves(moves: Sequence[Move]) -> st.SearchStrategy[object]:
    """Moves from elsewhere (another state, seat or game) and things that are not moves."""
    return st.one_of(st.sampled_from(list(moves)), st.sampled_from([None, "pass", 0, object()]))


def cli_arguments(files: Sequence[str]) -> st.SearchStrategy[list[str]]:
    """`tabletop` command lines that finish quickly (no interactive play, small simulations)."""
    word = st.sampled_from(["conservas", "archipel", "spolka_zoo", "os:path", "no.such:GAME", "", "-1", "x" * 50])
    flag = st.sampled_from(["--seat", "--game", "--seed", "--month", "--players", "--nope", "-h"])
    command = st.sampled_from(["validate", "replay", "games", "nope", ""])
    target = st.sampled_from([*files, "/no/such/file", "/", ""])
    return st.builds(
        lambda c, t, rest: [c, t, *rest],
        command,
        target,
        st.lists(st.one_of(flag, word), max_size=4),
    )


# Verdicts -------------------------------------------------------------------------------------


def _fail(what: str, value: object, exc: BaseException) -> FuzzFailure:
    shown = repr(value)
    shown = shown if len(shown) < 300 else shown[:300] + "..."
    return FuzzFailure(f"{what} {shown} raised {type(exc).__name__}: {exc}")


def _playable(game: Game, state: State) -> None:
    """An accepted state round-trips, keeps its invariants and plays a step."""
    again = game.state_from_json(state.to_json())
    if again != state or hash(again) != hash(state):
        raise FuzzFailure("an accepted state does not round-trip to an equal state")
    if state.seed is not None and game.invariants is not None:
        game.invariants(state)
    rng = random.Random(state.to_json())
    for _ in range(PLAYED_STEPS):
        if state.is_terminal or (state.is_chance_node and state.seed is None):
            return
        moves = state.legal_moves()
        move = rng.choice(moves) if rng.random() < 0.5 else moves[0]
        try:
            state = state.apply(move)
        except IllegalMove as exc:  # a view may refuse what it cannot know; a full state never
            if state.seed is not None:
                raise FuzzFailure(f"a legal move of an accepted state was refused: {exc}") from exc
            return
        if state.seed is not None and game.invariants is not None:
            game.invariants(state)


def check_state_text(game: Game, text: str) -> bool:
    """Read `text` as a state of `game`: True if accepted (and sound), False if refused.

    Raises:
        FuzzFailure: On any other exception, or an accepted state that does not round-trip,
            breaks an invariant or cannot play.
    """
    return _verdict(game, lambda: game.state_from_json(text), DecodeError, "state text", text)


def _verdict(game: Game, read: Callable[[], State], refusal: type[Exception], what: str, value: object) -> bool:
    """`read()` refused with `refusal` (False), or accepted and sound (True); else a failure."""
    try:
        state = read()
    except refusal:
        return False
    except Exception as exc:
        raise _fail(what, value, exc) from exc
    try:
        _playable(game, state)
    except FuzzFailure:
        raise
    except Exception as exc:
        raise _fail(f"what was read from {what}", value, exc) from exc
    return True


def check_record_text(text: str, replay: Callable[[str], object]) -> bool:
    """Read and replay a record with `replay` (e.g. `Match.load`): True if accepted.

    Raises:
        FuzzFailure: On an exception that is not a `TabletopError`.
    """
    try:
        replay(text)
    except TabletopError:
        return False
    except Exception as exc:
        raise _fail("record text", text, exc) from exc
    return True


def check_record_read(text: str, *, game: str | None = None) -> bool:
    """Read `text` with [read_record][tabletop.frontend.records.read_record]: True if accepted,
    and then the record writes back to text that reads to an equal record; False if refused
    with a `DecodeError` that names a path (or the envelope's problem).

    Raises:
        FuzzFailure: On any other exception, or an accepted record that does not round-trip.
    """
    from tabletop.frontend.records import read_record

    try:
        record = read_record(text, game=game)
    except DecodeError:
        return False
    except Exception as exc:
        raise _fail("record text", text, exc) from exc
    try:
        again = read_record(record.to_json(), game=game)
    except Exception as exc:
        raise _fail("the record written back from", text, exc) from exc
    if again != record:
        raise FuzzFailure(f"an accepted record does not round-trip: {record!r} became {again!r}")
    return True


def check_content_text(load: Callable[[Path], object], path: Path) -> bool:
    """Load a content file with a game's loader: True if accepted, False on `ContentError`.

    Raises:
        FuzzFailure: On any other exception.
    """
    try:
        load(path)
    except ContentError:
        return False
    except Exception as exc:
        raise _fail("content file", path.read_text(encoding="utf-8", errors="replace"), exc) from exc
    return True


def check_notation(game: Game, state: State, text: str) -> bool:
    """Parse `text` in `state`: accepted notation parses back to the same text's move
    (`str` of it parses equal) and applying it is legal or an `IllegalMove`; else a
    `NotationError`. The state never changes.

    Raises:
        FuzzFailure: On any other exception, or a state changed by the attempt.
    """
    before = state.to_json()
    try:
        move = game.parse_move(state, text)
    except NotationError:
        return False
    except Exception as exc:
        raise _fail("notation", text, exc) from exc
    try:
        if game.parse_move(state, str(move)) != move:
            raise FuzzFailure(f"notation {text!r} parsed to {move!r}, whose text does not parse back to it")
        check_move(state, move)
    except FuzzFailure:
        raise
    except Exception as exc:
        raise _fail("notation", text, exc) from exc
    if state.to_json() != before:
        raise FuzzFailure(f"parsing {text!r} changed the state")
    return True


def check_move(state: State, move: object) -> bool:
    """Apply `move` to `state`: True if legal, False if refused with `IllegalMove`;
    the state is unchanged either way.

    Raises:
        FuzzFailure: On any other exception or a changed state.
    """
    before = hash(state), state.to_json()
    try:
        state.apply(move)  # type: ignore[arg-type]
        accepted = True
    except IllegalMove as exc:
        if not exc.code:
            raise FuzzFailure(f"IllegalMove for {move!r} has no code") from exc
        accepted = False
    except Exception as exc:
        raise _fail("move", move, exc) from exc
    if (hash(state), state.to_json()) != before:
        raise FuzzFailure(f"applying {move!r} changed the state")
    return accepted


def check_options(game: Game, options: dict[str, Any]) -> bool:
    """`new_game(0, **options)`: True if accepted (and the state is sound), False on `ValueError`.

    Raises:
        FuzzFailure: On any other exception.
    """
    # Option checks raise ValueError naming the option (TabletopErrors are ValueErrors too).
    return _verdict(game, lambda: game.new_game(0, **options), ValueError, "options", options)


def check_cli(argv: list[str]) -> int:
    """Run `tabletop` with `argv` (no input): it returns an exit code and prints no traceback.

    Raises:
        FuzzFailure: On an exception escaping `main` or a traceback in its output.
    """
    from tabletop.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _no_stdin():
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's usage errors and --help
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception as exc:
            raise _fail("command line", argv, exc) from exc
    if "Traceback" in err.getvalue() or "Traceback" in out.getvalue():
        raise FuzzFailure(f"command line {argv!r} printed a traceback:\n{err.getvalue()}")
    return int(code or 0)


@contextlib.contextmanager
def _no_stdin() -> Any:
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        yield
    finally:
        sys.stdin = old
