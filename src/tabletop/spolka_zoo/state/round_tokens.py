"""The invariants of the action tokens of a round and the transactions of a token: what a
state read from a text may hold in `Seat.played`, `Seat.pick` and `Turn` (rules audit 37,
holes H1 to H3).

The rules append a revealed token to `played` and never play one twice in a round (ZOO-3.2),
play at most one token per seat per token of the round (ZOO-3.3), never a duplicate first
(ZOO-4.13), no token for a bot (ZOO-13.3), and end a trading token at its second transaction
(ZOO-4.1, ZOO-4.6). A text that says otherwise made the rules play a token twice, make a
third transaction, or fail (a duplicate copying nothing). Each check holds on every state
of seeded random games of every configuration
(`tests/spolka_zoo/test_zoo_invariants37_tokens.py`).

The sound sequences are few (at most 4 distinct tokens of 6, at most 2 transactions), so
they are listed once: a sound state costs a look-up per seat and one for the turn.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Final, NoReturn

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import InvariantBroken
from tabletop.spolka_zoo.content import FRUITS, TOKENS
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
    for i, seat in enumerate(state.seats):
        played, pick = seat.played, seat.pick
        picks = _PICKS_AFTER.get(played)
        if picks is None or pick not in picks or len(played) + (pick != "") > number or (seat.bot and (played or pick)):
            _seat_broken(state, i)
    if turn.token or turn.action or turn.trades:
        _turn(state)


def _seat_broken(state: ZooState, i: int) -> None:
    """Raise for the first check seat `i` fails."""
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
    _broken(f"seat {i} played {played!r}{picked} by token {number} of the round", f"{at}.played", "ZOO-3.3")


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


def _broken(message: str, path: str, rule: str) -> NoReturn:
    raise InvariantBroken(message, path=path, rule=rule)
