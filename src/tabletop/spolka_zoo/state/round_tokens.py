"""The invariants of the action tokens of a round and the transactions of a token: what a
state read from a text may hold in `Seat.played`, `Seat.pick` and `Turn` (rules audit 37,
holes H1 to H3).

The rules append a revealed token to `played` and never play one twice in a round (ZOO-3.2),
play at most one token per seat per token of the round (ZOO-3.3), never a duplicate first
(ZOO-4.13), no token for a bot (ZOO-13.3), and end a trading token at its second transaction
(ZOO-4.1, ZOO-4.6). A text that says otherwise made the rules play a token twice, make a
third transaction, or fail (a duplicate copying nothing). Every seat picks in turn before the
tokens resolve (ZOO-3.1): a human seat holds one token played or picked per token of the
round, less one at `action.pick` from the seat to pick on (a missing pick was revealed as an
empty token, fuzz 38). The seat that performed its own token uses only its helpers that
trigger after that action, each copy once (ZOO-5.1; a bot reveals no token and uses none,
ZOO-13.8). Pending work resumes at the step after the one that started it, whose turn the
state still has (a bot's turn, an intrigue window, a token's action, the market; a wrong
`resume` skipped the rest of a token or went on to the market, fuzz 38). Each check holds on
every state of seeded random games of every configuration
(`tests/spolka_zoo/test_zoo_invariants37_tokens.py`, `test_zoo_picks_due.py`,
`test_zoo_abilities_read.py`, `test_zoo_resume_read.py`).

The sound sequences are few (at most 4 distinct tokens of 6, at most 2 transactions), so
they are listed once: a sound state costs a look-up per seat and one for the turn.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Final, NoReturn

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import InvariantBroken
from tabletop.spolka_zoo.content import FRUITS, HELPERS, TOKENS
from tabletop.spolka_zoo.state import ZooState

__all__ = ["check_tokens"]

_MOST_TOKENS: Final = 4
"""Tokens a seat plays in a round at most (four with two seats, ZOO-3.3)."""
_TRANSACTIONS: Final = 2
"""Transactions of one trading token at most (ZOO-4.1, ZOO-4.6)."""

_PICKS_AFTER: Final[dict[tuple[str, ...], frozenset[str]]] = {
    played: frozenset(
        ("", HIDDEN, *(t for t in TOKENS if t not in played and (t != "duplicate" or played)))
        if len(played) < _MOST_TOKENS
        else ("",)
    )
    for n in range(_MOST_TOKENS + 1)
    for played in permutations(TOKENS, n)
    if not played or played[0] != "duplicate"
}
"""Every sound `played` of a round (distinct tokens, no duplicate first), with the picks a seat
that played it may hold: none, hidden (a view), or a token it has not played (a duplicate only
after a token)."""

_TRADE_NAMES: Final = tuple(f"{op}:{item}" for op in ("buy", "sell") for item in FRUITS)
_SOUND_TRADES: Final = frozenset(
    trades
    for n in range(_TRANSACTIONS + 1)
    for trades in product(_TRADE_NAMES, repeat=n)
    if not ({t.replace("buy:", "sell:") for t in trades if t.startswith("buy:")} & set(trades))
)
"""Every sound `Turn.trades`: at most two transactions, never a purchase and a sale of the same
company or fruit (ZOO-4.2, ZOO-4.6)."""
_RULES: Final = {False: ("ZOO-4.1", "ZOO-4.2", "company"), True: ("ZOO-4.6", "ZOO-4.6", "fruit")}
"""By trading fruit or not: the rule of the two transactions, the rule of a purchase and a sale
of one item, and the item's name."""
_ACTIONS: Final = tuple(t for t in TOKENS if t != "duplicate")
_TOKEN_ACTIONS: Final = frozenset((("", ""), *((t, t) for t in _ACTIONS), *(("duplicate", t) for t in _ACTIONS)))
"""Every sound (`Turn.token`, `Turn.action`): none, a token and its own action, or a duplicate
and the action it copies (ZOO-4.13)."""


