"""OpenSpiel: every tabletop game with a bridge as a registered pyspiel Python game.

Importing this module registers `tabletop_conservas`, `tabletop_archipel` and
`tabletop_spolka_zoo` (needs the `openspiel` extra: `pip install 'tabletop[openspiel]'`).
The game's options are game parameters; a subset option (Spółka ZOO's `modules`) joins its
names with `+` (`modules=events+intrigues`), since OpenSpiel's parser splits on commas:

```python
import pyspiel
import tabletop.adapters.openspiel  # registers the games

game = pyspiel.load_game("tabletop_archipel(players=3,memory=True)")
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(actions[0])
    else:
        state.apply_action(state.legal_actions()[0])
print(state.returns())
```

- **GameType.** Sequential, explicit stochastic chance (every draw is a chance node with its
  exact probabilities), terminal rewards from `outcome.returns`; Conservas is a one-player
  game of perfect information, Archipel co-operative (identical utilities) and of perfect
  information but in the memory game, Spółka ZOO general-sum and of imperfect information. The
  games provide observation strings and tensors (from the seat's view only); they provide no
  information-state strings or tensors, since a view is what a seat knows now, not the whole
  history it saw: search code keys nodes by the observation string (IS-MCTS:
  `use_observation_string=True`), whose last line is a digest of the whole view.
- **GameInfo.** The bridge's action count, chance-outcome bound, players, utilities and game
  length bound.
- **Determinization.** `state.resample_from_infostate(player, sampler)` is the bridge's
  `sample_state` of the player's view, seeded from the sampler.
- **Serialization.** `state.serialize()` / `game.deserialize_state(text)`,
  `pyspiel.serialize_game_and_state` and
  `pickle` carry the tabletop state as its versioned JSON, never a pickled object graph.
- An illegal action raises [IllegalAction][tabletop.adapters.openspiel.IllegalAction] (a
  `pyspiel.SpielError` and a `tabletop.IllegalMove`) naming the id and the legal ids; the
  state is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

from tabletop.adapters import bridge as get_bridge
from tabletop.adapters import bridge_for
from tabletop.adapters.bridge import Bridge
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Game, Option
from tabletop.kernel.protocol import State as TabletopState
from tabletop.registry import get_game

__all__ = [
    "GAMES",
    "SUBSET_SEPARATOR",
    "IllegalAction",
    "TabletopGame",
    "TabletopObserver",
    "TabletopSpielState",
    "register",
]

#: tabletop game name -> OpenSpiel short name.
GAMES: Final = {"conservas": "tabletop_conservas", "archipel": "tabletop_archipel", "spolka_zoo": "tabletop_spolka_zoo"}


class IllegalAction(IllegalMove, pyspiel.SpielError):  # type: ignore[misc]
    """An action id that is not legal in the state it was applied to (nothing changed)."""


#: How a subset option's names are joined in a game parameter (OpenSpiel's parser splits on commas).
SUBSET_SEPARATOR: Final = "+"


def _parameter(option: Option) -> Any:
    default = option.default
    if isinstance(default, tuple):
        return SUBSET_SEPARATOR.join(default)
    return default


def _options(game: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's validated options from OpenSpiel parameters (subsets as comma-separated text)."""
    given: dict[str, Any] = {}
    for name, value in params.items():
        option = game.option(name)
        if isinstance(option.default, tuple) and isinstance(value, str):
            value = option.from_text(value.replace(SUBSET_SEPARATOR, ","))
        given[name] = value
    return game.check_options(given)


def _seats(players: str) -> tuple[int, int]:
    low, _, high = players.partition("-")
    return int(low), int(high or low)


def _information(bridge: Bridge) -> Any:
    if bridge.perfect_information:
        return pyspiel.GameType.Information.PERFECT_INFORMATION
    return pyspiel.GameType.Information.IMPERFECT_INFORMATION


_UTILITY: Final = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
}


def game_type(game: Game, bridge: Bridge | None = None) -> Any:
    """The `pyspiel.GameType` of `game` (with `bridge`: the information of those options)."""
    low, high = _seats(game.players)
    the_bridge = bridge or get_bridge(game)
    return pyspiel.GameType(
        short_name=GAMES.get(game.name, f"tabletop_{game.name}"),
        long_name=f"tabletop {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_information(the_bridge),
        utility=_UTILITY[the_bridge.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: _parameter(o) for o in game.options},
    )


class _Held:
    """A tabletop state inside a pyspiel state: shared by clones (it is immutable), pickled as JSON."""

    __slots__ = ("bridge", "state")

    def __init__(self, state: TabletopState, bridge: Bridge) -> None:
        self.state = state
        self.bridge = bridge

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return _thaw, (self.state.GAME.name, self.state.to_json())


