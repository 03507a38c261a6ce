"""The invariant of where cards lie: every card of a Spółka ZOO state sits in a place that may
hold its family, and the pending tasks that read a card or name a pile read one of the right
kind (fuzz report 37, finding 1).

Conservation (`tabletop.spolka_zoo.invariants`) counts the cards of every place together, so
a text that moved an intrigue into a seat's helpers, a helper into the events deck or swapped
two rows' cards was accepted, and play then failed with a `KeyError`. The places, by the
rulebook and the rules that move cards:

- the influence deck and its face-up row hold influence cards (ZOO-1.4, ZOO-4.11);
- the helper deck, the helper market and the seats' helpers hold helper cards (ZOO-1.5, ZOO-4.10);
- the company decks, the cards being resolved from one and the market's record of the cards
  revealed (`shown`) hold company cards: starting cards and the influence cards lobbied into
  them (ZOO-1.2, ZOO-4.11, ZOO-6.2, ZOO-7.2);
- the bot deck and its discards hold bot cards (ZOO-13.4, ZOO-13.5), the events deck and the
  events set aside event cards (ZOO-12.2, ZOO-12.3);
- the goal box and the seats' goals hold hidden goals (ZOO-12.5), the intrigue box and the
  seats' hands intrigues (ZOO-12.7);
- the cards removed from the game are company cards (a look that removes one, a card that
  removes itself, the face-up influence cards removed, ZOO-6.4, ZOO-11.3) and played
  intrigues (ZOO-12.9); no helper, bot, event or goal card ever leaves the game.

A view shows `?` for the cards a seat does not see: in the company decks, the boxes, the other
seats' goals and hands, and the removed cards seen by others; the public piles are never hidden.
The tasks: an effect (and the choice of its target) reads an effect of a card that has effects
(ZOO-6.1), a bot card's task a bot card (ZOO-13.3); a refill names the influence or helper row
(ZOO-1.4), a deal the goal or intrigue box (ZOO-12.5), a look how a card may leave it (ZOO-4.12)
and a move its target deck (ZOO-11.3).

A known card (a company deck's top or bottom, a card removed) is known only to seats of the table
(ZOO-4.12: the player who looks does not show the cards to the others).

Each check holds on every state and every seat's view of seeded random games of every
configuration (`tests/spolka_zoo/test_zoo_invariants37_families.py`). A part identical (by
identity) to the last sound state's, at the same place, is not looked at again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from operator import attrgetter, is_not
from typing import Any, Final, NoReturn

from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.errors import InvariantBroken
from tabletop.spolka_zoo.content import EFFECTS, FAMILY, FRUITS
from tabletop.spolka_zoo.state import Piles, Seat, Task, ZooState
from tabletop.spolka_zoo.state.card_codes import CODES, mask, part_code

__all__ = ["check_places"]


def _cards(*families: str) -> frozenset[str]:
    return frozenset(card for card, family in FAMILY.items() if family in families)


_COMPANY: Final = _cards("starting", "influence")
_INFLUENCE: Final = _cards("influence")
_HELPER: Final = _cards("helper")
_INTRIGUE: Final = _cards("intrigue")
_GOAL: Final = _cards("goal")
_EMPTY: Final = frozenset({""})
"""An empty slot of a row, or no goal."""
_HIDDEN: Final = frozenset({HIDDEN})
"""A card a view hides."""

_HELPER_CARD: Final = "a helper card"
_INTRIGUE_CARD: Final = "an intrigue card"
_GOAL_CARD: Final = "a hidden goal card"
_COMPANY_CARD: Final = "a company card (starting or influence)"


def _row(part: tuple[str, ...], allowed: frozenset[str]) -> bool:
    return allowed.issuperset(part)


def _deck(deck: Deck, allowed: frozenset[str]) -> bool:
    if not allowed.issuperset(deck.middle):
        return False
    return not (deck.top or deck.bottom) or allowed.issuperset([k.card for k in (*deck.top, *deck.bottom)])


def _known(part: tuple[Known, ...], allowed: frozenset[str]) -> bool:
    return allowed.issuperset([k.card for k in part])


def _shown(part: tuple[tuple[str, str], ...], allowed: frozenset[str]) -> bool:
    return allowed.issuperset([card for _, card in part]) and _FRUITS.issuperset([company for company, _ in part])


_FRUITS: Final = frozenset(FRUITS)

_Place = tuple[str, Callable[[Any, frozenset[str]], bool], frozenset[str], str, str]
_PILES: Final[tuple[_Place, ...]] = (
    ("influence", _deck, _INFLUENCE, "an influence card", "ZOO-1.4"),
    ("influence_row", _row, _INFLUENCE | _EMPTY, "an influence card", "ZOO-1.4"),
    ("helper_deck", _deck, _HELPER, _HELPER_CARD, "ZOO-1.5"),
    ("helper_row", _row, _HELPER | _EMPTY, _HELPER_CARD, "ZOO-1.5"),
    ("bot_deck", _deck, _cards("bot"), "a bot card", "ZOO-13.5"),
    ("bot_discard", _row, _cards("bot"), "a bot card", "ZOO-13.4"),
    ("event_deck", _deck, _cards("event"), "an event card", "ZOO-12.2"),
    ("event_aside", _row, _cards("event"), "an event card", "ZOO-12.3"),
    ("goal_box", _deck, _GOAL | _HIDDEN, _GOAL_CARD, "ZOO-12.5"),
    ("intrigue_box", _deck, _INTRIGUE | _HIDDEN, _INTRIGUE_CARD, "ZOO-12.7"),
    (
        "removed",
        _known,
        _COMPANY | _INTRIGUE | _HIDDEN,
        "a card that leaves the game (a company card or a played intrigue)",
        "ZOO-11.3",
    ),
    ("resolving", _row, _COMPANY, _COMPANY_CARD, "ZOO-7.2"),
    ("shown", _shown, _COMPANY, _COMPANY_CARD, "ZOO-7.2"),
)
"""Each place of `Piles` holding cards: its field, how its cards are checked, the cards it may hold
(with `""` for an empty slot, `?` where a view hides cards), what they are, and the rule."""
_CODED: Final = frozenset({"influence", "helper_deck", "bot_deck", "bot_discard", "event_deck", "event_aside"})
_MASKS: Final = tuple(mask(place[2]) if place[0] in _CODED else 0 for place in _PILES)
"""The mask of the cards each place of `_PILES` may not hold (`card_codes.mask`), for the decks and
multisets whose code the invariants keep (0: the place read card by card: a row's `issuperset` is as
quick, a deck a view hides has no code)."""
_code_of: Final = CODES.of
_DECK_MASK: Final = mask(_COMPANY)
_PILE_PARTS: Final = attrgetter(*(place[0] for place in _PILES))
"""The parts of `_PILES` of a `Piles`, read at once (in C)."""

_DECK_CARDS: Final = _COMPANY | _HIDDEN
"""What a company deck may hold."""
_SEAT_HELPERS: Final = _HELPER
_SEAT_INTRIGUES: Final = _INTRIGUE | _HIDDEN
_SEAT_GOAL: Final = _GOAL | _EMPTY | _HIDDEN

_TASK_CARDS: Final = {
    "effect": (frozenset(EFFECTS), "a card with effects", "ZOO-6.1"),
    "target": (frozenset(EFFECTS), "a card with effects", "ZOO-6.1"),
    "bot_card": (_cards("bot"), "a bot card", "ZOO-13.3"),
}
"""The tasks that read their card, with the cards they may read, what those are, and the rule."""
_TASK_ARGS: Final = {
    "draw_row": (frozenset({"influence", "helper"}), "the influence or helper row", "ZOO-1.4"),
    "deal": (frozenset({"goal", "intrigue"}), "the goal or intrigue box", "ZOO-12.5"),
    "look": (frozenset({"bottom", "remove"}), "'bottom' or 'remove'", "ZOO-4.12"),
    "move_card": (frozenset({"choice", "next", "previous", *FRUITS}), "a target deck", "ZOO-11.3"),
}
"""The tasks whose `arg` names a pile or a mode, with the values they may hold."""


def check_places(state: ZooState, last: ZooState | None = None) -> None:
    """Every card lies in a place that may hold its family, and every task reads a card or
    names a pile of the right kind; the parts of `state` that are the very objects of `last`
    (a sound state) at the same place are not looked at.

    Raises:
        InvariantBroken: Naming the place (`seats[0].helpers`), the card and the rule, for the
            first misplaced card.
    """
    piles, seats, decks, queue = state.piles, state.seats, state.decks, state.queue
    if last is None:
        _piles(piles, None)
        _seats(seats, ())
        _decks(decks, (), len(seats))
        _queue(queue)
        _seers(piles.removed, len(seats), "piles.removed")
        return
    if piles is not last.piles:
        _piles(piles, last.piles)
        if piles.removed is not last.piles.removed:
            _seers(piles.removed, len(seats), "piles.removed")
    if seats is not last.seats:
        _seats(seats, last.seats)
    if decks is not last.decks or len(seats) != len(last.seats):
        _decks(decks, last.decks if len(seats) == len(last.seats) else (), len(seats))
    if queue is not last.queue:
        _queue(queue)


def _piles(p: Piles, q: Piles | None) -> None:
    """The places of `p` (in the order of `_PILES`), but those holding the very objects of `q`.

    Written out place by place: an attribute read in the function's own code costs a tenth of
    `attrgetter`'s (its generic look-up by name), which read every place twice before."""
    if q is None:
        for at, part in enumerate(_PILE_PARTS(p)):
            _place(at, part)
        return
    if p.influence is not q.influence:
        _place(0, p.influence)
    if p.influence_row is not q.influence_row:
        _place(1, p.influence_row)
    if p.helper_deck is not q.helper_deck:
        _place(2, p.helper_deck)
    if p.helper_row is not q.helper_row:
        _place(3, p.helper_row)
    if p.bot_deck is not q.bot_deck:
        _place(4, p.bot_deck)
    if p.bot_discard is not q.bot_discard:
        _place(5, p.bot_discard)
    if p.event_deck is not q.event_deck:
        _place(6, p.event_deck)
    if p.event_aside is not q.event_aside:
        _place(7, p.event_aside)
    if p.goal_box is not q.goal_box:
        _place(8, p.goal_box)
    if p.intrigue_box is not q.intrigue_box:
        _place(9, p.intrigue_box)
    if p.removed is not q.removed:
        _place(10, p.removed)
    if p.resolving is not q.resolving:
        _place(11, p.resolving)
    if p.shown is not q.shown:
        _place(12, p.shown)


