"""The small values of the game protocol: [`Move`][tabletop.kernel.values.Move] (with the check
of a move object's shape), [`Outcome`][tabletop.kernel.values.Outcome] and
[`Option`][tabletop.kernel.values.Option].

Part of the protocol of [`tabletop.kernel.protocol`][tabletop.kernel.protocol], which exports
these names with [`Game`][tabletop.kernel.protocol.Game] and
[`State`][tabletop.kernel.protocol.State].
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Literal, Protocol

import attrs

from tabletop.kernel.errors import IllegalMove

if typing.TYPE_CHECKING:
    from tabletop.kernel.protocol import State

__all__ = ["Move", "Option", "OptionCheck", "Outcome"]


class Move:
    """Base class of moves: small frozen values with a one-line notation (`str(move)`).

    Subclasses are `@attrs.frozen` classes that set the class variable `kind`, the name
    the phase table uses to say where the move is legal.
    """

    __slots__ = ()
    kind: ClassVar[str] = "move"


class Outcome(Protocol):
    """What every game's result offers, whatever else it holds.

    `returns` gives one number per seat (1 win / 0 loss in co-operative and solo games, the
    final score in competitive ones); `summary()` gives labelled values for simulation
    reports: strings are tallied as a distribution, numbers averaged.
    """

    @property
    def returns(self) -> tuple[float, ...]: ...  # pragma: no cover

    def summary(self) -> Mapping[str, str | int | float]: ...  # pragma: no cover


def _fits(value: object, hint: Any) -> bool:
    """True when `value` has the type `hint` (the simple types moves hold)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, a) for v, a in zip(value, args, strict=True))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(hint)
        return isinstance(value, frozenset | set) and all(_fits(v, arg) for v in value)
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, a) for a in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return type(value) is int
    if hint is float:
        return type(value) in (int, float)
    return isinstance(value, hint) if isinstance(hint, type) else True


def _malformed(move: Move) -> str:
    """Why a move object cannot be a move of its class (a field of the wrong type), or `""`.

    A move built by hand (`Order((None,))`) must be refused with a reason, not crash the
    refusal that prints it."""
    cls = type(move)
    for name, hint in _field_hints(cls):
        value = getattr(move, name)
        if not _fits(value, hint):
            return f"{cls.__name__}.{name} must be {getattr(hint, '__name__', hint)}, got {value!r}"
    return ""