def check_tokens(state: ZooState) -> None:
    """The seats' tokens of the round and the turn's transactions are ones the rules make.

    Raises:
        InvariantBroken: Naming the field, its value and the rule, for the first one broken.
    """
    turn = state.turn
    number = turn.number
    if not 0 <= number <= state.config.tokens_per_round:
        most = state.config.tokens_per_round
        _broken(f"token {number} of a round of {most} tokens", "turn.number", "ZOO-3.3")
    waiting = _waiting(state)
    for i, seat in enumerate(state.seats):
        played, pick = seat.played, seat.pick
        picks = _PICKS_AFTER.get(played)
        held = number - (i in waiting) if not seat.bot else 0
        if picks is None or pick not in picks or len(played) + (pick != "") != held or (seat.bot and (played or pick)):
            _seat_broken(state, i, held)
    if turn.token or turn.action or turn.trades:
        _turn(state)
    if turn.abilities:
        _abilities(state)
    if state.resume:
        _resume(state)


def _waiting(state: ZooState) -> tuple[int, ...]:
    """The seats that have yet to pick this token: at `action.pick`, the seat to pick and the
    human seats after it from the first player (ZOO-3.1: the picks go round in turn order),
    while no seat has begun resolving the token (ZOO-3.2)."""
    if state.flow.key != "action.pick":
        return ()
    if state.turn.position:
        position = state.turn.position
        _broken(f"position {position} while the seats pick: no seat resolves yet", "turn.position", "ZOO-3.2")
    order, player = state.order_from_first(), state.flow.player
    if player not in order or state.seats[player].bot:
        _broken(f"seat {player} to pick a token", "flow.player", "ZOO-3.1")
    return order[order.index(player) :]


def _seat_broken(state: ZooState, i: int, held: int) -> None:
    """Raise for the first check seat `i` fails; it should hold `held` tokens played or picked."""
    seat, number = state.seats[i], state.turn.number
    played, pick, at = seat.played, seat.pick, f"seats[{i}]"
    if seat.bot and (played or pick):
        where = f"{at}.played" if played else f"{at}.pick"
        _broken(f"bot seat {i} played {played!r}, picked {pick!r}: bots have no tokens", where, "ZOO-13.3")
    for token in played:
        if token not in TOKENS:
            _broken(f"seat {i} played {token!r}, not an action token", f"{at}.played", "ZOO-1.6")
    if len(set(played)) != len(played):
        _broken(f"seat {i} played {played!r}: a token twice in a round", f"{at}.played", "ZOO-3.2")
    if played and played[0] == "duplicate":
        _broken(f"seat {i} played {played!r}: a duplicate first in a round", f"{at}.played", "ZOO-4.13")
    if pick not in ("", HIDDEN, *TOKENS):
        _broken(f"seat {i} picked {pick!r}, not an action token", f"{at}.pick", "ZOO-1.6")
    if pick in played:
        _broken(f"seat {i} picked {pick!r}, already played this round ({played!r})", f"{at}.pick", "ZOO-3.2")
    if pick == "duplicate" and not played:
        _broken(f"seat {i} picked 'duplicate' with no token played this round", f"{at}.pick", "ZOO-4.13")
    picked = " and picked one" if pick else ""
    if len(played) + (pick != "") > number:
        _broken(f"seat {i} played {played!r}{picked} by token {number} of the round", f"{at}.played", "ZOO-3.3")
    step = state.flow.key
    _broken(
        f"seat {i} played {played!r}, picked {pick!r} at token {number} ({step}): {held} tokens due",
        f"{at}.pick",
        "ZOO-3.1",
    )


def _turn(state: ZooState) -> None:
    """The token revealed is the last one its seat played, a duplicate copies the token played
    just before it (ZOO-4.13), and the transactions made with it are ones the rules make."""
    turn = state.turn
    token, action, trades = turn.token, turn.action, turn.trades
    if (token, action) not in _TOKEN_ACTIONS:
        _broken(f"token {token!r} revealed with the action {action!r}", "turn.action", "ZOO-4.13")
    if token:
        played = state.seats[turn.seat].played if 0 <= turn.seat < len(state.seats) else ()
        if played[-1:] != (token,):
            _broken(f"token {token!r} revealed by seat {turn.seat}, who played {played!r}", "turn.token", "ZOO-3.2")
        if token == "duplicate" and played[-2:-1] != (action,):
            _broken(f"a duplicate copying {action!r} after the tokens {played!r}", "turn.action", "ZOO-4.13")
    if not trades:
        return
    two, pair, item = _RULES[action == "fruit"]
    if action not in ("share", "fruit"):
        _broken(f"transactions {trades!r} with the action {action!r}", "turn.trades", "ZOO-4.1")
    if trades not in _SOUND_TRADES:
        if len(trades) > _TRANSACTIONS or not set(trades) <= set(_TRADE_NAMES):
            _broken(f"transactions {trades!r}: up to two, each buying or selling one", "turn.trades", two)
        _broken(f"transactions {trades!r}: a purchase and a sale of one {item}", "turn.trades", pair)
    if state.flow.key == "action.act" and len(trades) >= _TRANSACTIONS:
        _broken(f"transactions {trades!r} and a third one to choose", "turn.trades", two)
    if not turn.used:
        _broken(f"transactions {trades!r} made with the action not performed", "turn.used", two)