def _place(at: int, part: Any) -> None:
    """The cards of `part`, lying at place `at` of `_PILES` (a row's read in line: no call); a deck,
    a multiset or the cards removed first by the code of its cards the invariants keep, against
    the mask of the cards the place may not hold (`_MASKS`)."""
    name, sound_in, allowed, what, rule = _PILES[at]
    place_mask = _MASKS[at]
    if place_mask:
        code = _code_of(part, part_code)
        if code is not None and not code & place_mask:
            return
    if sound_in is _row:
        if allowed.issuperset(part):
            return
    elif sound_in(part, allowed):
        return
    cards = [k.card for k in part] if name == "removed" else _cards_of(part)
    _misplaced(cards, allowed, f"piles.{name}", what, rule)


def _cards_of(part: Any) -> Iterable[str]:
    """The cards of a row, a multiset, a deck or the record of the cards shown, in order."""
    if type(part) is Deck:
        return [*(k.card for k in part.top), *part.middle, *(k.card for k in part.bottom)]
    if type(part) is tuple and part and type(part[0]) is tuple:  # `shown`: (company, card)
        for company, card in part:
            if company not in _FRUITS:
                _broken(f"{card!r} shown for {company!r}, not a company", "piles.shown", "ZOO-7.2")
        return [card for _, card in part]
    return list(part)


