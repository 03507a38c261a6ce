"""Setting up a month (CON-1.x): the supply, the bag, money, the decks, the market.

The first state stands at `setup.offer`: the two boats to choose from are dealt next, as
chance steps (CON-1.5), then the player keeps one (the other goes under the boat deck), then
the boat row and the upgrade row are dealt (3 cards each, chance steps, CON-1.6, CON-1.8),
and the first round begins.
"""

from __future__ import annotations

from tabletop.conservas.checks import CHECKS, passes
from tabletop.conservas.content import BOATS, MONTHS, SUPPLY, UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.moves import Choose
from tabletop.conservas.state import Blank, Cards, ConservasState, Work
from tabletop.kernel.bag import Bag
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["choose", "choose_moves", "deal", "setup"]

ROW_SIZE = 3
"""Face-up cards in each row (CON-1.6, CON-1.8)."""


def setup(seed: int, *, month: str, goal: str, overfishing: str = "short") -> ConservasState:
    """The state before the first boats are dealt (options already validated).

    Args:
        seed: The game's seed (chance is sampled from it).
        month: The month to play (CON-1.2).
        goal: `"standard"` or `"difficult"` (CON-1.2).
        overfishing: `"short"` or `"empty"`: when running out of supply water forfeits (CON-2.7).
    """
    data = MONTHS[month]
    # Abstract to mypy only: the package's __init__ binds the class to its rules before any game starts.
    return ConservasState(  # type: ignore[abstract]
        flow=MACHINE.start_flow(),
        seed=seed,
        chance_count=0,
        month=month,
        goal=goal,
        money=data.money,
        supply=SUPPLY - data.bag,
        bag=Bag(data.bag),
        hand=Tokens(),
        handful=0,
        to_return=0,
        catch=Tokens(),
        deep=Tokens(),
        used=(),
        bought=(),
        spent=(),
        handful_spent=(),
        cards=Cards(boat_deck=Deck.shuffled(BOATS), upgrade_deck=Deck.shuffled(UPGRADES)),
        market=(Blank.NONE,) * len(data.spaces),
        overfishing=overfishing,
    )


def deal(work: Work, card: str) -> None:
    """A card dealt at setup: one of the two boats offered (CON-1.5), then the boat row
    (CON-1.6), then the upgrade row (CON-1.8)."""
    if work.flow.step == "offer":
        _, deck = work.boat_deck.draw(card)
        work.set_cards(boat_deck=deck, offer=(*work.offer, card))
        work.goto("offer" if len(work.offer) < 2 else "choose")
        return
    if len(work.boat_row) < ROW_SIZE:
        _, deck = work.boat_deck.draw(card)
        work.set_cards(boat_deck=deck, boat_row=(*work.boat_row, card))
    else:
        _, deck = work.upgrade_deck.draw(card)
        work.set_cards(upgrade_deck=deck, upgrade_row=(*work.upgrade_row, card))
    work.goto("sea.start" if len(work.boat_row) >= ROW_SIZE and len(work.upgrade_row) >= ROW_SIZE else "deal")


def choose_moves(state: ConservasState) -> tuple[Move, ...]:
    """`setup.choose`: keep one of the boats offered."""
    candidates = (Choose(boat) for boat in sorted(set(state.offer)))
    return tuple(move for move in candidates if passes(state, move, CHECKS[Choose]))


def choose(work: Work, move: Choose) -> None:
    """Keep the chosen boat; the other goes under the boat deck (CON-1.5)."""
    rest = list(work.offer)
    rest.remove(move.boat)
    deck = work.boat_deck
    for other in rest:
        deck = deck.put_bottom(Known(other, frozenset({0}), public=True))
    work.set_cards(fleet=(move.boat,), offer=(), boat_deck=deck)
    work.goto("deal")
