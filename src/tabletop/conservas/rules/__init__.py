"""The Conservas step functions, one module per section of the rulebook, and their dispatch.

* [`setup`][tabletop.conservas.rules.setup]: Setup (CON-1.x);
* [`sea`][tabletop.conservas.rules.sea]: Phase 1, At Sea (CON-2.x);
* [`land`][tabletop.conservas.rules.land]: Phase 2, On Land (CON-3.x);
* [`endofday`][tabletop.conservas.rules.endofday]: Phase 3, End of Day (CON-4.x);
* [`effects`][tabletop.conservas.rules.effects]: what owned upgrades and the month's special
  rules change (CON-6.x, CON-7.x).

This module holds what [`State.bind`][tabletop.kernel.protocol.State.bind] gives the state
class: [`AUTO`][tabletop.conservas.rules.AUTO] (one handler per automatic step of
[`MACHINE`][tabletop.conservas.flow.MACHINE]), and the dispatch of
[`player_moves`][tabletop.conservas.rules.player_moves],
[`chance_outcomes`][tabletop.conservas.rules.chance_outcomes] (with
[`chance_node`][tabletop.conservas.rules.chance_node], what each chance node draws) and
[`apply`][tabletop.conservas.rules.apply] by step. `apply` builds the next state once: the
step functions change a [`Work`][tabletop.conservas.state.Work] (the kernel's
[`Builder`][tabletop.kernel.builder.Builder] of the state) in place, the move's and then the
automatic steps' ([`STEPS`][tabletop.conservas.rules.STEPS]), and it is frozen at the end.
Every token drawn from the bag and every card dealt from an unknown deck is a chance step; its
outcomes are the kernel's `Bag.outcomes()` and `Deck.draw_outcomes()`.

Legal moves come in a stable order: at `sea.place`, for each card not used yet (boats in
line order, then the Open Water card) the distinct sets of tokens that can stay on board,
in notation order, then `redraw` moves by kind; On Land: sales by space, trades by row
position, boat purchases by row position, then `done`; End of Day: `keep` before
`discard`, upkeep by line order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

from tabletop.conservas.checks import deal_deck
from tabletop.conservas.content import BOATS, KINDS, UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.moves import Choose, Deal, Draw, Place, Redraw, Return
from tabletop.conservas.rules import endofday, land, sea, setup
from tabletop.conservas.state import ConservasState, Work
from tabletop.kernel.bag import Bag
from tabletop.kernel.builder import in_place
from tabletop.kernel.chance import ChanceNode, Source, chance_uniform
from tabletop.kernel.deck import Deck
from tabletop.kernel.fastattrs import evolve, evolve_from
from tabletop.kernel.protocol import Move

__all__ = ["AUTO", "STEPS", "apply", "chance_node", "chance_outcomes", "player_moves", "sample_chance"]

_DRAWS: Final = {kind: Draw(kind) for kind in KINDS}
_DEALS: Final = {card: Deal(card) for card in (*BOATS, *UPGRADES)}

_MOVERS: Final[Mapping[str, Callable[[ConservasState], tuple[Move, ...]]]] = {
    "setup.choose": setup.choose_moves,
    "sea.sift": sea.sift_moves,
    "sea.place": sea.place_moves,
    "land.act": land.moves,
    "eod.boat_choice": endofday.row_moves,
    "eod.upgrade_choice": endofday.row_moves,
    "eod.pay": endofday.pay_moves,
}


def player_moves(state: ConservasState) -> tuple[Move, ...]:
    """The legal moves at a player step, in the documented order."""
    return _MOVERS[state.flow.key](state)


def _bag_outcomes(bag: Bag) -> tuple[tuple[Move, float], ...]:
    """The draws from `bag` (the kernel's `Bag.outcomes()` in one pass), built afresh: a bag is
    rarely met twice, and hashing a fresh bag to look it up costs more than building its few
    outcomes."""
    contents = bag.contents
    total = contents.total
    return tuple([(_DRAWS[kind], n / total) for kind, n in contents.items()])


def _deck_outcomes(deck: Deck) -> tuple[tuple[Move, float], ...]:
    """Dealing from a deck whose top is unknown (a known top is dealt without chance), each
    card's `Deal` built once (`_DEALS`)."""
    if deck.top:  # `Deck.draw_outcomes()` in one pass: no chance when the top is known
        return ()
    middle = deck.middle
    total = middle.total
    return tuple([(_DEALS.get(card) or Deal(card), n / total) for card, n in middle.items()])


def chance_outcomes(state: ConservasState) -> tuple[tuple[Move, float], ...]:
    """A bag draw (`token <kind>`) or a card dealt from an unknown deck (`card <id>`)."""
    if state.flow.step == "draw":
        return _bag_outcomes(state.bag)
    return _deck_outcomes(deal_deck(state))


def sample_chance(state: ConservasState, rng: random.Random | None) -> Move | None:
    """The kernel's [`sample_chance`][tabletop.kernel.chance.sample_chance] of a token drawn from
    the bag or a card dealt from an unknown deck, without listing the outcomes: the same number
    ([`chance_uniform`][tabletop.kernel.chance.chance_uniform]) walked through the same shares
    (`n / total`, kinds or cards in order, the floats of `chance_outcomes`) picks the same one.
    `None` (nothing drawn) off a chance node, for a deck whose top is known, an empty draw or a
    view without an `rng`: the kernel lists the outcomes then (and raises what it raises)."""
    key = state.flow.key
    if key == _SEA_DRAW:
        counts = state.bag.contents
    elif key in _DEAL_NODES and not (deck := deal_deck(state)).top:
        counts = deck.middle
    else:
        return None
    total = counts.total
    if not total or (rng is None and state.seed is None):
        return None
    u = rng.random() if rng is not None else chance_uniform(state)
    acc = 0.0
    for kind, n in counts.items():  # noqa: B007 - the kind found is drawn below
        acc += n / total
        if u < acc:
            break
    # Rounding may leave the last share's sum at or below `u`: the last one, as the kernel picks.
    return _DRAWS[kind] if key == _SEA_DRAW else _DEALS.get(kind) or Deal(kind)


_SEA_DRAW: Final = "sea.draw"
_BAG_NODE: Final = ChanceNode(Source.BAG, "bag", "hand", "CON-2.1", recipient=0)
_DEAL_NODES: Final = {
    "setup.offer": ChanceNode(Source.DECK, "boats", "offer", "CON-1.5", recipient=0),
    "setup.deal": ChanceNode(Source.DECK, "boats", "boat_row", "CON-1.6"),
    "eod.boat_deal": ChanceNode(Source.DECK, "boats", "boat_row", "CON-4.3"),
    "eod.upgrade_deal": ChanceNode(Source.DECK, "upgrades", "upgrade_row", "CON-4.4"),
}
_SETUP_UPGRADES: Final = ChanceNode(Source.DECK, "upgrades", "upgrade_row", "CON-1.8")


def chance_node(state: ConservasState) -> ChanceNode:
    """What the current chance node draws: a token from the sea bag into the handful, or a card
    from the boat or upgrade deck to the setup offer or a face-up row.

    `name` is the deck as the notation names its row (`boats`, `upgrades`), `destination` the
    state attribute the outcome joins (`hand`, `offer`, `boat_row`, `upgrade_row`), so a test
    finds it with `getattr(state, node.destination)`; `recipient` is the player (seat 0) for
    the handful and the setup offer, `None` for the face-up rows on the table.
    """
    key = state.flow.key
    if key == "sea.draw":
        return _BAG_NODE
    if key == "setup.deal" and len(state.boat_row) >= setup.ROW_SIZE:
        return _SETUP_UPGRADES
    return _DEAL_NODES[key]


def _deal(work: Work, move: Deal) -> None:
    if work.flow.phase == "setup":
        setup.deal(work, move.card)
    else:
        endofday.deal(work, move.card)


def _decide(work: Work, move: Move) -> None:
    if work.flow.key == "land.act":
        land.apply(work, move)
    else:
        endofday.apply(work, move)


_APPLIERS: Final[Mapping[type, Callable[[Work, Any], None]]] = {
    Draw: sea.draw,
    Deal: _deal,
    Choose: setup.choose,
    Place: sea.place,
    Redraw: sea.redraw,
    Return: sea.return_,
}
_CHANCE: Final = frozenset({Draw, Deal})

STEPS: Final[Mapping[str, Callable[[Work], None]]] = {
    "sea.start": sea.start_handful,
    "eod.clear": endofday.clear,
    "eod.boat_refill": endofday.boat_refill,
    "eod.upgrade_refill": endofday.upgrade_refill,
    "eod.upkeep": endofday.upkeep,
    "eod.settle": endofday.settle,
    "eod.spawn": endofday.spawn,
}
"""The automatic steps, each changing the next state in place (a [`Work`][tabletop.conservas.state.Work])."""


def apply(state: ConservasState, move: Move) -> ConservasState:
    """Apply a legal move (the base class has checked legality), then the automatic steps that
    follow, on one working copy: the new state is built once (the kernel's `advance` then finds
    nothing left to run), with a chance outcome counted in it.

    A token drawn into a handful that the bag can still fill (most steps of a game) changes
    two fields: the new state is built straight from them, in one copy. A card dealt to a row
    from the state the last card was dealt from (a search expanding every outcome) is built
    from that card's child: only the deck and the row differ (`_shared_parts`)."""
    kind = type(move)
    if kind is Draw:
        changes = sea.drawn(state, move.token)  # type: ignore[attr-defined]
        if changes is not None:
            changes["chance_count"] = state.chance_count + 1
            return evolve_from(state, changes)
    if kind is Deal:
        parent, card, child, shared = _last_deal
        if parent is state:  # another outcome of the last deal: built from its child when it can be
            if shared is None:
                shared = _shared_parts(state, card, child)
                _remember_deal(state, card, child, shared)
            if shared:
                return _sibling_deal(state, child, shared, move.card)  # type: ignore[attr-defined]
    work = Work(state)
    if kind in _CHANCE:
        work.chance_count += 1
    _APPLIERS.get(kind, _decide)(work, move)
    MACHINE.settle(work, STEPS)
    new = work.finish()
    if kind is Deal:
        _remember_deal(state, move.card, new, None)  # type: ignore[attr-defined]
    return new


_BOAT_PARTS: Final = ("boat_deck", "boat_row")
_UPGRADE_PARTS: Final = ("upgrade_deck", "upgrade_row")

_last_deal: tuple[object, str, Any, tuple[str, ...] | None] = (None, "", None, ())
"""The last state a card was dealt from (kept, so its identity is not reused), the card, the
child, and what `_shared_parts` found for them (`None` until a second outcome is asked for)."""


def _shared_parts(state: ConservasState, card: str, child: ConservasState) -> tuple[str, ...]:
    """The deck and row (names in `Cards`) that `card`, dealt at `state`, changed in `child` when
    nothing else moved them: `child`'s deck is the deck drawn once, its row the row with the card
    at its end. Else `()`.

    What follows a card dealt to a row reads neither which card it was nor that deck or row
    beyond their sizes (the size of the row, whether the deck is empty, whether its next card is
    known: the same for every outcome): the End of Day goes on to the other row, the upkeep,
    spawning and the next handful, which read the fleet, the upgrades owned, the bag and the
    money. So the children of two outcomes differ in these two fields only, unless more cards
    followed the dealt one (a known top, a deck reshuffled), which the test above sees: a search
    expanding every outcome builds the first child through every automatic step and the others
    from it (`_sibling_deal`). The setup offer deals to no row: `()`."""
    step = state.flow.step
    cards = state.cards
    if step == "upgrade_deal" or (step == "deal" and len(cards.boat_row) >= setup.ROW_SIZE):
        parts = _UPGRADE_PARTS
    elif step == "boat_deal" or step == "deal":
        parts = _BOAT_PARTS
    else:
        return ()
    deck_name, row_name = parts
    after = child.cards
    if getattr(after, row_name) != (*getattr(cards, row_name), card):
        return ()
    return parts if getattr(after, deck_name) == getattr(cards, deck_name).draw(card)[1] else ()


def _remember_deal(state: ConservasState, card: str, child: ConservasState, shared: tuple[str, ...] | None) -> None:
    global _last_deal  # a one-entry cache, replaced whole: no lock needed
    _last_deal = (state, card, child, shared)


def _sibling_deal(state: ConservasState, sibling: ConservasState, parts: tuple[str, ...], card: str) -> ConservasState:
    """The child of dealing `card` at `state`, from `sibling` (the child of another outcome of
    the same deal, see `_shared_parts`): its deck and row as this card leaves them."""
    deck_name, row_name = parts
    cards = state.cards
    _, deck = getattr(cards, deck_name).draw(card)
    row = (*getattr(cards, row_name), card)
    return evolve(sibling, cards=evolve(sibling.cards, **{deck_name: deck, row_name: row}))


AUTO: Final[Mapping[str, Callable[[ConservasState], ConservasState]]] = {
    key: in_place(Work, step) for key, step in STEPS.items()
}
"""The handlers of the automatic steps, state to state (for the kernel's `advance`)."""
