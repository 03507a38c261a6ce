"""The AI bridge of one game: integer actions, observation tensors and determinization.

A [Bridge][tabletop.adapters.bridge.Bridge] turns a tabletop game with fixed options into
what search and learning code expects:

* a fixed action space: every legal move of a decision node has an id in `[0, num_actions)`,
  every outcome of a chance node an id in `[0, max_chance_outcomes)`;
* an observation tensor of fixed shape per seat, computed from `state.view(seat)` only (so a
  leak is impossible by construction), with a documented layout of
  [Section][tabletop.adapters.bridge.Section]s, and an observation string;
* determinization: `sample_state(view, seat, rng)`, a full state consistent with everything
  `seat` knows, drawn with the weights of the game's chance model.

The ecosystem wrappers (OpenSpiel, PettingZoo, Gymnasium) use only this interface, so every
game with a bridge module works in all three.

```python
import random
from tabletop import adapters, get_game

state = get_game("conservas").new_game(seed=1)
bridge = adapters.bridge_for(state)
ids = bridge.legal_actions(state)
state = state.apply(bridge.move_of(state, ids[0]))
tensor = bridge.observation(state.view(0), 0)
assert len(tensor) == bridge.observation_size
```
"""

from __future__ import annotations

import abc
import math
import random
from collections.abc import Mapping
from typing import Any

import attrs

from tabletop.kernel.errors import IllegalMove, seat_index
from tabletop.kernel.protocol import Game, Move, State

__all__ = ["Bridge", "DecodingBridge", "Section", "seat_of"]


def seat_of(view: State, kind: type, seat: object, *, where: str) -> int:
    """`seat` as a seat of `view`, after checking that `view` is a state of the bridge's game.

    Args:
        view: What the caller passed as the view.
        kind: The game's state class.
        seat: What the caller passed as the seat.
        where: The method's name, put before the messages.

    Raises:
        TypeError: If `view` is not a state of this game.
        SeatError: If `seat` is not a seat of it (a `ValueError`).
    """
    if not isinstance(view, kind):
        msg = f"{where}: not a {kind.__name__}: {type(view).__name__}"
        raise TypeError(msg)
    return seat_index(seat, view.num_players, where=where)


@attrs.frozen
class Section:
    """One named part of an observation tensor: `tensor[offset : offset + size]`.

    Attributes:
        name: A short name (`"hand"`, `"sea.counts"`).
        offset: Where the section starts in the flat tensor.
        size: How many numbers it holds.
        doc: What the numbers mean, one sentence.
    """

    name: str
    offset: int
    size: int
    doc: str

    @property
    def end(self) -> int:
        """One past the last index of the section."""
        return self.offset + self.size


