"""The most glory one seat can end a Spółka ZOO game with, derived from the rules and the cards.

A seat's glory is its helpers' printed glory, its hidden goal's glory and one point per 5
coins after the final sale (ZOO-10.3 to ZOO-10.5). Every coin comes from a rule or a card
that pays it, and each of them pays a bounded amount a bounded number of times, so summing
the most each can pay (never subtracting a cost) bounds the money:

* **Prices.** A purchase or sale moves a price along its base track only (shares 1-10,
  fruit 1-5, FAQ); only effects marked `beyond` push it past the top. An influence or
  starting card resolves at most once per market phase (a deck is resolved once and a card
  lies in one deck), an intrigue once (it leaves the game), so the highest price is the
  track's top plus every `beyond` rise of every card that many times.
* **Own actions** (a seat plays `T` tokens in each of the 5 rounds, ZOO-3.2): the most a
  token pays (two sales at the highest price with every sale bonus, 2 coins for lobbying,
  1 for speculation) plus every helper ability that pays after an action (a seat may hold
  every helper copy); a bot's turn resolves one bot card: its bonus and its sales.
* **Intrigues**: the best cards of a hand of 5 (two seats) or 3 (ZOO-12.7), once each.
* **Other seats' purchases** from the seat's pool pay it the price + 2 (ZOO-4.5): at most
  two per fruit-trading token, one more per helper ability, two per bot card.
* **Market phases**: every company card in play paying the seat once (per share: up to its
  8 shares), the unbreakable-tie payout in each company (ZOO-8.6), the division bonuses.
* **The final sale** (ZOO-10.2): 8 shares and every fruit token at the highest prices.

The glory is then the helpers' glory (a player hires at most two a round, with the helper
token and a duplicate; a bot one per bot card), the best goal, and the money over 5.

**Why it is not tighter** (issue 13): random play ends 10 to 30 times lower, but each term
above can be reached on its own, and the terms are not additive only in ways the rules do
not bound: fruit bought from a seat's pool can be bought back and sold again, so the other
seats' purchases and the final sale share no finite stock of tokens; a company card pays
every shareholder of its deck each market phase and cards move between decks (lobbying,
speculation), so which seat a card pays is decided by play; prices rise past the track only
through `beyond` effects, all of which can fire. A sound bound that is much tighter needs
those joint limits (an optimisation over whole games), not a sum of per-rule maxima; the
tests keep it within 40 times what random play reaches.

```python
from tabletop.adapters.spolka_zoo_bounds import glory_bound
from tabletop.spolka_zoo.state import Config

print(glory_bound(Config(2, 0, (), "humans-first", "any-effect", 10, 0)))
```
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tabletop.spolka_zoo.content import (
    BOT,
    EFFECTS,
    FAMILY,
    FRUITS,
    GOALS,
    HELPER_GLORY,
    HELPER_IDS,
    HELPERS,
    INFLUENCE_IDS,
    INTRIGUE_IDS,
    STARTING_DECKS,
    Effect,
)
from tabletop.spolka_zoo.rules.actions import LOBBY_COINS, SPECULATION_COINS
from tabletop.spolka_zoo.rules.market import TIE_PAYOUT
from tabletop.spolka_zoo.rules.setup import BOT_MODULE_COINS
from tabletop.spolka_zoo.state import COINS_PER_GLORY, FRUIT_TRACK, ROUNDS, SHARE_TOKENS, SHARE_TRACK, Config

__all__ = ["glory_bound", "price_bounds"]

_TRADES: Final = 2
"""Transactions per trading token (ZOO-4.1, ZOO-4.4)."""
_FROM_PLAYER: Final = 2
"""What a buyer pays a seat above the fruit's price (ZOO-4.5)."""


def _cards(config: Config) -> list[str]:
    """The influence-family and intrigue cards in play, copies included."""
    cards = [c for deck in STARTING_DECKS[config.seats] for c in deck] + list(INFLUENCE_IDS)
    return cards + (list(INTRIGUE_IDS) if "intrigues" in config.modules else [])


def _uses(card: str) -> int:
    """How often a card can act in one game: an intrigue once, a company card once a market phase."""
    return 1 if FAMILY[card] == "intrigue" else ROUNDS


