"""Checking a structured state as a game's constructor would, and the answers about immutable
parts that a game's invariants keep to check an unchanged part once.

Re-exported by [`tabletop.kernel.serialize`][tabletop.kernel.serialize], whose names these are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from operator import is_
from typing import Any, Final, NoReturn, TypeVar

from tabletop.kernel.errors import DecodeError, InvariantBroken, TabletopError
from tabletop.kernel.seeds import MAX_SEED, SeedError, check_seed

__all__ = ["CountCode", "PartAnswers", "validate_state"]

_P = TypeVar("_P")
_A = TypeVar("_A")


class PartAnswers:
    """Answers about immutable parts of states (a deck's card counts, a check that passed),
    kept by the identity of the part, with the part (so that an identity is never reused while
    kept); past `size` answers all are dropped.

    A game's invariants use it for their costly parts: a step leaves most parts of a state the
    very same objects, and reading a state checks it and the state after its first legal move
    ([validate_state][tabletop.kernel.serialize.validate_state]), so an unchanged part is
    worked out once. Sound only for immutable parts (frozen attrs instances, tuples of them,
    [`Tokens`][tabletop.kernel.tokens.Tokens]) and a `work` that reads nothing else.

    ```pycon
    >>> counts = PartAnswers()
    >>> hand = ("a", "b", "a")
    >>> counts.of(hand, len), counts.of(hand, len)
    (3, 3)
    >>> counts
    PartAnswers(1 kept)

    ```
    """

    def __init__(self, size: int = 512) -> None:
        self._kept: dict[int, tuple[object, Any]] = {}
        self._size = size

    def __repr__(self) -> str:
        return f"PartAnswers({len(self._kept)} kept)"

    def of(self, part: _P, work: Callable[[_P], _A]) -> _A:
        """`work(part)`, worked out once per part (by identity) while kept."""
        found = self._kept.get(id(part))
        if found is not None and found[0] is part:
            return found[1]  # type: ignore[no-any-return]
        answer = work(part)
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(part)] = (part, answer)
        return answer

    def total(self, parts: Iterable[_P], work: Callable[[_P], int | None]) -> int | None:
        """The sum of `work(part)` over `parts`, each worked out once per part (by identity)
        while kept, as [of][tabletop.kernel.serialize.PartAnswers.of] works it out; `None` at
        the first part whose answer is `None`.

        ```pycon
        >>> sizes = PartAnswers()
        >>> sizes.total([("a",), ("b", "c")], len), sizes.total([(), None], lambda p: None if p is None else len(p))
        (3, None)

        ```
        """
        kept = self._kept
        get = kept.get
        code = 0
        for part in parts:
            found = get(id(part))
            if found is not None and found[0] is part:
                answer = found[1]
            else:
                answer = work(part)
                if len(kept) >= self._size:
                    kept.clear()
                kept[id(part)] = (part, answer)
            if answer:  # a part with nothing (code 0) adds nothing: no long addition
                code += answer
            elif answer is None:
                return None
        return code

    def holds(self, part: object, *context: object) -> bool:
        """Whether `part` was kept (by [keep][tabletop.kernel.serialize.PartAnswers.keep]) with
        this very `context` (compared by identity): e.g. a deck found sound against this very
        makeup."""
        found = self._kept.get(id(part))
        if found is None or found[0] is not part or len(found[1]) != len(context):
            return False
        return all(map(is_, found[1], context))  # the lengths were compared

    def keep(self, part: object, *context: object) -> None:
        """Keep `part` with `context` (see [holds][tabletop.kernel.serialize.PartAnswers.holds])."""
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(part)] = (part, context)


class CountCode:
    """Multisets of known kinds coded exactly as integers, the code of a union being the sum of
    the codes of its parts: a game's invariants compare what the parts of a state hold, put
    together, with what must be there in a few additions of codes kept per part (by
    [PartAnswers][tabletop.kernel.serialize.PartAnswers]), not by listing every piece.

    Of `k` kinds (sorted), kind `i` counts `B**i + B**k`, where `B = 2**b` is the least power of
    two above `most`: digit `i` of a code (base `B`) counts kind `i` and the top digit counts
    every piece. Two multisets are equal exactly when their codes are, if one of them (the one
    expected) has at most `most` pieces: if the other had more pieces its top digit alone would
    make its code larger; if it had fewer, each of its counts would be below `B`, its code's lower
    digits could not carry into the top one, and the top digits would differ; with as many, each
    count is at most `most`, below `B`, and a number has one writing in base `B`. A multiset
    holding a kind not known has no code (`None`): it is told apart by other means.

    ```pycon
    >>> code = CountCode(["ace", "king"], most=3)
    >>> code.tokens({"ace": 2}) + code.pieces(["king"]) == code.pieces(["king", "ace", "ace"])
    True
    >>> code.tokens({"ace": 3}) == code.tokens({"ace": 2, "king": 1}), code.pieces(["queen"])
    (False, None)

    ```

    Args:
        kinds: Every kind the multisets may hold.
        most: The most pieces a multiset compared as the expected one holds.
    """

    __slots__ = ("_every", "_index", "_size", "_width", "most", "weights")

    def __init__(self, kinds: Iterable[str], most: int) -> None:
        known = sorted(set(kinds))
        width = (max(most, 1).bit_length() + 7) // 8  # bytes a digit takes: B = 256**width
        self._width = width
        self._size = width * len(known)
        self._index = {kind: width * i for i, kind in enumerate(known)}
        self._every = 1 << (8 * self._size)
        self.most: Final = most
        """The most pieces of an expected multiset (see above)."""
        self.weights: Final = {kind: (1 << (8 * at)) | self._every for kind, at in self._index.items()}
        """The code of one piece of each kind (read directly by a tight loop: a `KeyError` is a
        kind not known)."""

    def __repr__(self) -> str:
        return f"CountCode({len(self.weights)} kinds, most={self.most})"

    def tokens(self, counts: Mapping[str, int]) -> int | None:
        """The code of a multiset given by its (positive) counts, `None` if a kind is not known.

        Its digits, the count of every piece the top one, are written in place, then read as
        one number: no sum or product of long integers."""
        index = self._index
        size = self._size
        digits = bytearray(size + self._width)
        total = 0
        try:
            if self._width == 1:
                for kind, n in counts.items():
                    digits[index[kind]] = n  # a count of 256 or more: ValueError
                    total += n
                digits[size] = total  # as for a count
            else:
                for kind, n in counts.items():
                    at = index[kind]
                    digits[at : at + self._width] = n.to_bytes(self._width, "little")  # OverflowError
                    total += n
                digits[size:] = total.to_bytes(self._width, "little")
        except KeyError:
            return None
        except (ValueError, OverflowError):  # a count of a digit or more: coded the long way
            weights = self.weights
            if not all(map(weights.__contains__, counts)):  # a kind not known after the big count
                return None
            return sum([weights[kind] * n for kind, n in counts.items()])
        return int.from_bytes(digits, "little")

    def pieces(self, kinds: Iterable[str]) -> int | None:
        """The code of a multiset given piece by piece, `None` if a kind is not known."""
        try:
            return sum(map(self.weights.__getitem__, kinds))
        except KeyError:
            return None


def validate_state(state: Any, *, invariants: Callable[[Any], None] | None = None, root: str = "state") -> None:
    """Check what a structured state's types cannot say, as a constructor of a game would.

    The flow must be a step of the state's phase table with a seat that exists; the game's
    `invariants` (conserved counts, ranges, ids that exist, sizes within the game's limits)
    must hold; and the state must answer the protocol (legal moves, chance outcomes, the
    outcome at the end) without failing.

    Args:
        state: A state just structured from JSON (a full state or a view).
        invariants: The game's invariants (`Game.invariants`), raising `AssertionError`.
        root: The path of the state in the document, for errors.

    Raises:
        DecodeError: Naming the first problem and where it is.
    """
    flow = state.flow
    steps = type(state).MACHINE.steps()
    if flow.key not in steps:
        msg = f"unknown step {flow.key!r} (the phase table has {', '.join(sorted(steps))})"
        raise DecodeError(msg, path=f"{root}.flow")
    seats = state.num_players
    if not 0 <= flow.player < seats:
        _no_seat(flow.player, seats, f"{root}.flow.player")
    if not 0 <= flow.first_player < seats:
        _no_seat(flow.first_player, seats, f"{root}.flow.first_player")
    if flow.round < 0:
        raise DecodeError(f"round {flow.round!r} is below 0", path=f"{root}.flow.round")
    if state.chance_count < 0:
        raise DecodeError(f"{state.chance_count!r} chance events", path=f"{root}.chance_count")
    if state.seed is not None and not 0 <= state.seed <= MAX_SEED:  # what `new_game` takes (kernel.seeds)
        try:
            check_seed(state.seed)
        except SeedError as exc:
            raise DecodeError(str(exc), path=f"{root}.seed") from None
    try:
        if invariants is not None:
            invariants(state)
        _answers(state, root, invariants)
    except DecodeError:
        raise
    except InvariantBroken as exc:
        path = f"{root}.{exc.path}" if exc.path and not exc.path.startswith("[") else root + exc.path
        raise DecodeError(f"invariant broken: {exc}", path=path) from None
    except AssertionError as exc:
        raise DecodeError(f"invariant broken: {exc}", path=root) from None
    except Exception as exc:  # anything the game's code trips over is a state it cannot hold
        raise DecodeError(f"not a consistent state: {type(exc).__name__}: {exc}", path=root) from None


def _no_seat(value: Any, seats: int, path: str) -> NoReturn:
    msg = f"seat {value!r} does not exist (seats 0 to {seats - 1})"
    raise DecodeError(msg, path=path)


def _answers(state: Any, root: str, invariants: Callable[[Any], None] | None) -> None:
    """Ask the state what play asks of it (its answers are cached for later) and play its
    first legal move (a full state's pending work, such as a queue of effects, runs then).
    A view at a chance node is not asked: it may not know what chance can bring."""
    chance = state.is_chance_node  # of the flow alone: asked once
    if chance and state.seed is None:
        return
    moves = state.legal_moves()
    if state.is_terminal:
        assert state.outcome is not None, "the game is over but has no outcome"
    else:
        assert moves, "the game is not over but nobody can move"
    if chance:
        state.chance_outcomes()
    if moves and state.seed is not None:  # the next step must work out too (its pending work is read)
        try:
            after = state.apply(moves[0])
        except TabletopError as exc:
            msg = f"its first legal move {moves[0]} is refused: {exc}"
            raise DecodeError(msg, path=root) from None
        if invariants is not None:
            try:
                invariants(after)
            except AssertionError as exc:
                msg = f"its pending work breaks an invariant at the next step ({moves[0]}): {exc}"
                raise DecodeError(msg, path=root) from None
