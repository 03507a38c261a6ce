"""Each rule a Conservas move must keep, written once and tagged with its rule ID.

A [`Check`][tabletop.conservas.checks.Check] tests one rule for one move and says why the
move breaks it (or `""` when it keeps it). [`CHECKS`][tabletop.conservas.checks.CHECKS]
lists, for each move class, its checks in the order they are tried. Both sides of legality
use them:

* the legal-move generators (in [`tabletop.conservas.rules`][tabletop.conservas.rules]) keep
  a candidate only if it passes the checks of its class
  ([`passes`][tabletop.conservas.checks.passes]), so a generated move passes every check;
* [`refusal`][tabletop.conservas.checks.refusal] explains an illegal move by the first check
  it fails: the [`IllegalMove`][tabletop.kernel.errors.IllegalMove] carries that check's
  `code` and `rule`.

Three generators are combinatorial and build their candidates so that they keep the checks,
rather than filter every candidate through them (which would mean listing every multiset of
the handful or of the catch): placements (`place`, the sub-multisets of the handful of the
boat's catch size), returns (`return`, the sub-multisets of the extra tokens' size) and
trades (`trade`, the payments the cost pattern allows from the catch). The chance outcomes
(`token`, `card`) come from the kernel's `Bag.outcomes()` and `Deck.draw_outcomes()`. For
these the property suite tests agreement instead: every generated move passes every check,
and every refused move names a check it fails.

The values the checks compare against (a boat's catch size with upgrades, a boat's price
after discounts, a boat's upkeep this End of Day, whether a market space is open, the
payments an upgrade's cost allows) are here too, beside the checks that use them.

| code | rule | when |
|---|---|---|
| `not-in-bag` | CON-2.1 | the drawn kind is not in the bag |
| `not-in-deck` | CON-1.5/6/8, CON-4.3/4 | the dealt card is not among the unknown cards |
| `not-offered` | CON-1.5 | the chosen boat was not one of the two offered |
| `not-your-card` | CON-2.2 | the card is neither one of your boats nor Open Water |
| `card-used` | CON-2.2 | the card already received a handful this round |
| `not-drawn` | CON-2.3 | the tokens named are not in the handful |
| `open-water-keeps` | CON-2.4 | nothing stays on the Open Water card |
| `wrong-catch` | CON-2.3 | a boat must keep exactly its catch size |
| `no-redraw` | CON-6.4 | no upgrade lets you redraw now |
| `wrong-return` | CON-6.6 | return exactly the extra tokens drawn |
| `unknown-space` | CON-3.2 | the month's market has no such space |
| `space-filled` | CON-3.2 | the space was sold to already |
| `fill-order` | CON-3.4 | the month's fill order needs another space first |
| `wrong-fish` | CON-3.2 | the tokens are not exactly what the space needs |
| `not-caught` | CON-3.1 | those fish are not on your boats |
| `bad-leave` | CON-3.3 | the token left on the space must be one of those sold |
| `not-in-row` | CON-3.5/7 | the card is not face up in its row |
| `water-has-no-value` | CON-3.1 | water cannot pay for anything |
| `wrong-cost` | CON-3.5 | the fish do not match the upgrade's cost pattern |
| `keep-token` | CON-3.6 | the kept token is wrong for this card |
| `too-dear` | CON-3.7 | not enough money for the boat |
| `wrong-row` | CON-4.3/4 | the other row is being refilled now |
| `not-due` | CON-4.6 | the boat owes no upkeep now |
| `cannot-pay` | CON-4.6 | not enough money for this boat's upkeep |
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from tabletop.conservas.content import BOATS, MONTHS, UPGRADES, Month, Upgrade
from tabletop.conservas.moves import (
    OPEN_WATER,
    Buy,
    Choose,
    Deal,
    Draw,
    Place,
    Redraw,
    Return,
    Row,
    Sell,
    Trade,
    Upkeep,
)
from tabletop.conservas.state import ConservasState, Position
from tabletop.kernel.deck import Deck
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = [
    "CHECKS",
    "MAX_CATCH",
    "PREREQ",
    "SPACE_INDEX",
    "Check",
    "boat_price",
    "catch_size",
    "deal_deck",
    "is_open",
    "passes",
    "payments",
    "redraw_card",
    "refusal",
    "upkeep_of",
    "works_now",
]

MAX_CATCH: Final = 5
"""No card ever holds more than 5 tokens (public fact), whatever the upgrades."""


@attrs.frozen
class Check:
    """One rule a move must keep.

    Attributes:
        rule: The rule ID (`"CON-3.4"`), the `rule` of the refusal.
        code: The stable code of the refusal (`"fill-order"`).
        test: `test(state, move)`: why `move` breaks the rule in `state`, or `""`; a check
            the generators try often and see fail gives a function writing the message, so
            it is written only when read ([`why`][tabletop.conservas.checks.Check.why]).
        rule_at: For a rule that depends on the step (which deck a card is dealt from), the
            rule ID at `state`; `None` when `rule` always holds.
    """

    rule: str
    code: str
    test: Callable[[ConservasState, Any], str | Callable[[], str]]
    rule_at: Callable[[ConservasState], str] | None = None

    def __call__(self, state: ConservasState, move: Move) -> str:
        """Why `move` breaks this rule in `state`, or `""`."""
        return self.why(state, move)

    def why(self, state: ConservasState, move: Move) -> str:
        """Why `move` breaks this rule in `state` (the message written out), or `""`."""
        found = self.test(state, move)
        return found if isinstance(found, str) else found()

    def __repr__(self) -> str:
        return f"Check({self.rule}, {self.code!r})"


def _card_name(card: str) -> str:
    if card in BOATS:
        return f"boat {BOATS[card].name!r}"
    if card in UPGRADES:
        return f"upgrade {UPGRADES[card].name!r}"
    return "the Open Water card" if card == OPEN_WATER else repr(card)


# The values the checks compare against ----------------------------------------------------


def works_now(state: Position, card: Upgrade, bought: int) -> bool:
    """Whether an automatic upgrade effect works now (CON-6.1): a `when_bought` card only in
    the round it was bought (once-per-round use is checked by the caller)."""
    return card.frequency != "when_bought" or bought == state.flow.round


def catch_size(state: Position, boat: str) -> int:
    """How many tokens of a handful stay on `boat` (CON-2.3, CON-6.5), at most 5."""
    bonus = sum(e.amount for _, _, _, e in state.owned_effects("catch_bonus"))
    return min(MAX_CATCH, BOATS[boat].catch + bonus)


def redraw_card(state: Position) -> str:
    """The upgrade a `redraw` would use now, or `""` (CON-6.4).

    An ongoing card works once per handful, a once-per-round card once per round; ongoing
    cards are used first, so the once-per-round ones are saved.
    """
    ready = ""
    for card_id, _, card, _ in state.owned_effects("redraw"):
        if card.frequency == "ongoing" and card_id not in state.handful_spent:
            return card_id
        if card.frequency == "once_per_round" and card_id not in state.spent and not ready:
            ready = card_id
    return ready


def boat_price(state: Position, boat: str) -> tuple[int, tuple[str, ...]]:
    """What `boat` costs now (never below 0), and the once-per-round cards it uses up (CON-6.8).

    The discounts that cost nothing to use (ongoing, and round-bought ones in their round)
    apply first; a once-per-round card is used only if the boat still costs something, so it
    is never spent on a boat that the other discounts already make free.
    """
    cost = BOATS[boat].cost
    once: list[tuple[str, int]] = []
    for card_id, bought, card, effect in state.owned_effects("boat_discount"):
        if card.frequency == "once_per_round":
            if card_id not in state.spent:
                once.append((card_id, effect.amount))
        elif works_now(state, card, bought):
            cost = max(0, cost - effect.amount)
    used: list[str] = []
    for card_id, amount in once:
        if cost <= 0:
            break
        used.append(card_id)
        cost = max(0, cost - amount)
    return cost, tuple(used)


def upkeep_of(state: Position, boat: str) -> int:
    """The upkeep `boat` owes at this End of Day (CON-4.6, CON-6.9, CON-7.2), never below 0."""
    rise = sum(
        s.amount for s in MONTHS[state.month].special if s.kind == "upkeep_rise" and state.flow.round in s.rounds
    )
    discount = sum(
        e.amount for _, bought, card, e in state.owned_effects("upkeep_discount") if works_now(state, card, bought)
    )
    return max(0, BOATS[boat].upkeep + rise - discount)


def _prerequisites(month: Month) -> tuple[int, ...]:
    where = {(s.row, s.col): i for i, s in enumerate(month.spaces)}
    before: list[int] = []
    for space in month.spaces:
        if month.fill == "rows":
            before.append(where.get((space.row, space.col - 1), -1))
        elif month.fill == "columns":
            before.append(where.get((space.row - 1, space.col), -1))
        else:
            before.append(-1)
    return tuple(before)


PREREQ: Final[Mapping[str, tuple[int, ...]]] = {m.id: _prerequisites(m) for m in MONTHS.values()}
"""Per month: for each space, the index of the space that must be filled first, or -1 (CON-3.4, CON-7.1)."""
SPACE_INDEX: Final[Mapping[str, Mapping[str, int]]] = {
    m.id: {s.id: i for i, s in enumerate(m.spaces)} for m in MONTHS.values()
}
"""Per month: space id -> index."""


def is_open(state: Position, index: int) -> bool:
    """True when space `index` is empty and the fill order allows it now (CON-3.2, CON-3.4)."""
    if state.market[index]:
        return False
    before = PREREQ[state.month][index]
    return before < 0 or bool(state.market[before])


def payments(cost: str, catch: Tokens) -> tuple[Tokens, ...]:
    """The distinct ways to pay an upgrade `cost` pattern with the fish in `catch` (CON-3.5)."""
    kinds = [kind for kind in catch if kind != "water"]
    if cost == "any":
        return tuple(Tokens({kind: 1}) for kind in kinds)
    if cost == "same":
        return tuple(Tokens({kind: 2}) for kind in kinds if catch[kind] >= 2)
    return tuple(Tokens({a: 1, b: 1}) for i, a in enumerate(kinds) for b in kinds[i + 1 :])


def deal_deck(state: Position) -> Deck:
    """The deck the current deal step deals from: boats, or upgrades once the setup boat row
    is full and at the End of Day's upgrade deal."""
    key = state.flow.key
    if key == "eod.upgrade_deal" or (key == "setup.deal" and len(state.boat_row) >= 3):
        return state.upgrade_deck
    return state.boat_deck


