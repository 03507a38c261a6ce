"""The Conservas round structure (the phase table) and the step functions of setup and At Sea.

Reading [`MACHINE`][tabletop.conservas.machine.MACHINE] top to bottom is reading the rulebook's round: setup deals
(CON-1.x), At Sea draws handfuls one token at a time and places each on a card (CON-2.x), On Land sells,
trades and buys until the player says `done` (CON-3.x, in [`land`][tabletop.conservas.land]),
End of Day clears the boats, refills the rows, pays upkeep and spawns (CON-4.x, in
[`endofday`][tabletop.conservas.endofday]). Every token drawn from the bag and every card dealt from
an unknown deck is a chance step.

Legal moves come in a stable order: at `sea.place`, for each card not used yet (boats in
line order, then the Open Water card) the distinct sets of tokens that can stay on board,
in notation order, then `redraw` moves by kind; On Land: sales by space, trades by row
position, boat purchases by row position, then `done`; End of Day: `keep` before
`discard`, upkeep by line order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from tabletop.conservas import effects, endofday, land
from tabletop.conservas.content import KINDS, UPGRADES
from tabletop.conservas.machine import MACHINE
from tabletop.conservas.moves import (
    OPEN_WATER,
    Choose,
    Deal,
    Draw,
    Place,
    Redraw,
    Return,
)
from tabletop.conservas.refusals import refusal
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.conservas.state import ConservasState

__all__ = ["AUTO", "MACHINE", "apply", "chance_outcomes", "player_moves", "refusal", "submultisets"]

EMPTY: Final = Tokens()
_DRAWS: Final = {kind: Draw(kind) for kind in KINDS}


def _go(state: ConservasState, step: str, **changes: Any) -> ConservasState:
    # Staying on the same step (a declared self-loop: the next token of a handful) keeps the flow.
    flow = state.flow if step == state.flow.step else MACHINE.goto(state.flow, step)
    return state.evolve(flow=flow, **changes)


# Legal moves and chance ------------------------------------------------------------------


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


def _place_moves(state: ConservasState) -> tuple[Move, ...]:
    moves: list[Move] = []
    hand = state.hand
    for boat in state.fleet:
        if boat not in state.used:
            size = effects.catch_size(state, boat)
            moves.extend(Place(boat, kept) for kept in submultisets(hand, size))
    if OPEN_WATER not in state.used:
        moves.append(Place(OPEN_WATER))
    if effects.redraw_card(state):
        moves.extend(Redraw(kind) for kind in hand)
    return tuple(moves)


def _sift_moves(state: ConservasState) -> tuple[Move, ...]:
    return tuple(Return(tokens) for tokens in submultisets(state.hand, state.to_return))


def _choose_moves(state: ConservasState) -> tuple[Move, ...]:
    return tuple(Choose(boat) for boat in sorted(set(state.offer)))


_MOVERS: Final[Mapping[str, Callable[[ConservasState], tuple[Move, ...]]]] = {
    "setup.choose": _choose_moves,
    "sea.sift": _sift_moves,
    "sea.place": _place_moves,
    "land.act": land.moves,
    "eod.boat_choice": endofday.row_moves,
    "eod.upgrade_choice": endofday.row_moves,
    "eod.pay": endofday.pay_moves,
}


def player_moves(state: ConservasState) -> tuple[Move, ...]:
    """The legal moves at a player step, in the documented order."""
    return _MOVERS[state.flow.key](state)


@functools.lru_cache(maxsize=8192)
def _bag_outcomes(contents: Tokens) -> tuple[tuple[Move, float], ...]:
    total = contents.total
    return tuple((_DRAWS[kind], n / total) for kind, n in contents.items())


@functools.lru_cache(maxsize=4096)
def _deck_outcomes(middle: Tokens) -> tuple[tuple[Move, float], ...]:
    """Dealing from a deck whose unknown cards are `middle` (the known top is never dealt by chance)."""
    total = middle.total
    return tuple((Deal(card), n / total) for card, n in middle.items())


def _deal_deck(state: ConservasState) -> Deck:
    key = state.flow.key
    if key == "eod.upgrade_deal" or (key == "setup.deal" and len(state.boat_row) >= 3):
        return state.upgrade_deck
    return state.boat_deck


def chance_outcomes(state: ConservasState) -> tuple[tuple[Move, float], ...]:
    """A bag draw (`token <kind>`) or a card dealt from an unknown deck (`card <id>`)."""
    if state.flow.step == "draw":
        return _bag_outcomes(state.bag.contents)
    return _deck_outcomes(_deal_deck(state).middle)


# Applying moves --------------------------------------------------------------------------


def apply(state: ConservasState, move: Move) -> ConservasState:
    """Apply a legal move (the base class has checked legality)."""
    key = state.flow.key
    if key == "sea.draw":
        assert isinstance(move, Draw)
        return _continue(state, state.hand.add(move.token), bag=state.bag.draw(move.token))
    if isinstance(move, Deal):
        return _deal(state, move.card)
    handler = _APPLIERS.get(type(move))
    if handler is None:
        return land.apply(state, move) if key == "land.act" else endofday.apply(state, move)
    return handler(state, move)


def _deal(state: ConservasState, card: str) -> ConservasState:
    key = state.flow.key
    if key == "setup.offer":
        _, deck = state.boat_deck.draw(card)
        offer = (*state.offer, card)
        return _go(state, "offer" if len(offer) < 2 else "choose", boat_deck=deck, offer=offer)
    if key == "setup.deal":
        if len(state.boat_row) < 3:
            _, deck = state.boat_deck.draw(card)
            state = state.evolve(boat_deck=deck, boat_row=(*state.boat_row, card))
        else:
            _, deck = state.upgrade_deck.draw(card)
            state = state.evolve(upgrade_deck=deck, upgrade_row=(*state.upgrade_row, card))
        done = len(state.boat_row) >= 3 and len(state.upgrade_row) >= 3
        return _go(state, "sea.start" if done else "deal")
    return endofday.deal(state, card)


def _choose(state: ConservasState, move: Move) -> ConservasState:
    assert isinstance(move, Choose)
    rest = list(state.offer)
    rest.remove(move.boat)
    deck = state.boat_deck
    for other in rest:
        deck = deck.put_bottom(Known(other, frozenset({0}), public=True))
    return _go(state, "deal", fleet=(move.boat,), offer=(), boat_deck=deck)


def start_handful(state: ConservasState) -> ConservasState:
    """`sea.start`: draw the next handful, or go On Land once every card got one (CON-2.5)."""
    if len(state.used) > len(state.fleet):
        return _go(state, "land.act")
    extra = effects.sift_count(state)
    size = effects.draw_size(state) + extra
    return _continue(state, EMPTY, handful=size, to_return=extra, handful_spent=())


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
            return _go(state, "end.over", hand=hand, forfeit=reason, **changes)
        hand = hand.add("water", need)
        changes["supply"] = state.supply.remove("water", need)
        need = 0
    step = "draw" if need > 0 else "sift" if changes.get("to_return", state.to_return) else "place"
    return _go(state, step, hand=hand, **changes)


def _place(state: ConservasState, move: Move) -> ConservasState:
    assert isinstance(move, Place)
    return _go(
        state,
        "start",
        hand=EMPTY,
        catch=state.catch + move.kept,
        deep=state.deep + (state.hand - move.kept),
        used=(*state.used, move.card),
    )


def _redraw(state: ConservasState, move: Move) -> ConservasState:
    assert isinstance(move, Redraw)
    card = effects.redraw_card(state)
    used = {"handful_spent": (*state.handful_spent, card)}
    if UPGRADES[card].frequency != "ongoing":
        used = {"spent": (*state.spent, card)}
    return _continue(state, state.hand.remove(move.token), bag=state.bag.put(Tokens({move.token: 1})), **used)


def _return(state: ConservasState, move: Move) -> ConservasState:
    assert isinstance(move, Return)
    return _go(
        state,
        "place",
        hand=state.hand - move.tokens,
        bag=state.bag.put(move.tokens),
        handful=state.handful - move.tokens.total,
        to_return=0,
    )


_APPLIERS: Final[Mapping[type, Callable[[ConservasState, Move], ConservasState]]] = {
    Choose: _choose,
    Place: _place,
    Redraw: _redraw,
    Return: _return,
}

AUTO: Final[Mapping[str, Callable[[ConservasState], ConservasState]]] = {
    "sea.start": start_handful,
    "eod.clear": endofday.clear,
    "eod.boat_refill": endofday.boat_refill,
    "eod.upgrade_refill": endofday.upgrade_refill,
    "eod.upkeep": endofday.upkeep,
    "eod.settle": endofday.settle,
    "eod.spawn": endofday.spawn,
}
"""The handlers of the automatic steps."""
