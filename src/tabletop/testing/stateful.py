"""A hypothesis state machine for any game: moves drawn from `legal_moves()`, checked each step.

Requires the `dev` extra (hypothesis). Use it from a test module:

```python
from hypothesis import strategies as st
from tabletop.testing.stateful import game_machine

TestConservasMachine = game_machine(GAME, st.sampled_from([{}, {"month": "may"}])).TestCase
```

The machine starts a game from a seed and options drawn by hypothesis, plays a random
number of warm-up steps (to reach deep positions quickly), then lets hypothesis choose each
move by its index among the legal moves, so failures shrink to short move sequences. After
every step it runs [`tabletop.testing.check_state`][tabletop.testing.properties.check_state]. When a game ends it starts
another.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Game, Move, State
from tabletop.testing.properties import PropertyFailure, check_state

__all__ = ["game_machine"]


def game_machine(
    game: Game,
    options: st.SearchStrategy[Mapping[str, Any]] | None = None,
    *,
    max_warmup: int = 300,
) -> type[RuleBasedStateMachine]:
    """Build a `RuleBasedStateMachine` class that plays `game`.

    Args:
        game: The game.
        options: A strategy for `new_game` options (default: no options).
        max_warmup: The most random steps played before hypothesis takes over.
    """
    option_strategy = options if options is not None else st.just({})

    class GameMachine(RuleBasedStateMachine):
        state: State
        rng: random.Random
        where: str
        history: list[Move]

        def _start(self, seed: int, opts: Mapping[str, Any], warmup: int) -> None:
            self.rng = random.Random(seed)
            self.state = game.new_game(seed, **opts)
            self.where = f"{game.name} options={dict(opts)!r} seed={seed}"
            self.history = []
            for _ in range(warmup):
                if self.state.is_terminal:
                    break
                self._play(self._random_move())

        def _random_move(self) -> Move:
            if self.state.current_player == CHANCE:
                return sample_chance(self.state, self.rng)  # type: ignore[no-any-return]
            return self.rng.choice(self.state.legal_moves())

        def _play(self, move: Move) -> None:
            try:
                self.state = self.state.apply(move)
            except IllegalMove as exc:
                msg = f"{self.where}: legal move {move!r} refused: {exc}"
                raise PropertyFailure(msg) from exc
            self.history.append(move)

        @initialize(
            seed=st.integers(0, 2**32 - 1),
            opts=option_strategy,
            warmup=st.integers(0, max_warmup),
        )
        def start(self, seed: int, opts: Mapping[str, Any], warmup: int) -> None:
            self._start(seed, opts, warmup)

        @precondition(lambda self: not self.state.is_terminal)
        @rule(data=st.data())
        def play(self, data: st.DataObject) -> None:
            moves = self.state.legal_moves()
            index = data.draw(st.integers(0, len(moves) - 1), label="move index")
            self._play(moves[index])

        @precondition(lambda self: self.state.is_terminal)
        @rule(seed=st.integers(0, 2**32 - 1), opts=option_strategy)
        def restart(self, seed: int, opts: Mapping[str, Any]) -> None:
            self._start(seed, opts, 0)

        @invariant()
        def protocol_holds(self) -> None:
            context = f"{self.where} after {len(self.history)} moves at {self.state.flow}"
            check_state(game, self.state, self.rng, context, foreign=self.history[-32:])

    GameMachine.__name__ = f"{game.title.replace(' ', '')}Machine"
    return GameMachine
