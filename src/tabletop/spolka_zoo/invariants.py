"""The invariants of a Spółka ZOO state: what the rules conserve and bound, checked after
every step by the property suite and on every state read from JSON.

Fruit and share tokens are conserved, every card is in exactly one place, no price or purse
is below 0, the seat to move is the one the rules name, and the pending work names known
operations, seats and companies; the action tokens of the round and the transactions of a
token are ones the rules make (`state.round_tokens`), every card lies in a place that may hold
its family (`state.card_places`), the rows and hands as dealt (`state.rows`, `state.hands`).
A broken invariant raises [`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] naming
the field path and the rule; reading a state turns it into a `DecodeError` at that path.
"""

from __future__ import annotations

import functools
from itertools import chain, compress
from operator import attrgetter, is_not
from typing import Final, NoReturn

import attrs

from tabletop.kernel.deck import HIDDEN, Deck, conservation_problem
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.protocol import State
from tabletop.kernel.serialize import PartAnswers
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
from tabletop.spolka_zoo.rules import OPS
from tabletop.spolka_zoo.rules.setup import seat_order
from tabletop.spolka_zoo.state import SHARE_TOKENS, Config, Piles, Seat, ZooState
from tabletop.spolka_zoo.state.card_codes import CODE as _CODE
from tabletop.spolka_zoo.state.card_codes import CODES as _CODES
from tabletop.spolka_zoo.state.card_codes import part_code as _part_code
from tabletop.spolka_zoo.state.card_places import check_places
from tabletop.spolka_zoo.state.hands import check_hands
from tabletop.spolka_zoo.state.makeup import check_makeups
from tabletop.spolka_zoo.state.queue_tasks import check_queue
from tabletop.spolka_zoo.state.round_tokens import check_tokens
from tabletop.spolka_zoo.state.rows import check_rows

__all__ = ["all_cards", "expected_cards", "invariants"]

CONFIGS_KEPT: Final = 64
"""The most configurations whose cards are kept worked out: a text from outside may name any of
the ~1.6 million valid ones, so the store is bounded."""


def expected_cards(state: ZooState) -> Tokens:
    """Every card the game's configuration puts in play."""
    return _expected(state.config)


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _expected(config: Config) -> Tokens:
    """The cards of a configuration, worked out once per configuration (they are constant)."""
    cards = [c for deck in STARTING_DECKS[config.seats] for c in deck] + list(INFLUENCE_IDS) + list(HELPER_IDS)
    if config.bots:
        cards += BOT_IDS
    modules = {"events": EVENT_IDS, "hidden_goals": GOAL_IDS, "intrigues": INTRIGUE_IDS}
    for module, ids in modules.items():
        if module in config.modules:
            cards += ids
    return Tokens(cards)


def all_cards(state: ZooState) -> Tokens:
    """Every card of the state, wherever it is (`?` for each card a view hides)."""
    return Tokens(_tally(state))


def _tally(state: ZooState) -> dict[str, int]:
    """Every card of the state counted in one plain dict (no multiset built per pile): the
    counts of the piles, the seats and the company decks, each kept by its part's identity."""
    tally = dict(_PILES.of(state.piles, _piles_tally))
    get = tally.get
    for part in (_SEATS.of(state.seats, _seats_tally), _DECKS.of(state.decks, _decks_tally)):
        for card, n in part.items():
            tally[card] = get(card, 0) + n
    return tally


_PILES: Final = PartAnswers()
_SEATS: Final = PartAnswers()
_DECKS: Final = PartAnswers()
"""The card counts of the piles, the seats and the company decks, kept by the identity of those
immutable parts: a part a step left unchanged is counted once (reading a state checks it and the state after its
first legal move, which shares most parts with it)."""


