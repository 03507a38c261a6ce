"""The round structure of Spółka ZOO as a phase table, and the turn order.

Read `MACHINE` as the rulebook's round: setup (the boards' order is chance), then five
rounds of an action phase (every seat picks a token secretly, then from the first player
clockwise each token is revealed and resolved, three times, four with two seats) and a
market phase (company decks, division of fruits, events, passing the first-player marker).

The `effects` phase runs the pending work every card effect, refill, deck resolution,
division, event and bot turn is made of (see [`tabletop.spolka_zoo.rules`][tabletop.spolka_zoo.rules]
and its operation table `OPS`): `effects.work` runs the task on top of the stack, which
finishes or waits at `effects.draw` (chance) or `effects.choose` (a seat's decision); when
the stack is empty, the round goes on at the step `resume` names, one of the steps that
started the work, as the table `WORK_STARTS` gives it.

Secret picks are modelled as picks in seat order from the first player, each hidden from the
other seats' views until revealed (ZOO-3.1). Bots never pick: their turns are pending work
(ZOO-13.3).
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.phases import Actor, Phase, PhaseMachine, Step
from tabletop.spolka_zoo.state import Position

__all__ = ["MACHINE", "WORK_RESUMES", "WORK_STARTS", "humans_from"]

WORK_STARTS: Final = {
    "setup.deal": "action.start",
    "action.next": "action.next",
    "action.before": "action.reveal",
    "action.revealed": "action.act",
    "action.act": "action.after",
    "action.abilities": "action.after",
    "action.late": "action.finish",
    "market.start": "market.divide",
    "market.divide": "market.events",
    "market.events": "market.end",
}
"""Where the round goes on once the pending work is done, by the step that started the work:
the deal before round 1, a bot's turn (ZOO-13.3, the next seat), an intrigue in a window
(ZOO-12.8, the step after the window), the token's action and helper abilities (ZOO-4,
ZOO-5.1, the abilities after it), the company decks (ZOO-7.1, the division next), the
division (ZOO-8.6, the events next) and the events (ZOO-12.2, the end of the round). The
work's `resume` is set from this table, never by hand; `effects.work`'s `then` lists its
targets."""
WORK_RESUMES: Final = tuple(dict.fromkeys(WORK_STARTS.values()))
"""The steps the pending work may return to, in table order (`WORK_STARTS`' targets)."""
_INTRIGUE: Final = frozenset({"intrigue", "done"})
_ACTIONS: Final = frozenset({"trade", "hire", "lobby", "speculate", "done"})

MACHINE: Final = PhaseMachine(
    "spolka_zoo",
    (
        Phase(
            "setup",
            (
                Step("board", Actor.CHANCE, frozenset({"order"}), ("deal",), "the company boards' order", "ZOO-1.1"),
                Step(
                    "deal",
                    Actor.AUTO,
                    then=("effects.work",),
                    doc="the face-up rows (ZOO-1.4, ZOO-1.5), hidden goals (ZOO-12.5) and intrigues (ZOO-12.7) dealt",
                    rule="ZOO-1.4",
                ),
            ),
            "ZOO-1: setting up",
        ),
        Phase(
            "action",
            (
                Step("start", Actor.AUTO, then=("pick",), doc="a new token of the round (ZOO-3.3)", rule="ZOO-3.1"),
                Step("pick", Actor.PLAYER, frozenset({"pick"}), ("pick", "next"), "a secret token choice", "ZOO-3.1"),
                Step(
                    "next",
                    Actor.AUTO,
                    then=("before", "reveal", "act", "start", "market.start", "effects.work"),
                    doc="the next seat clockwise resolves its token; a bot's turn is its bot card (ZOO-13.3)",
                    rule="ZOO-3.2",
                ),
                Step("before", Actor.PLAYER, _INTRIGUE, ("reveal", "effects.work"), "before the reveal", "ZOO-12.8"),
                Step("reveal", Actor.AUTO, then=("revealed", "act"), doc="the token is revealed", rule="ZOO-3.2"),
                Step("revealed", Actor.PLAYER, _INTRIGUE, ("act", "effects.work"), "before resolving", "ZOO-12.8"),
                Step(
                    "act",
                    Actor.PLAYER,
                    _ACTIONS,
                    ("act", "after", "effects.work"),
                    "the token's action (ZOO-4.1 to ZOO-4.13), or declining it (ZOO-3.4)",
                    "ZOO-3.2",
                ),
                Step(
                    "after",
                    Actor.AUTO,
                    then=("abilities", "late", "finish", "next"),
                    doc="helper abilities if the action was performed, else an intrigue window, else done",
                    rule="ZOO-5.1",
                ),
                Step(
                    "abilities",
                    Actor.PLAYER,
                    frozenset({"ability", "intrigue", "done"}),
                    ("finish", "effects.work"),
                    "helper abilities after the token, an intrigue among them (ZOO-5.3, ZOO-12.8)",
                    "ZOO-5.1",
                ),
                Step("late", Actor.PLAYER, _INTRIGUE, ("finish", "effects.work"), "after resolving", "ZOO-12.8"),
                Step("finish", Actor.AUTO, then=("next",), doc="the token is spent for the round", rule="ZOO-3.2"),
            ),
            "ZOO-3: the action phase",
        ),
        Phase(
            "effects",
            (
                Step(
                    "work",
                    Actor.AUTO,
                    then=("draw", "choose", *WORK_RESUMES),
                    doc="the task on top of the pending work runs (its operation's rule); when none is "
                    "left the round resumes at the step `WORK_STARTS` names for the step that started the work",
                    rule="ZOO-6.1",
                ),
                Step("draw", Actor.CHANCE, frozenset({"draw"}), ("work",), "a card from an unknown order", "ZOO-6.1"),
                Step(
                    "choose",
                    Actor.PLAYER,
                    frozenset({"choose", "arrange"}),
                    ("work",),
                    "a seat's decision inside an effect",
                    "ZOO-6.1",
                ),
            ),
            "ZOO-6: card effects, carried out as far as possible",
        ),
        Phase(
            "market",
            (
                Step("start", Actor.AUTO, then=("effects.work",), doc="resolve the company decks", rule="ZOO-7.1"),
                Step("divide", Actor.AUTO, then=("effects.work",), doc="divide the fruits", rule="ZOO-8.6"),
                Step("events", Actor.AUTO, then=("effects.work", "end"), doc="two events", rule="ZOO-12.2"),
                Step(
                    "end",
                    Actor.AUTO,
                    then=("action.start", "end.score"),
                    doc="first player to the left, tokens back, bot deck shuffled (ZOO-9.2)",
                    rule="ZOO-9.1",
                ),
            ),
            "ZOO-7 to ZOO-9: the market phase",
        ),
        Phase(
            "end",
            (
                Step("score", Actor.AUTO, then=("over",), doc="final scoring after round five", rule="ZOO-10.1"),
                Step("over", Actor.END, doc="the game is over: the most glory wins", rule="ZOO-10.5"),
            ),
            "ZOO-10: the end of the game",
        ),
    ),
    start="setup.board",
)
"""The phase table (`MACHINE.table()` is embedded in `docs/spolka_zoo/index.md`)."""


def humans_from(state: Position, after: int | None) -> tuple[int, ...]:
    """The human seats in turn order from the first player (ZOO-3.1: they pick in secret),
    only those after seat `after` when it is given."""
    order = state.order_from_first()  # clockwise(...) from the first player, precomputed
    if after is not None:
        order = order[order.index(after) + 1 :]
    seats = state.seats
    return tuple([s for s in order if not seats[s].bot])