# Chance and setup -------------------------------------------------------------------------


def _in_bag(state: ConservasState, move: Draw) -> str:
    return "" if move.token in state.bag.contents else f"the bag holds no {move.token!r} (bag: {state.bag.contents})"


def _in_deck(state: ConservasState, move: Deal) -> str:
    return "" if move.card in deal_deck(state).middle else f"{move} is not one of the unknown cards of the deck"


_DEAL_RULES: Final = {
    "setup.offer": "CON-1.5",
    "setup.deal": "CON-1.6",
    "eod.boat_deal": "CON-4.3",
    "eod.upgrade_deal": "CON-4.4",
}


def _deal_rule(state: ConservasState) -> str:
    if state.flow.key == "setup.deal" and len(state.boat_row) >= 3:
        return "CON-1.8"
    return _DEAL_RULES.get(state.flow.key, "CON-1.6")


def _offered(state: ConservasState, move: Choose) -> str:
    if move.boat in state.offer:
        return ""
    return f"boat {move.boat!r} was not offered (offered: {', '.join(state.offer)})"


# At Sea ------------------------------------------------------------------------------------


def _your_card(state: ConservasState, move: Place) -> str:
    if move.card == OPEN_WATER or move.card in state.fleet:
        return ""
    return f"{move.card!r} is neither one of your boats nor the Open Water card"


