"""Conserved quantities and bounds, checked after every step by the property suite and on
every state read from JSON.

* 30 fuel markers: on the boat cards or in the supply (ARC-1.4);
* 30 fish pieces: on the spots (seen, or still unseen), on boats, on markets, out of the game;
* 61 square cards: in the pocket, shops, warehouse, on boats, on the quay, on storm spaces,
  out of the game;
* no boat holds more than 3 fish, 5 fuel or 4 equipment cards (ARC-1.3); no shop or the
  warehouse more than 3 cards; a shop or warehouse with a 'closed' sign holds none; a
  numbered storm card lies only on its own space; a market holds only what it ordered;
  cards wait on the quay only during a harbour visit, and a weather card waiting for a choice
  is one of them;
* the flags only play can set, where play can reach them
  ([`check_flags`][tabletop.archipel.invariants.flags.check_flags]): the warehouse's
  'closed' sign (none at the setup; outside the restock, the sign exactly when the warehouse is
  empty, three cards otherwise; ARC-1.7, ARC-4.9, ARC-4.10), face-up pieces (never an unseen or
  caught fish; none before the first turn; in the memory game a shark only while it eats;
  ARC-1.5, ARC-3.2, ARC-8.2) and `turn.may_catch` (by step, and cleared only by a try; ARC-3.1);
* the table as the step it stands at leaves it
  ([`check_steps`][tabletop.archipel.invariants.steps.check_steps]; one spot, shop, market and
  storm entry per place of the board, `check_lengths`): the deal's order at the setup (ARC-1.7),
  the fish being tried under the boat deciding it (ARC-3.2 to ARC-3.4, ARC-3.6), the harbour steps
  with the boat in a harbour and its open shop taken (ARC-2.5, ARC-2.7), a weather card waiting only
  while the news is read (ARC-4.3), no card left on the quay once the harbour turn is over (ARC-4.7),
  the emptied shop empty until the refill and a refill only of a shop emptied (ARC-4.9), and how the
  season ended only at its end, in one of its four ways (ARC-7.1).

A broken one raises [`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] naming the
field path (`boats[1].fuel`, `markets[3]`) and the rule, which a state read from JSON turns
into a `DecodeError` at that path.
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, is_not
from typing import Final, NoReturn

from tabletop.archipel.content.board import Board, is_loaded
from tabletop.archipel.content.kinds import FISH, SHARK, storm_number
from tabletop.archipel.invariants.cards import cards_coded as _cards_coded
from tabletop.archipel.invariants.cards import cards_moved as _cards_moved
from tabletop.archipel.invariants.flags import check_flags
from tabletop.archipel.invariants.steps import check_lengths, check_steps
from tabletop.archipel.state import (
    DECK,
    EMPTY,
    FUEL_MARKERS,
    HOLD,
    SHOP_SIZE,
    TANK,
    UNSEEN,
    ArchipelState,
    Boat,
    Spot,
    SpotFish,
)
from tabletop.kernel.deck import conservation_problem
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.fastattrs import remember
from tabletop.kernel.protocol import State
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.tokens import Tokens

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Raise `InvariantBroken` naming the path and rule of the first broken quantity or bound.

    The checks count into plain dicts and build a message only for a broken one: a state read
    from JSON is checked this way, so reading stays cheap (issue 12).
    """
    s: ArchipelState = state  # type: ignore[assignment]
    # Issue 10: a state names its board, it never makes the program open a file it chooses.
    if not is_loaded(s.board):
        message = f"no board {s.board!r} is loaded: a state names the reference board ('') or a loaded board's digest"
        _fail(message, "board", "ARC-1.1")
    board, last = s.map, _SOUND[0]
    if last is None or not (
        s.board is last.board
        and s.spots is last.spots
        and s.shops is last.shops
        and s.markets is last.markets
        and s.storms is last.storms
    ):  # the lengths of the very parts of the last sound state, on its board, hold
        check_lengths(s, board)
    if last is None:
        _check_options(s)
        _check_variants(s, board)
        _check_boats(s, board)
        _check_fish(s, board)
        _check_cards(s, board)
    else:
        _changed(s, last, board)
    check_flags(s, board)
    check_steps(s, board)
    _SOUND[0] = s


