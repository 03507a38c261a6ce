"""The kernel's fast paths answer exactly as the slow ones (issue 12): a move found by identity
or by equality, on the first and the later `apply` of one state, at decisions and chance nodes;
views without a second copy; a flow's `key` kept through copies."""

from __future__ import annotations

import copy
import json
import pickle
import random

import attrs
import pytest

import tabletop
from tabletop.kernel.builder import Builder
from tabletop.kernel.errors import GameDefinitionError, IllegalMove
from tabletop.kernel.fastattrs import evolve, maker, writable_twin
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step
from tabletop.testing.drill import GAME, Simple


def _states(seed: int) -> list[tabletop.State]:
    """Every state of one random Drill game, decisions and chance nodes."""
    rng = random.Random(seed)
    state = GAME.new_game(seed)
    seen = [state]
    while not state.is_terminal:
        move = tabletop.sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)
        seen.append(state)
    return seen


@pytest.mark.parametrize("seed", range(4))
def test_every_child_is_the_same_by_identity_by_equality_and_in_any_order(seed: int) -> None:
    """Applying each legal move (the object listed, then an equal copy, then the list reversed)
    gives equal children: the first apply of a state scans, the later ones use the id table."""
    for state in _states(seed):
        moves = state.legal_moves()
        first = [state.apply(move).to_json() for move in moves]
        again = [state.apply(copy.copy(move)).to_json() for move in moves]
        backwards = [child.to_json() for child in reversed([state.apply(move) for move in reversed(moves)])]
        assert first == again == backwards


def test_chance_outcomes_are_found_without_listing_the_moves() -> None:
    """At a chance node, an outcome taken from `chance_outcomes()` applies on a state whose legal
    moves were never listed, and an equal copy of it applies too."""
    state = GAME.new_game(5).apply(Simple("draw"))
    assert state.is_chance_node
    outcome = state.chance_outcomes()[0][0]
    assert state.apply(outcome) == state.apply(copy.copy(outcome)) == state.apply(outcome)


@pytest.mark.parametrize("applied_before", [0, 1, 2])
def test_an_illegal_move_is_refused_on_every_apply_of_a_state(applied_before: int) -> None:
    """The refusal (its code and rule) is the same whether the state had moves applied before."""
    state = GAME.new_game(3).apply(Simple("pass"))
    for move in state.legal_moves()[:applied_before]:
        state.apply(move)
    with pytest.raises(IllegalMove, match="DRILL-3") as info:
        state.apply(Simple("bottom"))
    assert info.value.code == "unseen-card"
    with pytest.raises(IllegalMove) as junk:
        state.apply("pass")  # type: ignore[arg-type]
    assert junk.value.code == "not-a-move"


def test_a_terminal_state_refuses_moves_on_every_apply() -> None:
    """No move applies to a finished game, the first time or the second."""
    final = _states(2)[-1]
    for _ in range(2):
        with pytest.raises(IllegalMove) as info:
            final.apply(Simple("pass"))
        assert info.value.code == "game-over"


def test_views_drop_the_seed_and_leave_the_state_alone() -> None:
    """`view` has no seed whether the game's view dropped it or not, and is equal on each call."""
    for state in _states(1):
        for seat in range(state.num_players):
            view = state.view(seat)
            assert view.seed is None and state.seed is not None
            assert view == state.view(seat)
            assert view.view(seat) == view


def test_a_flows_key_is_kept_through_copies_and_is_no_field() -> None:
    """`key` is `"phase.step"` on a flow however it was built, and no field: not in the JSON, not
    in equality."""
    flow = Flow("turn", "act", 2, 1, 0)
    built = [
        flow,
        copy.copy(flow),
        copy.deepcopy(flow),
        pickle.loads(pickle.dumps(flow)),
        attrs.evolve(flow),
    ]
    assert all(f.key == "turn.act" and f == flow for f in built)
    assert evolve(flow, step="draw").key == "turn.draw"
    assert "key" not in attrs.fields_dict(Flow)
    state = GAME.new_game(3)
    assert set(json.loads(state.to_json())["state"]["flow"]) == {"phase", "step", "round", "player", "first_player"}
    assert GAME.state_from_json(state.to_json()).flow.key == state.flow.key
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        flow.key = "other.step"  # type: ignore[misc]


@attrs.frozen
class _Point:
    x: int
    y: int = 0
    _tag: str = ""


class _PointWork(Builder[_Point], state=_Point):
    pass


def test_built_through_the_writable_twin_is_an_ordinary_frozen_instance() -> None:
    """`evolve` and `Builder.freeze` hand out instances of the class itself (not of its twin),
    equal and hashing as `__init__`'s, frozen, with private fields set by their alias."""
    point = _Point(1, 2, "a")
    moved = evolve(point, y=5, tag="b")
    work = _PointWork(point)
    work.x = 7
    frozen = work.freeze()
    for built, expected in ((moved, _Point(1, 5, "b")), (frozen, _Point(7, 2, "a"))):
        assert type(built) is _Point
        assert built == expected and hash(built) == hash(expected) and repr(built) == repr(expected)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.x = 0  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            del built.x
    with pytest.raises(TypeError, match="not a field of _Point"):
        evolve(point, z=1)
    assert writable_twin(_Point) is writable_twin(_Point)


