"""Bot turns: the shared 13-card bot deck (ZOO-13.1 to ZOO-13.10).

On a bot's turn the top bot card is revealed (a chance event unless its identity is already
known). With the default rule (``bot_rule="any-effect"``) a card is carried out when at
least one of its effects can be carried out in full; otherwise it is discarded and the next
card drawn. Each effect is then carried out if it can be at that moment, the other skipped.
With ``bot_rule="all-effects"`` a card is carried out only when every effect can be, one
after the other. When no card of the deck could be carried out the bot's turn passes
without a draw (it would never end otherwise). Every choice among equals follows the
company-board order; bots pay no discounts and get no bonuses from helpers.
"""

from __future__ import annotations

from typing import Final

import attrs

from tabletop.kernel.deck import Deck
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import economy
from tabletop.spolka_zoo.cards import BOT_IDS, BOTS, HELPER_COST
from tabletop.spolka_zoo.content import BotEffect
from tabletop.spolka_zoo.decks import deck_of, set_deck
from tabletop.spolka_zoo.interpreter import Op, draw_outcomes, finish, register, wait_chance
from tabletop.spolka_zoo.state import FRUIT_INDEX, Task, ZooState

__all__ = ["bot_effect", "card_feasible"]

#: A bot effect carried out: the new state, whether it was done, and follow-up tasks.
Result = tuple[ZooState, bool, tuple[Task, ...]]
_NOT_DONE: Final = (False, ())


def _cheapest(state: ZooState, prices: tuple[int, int, int], highest: bool = False) -> str:
    order = sorted(state.board, key=lambda f: -prices[FRUIT_INDEX[f]] if highest else prices[FRUIT_INDEX[f]])
    return order[0]


def _buy_cheapest_fruit(state: ZooState, seat: int, effect: BotEffect) -> Result:
    fruit = _cheapest(state, state.fruit_price)
    price = state.fruit_price[FRUIT_INDEX[fruit]]
    money = state.seats[seat].money
    if state.warehouse[fruit]:
        if money < price:
            return (state, *_NOT_DONE)
        return economy.buy_fruit(state, seat, fruit), True, ()
    n = len(state.seats)
    for step in range(1, n):
        seller = (seat + step) % n
        if state.seats[seller].fruit[fruit]:
            if money < price + 2:
                break
            return economy.buy_fruit_from(state, seat, fruit, seller), True, ()
    return (state, *_NOT_DONE)


def _hire(state: ZooState, seat: int, effect: BotEffect) -> Result:
    pool = state.seats[seat].fruit
    for slot, card in enumerate(state.piles.helper_row):
        if card and HELPER_COST[card] <= pool:
            state = economy.discard_fruit(state, seat, HELPER_COST[card])
            bot = state.seats[seat]
            state = economy.set_seat(state, seat, attrs.evolve(bot, helpers=(*bot.helpers, card)))
            row = list(state.piles.helper_row)
            row[slot] = ""
            state = attrs.evolve(state, piles=attrs.evolve(state.piles, helper_row=tuple(row)))
            return state, True, (Task("draw_row", arg="helper", index=slot),)
    return (state, *_NOT_DONE)


def _move_top(state: ZooState, seat: int, effect: BotEffect) -> Result:
    if deck_of(state, effect.company).is_empty:
        return (state, *_NOT_DONE)
    return state, True, (Task("move_card", company=effect.company, arg=effect.to, n=1),)


def _sell_fruit(state: ZooState, seat: int, effect: BotEffect) -> Result:
    pool = state.seats[seat].fruit
    for fruit in state.board:
        if pool[fruit] and state.fruit_price[FRUIT_INDEX[fruit]] >= effect.min_price:
            return economy.sell_fruit(state, seat, fruit), True, ()
    return (state, *_NOT_DONE)


def _refresh(state: ZooState, seat: int, effect: BotEffect) -> Result:
    if not any(state.piles.influence_row):
        return (state, *_NOT_DONE)
    return state, True, (Task("refresh"),)


def _buy_share(state: ZooState, seat: int, company: str, max_price: int) -> Result:
    price = state.share_price[FRUIT_INDEX[company]]
    bot = state.seats[seat]
    if price > max_price or not bot.share_pool or bot.money < price:
        return (state, *_NOT_DONE)
    return economy.buy_share(state, seat, company), True, ()


