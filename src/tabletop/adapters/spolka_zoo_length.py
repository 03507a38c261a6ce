"""How many steps (decisions and chance events) a Spółka ZOO game can take, derived from the rules and the cards.

OpenSpiel's `max_game_length` must bound every legal game: a step is one move applied, a
seat's decision or a chance outcome. Bots decide at once (ZOO-13.6) and automatic steps are
no moves, so only human decisions and chance draws count. A game is the setup, then five
rounds of an action phase and a market phase (ZOO-2.1), and nothing after the last market
phase (the scoring is automatic, ZOO-10.1):

* **Setup** (ZOO-1.1 to ZOO-1.5, ZOO-12.5, ZOO-12.7): one chance outcome for the company
  boards' order, one draw per face-up influence and helper card (3 or 4 each), one hidden
  goal per player, an intrigue hand (5 cards with two seats, else 3) per player; bots get
  coins instead of cards (ZOO-12.1).
* **A player's tokens** (ZOO-3.1 to ZOO-3.4): each token the secret pick; with intrigues,
  three windows (before the reveal, before resolving, after resolving) where one intrigue
  may be played (ZOO-12.8); the action (two transactions of trading, ZOO-4.1/ZOO-4.4; a
  hire or a lobby and the refill's draw, ZOO-4.10/ZOO-4.11; speculation: the choice of
  deck, a draw for each of the 4 cards looked at, the arrangement, ZOO-4.12); then every
  helper whose icon matches the token once each and `done` (ZOO-5.1, ZOO-5.3). Each token
  is played at most once a round and a duplicate repeats the action before it (ZOO-3.2,
  ZOO-4.13), so a player hires at most two helpers a round; the bound takes the costliest
  sequence of actions a round allows, the helpers held growing by one at each hire (those
  of earlier rounds: at most two a round; one hired with the token works at once), and for
  each token the most expensive abilities matching it.
* **A bot's token** (ZOO-13.3 to ZOO-13.5): bot cards are drawn until one can be carried
  out. Whether a card can be carried out depends on the board, which drawing does not
  change, so with `f >= 1` playable cards among the 13 at most `13 - f` unplayable ones are
  drawn before the deck runs out and, once the discards are shuffled into a new deck, at
  most `13 - f` again before a playable one: `2 * 12 + 1` draws; and as each round starts
  with the 13 cards shuffled (ZOO-9.2) and a turn shuffles the discards back at most once,
  the `K` bot turns of a round draw at most `13 (K + 1)` cards. The rules do not bound the
  case `f = 0` ("until at least one effect of a Bot card can be resolved", ZOO-13.4): the
  engine ends the turn after the first discard (`rules/bots.py`, `_turn_run`; ruling
  "ZOO-13.4" in `docs/spolka_zoo/rulings.md`). Then the played card's chance draws (a
  helper refill, a card moved or lobbied, a new influence row). Bots make no decisions.
* **Intrigues**: each is played once (ZOO-12.9), at most one per token (ZOO-12.8); its
  effects are counted for the best cards of a hand.
* **A card's effects** (ZOO-6.1, the vocabulary in `docs/spolka_zoo/content.md`): money,
  prices and fruit moved by the card itself ask nothing; a choice of company, fruit or seat
  is one decision; an offer or a take is one decision per player it names (all seats: up
  to `n`; the majority, the first player, the card's owner: one); a look is a draw per card
  looked at by each seat it names and, for a player, the choice of deck and the
  arrangement; a card moved between decks is a draw; a new influence row is a draw per slot.
* **The market phase** (ZOO-7 to ZOO-9, ZOO-12.2): each card revealed is a draw and its
  effects. Cards enter company decks only from the starting decks and by lobbying (a
  player at most twice a round, lobbying and a duplicate; a bot once per bot card that
  lobbies), so before the market of round `r` the decks hold at most the starting cards
  plus `min(48, r * lobbies a round)` influence cards. A deck resolves up to its second
  end-of-deck icon (ZOO-7.2), so at most two icon cards a deck are revealed. With the
  shipped cards no market card takes a card out of another deck than the one resolving,
  so no card is revealed twice in one market phase (cards revealed go back into their own
  deck, ZOO-7.5); content that could would be counted once per deck. Then the division:
  one take per shareholder and company (ZOO-8.2); and with events, at most the 5 cards of
  the deck drawn and two of them acting (ZOO-12.3, ZOO-12.4; the rules do not bound the
  drawing when fewer than two cards can act: the engine stops at the end of the deck, see
  the ruling "ZOO-12.2").

```python
from tabletop.adapters.spolka_zoo_length import length_bound
from tabletop.spolka_zoo.state import Config

bound = length_bound(Config(2, 1, ("events",), "humans-first", "any-effect", 10, 1))
print(bound.total, bound.setup, bound.action, bound.market)
```
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Final

import attrs

from tabletop.spolka_zoo.content import (
    BOT,
    EFFECTS,
    END_ICON,
    EVENT_IDS,
    FAMILY,
    HELPER_IDS,
    HELPERS,
    INFLUENCE_IDS,
    INTRIGUE_IDS,
    PASSIVE_KINDS,
    STARTING_DECKS,
    TOKENS,
    BotEffect,
    Effect,
)
from tabletop.spolka_zoo.rules.actions import SPECULATION_LOOK, TRANSACTIONS
from tabletop.spolka_zoo.rules.market import EVENTS_PER_ROUND
from tabletop.spolka_zoo.state import ROUNDS, Config, Position

__all__ = [
    "ACTION_STEPS",
    "HIRES_PER_ROUND",
    "LOBBIES_PER_ROUND",
    "MODULES",
    "LengthBound",
    "bot_round_steps",
    "bot_token_steps",
    "card_steps",
    "configurations",
    "effect_steps",
    "game_length_bound",
    "intrigue_hand",
    "length_bound",
    "longest_game",
    "market_steps",
    "phase_of",
    "player_round_steps",
    "setup_steps",
    "token_steps",
]

_DEFAULT_WHO: Final = {"starting": "majority", "influence": "majority", "event": "first"}
"""Whom an effect without `who` names, by card family (as the engine's `effects._who`)."""
_DECISION_KINDS: Final = frozenset(
    {"take_fruit", "discard_fruit", "buy_share", "sell_share", "buy_fruit", "sell_fruit", "move_share", "swap_fruit"}
)
"""Effects that ask each seat they name one decision (an offer, a take, a discard, ZOO-6.3)."""
_SILENT_KINDS: Final = frozenset({"money", "remove_self"}) | PASSIVE_KINDS
"""Effects that ask nothing and draw nothing."""
_BOT_DRAWS: Final = {"hire_helper": 1, "move_top": 1, "lobby_top": 1}
"""Chance draws of a bot effect (a helper refill, the card moved, the card lobbied);
`refresh_influence` draws a whole row; the other bot effects draw nothing."""
_BOT_KINDS: Final = (
    frozenset({"buy_cheapest_fruit", "sell_fruit", "buy_cheapest_share", "buy_share", "sell_dearest_share"})
    | frozenset(_BOT_DRAWS)
    | {"refresh_influence"}
)
#: The most helpers a player hires in one round: the helper token and a duplicate of it (ZOO-4.13).
HIRES_PER_ROUND: Final = 2
#: The most lobbies of a player in one round: the lobbying token and a duplicate of it.
LOBBIES_PER_ROUND: Final = 2
_MARKET_RESUMES: Final = frozenset({"market.divide", "market.events", "market.end"})
"""Where the pending work of a market phase goes on (`flow.WORK_STARTS`)."""
_WINDOWS: Final = 3
"""Intrigue windows around a player's own token (ZOO-12.8): before the reveal, before
resolving, after resolving."""


def intrigue_hand(config: Config) -> int:
    """The intrigue cards a player is dealt (ZOO-12.7): 5 with two seats (bots count), else 3;
    0 without the module."""
    if "intrigues" not in config.modules:
        return 0
    return 5 if config.seats == 2 else 3


def _named(who: str, seats: int) -> int:
    """How many seats an effect's `who` names (at most)."""
    if who in ("all", "shareholders", "richest", "poorest"):
        return seats
    if who in ("others", "minorities"):
        return seats - 1
    return 1  # self, first, majority, choice


def effect_steps(effect: Effect, family: str, config: Config) -> int:
    """The most steps one effect of a card of `family` takes (see the module docstring).

    Raises:
        ValueError: For an effect kind this derivation does not know (a new kind needs its bound).
    """
    who = effect.who or _DEFAULT_WHO.get(family, "self")
    named = _named(who, config.seats)
    deciders = min(named, config.players)  # a bot decides at once (ZOO-13.6)
    target = 1 if who == "choice" else 0  # the seat the effect targets is chosen first
    kind = effect.kind
    if kind in _SILENT_KINDS:
        steps = 0
    elif kind == "share_price":
        steps = int(effect.company == "choice")
    elif kind == "fruit_price":
        steps = int(effect.fruit == "choice")
    elif kind == "fruit_to_company":
        steps = int("choice" in (effect.company, effect.fruit))
    elif kind in _DECISION_KINDS:
        steps = deciders
    elif kind == "look":  # a draw per card looked at, then the deck's choice and the arrangement
        steps = named * effect.n + deciders * (1 + (effect.company == "choice"))
    elif kind == "move_card":  # the card moved is drawn; a choice of deck first
        steps = 1 + ("choice" in (effect.company, effect.to))
    elif kind == "refresh_influence":
        steps = config.market_size
    else:
        msg = f"effect kind {kind!r}: no length bound derived for it"
        raise ValueError(msg)
    return target + steps


def card_steps(card: str, config: Config) -> int:
    """The most steps the effects of `card` take once it acts."""
    return _card_steps(card, config.players, config.bots)


def _seats_only(config: Config) -> Config:
    """`config` with only what a card's steps depend on, the seats (a cache key)."""
    return Config(config.players, config.bots, (), "humans-first", "any-effect", 0, 0)


@functools.cache
def _card_steps(card: str, players: int, bots: int) -> int:
    config = Config(players, bots, (), "humans-first", "any-effect", 0, 0)
    family = FAMILY[card]
    return sum(effect_steps(effect, family, config) for effect in EFFECTS[card])


def _top(costs: Iterable[int], k: int) -> int:
    """The sum of the `k` largest `costs`."""
    return sum(sorted(costs, reverse=True)[: max(k, 0)])


def _bot_effect_draws(effect: BotEffect, config: Config) -> int:
    if effect.kind not in _BOT_KINDS:
        msg = f"bot effect kind {effect.kind!r}: no length bound derived for it"
        raise ValueError(msg)
    return config.market_size if effect.kind == "refresh_influence" else _BOT_DRAWS.get(effect.kind, 0)


def _bot_card_draws(config: Config) -> int:
    """The most chance draws of the bot card carried out."""
    return max(sum(_bot_effect_draws(e, config) for e in card.effects) for card in BOT)


def bot_token_steps(config: Config) -> int:
    """The most steps of one bot's turn (ZOO-13.3 to ZOO-13.5): `2 (13 - 1) + 1` bot cards
    drawn, then the chance draws of the card carried out."""
    return 2 * (len(BOT) - 1) + 1 + _bot_card_draws(config)


def bot_round_steps(config: Config) -> int:
    """The most steps of all the bots' turns of one round: `K` turns (bots times tokens).

    Each turn is at most [bot_token_steps][tabletop.adapters.spolka_zoo_length.bot_token_steps];
    and since the round starts with the whole deck of 13 shuffled (ZOO-9.2) and a turn
    shuffles the discards back at most once (after it, the deck holds a playable card, or
    with none the turn ends after one card), the round draws at most `13 (K + 1)` cards.
    """
    turns = config.bots * config.tokens_per_round
    draws = min(turns * (2 * (len(BOT) - 1) + 1), len(BOT) * (turns + 1)) if turns else 0
    return draws + turns * _bot_card_draws(config)


ACTION_STEPS: Final = {
    "share": TRANSACTIONS,  # two transactions (ZOO-4.1); one and `done` is as long
    "fruit": TRANSACTIONS,  # (ZOO-4.4)
    "helper": 2,  # the hire and the refill's draw (ZOO-4.10)
    "lobby": 2,  # the lobby and the refill's draw (ZOO-4.11)
    "speculate": 1 + SPECULATION_LOOK + 1,  # the deck, a draw per card looked at, the arrangement (ZOO-4.12)
}
"""The most steps of each token's action (declining it is one step, ZOO-3.4)."""


def _ability_steps(config: Config, action: str, held: int) -> int:
    """The most steps of the helper abilities after a token of `action` of a player holding
    `held` helpers: each matching helper once (its use and its effects), then `done`."""
    return _abilities(_seats_only(config), action, held)


@functools.cache
def _abilities(config: Config, action: str, held: int) -> int:
    costs = [1 + card_steps(h, config) for h in HELPER_IDS if HELPERS[h].trigger in ("any", action)]
    best = _top(costs, held)
    return best + 1 if best else 0


def token_steps(config: Config, action: str, held: int) -> int:
    """The most steps of a player's token of `action` while holding `held` helpers, intrigue
    effects apart: the pick, the intrigue windows, the action, the abilities."""
    windows = _WINDOWS if intrigue_hand(config) else 0
    return 1 + windows + ACTION_STEPS[action] + _ability_steps(config, action, held)


@functools.cache
def _rounds_actions(tokens: int) -> tuple[tuple[str, ...], ...]:
    """Every sequence of actions a player's `tokens` tokens of a round can carry out: each
    token at most once a round (ZOO-3.2), a duplicate never first and repeating the action
    before it (ZOO-4.13)."""
    found = set()
    for picks in itertools.permutations(TOKENS, tokens):
        if picks[0] == "duplicate":
            continue
        actions: list[str] = []
        for token in picks:
            actions.append(actions[-1] if token == "duplicate" else token)
        found.add(tuple(actions))
    return tuple(sorted(found))


def player_round_steps(config: Config, round_: int) -> int:
    """The most steps of one player's tokens in round `round_` (from 1), intrigue effects
    apart: the costliest sequence of actions the round allows, with the helpers held growing
    by one at each hire (two hires a round at most, so `2 (r - 1)` held from earlier rounds)."""
    return _player_round(_seats_only(config), "intrigues" in config.modules, round_)


@functools.cache
def _player_round(config: Config, intrigues: bool, round_: int) -> int:
    if intrigues:
        config = attrs.evolve(config, modules=("intrigues",))
    earlier = HIRES_PER_ROUND * (round_ - 1)
    cost = {(a, h): token_steps(config, a, earlier + h) for a in ACTION_STEPS for h in range(HIRES_PER_ROUND + 1)}
    best = 0
    for actions in _rounds_actions(config.tokens_per_round):
        hires, steps = 0, 0
        for action in actions:
            hires += action == "helper"
            steps += cost[action, hires]
        best = max(best, steps)
    return best


def _intrigue_steps(config: Config, cards: int) -> int:
    """The most steps of the effects of `cards` intrigues of one player."""
    return _top((card_steps(c, config) for c in INTRIGUE_IDS), cards)


def _lobbies_per_round(config: Config) -> int:
    bot_lobbies = max(sum(e.kind == "lobby_top" for e in card.effects) for card in BOT)
    return config.players * LOBBIES_PER_ROUND + config.bots * config.tokens_per_round * bot_lobbies


@functools.cache
def _own_deck_only() -> bool:
    """Whether every market card takes cards only from the deck being resolved (so no card
    is revealed twice in one market phase)."""
    cards = {c for deck in STARTING_DECKS.values() for d in deck for c in d} | set(INFLUENCE_IDS)
    return all(e.company == "" for c in cards for e in EFFECTS[c] if e.kind in ("move_card", "look"))


def _reveals(config: Config, cards: int, icons: int) -> int:
    """The most steps of revealing at most `cards` company cards, at most `icons` of them
    bearing the end-of-deck icon: a draw each and its effects."""
    return _revealing(_seats_only(config), cards, icons)


@functools.cache
def _revealing(config: Config, cards: int, icons: int) -> int:
    pool = [c for deck in STARTING_DECKS[config.seats] for c in deck] + list(INFLUENCE_IDS)
    costs = [1 + card_steps(c, config) for c in pool]
    iconic = sorted((x for x, c in zip(costs, pool, strict=True) if c in END_ICON), reverse=True)[:icons]
    plain = [x for x, c in zip(costs, pool, strict=True) if c not in END_ICON]
    return _top([*iconic, *plain], cards)


def market_steps(config: Config, round_: int) -> int:
    """The most steps of the market phase of round `round_` (ZOO-7 to ZOO-9, ZOO-12.2)."""
    starting = sum(len(d) for d in STARTING_DECKS[config.seats])
    cards = starting + min(len(INFLUENCE_IDS), round_ * _lobbies_per_round(config))
    decks = len(STARTING_DECKS[config.seats])
    if _own_deck_only():
        reveals = _reveals(config, cards, 2 * decks)
    else:
        reveals = decks * _reveals(config, cards, 2)
    division = decks * config.players
    events = 0
    if "events" in config.modules:
        events = len(EVENT_IDS) + _top((card_steps(e, config) for e in EVENT_IDS), EVENTS_PER_ROUND)
    return reveals + division + events


def setup_steps(config: Config) -> int:
    """The steps of the setup (ZOO-1.1 to ZOO-1.5, ZOO-12.5, ZOO-12.7)."""
    goals = config.players if "hidden_goals" in config.modules else 0
    return 1 + 2 * config.market_size + goals + config.players * intrigue_hand(config)


@attrs.frozen
class LengthBound:
    """The derived step bounds of one configuration (see the module docstring).

    Attributes:
        setup: The setup's steps.
        action: The most steps of each round's action phase, that round's intrigues included.
        market: The most steps of each round's market phase.
        intrigues: The most steps of every intrigue effect of the game (each card once).
        total: The bound on the whole game: the setup, the action phases without their
            intrigues, every intrigue of the game once, the market phases.
    """

    setup: int
    action: tuple[int, ...]
    market: tuple[int, ...]
    intrigues: int
    total: int


def length_bound(config: Config) -> LengthBound:
    """The step bounds of a game of `config` (see the module docstring)."""
    return _length_bound(config)


@functools.cache
def _length_bound(config: Config) -> LengthBound:
    tokens = config.tokens_per_round
    hand = intrigue_hand(config)
    bots = bot_round_steps(config)
    plain = tuple(bots + config.players * player_round_steps(config, r) for r in range(1, ROUNDS + 1))
    per_round = config.players * _intrigue_steps(config, min(tokens, hand))
    action = tuple(steps + per_round for steps in plain)
    market = tuple(market_steps(config, r) for r in range(1, ROUNDS + 1))
    intrigues = config.players * _intrigue_steps(config, hand)
    setup = setup_steps(config)
    return LengthBound(setup, action, market, intrigues, setup + sum(plain) + intrigues + sum(market))


def game_length_bound(config: Config) -> int:
    """The most steps (decisions and chance events) of any game of `config`."""
    return length_bound(config).total


MODULES: Final = ("events", "hidden_goals", "intrigues")
"""The optional modules (ZOO-12.1); the other options change no step count."""


def configurations() -> tuple[Config, ...]:
    """One configuration per seat count and module set: 2 to 5 seats, 1 to 5 of them players
    (ZOO-13.1: at most 4 bots), and each of the 8 sets of modules. The options left at their
    defaults here (seating, bot rule, money, fruit, readings) change no bound above."""
    seats = [(p, b) for p in range(1, 6) for b in range(5) if 2 <= p + b <= 5]
    modules = [tuple(m for i, m in enumerate(MODULES) if mask >> i & 1) for mask in range(2 ** len(MODULES))]
    return tuple(Config(p, b, m, "humans-first", "any-effect", 10, 1) for p, b in seats for m in modules)


def longest_game() -> int:
    """The largest [game_length_bound][tabletop.adapters.spolka_zoo_length.game_length_bound]
    over every configuration."""
    return max(game_length_bound(config) for config in configurations())


def phase_of(state: Position) -> tuple[str, int]:
    """The part of the game the step at `state` belongs to, as the bound counts it:
    `("setup", 0)`, `("action", round)` or `("market", round)` (pending work belongs to
    the phase that started it: the deal to the setup, a token's effects to the action
    phase, the company decks, the division and the events to the market phase)."""
    flow = state.flow
    if flow.key == "setup.board" or state.resume == "action.start":
        return ("setup", 0)
    if flow.phase == "market" or state.resume in _MARKET_RESUMES:
        return ("market", flow.round)
    return ("action", flow.round)
