"""The small value classes a Conservas state is made of: owned upgrades and the day report."""

from __future__ import annotations

import attrs

from tabletop.kernel.tokens import Tokens

__all__ = ["DayReport", "OwnedUpgrade"]


@attrs.frozen
class OwnedUpgrade:
    """An upgrade in the player's area.

    Attributes:
        card: The upgrade id.
        round: The round it was bought in (``when_bought`` effects work only then).
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
