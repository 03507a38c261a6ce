"""Bot turns: the shared 13-card bot deck (ZOO-13.1 to ZOO-13.10).

On a bot's turn the top bot card is revealed (a chance event unless its identity is already
known). With the default rule (`bot_rule="any-effect"`) a card is carried out when at
least one of its effects can be carried out in full; otherwise it is discarded and the next
card drawn. Each effect is then carried out if it can be at that moment, the other skipped.
With `bot_rule="all-effects"` a card is carried out only when every effect can be, one
after the other. When no card of the deck could be carried out the bot's turn passes
after its first discard (drawing would never end otherwise); `n` of the `bot_turn` task
counts the cards discarded this turn. Every choice among equals follows the
company-board order; bots pay no discounts and get no bonuses from helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tabletop.kernel.deck import Deck
from tabletop.kernel.pending import Operation
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import BOT_IDS, BOTS, HELPER_COST, BotEffect
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.rules.decks import DRAW_HELPER, UNKNOWN, drawn, shuffled_into, top_kind
from tabletop.spolka_zoo.rules.work import finish, shared_task, tasks_of, wait_chance
from tabletop.spolka_zoo.state import (
    FRUIT_INDEX,
    SHARE_TOKENS,
    Draft,
    Position,
    Seat,
    Task,
    evolve,
    fields_with,
    piles_with,
)
from tabletop.spolka_zoo.state.makeup import lobbied

__all__ = ["OPERATIONS", "bot_plan", "card_feasible", "carry_out"]

Plan = tuple[str, str, int]
"""What a bot effect will do, once it is known it can be done: (what, company/fruit, seat or slot)."""


def _cheapest(state: Position, prices: tuple[int, int, int]) -> str:
    """`min(state.board, key=price)`: the first of the cheapest, in board order (a loop: no
    key function called per company)."""
    best = ""
    low = 0
    for fruit in state.board:
        price = prices[FRUIT_INDEX[fruit]]
        if not best or price < low:
            best, low = fruit, price
    return best


def _buy_cheapest_fruit(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    fruit = _cheapest(state, state.fruit_price)
    price = state.fruit_price[FRUIT_INDEX[fruit]]
    money = state.seats[seat].money
    if fruit in state.warehouse._counts:  # counts are positive: `state.warehouse[fruit]` without its call
        return ("buy_fruit", fruit, -1) if money >= price else None
    n = len(state.seats)
    for step in range(1, n):
        seller = (seat + step) % n
        if fruit in state.seats[seller].fruit._counts:
            return ("buy_fruit", fruit, seller) if money >= price + 2 else None
    return None


_COST_ITEMS: Final = {card: tuple(cost.items()) for card, cost in HELPER_COST.items()}
"""Each helper's cost as (fruit, count) pairs, for `_affords`."""


def _affords(pool: Tokens, card: str) -> bool:
    """`HELPER_COST[card] <= pool`, the fruits counted one kind at a time."""
    counts = pool._counts  # `pool[fruit]` read from the multiset's own dict: no call of its `__getitem__`
    for fruit, n in _COST_ITEMS[card]:  # noqa: SIM110  (a plain loop: no generator per helper)
        if counts.get(fruit, 0) < n:
            return False
    return True


