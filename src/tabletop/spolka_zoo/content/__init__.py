"""Spółka ZOO content: the effect vocabulary and the card files in `data/`.

Every card whose text is not public (starting company cards, influence, helper, event,
hidden goal and intrigue cards) is data built from a small vocabulary of effect kinds, so an
owner of the printed game can type in the real cards. The files shipped in `data/` are a
labelled REFERENCE SET (`reference = true`), not the printed texts. The 13 bot cards are
the public facts.

An effect is one table, e.g. `{ kind = "fruit_to_company", fruit = "apple", n = 1 }`;
`docs/spolka_zoo/content.md` documents every kind and parameter. Each loader raises
[`ContentError`][tabletop.kernel.errors.ContentError] naming the file, the card and the field.
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content.loaders import LOADERS, check_text_fruits, shipped, shipped_rules
from tabletop.spolka_zoo.content.vocabulary import (
    FRUITS,
    MARKS,
    PASSIVE_KINDS,
    SEAT_KINDS,
    TOKENS,
    TRIGGERS,
    BotCard,
    BotEffect,
    Effect,
    EventCard,
    GoalCard,
    HelperCard,
    InfluenceCard,
    IntrigueCard,
    Rule,
)

__all__ = [
    "BOT",
    "BOTS",
    "BOT_IDS",
    "CARDS",
    "EFFECTS",
    "END_ICON",
    "EVENT",
    "EVENT_IDS",
    "FAMILY",
    "FRUITS",
    "GOAL",
    "GOALS",
    "GOAL_IDS",
    "HELPER",
    "HELPERS",
    "HELPER_COST",
    "HELPER_GLORY",
    "HELPER_IDS",
    "INFLUENCE",
    "INFLUENCE_IDS",
    "INTRIGUE",
    "INTRIGUE_IDS",
    "LOADERS",
    "MARKS",
    "NAMES",
    "PASSIVE_KINDS",
    "SEAT_KINDS",
    "STARTING",
    "STARTING_DECKS",
    "TEXTS",
    "TOKENS",
    "TRIGGERS",
    "BotCard",
    "BotEffect",
    "Card",
    "Effect",
    "EventCard",
    "GoalCard",
    "HelperCard",
    "InfluenceCard",
    "IntrigueCard",
    "Rule",
    "card",
    "check_text_fruits",
    "shipped_rules",
    "starting_deck",
]

#: The shipped reference set (and the public bot deck), loaded once at import.
STARTING: Final[tuple[InfluenceCard, ...]] = shipped("starting")
INFLUENCE: Final[tuple[InfluenceCard, ...]] = shipped("influence")
HELPER: Final[tuple[HelperCard, ...]] = shipped("helpers")
EVENT: Final[tuple[EventCard, ...]] = shipped("events")
GOAL: Final[tuple[GoalCard, ...]] = shipped("goals")
INTRIGUE: Final[tuple[IntrigueCard, ...]] = shipped("intrigues")
BOT: Final[tuple[BotCard, ...]] = shipped("bots")


# Look-up tables over the loaded cards (card id -> what it does); ids are unique across all
# families, identical copies share one id.


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

Card = InfluenceCard | HelperCard | EventCard | GoalCard | IntrigueCard | BotCard
"""Any card of the game."""
CARDS: Final[dict[str, Card]] = {
    card.id: card for cards in (STARTING, INFLUENCE, HELPER, EVENT, GOAL, INTRIGUE, BOT) for card in cards
}
"""Every card by id, with its printed values on the card object (`CARDS["h-owl"].glory`)."""


def card(card_id: str) -> Card:
    """The card `card_id`, with its printed values (name, text, cost, glory, effects...).

    Raises:
        ValueError: If no card has that id.
    """
    if card_id not in CARDS:
        msg = f"no Spółka ZOO card {card_id!r}"
        raise ValueError(msg)
    return CARDS[card_id]
