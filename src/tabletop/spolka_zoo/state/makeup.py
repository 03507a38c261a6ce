"""What every seat publicly knows of each company deck, and how a step keeps it (issue 13).

A company deck's *makeup* is the pair (cards known to be in it, how many more it holds of
unknown identity): its starting cards (ZOO-1.2) and the cards lobbied in face up (ZOO-4.11)
are known; a card seen leaving is taken off; a card moved secretly (ZOO-4.12, ZOO-6.4) makes the
deck it left all unknown and adds one unknown card to the deck it reaches. The state records it
in `deck_makeup`; the views show it ([tabletop.spolka_zoo.views][]) and the AI bridge's sampler
deals each deck consistently with it. The reading is in `docs/spolka_zoo/rulings.md`.

The functions taking a `Draft` are called by the rules where a company card moves; the others
only read.
"""

from __future__ import annotations

from typing import Final, NoReturn

from tabletop.kernel.deck import HIDDEN, Deck
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import EFFECTS, FAMILY, FRUITS
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Position

__all__ = [
    "Makeup",
    "check_makeups",
    "company_decks_public",
    "lobbied",
    "makeups",
    "moved_openly",
    "moved_secretly",
    "resolving_company",
]


Makeup = tuple[Tokens, int]
"""What every seat knows of one company deck: the cards known to be in it (or being
resolved from it) and how many more it holds of unknown identity (see the module docstring).
While the count is 0 the deck's composition is public."""

#: Effect kinds that move a company card secretly (a look may move one; a face-down move).
_SECRET_MOVES: Final = frozenset({"look", "move_card"})


def _moves_secretly(card: str) -> bool:
    return any(e.kind in _SECRET_MOVES for e in EFFECTS[card])


def company_decks_public(state: Position) -> bool:
    """True while no company card can have moved secretly yet: the reading of states saved
    without a makeup (see the module docstring).

    Public facts decide it: no market phase has begun (influence cards that look or move
    resolve there), no seat has played a speculation this round (ZOO-4.12; the first round,
    then), no intrigue that looks or moves has been played (played intrigues leave the game
    face up), and no seat holds a helper that looks or moves.
    """
    if state.piles.shown_round or any("speculate" in seat.played for seat in state.seats):
        return False
    if any(_moves_secretly(k.card) for k in state.piles.removed if k.public and FAMILY.get(k.card) == "intrigue"):
        return False
    return not any(_moves_secretly(h) for seat in state.seats for h in seat.helpers)


def resolving_company(state: Position) -> str:
    """The company whose revealed cards `piles.resolving` holds ("" when none)."""
    return state.piles.shown[-1][0] if state.piles.resolving else ""


def _held(state: Position, c: int) -> Tokens:
    """The cards of company deck `c`, with those being resolved from it."""
    cards = state.decks[c].cards()
    return cards + Tokens(list(state.piles.resolving)) if resolving_company(state) == FRUITS[c] else cards


def makeups(state: Position) -> tuple[Makeup, Makeup, Makeup]:
    """The makeup of each company deck (`FRUITS` order): the state's, or for a state saved
    before it was recorded the one derived from what its views showed."""
    if state.deck_makeup:
        a, b, c = state.deck_makeup
        return a, b, c
    public = company_decks_public(state)
    held = [_held(state, c) for c in range(3)]
    made = tuple((cards, 0) if public else (Tokens(), cards.total) for cards in held)
    return made[0], made[1], made[2]


_NONE: Final = Tokens()
"""No card known to be in a deck."""


def _set(draft: Draft, company: str, makeup: Makeup) -> None:
    a, b, c = makeups(draft)
    i = FRUIT_INDEX[company]
    draft.deck_makeup = (makeup, b, c) if i == 0 else (a, makeup, c) if i == 1 else (a, b, makeup)


def lobbied(draft: Draft, company: str, card: str) -> None:
    """`card` was shuffled into the deck of `company` face up (ZOO-4.11)."""
    a, b, c = makeups(draft)  # read once: `_set(...)` in line, which read them again
    i = FRUIT_INDEX[company]
    known, secret = a if i == 0 else b if i == 1 else c
    makeup = (known.add(card), secret)
    draft.deck_makeup = (makeup, b, c) if i == 0 else (a, makeup, c) if i == 1 else (a, b, makeup)


