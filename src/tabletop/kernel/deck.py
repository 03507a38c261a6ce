"""A pile of cards whose order is only as known as the players have seen it.

A deck is not a shuffled list. It is three parts, from the top down:

* `top`: cards whose place is known, top first, each recording who knows its identity;
* `middle`: a multiset of card ids in an order nobody knows (shuffling forgets order);
* `bottom`: cards whose place is known, top-most first, the last one at the very bottom.

Drawing from the unknown middle is a chance event with probability `count / size`.
Looking at the top `n` cards turns middle cards into known top cards one chance event at a
time (`needs_reveal` / `reveal`) and records who saw them. Cards are string ids; several
cards may share an id (identical copies).

```pycon
>>> deck = Deck.shuffled(["storm", "storm", "bait"])
>>> deck.draw_outcomes()
(('bait', 0.3333333333333333), ('storm', 0.6666666666666666))
>>> deck = deck.reveal("storm", seen_by=frozenset({0}))
>>> deck.top_card(), len(deck)
('storm', 3)

```
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

import attrs

from tabletop.kernel.fastattrs import maker
from tabletop.kernel.tokens import Tokens

__all__ = ["HIDDEN", "Deck", "Known", "conservation_problem", "hidden_known"]

HIDDEN = "?"
"""The id that replaces a card a viewer may not see."""

_NOBODY: frozenset[int] = frozenset()


def conservation_problem(found: Tokens, expected: Tokens) -> str:
    """Why the pieces `found` are not the `expected` ones, or `""` when they are.

    In a view, [`HIDDEN`][tabletop.kernel.deck.HIDDEN] pieces stand for pieces the seat cannot see: then the pieces
    it sees must all exist and the hidden ones make up the rest.

    ```pycon
    >>> conservation_problem(Tokens({"?": 2, "ace": 1}), Tokens({"ace": 2, "king": 1}))
    ''
    >>> conservation_problem(Tokens({"ace": 3}), Tokens({"ace": 2, "king": 1}))
    'extra ace; missing king'

    ```
    """
    hidden = found[HIDDEN]
    shown = found.remove(HIDDEN, hidden) if hidden else found
    common = Tokens({k: min(n, expected[k]) for k, n in shown.items() if k in expected})
    extra = shown - common
    missing = expected - common
    if not extra and (missing.total == hidden if hidden else not missing):
        return ""
    parts = [f"extra {extra}"] if extra else []
    if missing.total != hidden:
        parts.append(f"missing {missing}" if not hidden else f"{hidden} hidden for {missing.total} unseen")
    return "; ".join(parts)


@attrs.frozen
class Known:
    """A card whose place in a deck is known.

    Attributes:
        card: The card id.
        seen_by: Seats that know its identity.
        public: True when everybody knows its identity (face up, or shown to all).
    """

    card: str
    seen_by: frozenset[int] = _NOBODY
    public: bool = False

    def visible_to(self, player: int) -> bool:
        """True when `player` knows this card's identity."""
        return self.public or player in self.seen_by

    def seen(self, player: int) -> Known:
        """This card, also known to `player`."""
        if self.visible_to(player):
            return self
        return _known(self.card, self.seen_by | {player}, self.public)


def hidden_known(known: Known, *, marks: bool = True) -> Known:
    """`known` with its identity replaced by [`HIDDEN`][tabletop.kernel.deck.HIDDEN]; with `marks`, who has seen it
    stays (the fact that they looked is public)."""
    return Known(HIDDEN, known.seen_by) if marks else Known(HIDDEN)


