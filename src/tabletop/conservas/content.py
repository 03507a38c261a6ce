"""Conservas content: boats, upgrades, months and the rule catalogue, loaded from TOML.

Every file starts with `kind = "conservas.<kind>"`. The loaders check shapes and game facts
and raise [`ContentError`][tabletop.kernel.errors.ContentError] naming the file, item and field.
The shipped content (a labelled *reference set* where the rulebook gives no value) is loaded
at import into `BOATS`, `UPGRADES`, `MONTHS` and `RULES`. The value classes are here, with the
vocabularies of upgrade effects ([`EFFECTS`][tabletop.conservas.content.EFFECTS], CON-6.3 to
CON-6.13, see `docs/conservas/content.md`) and month rules ([`SPECIALS`][tabletop.conservas.content.SPECIALS]).

```pycon
>>> BOATS["el-dorado"].catch
2
>>> UPGRADES["secondary-nets"].effect.kind, UPGRADES["secondary-nets"].effect.amount
('draw_count', 8)
>>> MONTHS["january"].bag == Tokens({"sardine": 5, "scallop": 5, "water": 10})
True

```
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs
import cattrs

from tabletop.kernel.content import load_items, read_package_toml, read_toml, structure_item, tokens_hook
from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens

__all__ = [
    "BOATS", "BOAT_COUNT", "COSTS", "EFFECTS", "FILLS", "FISH", "FREQUENCIES", "KINDS", "LOADERS", "MONTHS",
    "MONTH_NAMES", "PHASES", "RULES", "SPECIALS", "SUPPLY", "UPGRADES", "UPGRADE_COUNT", "Boat", "Effect",
    "EffectSpec", "FishLimit", "Goal", "Month", "Space", "Special", "Upgrade", "load_boats", "load_months",
    "load_rules", "load_upgrades",
]  # fmt: skip

FISH: Final = ("sardine", "mussel", "scallop", "octopus")
"""The fish kinds, in the order the rulebook lists them."""
KINDS: Final = ("water", *FISH)
"""Every sea-token kind."""
SUPPLY: Final = Tokens({"water": 20, "sardine": 30, "mussel": 30, "scallop": 20, "octopus": 16})
"""The general supply: 116 sea tokens (CON-1.1)."""
MONTH_NAMES: Final = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
)  # fmt: skip
"""The twelve months of the Market Book, in calendar order."""
COSTS: Final = ("any", "same", "different")
"""Upgrade cost patterns (CON-3.5): one fish of any kind, two of the same kind, two different."""
PHASES: Final = ("at_sea", "on_land", "end_of_day")
"""The phases an upgrade's effect belongs to (its icon)."""
FREQUENCIES: Final = ("ongoing", "once_per_round", "when_bought")
"""How often an upgrade's effect works (its icon)."""
FILLS: Final = ("rows", "columns", "any")
"""Market fill-order rules (CON-7.1)."""