def price_bounds(config: Config) -> tuple[int, int]:
    """The highest share price and the highest fruit price a game can reach."""
    share, fruit = SHARE_TRACK[1], FRUIT_TRACK[1]
    for card in _cards(config):
        for effect in EFFECTS[card]:
            if effect.beyond and effect.delta > 0:
                rise = effect.delta * _uses(card)
                if effect.kind == "share_price":
                    share += rise
                elif effect.kind == "fruit_price":
                    fruit += rise
    return share, fruit


def _pays(effect: Effect, share: int, fruit: int, share_bonus: int, fruit_bonus: int) -> int:
    """The most one seat can take from one effect (0 for a cost or a loss)."""
    if effect.kind == "money":
        return max(0, effect.n) * (SHARE_TOKENS if effect.per_share else 1)
    if effect.kind == "sell_share":  # n: the sale's bonus
        return share + effect.n + share_bonus
    if effect.kind == "sell_fruit":
        return fruit + effect.n + fruit_bonus
    return 0


def _passive(kind: str, fruit: str) -> int:
    """The total of a passive helper effect over every helper copy (a seat may hold them all)."""
    return sum(e.n for h in HELPER_IDS for e in HELPERS[h].effects if e.kind == kind and e.fruit == fruit)


def _sum_pays(cards: Iterable[str], *args: int) -> int:
    return sum(_pays(e, *args) for card in cards for e in EFFECTS[card])


def glory_bound(config: Config) -> int:
    """The most glory any seat can end a game of `config` with (see the module docstring)."""
    share, fruit = price_bounds(config)
    share_bonus = _passive("sell_bonus", "share")
    fruit_bonus = max(_passive("sell_bonus", f) for f in FRUITS)
    prices = (share, fruit, share_bonus, fruit_bonus)
    actions = config.tokens_per_round * ROUNDS
    fruit_tokens = 3 * config.fruit_supply
    # What a player's own token pays, then every helper ability after it (each copy once).
    token = max(_TRADES * (share + share_bonus), _TRADES * (fruit + fruit_bonus), LOBBY_COINS, SPECULATION_COINS)
    abilities = [h for h in HELPER_IDS if HELPERS[h].trigger != "passive"]
    after = _sum_pays(abilities, *prices)
    # A bot card: its bonus and its sales (bots use no helper).
    bot_sales = {"sell_dearest_share": share, "sell_fruit": fruit}
    bot_turn = max(card.bonus + sum(bot_sales.get(b.kind, 0) for b in card.effects) for card in BOT)
    # Other seats buying from the seat's pool: two per trading token or bot card, one per helper.
    buyers = sum(1 for h in abilities for e in HELPERS[h].effects if e.kind == "buy_fruit")
    bought = (config.seats - 1) * actions * (_TRADES + buyers) * (fruit + _FROM_PLAYER)
    # Market phases: every company card pays the seat once, ties and division bonuses in each company.
    company = [c for c in _cards(config) if FAMILY[c] != "intrigue"]
    division = _passive("division_money", "")
    market = ROUNDS * (_sum_pays(company, *prices) + 3 * (TIE_PAYOUT + division))
    sale = SHARE_TOKENS * (share + share_bonus) + fruit_tokens * (fruit + fruit_bonus)
    common = config.starting_money + bought + market + sale
    hand = (5 if config.seats == 2 else 3) if "intrigues" in config.modules else 0
    intrigue = sorted((_sum_pays([c], *prices) for c in INTRIGUE_IDS), reverse=True)[:hand]
    glory = sorted(HELPER_GLORY[h] for h in HELPER_IDS)[::-1]
    goal = max((g.glory for g in GOALS.values()), default=0) if "hidden_goals" in config.modules else 0
    player = sum(glory[: 2 * ROUNDS]) + goal + (common + actions * (token + after) + sum(intrigue)) // COINS_PER_GLORY
    if not config.bots:
        return player
    coins = BOT_MODULE_COINS * sum(m in config.modules for m in ("hidden_goals", "intrigues"))
    bot = sum(glory[:actions]) + (common + coins + actions * bot_turn) // COINS_PER_GLORY
    return max(player, bot) if config.players else bot
