"""How many steps (decisions and chance events) a Conservas game can take, derived from the rules and the cards.

OpenSpiel's `max_game_length` must bound every legal game: a step is one move applied, a
decision or a chance outcome (a token drawn, a card dealt). A game is the setup, then the
month's rounds (CON-4.9), each At Sea, On Land and End of Day:

* **Setup** (CON-1.5 to CON-1.8): 2 boats dealt, the choice, 3 boats and 3 upgrades dealt.
* **The cards held.** Bought cards are not replaced until the End of Day (CON-3.8), so a
  round buys at most the 3 boats and trades for at most the 3 upgrades of the rows: at sea
  in round `r` the fleet is at most `1 + 3 (r - 1)` boats (of the 18) and at most
  `3 (r - 1)` upgrades are owned.
* **At Sea** (CON-2.1 to CON-2.5): one handful per boat and one for the Open Water card; a
  handful is a draw per token (the largest `draw_count`, 5 without, CON-6.3, plus every
  `sift` card's extra tokens, CON-6.6), the return of the extras (one decision), the
  placement, and a redraw (a decision and a draw, CON-6.4) per ongoing `redraw` card; a
  once-per-round `redraw` card works once a round. Water topped up from the supply is no
  draw (CON-2.6). The bound takes the owned upgrades that add most steps.
* **On Land** (CON-3.1 to CON-3.9): every sale and every trade spends at least one fish of
  the catch (a boat keeps at most its catch size plus every `catch_bonus`, at most 5,
  CON-2.3, CON-6.5), a space is sold once (CON-3.2), at most 3 trades and 3 purchases (the
  rows, CON-3.8), then `done` (CON-3.9). Over the game at most every space is sold once.
* **End of Day** (CON-4.3 to CON-4.6): keeping or discarding each row (2 decisions), at
  most 3 cards dealt to each row (the row refilled, or dealt anew), and one upkeep payment
  ordered per boat whose upkeep is due (the boats at sea this round).

A game forfeited for overfishing (CON-2.7) ends sooner. No chain is left unbounded: every
loop of the rules is over cards or tokens that run out.

```python
from tabletop.adapters.conservas_length import length_bound

bound = length_bound("january")
print(bound.total, bound.setup, bound.sea, bound.land, bound.end_of_day)
```
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

import attrs

from tabletop.conservas.checks import MAX_CATCH
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.rules.effects import BASE_DRAW
from tabletop.conservas.rules.setup import ROW_SIZE

__all__ = [
    "SETUP_STEPS",
    "LengthBound",
    "end_of_day_steps",
    "fleet_at_sea",
    "game_length_bound",
    "land_steps",
    "length_bound",
    "sea_steps",
    "upgrades_at_sea",
]

SETUP_STEPS: Final = 2 + 1 + 2 * ROW_SIZE
"""The setup: 2 boats offered, the choice, the boat and upgrade rows dealt (CON-1.5 to CON-1.8)."""
_AT_SEA: Final = tuple(card for card, u in UPGRADES.items() if u.effect.kind in ("draw_count", "sift", "redraw"))
"""The upgrades that add steps At Sea (CON-6.3, CON-6.4, CON-6.6)."""


def fleet_at_sea(round_: int) -> int:
    """The most boats at sea in round `round_` (from 1): the first and 3 bought a round (CON-3.8)."""
    return min(len(BOATS), 1 + ROW_SIZE * (round_ - 1))


def upgrades_at_sea(round_: int) -> int:
    """The most upgrades owned at sea in round `round_`: 3 traded a round (CON-3.8)."""
    return min(len(UPGRADES), ROW_SIZE * (round_ - 1))


def _sea(handfuls: int, cards: tuple[str, ...]) -> int:
    """The At Sea steps of `handfuls` handfuls with the upgrades `cards` owned."""
    effects = [UPGRADES[c] for c in cards]
    draw = max([BASE_DRAW, *(u.effect.amount for u in effects if u.effect.kind == "draw_count")])
    sift = sum(u.effect.amount for u in effects if u.effect.kind == "sift")
    redraws = [u for u in effects if u.effect.kind == "redraw"]
    each = sum(u.frequency == "ongoing" for u in redraws)  # once per handful
    per_round = len(redraws) - each  # once a round
    handful = draw + sift + (1 if sift else 0) + 1 + 2 * each  # draws, the return, the placement, redraws
    return handfuls * handful + 2 * per_round


@functools.cache
def sea_steps(round_: int) -> int:
    """The most steps of round `round_`'s At Sea phase: the owned upgrades that add most."""
    handfuls = fleet_at_sea(round_) + 1  # and the Open Water card (CON-1.7, CON-2.5)
    owned = min(upgrades_at_sea(round_), len(_AT_SEA))
    return max(_sea(handfuls, cards) for k in range(owned + 1) for cards in itertools.combinations(_AT_SEA, k))


def _fish(round_: int) -> int:
    """The most fish caught in round `round_`: the boats with the largest catch sizes."""
    bonus = sum(u.effect.amount for u in UPGRADES.values() if u.effect.kind == "catch_bonus")
    sizes = sorted((min(MAX_CATCH, b.catch + bonus) for b in BOATS.values()), reverse=True)
    return sum(sizes[: fleet_at_sea(round_)])


def land_steps(month: str, round_: int) -> int:
    """The most steps of round `round_`'s On Land phase: sales and trades (each spends a fish;
    a space once, 3 trades), 3 purchases, `done`."""
    spaces = len(MONTHS[month].spaces)
    return min(_fish(round_), spaces + ROW_SIZE) + ROW_SIZE + 1


def end_of_day_steps(round_: int) -> int:
    """The most steps of round `round_`'s End of Day: two row choices, 3 cards dealt to each
    row, an upkeep payment per boat at sea."""
    return 2 * (1 + ROW_SIZE) + fleet_at_sea(round_)


@attrs.frozen
class LengthBound:
    """The derived step bounds of a month (see the module docstring).

    Attributes:
        setup: The setup's steps.
        sea: The most steps of each round's At Sea phase.
        land: The most steps of each round's On Land phase.
        end_of_day: The most steps of each round's End of Day.
        total: The bound on the whole game (with every space sold at most once over the game).
    """

    setup: int
    sea: tuple[int, ...]
    land: tuple[int, ...]
    end_of_day: tuple[int, ...]
    total: int


@functools.cache
def length_bound(month: str) -> LengthBound:
    """The step bounds of a game of `month` (the goal level changes none)."""
    rounds = range(1, MONTHS[month].rounds + 1)
    spaces = len(MONTHS[month].spaces)
    sea = tuple(sea_steps(r) for r in rounds)
    land = tuple(land_steps(month, r) for r in rounds)
    end = tuple(end_of_day_steps(r) for r in rounds)
    # Over the game every space is sold at most once: sales and trades are at most every
    # space and 3 trades a round, and never more than the fish caught.
    spend = min(sum(_fish(r) for r in rounds), spaces + sum(min(ROW_SIZE, _fish(r)) for r in rounds))
    total_land = spend + len(rounds) * (ROW_SIZE + 1)
    return LengthBound(SETUP_STEPS, sea, land, end, SETUP_STEPS + sum(sea) + min(total_land, sum(land)) + sum(end))


def game_length_bound(month: str) -> int:
    """The most steps (decisions and chance events) of any game of `month`."""
    return length_bound(month).total