class Bridge(abc.ABC):
    """The AI bridge of one game with fixed options.

    Subclasses set the attributes below (in `__init__`) and implement the abstract methods;
    the base class derives the legal ids, the mask and the chance outcomes from them.

    Attributes:
        game: The tabletop game.
        options: The validated options (as `Game.check_options` returns them).
        num_actions: `N`: player-move ids are in `[0, N)`.
        max_chance_outcomes: Chance-outcome ids are in `[0, max_chance_outcomes)`.
        observation_shape: The shape of the observation tensor.
        max_game_length: A bound on the number of decisions and chance steps of one game.
        perfect_information: True when no view hides anything but the future (default false).
        utility: How the seats' returns relate: `"general_sum"` (the default), `"zero_sum"`,
            `"constant_sum"` or `"identical"` (co-operative games).
        min_utility: The smallest return a seat can get (default 0).
        max_utility: The largest return a seat can get (default 1).
        utility_sum: The sum of the returns, for zero- and constant-sum games (else `None`).
    """

    game: Game
    options: Mapping[str, Any]
    num_actions: int
    max_chance_outcomes: int
    observation_shape: tuple[int, ...]
    max_game_length: int
    perfect_information: bool = False
    utility: str = "general_sum"
    min_utility: float = 0.0
    max_utility: float = 1.0
    utility_sum: float | None = None

    def __repr__(self) -> str:
        options = ", ".join(f"{key}={value!r}" for key, value in self.options.items())
        return f"<{type(self).__name__} {self.game.name}({options}) N={self.num_actions}>"

    # Actions -----------------------------------------------------------------------------

    @abc.abstractmethod
    def action_of(self, state: State, move: Move) -> int:
        """The id of `move` in `state`; at a chance node, the id of that outcome.

        Raises:
            IllegalMove: If `move` is not legal in `state`.
        """

    @abc.abstractmethod
    def move_of(self, state: State, action: int) -> Move:
        """The move (or chance outcome) with id `action` in `state`.

        Raises:
            IllegalMove: Naming the id and the legal ids, if `action` is not legal here.
        """

    def legal_actions(self, state: State) -> tuple[int, ...]:
        """The ids of the legal moves (or chance outcomes) of `state`, ascending."""
        return tuple(sorted(self.action_of(state, move) for move in state.legal_moves()))

    def legal_mask(self, state: State) -> tuple[bool, ...]:
        """`num_actions` flags, true at the id of each legal player move.

        At a chance node or the end of the game every flag is false.
        """
        mask = [False] * self.num_actions
        if not state.is_chance_node and not state.is_terminal:
            for action in self.legal_actions(state):
                mask[action] = True
        return tuple(mask)

    def chance_outcomes(self, state: State) -> tuple[tuple[int, float], ...]:
        """The `(id, probability)` pairs of a chance node, ascending by id.

        Raises:
            ValueError: If `state` is not a chance node.
        """
        return tuple(sorted((self.action_of(state, move), p) for move, p in state.chance_outcomes()))

    def apply_action(self, state: State, action: int) -> State:
        """`state.apply(self.move_of(state, action))`.

        Raises:
            IllegalMove: Naming the id and the legal ids, if `action` is not legal here.
        """
        return state.apply(self.move_of(state, action))

    def refuse(self, state: State, action: object) -> IllegalMove:
        """The error for an action id that is not legal in `state` (names the legal ids)."""
        if state.is_terminal:
            return IllegalMove(f"action {action!r}: the game is over, no action is legal", code="game-over")
        legal = ", ".join(str(a) for a in self.legal_actions(state))
        space = "chance outcome" if state.is_chance_node else "action"
        return IllegalMove(f"{space} {action!r} is not legal here; legal ids: {legal}", code="illegal-action")

    # Observations ------------------------------------------------------------------------

    @property
    def observation_size(self) -> int:
        """The number of values in the flat observation tensor."""
        return math.prod(self.observation_shape)

    @abc.abstractmethod
    def observation(self, view: State, seat: int) -> tuple[float, ...]:
        """The flat observation tensor of `seat`, from `view = state.view(seat)` only.

        Its length is `observation_size`; `layout()` says what each part means.
        """

    @abc.abstractmethod
    def observation_string(self, view: State, seat: int) -> str:
        """A readable text of what `seat` knows, from `view = state.view(seat)` only."""

    @abc.abstractmethod
    def layout(self) -> tuple[Section, ...]:
        """The sections of the observation tensor, in order, covering it exactly."""

    # Determinization ---------------------------------------------------------------------

    @abc.abstractmethod
    def sample_state(self, view: State, seat: int, rng: random.Random) -> State:
        """A full state consistent with everything `seat` knows (`sample.view(seat) == view`).

        Hidden things are drawn with the weights the game's chance model gives them; the
        sample carries a seed drawn from `rng`, so it can be played on.
        """


class DecodingBridge(Bridge):
    """A bridge whose ids decode to moves by arithmetic (`_decode`), checked against the rules.

    [move_of][tabletop.adapters.bridge.DecodingBridge.move_of] is written once here: the id is
    decoded, and refused (naming the legal ids) unless it decodes to a legal move of `state`.
    """

    def move_of(self, state: State, action: int) -> Move:
        """The move (or chance outcome) with id `action` in `state`.

        Raises:
            IllegalMove: Naming the id and the legal ids, if `action` is not legal here.
        """
        try:
            move = self._decode(state, action)
        except (ValueError, IndexError, KeyError):
            move = None
        if move is None or not state.is_legal(move):
            raise self.refuse(state, action)
        return move

    @abc.abstractmethod
    def _decode(self, state: Any, action: int) -> Move | None:
        """The move id `action` stands for in `state`, or `None` (it may also raise on a bad id)."""