def _unused(state: ConservasState, move: Place) -> str:
    return f"{_card_name(move.card)} already received a handful this round" if move.card in state.used else ""


def _drawn(state: ConservasState, move: Place) -> str:
    return "" if move.kept <= state.hand else f"the handful ({state.hand}) does not hold {move.kept}"


def _open_water_keeps_none(state: ConservasState, move: Place) -> str:
    return "the whole handful on the Open Water card is Deep Sea" if move.card == OPEN_WATER and move.kept else ""


def _catch_size(state: ConservasState, move: Place) -> str:
    if move.card == OPEN_WATER:
        return ""
    size = catch_size(state, move.card)
    if move.kept.total == size:
        return ""
    return f"{_card_name(move.card)} keeps exactly {size} token(s) (its catch size), not {move.kept.total}"


def _can_redraw(state: ConservasState, move: Redraw) -> str:
    return "" if redraw_card(state) else "no upgrade lets you redraw now"


def _redraw_drawn(state: ConservasState, move: Redraw) -> str:
    return "" if move.token in state.hand else f"the handful ({state.hand}) holds no {move.token!r}"


def _return_count(state: ConservasState, move: Return) -> str:
    if move.tokens.total == state.to_return:
        return ""
    return f"return exactly {state.to_return} token(s), not {move.tokens.total}"


