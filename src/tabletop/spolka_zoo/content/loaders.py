"""Loading and validating Spółka ZOO's content files: one loader per kind of file, each
raising [`ContentError`][tabletop.kernel.errors.ContentError] naming the file, the card and
the field; the shipped reference set is read with them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

import cattrs

from tabletop.kernel.content import load_items, read_package_toml, read_toml, tokens_hook
from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content.vocabulary import (
    _BOT_KINDS,
    _COMPANY_VALUES,
    _FAMILY_KINDS,
    _FIELDS,
    _FRUIT_VALUES,
    _GOAL_CONDITIONS,
    _TO_VALUES,
    _WHO,
    FRUITS,
    MARKS,
    PASSIVE_KINDS,
    SEAT_KINDS,
    TRIGGERS,
    BotCard,
    Effect,
    EventCard,
    GoalCard,
    HelperCard,
    InfluenceCard,
    IntrigueCard,
    Rule,
)

__all__ = ["LOADERS", "check_text_fruits", "shipped", "shipped_rules"]

_CONVERTER: Final = make_converter()
T = TypeVar("T")


_CONVERTER.register_structure_hook(Tokens, tokens_hook(FRUITS, noun="fruit", minimum=1, nonempty=True))


def _problem(effect: Effect, family: str) -> tuple[str, str] | None:
    """The (field, message) of the first problem of `effect` in a card of `family`."""
    if effect.kind not in _FIELDS:
        return "kind", f"unknown effect kind {effect.kind!r} (kinds: {', '.join(sorted(_FIELDS))})"
    allowed = _FIELDS[effect.kind]
    default = Effect(effect.kind)
    for field in ("who", "n", "fruit", "company", "to", "delta", "beyond", "per_share", "public"):
        if field not in allowed and getattr(effect, field) != getattr(default, field):
            return field, f"{effect.kind!r} takes no {field!r}"
    kinds = PASSIVE_KINDS if family == "passive" else _FAMILY_KINDS[family]
    if effect.kind not in kinds:
        return "kind", f"{effect.kind!r} cannot appear on {family} cards"
    return _value_problem(effect, "influence" if family == "passive" else family)


def _value_problem(effect: Effect, family: str) -> tuple[str, str] | None:
    if "who" in _FIELDS[effect.kind] and effect.who and effect.who not in _WHO[family]:
        return "who", f"who must be one of {', '.join(_WHO[family])} for {family} cards"
    if effect.kind in SEAT_KINDS and not effect.who and family in ("influence", "event"):
        return "who", f"{effect.kind!r} needs 'who' for {family} cards"
    for field, table in (("fruit", _FRUIT_VALUES), ("company", _COMPANY_VALUES), ("to", _TO_VALUES)):
        values = table.get(effect.kind)
        value = getattr(effect, field)
        if values is not None and value not in values:
            return field, f"{field} must be one of {', '.join(repr(v) for v in values)}"
    if effect.kind in _FRUIT_VALUES and effect.fruit == "" and effect.kind != "sell_bonus":
        return "fruit", f"{effect.kind!r} needs a fruit"
    if family != "influence" and (effect.company == "" and effect.kind in _COMPANY_VALUES):
        return "company", "only influence cards may leave the company to the deck being resolved"
    if family != "influence" and (effect.fruit == "own" or effect.per_share):
        return "fruit" if effect.fruit == "own" else "per_share", "only influence cards have an own company"
    if effect.kind in ("share_price", "fruit_price") and effect.delta == 0:
        return "delta", "a price effect needs a non-zero delta"
    if effect.kind == "money" and effect.n == 0:
        return "n", "money needs a non-zero n (negative: discard)"
    if effect.kind != "money" and effect.n < 0:
        return "n", "n must not be negative"
    if effect.kind == "look" and not 1 <= effect.n <= 4:
        return "n", "look sees 1 to 4 cards"
    return None


def _check_effects(effects: tuple[Effect, ...], family: str, file: str, item: str) -> None:
    for index, effect in enumerate(effects):
        problem = _problem(effect, family)
        if problem is not None:
            field, message = problem
            raise ContentError(message, file=file, item=item, field=f"effects[{index}].{field}")


def _document(data: dict[str, Any], kind: str, file: str) -> None:
    if data.get("kind") != f"spolka_zoo.{kind}":
        raise ContentError(f"expected kind = 'spolka_zoo.{kind}'", file=file, field="kind")
    if not isinstance(data.get("reference", False), bool):
        raise ContentError("expected true or false", file=file, field="reference")


def _cards(data: dict[str, Any], kind: str, cls: type[T], file: str) -> tuple[T, ...]:
    _document(data, kind, file)
    return load_items(_CONVERTER, data, "cards", cls, file=file)


def _starting(data: dict[str, Any], file: str) -> tuple[InfluenceCard, ...]:
    cards = _cards(data, "starting", InfluenceCard, file)
    for card in cards:
        if card.company not in FRUITS:
            raise ContentError(f"company must be one of {', '.join(FRUITS)}", file=file, item=card.id, field="company")
        if card.players not in MARKS:
            raise ContentError(f"players must be one of {', '.join(MARKS)}", file=file, item=card.id, field="players")
        _check_effects(card.effects, "influence", file, card.id)
    return cards


def _influence(data: dict[str, Any], file: str) -> tuple[InfluenceCard, ...]:
    cards = _cards(data, "influence", InfluenceCard, file)
    for card in cards:
        if card.company or card.players:
            raise ContentError("only starting cards name a company and a player count", file=file, item=card.id)
        if card.copies < 1:
            raise ContentError("copies must be at least 1", file=file, item=card.id, field="copies")
        _check_effects(card.effects, "influence", file, card.id)
    return cards


def _helpers(data: dict[str, Any], file: str) -> tuple[HelperCard, ...]:
    cards = _cards(data, "helpers", HelperCard, file)
    for card in cards:
        if card.trigger not in TRIGGERS:
            raise ContentError(
                f"trigger must be one of {', '.join(TRIGGERS)}", file=file, item=card.id, field="trigger"
            )
        if card.glory < 0 or card.copies < 1:
            raise ContentError("glory >= 0 and copies >= 1", file=file, item=card.id)
        if (card.trigger == "none") != (not card.effects):
            raise ContentError("a helper has effects exactly when it has an ability", file=file, item=card.id)
        _check_effects(card.effects, "passive" if card.trigger == "passive" else "helper", file, card.id)
    return cards


def _events(data: dict[str, Any], file: str) -> tuple[EventCard, ...]:
    cards = _cards(data, "events", EventCard, file)
    for card in cards:
        _check_effects(card.effects, "event", file, card.id)
    return cards


def _goals(data: dict[str, Any], file: str) -> tuple[GoalCard, ...]:
    cards = _cards(data, "goals", GoalCard, file)
    for card in cards:
        if card.condition not in _GOAL_CONDITIONS:
            message = f"condition must be one of {', '.join(_GOAL_CONDITIONS)}"
            raise ContentError(message, file=file, item=card.id, field="condition")
        if (card.condition == "fruit") != (card.fruit in FRUITS) or card.glory < 1:
            raise ContentError("a fruit goal names a fruit (others none); glory >= 1", file=file, item=card.id)
    return cards


def _intrigues(data: dict[str, Any], file: str) -> tuple[IntrigueCard, ...]:
    cards = _cards(data, "intrigues", IntrigueCard, file)
    for card in cards:
        _check_effects(card.effects, "intrigue", file, card.id)
    return cards


def _bots(data: dict[str, Any], file: str) -> tuple[BotCard, ...]:
    cards = _cards(data, "bots", BotCard, file)
    for card in cards:
        if not 1 <= len(card.effects) <= 2 or card.bonus_if not in ("done", "always"):
            raise ContentError("a bot card has 1 or 2 effects; bonus_if is done or always", file=file, item=card.id)
        for index, effect in enumerate(card.effects):
            if effect.kind not in _BOT_KINDS:
                message = f"unknown bot effect {effect.kind!r} (kinds: {', '.join(_BOT_KINDS)})"
                raise ContentError(message, file=file, item=card.id, field=f"effects[{index}].kind")
            for field in ("company", "to"):
                value = getattr(effect, field)
                if value and value not in FRUITS:
                    raise ContentError("expected a company", file=file, item=card.id, field=f"effects[{index}].{field}")
    return cards


def _rules(data: dict[str, Any], file: str) -> tuple[Rule, ...]:
    if data.get("kind") != "spolka_zoo.rules":
        raise ContentError("expected kind = 'spolka_zoo.rules'", file=file, field="kind")
    rules = load_items(_CONVERTER, data, "rules", Rule, file=file)
    for rule in rules:
        section, _, number = rule.id.removeprefix("ZOO-").partition(".")
        if not rule.id.startswith("ZOO-") or not section.isdigit() or not number.isdigit():
            raise ContentError("rule IDs look like ZOO-4.9", file=file, item=rule.id, field="id")
    return rules


_PARSERS: Final[Mapping[str, Callable[[dict[str, Any], str], tuple[Any, ...]]]] = {
    "starting": _starting,
    "influence": _influence,
    "helpers": _helpers,
    "events": _events,
    "goals": _goals,
    "intrigues": _intrigues,
    "bots": _bots,
    "rules": _rules,
}


#: A fruit named in a card's text: ``apple``, ``apples``, ``Lemon``... (not the ``apple`` in ``pineapple``).
_FRUIT_WORD: Final = re.compile(r"\b(apple|lemon|pineapple)s?\b", re.IGNORECASE)


#: Effect values that pick one or several of the three fruits or companies (not ``"own"``:
#: that is the deck's fruit, which moving the card to another deck changes).
_ANY_FRUIT: Final = frozenset(
    {"each", "all", "choice", "scarcest", "most", "cheapest", "dearest", "leftmost", "rightmost", "next", "previous"}
)


def _fruits_used(card: object) -> tuple[list[tuple[str, str]], bool]:
    """The fixed fruits a card's data uses, as (field, fruit) — effects' `fruit`, `company`
    and `to`, a helper's cost, a goal's fruit — and whether an effect picks among all three
    (`"each"`, `"choice"`, `"scarcest"`...)."""
    used: list[tuple[str, str]] = []
    picks = False
    for index, effect in enumerate(getattr(card, "effects", ())):
        for field in ("fruit", "company", "to"):
            value = getattr(effect, field, "")
            if value in FRUITS:
                used.append((f"effects[{index}].{field}", value))
            picks = picks or value in _ANY_FRUIT
    if isinstance(card, HelperCard):
        used.extend(("cost", fruit) for fruit in card.cost)
    if isinstance(card, GoalCard) and card.fruit in FRUITS:
        used.append(("fruit", card.fruit))
    return used, picks


def check_text_fruits(cards: tuple[Any, ...], file: str) -> None:
    """Refuse a card whose text and data disagree about the fruits (ZOO FAQ: the card's text
    takes precedence).

    Every fruit the text names (`"Put 2 apples ..."`) must be used by the card's data
    (`fruit = "apple"`; `"own"` is the deck's fruit, which a card moved to another deck
    changes), unless the text names several fruits and an effect picks among them
    (`"each"`, `"choice"`...). Every fixed fruit the data uses (but a helper's cost,
    printed apart) must be named in the text.

    Raises:
        ContentError: Naming the file, the card id, the field (`text`, or the effect's
            field such as `effects[0].fruit`) and the fruit.
    """
    for card in cards:
        text = getattr(card, "text", "")
        named = {match.group(1).lower() for match in _FRUIT_WORD.finditer(text)}
        used, picks = _fruits_used(card)
        fruits = {fruit for _, fruit in used}
        if not (picks and len(named) > 1):
            for fruit in sorted(named - fruits):
                message = (
                    f"the text names {fruit!r} but no effect uses it (fixed fruits used: "
                    f"{', '.join(sorted(fruits)) or 'none'}; write fruit = {fruit!r}, not 'own')"
                )
                raise ContentError(message, file=file, item=card.id, field="text")
        for field, fruit in used:
            if fruit not in named and field != "cost":  # the cost is printed apart from the text
                message = f"{fruit!r} is used but the text does not name it: {text!r}"
                raise ContentError(message, file=file, item=card.id, field=field)


def _parse(kind: str, data: dict[str, Any], file: str) -> tuple[Any, ...]:
    """Validate `data` as a `spolka_zoo.{kind}` file, then its texts against its data."""
    cards = _PARSERS[kind](data, file)
    if kind != "rules":
        check_text_fruits(cards, file)
    return cards


def _loader(kind: str) -> Callable[[Path], tuple[Any, ...]]:
    def load(path: Path) -> tuple[Any, ...]:
        return _parse(kind, read_toml(path), Path(path).name)

    load.__doc__ = f"Load and validate a ``spolka_zoo.{kind}`` file."
    return load


LOADERS: Final = {kind: _loader(kind) for kind in _PARSERS}
"""Loaders by content kind, for `tabletop validate`."""


def shipped(kind: str) -> tuple[Any, ...]:
    """The shipped file of `kind` (`data/<kind>.toml`), loaded and validated."""
    name = f"data/{kind}.toml"
    try:
        return _parse(kind, read_package_toml("tabletop.spolka_zoo", name), name)
    except cattrs.BaseValidationError as exc:  # pragma: no cover  (load_items converts these)
        raise ContentError(str(exc), file=name) from None


def shipped_rules() -> tuple[Rule, ...]:
    """The rule catalogue shipped in `data/rules.toml`."""
    return shipped("rules")
