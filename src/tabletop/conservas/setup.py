"""Setting up a month (CON-1.x): the supply, the bag, money, the decks, the market.

The first state stands at `setup.offer`: the two boats to choose from are dealt next, as
chance steps, then the player keeps one (the other goes under the boat deck), then the boat
row and the upgrade row are dealt (3 cards each, chance steps), and the first round begins.
"""

from __future__ import annotations

from tabletop.conservas.content import BOATS, MONTHS, SUPPLY, UPGRADES
from tabletop.conservas.machine import MACHINE
from tabletop.conservas.parts import Cards
from tabletop.conservas.state import ConservasState
from tabletop.kernel.bag import Bag
from tabletop.kernel.deck import Deck
from tabletop.kernel.tokens import Tokens

__all__ = ["setup"]


def setup(seed: int, *, month: str, goal: str) -> ConservasState:
    """The state before the first boats are dealt (options already validated).

    Args:
        seed: The game's seed (chance is sampled from it).
        month: The month to play (CON-1.2).
        goal: `"standard"` or `"difficult"` (CON-1.2).
    """
    data = MONTHS[month]
    return ConservasState(
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
        market=("",) * len(data.spaces),
    )