_SOUND: Final[list[ArchipelState | None]] = [None]
"""The last state found sound (one kept: its parts' identities are not reused). A check whose
fields are all its very objects holds again (the checks read immutable parts only, and the
board by its name), so the state after the first legal move (reading checks both) runs only the
checks of what the step changed, in the same order (the same first refusal)."""


def _changed(s: ArchipelState, last: ArchipelState, board: Board) -> None:
    """The checks of `check_invariants` after the board's, but those whose fields are all the very
    objects of `last` (the board is found loaded at every call: a test may drop one); where the
    cards and shops are the very objects of `last` but the flow, the turn or the warehouse's sign
    changed (most steps), only the card places are checked again, and where some cards moved, the
    cards are found conserved by the parts that changed alone (`cards_moved`)."""
    same_board, same_boats = s.board is last.board, s.boats is last.boats
    if not (same_board and s.declare is last.declare and s.idle_rounds is last.idle_rounds):
        _check_options(s)
    if not (same_board and s.short is last.short and s.memory is last.memory and s.shut is last.shut) or not (
        s.markets is last.markets and s.spots is last.spots
    ):
        _check_variants(s, board, last.spots if s.memory or not last.memory else ())
    if not (same_board and same_boats and s.supply is last.supply):  # the home ports and locations: the board's
        _check_boats(s, board, last.boats)
    same = same_board and same_boats
    if not (
        same and s.spots is last.spots and s.unseen is last.unseen and s.lost is last.lost and s.markets is last.markets
    ):
        _check_fish(s, board)
    same = same and s.pocket is last.pocket and s.warehouse is last.warehouse and s.bought is last.bought
    same = same and s.removed is last.removed and s.storms is last.storms and s.shops is last.shops
    if not (same and s.shut is last.shut):
        if not (same_board and _cards_moved(s, last, board)):
            _check_cards(s, board)  # counted, and any problem worded
            return
        if not (s.shops is last.shops and s.shut is last.shut):
            _check_shops(s, board)
        _check_places(s, board, s.storms is last.storms)
    elif not (s.warehouse_shut is last.warehouse_shut and s.flow is last.flow and s.turn is last.turn):
        _check_places(s, board, True)  # the cards and shops as sound as in `last`: only the places' rules read these


def _check_variants(s: ArchipelState, board: Board, sound_spots: tuple[Spot, ...] = ()) -> None:
    """What the variants the state names imply: in the short game the pagoda islands' shops and
    markets are closed from the start (ARC-9.1), and a face-down fish whose kind the game knows
    is the memory game's alone (ARC-8.1, ARC-8.3: elsewhere a fish seen stays face up). In every
    game a face-up piece is a fish a try exposed: never one nobody has seen, nor a spot whose
    fish was caught (ARC-1.5, ARC-3.2). A spot of `sound_spots`, the spots of the last sound state
    (of the plain game, or of the memory game when this state is one too), at its place is not
    looked at again."""
    if s.short:
        if not board.pagodas <= s.shut:
            _fail(f"the short game with pagoda shops open: {sorted(board.pagodas - s.shut)}", "shut", "ARC-9.1")
        for i, island in enumerate(board.island_ids):
            if s.markets[i] and island in board.pagodas:
                _fail(f"fish delivered to the closed market of {island}", f"markets[{i}]", "ARC-9.1")
    spots = s.spots  # the spots a step did not change are skipped in C
    changed = (
        compress(enumerate(spots), map(is_not, spots, sound_spots))
        if len(sound_spots) == len(spots)
        else enumerate(spots)
    )
    memory = s.memory
    for i, spot in changed:
        if spot.face_up:
            if spot.fish in _NO_FACE:
                what = "no piece (its fish was caught)" if spot.fish == EMPTY else f"the fish {spot.fish!r}"
                _fail(f"face up with {what}: only a fish a try exposed lies face up", f"spots[{i}]", "ARC-3.2")
        elif not memory and spot.remembered:
            _fail(f"a face-down {spot.fish} known outside the memory game", f"spots[{i}]", "ARC-8.3")