def _return_drawn(state: ConservasState, move: Return) -> str:
    return "" if move.tokens <= state.hand else f"the handful ({state.hand}) does not hold {move.tokens}"


# On Land -----------------------------------------------------------------------------------

_ORDER: Final = {
    "rows": "fills each row left to right",
    "columns": "fills each column top to bottom",
    "any": "may be filled in any order",
}


def _space_exists(state: ConservasState, move: Sell) -> str:
    if move.space in SPACE_INDEX[state.month]:
        return ""
    return f"{MONTHS[state.month].name}'s market has no space {move.space!r}"


def _space_empty(state: ConservasState, move: Sell) -> str:
    return f"space {move.space} was already filled" if state.market[SPACE_INDEX[state.month][move.space]] else ""


def _fill_order(state: ConservasState, move: Sell) -> str:
    index = SPACE_INDEX[state.month][move.space]
    before = PREREQ[state.month][index]
    if before < 0 or state.market[before]:
        return ""
    month = MONTHS[state.month]
    return f"{month.name}'s market {_ORDER[month.fill]}: fill {month.spaces[before].id} before {move.space}"


def _right_fish(state: ConservasState, move: Sell) -> str:
    needs = MONTHS[state.month].spaces[SPACE_INDEX[state.month][move.space]].needs
    return "" if move.paid == needs else f"space {move.space} needs exactly {needs}, not {move.paid}"


def _caught(state: ConservasState, move: Sell | Trade) -> str | Callable[[], str]:
    return "" if move.paid <= state.catch else lambda: f"your boats hold {state.catch or 'nothing'}, not {move.paid}"


def _leave_sold(state: ConservasState, move: Sell) -> str:
    return "" if move.leave in move.paid else f"the token left on the space must be one of {move.paid}"


def _upgrade_in_row(state: ConservasState, move: Trade) -> str:
    if move.card in state.upgrade_row:
        return ""
    return f"{move.card!r} is not a face-up upgrade (row: {', '.join(state.upgrade_row) or 'empty'})"


def _fish_only(state: ConservasState, move: Trade) -> str:
    return "water has no value: only fish pay for upgrades" if "water" in move.paid else ""


_WANTED: Final = {"any": "one fish", "same": "two fish of the same kind", "different": "two different fish"}


def _cost(state: ConservasState, move: Trade) -> str:
    card = UPGRADES[move.card]
    if move.paid in payments(card.cost, move.paid):
        return ""
    return f"{card.name} costs {_WANTED[card.cost]}; {move.paid} does not match"


def _kept_token(state: ConservasState, move: Trade) -> str:
    card = UPGRADES[move.card]
    if card.keep_token:
        if move.keep in move.paid:
            return ""
        return f"{card.name} keeps one paid token: name it with 'leave <kind>', one of {move.paid}"
    return "" if not move.keep else f"{card.name} keeps no token: the fish paid go to the supply"


def _boat_in_row(state: ConservasState, move: Buy) -> str:
    if move.boat in state.boat_row:
        return ""
    return f"{move.boat!r} is not a face-up boat (row: {', '.join(state.boat_row) or 'empty'})"