def _hire(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    pool = state.seats[seat].fruit
    for slot, card in enumerate(state.piles.helper_row):
        if card and _affords(pool, card):
            return ("hire", card, slot)
    return None


def _move_top(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    deck = state.decks[FRUIT_INDEX[effect.company]]  # `top_kind(deck_of(...)) == EMPTY` in line: no call
    return ("move_top", effect.company, -1) if deck.top or deck.middle.total or deck.bottom else None


def _sell_fruit(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    pool = state.seats[seat].fruit._counts  # `pool[fruit]` below without its call (counts are positive)
    for fruit in state.board:
        if fruit in pool and state.fruit_price[FRUIT_INDEX[fruit]] >= effect.min_price:
            return ("sell_fruit", fruit, -1)
    return None


def _refresh(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    return ("refresh", "", -1) if any(state.piles.influence_row) else None


def _buy_share(state: Position, seat: int, company: str, max_price: int) -> Plan | None:
    price = state.share_price[FRUIT_INDEX[company]]
    bot = state.seats[seat]
    if price > max_price or sum(bot.shares) == SHARE_TOKENS or bot.money < price:  # `not bot.share_pool`, no call
        return None
    return ("buy_share", company, -1)


def _buy_cheapest_share(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    return _buy_share(state, seat, _cheapest(state, state.share_price), 10**9)


def _buy_named_share(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    return _buy_share(state, seat, effect.company, effect.max_price)


def _lobby_top(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    deck = state.piles.influence
    if seat == state.flow.first_player or not (deck.top or deck.middle.total or deck.bottom):  # top_kind: EMPTY
        return None
    return ("lobby_top", effect.company, -1)


def _sell_dearest_share(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    shares = state.seats[seat].shares
    held = [c for c in state.board if shares[FRUIT_INDEX[c]]]
    if not held:
        return None
    return ("sell_share", max(held, key=lambda c: state.share_price[FRUIT_INDEX[c]]), -1)


_PLANS: Final = {
    "buy_cheapest_fruit": _buy_cheapest_fruit,
    "hire_helper": _hire,
    "move_top": _move_top,
    "sell_fruit": _sell_fruit,
    "refresh_influence": _refresh,
    "buy_cheapest_share": _buy_cheapest_share,
    "buy_share": _buy_named_share,
    "lobby_top": _lobby_top,
    "sell_dearest_share": _sell_dearest_share,
}


def bot_plan(state: Position, seat: int, effect: BotEffect) -> Plan | None:
    """What the bot effect does here, or `None` when it cannot be carried out in full.

    Ties (cheapest, dearest) go to the leftmost company: `min`/`max` keep the first of
    equals, and the candidates are listed in board order.
    """
    return _PLANS[effect.kind](state, seat, effect)


_REFRESH: Final = shared_task("refresh")
"""A bot refreshing the influence row."""
_MOVE_TOP: Final[Callable[[str, str], Task]] = tasks_of("move_card", "company", "arg", n=1)
"""`_MOVE_TOP(company, to)`: move the top card of the company's deck, openly."""
_LOBBY_TOP: Final[Callable[[str], Task]] = tasks_of("lobby_top", "company")
"""`_LOBBY_TOP(company)`: lobby with the top card of the company's deck."""
_WITH_HELPERS: Final = fields_with(Seat, "helpers")
_WITH_HELPER_ROW: Final = piles_with("helper_row")
"""A bot hiring a helper: its helpers and the helper row (`evolve` of those fields)."""


def carry_out(draft: Draft, seat: int, effect: BotEffect, plan: Plan) -> tuple[Task, ...]:
    """Carry out a planned bot effect on `draft`: the tasks that follow (chance)."""
    what, item, other = plan
    if what == "buy_fruit":
        if other >= 0:
            economy.buy_fruit_from(draft, seat, item, other)
        else:
            economy.buy_fruit(draft, seat, item)
    elif what == "sell_fruit":
        economy.sell_fruit(draft, seat, item)
    elif what == "buy_share":
        economy.buy_share(draft, seat, item)
    elif what == "sell_share":
        economy.sell_share(draft, seat, item)
    elif what == "hire":
        economy.discard_fruit(draft, seat, HELPER_COST[item])
        bot = draft.seats[seat]
        draft.set_seat(seat, _WITH_HELPERS(bot, (*bot.helpers, item)))
        row = list(draft.piles.helper_row)
        row[other] = ""
        draft.piles = _WITH_HELPER_ROW(draft.piles, tuple(row))
        return (DRAW_HELPER(other),)
    elif what == "move_top":
        return (_MOVE_TOP(item, effect.to),)
    elif what == "lobby_top":
        return (_LOBBY_TOP(item),)
    else:
        return (_REFRESH,)
    return ()


def card_feasible(state: Position, seat: int, card: str) -> bool:
    """Whether the bot card is carried out now, under the game's `bot_rule`."""
    effects = BOTS[card].effects
    if state.config.bot_rule == "any-effect":
        return _any_plan(state, seat, effects)
    trial = Draft(state)  # the effects one after the other, tried on a copy
    for effect in effects:
        plan = bot_plan(trial, seat, effect)
        if plan is None:
            return False
        carry_out(trial, seat, effect, plan)
    return True


# The bot's turn --------------------------------------------------------------------------------------


_EFFECTS: Final = tuple(dict.fromkeys(effect for card in BOT_IDS for effect in BOTS[card].effects))
"""Every distinct effect of the bot deck: under `"any-effect"` some card can be carried out
exactly when one of these can."""


def _any_plan(state: Position, seat: int, effects: tuple[BotEffect, ...]) -> bool:
    """`any(bot_plan(state, seat, e) is not None for e in effects)`, as a loop."""
    plans = _PLANS
    for effect in effects:  # noqa: SIM110  (a plain loop: no generator per bot card)
        if plans[effect.kind](state, seat, effect) is not None:
            return True
    return False


def _any_feasible(state: Position, seat: int) -> bool:
    """Whether some card of the bot deck would be carried out now (`card_feasible` of each)."""
    if state.config.bot_rule == "any-effect":
        return _any_plan(state, seat, _EFFECTS)
    return any(card_feasible(state, seat, card) for card in BOT_IDS)


def _turn_run(draft: Draft, task: Task) -> None:
    if task.n == 1 and not _any_feasible(draft, task.seat):
        finish(draft)
        return
    piles = draft.piles
    deck = piles.bot_deck
    if not deck.top and deck.middle.total:  # `top_kind(deck) == UNKNOWN` in line: nearly every turn
        wait_chance(draft)
        return
    if not deck.top and not deck.bottom:  # EMPTY
        # Deck.shuffled(piles.bot_discard.elements()): the discards, their multiset as it is
        piles = evolve(piles, bot_deck=Deck((), piles.bot_discard, ()), bot_discard=Tokens())
        draft.piles = piles
        if top_kind(piles.bot_deck) == UNKNOWN:
            wait_chance(draft)
            return
    _turn_drawn(draft, task, piles.bot_deck.top_card())  # known (or still empty: top_card() says so)


def _turn_outcomes(state: Position, task: Task) -> Tokens:
    return state.piles.bot_deck.middle  # unknown(...)


_WITH_BOT_CARDS: Final = piles_with("bot_deck", "bot_discard")
_WITH_INFLUENCE: Final = piles_with("influence")
_WITH_N: Final = fields_with(Task, "n")
_WITH_INDEX_N: Final = fields_with(Task, "index", "n")
"""The influence deck after a lobbied card, a bot turn's task after a discard, and a bot card's task after an
effect that waits."""


def _turn_drawn(draft: Draft, task: Task, card: str) -> None:
    global _planned  # the first plan found, for the card's task to carry out without planning it again
    seat = task.seat
    first: tuple[int, Plan] | None = None
    if draft.config.bot_rule == "any-effect":  # card_feasible(draft, seat, card), without the call
        first = _first_plan(draft, seat, BOTS[card].effects)
        feasible = first is not None
    else:
        feasible = card_feasible(draft, seat, card)
    piles = draft.piles
    deck = drawn(piles.bot_deck, card)
    draft.piles = _WITH_BOT_CARDS(piles, deck, piles.bot_discard.add(card))
    if feasible:
        carried = _CARRIED.get((seat, card))
        if carried is None:
            carried = _CARRIED[seat, card] = shared_task("bot_card", seat=seat, card=card)
        if first is not None:
            _planned = (draft, carried, *first)
        follow: tuple[Task, ...] = (carried,)
    else:
        follow = (_WITH_N(task, task.n + 1),)
    queue = draft.queue
    if draft.flow.step == "work" and queue:  # `finish(draft, follow)` in line, at work (every step but `_drawn`'s)
        draft.queue = follow + queue[1:]
    else:
        finish(draft, follow)


def _first_plan(state: Position, seat: int, effects: tuple[BotEffect, ...]) -> tuple[int, Plan] | None:
    """The first of `effects` that can be carried out, by its index, with its plan; `None` when
    none can (`_any_plan`, telling which)."""
    plans = _PLANS
    for index, effect in enumerate(effects):
        plan = plans[effect.kind](state, seat, effect)
        if plan is not None:
            return index, plan
    return None


_UNPLANNED: Final[tuple[object, object, int, Plan]] = (None, None, 0, ("", "", -1))
_planned: tuple[object, object, int, Plan] = _UNPLANNED
"""The draft a bot card was just found feasible on, the card's task and the first effect's index
and plan, which `_card_run` then carries out without planning the effects before it and that one
again: it runs next on the same draft, where only the bot deck, the discards, the queue and the
flow's step changed since, none of which a plan reads. Emptied once read. One tuple read whole,
checked against this very draft (a thread's own): another thread's plan is never carried out
here, a race only has the effects planned again (a missed shortcut)."""


_CARRIED: Final[dict[tuple[int, str], Task]] = {}
"""The `bot_card` task of a bot card carried out, by (seat, card): five seats and 13 cards at most
(the values of `shared_task`, found without keywords)."""


def _card_run(draft: Draft, task: Task) -> None:
    """Carry out the card's effects in order (each if it can be, then), then the bonus.

    Effects that need chance (a refill, a card revealed) queue their tasks first and the
    card continues after them; `index` and `n` (effects done) say where it stands.
    """
    global _planned
    card = BOTS[task.card]
    index, done = task.index, task.n
    plans = _PLANS  # bot_plan(...), without the call
    planned = _planned
    plan: Plan | None = None
    if planned[0] is draft and planned[1] is task:  # planned as the card was drawn (`_turn_drawn`)
        _planned = _UNPLANNED
        index, plan = planned[2], planned[3]  # the effects before it cannot be carried out
    while index < len(card.effects):
        effect = card.effects[index]
        index += 1
        if plan is None:
            plan = plans[effect.kind](draft, task.seat, effect)
            if plan is None:
                continue
        done += 1
        follow = carry_out(draft, task.seat, effect, plan)
        plan = None
        if follow:
            finish(draft, follow + (_WITH_INDEX_N(task, index, done),))  # noqa: RUF005 (one copy: no list built)
            return
    if card.bonus_if == "always" or done:
        economy.gain(draft, task.seat, card.bonus)
    queue = draft.queue
    if draft.flow.step == "work" and queue:  # `finish(draft)` in line, at work (where `_work` runs the card)
        draft.queue = queue[1:]
    else:
        finish(draft)


def _lobby_run(draft: Draft, task: Task) -> None:
    deck = draft.piles.influence
    if not deck.top and deck.middle.total:  # `top_kind(deck) == UNKNOWN` in line
        wait_chance(draft)
    elif deck.top or deck.bottom:
        _lobby_drawn(draft, task, deck.top_card())
    else:
        finish(draft)


def _lobby_outcomes(state: Position, task: Task) -> Tokens:
    return state.piles.influence.middle  # unknown(...)


def _lobby_drawn(draft: Draft, task: Task, card: str) -> None:
    influence = drawn(draft.piles.influence, card)
    draft.piles = _WITH_INFLUENCE(draft.piles, influence)
    draft.set_deck(task.company, shuffled_into(draft.decks[FRUIT_INDEX[task.company]], (card,)))  # deck_of in line
    lobbied(draft, task.company, card)
    finish(draft)


OPERATIONS: Final = (
    Operation(
        "bot_turn",
        _turn_run,
        "ZOO-13.4",
        "reveal bot cards until one can be carried out",
        _turn_outcomes,
        _turn_drawn,
    ),
    Operation("bot_card", _card_run, "ZOO-13.3", "carry out a bot card's effects, then its bonus (ZOO-13.9)"),
    Operation(
        "lobby_top",
        _lobby_run,
        "ZOO-4.11",
        "a bot lobbies: the top influence card is shuffled into a company deck",
        _lobby_outcomes,
        _lobby_drawn,
    ),
)
"""The bot operations of the operation table."""
