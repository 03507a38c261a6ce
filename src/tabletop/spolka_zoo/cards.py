"""Look-up tables over the loaded cards, built once at import (card id -> what it does).

Card ids are unique across all families; identical copies share one id.
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import (
    BOT,
    EVENT,
    FRUITS,
    GOAL,
    HELPER,
    INFLUENCE,
    INTRIGUE,
    MARKS,
    STARTING,
    BotCard,
    Effect,
    GoalCard,
    HelperCard,
)

__all__ = [
    "BOTS",
    "EFFECTS",
    "END_ICON",
    "EVENT_IDS",
    "FAMILY",
    "GOALS",
    "GOAL_IDS",
    "HELPERS",
    "HELPER_IDS",
    "INFLUENCE_IDS",
    "INTRIGUE_IDS",
    "NAMES",
    "TEXTS",
    "starting_deck",
]


def _check_unique() -> None:
    seen: dict[str, str] = {}
    families = (
        ("starting", STARTING),
        ("influence", INFLUENCE),
        ("helper", HELPER),
        ("event", EVENT),
        ("goal", GOAL),
        ("intrigue", INTRIGUE),
        ("bot", BOT),
    )
    for family, cards in families:
        for card in cards:
            if card.id in seen:
                msg = f"card id {card.id!r} is used by a {seen[card.id]} card and a {family} card"
                raise ValueError(msg)
            seen[card.id] = family
    FAMILY.update(seen)


FAMILY: Final[dict[str, str]] = {}
"""The family of every card id."""
_check_unique()

EFFECTS: Final[dict[str, tuple[Effect, ...]]] = {
    card.id: card.effects for cards in (STARTING, INFLUENCE, HELPER, EVENT, INTRIGUE) for card in cards
}
"""The effects of every card that has effects (influence, starting, helper, event, intrigue)."""
END_ICON: Final = frozenset(card.id for cards in (STARTING, INFLUENCE) for card in cards if card.end)
"""Cards bearing the end-of-deck icon."""
#: Card names and texts (for events and frontends).
NAMES: Final[dict[str, str]] = {
    card.id: card.name for cards in (STARTING, INFLUENCE, HELPER, EVENT, GOAL, INTRIGUE) for card in cards
} | {card.id: f"bot card {card.id[-2:]}" for card in BOT}
TEXTS: Final[dict[str, str]] = {
    card.id: card.text for cards in (STARTING, INFLUENCE, HELPER, EVENT, GOAL, INTRIGUE, BOT) for card in cards
}
HELPERS: Final[dict[str, HelperCard]] = {card.id: card for card in HELPER}
BOTS: Final[dict[str, BotCard]] = {card.id: card for card in BOT}
GOALS: Final[dict[str, GoalCard]] = {card.id: card for card in GOAL}

#: Every copy of every card of a deck, one id per copy.
INFLUENCE_IDS: Final = tuple(card.id for card in INFLUENCE for _ in range(card.copies))
HELPER_IDS: Final = tuple(card.id for card in HELPER for _ in range(card.copies))
INTRIGUE_IDS: Final = tuple(card.id for card in INTRIGUE for _ in range(card.copies))
EVENT_IDS: Final = tuple(card.id for card in EVENT)
GOAL_IDS: Final = tuple(card.id for card in GOAL)
BOT_IDS: Final = tuple(card.id for card in BOT)

#: The glory of each helper and whether its ability still works at the end of the game.
HELPER_GLORY: Final = {card.id: card.glory for card in HELPER}
HELPER_COST: Final[dict[str, Tokens]] = {card.id: card.cost for card in HELPER}


def starting_deck(company: str, seats: int) -> tuple[str, ...]:
    """The starting cards of `company` used with `seats` players (bots included)."""
    return tuple(card.id for card in STARTING if card.company == company and MARKS[card.players] <= seats)


STARTING_DECKS: Final = {seats: tuple(starting_deck(f, seats) for f in FRUITS) for seats in range(2, 6)}
"""Starting decks by seat count, per company in `FRUITS` order."""
