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

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
import cattrs

from tabletop.kernel.content import load_items, read_package_toml, read_toml, tokens_hook
from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens

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
    "NAMES",
    "STARTING",
    "STARTING_DECKS",
    "TEXTS",
    "TOKENS",
    "BotCard",
    "BotEffect",
    "Card",
    "Effect",
    "EventCard",
    "GoalCard",
    "HelperCard",
    "InfluenceCard",
    "IntrigueCard",
    "card",
    "check_text_fruits",
    "shipped_rules",
    "starting_deck",
]

FRUITS: Final = ("apple", "lemon", "pineapple")
"""The three companies (and their fruits), in the fixed order every per-company tuple uses."""
TOKENS: Final = ("share", "fruit", "helper", "lobby", "speculate", "duplicate")
"""The six action tokens."""
MARKS: Final = {"2+": 2, "3": 3, "4+": 4, "5": 5}
"""The player-count marks of the starting company cards and the smallest seat count they need."""
TRIGGERS: Final = ("share", "fruit", "lobby", "speculate", "any", "passive", "none")
"""What a helper's ability waits for: a token (icons: share/fruit trading, lobbying, speculation), any token, nothing
(works by itself), or no ability at all."""

_COMPANY_PICKS: Final = ("", *FRUITS)
_FIELDS: Final = {
    "money": {"who", "n", "per_share"},
    "fruit_to_company": {"who", "fruit", "n", "company"},
    "take_fruit": {"who", "n"},
    "discard_fruit": {"who", "n"},
    "share_price": {"who", "company", "delta", "beyond"},
    "fruit_price": {"who", "fruit", "delta", "beyond"},
    "buy_share": {"who", "company", "n"},
    "sell_share": {"who", "company", "n"},
    "buy_fruit": {"who", "fruit", "n"},
    "sell_fruit": {"who", "fruit", "n"},
    "move_card": {"who", "company", "to", "public"},
    "look": {"who", "company", "n", "to"},
    "remove_self": set(),
    "refresh_influence": set(),
    "move_share": {"who"},
    "swap_fruit": {"who"},
    "share_discount": {"n"},
    "fruit_discount": {"n"},
    "sell_bonus": {"fruit", "n"},
    "division_money": {"n"},
}
#: Effect kinds that make a helper's ability passive (working by itself).
PASSIVE_KINDS: Final = frozenset({"share_discount", "fruit_discount", "sell_bonus", "division_money"})
_ACTIVE: Final = frozenset(_FIELDS) - PASSIVE_KINDS
_FAMILY_KINDS: Final = {
    "influence": _ACTIVE - {"refresh_influence", "move_share", "swap_fruit"},
    "helper": _ACTIVE - {"remove_self", "take_fruit"},
    "event": frozenset({"money", "fruit_to_company", "discard_fruit", "share_price", "fruit_price"}),
    "intrigue": _ACTIVE - {"remove_self", "take_fruit"},
}
_WHO: Final = {
    "influence": ("majority", "minorities", "shareholders", "all"),
    "helper": ("self",),
    "event": ("all", "first", "richest", "poorest"),
    "intrigue": ("self", "others", "all", "choice"),
}
#: Kinds that act on each seat named by ``who`` (the others act once, ``who`` deciding).
SEAT_KINDS: Final = frozenset(
    {"money", "take_fruit", "discard_fruit", "buy_share", "sell_share", "buy_fruit", "sell_fruit"}
    | {"look", "move_share", "swap_fruit"}
)
_FRUIT_VALUES: Final = {
    "fruit_to_company": (*FRUITS, "own", "choice", "each", "scarcest", "most"),
    "fruit_price": (*FRUITS, "own", "choice", "all", "scarcest", "most", "cheapest", "dearest"),
    "buy_fruit": (*FRUITS, "choice"),
    "sell_fruit": (*FRUITS, "choice"),
    "sell_bonus": (*FRUITS, "share"),
}
_COMPANY_VALUES: Final = {
    "fruit_to_company": (*_COMPANY_PICKS, "choice", "leftmost", "rightmost"),
    "share_price": (*_COMPANY_PICKS, "choice", "all", "cheapest", "dearest", "leftmost", "rightmost"),
    "buy_share": (*_COMPANY_PICKS, "choice"),
    "sell_share": (*_COMPANY_PICKS, "choice"),
    "move_card": (*_COMPANY_PICKS, "choice"),
    "look": (*_COMPANY_PICKS, "choice"),
}
_TO_VALUES: Final = {"move_card": ("next", "previous", "choice", *FRUITS), "look": ("bottom", "remove")}