@attrs.frozen
class Deck:
    """An immutable deck: known top, unknown middle, known bottom.

    Attributes:
        top: Known cards at the top, the top card first.
        middle: Cards in unknown order.
        bottom: Known cards at the bottom, the last one is the bottom card.
    """

    top: tuple[Known, ...] = ()
    middle: Tokens = attrs.field(factory=Tokens)
    bottom: tuple[Known, ...] = ()

    @classmethod
    def shuffled(cls, cards: Iterable[str]) -> Deck:
        """A deck of `cards` in unknown order."""
        return cls((), Tokens(list(cards)), ())

    # Reading -----------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.top) + self.middle.total + len(self.bottom)

    @property
    def is_empty(self) -> bool:
        """True when the deck has no card."""
        return not self.top and not self.middle.total and not self.bottom

    def cards(self) -> Tokens:
        """Every card in the deck as a multiset of ids (its composition, not its order)."""
        if not self.top and not self.bottom:
            return self.middle
        counts = self.middle.as_dict()
        for known in (*self.top, *self.bottom):
            counts[known.card] = counts.get(known.card, 0) + 1
        return Tokens(counts)

    @property
    def top_is_known(self) -> bool:
        """True when drawing the top card needs no chance event (or the deck is empty)."""
        return bool(self.top) or not self.middle.total

    def top_card(self) -> str:
        """The id of the top card, when it is known.

        Raises:
            ValueError: If the deck is empty or its top card is in the unknown middle.
        """
        if self.top:
            return self.top[0].card
        if self.middle.total:
            msg = "the top card is unknown: drawing it is a chance event"
            raise ValueError(msg)
        if self.bottom:
            return self.bottom[0].card
        msg = "the deck is empty"
        raise ValueError(msg)

    def draw_outcomes(self) -> tuple[tuple[str, float], ...]:
        """The chance outcomes of drawing the top card: `()` when the top is known."""
        if self.top:
            return ()
        total = self.middle.total
        return tuple((card, n / total) for card, n in self.middle.items())

    def reveal_outcomes(self) -> tuple[tuple[str, float], ...]:
        """The chance outcomes of revealing the next unknown card (just below the known top)."""
        total = self.middle.total
        return tuple((card, n / total) for card, n in self.middle.items())

    # Moving cards ------------------------------------------------------------------------

    def draw(self, card: str | None = None) -> tuple[str, Deck]:
        """Take the top card.

        Args:
            card: When the top card is in the unknown middle, the chance outcome: which
                card it turned out to be. Ignored (may be `None`) when the top is known.

        Returns:
            The card id and the deck without it.

        Raises:
            ValueError: If the deck is empty, or the outcome is missing or not in the middle.
        """
        if self.top:
            return self.top[0].card, _deck(self.top[1:], self.middle, self.bottom)
        if self.middle.total:  # a slot read, not a call of `Tokens.__bool__`
            if card is None:
                msg = "the top card is unknown: name the chance outcome"
                raise ValueError(msg)
            return card, _deck((), self.middle.remove(card), self.bottom)
        if self.bottom:
            return self.bottom[0].card, _deck((), self.middle, self.bottom[1:])
        msg = "cannot draw from an empty deck"
        raise ValueError(msg)

    def needs_reveal(self, n: int) -> bool:
        """True when looking at the top `n` cards needs another chance event first."""
        return len(self.top) < n and self.middle.total != 0

    def reveal(self, card: str, seen_by: frozenset[int] = _NOBODY, *, public: bool = False) -> Deck:
        """The next unknown card (just below the known top) turned out to be `card`.

        It becomes the last known top card, known to `seen_by` (or to all when `public`).

        Raises:
            ValueError: If `card` is not in the unknown middle.
        """
        known = _known(card, seen_by, public)
        return _deck((*self.top, known), self.middle.remove(card), self.bottom)

    def look(self, n: int, player: int) -> Deck:
        """`player` looks at the top `n` cards (fewer if the deck is smaller).

        Every unknown card among them must have been revealed first (see
        [`needs_reveal`][tabletop.kernel.deck.Deck.needs_reveal]); when the middle is empty, the known bottom cards come
        next.

        Raises:
            ValueError: If an unknown card would have to be looked at.
        """
        top, bottom = self._known_top(n, "look at")
        seen = tuple(k.seen(player) if i < n else k for i, k in enumerate(top))
        return _deck(seen, self.middle, bottom)

    def take_top(self, n: int) -> tuple[tuple[Known, ...], Deck]:
        """Lift the top `n` cards off the deck (to rearrange or move them).

        Raises:
            ValueError: If an unknown card is among them (reveal it first).
        """
        top, bottom = self._known_top(n, "take")
        return top[:n], _deck(top[n:], self.middle, bottom)

    def _known_top(self, n: int, verb: str) -> tuple[tuple[Known, ...], tuple[Known, ...]]:
        """The known top extended by the known bottom when the middle is empty."""
        if self.needs_reveal(n):
            msg = f"reveal the top {n} cards (chance events) before you {verb} them"
            raise ValueError(msg)
        top, bottom = self.top, self.bottom
        if len(top) < n and bottom:
            take = n - len(top)
            top, bottom = top + bottom[:take], bottom[take:]
        return top, bottom

    def put_top(self, cards: Iterable[Known]) -> Deck:
        """Put known `cards` on top, the first of them ending up as the top card."""
        return _deck((*cards, *self.top), self.middle, self.bottom)

    def put_bottom(self, card: Known) -> Deck:
        """Put a known `card` at the very bottom."""
        if not self.middle.total and not self.bottom:
            return _deck((*self.top, card), self.middle, ())
        return _deck(self.top, self.middle, (*self.bottom, card))

    def shuffle(self) -> Deck:
        """Shuffle the whole deck: every order and every identity seen is forgotten."""
        return _deck((), self.cards(), ())

    def shuffle_in(self, cards: Iterable[str]) -> Deck:
        """Shuffle `cards` into the deck (the whole deck is shuffled)."""
        return _deck((), self.cards() + Tokens(list(cards)), ())

    def remove(self, card: str) -> Deck:
        """The deck without one copy of `card` (from the middle if one is there).

        Raises:
            ValueError: If the deck holds no such card.
        """
        if card in self.middle:
            return _deck(self.top, self.middle.remove(card), self.bottom)
        for i, known in enumerate(self.top):
            if known.card == card:
                return _deck(self.top[:i] + self.top[i + 1 :], self.middle, self.bottom)
        for i, known in enumerate(self.bottom):
            if known.card == card:
                return _deck(self.top, self.middle, self.bottom[:i] + self.bottom[i + 1 :])
        msg = f"no card {card!r} in the deck"
        raise ValueError(msg)

    # Hidden information ------------------------------------------------------------------

    def redacted(self, player: int, *, composition_public: bool = False, marks: bool = False) -> Deck:
        """What `player` may know of this deck.

        Known cards `player` has not seen become [`HIDDEN`][tabletop.kernel.deck.HIDDEN]. The middle becomes that
        many hidden cards, unless `composition_public` (everyone can tell which cards are
        in it, e.g. a deck of face-up discards that was shuffled), in which case only its
        order stays unknown, as it always is. Where a hidden known card lies is public
        (everybody saw it put there), so it keeps its place; with `marks` it also keeps who
        has seen it (everybody saw them look), only its identity is hidden.

        ```pycon
        >>> deck = Deck.shuffled(["ace", "king"]).reveal("ace", frozenset({2}))
        >>> deck.redacted(0, marks=True).top
        (Known(card='?', seen_by=frozenset({2}), public=False),)

        ```
        """
        top = tuple(k if k.visible_to(player) else hidden_known(k, marks=marks) for k in self.top)
        bottom = tuple(k if k.visible_to(player) else hidden_known(k, marks=marks) for k in self.bottom)
        middle = self.middle if composition_public else Tokens({HIDDEN: self.middle.total})
        return _deck(top, middle, bottom)

    def __str__(self) -> str:
        top = " ".join(k.card for k in self.top)
        bottom = " ".join(k.card for k in self.bottom)
        return f"deck[{top} | {self.middle.total} unknown | {bottom}]"


_deck: Final[Callable[[tuple[Known, ...], Tokens, tuple[Known, ...]], Deck]] = maker(Deck)
"""`Deck(top, middle, bottom)` without the generated `__init__`'s per-field calls (every move of
a card builds a deck)."""
_known: Final[Callable[[str, frozenset[int], bool], Known]] = maker(Known)
"""`Known(card, seen_by, public)`, built the same way."""
