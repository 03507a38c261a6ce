"""Pig, the dice game, written on tabletop's kernel in under 100 lines: a third-party game.

Each turn you roll a die as often as you like, adding the pips to your turn total; hold to
bank it, but a 1 loses the turn total. First to ``target`` points wins.
Run it: ``python examples/pig.py``; check it: ``tabletop.testing.check_game(GAME)``.
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

from tabletop import Game, IllegalMove, Move, NotationError, Option, State, random_playout
from tabletop.kernel.chance import ChanceNode, Source
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step
from tabletop.kernel.serialize import make_converter

MACHINE = PhaseMachine(
    "pig",
    (
        Phase(
            "turn",
            (
                Step("decide", Actor.PLAYER, frozenset({"choice"}), ("roll", "decide", "end.won")),
                Step("roll", Actor.CHANCE, frozenset({"pips"}), ("decide",)),
            ),
        ),
        Phase("end", (Step("won", Actor.END),)),
    ),
    start="turn.decide",
)


@attrs.frozen
class Choice(Move):
    kind: ClassVar[str] = "choice"
    name: str  # "roll" or "hold"

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class Pips(Move):
    kind: ClassVar[str] = "pips"
    value: int

    def __str__(self) -> str:
        return f"rolled {self.value}"


@attrs.frozen
class Result:
    winner: int

    @property
    def returns(self) -> tuple[float, ...]:
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def summary(self) -> dict[str, str | int | float]:
        return {"winner": f"seat {self.winner}"}


@attrs.frozen
class PigState(State):
    flow: Flow
    seed: int | None
    chance_count: int
    target: int
    scores: tuple[int, int] = (0, 0)
    turn_total: int = 0
    MACHINE: ClassVar[PhaseMachine] = MACHINE
    AUTO: ClassVar[dict[str, object]] = {}

    num_players = property(lambda self: 2)
    outcome = property(lambda self: Result(self.flow.player) if self.is_terminal else None)

    def _player_moves(self) -> tuple[Move, ...]:
        return (Choice("roll"), Choice("hold")) if self.turn_total else (Choice("roll"),)

    def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return tuple((Pips(v), 1 / 6) for v in range(1, 7))

    def _chance_node(self) -> ChanceNode:
        return ChanceNode(Source.DIE, "die", "turn total", "PIG-2", recipient=self.flow.player)

    def _apply(self, move: Move) -> PigState:
        me, flow = self.flow.player, self.flow
        if move == Choice("roll"):
            return attrs.evolve(self, flow=MACHINE.goto(flow, "roll"))
        if isinstance(move, Pips) and move.value > 1:
            return attrs.evolve(self, turn_total=self.turn_total + move.value, flow=MACHINE.goto(flow, "decide"))
        scores = list(self.scores)
        scores[me] += self.turn_total if move == Choice("hold") else 0
        if scores[me] >= self.target:
            return attrs.evolve(self, scores=(scores[0], scores[1]), flow=MACHINE.goto(flow, "end.won"))
        nxt = MACHINE.goto(flow, "decide", player=1 - me, round=flow.round + me)
        return attrs.evolve(self, scores=(scores[0], scores[1]), turn_total=0, flow=nxt)

    def _refusal(self, move: Move) -> IllegalMove:
        return IllegalMove("you cannot hold before your first roll", code="nothing-to-hold", rule="PIG-1")

    def _view(self, player: int) -> PigState:
        return self  # nothing is hidden in Pig


def _parse(state: State, text: str) -> Move:
    if text in ("roll", "hold"):
        return Choice(text)
    if text.startswith("rolled ") and text[7:] in "123456" and len(text) == 8:
        return Pips(int(text[7:]))
    raise NotationError(f"not a Pig move: {text!r} (roll, hold)", text=text)


GAME = Game(
    name="pig",
    title="Pig",
    summary="Push your luck with one die.",
    players="2",
    state_type=PigState,
    options=(Option.integer("target", 30, 10, 100, "points needed to win"),),
    setup=lambda seed, target: PigState(MACHINE.start_flow(), seed, 0, target),
    parser=_parse,
    converter=make_converter(),
)

if __name__ == "__main__":
    final = random_playout(GAME.new_game(seed=1), random.Random(1))
    print(f"scores {final.scores}: seat {final.outcome.winner} wins after {final.flow.round} rounds")