def _seats(seats: tuple[Seat, ...], sound: tuple[Seat, ...]) -> None:
    changed = compress(enumerate(seats), map(is_not, seats, sound)) if len(sound) == len(seats) else enumerate(seats)
    for i, seat in changed:
        helpers, intrigues, goal = seat.helpers, seat.intrigues, seat.goal
        if helpers and not _SEAT_HELPERS.issuperset(helpers):
            _misplaced(helpers, _SEAT_HELPERS, f"seats[{i}].helpers", _HELPER_CARD, "ZOO-4.10")
        if goal not in _SEAT_GOAL:
            _misplaced((goal,), _SEAT_GOAL, f"seats[{i}].goal", _GOAL_CARD, "ZOO-12.5")
        if intrigues and not _SEAT_INTRIGUES.issuperset(intrigues):
            _misplaced(intrigues, _SEAT_INTRIGUES, f"seats[{i}].intrigues", _INTRIGUE_CARD, "ZOO-12.7")


def _decks(decks: tuple[Deck, ...], sound: tuple[Deck, ...], seats: int) -> None:
    changed = compress(enumerate(decks), map(is_not, decks, sound)) if len(sound) == len(decks) else enumerate(decks)
    table = _table(seats)
    for c, deck in changed:
        code = _code_of(deck, part_code)  # the code the invariants keep, against the mask of other cards
        if (code is None or code & _DECK_MASK) and not _deck(deck, _DECK_CARDS):
            _misplaced(_cards_of(deck), _DECK_CARDS, f"decks[{c}]", _COMPANY_CARD, "ZOO-6.2")
        if deck.top and not all(map(table.issuperset, map(_SEEN_BY, deck.top))):
            _seers(deck.top, seats, f"decks[{c}].top")
        if deck.bottom and not all(map(table.issuperset, map(_SEEN_BY, deck.bottom))):
            _seers(deck.bottom, seats, f"decks[{c}].bottom")


