"""Spółka ZOO determinization: a full state consistent with one seat's view.

Every hidden thing of a view belongs to one family of cards, and the view says where each
hidden card lies (a hidden known position keeps its place and who has seen it, a face-down
deck keeps its size, and a deck whose composition is public keeps it):

| family | hidden places in a view |
|---|---|
| influence (starting, influence) | company decks (unseen known places, unknown cards), covert removals |
| hidden goal | the other seats' goals (until the end), the goals left in the box |
| intrigue | the other seats' hands, the cards left in the box |

The influence, helper, bot and event decks hide only their order: their composition is
public (they lose cards face up only, see [views][tabletop.spolka_zoo.views]), so a sample
keeps it, and the unknown cards of the company decks are never dealt influence cards still
in the influence deck, nor a starting card into it. The unseen cards of a family are what
the family holds in this configuration minus every card of it the view shows (a public
composition included). They are shuffled and dealt to the family's hidden places, so each
assignment of the unseen multiset to the places is equally likely: exactly the weights of
the game's chance model for the deals and for draws from shuffled decks, since every deal
and shuffle is uniform. The other seats' secret token picks and secret arrangements are
decisions, not chance: each pick is drawn uniformly from the tokens that seat may still pick
this round.

A sampled hidden card keeps the "seen by" marks of its place: the seat that looked at it
knows it in the sample too, so a search can play that seat knowing what it saw.

Each company deck keeps its public makeup (the view's `deck_makeup`, see
[makeup][tabletop.spolka_zoo.views]): the cards known to be in it that the view does not
show are dealt to its own hidden places first (its unknown middle first, where no card that
moved in secretly lies before the deck is shuffled again), and its other hidden places get
unseen cards like every other hidden place of the family. While a deck holds no
card of unknown identity its makeup is its whole composition, which the sample keeps.
"""

from __future__ import annotations

import random
from typing import Final

from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FAMILY, FRUITS, TOKENS
from tabletop.spolka_zoo.invariants import all_cards as _all_cards
from tabletop.spolka_zoo.invariants import expected_cards as _expected_cards
from tabletop.spolka_zoo.state import Seat, ZooState
from tabletop.spolka_zoo.state.makeup import Makeup, makeups, resolving_company
from tabletop.spolka_zoo.views import PickShown

__all__ = ["sample_state", "unseen"]

_INFLUENCE: Final = ("starting", "influence")


def unseen(view: ZooState) -> dict[str, list[str]]:
    """The cards of each family the view does not show, sorted (`"influence"` covers the
    starting cards too).

    Raises:
        ValueError: If the view shows more cards of a kind than the game holds.
    """
    visible = Tokens({k: n for k, n in _all_cards(view).items() if k != HIDDEN})
    expected = _expected_cards(view)
    if not visible <= expected:
        extra = Tokens({k: n - expected[k] for k, n in visible.items() if n > expected[k]})
        msg = f"sample_state: the view shows cards the game does not hold: {extra}"
        raise ValueError(msg)
    rest = expected - visible
    out: dict[str, list[str]] = {"influence": [], "helper": [], "bot": [], "event": [], "goal": [], "intrigue": []}
    for card in rest.elements():
        family = FAMILY[card]
        out["influence" if family in _INFLUENCE else family].append(card)
    return out


