"""PettingZoo: every tabletop game with a bridge as an AEC environment, like PettingZoo's classic games.

Needs the `pettingzoo` extra (`pip install 'tabletop[pettingzoo]'`).

```python
from tabletop.adapters.pettingzoo import env

game = env("archipel", players=3)
game.reset(seed=42)
for agent in game.agent_iter():
    observation, reward, termination, truncation, info = game.last()
    if termination or truncation:
        action = None
    else:
        mask = observation["action_mask"]
        action = game.action_space(agent).sample(mask)  # a random legal action
    game.step(action)
game.close()
```

- **Agents** are `player_0` ... one per seat. Bots (Spółka ZOO) are seats whose turns run
  inside `step`: they are agents that are never selected until the game is over.
- **Observations** are `{"observation": float32 tensor, "action_mask": int8 mask}`: the
  bridge's tensor of the agent's view, and the legal ids (all zero unless the agent is to act).
- **Chance** is resolved inside `reset` and `step`, drawn from a generator seeded by
  `reset(seed=...)`, so the same seed and the same actions give the same game.
- **Rewards** come at the end, from the game's `outcome.returns`; nothing is truncated.
- An illegal action id raises `tabletop.IllegalMove` naming the id and the legal ids, and
  changes nothing.

We do not use shimmy's `OpenSpielCompatibilityV0` on top of `tabletop.adapters.openspiel`:
it returns bare tensors with the mask in `infos` rather than the classic games'
`{"observation", "action_mask"}`, retries an action OpenSpiel refused instead of reporting it,
and needs OpenSpiel for a PettingZoo user.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

from tabletop.adapters import bridge as get_bridge
from tabletop.adapters.bridge import Bridge
from tabletop.kernel.protocol import State
from tabletop.registry import get_game

__all__ = ["TabletopAEC", "env", "raw_env"]


def _draw(bridge: Bridge, state: State, rng: random.Random) -> State:
    """Resolve every chance node from `state` on with `rng`."""
    while state.is_chance_node:
        ids, weights = zip(*bridge.chance_outcomes(state), strict=True)
        state = bridge.apply_action(state, rng.choices(ids, weights)[0])
    return state


class TabletopAEC(AECEnv):  # type: ignore[misc]
    """A tabletop game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: The game's registry name (`"conservas"`, `"archipel"`, `"spolka_zoo"`).
        render_mode: `None`, or `"ansi"`: `render()` returns the selected agent's observation string.
        **options: The game's options.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "tabletop",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            msg = f"render_mode must be None or 'ansi'; got {render_mode!r}"
            raise ValueError(msg)
        self.tabletop = get_game(game)
        self.bridge = get_bridge(self.tabletop, **options)
        self.options = dict(self.bridge.options)
        self.render_mode = render_mode
        seats = self.tabletop.new_game(seed=0, **self.options).num_players
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size = self.bridge.observation_size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.bridge.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.bridge.num_actions) for agent in self.possible_agents}
        self.state_: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent`."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`Discrete(N)`: the bridge's action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; `seed` fixes every chance outcome drawn in it."""
        seed = secrets.randbits(63) if seed is None else seed
        self._rng = random.Random(seed)
        self.state_ = _draw(self.bridge, self.tabletop.new_game(seed=seed, **self.options), self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.state_
        assert state is not None
        if state.is_terminal:
            returns = state.outcome.returns if state.outcome is not None else (0.0,) * len(self.agents)
            self.rewards = {agent: float(returns[self._seat[agent]]) for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """`agent`'s tensor (from its view only) and its action mask."""
        state = self.state_
        assert state is not None, "call reset() first"
        seat = self._seat[agent]
        observation = np.asarray(self.bridge.observation(state.view(seat), seat), dtype=np.float32)
        mask = np.zeros(self.bridge.num_actions, dtype=np.int8)
        if not state.is_terminal and agent == self.agent_selection and state.current_player == seat:
            mask[list(self.bridge.legal_actions(state))] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play `action` for the selected agent, then every chance and bot step up to the next decision.

        Raises:
            IllegalMove: Naming the id and the legal ids, if `action` is not legal now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        assert state is not None
        moved = self.bridge.apply_action(state, int(action) if isinstance(action, int | np.integer) else action)  # type: ignore[arg-type]
        self.state_ = _draw(self.bridge, moved, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._select()

    def render(self) -> str | None:
        """With `render_mode="ansi"`: the selected agent's observation string."""
        if self.render_mode is None or self.state_ is None:
            return None
        seat = self._seat[self.agent_selection]
        return self.bridge.observation_string(self.state_.view(seat), seat)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> TabletopAEC:
    """The environment without PettingZoo's wrappers."""
    return TabletopAEC(game, render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment of `game` with `options`, wrapped as PettingZoo's classic games are.

    ```python
    from tabletop.adapters.pettingzoo import env
    zoo = env("spolka_zoo", players=4)
    ```
    """
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(raw_env(game, render_mode, **options))
    return wrapped