_SEEN_BY: Final = attrgetter("seen_by")
_TABLES: Final = tuple(frozenset(range(seats)) for seats in range(6))
"""The seats of a game of each size up to five (ZOO-1.3), as sets."""


def _table(seats: int) -> frozenset[int]:
    return _TABLES[seats] if seats < len(_TABLES) else frozenset(range(seats))


def _seers(known: tuple[Known, ...], seats: int, path: str) -> None:
    """The seats that know a card are seats of the game (ZOO-4.12: the player who looks)."""
    if all(map(_table(seats).issuperset, map(_SEEN_BY, known))):
        return
    for i, card in enumerate(known):
        if card.seen_by and not (min(card.seen_by) >= 0 and max(card.seen_by) < seats):
            seen = sorted(card.seen_by)
            _broken(f"{card.card!r} seen by {seen}: the seats are 0 to {seats - 1}", f"{path}[{i}].seen_by", "ZOO-4.12")


def _queue(queue: tuple[Task, ...]) -> None:
    for i, task in enumerate(queue):
        op = task.op
        reads = _TASK_CARDS.get(op)
        if reads is not None:
            allowed, what, rule = reads
            if task.card not in allowed:
                _broken(f"{task.card!r} is not {what}: {task}", f"queue[{i}].card", rule)
            if op != "bot_card" and not 0 <= task.index < len(EFFECTS[task.card]):
                effects = len(EFFECTS[task.card])
                _broken(f"effect {task.index} of {task.card!r}, which has {effects}: {task}", f"queue[{i}].index", rule)
        names = _TASK_ARGS.get(op)
        if names is not None and task.arg not in names[0]:
            _broken(f"{task.arg!r} is not {names[1]}: {task}", f"queue[{i}].arg", names[2])


def _misplaced(cards: Iterable[str], allowed: frozenset[str], path: str, what: str, rule: str) -> NoReturn:
    card = next(card for card in cards if card not in allowed)
    _broken(f"{card!r} is not {what}", path, rule)


def _broken(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
