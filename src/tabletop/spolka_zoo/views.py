"""Hidden information: views and the perturbation the leak tests use.

Hidden from a seat: the other seats' secret token picks (until revealed), hidden goals
(until the end of the game) and intrigue hands; every card of a face-down deck it has not
seen (company decks, the influence, helper, bot and event decks, the undealt goals and
intrigues); cards removed covertly. Public (FAQ): money, fruits, shares, helpers, the tokens
already played, the face-up rows, the discards and everything revealed.

A view keeps the shape of the state, with [`HIDDEN`][tabletop.kernel.deck.HIDDEN] (`"?"`) in
place of what the seat may not know. A hidden card keeps its place and who has seen it (that
a seat looked is public, only what it saw is not).

What a seat with a perfect memory knows of each face-down pile's composition stays in its
view. The influence, helper, bot and event decks only ever lose cards face up (a row is
refilled face up, a bot reveals the influence card it lobbies, bot and event cards are
resolved face up and shuffled back), so their composition is public: only their order is
unknown. So are the company decks' until a card can have moved secretly
([company_decks_public][tabletop.spolka_zoo.views.company_decks_public]: the starting cards
and the open lobbying of the first round). After that a card that leaves one secretly
(speculation, a look, a face-down move) is only known to be one of the cards its deck held,
and the state keeps no record of where it went once its new deck is shuffled, so the view
gives each company deck's size and what the seat saw, and the cards of the influence family
that no seat can place (all the company decks' unknown cards and the covert removals
together) are known as a whole, not per deck. The goal and intrigue boxes are dealt from
face down.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from tabletop.kernel.deck import HIDDEN, Deck, Known, hidden_known
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import (
    EFFECTS,
    FAMILY,
)
from tabletop.spolka_zoo.state import Piles, Seat, ZooState, evolve

__all__ = ["company_decks_public", "perturb", "view"]


def _seat_view(seat: Seat, mine: bool, finished: bool) -> Seat:
    if mine:
        return seat
    return evolve(
        seat,
        pick=HIDDEN if seat.pick else "",
        goal=seat.goal if finished or not seat.goal else HIDDEN,
        intrigues=tuple(HIDDEN for _ in seat.intrigues),
    )


def _known(cards: tuple[Known, ...], player: int) -> tuple[Known, ...]:
    return tuple(k if k.visible_to(player) else hidden_known(k) for k in cards)


def _public(deck: Deck, player: int) -> Deck:
    """A face-down deck whose composition is public (it only loses cards face up)."""
    return deck.redacted(player, composition_public=True, marks=True)


#: Effect kinds that move a company card secretly (a look may move one; a face-down move).
_SECRET_MOVES: Final = frozenset({"look", "move_card"})


def _moves_secretly(card: str) -> bool:
    return any(e.kind in _SECRET_MOVES for e in EFFECTS[card])


def company_decks_public(state: ZooState) -> bool:
    """True while no company card can have moved secretly yet, so every seat knows what each
    company deck holds: its starting cards (ZOO-1.2) and the cards lobbied into it openly
    (ZOO-4.11; a bot reveals what it lobbies, moves face up).

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


def view(state: ZooState, player: int) -> ZooState:
    """`state` as seat `player` may know it (see the module docstring)."""
    p = state.piles
    piles = evolve(
        p,
        influence=_public(p.influence, player),
        helper_deck=_public(p.helper_deck, player),
        bot_deck=_public(p.bot_deck, player),
        event_deck=_public(p.event_deck, player),
        goal_box=p.goal_box.redacted(player, marks=True),
        intrigue_box=p.intrigue_box.redacted(player, marks=True),
        removed=_known(p.removed, player),
    )
    public = company_decks_public(state)
    decks = tuple(d.redacted(player, composition_public=public, marks=True) for d in state.decks)
    seats = tuple(_seat_view(s, i == player, state.finished) for i, s in enumerate(state.seats))
    return evolve(state, piles=piles, decks=(decks[0], decks[1], decks[2]), seats=seats)


# Perturbation --------------------------------------------------------------------------------------


