"""The flags only play sets, held to the steps play can reach them at (audit 37): the warehouse's
'closed' sign, the face-up pieces at the setup and the memory game's face-up sharks, and
`turn.may_catch`. A text may flip any of them, and the rules read them as play left them (a
flipped `may_catch` hides a legal try or gives a second one; a sign at the setup closes the first
shop visited with four cards in the warehouse), so reading refuses each by its field and rule.
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.archipel.content.board import Board
from tabletop.archipel.content.kinds import SHARK
from tabletop.archipel.state import HARBOURS, SHOP_SIZE, UNSEEN, ArchipelState, Spot
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.serialize import PartAnswers

__all__ = ["check_flags"]


def check_flags(s: ArchipelState, board: Board) -> None:
    """The flags only play sets, against the step it stands at: a text may flip any of them, and
    the rules read them as play left them (checked at every read; a few field reads, and in the
    memory game the face-up sharks, kept by the spots' identity).

    * `warehouse_shut`: no sign at the setup (ARC-1.7: the warehouse gets three cards; the sign
      comes only when the pocket cannot refill it, ARC-4.10); while it is refilled
      (`harbour.restock`) no sign and fewer than three cards (ARC-4.9); at any other step the
      sign exactly when the warehouse is empty, three cards otherwise (ARC-4.9, ARC-4.10).
    * The spots at the setup: every fish face down and unseen (ARC-1.5).
    * `turn.may_catch` (ARC-3.1): set at every turn's start and by every move, cleared only by a
      try, which exposes the fish or empties the spot: so true at the setup, in a harbour (the boat
      sailed or stayed there) and while the fish is exposed (`turn.expose`), false while its catch
      is decided (`turn.multi`, `turn.shark`), and false at `turn.act` only on a fish spot tried.
    * `turn.sailed`: false at the setup (no move yet, ARC-2.2) and at `turn.act` in a harbour (entering
      one ends the moving, ARC-2.5: a boat acts there only at its turn's start).
    * In the short game no boat in a pagoda island's harbour: "The grey islands with a pagoda are out of
      the game" (ARC-9.1).
    * In the memory game a face-up shark only on the current boat's spot while it eats
      (`turn.shark`): after it has eaten it is turned face down (ARC-8.2).
    * `turn.shop`, the island whose shop the boat emptied: only in the harbour steps (and at the end
      a harbour step reached), and the island's harbour where the current boat is (ARC-4.9: the
      warehouse refills "the empty shop" the boat took).
    """
    key = s.flow.key
    if s.flow.phase == "setup":
        _check_setup(s)
    else:
        _check_warehouse_sign(s, key)
        _check_may_catch(s, board, key)
    if s.turn.shop:
        _check_shop_emptied(s, board, key)
    if s.short:
        for i, boat in enumerate(s.boats):
            if boat.at in board.pagodas:
                _fail(
                    f"the {boat.colour} boat is at {boat.at}, a pagoda island out of the game",
                    f"boats[{i}].at",
                    "ARC-9.1",
                )
    if s.memory:
        sharks = _UP_SHARKS.of(s.spots, _face_up_sharks)
        if sharks:
            _check_sharks(s, board, sharks, key)


def _check_setup(s: ArchipelState) -> None:
    """`check_flags` at the setup: no sign, no try, every fish face down and unseen."""
    if s.warehouse_shut:
        _fail(
            "warehouse_shut=true at the setup: the sign comes only when the pocket cannot refill",
            "warehouse_shut",
            "ARC-4.10",
        )
    if not s.turn.may_catch:
        _fail("may_catch=false at the setup: no try before the first turn", "turn.may_catch", "ARC-3.1")
    if s.turn.sailed:
        _fail("sailed=true at the setup: no move before the first turn", "turn.sailed", "ARC-2.2")
    for i, spot in enumerate(s.spots):
        if spot.fish != UNSEEN or spot.face_up:
            _fail(f"{spot} before the first turn: every fish lies face down, unseen", f"spots[{i}]", "ARC-1.5")


def _check_may_catch(s: ArchipelState, board: Board, key: str) -> None:
    """`check_flags`'s `turn.may_catch` and `turn.sailed` after the setup, at step `key`."""
    may_catch = s.turn.may_catch
    if key.startswith(_HARBOUR) or key == _EXPOSE:
        if not may_catch:
            _fail(f"may_catch=false at {key}: no try since the boat last moved", "turn.may_catch", "ARC-3.1")
    elif key in _DECIDING:
        if may_catch:
            _fail(f"may_catch=true at {key}: the try that exposed this fish is spent", "turn.may_catch", "ARC-3.1")
    elif key == _ACT and s.turn.sailed and board.kind[s.boats[s.flow.player].at] in HARBOURS:
        _fail("sailed=true at turn.act in a harbour: entering one ends the moving", "turn.sailed", "ARC-2.5")
    elif key == _ACT and not may_catch:
        at = s.boats[s.flow.player].at
        i = board.spot_index.get(at)
        if i is None or s.spots[i].fish == UNSEEN:
            where = "no fish spot" if i is None else "a fish nobody has seen"
            _fail(f"may_catch=false at {at}, {where}: only a try clears it", "turn.may_catch", "ARC-3.1")


def _check_warehouse_sign(s: ArchipelState, key: str) -> None:
    """`check_flags`'s warehouse after the setup (the closed warehouse with cards is `_check_places`')."""
    cards = s.warehouse.total
    if key == _RESTOCK:
        if s.warehouse_shut:
            _fail("warehouse_shut=true while the warehouse is refilled", "warehouse_shut", "ARC-4.9")
        if cards >= SHOP_SIZE:
            _fail(f"the warehouse holds {cards} cards while it is refilled", "warehouse", "ARC-4.9")
    elif not s.warehouse_shut and cards != SHOP_SIZE:
        _fail(f"the open warehouse holds {cards} cards: three, or the 'closed' sign", "warehouse", "ARC-4.9")


def _check_sharks(s: ArchipelState, board: Board, sharks: tuple[int, ...], key: str) -> None:
    """The memory game's face-up sharks (`sharks`, spot indices): only the current boat's, at `turn.shark`."""
    here = board.spot_index.get(s.boats[s.flow.player].at, -1) if key == _SHARK else -1
    for i in sharks:
        if i != here:
            _fail("a face-up shark in the memory game after it has eaten", f"spots[{i}]", "ARC-8.2")


def _face_up_sharks(spots: tuple[Spot, ...]) -> tuple[int, ...]:
    return tuple([i for i, spot in enumerate(spots) if spot.face_up and spot.fish == SHARK])


_UP_SHARKS: Final = PartAnswers()
"""The face-up sharks of a tuple of spots, by its identity (the memory game's states share it)."""

_ACT: Final = "turn.act"
_HARBOUR: Final = "harbour."
_EXPOSE: Final = "turn.expose"
_RESTOCK: Final = "harbour.restock"
_SHARK: Final = "turn.shark"
_DECIDING: Final = frozenset({"turn.multi", _SHARK})
"""The steps where an exposed fish's catch is decided."""


def _check_shop_emptied(s: ArchipelState, board: Board, key: str) -> None:
    """`check_flags`' `turn.shop` (not empty): the island the current boat is at, in a harbour step."""
    shop, player = s.turn.shop, s.flow.player
    if shop not in board.island_ids:
        _fail(f"{shop!r} is not an island of {board.name}", "turn.shop", "ARC-4.9")
    if not (key.startswith(_HARBOUR) or key == "end.over"):
        _fail(f"a shop emptied ({shop}) at step {key!r}, outside a harbour", "turn.shop", "ARC-4.9")
    if 0 <= player < len(s.boats) and s.boats[player].at != shop:
        _fail(f"the shop of {shop} emptied by the boat at {s.boats[player].at}", "turn.shop", "ARC-4.9")


def _fail(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