def test_game_states_built_by_their_steps_are_of_the_state_class() -> None:
    """Every state and part a game builds is of its declared class, never a twin."""
    for name in tabletop.GAMES:
        final = tabletop.random_playout(tabletop.get_game(name).new_game(4), random.Random(4))
        assert type(final) is tabletop.get_game(name).state_type
        for field in attrs.fields(type(final)):
            value = getattr(final, field.name)
            for part in value if isinstance(value, tuple) else (value,):
                assert not type(part).__qualname__.endswith("<writable>"), (name, field.name)


def _two_step_machine(name: str, *, second: str) -> PhaseMachine:
    return PhaseMachine(
        name,
        (
            Phase(
                "a",
                (
                    Step("x", Actor.PLAYER, frozenset({"play"}), tuple(dict.fromkeys(("y", second)))),
                    Step("y", Actor.AUTO, then=("x", "z", "end.over")),
                    Step("z", Actor.AUTO, then=("x",)),
                ),
            ),
            Phase("end", (Step("over", Actor.END),)),
        ),
        start="a.x",
    )


def test_goto_answers_the_same_the_first_time_and_every_time_after() -> None:
    """A remembered transition gives the same flow as the first answer, with or without a new
    player or round; an undeclared one is refused every time; a flow made by hand and moved by
    two machines gets each machine's own answer."""
    one = _two_step_machine("one", second="z")
    start = one.start_flow()
    for _ in range(3):
        assert one.goto(start, "y") is one.goto(start, "y")
        assert one.goto(start, "y").key == "a.y" and one.goto(start, "a.y") is one.goto(start, "y")
        moved = one.goto(start, "y", player=2, round=3)
        assert (moved.key, moved.player, moved.round) == ("a.y", 2, 3) and moved is one.goto(
            start, "y", player=2, round=3
        )
        assert one.goto(start, "y", player=2) != moved
        with pytest.raises(GameDefinitionError, match="undeclared transition 'a.x' -> 'end.over'"):
            one.goto(start, "end.over")
    other = _two_step_machine("other", second="y")
    by_hand = Flow("a", "x")
    assert one.goto(by_hand, "z").key == "a.z"
    with pytest.raises(GameDefinitionError, match="other: undeclared transition 'a.x' -> 'a.z'"):
        other.goto(by_hand, "z")
    assert other.goto(by_hand, "y") == Flow("a", "y") and one.goto(by_hand, "z").key == "a.z"


def test_advance_and_settle_stop_at_decisions_and_the_end() -> None:
    """The automatic steps run until a decision or the end, state to state and in place."""

    @attrs.frozen
    class Spot:
        flow: Flow
        steps: int = 0

    class SpotWork(Builder[Spot], state=Spot):
        pass

    game = _two_step_machine("spot", second="z")

    def over(spot: Spot) -> Spot:
        return evolve(spot, flow=game.goto(spot.flow, "end.over"), steps=spot.steps + 1)

    def back(spot: Spot) -> Spot:
        return evolve(spot, flow=game.goto(spot.flow, "x"), steps=spot.steps + 1)

    at_y = Spot(game.goto(game.start_flow(), "y"))
    assert game.advance(at_y, {"a.y": over, "a.z": back}) == Spot(Flow("end", "over"), 1)
    at_z = Spot(game.goto(game.start_flow(), "z"))
    assert game.advance(at_z, {"a.y": over, "a.z": back}) == Spot(Flow("a", "x"), 1)
    work = SpotWork(at_y)

    def over_in_place(work: SpotWork) -> None:
        work.flow = game.goto(work.flow, "end.over")
        work.steps = 5

    game.settle(work, {"a.y": over_in_place, "a.z": over_in_place})
    assert work.freeze() == Spot(Flow("end", "over"), 5)


@attrs.frozen
class _Checked:
    n: int = attrs.field(validator=attrs.validators.ge(0))


def test_maker_builds_what_init_builds() -> None:
    """`maker(cls)(*values)` equals `cls(*values)` and is of `cls`; a class with validators gets
    `cls` itself (its validators run); anything but an attrs class is refused."""
    make = maker(_Point)
    built = make(1, 2, "t")
    assert type(built) is _Point and built == _Point(1, 2, "t") and hash(built) == hash(_Point(1, 2, "t"))
    assert maker(_Checked) is _Checked
    with pytest.raises(ValueError, match="'n' must be >= 0"):
        maker(_Checked)(-1)
    with pytest.raises(TypeError, match="needs an attrs class"):
        maker(int)
