"""Hidden information: views and the perturbation the leak tests use.

Hidden from a seat: the other seats' secret token picks (until revealed), hidden goals
(until the end of the game) and intrigue hands; the company decks' cards it has not seen;
the undealt goals and intrigues; cards removed covertly that it did not see. Public (FAQ):
money, fruits, shares, helpers, the tokens already played, the face-up rows, the discards,
everything revealed, and the composition of the influence, helper, bot and event decks
(shown as it is, see below).

A view keeps the shape of the state, with [`HIDDEN`][tabletop.kernel.deck.HIDDEN] (`"?"`) in
place of what the seat may not know; another seat's secret pick is
[`PickShown.HIDDEN`][tabletop.spolka_zoo.views.PickShown] (equal to `"?"`). A hidden card
keeps its place and who has seen it (that a seat looked is public, only what it saw is not).

What a seat with a perfect memory knows of each face-down pile's composition stays in its
view. The influence, helper, bot and event decks only ever lose cards face up (a row is
refilled face up, a bot reveals the influence card it lobbies, bot and event cards are
resolved face up and shuffled back), so their composition is public: only their order is
unknown. Of each company deck the view shows its public makeup (the state's `deck_makeup`,
see below): the cards known to be in it and how many of unknown identity (while there are
none, its composition); its unknown middle is only a count, as a split between a known top
and the middle would tell which card a seat looked at. The
covert removals and the company decks' cards of unknown identity are the cards of the
influence family that no seat can place. The goal and intrigue boxes are dealt from face
down.

## The public makeup of the company decks

The rulebook makes public, per company deck (ZOO-1.2 to ZOO-11.8):

- the **starting cards** it was made of: "the starting Company deck cards ... marked with a
  fruit icon and a number ... Take those that will be needed" (ZOO-1.2), shuffled face down;
- every card **lobbied into it**: "choose one of the face-up cards ... and shuffle it into a
  Company deck of their choice" (ZOO-4.11; a bot lobbies face up too);
- that resolving it changes nothing: the revealed cards and the rest are shuffled back into
  the same deck (ZOO-7.5);
- cards **seen leaving**: a card that removes itself face up (ZOO-11.8), a card moved face up
  from one deck to another (ZOO-11.3, the bots' "przełóż jawnie");
- where a card moved **secretly** went, not which card it was: after speculation the seat "may
  place 1 card of their choice on the bottom of any Company deck" and "do[es] not show them to
  other players" (ZOO-4.12); looking at and removing cards is done covertly (ZOO-6.4). Every
  seat sees a card put under the lemon deck, nobody else sees which.

So a deck's makeup is a multiset of cards known to be in it and a count of cards of unknown
identity: `(known, secret)`, a [`Makeup`][tabletop.spolka_zoo.state.makeup.Makeup]. A card that moves in
secretly adds one to the count of its new deck. A card that leaves secretly is one of the
looked-at cards, which are any of the deck's cards (the deck was shuffled), so from then on
nobody but the looker can say which of the deck's cards are still in it: every card the deck
holds turns into a card of unknown identity, except those being resolved face up. That is
all the public can be sure of deck by deck (what is left of the old makeup is a joint
constraint across decks that the count does not keep). The makeup holds for the state as it
is: `known` is in the deck (or being resolved from it) and `known + secret` is its size.

States saved before the makeup was recorded (`deck_makeup == ()`) get one derived from what
their views showed then: each deck's whole composition while no card could have moved
secretly yet ([`company_decks_public`][tabletop.spolka_zoo.state.makeup.company_decks_public]),
else every card of unknown identity.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

from tabletop.kernel.deck import HIDDEN, Deck, Known, hidden_known
from tabletop.kernel.fastattrs import maker
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import Piles, Seat, ZooState, evolve, fields_with, piles_with
from tabletop.spolka_zoo.state.makeup import makeups

__all__ = ["PickShown", "forget", "perturb", "view"]


class PickShown(enum.StrEnum):
    """What a seat's `pick` holds when it is not a token: the one set of its sentinels.

    Members are strings equal to the values the JSON holds (`""`, `"?"`), so the JSON of a
    state or a view is unchanged and a view read back compares equal: test with `==`
    (`view.seats[1].pick == PickShown.HIDDEN`), not `is`.
    """

    NONE = ""
    """No token chosen for the current turn (or it was revealed)."""
    HIDDEN = HIDDEN
    """In another seat's view only: a token chosen in secret and not yet revealed (ZOO-3.1)."""

    def __repr__(self) -> str:
        return f"PickShown.{self.name}"


_seat_shown: Final[Callable[[Seat, str, str, tuple[str, ...]], Seat]] = fields_with(Seat, "pick", "goal", "intrigues")


def _known(cards: tuple[Known, ...], player: int) -> tuple[Known, ...]:
    return tuple(k if k.visible_to(player) else hidden_known(k) for k in cards)


_HIDDEN_DECKS: dict[int, Deck] = {}
"""A face-down deck of `n` unknown cards and no known place, as every view shows it, by `n`."""


