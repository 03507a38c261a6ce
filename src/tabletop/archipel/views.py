"""What each player may know, and perturbations of what they may not (for the leak tests).

Archipel is played in the open: every card is face up or in the pocket (whose contents
everybody can count), and a face-down fish nobody has seen is not decided yet. The one
secret is the memory game's (ARC-8.3): a fish exposed and turned face down again is
remembered by the state but shows as `"?"` in every view.
"""

from __future__ import annotations

import random

from tabletop.archipel.state import ArchipelState, Spot, SpotFish
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import State

__all__ = ["perturb", "view"]

_SECRET = Spot(SpotFish.REMEMBERED, False)


def view(s: ArchipelState, player: int) -> ArchipelState:
    """`s` with the remembered face-down fish hidden (only the memory game has any)."""
    if not s.memory:
        return s
    spots = tuple(_SECRET if spot.remembered else spot for spot in s.spots)
    return evolve(s, spots=spots)


def perturb(state: State, player: int, rng: random.Random) -> State:
    """The same state with the remembered face-down fish shuffled among their spots."""
    s: ArchipelState = state  # type: ignore[assignment]
    places = [i for i, spot in enumerate(s.spots) if spot.remembered]
    kinds = [s.spots[i].fish for i in places]
    rng.shuffle(kinds)
    spots = list(s.spots)
    for i, kind in zip(places, kinds, strict=True):
        spots[i] = Spot(kind, False)
    return evolve(s, spots=tuple(spots))