def _thaw(name: str, text: str) -> _Held:
    state = get_game(name).state_from_json(text)
    return _Held(state, bridge_for(state))


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletop game with fixed options, as a pyspiel game (one subclass per game sets `NAME`)."""

    NAME = "conservas"

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.tabletop = get_game(self.NAME)
        self.options = _options(self.tabletop, params or {})
        self.bridge = get_bridge(self.tabletop, **self.options)
        bridge = self.bridge
        first = self.tabletop.new_game(seed=0, **self.options)
        self.num_seats = first.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=bridge.num_actions,
            max_chance_outcomes=bridge.max_chance_outcomes,
            num_players=self.num_seats,
            min_utility=float(bridge.min_utility),
            max_utility=float(bridge.max_utility),
            utility_sum=bridge.utility_sum,
            max_game_length=bridge.max_game_length,
        )
        given = {o.name: _parameter(o) for o in self.tabletop.options}
        given.update({k: (SUBSET_SEPARATOR.join(v) if isinstance(v, tuple) else v) for k, v in self.options.items()})
        super().__init__(game_type(self.tabletop, bridge), info, given)

    def new_initial_state(self) -> TabletopSpielState:
        """The start of a game (its seed only matters to `tabletop.sample_chance`; OpenSpiel samples chance itself)."""
        return TabletopSpielState(self, self.tabletop.new_game(seed=0, **self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> TabletopObserver:
        """The observer: the bridge's tensor (named sections in `dict`) and string, from the view."""
        if params:
            msg = f"observation parameters are not supported; got {dict(params)}"
            raise ValueError(msg)
        return TabletopObserver(self.bridge)


class TabletopSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping an immutable tabletop state."""

    def __init__(self, game: TabletopGame, state: TabletopState) -> None:
        super().__init__(game)
        self._held = _Held(state, game.bridge)

    @property
    def tabletop(self) -> TabletopState:
        """The tabletop state."""
        return self._held.state

    def current_player(self) -> int:
        """The seat to move, `pyspiel.PlayerId.CHANCE` or `pyspiel.PlayerId.TERMINAL`."""
        player = self._held.state.current_player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        if state.is_terminal or player != state.current_player:
            return []
        return list(self._held.bridge.legal_actions(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcome ids with their probabilities."""
        return list(self._held.bridge.chance_outcomes(self._held.state))

    def _apply_action(self, action: int) -> None:
        held = self._held
        try:
            move = held.bridge.move_of(held.state, int(action))
        except IllegalMove as exc:
            raise IllegalAction(str(exc), code=exc.code, move=action) from None
        self._held = _Held(held.state.apply(move), held.bridge)

    def _action_to_string(self, player: int, action: int) -> str:
        held = self._held
        try:
            return str(held.bridge.move_of(held.state, int(action)))
        except IllegalMove:
            return f"action {action}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._held.state.is_terminal

    def returns(self) -> list[float]:
        """The game's `outcome.returns` at the end, zeros before."""
        state = self._held.state
        outcome = state.outcome
        if outcome is None:
            return [0.0] * state.num_players
        return [float(r) for r in outcome.returns]

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns on the last step, zeros before."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopSpielState:
        """A state consistent with what `player_id` knows, drawn by the bridge's `sample_state`."""
        held = self._held
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        sample = held.bridge.sample_state(held.state.view(player_id), player_id, rng)
        return TabletopSpielState(self.get_game(), sample)

    def __str__(self) -> str:
        return self._held.state.to_json()


class TabletopObserver:
    """An OpenSpiel Python observer over the bridge's tensor and string (see `observation.py`)."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self.tensor = np.zeros(bridge.observation_size, np.float32)
        self.dict = {s.name: self.tensor[s.offset : s.end] for s in bridge.layout()}

    def set_from(self, state: TabletopSpielState, player: int) -> None:
        """Fill `tensor` with `player`'s observation of `state` (from the view only)."""
        view = state.tabletop.view(player)
        self.tensor[:] = self.bridge.observation(view, player)

    def string_from(self, state: TabletopSpielState, player: int) -> str:
        """`player`'s observation string of `state` (from the view only)."""
        return self.bridge.observation_string(state.tabletop.view(player), player)


def _game_class(name: str) -> type[TabletopGame]:
    title = "".join(part.title() for part in name.split("_"))
    return type(f"{title}SpielGame", (TabletopGame,), {"NAME": name, "__doc__": f"{title} as a pyspiel game."})


def register() -> None:
    """Register every tabletop game with a bridge with pyspiel (done on import; idempotent)."""
    registered = set(pyspiel.registered_names())
    for name, short in GAMES.items():
        if short in registered:
            continue
        try:
            the_type = game_type(get_game(name))
        except (LookupError, ImportError):  # a game without a bridge module yet
            continue
        pyspiel.register_game(the_type, _game_class(name))


register()