class FishLimit(enum.StrEnum):
    """What an effect's or a month rule's `fish` holds when it names no kind: `ANY` (any fish).

    A `StrEnum` equal to `""` (what a file leaves out or writes as `fish = ""`), so files and
    JSON are unchanged: test with `==` (`effect.fish == FishLimit.ANY`)."""

    ANY = ""  # any fish: no kind named (a `sale_bonus` on every sale...)

    def __repr__(self) -> str:
        return f"FishLimit.{self.name}"


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
    "redraw": EffectSpec("at_sea", ("ongoing", "once_per_round"), (0, 0), "no",
                         "after a handful is drawn, return one drawn token to the bag and draw one in its place"),
    "catch_bonus": EffectSpec("at_sea", ("ongoing",), (1, 4), "no", "every boat's catch size is `amount` larger"),
    "sift": EffectSpec("at_sea", ("ongoing",), (1, 3), "no",
                       "draw `amount` extra tokens per handful, then return `amount` to the bag"),
    "sale_bonus": EffectSpec("on_land", _ALL, (1, 10), "optional", "a sale earns `amount` more euros"),
    "boat_discount": EffectSpec("on_land", _ALL, (1, 20), "no", "a boat costs `amount` euros less"),
    "upkeep_discount": EffectSpec("end_of_day", _ALL, (1, 5), "no", "each boat's upkeep is `amount` less"),
    "extra_spawn": EffectSpec("end_of_day", _ALL, (1, 5), "optional", "a kind that spawns gets `amount` more"),
    "income": EffectSpec("end_of_day", _ALL, (1, 20), "no", "gain `amount` euros before upkeep"),
    "return_catch": EffectSpec("end_of_day", _ALL, (0, 0), "optional",
                               "leftover fish on boats go back to the bag, not the supply"),
    "restock": EffectSpec("end_of_day", _ALL, (1, 5), "required", "move `amount` fish from the supply to the bag"),
}  # fmt: skip
"""The effect vocabulary (CON-6.x). Every kind is implemented in `rules/effects.py` (the ones a move's legality
depends on in `checks.py`)."""

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
        kind: A key of [`EFFECTS`][tabletop.conservas.content.EFFECTS].
        amount: The number the effect uses (tokens, euros), when it has one.
        fish: The fish kind it is limited to, or [`FishLimit.ANY`][tabletop.conservas.content.FishLimit].
    """

    kind: str
    amount: int = 0
    fish: str = FishLimit.ANY


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
        fish: The fish kind (`price_bonus`, `migration`), or [`FishLimit.ANY`][tabletop.conservas.content.FishLimit].
        text: The rule in our own words.
    """

    kind: str
    rounds: tuple[int, ...] = ()
    amount: int = 0
    fish: str = FishLimit.ANY
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
        return next((index for index, space in enumerate(self.spaces) if space.id == space_id), -1)


# Loading ----------------------------------------------------------------------------------


_CONVERTER: Final[cattrs.Converter] = make_converter()
_CONVERTER.register_structure_hook(Tokens, tokens_hook(KINDS))


def _read(source: str | Path | None, kind: str) -> tuple[dict[str, Any], str]:
    """The file's table and name (the shipped `data/<kind>.toml` by default), its `kind` checked."""
    if source is None:
        data, file = read_package_toml("tabletop.conservas", f"data/{kind}.toml"), f"{kind}.toml"
    else:
        data, file = read_toml(Path(source)), Path(source).name
    if data.get("kind") != f"conservas.{kind}":
        raise ContentError(f"expected kind = 'conservas.{kind}', got {data.get('kind')!r}", file=file, field="kind")
    return data, file


def load_boats(source: str | Path | None = None) -> tuple[Boat, ...]:
    """Load and check a boats file (default: the shipped `data/boats.toml`).

    Raises:
        ContentError: Naming the file, boat and field of the first problem.
    """
    data, file = _read(source, "boats")
    boats = load_items(_CONVERTER, data, "boats", Boat, file=file)
    for boat in boats:
        unknown = set(boat.known) - {"name", "catch", "cost", "upkeep"}
        if unknown:
            raise ContentError(f"unknown field(s) {sorted(unknown)}", file=file, item=boat.id, field="known")
    if len(boats) != BOAT_COUNT:
        raise ContentError(f"expected {BOAT_COUNT} boats, found {len(boats)}", file=file, item="boats")
    return boats


def load_upgrades(source: str | Path | None = None) -> tuple[Upgrade, ...]:
    """Load and check an upgrades file (default: the shipped `data/upgrades.toml`).

    Raises:
        ContentError: Naming the file, card and field of the first problem.
    """
    data, file = _read(source, "upgrades")
    upgrades = load_items(_CONVERTER, data, "upgrades", Upgrade, file=file)
    for card in upgrades:
        _check_upgrade(card, file)
    if len(upgrades) != UPGRADE_COUNT:
        raise ContentError(f"expected {UPGRADE_COUNT} upgrades, found {len(upgrades)}", file=file, item="upgrades")
    return upgrades


