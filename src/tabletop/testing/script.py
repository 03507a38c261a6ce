"""Helpers to write rulebook cases in a few lines, for any game: force chance, play, expect.

A third party writes its own conformance cases from the rulebook with these helpers and the
public protocol only. Each works on any game (the built-in three, Drill, a game of your own):

```python
from tabletop.testing import expect, expect_illegal, expect_legal, force, play, play_to
from tabletop.testing.drill import GAME

state = play_to(GAME.new_game(seed=1), seat=0)   # chance and automatic steps up to seat 0
state = play(state, ["draw", "!token red"])      # "!X" forces the chance outcome X
expect(state, lambda s: s.hands[0]["red"] == 1, "KER-1: the token drawn is in the hand")
expect_illegal(state, "bottom", code="unseen-card", rule="DRILL-3")   # seat 1 has seen no card
```

Two kinds of failure, both naming the text given and where the game stood:

* A script that cannot be carried out is bad input: notation that is not a move of the game
  raises [`NotationError`][tabletop.kernel.errors.NotationError], a move or an outcome that
  is not legal here raises [`IllegalMove`][tabletop.kernel.errors.IllegalMove] (code
  `"not-an-outcome"` for an outcome the chance node does not have); their messages list the
  legal alternatives.
* A case whose expectation does not hold raises
  [`CaseFailure`][tabletop.testing.script.CaseFailure] (an `AssertionError`, so pytest
  reports it as a failed test), with the rule ID and the state's board drawn by
  [`render`][tabletop.frontend.render.render]; [`play_to`][tabletop.testing.script.play_to]
  raises [`NotReached`][tabletop.testing.script.NotReached] when the game ends or a bound is
  hit before the decision asked for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Final, TypeVar

from tabletop.kernel.chance import sample_chance
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.protocol import Move, State

__all__ = [
    "RULE_ID",
    "CaseFailure",
    "NotReached",
    "board",
    "expect",
    "expect_illegal",
    "expect_legal",
    "force",
    "forced",
    "matches_kind",
    "parse",
    "play",
    "play_to",
]

S = TypeVar("S", bound=State)

FORCE: Final = "!"
"""The prefix that marks a forced chance outcome in [`play`][tabletop.testing.script.play]."""
_SHOWN: Final = 24  # legal alternatives listed in a message before "... and N more"
_TRAIL: Final = 8  # moves of a play_to run recalled in its error
RULE_ID: Final = re.compile(r"\b[A-Z][A-Z0-9]*-\d+(?:\.\d+)*\b")
"""What a rule ID looks like (`CON-2.1`, `KER-3`): cited rules are found by this pattern."""


class CaseFailure(AssertionError):
    """A rulebook case whose expectation does not hold.

    The message gives the rule ID, what was expected, what was found and the state's board.

    Attributes:
        rule: The rule ID the case checks (may be empty).
        board: The rendered board of the state the expectation was checked on.
    """

    def __init__(self, message: str, *, rule: str = "", board: str = "") -> None:
        if not rule and (cited := RULE_ID.match(message)):
            rule = cited.group()
        self.rule = rule
        self.board = board
        head = f"{rule}: {message}" if rule and not message.startswith(rule) else message
        super().__init__(f"{head}\n\n{board}" if board else head)


class NotReached(CaseFailure):
    """[`play_to`][tabletop.testing.script.play_to] stopped before the decision it was asked
    for: the game ended, another decision came first, or the bound on steps was hit.

    Attributes:
        state: Where it stopped.
    """

    def __init__(self, message: str, *, state: State) -> None:
        self.state = state
        super().__init__(message, board=board(state))


def board(state: State, seat: int | None = None) -> str:
    """The state drawn as text by the game's `render` hook (or the generic layout).

    Args:
        state: A state or a view.
        seat: The seat it is drawn for, or `None` for the whole state.
    """
    from tabletop.frontend.render import render  # the frontend sits beside testing, on the protocol

    try:
        return render(state, seat)
    except Exception as exc:  # a broken renderer must not hide the failure being reported
        return f"(the board could not be drawn: {type(exc).__name__}: {exc})\n{state.flow}"


def parse(state: State, text: str | Move) -> Move:
    """The move `text` names in `state` (a move object is returned as it is).

    Raises:
        NotationError: If `text` is not a move of the game; the message lists the moves
            legal here.
    """
    if isinstance(text, Move):
        return text
    for move in state.legal_moves():
        if str(move) == text:
            return move
    try:
        return state.GAME.parse_move(state, text)
    except NotationError as exc:
        msg = f"{text!r} is not a move of {state.GAME.title}: {exc}; {_where(state)}"
        raise NotationError(msg, text=str(text)) from None


def force(state: S, outcome: str | Move) -> S:
    """Apply the chance outcome `outcome` (its notation, as in `"token sardine"`).

    Raises:
        IllegalMove: If `state` is not at a chance node (code `"not-chance"`), or `outcome`
            is not one of its outcomes (code `"not-an-outcome"`); the message lists the
            outcomes and what the chance node draws.
        NotationError: If `outcome` is not notation of the game.
    """
    __tracebackhide__ = True  # pytest shows the case's line, not the helper's
    text = str(outcome)
    if not state.is_chance_node:
        msg = f"cannot force {text!r}: this is not a chance node; {_where(state)}"
        raise IllegalMove(msg, code="not-chance", move=text)
    move = parse(state, outcome)
    if not state.is_legal(move):
        node = _describe(state)
        msg = f"{text!r} is not an outcome of this chance node{node}; {_where(state)}"
        raise IllegalMove(msg, code="not-an-outcome", move=text)
    return state.apply(move)


def forced(state: S, outcomes: Iterable[str | Move]) -> S:
    """Apply several chance outcomes in a row, as [`force`][tabletop.testing.script.force] each.

    Raises:
        IllegalMove: As `force`, naming the position of the outcome in the sequence.
        NotationError: As `force`.
    """
    __tracebackhide__ = True
    for index, outcome in enumerate(outcomes):
        with _labelled(f"outcome {index + 1}"):
            state = force(state, outcome)
    return state


def play(state: S, moves: Iterable[str | Move], *, sample: bool = False) -> S:
    """Apply moves given by notation, in order; `"!X"` forces the chance outcome `X` inline.

    A plain text may also be a chance outcome (it is applied as any legal move). With
    `sample=True`, a chance node that the next text does not resolve is sampled from the
    state's seed first, as often as needed, so a script may skip draws it does not care
    about.

    ```pycon
    >>> from tabletop.testing.drill import GAME
    >>> state = play(GAME.new_game(seed=1), ["draw", "!token blue", "pass"])
    >>> state.hands[0]["blue"], state.current_player
    (1, 0)

    ```

    Raises:
        IllegalMove: If a move is refused (with the game's code, rule and reason) or an
            outcome is not one of the chance node's; the message names the move's position
            in the list and the legal alternatives.
        NotationError: If a text is not notation of the game.
    """
    __tracebackhide__ = True
    for index, item in enumerate(moves):
        with _labelled(f"move {index + 1} ({str(item)!r})"):
            state = _play_one(state, item, sample)
    return state


def play_to(
    state: S,
    *,
    seat: int | None = None,
    kind: str | None = None,
    until: Callable[[S], object] | None = None,
    chance: Sequence[str | Move] = (),
    choose: Callable[[S], str | Move] | None = None,
    max_steps: int = 10_000,
) -> S:
    """Play on to the next decision of `seat`, or where a move of `kind` is legal, or where
    `until(state)` is true; with several of them, the decision must meet them all.

    Chance nodes on the way are resolved by the outcomes in `chance`, in order, then from the
    state's seed (`sample_chance`). A decision that is not the one asked for is answered by
    `choose` (a function of the state giving a move or its notation); without `choose` it
    stops the run. The state itself is returned when it is already such a decision.

    A move is of `kind` when its class's `kind` is that name or its notation's first word is
    (`kind="buy"` matches `buy el-dorado`).

    Args:
        state: Where to start.
        seat: The seat whose decision is wanted.
        kind: A move kind or first word of notation that must be legal at the decision.
        until: A condition on the state the decision must meet (`lambda s: s.flow.round == 2`).
        chance: Chance outcomes to force, in the order the chance nodes come; all of them
            must be used before the decision is reached.
        choose: Answers other decisions on the way.
        max_steps: A bound on the moves and outcomes applied.

    Raises:
        NotReached: If the game ends, another decision comes first (without `choose`), the
            forced outcomes are not all used, or `max_steps` is hit; the message names where
            it stopped, the last moves and the board.
        IllegalMove: If a forced outcome or a move of `choose` is not legal where it comes.
        ValueError: If none of `seat`, `kind` and `until` is given, or a chance node must be
            sampled on a view (it has no seed).
    """
    __tracebackhide__ = True
    if seat is None and kind is None and until is None:
        msg = "play_to needs a seat, a kind or a condition (until)"
        raise ValueError(msg)
    parts = (
        f"seat {seat}" if seat is not None else "",
        f"a {kind!r} move" if kind else "",
        "the condition" * bool(until),
    )
    wanted = " and ".join(part for part in parts if part)
    pending = list(chance)
    trail: list[str] = []
    for _ in range(max_steps + 1):
        if state.is_terminal:
            raise NotReached(_stop(f"the game ended before a decision of {wanted}", trail), state=state)
        if not state.is_chance_node and _is_target(state, seat, kind) and (until is None or until(state)):
            if pending:
                left = ", ".join(map(str, pending))
                raise NotReached(_stop(f"reached {wanted} with forced outcomes unused: {left}", trail), state=state)
            return state
        if len(trail) == max_steps:
            break
        if state.is_chance_node:
            move: str | Move = pending.pop(0) if pending else sample_chance(state)
            with _labelled(f"chance outcome {str(move)!r}"):
                state = force(state, move)
        elif choose is None:
            raise NotReached(
                _stop(f"stopped at a decision that is not of {wanted}; {_where(state)}", trail), state=state
            )
        else:
            move = choose(state)
            with _labelled(f"chosen move {str(move)!r}"):
                state = _apply(state, parse(state, move), str(move))
        trail.append(str(move))
    raise NotReached(_stop(f"no decision of {wanted} within {max_steps} steps", trail), state=state)


def matches_kind(move: Move, kind: str) -> bool:
    """True when `move`'s class has that `kind` or its notation starts with that word."""
    return move.kind == kind or str(move).split(" ", 1)[0] == kind


def expect_legal(state: State, *moves: str | Move, rule: str = "") -> None:
    """Check that every move given is legal in `state`.

    Raises:
        CaseFailure: Naming the first move refused, the game's reason and the board.
        NotationError: If a text is not notation of the game.
    """
    __tracebackhide__ = True
    for text in moves:
        move = parse(state, text)
        if state.is_legal(move):
            continue
        try:
            state.apply(move)
        except IllegalMove as exc:
            reason = f"{exc} (code {exc.code!r})"
        else:  # pragma: no cover - is_legal and apply agree (the property suite checks it)
            continue
        msg = f"expected {str(text)!r} to be legal, it is refused: {reason}; {_where(state)}"
        raise CaseFailure(msg, rule=rule, board=board(state))


def expect_illegal(state: State, move: str | Move, *, code: str | None = None, rule: str | None = None) -> IllegalMove:
    """Check that `move` is refused in `state`, with that `code` and `rule` when given.

    Returns:
        The refusal, for further checks of its message.

    Raises:
        CaseFailure: If the move is legal, or refused with another code or rule.
        NotationError: If the text is not notation of the game.
    """
    __tracebackhide__ = True
    parsed = parse(state, move)
    try:
        state.apply(parsed)
    except IllegalMove as exc:
        wrong = [
            f"{name} {got!r}, expected {want!r}"
            for name, got, want in (("code", exc.code, code), ("rule", exc.rule, rule))
            if want is not None and got != want
        ]
        if wrong:
            msg = f"{str(move)!r} is refused with {' and '.join(wrong)}: {exc}"
            raise CaseFailure(msg, rule=rule or "", board=board(state)) from None
        return exc
    why = f" (code {code!r})" if code else ""
    msg = f"expected {str(move)!r} to be refused{why}, it is legal; {_where(state)}"
    raise CaseFailure(msg, rule=rule or "", board=board(state))


def expect(state: S, check: Callable[[S], object], message: str, *, rule: str = "") -> None:
    """Check that `check(state)` is true; otherwise fail with `message`, the rule and the board.

    A message that starts with a rule ID (`"CON-2.1: you start with 10"`) names the rule; so
    does `rule`.

    Raises:
        CaseFailure: If the check is false or raises an error (the error is quoted).
    """
    __tracebackhide__ = True
    try:
        held = bool(check(state))
    except Exception as exc:  # a check that cannot be evaluated is a failed check
        msg = f"{message} (the check raised {type(exc).__name__}: {exc})"
        raise CaseFailure(msg, rule=rule, board=board(state)) from exc
    if not held:
        raise CaseFailure(message, rule=rule, board=board(state))


def _play_one(state: S, item: str | Move, sample: bool) -> S:
    __tracebackhide__ = True
    text = str(item)
    if isinstance(item, str) and item.startswith(FORCE):
        return force(state, item[len(FORCE) :].strip())
    if sample:
        while state.is_chance_node and not state.is_legal(parse(state, item)):
            state = state.apply(sample_chance(state))
    move = parse(state, item)
    if state.is_chance_node and not state.is_legal(move):
        return force(state, move)  # explains with the chance node's outcomes
    return _apply(state, move, text)


def _apply(state: S, move: Move, text: str = "") -> S:
    __tracebackhide__ = True
    try:
        return state.apply(move)
    except IllegalMove as exc:
        raise _refused(f"{exc}; {_where(state)}", exc, text or str(move)) from None


@contextmanager
def _labelled(label: str) -> Iterator[None]:
    """Run one action of a script; its errors are re-raised with the label in front."""
    __tracebackhide__ = True
    try:
        yield
    except IllegalMove as exc:
        raise _refused(f"{label}: {exc}", exc, exc.move) from None
    except NotationError as exc:
        raise NotationError(f"{label}: {exc}", text=exc.text) from None


def _refused(message: str, exc: IllegalMove, move: object) -> IllegalMove:
    """`exc` with a longer message, its code and rule kept (the message holds the rule once)."""
    error = IllegalMove(message, code=exc.code, move=move)
    error.rule = exc.rule
    return error


def _is_target(state: State, seat: int | None, kind: str | None) -> bool:
    if seat is not None and state.current_player != seat:
        return False
    return kind is None or any(matches_kind(move, kind) for move in state.legal_moves())


def _where(state: State) -> str:
    """Where the game stands and what is legal there, for a message."""
    if state.is_terminal:
        return f"the game is over ({state.flow.key})"
    moves = [str(m) for m in state.legal_moves()]
    shown = ", ".join(moves[:_SHOWN]) + (f", ... and {len(moves) - _SHOWN} more" if len(moves) > _SHOWN else "")
    who = "chance" if state.is_chance_node else f"seat {state.current_player}"
    what = "outcomes" if state.is_chance_node else "legal"
    return f"at {state.flow.key} ({who} to move), {what}: {shown}"


def _describe(state: State) -> str:
    try:
        return f" ({state.chance_node()})"
    except TypeError:  # a game that does not describe its chance nodes yet
        return ""


def _stop(message: str, trail: Sequence[str]) -> str:
    if not trail:
        return message
    recent = ", ".join(trail[-_TRAIL:])
    more = f"{len(trail) - _TRAIL} moves, then " if len(trail) > _TRAIL else ""
    return f"{message} (after {more}{recent})"
