"""Issue 12: a bot's first choice of a share to buy (`effects._buy_share_first`) is one of the
moves made once per company (`effects._BUYS`), not a new move per decision: held to the move the
plain path builds (equal, of the same type, the first listed option) and to being the very object
the next ask returns, on every seat, company and count of states of seeded games."""

from __future__ import annotations

from zoo_helpers import random_states

from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.moves import Buy, Pass
from tabletop.spolka_zoo.rules import effects
from tabletop.spolka_zoo.state import Task


def test_the_kept_buys_are_the_plain_moves() -> None:
    assert set(effects._BUYS) == set(FRUITS)
    for company, move in effects._BUYS.items():
        assert type(move) is Buy and move == Buy(company) and hash(move) == hash(Buy(company))


def test_a_bots_first_buy_is_a_kept_move() -> None:
    buys = passes = 0
    for state in random_states(5, players=1, bots=4)[::2]:
        if not state.board:
            continue
        for seat in range(len(state.seats)):
            for company in ("choice", *state.board):
                for n in (1, 2):
                    task = Task("buy_share", seat=seat, company=company, n=n)
                    move = effects._buy_share_first(state, task)
                    assert move == effects._buy_share_options(state, task)[0]
                    if isinstance(move, Buy):
                        assert move is effects._BUYS[move.item] and effects._buy_share_first(state, task) is move
                        buys += 1
                    else:
                        assert type(move) is Pass
                        passes += 1
    assert buys > 50 and passes > 10