def _check_upgrade(card: Upgrade, file: str) -> None:
    def fail(message: str, field: str) -> NoReturn:
        raise ContentError(message, file=file, item=card.id, field=field)

    for field, allowed in (("cost", COSTS), ("phase", PHASES), ("frequency", FREQUENCIES)):
        if getattr(card, field) not in allowed:
            fail(f"{field} must be one of {', '.join(allowed)}; got {getattr(card, field)!r}", field)
    effect = card.effect
    spec = EFFECTS.get(effect.kind)
    if spec is None:
        fail(f"unknown effect kind {effect.kind!r} (kinds: {', '.join(EFFECTS)})", "effect.kind")
    if spec.phase != card.phase:
        fail(f"a {effect.kind!r} effect is used {spec.phase}, but the card says {card.phase!r}", "phase")
    if card.frequency not in spec.frequencies:
        fail(f"a {effect.kind!r} effect can be {', '.join(spec.frequencies)}; got {card.frequency!r}", "frequency")
    low, high = spec.amount
    if not low <= effect.amount <= high:
        wanted = "no amount" if high == 0 else f"an amount from {low} to {high}"
        fail(f"a {effect.kind!r} effect takes {wanted}; got {effect.amount}", "effect.amount")
    problem = _fish_problem(effect.fish, spec.fish)
    if problem:
        fail(problem, "effect.fish")


def _fish_problem(fish: str, rule: str) -> str:
    """Why `fish` is wrong for a parameter whose rule is `no`/`optional`/`required`."""
    if fish != FishLimit.ANY and fish not in FISH:
        return f"unknown fish {fish!r} (fish: {', '.join(FISH)})"
    if rule == "no" and fish != FishLimit.ANY:
        return "this rule is not limited to a fish kind"
    if rule == "required" and fish == FishLimit.ANY:
        return "this rule needs a fish kind"
    return ""


def load_months(source: str | Path | None = None) -> tuple[Month, ...]:
    """Load and check a months file (default: the shipped `data/months.toml`).

    Raises:
        ContentError: Naming the file, month and field of the first problem.
    """
    data, file = _read(source, "months")
    raw = data.get("months")
    if not isinstance(raw, list):
        raise ContentError("expected an array of tables [[months]]", file=file, item="months")
    months = tuple(_month(item, file, index) for index, item in enumerate(raw))
    names = [m.id for m in months]
    if sorted(names, key=MONTH_NAMES.index) != list(MONTH_NAMES):
        raise ContentError(f"expected each of the 12 months once, found {names}", file=file, item="months")
    return months


def _month(raw: Any, file: str, index: int) -> Month:
    label = raw.get("id", f"months[{index}]") if isinstance(raw, dict) else f"months[{index}]"
    if not isinstance(raw, dict):
        raise ContentError("expected a table", file=file, item=label)

    def fail(message: str, field: str) -> ContentError:
        return ContentError(message, file=file, item=str(label), field=field)

    fields = dict(raw)
    market = fields.pop("market", None)
    if not isinstance(market, list) or not market:
        raise fail("expected a list of rows, each a list of spaces", "market")
    fields["spaces"] = []
    month = structure_item(_CONVERTER, fields, Month, file=file, item=str(label))
    spaces = tuple(_spaces(market, fail))
    month = attrs.evolve(month, spaces=spaces)
    _check_month(month, fail)
    return month


