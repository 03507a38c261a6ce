"""The value classes a Conservas state is made of: where the cards are, owned upgrades, the day report."""

from __future__ import annotations

import attrs

from tabletop.kernel.deck import Deck
from tabletop.kernel.tokens import Tokens

__all__ = ["CARD_FIELDS", "Cards", "DayReport", "OwnedUpgrade"]


@attrs.frozen
class OwnedUpgrade:
    """An upgrade in the player's area.

    Attributes:
        card: The upgrade id.
        round: The round it was bought in (`when_bought` effects work only then).
        kept: The paid token left on the card, for cards that keep one (CON-3.6).
    """

    card: str
    round: int
    kept: Tokens = attrs.field(factory=Tokens)


@attrs.frozen
class DayReport:
    """What the last End of Day did, for frontends and tests.

    Attributes:
        income: Euros gained from upgrades before upkeep (CON-6.11).
        upkeep: Euros paid in upkeep (CON-4.6).
        discarded: Boats discarded because their upkeep could not be paid.
        spawned: Tokens added to the Deep Sea by spawning (CON-4.7).
        restocked: Tokens moved from the supply to the bag by upgrades and month rules.
    """

    income: int = 0
    upkeep: int = 0
    discarded: tuple[str, ...] = ()
    spawned: Tokens = attrs.field(factory=Tokens)
    restocked: Tokens = attrs.field(factory=Tokens)


@attrs.frozen
class Cards:
    """Where every boat and upgrade card is: each card is in exactly one of these places.

    Attributes:
        boat_deck: The boat deck.
        boat_row: The face-up boats, left to right.
        boat_discard: Discarded boats, in the order discarded.
        offer: The two boats offered at setup (CON-1.5).
        fleet: The player's boats, in line order.
        upgrade_deck: The upgrade deck.
        upgrade_row: The face-up upgrades.
        upgrade_discard: Discarded upgrades.
        upgrades: The player's upgrades.
    """

    boat_deck: Deck
    upgrade_deck: Deck
    boat_row: tuple[str, ...] = ()
    boat_discard: tuple[str, ...] = ()
    offer: tuple[str, ...] = ()
    fleet: tuple[str, ...] = ()
    upgrade_row: tuple[str, ...] = ()
    upgrade_discard: tuple[str, ...] = ()
    upgrades: tuple[OwnedUpgrade, ...] = ()


CARD_FIELDS: frozenset[str] = frozenset(field.name for field in attrs.fields(Cards))
"""The names of the [`Cards`][tabletop.conservas.parts.Cards] fields (the state reads them as its own attributes)."""