class _Dealer:
    """Deals one family's unseen cards, shuffled once, to its hidden places in turn."""

    def __init__(self, cards: list[str], rng: random.Random, family: str) -> None:
        self.cards = cards
        self.rng = rng
        rng.shuffle(self.cards)
        self.family = family

    def take(self) -> str:
        if not self.cards:
            msg = f"sample_state: the view has more hidden {self.family} cards than the game has unseen"
            raise ValueError(msg)
        return self.cards.pop()

    def known(self, known: Known) -> Known:
        """A hidden known card dealt a card, keeping who has seen it."""
        return known if known.card != HIDDEN else Known(self.take(), known.seen_by, known.public)

    def reserve(self, cards: Tokens) -> list[str]:
        """Take `cards` out of the unseen ones (cards a place's public makeup requires)."""
        have = Tokens(self.cards)
        if not cards <= have:
            msg = f"sample_state: the view's deck makeup needs {cards - _common(cards, have)}, not unseen in the view"
            raise ValueError(msg)
        for card in cards.elements():
            self.cards.remove(card)
        return list(cards.elements())

    def deck(self, deck: Deck, required: list[str] | None = None) -> Deck:
        """The deck's hidden cards dealt, `required` among them; the public part of its
        composition kept.

        The required cards (known to be in the deck, not shown) go to its unknown middle
        first: a card that moved in secretly lies at a known place until the deck is next
        shuffled (under the deck after a speculation, on top after a face-down move), so the
        middle holds only cards the deck had at its last shuffle. Those left over are shuffled
        with unseen cards over the hidden known places."""
        required = list(required or ())
        self.rng.shuffle(required)
        hidden = deck.middle[HIDDEN]
        places = sum(k.card == HIDDEN for k in (*deck.top, *deck.bottom))
        if len(required) > hidden + places:
            msg = f"sample_state: the view's makeup needs {len(required)} hidden cards in a deck with {hidden + places}"
            raise ValueError(msg)
        inside = required[:hidden]
        middle = inside + [self.take() for _ in range(hidden - len(inside))]
        dealt = required[hidden:]
        dealt += [self.take() for _ in range(places - len(dealt))]
        self.rng.shuffle(dealt)

        def known(k: Known) -> Known:
            return k if k.card != HIDDEN else Known(dealt.pop(), k.seen_by, k.public)

        top = tuple(known(k) for k in deck.top)
        bottom = tuple(known(k) for k in deck.bottom)
        public = deck.middle.remove(HIDDEN, hidden) if hidden else deck.middle
        return Deck(top, public + Tokens(middle), bottom)

    def check_empty(self) -> None:
        if self.cards:
            msg = f"sample_state: {len(self.cards)} unseen {self.family} cards have no hidden place in the view"
            raise ValueError(msg)


def _common(a: Tokens, b: Tokens) -> Tokens:
    return Tokens({k: min(n, b[k]) for k, n in a.items() if k in b})


def _required(view: ZooState, c: int, makeup: Makeup) -> Tokens:
    """The cards company deck `c`'s makeup says it holds that the view does not show in it
    (nor among the cards being resolved from it)."""
    deck = view.decks[c]
    known, _ = makeup
    shown = Tokens([k.card for k in (*deck.top, *deck.bottom) if k.card != HIDDEN])
    if resolving_company(view) == FRUITS[c]:
        shown = shown + Tokens(list(view.piles.resolving))
    return known - _common(known, shown)


def _pick(seat: Seat, rng: random.Random) -> str:
    if seat.pick != PickShown.HIDDEN:
        return seat.pick
    choices = [t for t in TOKENS if t not in seat.played and (t != "duplicate" or seat.played)]
    return rng.choice(choices)


def _seat(seat: Seat, goals: _Dealer, intrigues: _Dealer, rng: random.Random) -> Seat:
    goal = goals.take() if seat.goal == HIDDEN else seat.goal
    hand = tuple(sorted(intrigues.take() if c == HIDDEN else c for c in seat.intrigues))
    return evolve(seat, pick=_pick(seat, rng), goal=goal, intrigues=hand)


def sample_state(view: ZooState, seat: int, rng: random.Random) -> ZooState:
    """A full state whose `view(seat)` is `view`, hidden cards dealt uniformly.

    Raises:
        ValueError: If `view` is not a view of seat `seat` (its hidden places do not
            match the unseen cards).
    """
    pools = unseen(view)
    dealers = {family: _Dealer(cards, rng, family) for family, cards in pools.items()}
    influence = dealers["influence"]
    required = [influence.reserve(_required(view, c, m)) for c, m in enumerate(makeups(view))]
    decks = tuple(influence.deck(d, r) for d, r in zip(view.decks, required, strict=True))
    p = view.piles
    piles = evolve(
        p,
        influence=influence.deck(p.influence),
        removed=tuple(influence.known(k) for k in p.removed),
        helper_deck=dealers["helper"].deck(p.helper_deck),
        bot_deck=dealers["bot"].deck(p.bot_deck),
        event_deck=dealers["event"].deck(p.event_deck),
    )
    seats = tuple(
        s if i == seat else _seat(s, dealers["goal"], dealers["intrigue"], rng) for i, s in enumerate(view.seats)
    )
    piles = evolve(
        piles, goal_box=dealers["goal"].deck(p.goal_box), intrigue_box=dealers["intrigue"].deck(p.intrigue_box)
    )
    for dealer in dealers.values():
        dealer.check_empty()
    return evolve(view, decks=(decks[0], decks[1], decks[2]), piles=piles, seats=seats, seed=rng.getrandbits(63))