def _spaces(market: list[Any], fail: Any) -> list[Space]:
    spaces: list[Space] = []
    for r, row in enumerate(market, 1):
        if not isinstance(row, list) or not row:
            raise fail("a row is a non-empty list of spaces", f"market[{r - 1}]")
        for c, raw in enumerate(row, 1):
            where = f"market[{r - 1}][{c - 1}]"
            if not isinstance(raw, dict) or "price" not in raw:
                raise fail("a space is a table of fish counts and a price", where)
            counts = {k: v for k, v in raw.items() if k != "price"}
            price = raw["price"]
            if not isinstance(price, int) or isinstance(price, bool) or price < 0:
                raise fail(f"price must be a non-negative integer, got {price!r}", f"{where}.price")
            for kind, n in counts.items():
                if kind not in FISH:
                    raise fail(f"a space needs fish ({', '.join(FISH)}), not {kind!r}", f"{where}.{kind}")
                if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                    raise fail(f"count must be a positive integer, got {n!r}", f"{where}.{kind}")
            needs = Tokens(counts)
            if not 1 <= needs.total <= 5:
                raise fail(f"a space needs 1 to 5 fish, not {needs.total}", where)
            spaces.append(Space(f"r{r}c{c}", r, c, needs, price))
    return spaces


def _check_month(month: Month, fail: Any) -> None:
    if month.id not in MONTH_NAMES:
        raise fail(f"id must be a lowercase month name, got {month.id!r}", "id")
    if not 1 <= month.rounds <= 12:
        raise fail(f"rounds must be from 1 to 12, got {month.rounds}", "rounds")
    if month.money < 0:
        raise fail("starting money cannot be negative", "money")
    if not month.bag <= SUPPLY:
        raise fail(f"the bag {month.bag} needs more tokens than the supply holds", "bag")
    if month.fill not in FILLS:
        raise fail(f"fill must be one of {', '.join(FILLS)}; got {month.fill!r}", "fill")
    for level in ("standard", "difficult"):
        goal = month.goal(level)
        if min(goal.money, goal.boats, goal.upgrades) < 0:
            raise fail("goal numbers cannot be negative", level)
        if "water" in goal.fish:
            raise fail("a sustainability goal counts fish, not water", f"{level}.fish")
    for index, special in enumerate(month.special):
        rule = SPECIALS.get(special.kind)
        where = f"special[{index}]"
        if rule is None:
            raise fail(f"unknown special rule {special.kind!r} (kinds: {', '.join(SPECIALS)})", f"{where}.kind")
        needs_rounds, (low, high), fish_rule = rule
        if needs_rounds and not special.rounds:
            raise fail("this rule names the rounds it applies in", f"{where}.rounds")
        if any(not 1 <= r <= month.rounds for r in special.rounds):
            raise fail(f"rounds must be from 1 to {month.rounds}", f"{where}.rounds")
        if not low <= special.amount <= high:
            raise fail(f"amount must be from {low} to {high}", f"{where}.amount")
        problem = _fish_problem(special.fish, fish_rule)
        if problem:
            raise fail(problem, f"{where}.fish")


def load_rules(source: str | Path | None = None) -> dict[str, str]:
    """Load the rule catalogue (rule ID -> short title), by default `data/rules.toml`.

    Raises:
        ContentError: On a missing or duplicate ID.
    """
    data, file = _read(source, "rules")
    raw = data.get("rules")
    if not isinstance(raw, list):
        raise ContentError("expected an array of tables [[rules]]", file=file, item="rules")
    rules: dict[str, str] = {}
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not isinstance(item.get("title"), str):
            raise ContentError("each rule has an id and a title", file=file, item=f"rules[{index}]")
        if item["id"] in rules:
            raise ContentError(f"duplicate id {item['id']!r}", file=file, item=item["id"], field="id")
        rules[item["id"]] = item["title"]
    return rules


LOADERS: Final[Mapping[str, Any]] = {"boats": load_boats, "upgrades": load_upgrades, "months": load_months,
                                      "rules": load_rules}  # fmt: skip
"""Content loaders by kind, for `tabletop validate`."""

#: The shipped boats, upgrades and months by id, and the rule catalogue.
BOATS: Final[Mapping[str, Boat]] = {b.id: b for b in load_boats()}
UPGRADES: Final[Mapping[str, Upgrade]] = {u.id: u for u in load_upgrades()}
MONTHS: Final[Mapping[str, Month]] = {m.id: m for m in load_months()}
RULES: Final[Mapping[str, str]] = load_rules()
