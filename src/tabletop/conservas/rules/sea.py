"""At Sea (CON-2.x): drawing handfuls one token at a time and placing each on a card.

A handful is drawn token by token (each a chance step, `sea.draw`), topped up with water from
the supply when the bag runs short (CON-2.6) or forfeited when the supply has no water left
(CON-2.7); a `sift` upgrade draws extra tokens that are returned first (CON-6.6); then the
whole handful goes on one card not used yet this round (CON-2.2): on a boat exactly its catch
size stays on board and the rest goes to the Deep Sea (CON-2.3), on the Open Water card all of
it is Deep Sea (CON-2.4). A `redraw` upgrade returns one drawn token and draws again (CON-6.4).
Once every card got a handful, On Land begins (CON-2.5).

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
from tabletop.conservas.state import ConservasState
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["draw", "place", "place_moves", "redraw", "return_", "sift_moves", "start_handful", "submultisets"]

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


def place_moves(state: ConservasState) -> tuple[Move, ...]:
    """`sea.place`: each unused card's placements, then the redraws."""
    moves: list[Move] = []
    hand = state.hand
    for boat in state.fleet:
        if boat not in state.used:
            moves.extend(Place(boat, kept) for kept in submultisets(hand, catch_size(state, boat)))
    if OPEN_WATER not in state.used:
        moves.append(Place(OPEN_WATER))
    if redraw_card(state):
        moves.extend(Redraw(kind) for kind in hand)
    return tuple(moves)


def sift_moves(state: ConservasState) -> tuple[Move, ...]:
    """`sea.sift`: the ways to return the extra tokens drawn."""
    return tuple(Return(tokens) for tokens in submultisets(state.hand, state.to_return))


def start_handful(state: ConservasState) -> ConservasState:
    """`sea.start`: draw the next handful, or go On Land once every card got one (CON-2.5)."""
    if len(state.used) > len(state.fleet):
        return MACHINE.go(state, "land.act")
    extra = effects.sift_count(state)
    size = effects.draw_size(state) + extra
    return _continue(state, EMPTY, handful=size, to_return=extra, handful_spent=())


def draw(state: ConservasState, move: Draw) -> ConservasState:
    """`sea.draw`: the token drawn joins the handful (CON-2.1)."""
    return _continue(state, state.hand.add(move.token), bag=state.bag.draw(move.token))


def _continue(state: ConservasState, hand: Tokens, **changes: Any) -> ConservasState:
    """Draw on, top up with water from the supply (CON-2.6) or forfeit (CON-2.7), or decide."""
    need = changes.get("handful", state.handful) - hand.total
    bag = changes.get("bag", state.bag)
    if need > 0 and bag.is_empty:
        water = state.supply["water"]
        if water < need:
            reason = (
                f"overfished in round {state.flow.round}: the bag ran out and the supply has "
                f"{water} water token{'s' if water != 1 else ''}, {need} needed"
            )
            return MACHINE.go(state, "end.over", hand=hand, forfeit=reason, **changes)
        hand = hand.add("water", need)
        changes["supply"] = state.supply.remove("water", need)
        need = 0
    step = "draw" if need > 0 else "sift" if changes.get("to_return", state.to_return) else "place"
    if step == state.flow.step:  # the next token of a handful: a declared self-loop keeps the flow
        return evolve(state, hand=hand, **changes)
    return MACHINE.go(state, step, hand=hand, **changes)


def place(state: ConservasState, move: Place) -> ConservasState:
    """`sea.place`: the handful on a card, `kept` on board, the rest Deep Sea (CON-2.2-2.4)."""
    return MACHINE.go(
        state,
        "start",
        hand=EMPTY,
        catch=state.catch + move.kept,
        deep=state.deep + (state.hand - move.kept),
        used=(*state.used, move.card),
    )


def redraw(state: ConservasState, move: Redraw) -> ConservasState:
    """`sea.place`: a drawn token back into the bag, one more drawn (CON-6.4)."""
    card = redraw_card(state)
    used = {"handful_spent": (*state.handful_spent, card)}
    if UPGRADES[card].frequency != "ongoing":
        used = {"spent": (*state.spent, card)}
    return _continue(state, state.hand.remove(move.token), bag=state.bag.put(Tokens({move.token: 1})), **used)


def return_(state: ConservasState, move: Return) -> ConservasState:
    """`sea.sift`: the extra tokens back into the bag (CON-6.6)."""
    return MACHINE.go(
        state,
        "place",
        hand=state.hand - move.tokens,
        bag=state.bag.put(move.tokens),
        handful=state.handful - move.tokens.total,
        to_return=0,
    )
