"""How many steps (decisions and chance events) an Archipel game can take, derived from the rules.

The rulebook sets no turn limit; the season ends by itself after `idle_rounds` whole rounds
in a row without progress (ARC-7.6, see `docs/archipel/rulings.md`). A game is the setup
deal, then rounds of one turn per boat:

* **Setup**: one chance draw per face-up card dealt, three per shop and three for the
  warehouse (ARC-1.7).
* **Rounds**: progress is a fish exposed for the first time, caught or delivered, bait or
  storm gear bought, a storm removed. There are at most `P` progress events: every fish
  exposed once, every coloured fish caught and delivered once, a bait bought at most once
  more than the catches that send one back to the pocket, the storm gear once (it leaves the
  game), a storm removed once per storm gear and good-weather card. A new round starts only
  within `idle_rounds` of the last round with progress, so there are at most
  `(P + 1) * idle_rounds` rounds (137 times on the reference content).
* **A turn** of `n` boats with `J` jerrycans, tank `T`, hold `H`, `D` cards a boat, shops of
  `S` cards: a refuel uses up a jerrycan (blue ones go back to the pocket, which is drawn
  only when the turn ends), so at most `J`. Every other move hands an item over, spends it
  or gains it, and an item handed over between two boats does not go back between them in
  the same turn (ARC-6.1, ruling: per kind of item, one direction per pair of boats), while
  every hand-over involves the boat whose turn it is. So the boat takes from another at most
  what that boat held (its start, and for fuel its own refills), and hands on, throws,
  discards or sails away at most what it held, took, caught or bought: an item of its own
  moves at most once, one of another boat's at most twice (in, then on or out). Fuel: it
  sails or gives at most `T n + T J` times (its tank, every other tank, every refill) and
  takes at most `T (n - 1) + T J` times (none with one boat); it tries to catch at most
  once a sail and once at the start, each try with at most one exposure and one choice
  (multicolour bait or the shark's bait); fish: at most `H + 2 H (n - 1)` moves and one for
  each fish caught; cards: at most `D + S + 2 D (n - 1)` (its own, the `S` bought, the
  others'); at most `S` weather decisions, two ends of the turn, one declaration, `S` draws
  to refill the warehouse.

```python
from tabletop.adapters.archipel_bounds import game_length_bound, progress_events, turn_steps

print(progress_events(), turn_steps(2), game_length_bound(2, idle_rounds=10))
```
"""

from __future__ import annotations

from tabletop.archipel.content import ISLANDS
from tabletop.archipel.content.kinds import BAITS, FISH, GEAR, GOOD_WEATHER, JERRYCANS, OTHER_CARDS, SHARK
from tabletop.archipel.state import DECK, HOLD, SHOP_SIZE, TANK

__all__ = ["game_length_bound", "progress_events", "setup_steps", "turn_steps"]


def setup_steps(islands: int = ISLANDS) -> int:
    """The chance draws of the setup deal: every shop's cards and the warehouse's (ARC-1.7)."""
    return (islands + 1) * SHOP_SIZE


def progress_events() -> int:
    """The most progress events a game can have (ARC-7.6): 136 on the reference content."""
    caught = FISH.total - FISH[SHARK]
    baits = sum(OTHER_CARDS[b] for b in BAITS)
    gear, good = OTHER_CARDS[GEAR], OTHER_CARDS[GOOD_WEATHER]
    return FISH.total + 2 * caught + (baits + caught) + gear + (gear + good)


def turn_steps(players: int) -> int:
    """The most decisions and chance events of one boat's turn (see the module docstring)."""
    cans = sum(OTHER_CARDS[c] for c in JERRYCANS)
    others = players - 1
    fuel_out = TANK * players + TANK * cans  # sails and fuel given
    fuel_in = TANK * others + TANK * cans if others else 0  # fuel taken from the other boats
    tries = fuel_out + 1  # each try: the try, an exposure, a choice
    fish = HOLD + 2 * HOLD * others + tries  # its own and the caught fish once, the others' twice
    cards = DECK + SHOP_SIZE + 2 * DECK * others  # its own and the bought cards once, the others' twice
    return cans + fuel_out + fuel_in + 3 * tries + fish + cards + SHOP_SIZE + 2 + 1 + SHOP_SIZE


def game_length_bound(players: int, *, idle_rounds: int, islands: int = ISLANDS) -> int:
    """The most steps of a game with `players` boats on a board of `islands` islands (see the
    module docstring)."""
    rounds = (progress_events() + 1) * idle_rounds
    return setup_steps(islands) + rounds * players * turn_steps(players)
