"""The square cards found conserved by codes (ARC-1.6): each part of a state (a multiset, the
storm spaces, the shops, the boats' cards) coded once as an integer (a
[`CountCode`][tabletop.kernel.serialize.validate.CountCode] of the board's cards), kept by the
part's identity, so that a state's cards are checked in a few additions; where the codes do not
add up, [`check_invariants`][tabletop.archipel.invariants.check_invariants] counts them card by
card and words the refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Final

from tabletop.archipel.content.board import Board
from tabletop.archipel.state import ArchipelState, Boat
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.serialize.validate import CountCode
from tabletop.kernel.tokens import Tokens

__all__ = ["cards_coded", "cards_moved"]

_CARDS: Final = attrgetter("cards")
"""A boat's equipment cards."""


_BOARD_CODES: Final = PartAnswers(8)
"""Per board (by identity): the code of its square cards (`None`: too many to code, never met),
and the codes of the parts of states, kept by their identity, with the way of coding a part
(`_coder`), built once per board."""


def _board_code(board: Board) -> tuple[int | None, PartAnswers, Callable[[object], int | None]]:
    code = CountCode(board.cards, board.cards.total)
    parts = PartAnswers()
    return code.tokens(board.cards), parts, _coder(code, parts)


def _coder(code: CountCode, parts: PartAnswers) -> Callable[[object], int | None]:
    """The code of the square cards of a part of a state: a multiset, or a tuple of storm spaces,
    of shops or of boats (a tuple coded from the codes of its multisets, each kept in `parts` by
    its identity); `None` for a card not known or a part of another kind (`_count_cards` decides)."""
    tokens, pieces = code.tokens, code.pieces

    def coded(part: object) -> int | None:
        if type(part) is Tokens:
            return tokens(part)
        if type(part) is not tuple:
            return None
        if not part:
            return 0
        first = part[0]
        if type(first) is str:
            return pieces(filter(None, part))
        if type(first) is Tokens:
            return parts.total(part, tokens)
        if type(first) is Boat:
            return parts.total([boat.cards for boat in part], tokens)
        return None

    return coded


def cards_coded(s: ArchipelState, board: Board) -> bool:
    """Whether the square cards are exactly the board's, by their codes: True exactly where
    `_count_cards` finds them conserved (a card not known, or any difference: False). The tuples
    of storm spaces, shops and boats are coded once each, kept by their identity."""
    expected, parts, coded = _BOARD_CODES.of(board, _board_code)
    if expected is None:
        return False
    return (
        parts.total((s.pocket.contents, s.warehouse, s.bought, s.removed, s.storms, s.shops, s.boats), coded)
        == expected
    )


def cards_moved(s: ArchipelState, last: ArchipelState, board: Board) -> bool:
    """Whether the square cards are exactly the board's, those of `last` (on the same board) being
    so: the parts that are not the very objects of `last` hold, together, the same cards as those
    of `last` they replace, by their codes (each kept by the part's identity). True exactly where
    `_count_cards` finds them conserved; False also for a card not known or a tuple of another
    length (`_check_cards` decides). The parts moved are gathered by plain comparisons (a step
    moves two or three): no list of flags, iterator or chain built for the five others."""
    expected, parts, coded = _BOARD_CODES.of(board, _board_code)
    if expected is None:
        return False
    new: list[object] = []
    old: list[object] = []
    for part, before in (
        (s.pocket.contents, last.pocket.contents),
        (s.warehouse, last.warehouse),
        (s.bought, last.bought),
        (s.removed, last.removed),
        (s.storms, last.storms),
    ):
        if part is not before:
            new.append(part)
            old.append(before)
    shops, shops_before = s.shops, last.shops
    if shops is not shops_before:
        if len(shops) != len(shops_before):
            return False
        _gather(new, old, shops, shops_before)
    boats, boats_before = s.boats, last.boats
    if boats is not boats_before:
        if len(boats) != len(boats_before):
            return False
        _gather(new, old, map(_CARDS, boats), map(_CARDS, boats_before))
    if not new:
        return True
    now = parts.total(new, coded)
    return now is not None and now == parts.total(old, coded)


def _gather(new: list[object], old: list[object], places: Iterable[Tokens], before: Iterable[Tokens]) -> None:
    """Add to `new` each part of `places` that is not the very part of `before` at its place (of as
    many), and that part to `old`."""
    for part, part_before in zip(places, before):  # noqa: B905  # of as many: the lengths were compared
        if part is not part_before:
            new.append(part)
            old.append(part_before)