_NO_FACE: Final = frozenset({EMPTY, UNSEEN, SpotFish.REMEMBERED})
"""What a face-up spot never holds: no piece, a fish nobody has seen, a fish a view does not know."""


def _check_options(s: ArchipelState) -> None:
    """The options the state keeps, as `new_game` accepts them (read at every step: ARC-7.1,
    ARC-7.6); values of exactly the options' types found sound are remembered (`_KEPT_OPTIONS`)."""
    declare, idle_rounds = s.declare, s.idle_rounds
    if type(declare) is not str or type(idle_rounds) is not int:  # a bool, say: equal to an int, refused
        s.GAME.check_kept_options({"declare": declare, "idle_rounds": idle_rounds})
        return
    key = (declare, idle_rounds)
    if key not in _KEPT_OPTIONS:
        s.GAME.check_kept_options({"declare": declare, "idle_rounds": idle_rounds})
        remember(_KEPT_OPTIONS, key, True, _OPTIONS_KEPT)


_OPTIONS_KEPT: Final = 16
"""The most pairs of kept options remembered: a text may hold any value, so the table is bounded."""

_KEPT_OPTIONS: Final[dict[tuple[str, int], bool]] = {}
"""The (`declare`, `idle_rounds`) pairs found sound, a plain `str` and `int` each (a value of
another type equal to one of them is checked every time): a game's states share one pair, but a
text's strings are new objects, so the pair is compared by value."""


def _fail(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)


def _count(into: dict[str, int], tokens: Tokens) -> None:
    """Add the counts of `tokens` to the tally `into`."""
    for kind, n in tokens.items():
        into[kind] = into.get(kind, 0) + n


def _check_boats(s: ArchipelState, board: Board, sound_boats: tuple[Boat, ...] = ()) -> None:
    """The boats' bounds and home ports (but those of a boat of `sound_boats`, the last sound
    state's boats, at its place: a step changes one boat or none, skipped in C), one boat per
    colour (ARC-1.2: each player chooses a pawn), and the fuel markers conserved."""
    boats = s.boats
    changed = (
        compress(enumerate(boats), map(is_not, boats, sound_boats))
        if len(sound_boats) == len(boats)
        else enumerate(boats)
    )
    homes, kinds = board.home_colours, board.kind
    for i, boat in changed:  # the path is written only for a broken bound
        if boat.at not in kinds:
            _fail(
                f"the {boat.colour} boat is at {boat.at!r}, not a location of {board.name}", f"boats[{i}].at", "ARC-2.3"
            )
        if not 0 <= boat.fuel <= TANK:
            _fail(f"{boat.colour} boat has {boat.fuel} fuel", f"boats[{i}].fuel", "ARC-1.3")
        fish = boat.fish
        if fish.total > HOLD:
            _fail(f"{boat.colour} boat has {fish.total} fish", f"boats[{i}].fish", "ARC-3.6")
        if boat.cards.total > DECK:
            _fail(f"{boat.colour} boat has {boat.cards.total} equipment cards", f"boats[{i}].cards", "ARC-4.7")
        if SHARK in fish:
            _fail(f"{boat.colour} boat carries a shark", f"boats[{i}].fish", "ARC-3.4")
        if homes.get(boat.home) != boat.colour:
            message = f"the {boat.colour} boat's home port is {boat.home!r}, not the home port of its colour"
            _fail(message, f"boats[{i}].home", "ARC-1.2")
    if len(set(map(_COLOUR, boats))) != len(boats):
        i = next(i for i, boat in enumerate(boats) if boat.colour in map(_COLOUR, boats[:i]))
        _fail(
            f"two boats of colour {boats[i].colour!r}: each player has a pawn of their own",
            f"boats[{i}].colour",
            "ARC-1.2",
        )
    fuel = sum(map(_FUEL, s.boats)) + s.supply
    if fuel != FUEL_MARKERS:
        _fail(f"{fuel} fuel markers instead of {FUEL_MARKERS}", "supply", "ARC-1.4")