def _affordable(state: ConservasState, move: Buy) -> str:
    cost, _ = boat_price(state, move.boat)
    return "" if cost <= state.money else f"{_card_name(move.boat)} costs {cost} euros; you have {state.money}"


# End of Day ----------------------------------------------------------------------------------


def _row_now(state: ConservasState) -> str:
    return "boats" if state.flow.step == "boat_choice" else "upgrades"


def _this_row(state: ConservasState, move: Row) -> str:
    now = _row_now(state)
    return "" if move.row == now else f"the {now} row is being refilled now, not the {move.row} row"


def _row_rule(state: ConservasState) -> str:
    return "CON-4.3" if _row_now(state) == "boats" else "CON-4.4"


def _due(state: ConservasState, move: Upkeep) -> str:
    if move.boat in state.due:
        return ""
    return f"{_card_name(move.boat)} owes no upkeep now (due: {', '.join(state.due) or 'none'})"


def _can_pay(state: ConservasState, move: Upkeep) -> str:
    cost = upkeep_of(state, move.boat)
    if cost <= state.money:
        return ""
    return f"{_card_name(move.boat)}'s upkeep is {cost} euros; you have {state.money}"


CHECKS: Final[Mapping[type[Move], tuple[Check, ...]]] = {
    Draw: (Check("CON-2.1", "not-in-bag", _in_bag),),
    Deal: (Check("CON-1.6", "not-in-deck", _in_deck, _deal_rule),),
    Choose: (Check("CON-1.5", "not-offered", _offered),),
    Place: (
        Check("CON-2.2", "not-your-card", _your_card),
        Check("CON-2.2", "card-used", _unused),
        Check("CON-2.3", "not-drawn", _drawn),
        Check("CON-2.4", "open-water-keeps", _open_water_keeps_none),
        Check("CON-2.3", "wrong-catch", _catch_size),
    ),
    Redraw: (Check("CON-6.4", "no-redraw", _can_redraw), Check("CON-6.4", "not-drawn", _redraw_drawn)),
    Return: (Check("CON-6.6", "wrong-return", _return_count), Check("CON-6.6", "not-drawn", _return_drawn)),
    Sell: (
        Check("CON-3.2", "unknown-space", _space_exists),
        Check("CON-3.2", "space-filled", _space_empty),
        Check("CON-3.4", "fill-order", _fill_order),
        Check("CON-3.2", "wrong-fish", _right_fish),
        Check("CON-3.1", "not-caught", _caught),
        Check("CON-3.3", "bad-leave", _leave_sold),
    ),
    Trade: (
        Check("CON-3.5", "not-in-row", _upgrade_in_row),
        Check("CON-3.1", "water-has-no-value", _fish_only),
        Check("CON-3.5", "wrong-cost", _cost),
        Check("CON-3.1", "not-caught", _caught),
        Check("CON-3.6", "keep-token", _kept_token),
    ),
    Buy: (Check("CON-3.7", "not-in-row", _boat_in_row), Check("CON-3.7", "too-dear", _affordable)),
    Row: (Check("CON-4.3", "wrong-row", _this_row, _row_rule),),
    Upkeep: (Check("CON-4.6", "not-due", _due), Check("CON-4.6", "cannot-pay", _can_pay)),
}
"""For each move class, the rules its moves must keep, in the order they are checked."""


def passes(state: ConservasState, move: Move, checks: tuple[Check, ...]) -> bool:
    """True when `move` keeps every one of `checks` in `state` (the generators' filter)."""
    for check in checks:  # noqa: SIM110  (a plain loop: this is on every playout's hot path)
        if check.test(state, move):
            return False
    return True


def refusal(state: ConservasState, move: Move) -> IllegalMove:
    """Why `move` (of a kind the current step allows, not legal now) is refused: the first
    check it fails, with that check's code and rule (the generic `not-legal` if none fails)."""
    for check in CHECKS.get(type(move), ()):
        message = check.why(state, move)
        if message:
            rule = check.rule if check.rule_at is None else check.rule_at(state)
            return IllegalMove(message, code=check.code, rule=rule, move=move)
    return IllegalMove(f"{move} is not a legal move at {state.flow.key}", code="not-legal", move=move)