def _hidden(deck: Deck, player: int) -> Deck:
    """A face-down deck whose composition is hidden: its unknown middle only counted."""
    if deck.top or deck.bottom:
        return deck.redacted(player, marks=True)
    n = deck.middle.total
    shown = _HIDDEN_DECKS.get(n)
    if shown is None:
        shown = _HIDDEN_DECKS.setdefault(n, Deck((), Tokens({HIDDEN: n}) if n else Tokens(), ()))
    return shown


def _public(deck: Deck, player: int) -> Deck:
    """A face-down deck whose composition is public (it only loses cards face up)."""
    if deck.top or deck.bottom:
        return deck.redacted(player, composition_public=True, marks=True)
    return deck  # nothing known in place: the deck as it is, its order unknown anyway


_piles_shown: Final = piles_with(
    "influence", "helper_deck", "bot_deck", "event_deck", "goal_box", "intrigue_box", "removed"
)


def _piles_view(p: Piles, player: int) -> Piles:
    """The piles as seat `player` sees them (a deck with no card in a known place as it is)."""
    i, h, b, e = p.influence, p.helper_deck, p.bot_deck, p.event_deck
    return _piles_shown(
        p,
        _reuse(i, player, _public) if i.top or i.bottom else i,
        _public(h, player) if h.top or h.bottom else h,
        _public(b, player) if b.top or b.bottom else b,
        _public(e, player) if e.top or e.bottom else e,
        _hidden(p.goal_box, player),
        _hidden(p.intrigue_box, player),
        _reuse(p.removed, player, _known) if p.removed else (),
    )


def _decks_view(decks: tuple[Deck, Deck, Deck], player: int) -> tuple[Deck, Deck, Deck]:
    a, b, c = decks
    return (
        _reuse(a, player, _hidden) if a.top or a.bottom else _hidden(a, player),
        _reuse(b, player, _hidden) if b.top or b.bottom else _hidden(b, player),
        _reuse(c, player, _hidden) if c.top or c.bottom else _hidden(c, player),
    )  # a company deck: the same for every seat unless a card of it is in a known place


def _other_seat(seat: Seat, ended: int) -> Seat:
    """`seat` as the other seats see it (`ended`: `_FINISHED` once the game is over)."""
    return _seat_shown(
        seat,
        _PICK_HIDDEN if seat.pick else _PICK_NONE,
        seat.goal if ended == _FINISHED or not seat.goal else HIDDEN,
        (HIDDEN,) * len(seat.intrigues),
    )


_PICK_HIDDEN: Final = PickShown.HIDDEN
_PICK_NONE: Final = PickShown.NONE


T = TypeVar("T")
R = TypeVar("R")
_REDACTED: dict[tuple[int, int], tuple[object, object, object]] = {}
"""Redactions already made, by the identity of the part redacted and the seat: a step leaves
most parts of a state unchanged (the same objects), so the next state's view reuses them. Each
entry keeps the part, its redaction and the redacting function: a hit must be this very part
redacted by this very function (the same object in two places of a state, say a deck that is
both a public and a hidden pile, is never shown as the other)."""
_REDACTED_MAX: Final = 4096
_FINISHED: Final = -1
_PLAYING: Final = -2
"""Keys in place of a seat for another seat's part, which depends on the game's end only."""


def _reuse(part: T, player: int, redact: Callable[[T, int], R]) -> R:
    """`redact(part, player)`, or the redaction made before for this very object and seat."""
    key = (id(part), player)
    hit = _REDACTED.get(key)
    if hit is not None and hit[0] is part and hit[2] is redact:
        return hit[1]  # type: ignore[return-value]  # stored by this function for this part
    shown = redact(part, player)
    if len(_REDACTED) >= _REDACTED_MAX:
        _REDACTED.clear()
    _REDACTED[key] = (part, shown, redact)
    return shown


_EVERY_SEAT: Final = -3
"""The key in place of a seat for a part's redaction as a seat that has seen none of its
cards sees it (a seat's redaction depends on the seat only through the cards it has seen)."""


_NOBODY: Final[frozenset[int]] = frozenset()


def _seers(known: list[Known]) -> frozenset[int]:
    """The seats that know a card of `known` that not everybody knows: every other seat
    sees those cards as [`HIDDEN`][tabletop.kernel.deck.HIDDEN], as a seat of none does."""
    seers = _NOBODY
    for k in known:
        if not k.public and k.seen_by:
            seers |= k.seen_by
    return seers


def _piles_shared(p: Piles, _: int) -> tuple[Piles, frozenset[int]]:
    """The piles as a seat that has seen none of their cards sees them, and the seats whose
    view of them may differ (redacted seat by seat)."""
    i, h, b, e, g, x = p.influence, p.helper_deck, p.bot_deck, p.event_deck, p.goal_box, p.intrigue_box
    known = [*p.removed, *i.top, *i.bottom, *h.top, *h.bottom, *b.top, *b.bottom, *e.top, *e.bottom]
    return _piles_view(p, _EVERY_SEAT), _seers([*known, *g.top, *g.bottom, *x.top, *x.bottom])