_COLOUR: Final = attrgetter("colour")
"""A boat's colour."""

_FUEL: Final = attrgetter("fuel")
"""A boat's fuel (summed in C)."""

_FISH: Final = attrgetter("fish")
"""A boat's fish."""

_SPOTS: Final = PartAnswers()
_MARKETS: Final = PartAnswers()
_SHOPS: Final = PartAnswers()
"""The fish on the spots, the fish delivered to the markets and the cards in the shops, and
the markets and shops found within their bounds, kept by the identity of those immutable
parts: a part a step left unchanged is counted and checked once (reading a state checks it
and the state after its first legal move, which shares most parts with it)."""


def _spot_fish(spots: tuple[Spot, ...]) -> tuple[dict[str, int], int]:
    """The fish pieces seen on `spots`, and the number of spots still unseen."""
    pieces: dict[str, int] = {}
    unseen_spots = 0
    for spot in spots:
        if spot.fish == UNSEEN:
            unseen_spots += 1
        elif spot.fish != EMPTY:
            pieces[spot.fish] = pieces.get(spot.fish, 0) + 1
    return pieces, unseen_spots


def _tally(parts: tuple[Tokens, ...]) -> dict[str, int]:
    into: dict[str, int] = {}
    for tokens in parts:
        _count(into, tokens)
    return into


_CONSERVED: Final = PartAnswers()
"""The parts whose fish (or cards) were found conserved, with the very parts they were found
conserved with: a state whose every such part is unchanged is not counted again."""


def _check_fish(s: ArchipelState, board: Board) -> None:
    holds = (s.unseen, s.lost, s.markets, board, *map(_FISH, s.boats))
    if _CONSERVED.holds(s.spots, *holds):
        return
    _count_fish(s, board)
    _CONSERVED.keep(s.spots, *holds)


def _count_fish(s: ArchipelState, board: Board) -> None:
    seen, unseen_spots = _SPOTS.of(s.spots, _spot_fish)
    if unseen_spots != s.unseen.total:
        _fail(f"{unseen_spots} unseen spots but {s.unseen.total} unseen fish", "unseen", "ARC-1.5")
    pieces = dict(seen)
    _count(pieces, s.unseen)
    _count(pieces, s.lost)
    for boat in s.boats:
        _count(pieces, boat.fish)
    if not _MARKETS.holds(s.markets, board):
        for i, (island, ordered, delivered) in enumerate(zip(board.island_ids, board.orders, s.markets, strict=True)):
            if not delivered <= ordered:
                _fail(f"market {island} holds {delivered}, ordered {ordered}", f"markets[{i}]", "ARC-4.2")
        _MARKETS.keep(s.markets, board)
    for kind, n in _TALLIES.of(s.markets, _tally).items():
        pieces[kind] = pieces.get(kind, 0) + n
    if pieces == _EVERY_FISH:  # every piece there, by kind (compared at once): no multiset built
        return
    problem = conservation_problem(Tokens(pieces), FISH)  # in a view, hidden fish make up the rest
    if problem:
        _fail(f"fish pieces not conserved: {problem}", "spots", "ARC-1.5")


_EVERY_FISH: Final = dict(FISH.items())
"""The fish pieces by kind, as a plain dict (the count of a state with each piece there equals it)."""

_TALLIES: Final = PartAnswers()
"""The counts of tuples of multisets (the markets, the shops), by the tuple's identity."""


def _check_cards(s: ArchipelState, board: Board) -> None:
    holds = (s.warehouse, s.bought, s.removed, s.storms, s.shops, s.shut, board, *map(_CARDS, s.boats))
    if not _CONSERVED.holds(s.pocket.contents, *holds):
        if _cards_coded(s, board):  # conserved, found in a few additions: the shops' bounds remain
            _check_shops(s, board)
        else:
            _count_cards(s, board)  # which words any problem
        _CONSERVED.keep(s.pocket.contents, *holds)
    _check_places(s, board)


