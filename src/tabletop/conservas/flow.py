"""The Conservas phase table: the rulebook's round structure as data.

Setup deals (CON-1.x); At Sea draws handfuls one token at a time and places each on a card
(CON-2.x); On Land sells, trades and buys until the player says `done` (CON-3.x); End of
Day clears the boats, refills the rows, pays upkeep and spawns (CON-4.x). Each step names
the rule it carries out (`Step.rule`); `MACHINE.table()` prints the table as Markdown (it is
in `docs/conservas/rules.md`). The step functions are in
[`tabletop.conservas.rules`][tabletop.conservas.rules], one module per rulebook section.
Conservas is a solo game: its only turn order is the round marker (`flow.round`).
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.phases import Actor, Phase, PhaseMachine, Step

__all__ = ["MACHINE"]

_P, _C, _A = Actor.PLAYER, Actor.CHANCE, Actor.AUTO
_CARD: Final = frozenset({"card"})

MACHINE: Final = PhaseMachine(
    "conservas",
    (
        Phase(
            "setup",
            (
                Step("offer", _C, _CARD, ("offer", "choose"), "deal 2 boats to choose from", rule="CON-1.5"),
                Step(
                    "choose", _P, frozenset({"choose"}), ("deal",), "keep 1, the other under the deck", rule="CON-1.5"
                ),
                Step(
                    "deal", _C, _CARD, ("deal", "sea.start"), "3 boats (CON-1.6), 3 upgrades (CON-1.8)", rule="CON-1.6"
                ),
            ),
            "Setup (CON-1.x)",
        ),
        Phase(
            "sea",
            (
                Step(
                    "start", _A, then=("draw", "sift", "place", "land.act", "end.over"), doc="next card", rule="CON-2.5"
                ),
                Step(
                    "draw",
                    _C,
                    frozenset({"token"}),
                    ("draw", "sift", "place", "end.over"),
                    "draw a token (CON-2.1); top up with water (CON-2.6) or forfeit (CON-2.7)",
                    rule="CON-2.1",
                ),
                Step("sift", _P, frozenset({"return"}), ("place",), "return extra tokens", rule="CON-6.6"),
                Step(
                    "place",
                    _P,
                    frozenset({"place", "redraw"}),
                    ("start", "draw"),
                    "place the handful (CON-2.2-2.4) or redraw (CON-6.4)",
                    rule="CON-2.2",
                ),
            ),
            "At Sea (CON-2.x)",
        ),
        Phase(
            "land",
            (
                Step(
                    "act",
                    _P,
                    frozenset({"sell", "trade", "buy", "done"}),
                    ("act", "eod.clear"),
                    "sell (CON-3.2), trade (CON-3.5), buy (CON-3.7), done (CON-3.9)",
                    rule="CON-3.1",
                ),
            ),
            "On Land (CON-3.x)",
        ),
        Phase(
            "eod",
            (
                Step("clear", _A, then=("boat_choice", "boat_refill"), doc="empty the boats (CON-4.2)", rule="CON-4.1"),
                Step(
                    "boat_choice", _P, frozenset({"row"}), ("boat_refill",), "keep or discard the row", rule="CON-4.3"
                ),
                Step(
                    "boat_refill",
                    _A,
                    then=("boat_deal", "upgrade_choice", "upgrade_refill"),
                    doc="refill the boat row (CON-4.5: reshuffle)",
                    rule="CON-4.3",
                ),
                Step("boat_deal", _C, _CARD, ("boat_refill",), "deal a boat", rule="CON-4.3"),
                Step("upgrade_choice", _P, frozenset({"row"}), ("upgrade_refill",), "keep or discard", rule="CON-4.4"),
                Step(
                    "upgrade_refill",
                    _A,
                    then=("upgrade_deal", "upkeep"),
                    doc="refill the upgrade row (CON-4.5: reshuffle)",
                    rule="CON-4.4",
                ),
                Step("upgrade_deal", _C, _CARD, ("upgrade_refill",), "deal an upgrade", rule="CON-4.4"),
                Step("upkeep", _A, then=("pay", "spawn"), doc="income (CON-6.11), then upkeep", rule="CON-4.6"),
                Step("pay", _P, frozenset({"upkeep"}), ("settle",), "the player orders upkeep", rule="CON-4.6"),
                Step("settle", _A, then=("pay", "spawn"), doc="upkeep that needs no decision", rule="CON-4.6"),
                Step(
                    "spawn",
                    _A,
                    then=("sea.start", "end.over"),
                    doc="spawn (CON-4.7), the Deep Sea into the bag (CON-4.8), next round (CON-4.9)",
                    rule="CON-4.7",
                ),
            ),
            "End of Day (CON-4.x)",
        ),
        Phase("end", (Step("over", Actor.END, doc="goals checked, or CON-2.7 forfeit", rule="CON-4.9"),)),
    ),
    start="setup.offer",
)
"""The phase table: the rulebook's round structure."""
