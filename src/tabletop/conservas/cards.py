"""The content value classes and vocabularies of Conservas: boats, upgrades, months, effects.

These are the shapes the TOML files of `data/` are loaded into (by
[`tabletop.conservas.content`][tabletop.conservas.content]), and the two small vocabularies content is written in:
upgrade effects ([`EFFECTS`][tabletop.conservas.cards.EFFECTS], rules CON-6.3 to CON-6.13) and month special rules
([`SPECIALS`][tabletop.conservas.cards.SPECIALS], rules CON-7.2 to CON-7.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from tabletop.kernel.tokens import Tokens

__all__ = [
    "BOAT_COUNT",
    "COSTS",
    "EFFECTS",
    "FILLS",
    "FISH",
    "FREQUENCIES",
    "KINDS",
    "MONTH_NAMES",
    "PHASES",
    "SPECIALS",
    "SUPPLY",
    "UPGRADE_COUNT",
    "Boat",
    "Effect",
    "EffectSpec",
    "Goal",
    "Month",
    "Space",
    "Special",
    "Upgrade",
]

FISH: Final = ("sardine", "mussel", "scallop", "octopus")
"""The fish kinds, in the order the rulebook lists them."""
KINDS: Final = ("water", *FISH)
"""Every sea-token kind."""
SUPPLY: Final = Tokens({"water": 20, "sardine": 30, "mussel": 30, "scallop": 20, "octopus": 16})
"""The general supply: 116 sea tokens (CON-1.1)."""
MONTH_NAMES: Final = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
"""The twelve months of the Market Book, in calendar order."""
COSTS: Final = ("any", "same", "different")
"""Upgrade cost patterns (CON-3.5): one fish of any kind, two of the same kind, two different."""
PHASES: Final = ("at_sea", "on_land", "end_of_day")
"""The phases an upgrade's effect belongs to (its icon)."""
FREQUENCIES: Final = ("ongoing", "once_per_round", "when_bought")
"""How often an upgrade's effect works (its icon)."""
FILLS: Final = ("rows", "columns", "any")
"""Market fill-order rules (CON-7.1)."""
#: How many boats and upgrades the game has (components list).
BOAT_COUNT: Final = 18
UPGRADE_COUNT: Final = 27


@attrs.frozen
class EffectSpec:
    """One effect kind of the vocabulary: its phase, allowed frequencies and parameters.

    Attributes:
        phase: The phase the card's icon must show.
        frequencies: The frequencies a card with this effect may have.
        amount: The allowed range of `amount` (`(0, 0)`: no amount).
        fish: `"no"`, `"optional"` or `"required"`: whether `fish` names a kind.
        doc: What the effect does.
    """

    phase: str
    frequencies: tuple[str, ...]
    amount: tuple[int, int]
    fish: str
    doc: str


_ALL = FREQUENCIES
EFFECTS: Final[Mapping[str, EffectSpec]] = {
    "draw_count": EffectSpec("at_sea", ("ongoing",), (5, 10), "no", "each handful draws `amount` tokens, not 5"),
    "redraw": EffectSpec(
        "at_sea",
        ("ongoing", "once_per_round"),
        (0, 0),
        "no",
        "after a handful is drawn, return one drawn token to the bag and draw one in its place",
    ),
    "catch_bonus": EffectSpec("at_sea", ("ongoing",), (1, 4), "no", "every boat's catch size is `amount` larger"),
    "sift": EffectSpec(
        "at_sea", ("ongoing",), (1, 3), "no", "draw `amount` extra tokens per handful, then return `amount` to the bag"
    ),
    "sale_bonus": EffectSpec("on_land", _ALL, (1, 10), "optional", "a sale earns `amount` more euros"),
    "boat_discount": EffectSpec("on_land", _ALL, (1, 20), "no", "a boat costs `amount` euros less"),
    "upkeep_discount": EffectSpec("end_of_day", _ALL, (1, 5), "no", "each boat's upkeep is `amount` less"),
    "extra_spawn": EffectSpec("end_of_day", _ALL, (1, 5), "optional", "a kind that spawns gets `amount` more"),
    "income": EffectSpec("end_of_day", _ALL, (1, 20), "no", "gain `amount` euros before upkeep"),
    "return_catch": EffectSpec(
        "end_of_day", _ALL, (0, 0), "optional", "leftover fish on boats go back to the bag, not the supply"
    ),
    "restock": EffectSpec("end_of_day", _ALL, (1, 5), "required", "move `amount` fish from the supply to the bag"),
}
"""The effect vocabulary (CON-6.x). Every kind is implemented in `effects.py`."""