_CARDS: Final = attrgetter("cards")
"""A boat's equipment cards."""


def _count_cards(s: ArchipelState, board: Board) -> None:
    """The square cards conserved, and the shops within their bounds."""
    cards: dict[str, int] = {}
    for tokens in (s.pocket.contents, s.warehouse, s.bought, s.removed):
        _count(cards, tokens)
    for card in s.storms:
        if card:
            cards[card] = cards.get(card, 0) + 1
    for boat in s.boats:
        _count(cards, boat.cards)
    _check_shops(s, board)
    for kind, n in _TALLIES.of(s.shops, _tally).items():
        cards[kind] = cards.get(kind, 0) + n
    if not _same(cards, board.cards):
        _fail(f"square cards not conserved: {sum(cards.values())} instead of {board.cards.total}", "pocket", "ARC-1.6")


def _check_shops(s: ArchipelState, board: Board) -> None:
    """No shop holds more than its size, a closed one none (ARC-1.7, ARC-4.10)."""
    if _SHOPS.holds(s.shops, board, s.shut):
        return
    if not _shops_sound(s.shops, s.shut, board):  # then the first broken shop is found and worded
        for i, (island, shop) in enumerate(zip(board.island_ids, s.shops, strict=True)):
            if shop.total > SHOP_SIZE:
                _fail(f"shop {island} holds {shop.total} cards", f"shops[{i}]", "ARC-1.7")
            if island in s.shut and shop:
                _fail(f"closed shop {island} holds cards", f"shops[{i}]", "ARC-4.10")
    _SHOPS.keep(s.shops, board, s.shut)


def _shops_sound(shops: tuple[Tokens, ...], shut: frozenset[str], board: Board) -> bool:
    """Whether the shops pass the checks of `_check_shops` (one per island, none above its size,
    the closed ones empty), found in C but for the closed shops (False for anything else)."""
    try:
        if len(shops) != len(board.island_ids) or max(map(_TOTAL, shops)) > SHOP_SIZE:
            return False
        index = board.island_index
        for island in shut:
            i = index.get(island)
            if i is not None and shops[i]:
                return False
    except (AttributeError, TypeError, ValueError):  # not a tuple of multisets, or none: the loop decides
        return False
    return True


_TOTAL: Final = attrgetter("total")
"""The cards of a shop, in all."""


def _check_places(s: ArchipelState, board: Board, storms_sound: bool = False) -> None:
    """The warehouse, the storm spaces (but where `storms_sound`: the very ones of the last sound
    state, on the same board), the quay and the waiting weather card."""
    if s.warehouse.total > SHOP_SIZE:
        _fail(f"the warehouse holds {s.warehouse.total} cards", "warehouse", "ARC-1.7")
    if s.warehouse_shut and s.warehouse:
        _fail("the closed warehouse holds cards", "warehouse", "ARC-4.10")
    if not (storms_sound or _STORMS.holds(s.storms, board)):
        for i, (number, card) in enumerate(zip(board.storm_numbers, s.storms, strict=True)):
            if card and storm_number(card) not in (0, number):
                _fail(f"{card} lies on storm space {number}", f"storms[{i}]", "ARC-4.3")
        _STORMS.keep(s.storms, board)
    if s.bought.total and s.flow.phase != "harbour":  # `total`, a slot: no call of `__bool__`
        _fail(f"cards {s.bought} on the quay outside a harbour visit", "bought", "ARC-4.5")
    if s.turn.weather and s.turn.weather not in s.bought:
        _fail(f"{s.turn.weather} waits but was not bought", "turn.weather", "ARC-4.3")


_STORMS: Final = PartAnswers()
"""The storm spaces found sound, with the very board they were found sound on."""


def _same(tally: dict[str, int], tokens: Tokens) -> bool:
    """The tally holds exactly the tokens (kinds counted zero times count as absent)."""
    if tally.items() == tokens.items():  # the common case, compared at once (C speed)
        return True
    kinds = 0
    for kind, n in tally.items():
        if n:
            if tokens[kind] != n:
                return False
            kinds += 1
    return kinds == len(tokens)
