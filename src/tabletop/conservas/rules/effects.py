"""Upgrade effects and month special rules: what the owned cards change, as pure queries.

Each effect kind of the vocabulary (`content.EFFECTS`, rules CON-6.3 to CON-6.13) is read
here, with its frequency (CON-6.1):

* `ongoing`: always on (for a `redraw`: once per handful);
* `once_per_round`: the first time it applies in a round (a decision like `redraw`: once
  per round); for End of Day effects, which happen once a round anyway, the same as ongoing;
* `when_bought`: only in the round the card was bought (On Land: for the rest of that On
  Land phase; End of Day: at that round's End of Day).

Month special rules (CON-7.2 to CON-7.4) are read here too. The effects that decide whether
a move is legal (a boat's catch size, the redraw, a boat's price, upkeep, CON-6.1's
`when_bought`) are with the checks, in [`tabletop.conservas.checks`][tabletop.conservas.checks].
"""

from __future__ import annotations

from typing import Final

from tabletop.conservas.checks import works_now
from tabletop.conservas.content import MONTHS, FishLimit
from tabletop.conservas.state import Position
from tabletop.kernel.tokens import Tokens

__all__ = [
    "BASE_DRAW",
    "draw_size",
    "extra_spawn",
    "handful_sizes",
    "income",
    "migration",
    "restock",
    "returns_catch",
    "sale_price",
    "sift_count",
    "spawning",
]

BASE_DRAW: Final = 5
"""Tokens in a handful without upgrades (CON-2.1)."""

_NONE: Final = Tokens()


# At Sea ----------------------------------------------------------------------------------


def draw_size(state: Position) -> int:
    """Tokens per handful: 5, or the largest `draw_count` owned (CON-2.1, CON-6.3)."""
    return max([BASE_DRAW, *(e.amount for _, _, _, e in state.owned_effects("draw_count"))])


def sift_count(state: Position) -> int:
    """Extra tokens drawn per handful and returned before placing (CON-6.6)."""
    return sum(e.amount for _, _, _, e in state.owned_effects("sift"))


_last_sizes: tuple[object, tuple[int, int]] = (object(), (BASE_DRAW, 0))
"""The upgrades tuple `handful_sizes` read last (kept, so its identity is not reused) and its answer."""


def handful_sizes(state: Position) -> tuple[int, int]:
    """`(draw_size(state), sift_count(state))`: both read only the upgrades owned, so the answer
    is kept for the last tuple of them (the states of a game share it until an upgrade is bought)."""
    global _last_sizes  # a one-entry cache, replaced whole: no lock needed
    upgrades = state.cards.upgrades
    last = _last_sizes
    if last[0] is not upgrades:
        last = _last_sizes = (upgrades, (draw_size(state), sift_count(state)))
    return last[1]


# On Land ---------------------------------------------------------------------------------


def sale_price(state: Position, needs: Tokens, price: int) -> tuple[int, tuple[str, ...]]:
    """The euros a sale of `needs` earns, and the once-per-round cards it uses up.

    The space's price, plus the month's `price_bonus` (CON-7.3), plus every working
    `sale_bonus` (CON-6.7) whose fish (if any) is among `needs`.
    """
    total = price
    for special in MONTHS[state.month].special:
        if special.kind == "price_bonus" and special.fish in needs:
            total += special.amount
    used: list[str] = []
    for card_id, bought, card, effect in state.owned_effects("sale_bonus"):
        if effect.fish != FishLimit.ANY and effect.fish not in needs:
            continue
        if card.frequency == "once_per_round":
            if card_id in state.spent:
                continue
            used.append(card_id)
        elif not works_now(state, card, bought):
            continue
        total += effect.amount
    return total, tuple(used)


# End of Day ------------------------------------------------------------------------------


def returns_catch(state: Position, kind: str) -> bool:
    """True when leftover `kind` fish on the boats go back into the bag (CON-6.12)."""
    return any(
        effect.fish in (FishLimit.ANY, kind) and works_now(state, card, bought)
        for _, bought, card, effect in state.owned_effects("return_catch")
    )


def income(state: Position) -> int:
    """Euros gained at this End of Day before upkeep (CON-6.11)."""
    return sum(e.amount for _, bought, card, e in state.owned_effects("income") if works_now(state, card, bought))


def extra_spawn(state: Position, kind: str) -> int:
    """Extra tokens of `kind` when it spawns (CON-6.10)."""
    return sum(
        e.amount
        for _, bought, card, e in state.owned_effects("extra_spawn")
        if e.fish in (FishLimit.ANY, kind) and works_now(state, card, bought)
    )


def spawning(state: Position) -> Tokens:
    """What the Deep Sea would spawn now (CON-4.7), as far as the supply allows."""
    found = {
        kind: min(n - 1 + extra_spawn(state, kind), state.supply[kind])
        for kind, n in state.deep.items()
        if kind != "water" and n >= 2
    }
    return Tokens({kind: n for kind, n in found.items() if n > 0})


def restock(state: Position) -> Tokens:
    """Fish the working `restock` upgrades move from the supply to the bag (CON-6.13), before capping."""
    counts: dict[str, int] = {}
    for _, bought, card, e in state.owned_effects("restock"):
        if works_now(state, card, bought):
            counts[e.fish] = counts.get(e.fish, 0) + e.amount
    return Tokens(counts) if counts else _NONE


def migration(state: Position) -> Tokens:
    """Fish the month's `migration` rule moves from the supply to the bag this round (CON-7.4)."""
    counts: dict[str, int] = {}
    for special in MONTHS[state.month].special:
        if special.kind == "migration" and state.flow.round in special.rounds:
            counts[special.fish] = counts.get(special.fish, 0) + special.amount
    return Tokens(counts) if counts else _NONE