def _left_openly(draft: Draft, company: str, card: str) -> None:
    known, secret = makeups(draft)[FRUIT_INDEX[company]]
    if card in known:
        _set(draft, company, (known.remove(card), secret))
    else:  # not known to be there: it was one of the cards of unknown identity
        _set(draft, company, (known, secret - 1))


def moved_openly(draft: Draft, source: str, target: str, card: str) -> None:
    """`card` left the deck of `source` face up: onto the deck of `target`, or out of the game
    when `target` is not a company (ZOO-11.3, ZOO-11.8)."""
    _left_openly(draft, source, card)
    if target in FRUIT_INDEX:
        lobbied(draft, target, card)


def moved_secretly(draft: Draft, source: str, target: str) -> None:
    """A card nobody else saw left the deck of `source`: onto the deck of `target`, or out of
    the game when `target` is not a company (ZOO-4.12, ZOO-6.4). Call it once the card has
    left: the source's cards all become of unknown identity (but those being resolved face
    up), the target gets one more."""
    c = FRUIT_INDEX[source]
    resolving = Tokens(list(draft.piles.resolving)) if resolving_company(draft) == source else _NONE
    made = list(makeups(draft))
    made[c] = (resolving, len(draft.decks[c]))
    t = FRUIT_INDEX.get(target)
    if t is not None:
        known, secret = made[t]
        made[t] = (known, secret + 1)
    draft.deck_makeup = tuple(made)


_MAKEUPS: Final = PartAnswers()
"""The makeup each company deck was found sound against, kept by the deck's identity: a deck a
step left unchanged is checked once (reading a state checks it and the state after its first
legal move, which shares most parts with it)."""


def check_makeups(state: Position) -> None:
    """Each company deck holds the cards its public makeup says, and as many (ZOO-1.2, ZOO-4.11):
    one of the game's invariants ([tabletop.spolka_zoo.invariants][]).

    Raises:
        InvariantBroken: At `deck_makeup` or `deck_makeup[c]`, naming the rule.
    """
    if not state.deck_makeup:  # saved before the makeup was recorded: derived when read
        return
    if len(state.deck_makeup) != len(FRUITS):
        _refused(f"{len(state.deck_makeup)} makeups", "deck_makeup", "ZOO-1.2")
    resolving = resolving_company(state)
    for c, makeup in enumerate(state.deck_makeup):
        deck = state.decks[c]
        if resolving == FRUITS[c] and state.piles.resolving:
            _deck_makeup(c, makeup, deck, state.piles.resolving)
            continue
        if not _MAKEUPS.holds(deck, makeup):  # not yet found sound against this very makeup
            _deck_makeup(c, makeup, deck, ())
            _MAKEUPS.keep(deck, makeup)


def _deck_makeup(c: int, makeup: tuple[Tokens, int], deck: Deck, resolving: tuple[str, ...]) -> None:
    """Company deck `c` (with the cards being resolved from it) holds what `makeup` says."""
    known, secret = makeup
    held = deck.middle.as_dict()
    for name in (*(k.card for k in deck.top), *(k.card for k in deck.bottom), *resolving):
        held[name] = held.get(name, 0) + 1
    size = sum(held.values())
    if secret < 0:  # the path is written only for a refusal
        _refused(f"{secret} cards of unknown identity", f"deck_makeup[{c}]", "ZOO-4.12")
    if known.total + secret != size:
        _refused(f"{known} and {secret} more for a deck of {size} cards", f"deck_makeup[{c}]", "ZOO-1.2")
    missing = 0
    for card, n in known.items():
        have = held.get(card, 0)
        if n > have:
            missing += n - have
    if missing > held.get(HIDDEN, 0):  # a view hides some cards: the known ones it does not show are among them
        _refused(f"the {FRUITS[c]} deck lacks {missing} cards of its makeup", f"deck_makeup[{c}]", "ZOO-4.11")


def _refused(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
