"""Gymnasium: Conservas, the solo game, as the registered environment `tabletop/Conservas-v0`.

Needs the `gymnasium` extra (`pip install 'tabletop[gymnasium]'`). Importing this module
registers the environment (or name the module in the id:
`gymnasium.make("tabletop.adapters.gymnasium:tabletop/Conservas-v0")`):

```python
import gymnasium
import tabletop.adapters.gymnasium  # registers tabletop/Conservas-v0

env = gymnasium.make("tabletop/Conservas-v0", month="may", goal="difficult")
observation, info = env.reset(seed=7)
terminated = False
while not terminated:
    action = env.action_space.sample(info["action_mask"])  # a random legal action
    observation, reward, terminated, truncated, info = env.step(action)
print(reward)  # 1.0 won, 0.0 lost
```

- **Actions** are `Discrete(5115)`, the Conservas bridge's ids
  ([tabletop.adapters.conservas][tabletop.adapters.conservas]); `info["action_mask"]` (int8)
  marks the legal ones.
- **Observations** are the bridge's 824 float32 values (counts, positions, flags and amounts,
  never negative), read from the player's view.
- **Chance** (bag draws, deals) is resolved inside `reset` and `step` from the generator
  seeded by `reset(seed=...)`.
- **Reward** is the game's return at the end (1 won, 0 lost), 0 before; nothing truncates.
- **Illegal ids.** An id outside `[0, 5115)` raises `tabletop.IllegalMove` naming it and the
  legal ids. An id inside the space that is not legal now also raises it with `strict=True`;
  by default (Gymnasium's checker steps with unmasked `action_space.sample()`), it is refused
  without changing anything: the same observation, reward 0, not terminated, and
  `info["illegal"]` holds the refusal naming the id and the legal ids.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces

from tabletop.adapters import bridge as get_bridge
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import State
from tabletop.registry import get_game

__all__ = ["ENV_ID", "OBSERVATION_HIGH", "ConservasEnv", "register_envs"]

#: The id of the Conservas environment.
ENV_ID: Final = "tabletop/Conservas-v0"

#: Every Conservas observation value is a count, position, flag or amount in `[0, OBSERVATION_HIGH]`.
OBSERVATION_HIGH: Final = 1e6

Observation = np.ndarray[Any, np.dtype[np.float32]]


class ConservasEnv(gymnasium.Env[Observation, np.int64]):
    """Conservas as a Gymnasium environment (see the module docstring).

    Args:
        month: The month of the Market Book (CON-1.2).
        goal: `"standard"` or `"difficult"` (CON-5.4).
        strict: Raise on an id that is not legal now, instead of refusing it in `info`.
        render_mode: `None`, or `"ansi"`: `render()` returns the board as text.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium declares it an instance attribute)

    def __init__(
        self, month: str = "january", goal: str = "standard", *, strict: bool = False, render_mode: str | None = None
    ) -> None:
        if render_mode not in (None, "ansi"):
            msg = f"render_mode must be None or 'ansi'; got {render_mode!r}"
            raise ValueError(msg)
        self.game = get_game("conservas")
        self.bridge = get_bridge(self.game, month=month, goal=goal)
        self.strict = strict
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.bridge.num_actions)
        self.observation_space = spaces.Box(0.0, OBSERVATION_HIGH, (self.bridge.observation_size,), np.float32)
        self.state: State | None = None
        self._rng = random.Random(0)

    def _draw(self, state: State) -> State:
        while state.is_chance_node:
            ids, weights = zip(*self.bridge.chance_outcomes(state), strict=True)
            state = self.bridge.apply_action(state, self._rng.choices(ids, weights)[0])
        return state

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        state = self.state
        assert state is not None, "call reset() first"
        observation = np.asarray(self.bridge.observation(state.view(0), 0), dtype=np.float32)
        mask = np.asarray(self.bridge.legal_mask(state), dtype=np.int8)
        return observation, {"action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new month; `seed` fixes every chance outcome."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63 - 1))
        self._rng = random.Random(game_seed)
        self.state = self._draw(self.game.new_game(seed=game_seed, **self.bridge.options))
        return self._observe()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the id `action`, then every chance step up to the next decision.

        Raises:
            IllegalMove: If `action` is outside the space, or (with `strict`) not legal now.
        """
        state = self.state
        assert state is not None, "call reset() first"
        try:
            move = self.bridge.move_of(state, int(action))
        except (IllegalMove, TypeError, ValueError) as exc:
            error = exc if isinstance(exc, IllegalMove) else self.bridge.refuse(state, action)
            if self.strict or not self.action_space.contains(action):
                raise error from None
            observation, info = self._observe()
            return observation, 0.0, False, False, {**info, "illegal": str(error)}
        self.state = self._draw(state.apply(move))
        observation, info = self._observe()
        outcome = self.state.outcome
        reward = float(outcome.returns[0]) if outcome is not None else 0.0
        return observation, reward, self.state.is_terminal, False, info

    def render(self) -> str | None:
        """With `render_mode="ansi"`: the player's observation string."""
        if self.render_mode is None or self.state is None:
            return None
        return self.bridge.observation_string(self.state.view(0), 0)


def register_envs() -> None:
    """Register `tabletop/Conservas-v0` with Gymnasium (done on import; idempotent)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="tabletop.adapters.gymnasium:ConservasEnv")


register_envs()