def _buy_cheapest_share(state: ZooState, seat: int, effect: BotEffect) -> Result:
    return _buy_share(state, seat, _cheapest(state, state.share_price), 10**9)


def _buy_named_share(state: ZooState, seat: int, effect: BotEffect) -> Result:
    return _buy_share(state, seat, effect.company, effect.max_price)


def _lobby_top(state: ZooState, seat: int, effect: BotEffect) -> Result:
    if seat == state.flow.first_player or state.piles.influence.is_empty:
        return (state, *_NOT_DONE)
    return state, True, (Task("lobby_top", company=effect.company),)


def _sell_dearest_share(state: ZooState, seat: int, effect: BotEffect) -> Result:
    shares = state.seats[seat].shares
    held = [c for c in state.board if shares[FRUIT_INDEX[c]]]
    if not held:
        return (state, *_NOT_DONE)
    company = max(held, key=lambda c: (state.share_price[FRUIT_INDEX[c]], -state.board_rank(c)))
    return economy.sell_share(state, seat, company), True, ()


_EFFECTS: Final = {
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


def bot_effect(state: ZooState, seat: int, effect: BotEffect) -> Result:
    """Carry out one bot effect if it can be carried out in full."""
    return _EFFECTS[effect.kind](state, seat, effect)


def card_feasible(state: ZooState, seat: int, card: str) -> bool:
    """Whether the bot card is carried out now, under the game's ``bot_rule``."""
    effects = BOTS[card].effects
    if state.config.bot_rule == "any-effect":
        return any(bot_effect(state, seat, e)[1] for e in effects)
    for effect in effects:
        state, done, _ = bot_effect(state, seat, effect)
        if not done:
            return False
    return True


# The bot's turn --------------------------------------------------------------------------------------


def _turn_run(state: ZooState, task: Task) -> ZooState:
    if not any(card_feasible(state, task.seat, card) for card in BOT_IDS):
        return finish(state)
    piles = state.piles
    if piles.bot_deck.is_empty:
        piles = attrs.evolve(piles, bot_deck=Deck.shuffled(piles.bot_discard.elements()), bot_discard=Tokens())
        state = attrs.evolve(state, piles=piles)
    if piles.bot_deck.top_is_known:
        return _turn_drawn(state, task, piles.bot_deck.top_card())
    return wait_chance(state)


def _turn_outcomes(state: ZooState, task: Task) -> tuple[tuple[str, float], ...]:
    return draw_outcomes(state.piles.bot_deck)


def _turn_drawn(state: ZooState, task: Task, card: str) -> ZooState:
    _, deck = state.piles.bot_deck.draw(card)
    piles = attrs.evolve(state.piles, bot_deck=deck, bot_discard=state.piles.bot_discard.add(card))
    state = attrs.evolve(state, piles=piles)
    if card_feasible(state, task.seat, card):
        return finish(state, Task("bot_card", seat=task.seat, card=card))
    return state


register("bot_turn", Op(_turn_run, _turn_outcomes, _turn_drawn))


def _card_run(state: ZooState, task: Task) -> ZooState:
    card = BOTS[task.card]
    if task.index < len(card.effects):
        state, done, follow = bot_effect(state, task.seat, card.effects[task.index])
        return finish(state, *follow, attrs.evolve(task, index=task.index + 1, n=task.n + done))
    if card.bonus_if == "always" or task.n:
        state = economy.gain(state, task.seat, card.bonus)
    return finish(state)


register("bot_card", Op(_card_run))


def _lobby_run(state: ZooState, task: Task) -> ZooState:
    deck = state.piles.influence
    if deck.is_empty:
        return finish(state)
    if deck.top_is_known:
        return _lobby_drawn(state, task, deck.top_card())
    return wait_chance(state)


def _lobby_outcomes(state: ZooState, task: Task) -> tuple[tuple[str, float], ...]:
    return draw_outcomes(state.piles.influence)


def _lobby_drawn(state: ZooState, task: Task, card: str) -> ZooState:
    _, influence = state.piles.influence.draw(card)
    state = attrs.evolve(state, piles=attrs.evolve(state.piles, influence=influence))
    return finish(set_deck(state, task.company, deck_of(state, task.company).shuffle_in((card,))))


register("lobby_top", Op(_lobby_run, _lobby_outcomes, _lobby_drawn))
