"""What the step a state stands at implies about the table (fuzz 38): the board's count of spots,
shops, markets and storm spaces; the deal's order at the setup; the fish being decided at
`turn.expose`, `turn.multi` and `turn.shark`; the harbour steps' boat, shop, quay and weather card;
the shop the boat emptied; how the season ended. A text can break each while every card and fish
is still counted (a fuzzer that moves the flow to another step finds most), and play then crashes,
loses a counted item or goes on past its end, so reading refuses each by its field and rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NoReturn

from tabletop.archipel.content.board import Board
from tabletop.archipel.content.kinds import BAIT_OF, BAITS, MULTI, SHARK
from tabletop.archipel.state import HARBOURS, HOLD, HOW_IT_ENDED, SHOP_SIZE, UNSEEN, ArchipelState
from tabletop.kernel.errors import InvariantBroken

__all__ = ["check_lengths", "check_steps"]


def check_lengths(s: ArchipelState, board: Board) -> None:
    """One entry per fish spot (ARC-1.5), per island's shop (ARC-1.7) and market (ARC-4.2), per storm
    space (ARC-4.3) of the board: the rules index them by the board's places (compared at once; the
    loop words a difference)."""
    islands = len(board.island_ids)
    if (
        len(s.spots) == len(board.spots)
        and len(s.shops) == islands
        and len(s.markets) == islands
        and len(s.storms) == len(board.storm_ids)
    ):
        return
    for field, have, want, rule in (
        ("spots", len(s.spots), len(board.spots), "ARC-1.5"),
        ("shops", len(s.shops), len(board.island_ids), "ARC-1.7"),
        ("markets", len(s.markets), len(board.island_ids), "ARC-4.2"),
        ("storms", len(s.storms), len(board.storm_ids), "ARC-4.3"),
    ):
        if have != want:
            _fail(f"{have} entries, but {board.name} has {want}", field, rule)


def check_steps(s: ArchipelState, board: Board) -> None:
    """The table as the step it stands at leaves it:

    * at the setup (ARC-1.7: "Each shop now gets three square cards. ... The warehouse also gets
      three"), dealt in board order: the open shops before the one being dealt to hold three cards,
      those after it none, and the warehouse gets cards only once every open shop has three, and
      fewer than three (with three the first turn begins);
    * while a try is decided, the current boat is on the fish being tried: face down and unseen while
      it is exposed (`turn.expose`, ARC-3.2), a face-up colour its bait does not catch but its
      multicolour bait may (`turn.multi`, ARC-3.3), a face-up shark choosing among two kinds of bait or
      more (`turn.shark`, ARC-3.4; with one kind it is eaten at once); and the boat has room for the fish (ARC-3.6);
    * no card left on the quay once the turn in the harbour is over (ARC-4.7: the cards beyond four
      are handed to another boat or leave the game; ARC-4.8);
    * the shop the boat emptied (`turn.shop`, ARC-2.7) holds nothing until the warehouse refills it,
      and after the refill (at `harbour.restock`, or at the end when the season ended after the turn)
      the warehouse's three cards or the 'closed' sign (ARC-4.9, ARC-4.10); a refill only of a shop
      emptied;
    * at the harbour steps the boat to play in a harbour (ARC-2.5) and, past the arrival, the shop of an
      island's harbour taken (ARC-2.7), a weather card waiting for a choice exactly at `harbour.weather`
      (ARC-4.3, ARC-4.4);
    * `ended_by` empty while the season goes on, one of the ways it ends at the end (ARC-7.1, ARC-7.5,
      ARC-7.6).
    """
    key = s.flow.key
    check = _BY_STEP.get(key)
    if check is not None:
        check(s, board, key)
    turn = s.turn
    if turn.shop:
        _check_shop_taken(s, board, key, turn.shop)
    if turn.weather and key != _WEATHER:
        _fail(f"{turn.weather} waits for a choice at {key}: only while the news is read", "turn.weather", "ARC-4.3")
    if s.ended_by and key != _OVER:
        _fail(f"ended_by={s.ended_by!r} at {key}: the season goes on", "ended_by", "ARC-7.1")


def _check_quay(s: ArchipelState, board: Board, key: str) -> None:
    """`check_steps` once the turn in a harbour is over: no card left on the quay (ARC-4.7); at the
    refill, the shop the boat emptied named (ARC-4.9: a home port or a closed shop is not refilled)."""
    if s.bought.total:
        _fail(f"cards {s.bought} left on the quay at {key}: the turn ends with none", "bought", "ARC-4.7")
    if key == _OVER:
        if s.ended_by not in HOW_IT_ENDED:
            _fail(f"ended_by={s.ended_by!r}: the season ends {', '.join(HOW_IT_ENDED)}", "ended_by", "ARC-7.1")
        return
    _check_in_harbour(s, board, key)
    if not s.turn.shop:
        _fail(f"the warehouse refills no shop at {key}: no shop was emptied", "turn.shop", "ARC-4.9")


def _check_in_harbour(s: ArchipelState, board: Board, key: str) -> None:
    """`check_steps` at a harbour step: the current boat is in a harbour (ARC-2.5: entering one ends
    the moving, and the harbour's turn follows, ARC-4.1 to ARC-4.9); at `harbour.weather`, with the
    weather card that waits (ARC-4.3, ARC-4.4); past the arrival, in an island's harbour with an open shop,
    that shop taken (ARC-2.7: "you are forced to take the cards in that harbour's shop")."""
    player = s.flow.player
    at = s.boats[player].at if 0 <= player < len(s.boats) else ""
    if board.kind.get(at) not in HARBOURS:
        _fail(f"the boat to play is at {at or 'no place'} at {key}, not in a harbour", f"boats[{player}].at", "ARC-2.5")
    if key == _WEATHER and not s.turn.weather:
        _fail("no weather card waits at harbour.weather", "turn.weather", "ARC-4.3")
    if key != _ARRIVE and not s.turn.shop and at in board.island_index and at not in s.shut:
        _fail(f"the boat in the harbour of {at} at {key} has not taken its open shop's cards", "turn.shop", "ARC-2.7")


def _check_shop_taken(s: ArchipelState, board: Board, key: str, shop: str) -> None:
    """`check_steps`' shop the boat emptied (`shop`): empty until the refill, then three cards or closed."""
    i = board.island_index.get(shop)
    if i is None:  # an unknown island is `check_flags`' to word
        return
    held = s.shops[i].total
    if key == "harbour.restock" or (key == "end.over" and s.ended_by != "declared"):  # after the refill
        if shop not in s.shut and held != SHOP_SIZE:
            _fail(f"shop {shop} holds {held} cards after the warehouse refilled it", f"shops[{i}]", "ARC-4.9")
    elif held:
        _fail(f"shop {shop} holds {held} cards after the boat took them all", f"shops[{i}]", "ARC-2.7")


def _check_deal(s: ArchipelState, board: Board, key: str) -> None:
    """`check_steps` at the setup: the deal's order (ARC-1.7)."""
    short = False  # an open shop short of three met: every later one is empty
    for i, (island, shop) in enumerate(zip(board.island_ids, s.shops, strict=True)):
        if island in s.shut:
            continue
        held = shop.total
        if short and held:
            _fail(f"shop {island} holds {held} cards before an earlier shop has three", f"shops[{i}]", "ARC-1.7")
        short = short or held < SHOP_SIZE
    held = s.warehouse.total
    if held and short:
        _fail(f"the warehouse holds {held} cards before every shop has three", "warehouse", "ARC-1.7")
    if held >= SHOP_SIZE:
        _fail(f"the warehouse holds {held} cards at the setup: with three the turns begin", "warehouse", "ARC-1.7")


def _check_try(s: ArchipelState, board: Board, key: str) -> None:
    """`check_steps` while a try is decided, at step `key`."""
    player = s.flow.player
    boat = s.boats[player] if 0 <= player < len(s.boats) else None
    i = board.spot_index.get(boat.at, -1) if boat is not None else -1
    if boat is None or i < 0:
        _fail(f"a try decided at {key} with the boat to play on no fish spot", f"boats[{player}].at", "ARC-3.1")
    spot, cards = s.spots[i], boat.cards
    if boat.fish.total >= HOLD:
        _fail(f"a try decided with {boat.fish.total} fish aboard: no room", f"boats[{player}].fish", "ARC-3.6")
    baits = sum(card in BAITS for card in cards)  # kinds of bait aboard
    if key == "turn.expose":
        if spot.fish != UNSEEN or spot.face_up:
            _fail(f"{spot} exposed: only a fish nobody has seen is", f"spots[{i}]", "ARC-3.2")
        if not baits:
            _fail("a fish exposed with no bait aboard", f"boats[{player}].cards", "ARC-3.1")
    elif key == "turn.multi":
        if not spot.face_up or spot.fish not in BAIT_OF:
            _fail(f"{spot} to catch with multicolour bait: only an exposed colour is", f"spots[{i}]", "ARC-3.3")
        if MULTI not in cards or BAIT_OF[spot.fish] in cards:
            what = "no multicolour bait" if MULTI not in cards else f"its {BAIT_OF[spot.fish]}, which catches it"
            _fail(f"the choice of multicolour bait with {what} aboard", f"boats[{player}].cards", "ARC-3.3")
    else:
        if not spot.face_up or spot.fish != SHARK:
            _fail(f"{spot} eating a bait: only an exposed shark does", f"spots[{i}]", "ARC-3.4")
        if baits < 2:
            message = f"the shark's choice among {baits} kinds of bait: one kind is eaten at once"
            _fail(message, f"boats[{player}].cards", "ARC-3.4")


_BY_STEP: Final[dict[str, Callable[[ArchipelState, Board, str], None]]] = {
    "setup.deal": _check_deal,
    "turn.expose": _check_try,
    "turn.multi": _check_try,
    "turn.shark": _check_try,
    "harbour.arrive": _check_in_harbour,
    "harbour.news": _check_in_harbour,
    "harbour.weather": _check_in_harbour,
    "harbour.stow": _check_in_harbour,
    "harbour.dock": _check_in_harbour,
    "harbour.supply": _check_quay,
    "harbour.restock": _check_quay,
    "end.over": _check_quay,
}
"""The checks of the steps that have their own (the other steps' table is the flags' and the shop's)."""

_WEATHER: Final = "harbour.weather"
_OVER: Final = "end.over"
_ARRIVE: Final = "harbour.arrive"


def _fail(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