def _piles_tally(p: Piles) -> dict[str, int]:
    tally: dict[str, int] = {}
    get = tally.get
    for row in (p.influence_row, p.helper_row, p.resolving):
        for card in row:
            if card:
                tally[card] = get(card, 0) + 1
    for known in p.removed:
        tally[known.card] = get(known.card, 0) + 1
    for tokens in (p.bot_discard, p.event_aside):
        for card, n in tokens.items():
            tally[card] = get(card, 0) + n
    _count_decks((p.influence, p.helper_deck, p.bot_deck, p.event_deck, p.goal_box, p.intrigue_box), tally)
    return tally


def _seats_tally(seats: tuple[Seat, ...]) -> dict[str, int]:
    tally: dict[str, int] = {}
    get = tally.get
    for seat in seats:
        for card in (*seat.helpers, *seat.intrigues):
            tally[card] = get(card, 0) + 1
        if seat.goal:
            tally[seat.goal] = get(seat.goal, 0) + 1
    return tally


def _decks_tally(decks: tuple[Deck, ...]) -> dict[str, int]:
    tally: dict[str, int] = {}
    _count_decks(decks, tally)
    return tally


def _count_decks(decks: tuple[Deck, ...], tally: dict[str, int]) -> None:
    get = tally.get
    for deck in decks:
        for card, n in deck.middle.items():
            tally[card] = get(card, 0) + n
        for known in (*deck.top, *deck.bottom):
            tally[known.card] = get(known.card, 0) + 1


#: The name of every operation (`OPS`, fixed when made), as a set: no `Mapping` call per look-up.
_OP_NAMES: Final = frozenset(OPS)

#: Every step of the phase table, by key.
_STEPS: Final = frozenset(MACHINE.steps())

#: The action-phase steps where the seat resolving its token decides.
_TOKEN_STEPS = frozenset({"action.before", "action.revealed", "action.act", "action.abilities", "action.late"})


def _check(holds: object, message: str, path: str, rule: str = "") -> None:
    if not holds:
        raise InvariantBroken(message, path=path, rule=rule)


def _broken(message: str, path: str, rule: str = "") -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)


def invariants(state: State) -> None:
    """Check the invariants of `state` (a full state or a view).

    Raises:
        InvariantBroken: Naming the field path (`"seats[1].money"`, `"queue[0].op"`) and the
            rule, for the first invariant broken.
    """
    assert isinstance(state, ZooState)
    last = _SOUND[0]
    if last is None:
        for check in _CHECKS:
            check(state)
    else:
        _changed(state, last)
    _SOUND[0] = state


_SOUND: Final[list[ZooState | None]] = [None]
"""The last state found sound (one kept: its parts' identities are not reused). A check whose
fields are all its very objects holds again (the checks read immutable parts only), so the
state after the first legal move (reading checks both) runs only the checks of what it changed."""


def _board(state: ZooState) -> None:
    if state.board and tuple(sorted(state.board)) != FRUITS:
        _broken(f"board {state.board!r}", "board", "ZOO-1.1")


