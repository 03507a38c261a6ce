"""The game's own dispatch (issue 12's speed work): the tables read by step name and the
game's `apply` and `settle` do exactly what the kernel's general versions do."""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import State
from tabletop.spolka_zoo import GAME, ZooState, rules
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.moves import Draw, Pick
from tabletop.spolka_zoo.state import Draft

ALL_MODULES = ("events", "hidden_goals", "intrigues")


def _states(seed: int, **options: object) -> list[ZooState]:
    rng = random.Random(seed)
    state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
    found = [state]
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
        found.append(state)
    return found


def test_the_steps_dispatched_by_name_alone_have_unique_names() -> None:
    """`apply_in_place` and `player_moves` look a step up by its name without its phase: each
    such name is declared once in the phase table."""
    names = [step.name for phase in MACHINE.phases for step in phase.steps]
    for name in ("board", "draw", "choose", "pick", "act", "before", "revealed", "abilities", "late"):
        assert names.count(name) == 1, name


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 1, "bots": 4}, {"players": 3, "modules": ALL_MODULES}])
def test_the_games_apply_builds_what_the_kernels_apply_builds(options: dict[str, object]) -> None:
    """Every step of a random game: `ZooState.apply` and the kernel's `State.apply` give equal
    states, for the move object listed and for an equal move built anew."""
    for state in _states(11, **options)[:-1:3]:
        moves = state.legal_moves()
        move = moves[len(moves) // 2]
        fresh = attrs.evolve(move)  # equal, not the same object
        expected = State.apply(state, move)
        assert state.apply(move) == expected
        assert state.apply(fresh) == expected


def test_an_illegal_move_is_refused_at_a_chance_node_and_a_decision() -> None:
    """A card that cannot be drawn, or a move of the wrong kind, raises `IllegalMove` and the
    state is unchanged."""
    for state in _states(5, players=1, bots=4):
        if state.is_chance_node and not isinstance(state.legal_moves()[0], Draw):
            continue
        before = state.to_json()
        bad = Draw("no-such-card") if state.is_chance_node else Pick("no-such-token")
        with pytest.raises(IllegalMove):
            state.apply(bad)
        assert state.to_json() == before
        if state.is_terminal:
            break


def test_the_games_settle_runs_what_the_kernels_settle_runs() -> None:
    """After a move applied in place, the game's `settle` and the kernel's
    `MACHINE.settle(draft, STEPS)` freeze into equal states."""
    for state in _states(2, players=2, bots=1, modules=ALL_MODULES)[:-1:2]:
        move = state.legal_moves()[0]
        ours, kernels = Draft(state), Draft(state)
        rules.apply_in_place(ours, move)
        rules.apply_in_place(kernels, move)
        rules.settle(ours)
        MACHINE.settle(kernels, rules.STEPS)
        assert ours.freeze() == kernels.freeze()
