"""Hidden information: views and the perturbation the leak tests use.

Hidden from a seat: the other seats' secret token picks (until revealed), hidden goals
(until the end of the game) and intrigue hands; every card of a face-down deck it has not
seen (company decks, the influence, helper, bot and event decks, the undealt goals and
intrigues); cards removed covertly. Public (FAQ): money, fruits, shares, helpers, the tokens
already played, the face-up rows, the discards and everything revealed.

A view keeps the shape of the state, with [`HIDDEN`][tabletop.kernel.deck.HIDDEN] (`"?"`) in
place of what the seat may not know; the composition of a face-down deck is hidden too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.state import Piles, Seat, ZooState, evolve

__all__ = ["perturb", "view"]


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
    return tuple(k if k.visible_to(player) else Known(HIDDEN) for k in cards)


def view(state: ZooState, player: int) -> ZooState:
    """`state` as seat `player` may know it."""
    p = state.piles
    piles = evolve(
        p,
        influence=p.influence.redacted(player),
        helper_deck=p.helper_deck.redacted(player),
        bot_deck=p.bot_deck.redacted(player),
        event_deck=p.event_deck.redacted(player),
        goal_box=p.goal_box.redacted(player),
        intrigue_box=p.intrigue_box.redacted(player),
        removed=_known(p.removed, player),
    )
    decks = tuple(d.redacted(player) for d in state.decks)
    seats = tuple(_seat_view(s, i == player, state.finished) for i, s in enumerate(state.seats))
    return evolve(state, piles=piles, decks=(decks[0], decks[1], decks[2]), seats=seats)


# Perturbation --------------------------------------------------------------------------------------


def _deal_deck(deck: Deck, player: int, pool: list[str]) -> Deck:
    """Re-deal the cards of `deck` hidden from `player` from `pool` (popping from it)."""

    def redeal(known: tuple[Known, ...]) -> tuple[Known, ...]:
        return tuple(k if k.visible_to(player) else evolve(k, card=pool.pop()) for k in known)

    top, bottom = redeal(deck.top), redeal(deck.bottom)
    middle = Tokens([pool.pop() for _ in range(deck.middle.total)])
    return Deck(top, middle, bottom)


def _hidden(deck: Deck, player: int) -> list[str]:
    return [k.card for k in (*deck.top, *deck.bottom) if not k.visible_to(player)] + list(deck.middle.elements())


def perturb(state: State, player: int, rng: random.Random) -> State:
    """Re-sample everything hidden from `player`: other seats' picks, goals and intrigues,
    and every unseen card, each family of cards among its own hidden places."""
    assert isinstance(state, ZooState)
    p = state.piles
    # Influence family: company decks, the influence deck and covertly removed cards.
    decks = (*state.decks, p.influence)
    pool = [c for d in decks for c in _hidden(d, player)]
    pool += [k.card for k in p.removed if not k.visible_to(player)]
    rng.shuffle(pool)
    new_decks = [_deal_deck(d, player, pool) for d in decks]
    removed = tuple(k if k.visible_to(player) else evolve(k, card=pool.pop()) for k in p.removed)
    piles = evolve(p, influence=new_decks[3], removed=removed)
    for name in ("helper_deck", "bot_deck", "event_deck"):
        deck: Deck = getattr(p, name)
        cards = _hidden(deck, player)
        rng.shuffle(cards)
        piles = evolve(piles, **{name: _deal_deck(deck, player, cards)})
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