SPECIALS: Final[Mapping[str, tuple[bool, tuple[int, int], str]]] = {
    "upkeep_rise": (True, (1, 5), "no"),
    "price_bonus": (False, (1, 5), "required"),
    "migration": (True, (1, 10), "required"),
}
"""Month special rules (CON-7.x): kind -> (needs rounds, amount range, fish rule)."""


@attrs.frozen
class Boat:
    """A boat card.

    Attributes:
        id: The card id used in notation (`"el-dorado"`).
        name: The printed name.
        catch: How many tokens of a handful stay on the boat (1-5).
        cost: The purchase price in euros.
        upkeep: Euros paid at every End of Day after the round it was bought.
        known: Which fields come from the rulebook or public sources; the rest are reference values.
        note: Where the known values come from.
    """

    id: str
    name: str
    catch: int = attrs.field(validator=attrs.validators.and_(attrs.validators.ge(1), attrs.validators.le(5)))
    cost: int = attrs.field(validator=attrs.validators.ge(0))
    upkeep: int = attrs.field(validator=attrs.validators.ge(0))
    known: tuple[str, ...] = ()
    note: str = ""


@attrs.frozen
class Effect:
    """An upgrade's effect: a vocabulary kind with its parameters.

    Attributes:
        kind: A key of [`EFFECTS`][tabletop.conservas.cards.EFFECTS].
        amount: The number the effect uses (tokens, euros), when it has one.
        fish: The fish kind it is limited to, or `""`.
    """

    kind: str
    amount: int = 0
    fish: str = ""


@attrs.frozen
class Upgrade:
    """An upgrade card.

    Attributes:
        id: The card id used in notation (`"fish-finders"`).
        name: The printed name.
        cost: `"any"` (one fish), `"same"` (two of a kind) or `"different"` (two kinds).
        phase: When the effect is used (`"at_sea"`, `"on_land"`, `"end_of_day"`).
        frequency: `"ongoing"`, `"once_per_round"` or `"when_bought"`.
        effect: What it does.
        keep_token: True when one paid token stays on the card instead of going to the supply.
        text: The effect in our own words.
        known: Which fields come from the rulebook; the rest are reference values.
    """

    id: str
    name: str
    cost: str
    phase: str
    frequency: str
    effect: Effect
    keep_token: bool = False
    text: str = ""
    known: tuple[str, ...] = ()


@attrs.frozen
class Space:
    """A market space: the fish it needs and the euros it pays.

    Attributes:
        id: `"r2c1"`: row 2, column 1 (from 1).
        row: Row number, from 1.
        col: Column number, from 1.
        needs: The fish to sell there, all at once.
        price: The euros it pays.
    """

    id: str
    row: int
    col: int
    needs: Tokens
    price: int


@attrs.frozen
class Goal:
    """One goal level of a month: every part must be met to win (CON-5.x).

    Attributes:
        money: Euros needed after the last End of Day.
        fish: The least number of each fish kind in the bag at the end.
        boats: The least number of boats owned.
        upgrades: The least number of upgrades owned.
    """

    money: int = 0
    fish: Tokens = attrs.field(factory=Tokens)
    boats: int = 0
    upgrades: int = 0


@attrs.frozen
class Special:
    """A month's special rule (CON-7.x).

    Attributes:
        kind: `"upkeep_rise"`, `"price_bonus"` or `"migration"`.
        rounds: The rounds it applies in (`upkeep_rise`, `migration`).
        amount: Euros or tokens.
        fish: The fish kind (`price_bonus`, `migration`).
        text: The rule in our own words.
    """

    kind: str
    rounds: tuple[int, ...] = ()
    amount: int = 0
    fish: str = ""
    text: str = ""


@attrs.frozen
class Month:
    """A month of the Market Book.

    Attributes:
        id: The lowercase English month name.
        name: The display name.
        rounds: How many rounds are played.
        money: Starting money.
        bag: The tokens loaded into the bag at setup.
        fill: The market's fill-order rule: `"rows"`, `"columns"` or `"any"`.
        spaces: The market spaces, row by row.
        standard: The standard goal.
        difficult: The difficult goal.
        special: Special rules.
        theme: One line about the month.
        known: Which fields come from the rulebook or public sources.
        note: Where the known values come from.
    """

    id: str
    name: str
    rounds: int
    money: int
    bag: Tokens
    fill: str
    spaces: tuple[Space, ...]
    standard: Goal
    difficult: Goal
    special: tuple[Special, ...] = ()
    theme: str = ""
    known: tuple[str, ...] = ()
    note: str = ""

    def goal(self, level: str) -> Goal:
        """The goal of `level` (`"standard"` or `"difficult"`)."""
        return self.difficult if level == "difficult" else self.standard

    def space_index(self, space_id: str) -> int:
        """The index of the space `space_id` in `spaces`, or -1."""
        for index, space in enumerate(self.spaces):
            if space.id == space_id:
                return index
        return -1
