"""The invariants of Conservas: what every state of the game keeps, checked after every step
by the property suite and when an untrusted state is read.

Each broken invariant raises [`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] with
the path of the field at fault (`"money"`, `"cards.fleet"`, `"upgrades[2].kept"`) and the rule
it follows from, so a refused state names what is wrong.
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.conservas.content import BOATS, MONTHS, SUPPLY, UPGRADES
from tabletop.conservas.rules.reachable import play_invariants
from tabletop.conservas.state import Cards, ConservasState, OwnedUpgrade
from tabletop.kernel.deck import Deck
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.protocol import State
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.serialize.validate import CountCode
from tabletop.kernel.tokens import Tokens

__all__ = ["invariants"]

_SORTED_BOATS: Final = sorted(BOATS)
_SORTED_UPGRADES: Final = sorted(UPGRADES)
_SUPPLY: Final = SUPPLY.as_dict()


def _check(ok: bool, message: str, path: str, rule: str = "") -> None:
    if not ok:
        raise InvariantBroken(message, path=path, rule=rule)


def _fail(message: str, path: str, rule: str = "") -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)


_DECK_CARDS: Final = PartAnswers()
"""Every card of a deck, kept by the deck's identity: a deck a step left unchanged (the very
same object) is listed once (reading a state checks it and the state after its first legal
move, which shares most parts with it)."""


def _deck_cards(deck: Deck) -> tuple[str, ...]:
    return _DECK_CARDS.of(deck, _listed)


def _listed(deck: Deck) -> tuple[str, ...]:
    return (*(k.card for k in deck.top), *deck.middle.elements(), *(k.card for k in deck.bottom))


def invariants(state: State) -> None:
    """The conserved quantities of Conservas.

    Each is tested first and its message written only when it is broken (this runs twice for
    every state read from JSON).

    Raises:
        InvariantBroken: If the 116 sea tokens are not all accounted for (per kind), money is
            negative, or a boat or upgrade card is missing or in two places (an
            `AssertionError` naming the field's path and the rule).
    """
    if not isinstance(state, ConservasState):
        _fail(f"not a Conservas state: {type(state).__name__}", "")
    month = MONTHS.get(state.month)
    if month is None:
        _fail(f"month {state.month!r} is not one of {', '.join(MONTHS)}", "month", "CON-1.2")
    if state.goal not in ("standard", "difficult"):
        _fail(f"goal {state.goal!r} is not standard or difficult", "goal")
    if len(state.market) != len(month.spaces):
        _fail(f"{len(state.market)} market spaces, the month has {len(month.spaces)}", "market")
    if state.handful < 0:
        _fail(f"handful {state.handful}", "handful", "CON-2.1")
    if state.to_return < 0:
        _fail(f"to return {state.to_return}", "to_return", "CON-6.6")
    _sea_tokens(state)
    if state.money < 0:
        _fail(f"negative money: {state.money}", "money", "CON-4.6")
    cards = state.cards
    # these very cards already passed every check of cards (the last sound ones, most often)
    sound = cards is _LAST_CARDS[0] or _SOUND_CARDS.holds(cards)
    if not sound:
        _cards(state, cards)
    if "water" in state.market:
        _fail("water on a market space", f"market[{state.market.index('water')}]", "CON-3.3")
    if not sound:
        for index, owned_card in enumerate(cards.upgrades):
            if owned_card.kept.total > 1:
                _fail(f"{owned_card.card} keeps more than one token", f"cards.upgrades[{index}].kept", "CON-3.6")
        _SOUND_CARDS.keep(cards)
    _LAST_CARDS[0] = cards
    play_invariants(state)  # where play stands: round, handful, catch, market, cards owned


_SOUND_CARDS: Final = PartAnswers()
"""The cards found sound (conserved, rows within their size, one token kept per upgrade), by
the identity of the immutable `Cards`: most steps move no card, and a state read from JSON is
checked with the state after its first legal move."""


_LAST_CARDS: Final[list[Cards | None]] = [None]
"""The cards of the last state found sound (kept alive with it: an identity not reused), found
again by one comparison: a step that moves no card, and the state after a state read's first
legal move, keep the very same `Cards`."""


def _cards(state: ConservasState, cards: Cards) -> None:
    """CON-1.5, CON-1.8: every boat and upgrade card once; CON-4.3, CON-4.4: rows of 3 at most.

    The cards are found conserved from the codes of their parts (a
    [`CountCode`][tabletop.kernel.serialize.validate.CountCode] each), each kept by the part's
    identity (a new `Cards` shares most of its parts with the cards before it); where the codes
    do not add up (or a card is not known), the plain check words the refusal."""
    boat_parts: tuple[Deck | tuple[str, ...], ...] = (
        cards.boat_deck,
        cards.boat_row,
        cards.boat_discard,
        cards.offer,
        cards.fleet,
    )
    boats = _BOAT_PARTS.total(boat_parts, _boat_code)
    upgrade_parts: tuple[Deck | tuple[str, ...] | tuple[OwnedUpgrade, ...], ...] = (
        cards.upgrade_deck,
        cards.upgrade_row,
        cards.upgrade_discard,
        cards.upgrades,
    )
    upgrades = _UPGRADE_PARTS.total(upgrade_parts, _upgrade_code)
    if boats != _BOATS_WHOLE or upgrades != _UPGRADES_WHOLE:
        _cards_plain(state, cards)
    _check(len(cards.boat_row) <= 3, "a row holds more than 3 cards", "cards.boat_row", "CON-4.3")
    _check(len(cards.upgrade_row) <= 3, "a row holds more than 3 cards", "cards.upgrade_row", "CON-4.4")


_BOAT_CODE: Final = CountCode(BOATS, most=len(BOATS))
_UPGRADE_CODE: Final = CountCode(UPGRADES, most=len(UPGRADES))
_BOATS_WHOLE: Final = _BOAT_CODE.pieces(BOATS)
_UPGRADES_WHOLE: Final = _UPGRADE_CODE.pieces(UPGRADES)


def _boat_code(part: Deck | tuple[str, ...]) -> int | None:
    """The boat code of a deck or a tuple of boat ids, `None` if a card is not a boat."""
    if type(part) is Deck:
        return _deck_code(_BOAT_CODE, part)
    return _BOAT_CODE.pieces(part)  # type: ignore[arg-type]  # a tuple of ids


def _upgrade_code(part: Deck | tuple[str, ...] | tuple[OwnedUpgrade, ...]) -> int | None:
    """The upgrade code of a deck, a tuple of upgrade ids or of owned upgrades."""
    if type(part) is Deck:
        return _deck_code(_UPGRADE_CODE, part)
    if part and type(part[0]) is OwnedUpgrade:  # type: ignore[index]  # a tuple
        return _UPGRADE_CODE.pieces([owned.card for owned in part])  # type: ignore[union-attr]
    return _UPGRADE_CODE.pieces(part)  # type: ignore[arg-type]


def _deck_code(code: CountCode, deck: Deck) -> int | None:
    """The code of every card of `deck` (its middle coded from its counts)."""
    middle = code.tokens(deck.middle._counts)
    if middle is None:
        return None
    ends = code.pieces([known.card for known in (*deck.top, *deck.bottom)]) if deck.top or deck.bottom else 0
    return None if ends is None else middle + ends


_BOAT_PARTS: Final = PartAnswers()
"""The boat code of each part of `Cards` (a deck, a tuple of ids), by the part's identity."""
_UPGRADE_PARTS: Final = PartAnswers()
"""The upgrade code of each part of `Cards` (a deck, a tuple of ids or of owned upgrades)."""


def _cards_plain(state: ConservasState, cards: Cards) -> None:
    """`_cards`' conservation checks, card by card: the refusal's words."""
    boats = [*_deck_cards(cards.boat_deck), *cards.boat_row, *cards.boat_discard, *cards.offer, *cards.fleet]
    if sorted(boats) != _SORTED_BOATS:
        found = state.boat_deck.cards() + Tokens([*state.boat_row, *state.boat_discard, *state.offer, *state.fleet])
        _fail(f"boat cards not conserved: {found.as_dict()}", "cards", "CON-1.5")
    owned = [u.card for u in cards.upgrades]
    upgrades = [*_deck_cards(cards.upgrade_deck), *cards.upgrade_row, *cards.upgrade_discard, *owned]
    if sorted(upgrades) != _SORTED_UPGRADES:
        found = state.upgrade_deck.cards() + Tokens([*state.upgrade_row, *state.upgrade_discard, *owned])
        _fail(f"upgrade cards not conserved: {found.as_dict()}", "cards", "CON-1.8")


def _sea_tokens(state: ConservasState) -> None:
    """CON-1.1: every one of the 116 sea tokens is somewhere, once (per kind)."""
    # The counts summed in one loop, an empty part skipped by its total; each multiset's own dict
    # read (`_counts`, never changed in place), without a call of `as_dict` or `items` a part.
    counts = dict(state.supply._counts)
    get = counts.get
    for part in (state.bag.contents, state.hand, state.catch, state.deep):
        if part.total:
            for kind, n in part._counts.items():
                counts[kind] = get(kind, 0) + n
    for kind in filter(None, state.market):  # the open spaces (empty text) skipped at C speed
        counts[kind] = get(kind, 0) + 1
    for owned in state.cards.upgrades:
        kept = owned.kept
        if kept.total:
            for kind, n in kept._counts.items():
                counts[kind] = get(kind, 0) + n
    if counts != _SUPPLY:  # every count is positive: no zero to drop
        tokens = state.sea_tokens()
        _fail(f"sea tokens not conserved: {tokens.as_dict()} != {SUPPLY.as_dict()}", "", "CON-1.1")