def _decks_shared(decks: tuple[Deck, Deck, Deck], _: int) -> tuple[tuple[Deck, Deck, Deck], frozenset[int]]:
    """The company decks as a seat that has seen none of their cards sees them, and the seats
    whose view of them may differ."""
    a, b, c = decks
    return _decks_view(decks, _EVERY_SEAT), _seers([*a.top, *a.bottom, *b.top, *b.bottom, *c.top, *c.bottom])


_Shared = tuple[object, Piles, frozenset[int], tuple[Deck, Deck, Deck], frozenset[int], tuple[Seat, ...], Any]
_LAST: _Shared = (None, None, frozenset(), None, frozenset(), (), ())  # type: ignore[assignment]  # no state yet
"""The last state viewed and what every seat's view of it shares: its piles and its company
decks as a seat that saw none of their cards sees them, each with the seats that saw one
(redacted seat by seat), every seat as the others see it, and the public makeup. The
benchmark and the AI bridge view one state for every seat in turn: the shared part is made
once per state (one state kept: bounded). One tuple, replaced whole and read whole once:
two threads viewing two states never mix one state's parts into the other's view."""


def forget() -> None:
    """Forget every redaction made and the state kept in `_LAST` (the next views are made afresh)."""
    global _LAST
    _REDACTED.clear()
    _LAST = (None, None, frozenset(), None, frozenset(), (), ())  # type: ignore[assignment]  # no state


def _remember(state: ZooState) -> _Shared:
    """What every seat's view of `state` shares, kept in `_LAST`."""
    global _LAST
    ended = _FINISHED if state.finished else _PLAYING
    get = _REDACTED.get
    others: list[Any] = []  # the seats as the others see them (`_other_seat`'s)
    for seat in state.seats:
        hit = get((id(seat), ended))
        others.append(
            hit[1] if hit is not None and hit[0] is seat and hit[2] is _other_seat else _reuse(seat, ended, _other_seat)
        )
    _LAST = shared = (
        state,
        *_reuse(state.piles, _EVERY_SEAT, _piles_shared),
        *_reuse(state.decks, _EVERY_SEAT, _decks_shared),
        tuple(others),
        state.deck_makeup or makeups(state),
    )
    return shared


def view(state: ZooState, player: int) -> ZooState:
    """`state` as seat `player` may know it (see the module docstring), without the seed
    (it would tell the future).

    Parts a step left unchanged are the same objects in the next state, so their redactions
    are reused: the piles and the company decks per seat (one for every seat that has seen
    none of their cards), each other seat's public part. What every seat's view of one
    state shares is made once for the state (`_LAST`).
    """
    shared = _LAST  # read once: another thread may replace it meanwhile
    if shared[0] is not state:
        shared = _remember(state)
    _, piles, piles_seers, decks, decks_seers, others, makeup = shared
    if player in piles_seers:
        piles = _reuse(state.piles, player, _piles_view)
    if player in decks_seers:
        decks = _reuse(state.decks, player, _decks_view)
    seats = (*others[:player], state.seats[player], *others[player + 1 :])
    s = state  # every field in declaration order (`_VIEW_FIELDS`), the seed dropped
    return _make(
        s.flow, None, s.chance_count, s.config, s.board, s.share_price, s.fruit_price, s.warehouse,
        s.company_fruit, decks, seats, piles, s.turn, s.queue, s.resume, s.finished, makeup,
    )  # fmt: skip


_make: Final[Callable[..., ZooState]] = maker(ZooState)
"""`ZooState(...)` from every field positionally, without `evolve`'s keywords (a view is one)."""
_VIEW_FIELDS: Final = (
    "flow", "seed", "chance_count", "config", "board", "share_price", "fruit_price", "warehouse",
    "company_fruit", "decks", "seats", "piles", "turn", "queue", "resume", "finished", "deck_makeup",
)  # fmt: skip
"""The fields `view` passes to `_make`, in order: `ZooState`'s (a test holds them equal)."""


# Public makeup of the company decks ----------------------------------------------------------


# Perturbation --------------------------------------------------------------------------------------


def perturb(state: State, player: int, rng: random.Random) -> State:
    """Re-sample everything hidden from `player`: a uniformly drawn full state with the same
    view (the determinization of the AI bridge,
    [sample_state][tabletop.adapters.spolka_zoo_sample.sample_state]), keeping the seed.

    Other seats' picks, goals and intrigues and every unseen card are dealt again, each
    family of cards among its own hidden places, each company deck keeping its public
    makeup and a public composition staying."""
    from tabletop.adapters.spolka_zoo_sample import sample_state  # the adapter builds on this module

    assert isinstance(state, ZooState)
    sample = sample_state(view(state, player), player, rng)
    return evolve(sample, seed=state.seed, deck_makeup=state.deck_makeup)
