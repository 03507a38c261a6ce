"""The Conservas phase table: the rulebook's round structure as data.

Setup deals (CON-1.x); At Sea draws handfuls one token at a time and places each on a card
(CON-2.x); On Land sells, trades and buys until the player says `done` (CON-3.x); End of
Day clears the boats, refills the rows, pays upkeep and spawns (CON-4.x). `MACHINE.table()`
prints it as Markdown (it is in `docs/conservas/rules.md`).
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.phases import Actor, Phase, PhaseMachine, Step

__all__ = ["MACHINE"]

_P, _C, _A = Actor.PLAYER, Actor.CHANCE, Actor.AUTO

MACHINE: Final = PhaseMachine(
    "conservas",
    (
        Phase(
            "setup",
            (
                Step("offer", _C, frozenset({"card"}), ("offer", "choose"), "CON-1.5: deal 2 boats to choose from"),
                Step("choose", _P, frozenset({"choose"}), ("deal",), "CON-1.5: keep 1, the other under the deck"),
                Step("deal", _C, frozenset({"card"}), ("deal", "sea.start"), "CON-1.6/1.8: 3 boats, 3 upgrades"),
            ),
            "Setup (CON-1.x)",
        ),
        Phase(
            "sea",
            (
                Step("start", _A, then=("draw", "sift", "place", "land.act", "end.over"), doc="CON-2.5: next card"),
                Step("draw", _C, frozenset({"token"}), ("draw", "sift", "place", "end.over"), "CON-2.1/2.6/2.7"),
                Step("sift", _P, frozenset({"return"}), ("place",), "CON-6.6: return extra tokens"),
                Step("place", _P, frozenset({"place", "redraw"}), ("start", "draw"), "CON-2.2-2.4, CON-6.4"),
            ),
            "At Sea (CON-2.x)",
        ),
        Phase(
            "land",
            (Step("act", _P, frozenset({"sell", "trade", "buy", "done"}), ("act", "eod.clear"), "CON-3.x"),),
            "On Land (CON-3.x)",
        ),
        Phase(
            "eod",
            (
                Step("clear", _A, then=("boat_choice", "boat_refill"), doc="CON-4.1/4.2: empty the boats"),
                Step("boat_choice", _P, frozenset({"row"}), ("boat_refill",), "CON-4.3: keep or discard the row"),
                Step("boat_refill", _A, then=("boat_deal", "upgrade_choice", "upgrade_refill"), doc="CON-4.3/4.5"),
                Step("boat_deal", _C, frozenset({"card"}), ("boat_refill",), "CON-4.3: deal a boat"),
                Step("upgrade_choice", _P, frozenset({"row"}), ("upgrade_refill",), "CON-4.4: keep or discard"),
                Step("upgrade_refill", _A, then=("upgrade_deal", "upkeep"), doc="CON-4.4/4.5"),
                Step("upgrade_deal", _C, frozenset({"card"}), ("upgrade_refill",), "CON-4.4: deal an upgrade"),
                Step("upkeep", _A, then=("pay", "spawn"), doc="CON-6.11 income, CON-4.6 upkeep"),
                Step("pay", _P, frozenset({"upkeep"}), ("settle",), "CON-4.6: the player orders upkeep"),
                Step("settle", _A, then=("pay", "spawn"), doc="CON-4.6"),
                Step("spawn", _A, then=("sea.start", "end.over"), doc="CON-4.7-4.9"),
            ),
            "End of Day (CON-4.x)",
        ),
        Phase("end", (Step("over", Actor.END, doc="CON-4.9 goals checked, or CON-2.7 forfeit"),)),
    ),
    start="setup.offer",
)
"""The phase table: the rulebook's round structure."""
