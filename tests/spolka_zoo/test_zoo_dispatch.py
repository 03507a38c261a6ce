"""The game's own dispatch (issue 12's speed work): the tables read by step name and the
game's `apply` and `settle` do exactly what the kernel's general versions do."""

from __future__ import annotations

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import State
from tabletop.spolka_zoo import GAME, rules
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.moves import Draw, Pick
from tabletop.spolka_zoo.state import Draft, piles_with

ALL_MODULES = ("events", "hidden_goals", "intrigues")


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
    for state in random_states(11, **options)[:-1:3]:
        moves = state.legal_moves()
        move = moves[len(moves) // 2]
        fresh = attrs.evolve(move)  # equal, not the same object
        expected = State.apply(state, move)
        assert state.apply(move) == expected
        assert state.apply(fresh) == expected


def test_an_illegal_move_is_refused_at_a_chance_node_and_a_decision() -> None:
    """A card that cannot be drawn, or a move of the wrong kind, raises `IllegalMove` and the
    state is unchanged."""
    for state in random_states(5, players=1, bots=4):
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
    for state in random_states(2, players=2, bots=1, modules=ALL_MODULES)[:-1:2]:
        move = state.legal_moves()[0]
        ours, kernels = Draft(state), Draft(state)
        rules.apply_in_place(ours, move)
        rules.apply_in_place(kernels, move)
        rules.settle(ours)
        MACHINE.settle(kernels, rules.STEPS)
        assert ours.freeze() == kernels.freeze()


def test_every_arrangement_of_a_look_builds_what_the_kernels_apply_builds() -> None:
    """At looks (ZOO-4.12, ZOO-6.4: about a hundred arrangements, found by their ids and lifted
    off one deck kept by identity), every move, in order and then in reverse, gives the state
    the kernel's `State.apply` gives."""
    looks = [
        state
        for seed in range(6)
        for state in random_states(seed, players=2)
        if state.flow.key == "effects.choose" and state.queue[0].op == "look" and len(state.legal_moves()) > 12
    ]
    assert looks
    for state in looks[:3]:
        moves = state.legal_moves()
        expected = [State.apply(state, move) for move in moves]
        assert [state.apply(move) for move in moves] == expected
        assert [state.apply(move) for move in reversed(moves)] == expected[::-1]


def test_piles_with_sets_the_fields_named_and_refuses_others() -> None:
    """`piles_with(*names)(piles, *values)` is `evolve(piles, **dict(zip(names, values)))`."""
    piles = GAME.new_game(1, players=1, bots=2).piles  # type: ignore[attr-defined]
    with_ = piles_with("resolving", "shown_round")
    assert with_(piles, ("x",), 3) == attrs.evolve(piles, resolving=("x",), shown_round=3)
    assert with_(piles, ("x",), 3).bot_deck is piles.bot_deck
    with pytest.raises(TypeError, match="not fields of Piles: decks"):
        piles_with("decks")
