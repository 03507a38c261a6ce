"""Conservas content: boats, upgrades, months and the rule catalogue, loaded from TOML.

Every file starts with `kind = "conservas.<kind>"`. The loaders validate shapes and game
facts (a catch size from 1 to 5, an effect kind from the vocabulary with the phase its card
shows, a market space that needs fish, not water...) and raise
[`ContentError`][tabletop.kernel.errors.ContentError] naming the file, the item and the field, so the
owner of a printed copy can type the real cards in without code.

The shipped content is loaded once at import into module-level tables (`BOATS`,
`UPGRADES`, `MONTHS`, `RULES`). Where the rulebook and public sources do not
give a value, the shipped files hold a *reference set*, labelled in each file and item.

Upgrade effects are data drawn from a small vocabulary ([`EFFECTS`][tabletop.conservas.cards.EFFECTS]); see
`docs/conservas/content.md` for what each kind does.

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

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs
import cattrs

from tabletop.conservas.cards import (
    BOAT_COUNT,
    COSTS,
    EFFECTS,
    FILLS,
    FISH,
    FREQUENCIES,
    KINDS,
    MONTH_NAMES,
    PHASES,
    SPECIALS,
    SUPPLY,
    UPGRADE_COUNT,
    Boat,
    Effect,
    EffectSpec,
    Goal,
    Month,
    Space,
    Special,
    Upgrade,
)
from tabletop.kernel.content import load_items, read_package_toml, read_toml, structure_item, tokens_hook
from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens

__all__ = [
    "BOATS",
    "COSTS",
    "EFFECTS",
    "FILLS",
    "FISH",
    "FREQUENCIES",
    "KINDS",
    "LOADERS",
    "MONTHS",
    "MONTH_NAMES",
    "PHASES",
    "RULES",
    "SPECIALS",
    "SUPPLY",
    "UPGRADES",
    "Boat",
    "Effect",
    "EffectSpec",
    "Goal",
    "Month",
    "Space",
    "Special",
    "Upgrade",
    "load_boats",
    "load_months",
    "load_rules",
    "load_upgrades",
]

# Loading ----------------------------------------------------------------------------------


def _converter() -> cattrs.Converter:
    converter = make_converter()
    converter.register_structure_hook(Tokens, tokens_hook(KINDS))
    return converter


_CONVERTER: Final = _converter()


def _check_kind(data: Mapping[str, Any], kind: str, file: str) -> None:
    if data.get("kind") != f"conservas.{kind}":
        raise ContentError(f"expected kind = 'conservas.{kind}', got {data.get('kind')!r}", file=file, field="kind")


def _read(source: str | Path | None, name: str) -> tuple[dict[str, Any], str]:
    if source is None:
        return read_package_toml("tabletop.conservas", f"data/{name}"), name
    path = Path(source)
    return read_toml(path), path.name


def load_boats(source: str | Path | None = None) -> tuple[Boat, ...]:
    """Load and check a boats file (default: the shipped `data/boats.toml`).

    Raises:
        ContentError: Naming the file, boat and field of the first problem.
    """
    data, file = _read(source, "boats.toml")
    _check_kind(data, "boats", file)
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
    data, file = _read(source, "upgrades.toml")
    _check_kind(data, "upgrades", file)
    upgrades = load_items(_CONVERTER, data, "upgrades", Upgrade, file=file)
    for card in upgrades:
        _check_upgrade(card, file)
    if len(upgrades) != UPGRADE_COUNT:
        raise ContentError(f"expected {UPGRADE_COUNT} upgrades, found {len(upgrades)}", file=file, item="upgrades")
    return upgrades


def _check_upgrade(card: Upgrade, file: str) -> None:
    def fail(message: str, field: str) -> NoReturn:
        raise ContentError(message, file=file, item=card.id, field=field)

    if card.cost not in COSTS:
        fail(f"cost must be one of {', '.join(COSTS)}; got {card.cost!r}", "cost")
    if card.phase not in PHASES:
        fail(f"phase must be one of {', '.join(PHASES)}; got {card.phase!r}", "phase")
    if card.frequency not in FREQUENCIES:
        fail(f"frequency must be one of {', '.join(FREQUENCIES)}; got {card.frequency!r}", "frequency")
    effect = card.effect
    spec = EFFECTS.get(effect.kind)
    if spec is None:
        fail(f"unknown effect kind {effect.kind!r} (kinds: {', '.join(EFFECTS)})", "effect.kind")
        return
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
    if fish and fish not in FISH:
        return f"unknown fish {fish!r} (fish: {', '.join(FISH)})"
    if rule == "no" and fish:
        return "this rule is not limited to a fish kind"
    if rule == "required" and not fish:
        return "this rule needs a fish kind"
    return ""


def load_months(source: str | Path | None = None) -> tuple[Month, ...]:
    """Load and check a months file (default: the shipped `data/months.toml`).

    Raises:
        ContentError: Naming the file, month and field of the first problem.
    """
    data, file = _read(source, "months.toml")
    _check_kind(data, "months", file)
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
    data, file = _read(source, "rules.toml")
    _check_kind(data, "rules", file)
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


LOADERS: Final[Mapping[str, Any]] = {
    "boats": load_boats,
    "upgrades": load_upgrades,
    "months": load_months,
    "rules": load_rules,
}
"""Content loaders by kind, for `tabletop validate`."""

#: The shipped boats, upgrades and months by id, and the rule catalogue.
BOATS: Final[Mapping[str, Boat]] = {b.id: b for b in load_boats()}
UPGRADES: Final[Mapping[str, Upgrade]] = {u.id: u for u in load_upgrades()}
MONTHS: Final[Mapping[str, Month]] = {m.id: m for m in load_months()}
RULES: Final[Mapping[str, str]] = load_rules()
