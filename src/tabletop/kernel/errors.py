"""The one exception hierarchy of tabletop.

Every error a caller can provoke with bad input is a [`TabletopError`][tabletop.kernel.errors.TabletopError]. The
classes also subclass the builtin they refine, so `except ValueError` keeps working for code that
does not know tabletop. On any error the caller still holds the unchanged old object:
nothing in tabletop half-applies.
"""

from __future__ import annotations

import operator

__all__ = [
    "ContentError",
    "DecodeError",
    "GameDefinitionError",
    "IllegalMove",
    "InvariantBroken",
    "NotationError",
    "SeatError",
    "TabletopError",
    "UndoError",
    "seat_index",
]


class TabletopError(Exception):
    """Base class of every error raised on purpose by tabletop."""


class IllegalMove(TabletopError, ValueError):
    """Raised by `State.apply` when the move is not legal in that state.

    Attributes:
        code: A stable, machine-readable reason, e.g. `"card-used"`.
        rule: The rule ID that forbids the move, e.g. `"CON-2.2"` (may be empty).
        move: The refused move (its notation text, or the object given).
    """

    def __init__(self, message: str, *, code: str, rule: str = "", move: object = None) -> None:
        self.code = code
        self.rule = rule
        self.move = move
        text = f"{rule}: {message}" if rule else message
        super().__init__(text)


class NotationError(TabletopError, ValueError):
    """Raised when move text cannot be read as a move of the game.

    Attributes:
        text: The text that was given.
    """

    def __init__(self, message: str, *, text: str = "") -> None:
        self.text = text
        super().__init__(message)


class DecodeError(TabletopError, ValueError):
    """Raised when JSON (a state, a view, a record) is corrupt or of the wrong kind.

    Attributes:
        path: Where in the document the problem is (`"state.money"`), or `""`.
    """

    def __init__(self, message: str, *, path: str = "") -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


class ContentError(TabletopError, ValueError):
    """Raised when a content file (cards, boards, months, scenarios) is invalid.

    The message names the file, the item and the field, so the owner of a printed copy who
    types in their cards can find the mistake.

    Attributes:
        file: The file name (or `"<string>"`).
        item: The item inside the file (a card id, `"boats[3]"`), or `""`.
        field: The field of that item, or `""`.
    """

    def __init__(self, message: str, *, file: str = "", item: str = "", field: str = "") -> None:
        self.file = file
        self.item = item
        self.field = field
        where = ", ".join(
            part for part in (file, f"item {item!r}" if item else "", f"field {field!r}" if field else "") if part
        )
        super().__init__(f"{where}: {message}" if where else message)


class InvariantBroken(AssertionError):
    """Raised by a game's invariants when a state breaks one: a count not conserved, a value
    out of range, an id that does not exist.

    It is an `AssertionError` (invariants are checks of the library's own states), and reading
    an untrusted state turns it into a [`DecodeError`][tabletop.kernel.errors.DecodeError] at the
    same `path`.

    Attributes:
        path: Where in the state, in the dotted form of `DecodeError.path` relative to the
            state (`"boats[1].fuel"`, `"bag"`), empty when the whole state is meant.
        rule: The ID of the rule the invariant follows from, if one does.
    """

    def __init__(self, message: str, *, path: str = "", rule: str = "") -> None:
        self.path = path
        self.rule = rule
        text = f"{path}: {message}" if path else message
        super().__init__(f"{text} ({rule})" if rule else text)


class GameDefinitionError(TabletopError):
    """Raised when a game is defined wrongly: a bad phase table, an endless automatic loop.

    This is a bug in a game's code, never the fault of a player's input.
    """


class UndoError(TabletopError):
    """Raised by a match when undo or redo is refused: nothing to undo or redo, or undoing
    would cross a point where hidden information was revealed to the seat asking or to
    another human seat (a drawn token, an exposed fish, a card looked at).

    Attributes:
        seat: The seat that asked.
    """

    def __init__(self, message: str, *, seat: int | None = None) -> None:
        self.seat = seat
        super().__init__(message)


class SeatError(TabletopError, ValueError):
    """Raised when a seat number is not a seat of the game: out of range, or not an integer
    (a `bool`, a float, a string or `None` is refused, not read as a number).

    Attributes:
        seat: The value given.
        seats: How many seats the game has.
    """

    def __init__(self, message: str, *, seat: object = None, seats: int = 0) -> None:
        self.seat = seat
        self.seats = seats
        super().__init__(message)


def seat_index(seat: object, seats: int, *, where: str = "") -> int:
    """`seat` as a seat number of a game of `seats` seats (any integer type, numpy's too).

    Args:
        seat: The value to read.
        seats: How many seats the game has.
        where: What asked (`"view"`, `"observation"`), put before the message.

    Raises:
        SeatError: If `seat` is a `bool`, not an integer, or not in `0..seats-1`.

    ```pycon
    >>> seat_index(1, 3)
    1
    >>> try:
    ...     seat_index(3, 3, where="view")
    ... except SeatError as refused:
    ...     print(refused)
    view: no seat 3: seats are 0 to 2

    ```
    """
    try:
        index = -1 if isinstance(seat, bool) else operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        index = -1
    if not 0 <= index < seats:
        prefix = f"{where}: " if where else ""
        msg = f"{prefix}no seat {seat!r}: seats are 0 to {seats - 1}"
        raise SeatError(msg, seat=seat, seats=seats)
    return index
