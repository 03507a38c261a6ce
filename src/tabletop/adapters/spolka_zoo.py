"""The AI bridge of Spółka ZOO: action ids, observation tensors and determinization.

* Actions ([spolka_zoo_actions][tabletop.adapters.spolka_zoo_actions]): a fixed space of
  `N` position-based ids, the same for every option; chance outcomes are the six board
  orders and one id per card.
* Observations ([spolka_zoo_tensor][tabletop.adapters.spolka_zoo_tensor]): a flat tensor of
  named sections whose length depends on the number of seats, computed from a seat's view.
* Determinization ([spolka_zoo_sample][tabletop.adapters.spolka_zoo_sample]): the hidden
  cards and picks of a view dealt again uniformly.

```python
import random
import tabletop
from tabletop import adapters

state = tabletop.get_game("spolka_zoo").new_game(seed=3, players=2, bots=1, modules=("intrigues",))
bridge = adapters.bridge_for(state)
rng = random.Random(0)
while state.current_player == tabletop.CHANCE:
    state = state.apply(tabletop.sample_chance(state, rng))
seat = state.current_player
view = state.view(seat)
assert len(bridge.observation(view, seat)) == bridge.observation_size
assert bridge.sample_state(view, seat, rng).view(seat) == view
state = bridge.apply_action(state, bridge.legal_actions(state)[0])
```
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from tabletop.adapters.bridge import Bridge, Section, seat_of
from tabletop.adapters.encoding import as_id, view_digest
from tabletop.adapters.spolka_zoo_actions import CHANCE_OUTCOMES, NUM_ACTIONS, action_id, chance_id
from tabletop.adapters.spolka_zoo_bounds import glory_bound
from tabletop.adapters.spolka_zoo_length import game_length_bound, longest_game
from tabletop.adapters.spolka_zoo_sample import sample_state
from tabletop.adapters.spolka_zoo_tensor import Encoder
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move, State
from tabletop.spolka_zoo import GAME
from tabletop.spolka_zoo.render import render
from tabletop.spolka_zoo.state import Config, ZooState

__all__ = ["MAX_GAME_LENGTH", "MAX_GLORY", "ZooBridge", "make_bridge", "options_of"]

MAX_GAME_LENGTH: Final = longest_game()
"""The bound on the decisions and chance events of one game of any configuration: the largest
[game_length_bound][tabletop.adapters.spolka_zoo_length.game_length_bound] (each bridge uses its own configuration's,
about 900 to 2,100 steps; random play stays below 500)."""
MAX_GLORY: Final = 1000.0
"""A bound on the glory of every configuration (the bridge of each configuration uses its own, tighter bound,
[glory_bound][tabletop.adapters.spolka_zoo_bounds.glory_bound]: about 500 to 820)."""


def _zoo(state: State) -> ZooState:
    if not isinstance(state, ZooState):
        msg = f"not a Spółka ZOO state: {type(state).__name__}"
        raise TypeError(msg)
    return state


def options_of(state: State) -> dict[str, Any]:
    """The options a Spółka ZOO state (or a view of it) was made with.

    Every option of the game is a field of the state's `config` under the same name, so the
    answer follows the game's option declarations (a new option cannot be forgotten here).
    """
    c = _zoo(state).config
    return {option.name: getattr(c, option.name) for option in GAME.options}


class ZooBridge(Bridge):
    """The bridge of Spółka ZOO with fixed options (see the module docstring).

    General-sum, of imperfect information; the returns are the seats' glory totals, from 0 to
    `max_utility`, the bound derived from the rules and the cards for these options
    ([glory_bound][tabletop.adapters.spolka_zoo_bounds.glory_bound]); `max_game_length` is derived the same way
    ([game_length_bound][tabletop.adapters.spolka_zoo_length.game_length_bound]).

    Args:
        options: The validated options (`GAME.check_options`).

    Raises:
        ValueError: If players and bots together are not 2 to 5.
    """

    utility = "general_sum"
    min_utility = 0.0
    max_utility = MAX_GLORY

    def __init__(self, options: Mapping[str, Any]) -> None:
        seats = options["players"] + options["bots"]
        if not 2 <= seats <= 5:
            msg = f"option 'bots': players + bots must be 2 to 5; got {options['players']} + {options['bots']}"
            raise ValueError(msg)
        self.game = GAME
        self.options = dict(options)
        # Every option is the `Config` field of the same name (see `options_of`), so none is left out.
        fields = {option.name: options[option.name] for option in GAME.options}
        self.config = Config(**(fields | {"modules": tuple(options["modules"])}))
        self.max_utility = float(glory_bound(self.config))
        self.encoder = Encoder(self.config)
        self.num_actions = NUM_ACTIONS
        self.max_chance_outcomes = CHANCE_OUTCOMES
        self.observation_shape = (self.encoder.size,)
        self.max_game_length = game_length_bound(self.config)
        self._memo: tuple[ZooState, dict[int, Move]] | None = None

    def action_of(self, state: State, move: Move) -> int:
        """The id of a legal move (or chance outcome) of `state`.

        Raises:
            IllegalMove: If `move` is not legal in `state`.
        """
        zoo = _zoo(state)
        if not zoo.is_legal(move):
            msg = f"{move!s} is not legal here ({zoo.flow})"
            raise IllegalMove(msg, code="illegal-move")
        if zoo.is_chance_node:
            return chance_id(move)
        return action_id(zoo, move)

    def move_of(self, state: State, action: int) -> Move:
        """The legal move (or chance outcome) with id `action`.

        Raises:
            IllegalMove: Naming the id and the legal ids, if `action` is not legal here.
        """
        zoo = _zoo(state)
        number = as_id(action)
        move = None if number is None else self._ids(zoo).get(number)
        if move is None:
            raise self.refuse(zoo, action)
        return move

    def legal_actions(self, state: State) -> tuple[int, ...]:
        """The ids of the legal moves (or chance outcomes) of `state`, ascending."""
        return tuple(sorted(self._ids(_zoo(state))))

    def _ids(self, state: ZooState) -> dict[int, Move]:
        """Id -> move for the legal moves of `state` (kept for the last state asked about:
        a search asks for the legal ids, then the move of one of them)."""
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo[1]
        if state.is_chance_node:
            ids = {chance_id(move): move for move in state.legal_moves()}
        else:
            ids = {action_id(state, move): move for move in state.legal_moves()}
        self._memo = (state, ids)
        return ids

    def observation(self, view: State, seat: int) -> tuple[float, ...]:
        """The tensor of `seat` from its view (layout: [layout][tabletop.adapters.spolka_zoo.ZooBridge.layout]).

        Raises:
            ValueError: If `view` was made with other options than this bridge's.
            SeatError: If `seat` is not a seat of the game (a `ValueError`).
        """
        zoo = _zoo(view)
        if zoo.config != self.config:
            msg = f"observation: the view was made with {options_of(zoo)}, this bridge with {self.options}"
            raise ValueError(msg)
        seat = seat_of(zoo, ZooState, seat, where="observation")
        return self.encoder.encode(zoo, seat)

    def observation_string(self, view: State, seat: int) -> str:
        """The board as `seat` sees it (the game's text frontends' board), then a digest of the whole view."""
        zoo = _zoo(view)
        seat = seat_of(zoo, ZooState, seat, where="observation_string")
        return f"{render(zoo, seat)}\nview {view_digest(view)}"

    def layout(self) -> tuple[Section, ...]:
        """The sections of the tensor, in order."""
        return self.encoder.layout()

    def sample_state(self, view: State, seat: int, rng: random.Random) -> State:
        """A full state consistent with `view`: see
        [sample_state][tabletop.adapters.spolka_zoo_sample.sample_state]."""
        zoo = _zoo(view)
        seat = seat_of(zoo, ZooState, seat, where="sample_state")
        return sample_state(zoo, seat, rng)


def make_bridge(options: Mapping[str, Any]) -> Bridge:
    """The bridge of Spółka ZOO with `options` (already validated)."""
    return ZooBridge(options)
