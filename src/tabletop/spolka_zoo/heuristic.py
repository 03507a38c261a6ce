"""The evaluation heuristic of Spółka ZOO (the `evaluate` hook the greedy and search agents use).

```pycon
>>> from tabletop.spolka_zoo import GAME
>>> state = GAME.new_game(seed=1, players=2)
>>> evaluate(state.view(0), 0)  # 10 coins and one fruit of each type at price 1: 13 coins
2.6

```
"""

from __future__ import annotations

from tabletop.kernel.protocol import State
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.state import COINS_PER_GLORY, ZooState

__all__ = ["evaluate"]


def evaluate(view: State, seat: int) -> float:
    """Glory the seat would have if the game ended now (coins, sale value, helpers), in glory."""
    assert isinstance(view, ZooState)
    me = view.seats[seat]
    sale = sum(n * price for n, price in zip(me.shares, view.share_price, strict=True))
    sale += sum(me.fruit[f] * view.fruit_price[i] for i, f in enumerate(FRUITS))
    return me.helper_glory + (me.money + sale) / COINS_PER_GLORY
