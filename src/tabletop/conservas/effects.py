"""Upgrade effects and month special rules: what the owned cards change, as pure queries.

Each effect kind of the vocabulary (`content.EFFECTS`, rules CON-6.3 to CON-6.13) is read
here, with its frequency (CON-6.1):

* `ongoing`: always on (for a `redraw`: once per handful);
* `once_per_round`: the first time it applies in a round (a decision like `redraw`: once
  per round); for End of Day effects, which happen once a round anyway, the same as ongoing;
* `when_bought`: only in the round the card was bought (On Land: for the rest of that On
  Land phase; End of Day: at that round's End of Day).

Month special rules (CON-7.2 to CON-7.4) are read here too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from tabletop.conservas.content import BOATS, MONTHS, UPGRADES, Effect, Upgrade
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.conservas.state import ConservasState

__all__ = [
    "BASE_DRAW",
    "MAX_CATCH",
    "boat_price",
    "catch_size",
    "draw_size",
    "extra_spawn",
    "income",
    "migration",
    "redraw_card",
    "restock",
    "returns_catch",
    "sale_price",
    "sift_count",
    "upkeep_of",
]

BASE_DRAW: Final = 5
"""Tokens in a handful without upgrades (CON-2.1)."""
MAX_CATCH: Final = 5
"""No card ever holds more than 5 tokens (public fact), whatever the upgrades."""


def _cards(state: ConservasState, kind: str) -> Iterator[tuple[str, int, Upgrade, Effect]]:
    """(card id, round bought, card, effect) of each owned upgrade with an effect of `kind`."""
    for owned in state.upgrades:
        card = UPGRADES[owned.card]
        if card.effect.kind == kind:
            yield owned.card, owned.round, card, card.effect


def _works(state: ConservasState, card: Upgrade, bought: int) -> bool:
    """Whether an automatic effect works now (once-per-round use is checked by the caller)."""
    if card.frequency == "when_bought":
        return bought == state.flow.round
    return True


# At Sea ----------------------------------------------------------------------------------


def draw_size(state: ConservasState) -> int:
    """Tokens per handful: 5, or the largest `draw_count` owned (CON-2.1, CON-6.3)."""
    return max([BASE_DRAW, *(e.amount for _, _, _, e in _cards(state, "draw_count"))])


def sift_count(state: ConservasState) -> int:
    """Extra tokens drawn per handful and returned before placing (CON-6.6)."""
    return sum(e.amount for _, _, _, e in _cards(state, "sift"))


def catch_size(state: ConservasState, boat: str) -> int:
    """How many tokens of a handful stay on `boat` (CON-2.3, CON-6.5), at most 5."""
    bonus = sum(e.amount for _, _, _, e in _cards(state, "catch_bonus"))
    return min(MAX_CATCH, BOATS[boat].catch + bonus)


def redraw_card(state: ConservasState) -> str:
    """The upgrade a `redraw` would use now, or `""` (CON-6.4).

    An ongoing card works once per handful, a once-per-round card once per round; ongoing
    cards are used first, so the once-per-round ones are saved.
    """
    ready = ""
    for card_id, _, card, _ in _cards(state, "redraw"):
        if card.frequency == "ongoing" and card_id not in state.handful_spent:
            return card_id
        if card.frequency == "once_per_round" and card_id not in state.spent and not ready:
            ready = card_id
    return ready


# On Land ---------------------------------------------------------------------------------


def sale_price(state: ConservasState, needs: Tokens, price: int) -> tuple[int, tuple[str, ...]]:
    """The euros a sale of `needs` earns, and the once-per-round cards it uses up.

    The space's price, plus the month's `price_bonus` (CON-7.3), plus every working
    `sale_bonus` (CON-6.7) whose fish (if any) is among `needs`.
    """
    total = price
    for special in MONTHS[state.month].special:
        if special.kind == "price_bonus" and special.fish in needs:
            total += special.amount
    used: list[str] = []
    for card_id, bought, card, effect in _cards(state, "sale_bonus"):
        if effect.fish and effect.fish not in needs:
            continue
        if card.frequency == "once_per_round":
            if card_id in state.spent:
                continue
            used.append(card_id)
        elif not _works(state, card, bought):
            continue
        total += effect.amount
    return total, tuple(used)


def boat_price(state: ConservasState, boat: str) -> tuple[int, tuple[str, ...]]:
    """What `boat` costs now (never below 0), and the once-per-round cards it uses up (CON-6.8).

    The discounts that cost nothing to use (ongoing, and round-bought ones in their round)
    apply first; a once-per-round card is used only if the boat still costs something, so it
    is never spent on a boat that the other discounts already make free.
    """
    cost = BOATS[boat].cost
    once: list[tuple[str, int]] = []
    for card_id, bought, card, effect in _cards(state, "boat_discount"):
        if card.frequency == "once_per_round":
            if card_id not in state.spent:
                once.append((card_id, effect.amount))
        elif _works(state, card, bought):
            cost = max(0, cost - effect.amount)
    used: list[str] = []
    for card_id, amount in once:
        if cost <= 0:
            break
        used.append(card_id)
        cost = max(0, cost - amount)
    return cost, tuple(used)


# End of Day ------------------------------------------------------------------------------


def returns_catch(state: ConservasState, kind: str) -> bool:
    """True when leftover `kind` fish on the boats go back into the bag (CON-6.12)."""
    return any(
        (not effect.fish or effect.fish == kind) and _works(state, card, bought)
        for _, bought, card, effect in _cards(state, "return_catch")
    )


def income(state: ConservasState) -> int:
    """Euros gained at this End of Day before upkeep (CON-6.11)."""
    return sum(e.amount for _, bought, card, e in _cards(state, "income") if _works(state, card, bought))


def upkeep_of(state: ConservasState, boat: str) -> int:
    """The upkeep `boat` owes at this End of Day (CON-4.6, CON-6.9, CON-7.2), never below 0."""
    rise = sum(
        s.amount for s in MONTHS[state.month].special if s.kind == "upkeep_rise" and state.flow.round in s.rounds
    )
    discount = sum(e.amount for _, bought, card, e in _cards(state, "upkeep_discount") if _works(state, card, bought))
    return max(0, BOATS[boat].upkeep + rise - discount)


def extra_spawn(state: ConservasState, kind: str) -> int:
    """Extra tokens of `kind` when it spawns (CON-6.10)."""
    return sum(
        e.amount
        for _, bought, card, e in _cards(state, "extra_spawn")
        if (not e.fish or e.fish == kind) and _works(state, card, bought)
    )


def restock(state: ConservasState) -> Tokens:
    """Fish the working `restock` upgrades move from the supply to the bag (CON-6.13), before capping."""
    counts: dict[str, int] = {}
    for _, bought, card, e in _cards(state, "restock"):
        if _works(state, card, bought):
            counts[e.fish] = counts.get(e.fish, 0) + e.amount
    return Tokens(counts)


def migration(state: ConservasState) -> Tokens:
    """Fish the month's `migration` rule moves from the supply to the bag this round (CON-7.4)."""
    counts: dict[str, int] = {}
    for special in MONTHS[state.month].special:
        if special.kind == "migration" and state.flow.round in special.rounds:
            counts[special.fish] = counts.get(special.fish, 0) + special.amount
    return Tokens(counts)
