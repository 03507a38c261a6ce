"""Setting up a game (ZOO-1.1 to ZOO-1.7, ZOO-12.1, ZOO-13.1, ZOO-13.2) and its options.

Starting money and fruits are not in the rulebook; the reference defaults are 10 coins and
one fruit of each type per seat. The warehouse starts with the printed 8/11/14/17 fruit of
each type (ZOO-1.3) and the seats' starting fruit comes in addition; option
`warehouse_fruit="less-starting"` takes it out of the warehouse's instead (so with five
seats the fruit in play stays the box's 17 of each). Bots get 20 coins for each of the
hidden goals and intrigues modules in play instead of the cards.
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

from tabletop.kernel.deck import Deck
from tabletop.kernel.protocol import Option
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import (
    BOT_IDS,
    EVENT_IDS,
    FRUITS,
    GOAL_IDS,
    HELPER_IDS,
    INFLUENCE_IDS,
    INTRIGUE_IDS,
    STARTING_DECKS,
)
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.rules.work import start
from tabletop.spolka_zoo.state import Config, Draft, Piles, Seat, Task, ZooState
from tabletop.spolka_zoo.state.hands import intrigue_hand

__all__ = ["OPTIONS", "SEATINGS", "deal", "seat_order", "seatings", "setup"]

MODULES: Final = ("events", "hidden_goals", "intrigues")
#: Coins a bot receives per card module (hidden goals, intrigues) instead of the cards.
BOT_MODULE_COINS: Final = 20
DEFAULT_MONEY: Final = 10
DEFAULT_FRUITS: Final = 1

SEATINGS: Final = ("humans-first", "alternate")
"""The named placements of the bots (option `seating`); any other placement is a pattern."""
_PATTERN_LETTERS: Final = frozenset("PB")
"""The letters of a seating pattern: P a player, B a bot."""


def _checked_seating(value: object) -> str:
    """Option `seating`'s canonical value: a named placement, or a pattern of 2 to 5 seats in
    capitals (its counts are checked against the players and bots by `seat_order`).

    Raises:
        ValueError: Naming the option and the value, if it is neither.
    """
    if isinstance(value, str):
        if value in SEATINGS:
            return value
        pattern = value.upper()
        if 2 <= len(pattern) <= 5 and set(pattern) <= _PATTERN_LETTERS:
            return pattern
    msg = (
        f"option 'seating' must be 'humans-first', 'alternate' or a pattern of 2 to 5 seats clockwise"
        f" from the first player, P a player and B a bot (such as 'PBPP'); got {value!r}"
    )
    raise ValueError(msg)


OPTIONS: Final = (
    Option.integer("players", 3, 1, 5, "Human players (1 with bots is the solo mode)."),
    Option.integer("bots", 0, 0, 4, "Bots; players + bots must be 2 to 5."),
    Option.subset("modules", MODULES, "Additional modules: events, hidden_goals, intrigues."),
    Option.integer("starting_money", DEFAULT_MONEY, 0, 50, "Coins per seat at the start (reference default)."),
    Option.integer("starting_fruits", DEFAULT_FRUITS, 0, 3, "Fruits of each type per seat at the start (reference)."),
    Option(
        "seating",
        "humans-first",
        "Where bots sit: after all players, alternating player, bot..., or a pattern of the seats clockwise "
        "from the first player, P a player and B a bot ('PBPP'; 'BPP' makes a bot the first player).",
        _checked_seating,
        str,
        SEATINGS,
        values_for=lambda options: seatings(options["players"], options["bots"]),
    ),
    Option.choice(
        "unowned_cards",
        "ignored",
        ("ignored", "resolved"),
        "Company cards when nobody holds a share: ignored (no majority shareholder) or resolved.",
    ),
    Option.choice(
        "empty_board_ties",
        "paid",
        ("paid", "unpaid"),
        "Shareholders tied for the majority of a company without fruit: 3 coins each, or nothing.",
    ),
    Option.choice(
        "warehouse_fruit",
        "printed",
        ("printed", "less-starting"),
        "Warehouse's starting fruit: the printed 8/11/14/17 of each (seats' fruit extra), or those less the seats'.",
    ),
    Option.choice(
        "bot_rule",
        "any-effect",
        ("any-effect", "all-effects"),
        "A bot card is carried out when at least one / every one of its effects can be.",
    ),
)


def seatings(players: int, bots: int) -> tuple[str, ...]:
    """Every value of option `seating` for `players` and `bots` (ZOO-13.1), each placement once:
    the named ones, then the patterns that place the bots otherwise.

    ```pycon
    >>> seatings(2, 1)
    ('humans-first', 'alternate', 'BPP')

    ```
    """
    named: dict[tuple[bool, ...], str] = {}
    for name in SEATINGS:
        named.setdefault(seat_order(players, bots, name), name)
    found = dict.fromkeys(named.values())
    for bots_at in itertools.combinations(range(players + bots), bots):
        order = tuple(seat in bots_at for seat in range(players + bots))
        if order not in named:
            found["".join("B" if bot else "P" for bot in order)] = None
    return tuple(found)


def seat_order(players: int, bots: int, seating: str) -> tuple[bool, ...]:
    """Which seats are bots, clockwise from seat 0 (the first player of round 1, ZOO-1.7).

    The players place the bots (ZOO-13.1: "establish after which player the given Bot will take
    its turn. A Bot may take its turn directly after another Bot's turn"; "A Bot may become the
    First Player"): `"humans-first"` (the players, then the bots), `"alternate"` (player, bot,
    player, bot..., the rest at the end), or a pattern of the seats, `P` a player and `B` a bot.

    Raises:
        ValueError: If a pattern does not hold `players` P and `bots` B.
    """
    if seating == "humans-first":
        return (False,) * players + (True,) * bots
    if seating != "alternate":
        found = (seating.count("P"), seating.count("B"))
        if found != (players, bots):
            msg = (
                f"option 'seating': the pattern {seating!r} seats {found[0]} players (P) and {found[1]} bots (B);"
                f" the game has {players} players and {bots} bots"
            )
            raise ValueError(msg)
        return tuple([letter == "B" for letter in seating])
    order: list[bool] = []
    humans, robots = players, bots
    while humans or robots:
        if humans:
            order.append(False)
            humans -= 1
        if robots:
            order.append(True)
            robots -= 1
    return tuple(order)


_SETUPS_KEPT: Final = 64
"""Option sets whose starting parts `_parts` keeps at most (a playout loop asks for one set)."""


def setup(
    seed: int,
    *,
    players: int,
    bots: int,
    modules: tuple[str, ...],
    starting_money: int,
    starting_fruits: int,
    seating: str,
    unowned_cards: str,
    empty_board_ties: str,
    bot_rule: str,
    warehouse_fruit: str,
) -> ZooState:
    """The state before the boards' order is drawn (options already checked one by one).

    Everything but the seed depends on the options alone: the parts (immutable values) are
    built once per option set (`_parts`, at most `_SETUPS_KEPT` sets) and shared by the games.

    Raises:
        ValueError: If players + bots is not 2 to 5, or a `seating` pattern does not seat them.
    """
    seats = players + bots
    if not 2 <= seats <= 5:
        msg = f"option 'bots': players + bots must be 2 to 5; got {players} + {bots}"
        raise ValueError(msg)
    config = Config(
        players,
        bots,
        modules,
        seating,
        bot_rule,
        starting_money,
        starting_fruits,
        unowned_cards=unowned_cards,
        empty_board_ties=empty_board_ties,
        warehouse_fruit=warehouse_fruit,
    )
    config, seat_list, warehouse, piles, decks, makeup = _parts(config)
    return ZooState(  # type: ignore[abstract]  # bound in the package (State.bind)
        flow=MACHINE.start_flow(),
        seed=seed,
        chance_count=0,
        config=config,
        board=(),
        share_price=(1, 1, 1),
        fruit_price=(1, 1, 1),
        warehouse=warehouse,
        company_fruit=(_NONE, _NONE, _NONE),
        decks=decks,
        seats=seat_list,
        piles=piles,
        deck_makeup=makeup,
    )


_NONE: Final = Tokens()
"""No fruit on a company board."""
_Parts = tuple[Config, tuple[Seat, ...], Tokens, Piles, tuple[Deck, Deck, Deck], tuple[tuple[Tokens, int], ...]]


@functools.lru_cache(maxsize=_SETUPS_KEPT)
def _parts(config: Config) -> _Parts:
    """`setup`'s parts for the options `config`: the config, the seats, the warehouse, the piles,
    the company decks and their makeup (values, shared by every game of these options)."""
    players, bots, modules, starting_money = config.players, config.bots, config.modules, config.starting_money
    seats = players + bots
    bot_coins = BOT_MODULE_COINS * sum(m in modules for m in ("hidden_goals", "intrigues"))
    start_fruit = Tokens(dict.fromkeys(FRUITS, config.starting_fruits))
    seat_list = tuple(
        Seat(bot=bot, money=starting_money + (bot_coins if bot else 0), fruit=start_fruit, shares=(0, 0, 0))
        for bot in seat_order(players, bots, config.seating)
    )
    warehouse = Tokens(dict.fromkeys(FRUITS, config.warehouse_start))
    size = config.market_size
    piles = Piles(
        influence=Deck.shuffled(INFLUENCE_IDS),
        influence_row=("",) * size,
        helper_deck=Deck.shuffled(HELPER_IDS),
        helper_row=("",) * size,
        bot_deck=Deck.shuffled(BOT_IDS) if bots else Deck(),
        event_deck=Deck.shuffled(EVENT_IDS) if "events" in modules else Deck(),
        goal_box=Deck.shuffled(GOAL_IDS) if "hidden_goals" in modules else Deck(),
        intrigue_box=Deck.shuffled(INTRIGUE_IDS) if "intrigues" in modules else Deck(),
    )
    decks = tuple(Deck.shuffled(cards) for cards in STARTING_DECKS[seats])
    makeup = tuple((Tokens(cards), 0) for cards in STARTING_DECKS[seats])
    return config, seat_list, warehouse, piles, (decks[0], decks[1], decks[2]), makeup


def deal(draft: Draft) -> None:
    """`setup.deal`: the face-up influence and helper rows (ZOO-1.4, ZOO-1.5), one hidden goal
    per player (ZOO-12.5) and the intrigue hands (ZOO-12.7); bots get coins instead (ZOO-12.1)."""
    size = draft.config.market_size
    tasks = [Task("draw_row", arg=row, index=i) for row in ("influence", "helper") for i in range(size)]
    humans = [i for i, seat in enumerate(draft.seats) if not seat.bot]
    if "hidden_goals" in draft.config.modules:
        tasks.extend(Task("deal", seat=s, arg="goal") for s in humans)
    if "intrigues" in draft.config.modules:
        hand = intrigue_hand(len(draft.seats))
        tasks.extend(Task("deal", seat=s, arg="intrigue") for s in humans for _ in range(hand))
    start(draft, tuple(tasks))
