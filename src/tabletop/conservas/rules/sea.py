"""At Sea (CON-2.x): drawing handfuls one token at a time and placing each on a card.

A handful is drawn token by token (each a chance step, `sea.draw`), topped up with water from
the supply when the bag runs short (CON-2.6) or forfeited when the supply has no water left
(CON-2.7); a `sift` upgrade draws extra tokens from the bag, as far as it holds them, and they
are returned first (CON-6.6); then the whole handful goes on one card not used yet this round
(CON-2.2): on a boat exactly its catch size stays on board and the rest goes to the Deep Sea
(CON-2.3), on the Open Water card all of it is Deep Sea (CON-2.4). A `redraw` upgrade returns
one drawn token and draws again (CON-6.4). Once every card got a handful, On Land begins
(CON-2.5).

Legal moves come in a stable order: for each card not used yet (boats in line order, then the
Open Water card) the distinct sets of tokens that can stay on board, in notation order, then
`redraw` moves by kind. Placements and returns are combinatorial: they are built from the
sub-multisets of the handful of the size the checks ask for (see
[`tabletop.conservas.checks`][tabletop.conservas.checks]).
"""

from __future__ import annotations

import functools
from typing import Any, Final

from tabletop.conservas.checks import catch_size, redraw_card
from tabletop.conservas.content import UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.moves import OPEN_WATER, Draw, Place, Redraw, Return
from tabletop.conservas.rules import effects
from tabletop.conservas.state import ConservasState, Position, Work
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["draw", "drawn", "place", "place_moves", "redraw", "return_", "sift_moves", "start_handful", "submultisets"]

EMPTY: Final = Tokens()


@functools.lru_cache(maxsize=8192)
def submultisets(tokens: Tokens, size: int) -> tuple[Tokens, ...]:
    """The distinct sub-multisets of `tokens` with `size` tokens, in notation order."""
    items = list(tokens.items())
    found: list[Tokens] = []

    def walk(index: int, left: int, chosen: dict[str, int]) -> None:
        if left == 0:
            found.append(Tokens(chosen))
            return
        if index == len(items):
            return
        kind, n = items[index]
        for take in range(min(n, left), -1, -1):
            walk(index + 1, left - take, {**chosen, kind: take} if take else chosen)

    walk(0, size, {})
    return tuple(sorted(found, key=str))


@functools.lru_cache(maxsize=16384)
def _placements(boat: str, hand: Tokens, size: int) -> tuple[Place, ...]:
    """The placements of `hand` on `boat` keeping `size` tokens: a table built once per handful
    and catch size (a handful's placements are asked for again at every visit of a position)."""
    return tuple(Place(boat, kept) for kept in submultisets(hand, size))


def place_moves(state: ConservasState) -> tuple[Move, ...]:
    """`sea.place`: each unused card's placements, then the redraws."""
    moves: list[Move] = []
    hand = state.hand
    for boat in state.fleet:
        if boat not in state.used:
            moves.extend(_placements(boat, hand, catch_size(state, boat)))
    if OPEN_WATER not in state.used:
        moves.append(Place(OPEN_WATER))
    if redraw_card(state):
        moves.extend(Redraw(kind) for kind in hand)
    return tuple(moves)


def sift_moves(state: ConservasState) -> tuple[Move, ...]:
    """`sea.sift`: the ways to return the extra tokens drawn."""
    return tuple(Return(tokens) for tokens in submultisets(state.hand, state.to_return))


def start_handful(work: Work) -> None:
    """`sea.start`: draw the next handful, or go On Land once every card got one (CON-2.5)."""
    if len(work.used) > len(work.fleet):
        work.goto("land.act")
        return
    size, extra = effects.handful_sizes(work)
    work.handful = size + extra
    work.to_return = extra
    work.handful_spent = ()
    _continue(work, EMPTY)


def draw(work: Work, move: Draw) -> None:
    """`sea.draw`: the token drawn joins the handful (CON-2.1)."""
    work.bag = work.bag.draw(move.token)
    _continue(work, work.hand.add(move.token))


def drawn(state: ConservasState, token: str) -> dict[str, Any] | None:
    """The fields [`draw`][tabletop.conservas.rules.sea.draw] changes when `token` is drawn
    (the flow among them when the step changes), or `None` when the bag runs short of the
    handful (water from the supply, or a forfeit: `draw` works those out): `rules.apply`
    builds the next state from them in one copy."""
    bag = state.bag.draw(token)
    hand = state.hand.add(token)
    need = state.handful - hand.total
    if need > 0 and bag.is_empty:
        return None
    changes: dict[str, Any] = {"bag": bag, "hand": hand}
    step = _next_step(state, need)
    if step != state.flow.step:
        changes["flow"] = MACHINE.goto(state.flow, step)
    return changes


def _next_step(state: Position, need: int) -> str:
    """Where a handful goes on: draw on, return the extra tokens (CON-6.6), or place it."""
    return "draw" if need > 0 else "sift" if state.to_return else "place"


def _continue(work: Work, hand: Tokens) -> None:
    """Draw on, top up with water from the supply (CON-2.6) or forfeit (CON-2.7), or decide.

    A `sift` card's extra tokens are drawn from the bag only (CON-6.6, ruling): when the bag
    runs out, the extras not drawn are dropped (fewer are returned), and the supply's water
    completes the handful's own size alone."""
    need = work.handful - hand.total
    if need > 0 and work.bag.is_empty:
        undrawn = min(need, work.to_return)
        if undrawn:
            work.handful -= undrawn
            work.to_return -= undrawn
            need -= undrawn
    if need > 0 and work.bag.is_empty:
        water = work.supply["water"]
        if water < need:
            work.hand = hand
            work.forfeit = (
                f"overfished in round {work.flow.round}: the bag ran out and the supply has "
                f"{water} water token{'s' if water != 1 else ''}, {need} needed"
            )
            work.goto("end.over")
            return
        hand = hand.add("water", need)
        work.supply = work.supply.remove("water", need)
        if water == need and work.overfishing == "empty":  # the `overfishing` option (CON-2.7)
            work.hand = hand
            work.forfeit = (
                f"overfished in round {work.flow.round}: the bag ran out and the supply's last "
                f"{need} water token{'s' if need != 1 else ''} completed the handful"
            )
            work.goto("end.over")
            return
        need = 0
    work.hand = hand
    step = _next_step(work, need)
    if step != work.flow.step:  # the next token of a handful: a declared self-loop keeps the flow
        work.goto(step)


def place(work: Work, move: Place) -> None:
    """`sea.place`: the handful on a card, `kept` on board, the rest Deep Sea (CON-2.2-2.4)."""
    work.catch = work.catch + move.kept
    work.deep = work.deep + (work.hand - move.kept)
    work.hand = EMPTY
    work.used = (*work.used, move.card)
    work.goto("start")


def redraw(work: Work, move: Redraw) -> None:
    """`sea.place`: a drawn token back into the bag, one more drawn (CON-6.4)."""
    card = redraw_card(work)
    if UPGRADES[card].frequency != "ongoing":
        work.spent = (*work.spent, card)
    else:
        work.handful_spent = (*work.handful_spent, card)
    work.bag = work.bag.put(Tokens({move.token: 1}))
    _continue(work, work.hand.remove(move.token))


def return_(work: Work, move: Return) -> None:
    """`sea.sift`: the extra tokens back into the bag (CON-6.6)."""
    work.hand = work.hand - move.tokens
    work.bag = work.bag.put(move.tokens)
    work.handful = work.handful - move.tokens.total
    work.to_return = 0
    work.goto("place")
