"""Spółka ZOO's effect vocabulary: the companies, the tokens, the effect kinds with their
parameters, and the card classes every content file is read into (see
`docs/spolka_zoo/content.md` for every kind and parameter)."""

from __future__ import annotations

from typing import Final

import attrs

from tabletop.kernel.tokens import Tokens

__all__ = [
    "FRUITS",
    "MARKS",
    "PASSIVE_KINDS",
    "SEAT_KINDS",
    "TOKENS",
    "TRIGGERS",
    "BotCard",
    "BotEffect",
    "Effect",
    "EventCard",
    "GoalCard",
    "HelperCard",
    "InfluenceCard",
    "IntrigueCard",
    "Rule",
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


@attrs.frozen
class Rule:
    """One entry of the rule catalogue: an ID (`ZOO-4.9`) and a short title."""

    id: str
    title: str