def _abilities(state: ZooState) -> None:
    """ZOO-5.1 "it always concerns the token resolved by the player who owns the given Helper
    ... If a player plays an Action token but does not use its effect, they also cannot use
    Helpers' abilities": the abilities used after a token are the resolving seat's helpers that
    trigger after its action (given or any), each copy once, and only when it performed the
    action. A bot uses none (ZOO-13.8): it reveals no token (ZOO-13.3)."""
    turn = state.turn
    used = turn.abilities
    if not (turn.token and turn.used and 0 <= turn.seat < len(state.seats)):
        _broken(f"abilities {used!r} used by seat {turn.seat} with no action performed", "turn.abilities", "ZOO-5.1")
    me = state.seats[turn.seat]
    for card in used:
        helper = HELPERS.get(card)
        if helper is None or helper.trigger not in ("any", turn.action):
            _broken(f"{card!r} used after the action {turn.action!r}: not such a helper", "turn.abilities", "ZOO-5.1")
        if used.count(card) > me.helpers.count(card):
            owned = me.helpers.count(card)
            _broken(
                f"{card!r} used {used.count(card)} times by seat {turn.seat}, who has {owned}",
                "turn.abilities",
                "ZOO-5.1",
            )


_RESUMES: Final = {
    "action.start": ("the deal before round 1: no token yet", "ZOO-1.4"),
    "action.next": ("a bot's turn: a bot's seat, no token revealed", "ZOO-13.3"),
    "action.reveal": ("an intrigue before the reveal: a player's seat, no token revealed", "ZOO-12.8"),
    "action.act": ("an intrigue after the reveal: a player's seat, a token revealed", "ZOO-12.8"),
    "action.finish": ("an intrigue after the token: a player's seat, a token revealed", "ZOO-12.8"),
    "action.after": ("a token's action or abilities: a player's seat, a token performed", "ZOO-5.1"),
    "market.divide": ("the market: every seat's tokens resolved", "ZOO-7.1"),
    "market.events": ("the market: every seat's tokens resolved", "ZOO-8.6"),
    "market.end": ("the market: every seat's tokens resolved", "ZOO-12.2"),
}
"""Where pending work resumes, by the step that started it, with the turn that step has and
the rule (any other `resume` is refused with the steps' names)."""


def _resume(state: ZooState) -> None:
    """The turn is one the step the work resumes at starts work in: the deal before round 1,
    a bot's turn, an intrigue window, a token's action or abilities, the market phase."""
    resume, turn = state.resume, state.turn
    seat = state.seats[turn.seat] if 0 <= turn.seat < len(state.seats) else None
    human = seat is not None and not seat.bot
    if resume == "action.start":
        sound = turn.number == 0 and turn.seat == -1 and state.flow.round == 1
    elif resume == "action.next":
        sound = seat is not None and seat.bot and not turn.token
    elif resume == "action.reveal":
        sound = human and not turn.token and turn.intrigue
    elif resume in ("action.act", "action.finish"):
        sound = human and bool(turn.token) and turn.intrigue
    elif resume == "action.after":
        sound = human and bool(turn.token) and turn.used
    elif resume in _RESUMES:  # the market's steps
        seats = len(state.seats)
        sound = turn.number == state.config.tokens_per_round and turn.position == seats and not turn.token
    else:
        return  # not a step work resumes at: the pending work's check names it
    if not sound:
        what, rule = _RESUMES[resume]
        _broken(f"work resuming at {resume!r} ({what}) with {turn}", "resume", rule)


def _broken(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