@attrs.frozen
class Effect:
    """One effect of a card, from the vocabulary (see `docs/spolka_zoo/content.md`).

    Attributes:
        kind: What happens (`"money"`, `"fruit_to_company"`, `"share_price"`...).
        who: Which seats it concerns or who decides (`"majority"`, `"self"`...);
            empty means the card family's default.
        n: A count (fruits, coins, cards) or, for purchases, a discount / for sales a bonus.
        fruit: A fruit, or a rule picking one (`"choice"`, `"scarcest"`...).
        company: A company, or a rule picking one; empty means the company whose deck is
            being resolved.
        to: Where a card goes (`"next"`, `"choice"`, a company; `"bottom"`/`"remove"`).
        delta: How far a price moves.
        beyond: The price may leave its base track (above the top, down to 0).
        per_share: `money` is paid per share held in the company.
        public: A moved card is moved face up.
    """

    kind: str
    who: str = ""
    n: int = 1
    fruit: str = ""
    company: str = ""
    to: str = ""
    delta: int = 0
    beyond: bool = False
    per_share: bool = False
    public: bool = False


@attrs.frozen
class InfluenceCard:
    """A starting company card (`company` and `players` set) or an influence card."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    end: bool = False
    copies: int = 1
    company: str = ""
    players: str = ""


@attrs.frozen
class HelperCard:
    """A helper: its fruit cost, glory, and ability (`trigger` + `effects`)."""

    id: str
    name: str
    text: str
    cost: Tokens
    glory: int
    trigger: str = "none"
    effects: tuple[Effect, ...] = ()
    not_at_end: bool = False
    copies: int = 1


@attrs.frozen
class EventCard:
    """An event card of the events module."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]


@attrs.frozen
class GoalCard:
    """A hidden goal: a condition checked at the start of the end of the game, and its glory.

    `condition` is one of `shares_everywhere`, `majorities` (in at least `n`
    companies), `helpers` (at least `n`), `fruit` (at least `n` of `fruit`),
    `money` (at least `n` coins).
    """

    id: str
    name: str
    text: str
    condition: str
    glory: int
    n: int = 0
    fruit: str = ""


@attrs.frozen
class IntrigueCard:
    """An intrigue card of the intrigues module."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    copies: int = 1


@attrs.frozen
class BotEffect:
    """One effect of a bot card (the public bot deck).

    `kind` is one of `buy_cheapest_fruit`, `hire_helper`, `move_top` (from
    `company` onto `to`, face up), `sell_fruit` (worth `min_price` or more),
    `refresh_influence`, `buy_cheapest_share`, `buy_share` (in `company` if its price
    is `max_price` or less), `lobby_top` (into `company`, only when the bot is not the
    first player), `sell_dearest_share`.
    """

    kind: str
    company: str = ""
    to: str = ""
    min_price: int = 0
    max_price: int = 0


@attrs.frozen
class BotCard:
    """A bot card: one or two effects and a coin bonus.

    `bonus_if` is `"done"` (paid when at least one effect was carried out) or
    `"always"` (paid whenever the card is carried out).
    """

    id: str
    text: str
    effects: tuple[BotEffect, ...]
    bonus: int
    bonus_if: str = "done"


_BOT_KINDS: Final = (
    "buy_cheapest_fruit",
    "hire_helper",
    "move_top",
    "sell_fruit",
    "refresh_influence",
    "buy_cheapest_share",
    "buy_share",
    "lobby_top",
    "sell_dearest_share",
)
_GOAL_CONDITIONS: Final = ("shares_everywhere", "majorities", "helpers", "fruit", "money")

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


@attrs.frozen
class Rule:
    """One entry of the rule catalogue: an ID (`ZOO-4.9`) and a short title."""

    id: str
    title: str


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


def _shipped(kind: str) -> tuple[Any, ...]:
    name = f"data/{kind}.toml"
    try:
        return _parse(kind, read_package_toml("tabletop.spolka_zoo", name), name)
    except cattrs.BaseValidationError as exc:  # pragma: no cover  (load_items converts these)
        raise ContentError(str(exc), file=name) from None


def shipped_rules() -> tuple[Rule, ...]:
    """The rule catalogue shipped in `data/rules.toml`."""
    return _shipped("rules")


#: The shipped reference set (and the public bot deck), loaded once at import.
STARTING: Final[tuple[InfluenceCard, ...]] = _shipped("starting")
INFLUENCE: Final[tuple[InfluenceCard, ...]] = _shipped("influence")
HELPER: Final[tuple[HelperCard, ...]] = _shipped("helpers")
EVENT: Final[tuple[EventCard, ...]] = _shipped("events")
GOAL: Final[tuple[GoalCard, ...]] = _shipped("goals")
INTRIGUE: Final[tuple[IntrigueCard, ...]] = _shipped("intrigues")
BOT: Final[tuple[BotCard, ...]] = _shipped("bots")


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