def _changed(s: ZooState, last: ZooState) -> None:
    """The checks of `_CHECKS`, in order (the same first refusal), but those whose fields are
    all the very objects of `last` (`_flow` reads the seats' number only, `_pending` that, the
    board and the seats' bot flags, which `_config` holds to the configuration; of the
    piles, the open-pile check reads the four decks of `_OPEN_PILES` only, the makeups' check
    the cards being resolved and the shown piles only; the tokens' check the seats, the
    configuration, the turn, the step and where the work resumes)."""
    seats, config, piles, decks = s.seats, s.config, s.piles, s.decks
    same_seats, same_config, same_piles = seats is last.seats, config is last.config, piles is last.piles
    if not (same_seats and same_config):
        _config(s)
    same_work = s.flow is last.flow and s.queue is last.queue and len(seats) == len(last.seats)
    if not (same_work and s.turn is last.turn and s.finished is last.finished):
        _flow(s)
    if not (same_work and s.resume is last.resume and s.board is last.board):
        _pending(s)
    if s.board is not last.board:
        _board(s)
    same_fruit = s.warehouse is last.warehouse and s.company_fruit is last.company_fruit
    if not (same_fruit and same_seats and same_config and s.share_price is last.share_price) or (
        s.fruit_price is not last.fruit_price
    ):
        _tokens(s, last.seats)
    if not (same_piles and decks is last.decks and same_seats and same_config):
        _cards(s)
    if not (same_piles and decks is last.decks and same_seats and s.queue is last.queue):
        check_places(s, last)
    if not (same_piles and same_config and same_seats and s.queue is last.queue and s.flow is last.flow):
        check_rows(s)
        check_hands(s)
    p, q = piles, last.piles
    if not same_piles and not (
        p.influence is q.influence
        and p.helper_deck is q.helper_deck
        and p.bot_deck is q.bot_deck
        and p.event_deck is q.event_deck
    ):
        _open_piles(s)
    same_shown = same_piles or (p.resolving is q.resolving and p.shown is q.shown)  # what the makeups read of them
    if not (same_shown and decks is last.decks and s.deck_makeup is last.deck_makeup):
        check_makeups(s)
    if not (same_seats and same_config and s.turn is last.turn and s.flow is last.flow and s.resume is last.resume):
        check_tokens(s)


_CONFIGS: Final = PartAnswers(CONFIGS_KEPT)
"""The configurations found sound (a game's states share one)."""


def _config(state: ZooState) -> None:
    """Every option the configuration keeps is one `new_game` accepts, the seats 2 to 5 (ZOO-1.3
    gives the warehouse of each), and the seats the ones it makes (humans and bots where the
    `seating` option puts them): the rules read these values at every step."""
    config = state.config
    if tuple(map(_BOT, state.seats)) != _CONFIGS.of(config, _seating):
        bots = "".join("B" if seat.bot else "H" for seat in state.seats)
        _broken(f"seats {bots} (H human, B bot) for {config.players} players and {config.bots} bots", "seats")


def _seating(config: Config) -> tuple[bool, ...]:
    """Which seats are bots under a configuration, once its options are found sound."""
    ZooState.GAME.check_kept_options(attrs.asdict(config, recurse=False), "config.")
    if not 2 <= config.seats <= 5:
        _broken(f"{config.players} players and {config.bots} bots (2 to 5 seats)", "config.bots", "ZOO-1.3")
    try:
        return seat_order(config.players, config.bots, config.seating)
    except ValueError as exc:  # a pattern that does not seat the players and bots
        _broken(str(exc), "config.seating", "ZOO-13.1")


def _flow(state: ZooState) -> None:
    """The seat to move is the one the rules name; the game is finished at its last step only."""
    _turn(state)
    key, player = state.flow.key, state.flow.player
    if state.finished is not (key == "end.over"):  # the outcome is read from `finished` (ZOO-10.1)
        _broken(f"finished={state.finished!r} at step {key!r}", "finished", "ZOO-10.1")
    if key in _TOKEN_STEPS:
        if player != state.turn.seat:
            _broken(f"seat {player} to move for seat {state.turn.seat}", "flow.player", "ZOO-3.2")
    elif key == "effects.choose":
        _check(state.queue, "a decision with no task pending", "queue", "ZOO-6.1")
        if player != state.queue[0].seat:
            _broken(f"seat {player} decides for {state.queue[0]}", "flow.player", "ZOO-6.1")


def _turn(state: ZooState) -> None:
    """ZOO-3.2: the token's resolution goes round the seats from the first player, so `position`
    counts the seats started (0 to the number of seats) and the seat resolving is the last of them."""
    turn, seats = state.turn, len(state.seats)
    if not 0 <= turn.position <= seats:
        _broken(f"position {turn.position} of {seats} seats", "turn.position", "ZOO-3.2")
    if turn.seat != -1 and (turn.position == 0 or state.order_from_first()[turn.position - 1] != turn.seat):
        _broken(f"seat {turn.seat} resolving at position {turn.position}", "turn.seat", "ZOO-3.2")