def _refused(state: State, move: object) -> IllegalMove:
    """Why `state` refuses `move`, which `apply` found illegal (`State._explain`): the game is
    over, not a move, a malformed move, a move of a kind not allowed at this step, or else the
    game's own reason (`_refusal`)."""
    if state.is_terminal:
        return IllegalMove("the game is over: no move is legal", code="game-over", move=move)
    if isinstance(move, str):
        return IllegalMove(
            f"{move!r} is text, not a move: use game.parse_move(state, text)",
            code="not-a-move",
            move=move,
        )
    if not isinstance(move, Move):
        return IllegalMove(f"{move!r} is not a move", code="not-a-move", move=move)
    malformed = _malformed(move)
    if malformed:
        return IllegalMove(malformed, code="malformed-move", move=move)
    if move.kind not in state.MACHINE.move_kinds(state.flow):
        allowed = ", ".join(sorted(state.MACHINE.move_kinds(state.flow)))
        return IllegalMove(
            f"a {move.kind!r} move is not allowed at {state.flow.key} (allowed: {allowed})",
            code="wrong-step",
            move=move,
        )
    return state._refusal(move)


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields of a move class with their resolved types (none for a class that is not attrs)."""
    if cls not in _HINTS:
        try:
            hints = typing.get_type_hints(cls) if attrs.has(cls) else {}
        except Exception:  # hints that cannot be resolved here: nothing to check
            hints = {}
        _HINTS[cls] = tuple((f.name, hints[f.name]) for f in attrs.fields(cls) if f.name in hints) if hints else ()
    return _HINTS[cls]


OptionCheck = Callable[[Any], Any]


@attrs.frozen(eq=False)
class Option:
    """A keyword option of `new_game`: its default, its meaning and its validation.

    Attributes:
        name: The keyword.
        default: The value used when the option is not given.
        doc: One sentence for `tabletop games` and the docs.
        check: Turns a given value into the canonical value, or raises `ValueError`.
        from_text: Reads the option from command-line text (then `check` runs).
        choices: The allowed values, when they are a short list.
        kind: How the command line gives it: `"value"` (`--name VALUE`), `"flag"` (`--name`
            alone for true, `--no-name` or `--name false` for false) or `"several"` (repeated
            or comma-separated, `--name a --name b` or `--name a,b`, all kept).
        values_for: When `choices` names only some of the values `check` takes (Spółka ZOO's
            seating also takes patterns such as `"BPP"`): every value the option takes with the
            other options' canonical values, `values_for(options)`; frontends then take free
            text and list these. `None` when `choices` are all the values there are.
    """

    name: str
    default: Any
    doc: str
    check: OptionCheck
    from_text: Callable[[str], Any] = str
    choices: tuple[Any, ...] = ()
    kind: Literal["value", "flag", "several"] = "value"
    values_for: Callable[[Mapping[str, Any]], tuple[Any, ...]] | None = None

    @classmethod
    def choice(cls, name: str, default: Any, choices: Iterable[Any], doc: str) -> Option:
        """An option taking one of a few values."""
        allowed = tuple(choices)

        def check(value: Any) -> Any:
            if value not in allowed:
                names = ", ".join(repr(c) for c in allowed)
                msg = f"option {name!r} must be one of {names}; got {value!r}"
                raise ValueError(msg)
            return value

        return cls(name, default, doc, check, str, allowed)

    @classmethod
    def integer(cls, name: str, default: int, low: int, high: int, doc: str) -> Option:
        """An integer option in `[low, high]`."""

        def check(value: Any) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                msg = f"option {name!r} must be an integer from {low} to {high}; got {value!r}"
                raise ValueError(msg)
            return value

        def from_text(text: str) -> Any:
            try:
                return int(text)
            except ValueError:
                return text

        choices = tuple(range(low, high + 1)) if high - low < 10 else ()
        return cls(name, default, doc, check, from_text, choices)

    @classmethod
    def flag(cls, name: str, default: bool, doc: str) -> Option:
        """A yes/no option."""

        def check(value: Any) -> bool:
            if not isinstance(value, bool):
                msg = f"option {name!r} must be True or False; got {value!r}"
                raise ValueError(msg)
            return value

        def from_text(text: str) -> Any:
            lowered = text.strip().lower()
            truth = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
            return truth.get(lowered, text)

        return cls(name, default, doc, check, from_text, (False, True), "flag")

    @classmethod
    def subset(cls, name: str, choices: Iterable[str], doc: str) -> Option:
        """An option naming any subset of `choices` (canonical form: a sorted tuple)."""
        allowed = tuple(choices)

        def check(value: Any) -> tuple[str, ...]:
            if isinstance(value, str) or not isinstance(value, Iterable):
                msg = f"option {name!r} must be a collection of names from {allowed}; got {value!r}"
                raise ValueError(msg)
            items = tuple(value)
            for item in items:
                if item not in allowed:
                    msg = f"option {name!r}: unknown value {item!r} (allowed: {', '.join(allowed)})"
                    raise ValueError(msg)
            if len(set(items)) != len(items):
                msg = f"option {name!r} names a value twice: {items!r}"
                raise ValueError(msg)
            return tuple(sorted(items, key=allowed.index))

        def from_text(text: str) -> Any:
            return tuple(part.strip() for part in text.split(",") if part.strip())

        return cls(name, (), doc, check, from_text, allowed, "several")