def _deal_deck(deck: Deck, player: int, pool: list[str], *, middle: bool = True) -> Deck:
    """Re-deal the cards of `deck` hidden from `player` from `pool` (popping from it); the
    middle too unless its composition is public (`middle=False`)."""

    def redeal(known: tuple[Known, ...]) -> tuple[Known, ...]:
        return tuple(k if k.visible_to(player) else evolve(k, card=pool.pop()) for k in known)

    top, bottom = redeal(deck.top), redeal(deck.bottom)
    cards = Tokens([pool.pop() for _ in range(deck.middle.total)]) if middle else deck.middle
    return Deck(top, cards, bottom)


def _hidden(deck: Deck, player: int, *, middle: bool = True) -> list[str]:
    known = [k.card for k in (*deck.top, *deck.bottom) if not k.visible_to(player)]
    return known + list(deck.middle.elements()) if middle else known


def perturb(state: State, player: int, rng: random.Random) -> State:
    """Re-sample everything hidden from `player`: other seats' picks, goals and intrigues,
    and every unseen card, each family of cards among its own hidden places (the company
    decks' unknown cards and the covert removals; a public composition stays)."""
    assert isinstance(state, ZooState)
    p = state.piles
    # Influence family: company decks and covertly removed cards (the influence deck's
    # composition is public).
    decks = (*state.decks, p.influence)
    known = company_decks_public(state)
    public = (known, known, known, True)
    pool = [c for d, shown in zip(decks, public, strict=True) for c in _hidden(d, player, middle=not shown)]
    pool += [k.card for k in p.removed if not k.visible_to(player)]
    rng.shuffle(pool)
    new_decks = [_deal_deck(d, player, pool, middle=not shown) for d, shown in zip(decks, public, strict=True)]
    removed = tuple(k if k.visible_to(player) else evolve(k, card=pool.pop()) for k in p.removed)
    piles = evolve(p, influence=new_decks[3], removed=removed)
    for name in ("helper_deck", "bot_deck", "event_deck"):
        deck: Deck = getattr(p, name)
        cards = _hidden(deck, player, middle=False)
        rng.shuffle(cards)
        piles = evolve(piles, **{name: _deal_deck(deck, player, cards, middle=False)})
    seats = list(state.seats)
    others = [i for i in range(len(seats)) if i != player]
    if not state.finished:
        piles = _perturb_hands(seats, others, piles, player, rng, "goal_box", _goals)
    piles = _perturb_hands(seats, others, piles, player, rng, "intrigue_box", _intrigues)
    for i in others:
        seat = seats[i]
        if seat.pick:
            choices = [t for t in ("share", "fruit", "helper", "lobby", "speculate") if t not in seat.played]
            choices += ["duplicate"] if seat.played and "duplicate" not in seat.played else []
            seats[i] = evolve(seat, pick=rng.choice(choices))
    company = (new_decks[0], new_decks[1], new_decks[2])
    return evolve(state, decks=company, piles=piles, seats=tuple(seats))


def _goals(seat: Seat, cards: list[str] | None) -> tuple[list[str], Seat]:
    if cards is None:
        return ([seat.goal] if seat.goal else []), seat
    return cards, evolve(seat, goal=cards.pop() if seat.goal else "")


def _intrigues(seat: Seat, cards: list[str] | None) -> tuple[list[str], Seat]:
    if cards is None:
        return list(seat.intrigues), seat
    hand = tuple(sorted(cards.pop() for _ in seat.intrigues))
    return cards, evolve(seat, intrigues=hand)


def _perturb_hands(
    seats: list[Seat],
    others: list[int],
    piles: Piles,
    player: int,
    rng: random.Random,
    box: str,
    hand: Callable[[Seat, list[str] | None], tuple[list[str], Seat]],
) -> Piles:
    deck: Deck = getattr(piles, box)
    pool = _hidden(deck, player)
    for i in others:
        pool += hand(seats[i], None)[0]
    rng.shuffle(pool)
    for i in others:
        pool, seats[i] = hand(seats[i], pool)
    return evolve(piles, **{box: _deal_deck(deck, player, pool)})