def _pending(state: ZooState) -> None:
    """The pending work names known steps, and its tasks what their operations need
    (`state.queue_tasks`)."""
    if state.resume != "" and state.resume not in _STEPS:
        _broken(f"unknown step {state.resume!r}", "resume")
    if state.flow.phase == "effects" and not (state.queue and state.resume):
        _broken(f"{state.flow.key} with no task or nowhere to resume", "queue")
    if state.resume and state.flow.phase != "effects":
        _broken(f"work to resume at {state.resume!r} at {state.flow.key}, with no work pending", "resume")
    check_queue(state, _OP_NAMES)


_CONSERVED: Final = PartAnswers()
"""The parts whose fruit tokens (or cards) were found conserved, with the very parts they were
found conserved with: a state whose every such part is unchanged is not counted again."""


def _tokens(state: ZooState, sound_seats: tuple[Seat, ...] = ()) -> None:
    """Fruit and share tokens conserved, no purse or price below 0 (the shares and purse of a
    seat of `sound_seats`, the seats of the last sound state, at its place are not looked at again)."""
    seats = state.seats
    fruits = (state.company_fruit, state.config, *map(_FRUIT, seats))
    if not _CONSERVED.holds(state.warehouse, *fruits):
        _fruit(state)
        _CONSERVED.keep(state.warehouse, *fruits)
    if seats is not sound_seats:
        # the seats a step did not change are skipped in C (a step changes one seat or none)
        changed = (
            compress(enumerate(seats), map(is_not, seats, sound_seats))
            if len(sound_seats) == len(seats)
            else enumerate(seats)
        )
        for i, seat in changed:
            shares = seat.shares
            if shares and (min(shares) < 0 or sum(shares) > SHARE_TOKENS):
                _broken(f"seat {i} shares {shares}", f"seats[{i}].shares", "ZOO-1.6")
            if seat.money < 0:
                _broken(f"seat {i} has {seat.money} coins", f"seats[{i}].money", "ZOO-11.11")
    if min(state.share_price) < 0:
        _broken(f"a price below 0: {state.share_price}", "share_price", "ZOO-4.5")
    if min(state.fruit_price) < 0:
        _broken(f"a price below 0: {state.fruit_price}", "fruit_price", "ZOO-4.5")


_FRUIT: Final = attrgetter("fruit")
"""A seat's fruit tokens (read in C)."""

_BOT: Final = attrgetter("bot")
"""Whether a seat is a bot (read in C)."""


def _fruit(state: ZooState) -> None:
    """Fruit tokens conserved."""
    fruit = state.warehouse.as_dict()
    for tokens in chain(state.company_fruit, map(_FRUIT, state.seats)):
        for kind, n in tokens.items():
            fruit[kind] = fruit.get(kind, 0) + n
    if fruit != _SUPPLIES.of(state.config, _supply):
        supply = state.config.fruit_supply
        found = ", ".join(f"{n} {kind}" for kind, n in {**dict.fromkeys(FRUITS, 0), **fruit}.items())
        _broken(f"fruit tokens not conserved: {found} in play, {supply} of each expected", "warehouse", "ZOO-1.3")


_SUPPLIES: Final = PartAnswers(CONFIGS_KEPT)
"""The fruit tokens of each kind in play, by the configuration's identity (a game's states share one)."""


def _supply(config: Config) -> dict[str, int]:
    return dict.fromkeys(FRUITS, config.fruit_supply)


def _cards(state: ZooState) -> None:
    """Every card in exactly one place."""
    if _cards_coded(state):
        return
    parts = (state.decks, state.config, *[x for seat in state.seats for x in (seat.helpers, seat.intrigues, seat.goal)])
    if not _CONSERVED.holds(state.piles, *parts):
        _count_cards(state)  # counted, and any problem worded (a view: the cards it shows exist)
        _CONSERVED.keep(state.piles, *parts)


_CONFIG_CODES: Final = PartAnswers(CONFIGS_KEPT)
"""The code of each configuration's cards, by the configuration's identity (a game's states
share one): no hash of the configuration worked out per state."""


def _cards_coded(state: ZooState) -> bool:
    """Whether the state's cards are exactly the configuration's, found in a few additions: the
    codes of its parts (each kept by its part's identity) added up against the configuration's.
    True exactly where `_count_cards` finds every card conserved in a full state; False for a view
    (`?` has no code) and any difference: `_count_cards` decides."""
    expected = _CONFIG_CODES.of(state.config, _expected_code)
    return expected is not None and _card_code(state) == expected


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _expected_code(config: Config) -> int | None:
    """The code of the configuration's cards (`None`, never met, if they were too many to code)."""
    cards = _expected(config)
    return _CODE.tokens(cards) if cards.total <= _CODE.most else None


def _card_code(state: ZooState) -> int | None:
    """The code of every card of the state (`None` if one is not known, as `?`): the codes of
    its piles and company decks, each kept by its part's identity, and of its seats' cards."""
    code = _CODES.total((state.piles, *state.decks), _part_code)
    if code is None:
        return None
    weights = _CODE.weights
    try:
        for seat in state.seats:
            if seat.helpers:
                code += sum(map(weights.__getitem__, seat.helpers))
            if seat.intrigues:
                code += sum(map(weights.__getitem__, seat.intrigues))
            if seat.goal:
                code += weights[seat.goal]
    except KeyError:
        return None
    return code


def _count_cards(state: ZooState) -> None:
    """Every card counted, against the cards the configuration puts in play."""
    tally, expected = _tally(state), _expected(state.config)
    if HIDDEN in tally:  # a view: the cards it shows exist, and the hidden ones make up the rest
        problem = conservation_problem(Tokens(tally), expected)
        _check(not problem, f"cards not conserved: {problem}", "piles")
        return
    if tally.items() != expected.items():
        cards = Tokens(tally)
        common = _common(cards, expected)
        _broken(f"cards not conserved: extra {cards - common}, missing {expected - common}", "piles")


_OPEN_PILES: Final = (
    ("influence", "ZOO-4.11"),
    ("helper_deck", "ZOO-4.10"),
    ("bot_deck", "ZOO-13.3"),
    ("event_deck", "ZOO-12.2"),
)
"""The face-down piles whose composition is public, with the rule that draws from them."""


def _open_piles(state: ZooState) -> None:
    """No card of a pile whose composition is public lies in a known place.

    These piles only ever lose cards face up: a row is refilled by "drawing and revealing"
    (ZOO-1.4, ZOO-1.5, ZOO-4.10, ZOO-4.11), a bot reveals the influence card it lobbies,
    bot and event cards are resolved face up and shuffled back (ZOO-12.2, ZOO-13.3,
    ZOO-13.5); the covert looks and removals of ZOO-6.4 are of company decks only, and no
    effect puts a card on these piles. So every seat knows their composition and their
    views show it: a card in a known place that some seat had not seen would be told by
    the composition (the whole less the rest), the leak the company decks' makeup avoids.
    """
    p = state.piles
    for name, rule in _OPEN_PILES:
        deck = getattr(p, name)
        if deck.top or deck.bottom:
            _broken(f"a card in a known place of the {name}, whose composition every seat knows", f"piles.{name}", rule)


def _common(a: Tokens, b: Tokens) -> Tokens:
    return Tokens({k: min(a[k], b[k]) for k in a if k in b})


_CHECKS: Final = (
    _config,
    _flow,
    _pending,
    _board,
    _tokens,
    _cards,
    check_places,
    check_rows,
    check_hands,
    _open_piles,
    check_makeups,
    check_tokens,
)
"""Every check of `invariants`, in order."""
