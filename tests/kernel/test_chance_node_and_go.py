"""The kernel's chance-node description and the `go` helper of the phase machine."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.chance import ChanceNode, Source
from tabletop.kernel.errors import GameDefinitionError
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step
from tabletop.kernel.protocol import Move, State

MACHINE = PhaseMachine(
    "demo",
    (
        Phase(
            "play",
            (
                Step("move", Actor.PLAYER, moves=frozenset({"pass"}), then=("score",), rule="DEMO-1.1"),
                Step("score", Actor.AUTO, then=("end.over",), rule="DEMO-1.2"),
            ),
        ),
        Phase("end", (Step("over", Actor.END),)),
    ),
    start="play.move",
)


@attrs.frozen
class Demo:
    flow: Flow
    points: int = 0


def test_go_moves_the_flow_and_changes_fields_in_one_build() -> None:
    state = Demo(MACHINE.start_flow())
    after = MACHINE.go(state, "score", player=1, points=3)
    assert after == Demo(Flow("play", "score", 1, 1, 0), 3)
    assert state == Demo(MACHINE.start_flow())  # untouched


def test_go_refuses_an_undeclared_transition_and_an_unknown_field() -> None:
    state = Demo(MACHINE.start_flow())
    with pytest.raises(GameDefinitionError, match="undeclared transition 'play.move' -> 'end.over'"):
        MACHINE.go(state, "end.over")
    with pytest.raises(TypeError):
        MACHINE.go(state, "score", colour="red")


def test_the_phase_table_lists_each_steps_rule() -> None:
    table = MACHINE.table()
    assert "| play | move | DEMO-1.1 | player | pass | score |" in table
    assert "| end | over | - | end | - | - |" in table


def test_a_chance_node_reads_as_its_source_destination_and_rule() -> None:
    node = ChanceNode(Source.DECK, "influence", "hand", "ZOO-3.2", recipient=1)
    assert str(node) == "deck influence -> hand of seat 1 (ZOO-3.2)"
    assert str(ChanceNode(Source.BAG, "bag", "hand", "CON-2.3")) == "bag bag -> hand (CON-2.3)"
    assert node == ChanceNode(Source.DECK, "influence", "hand", "ZOO-3.2", recipient=1)


def test_an_invariant_names_its_path_and_reading_keeps_it() -> None:
    """A broken invariant raised with a path comes out of `validate_state` as a DecodeError at that path."""
    from tabletop.kernel.errors import DecodeError, InvariantBroken
    from tabletop.kernel.serialize import validate_state

    broken = InvariantBroken("fuel 99 above the tank's 6", path="boats[1].fuel", rule="ARC-2.4")
    assert str(broken) == "boats[1].fuel: fuel 99 above the tank's 6 (ARC-2.4)"
    assert isinstance(broken, AssertionError)

    def invariants(state: object) -> None:
        raise broken

    from tabletop.testing.drill import GAME

    state = GAME.new_game(1)
    with pytest.raises(DecodeError) as info:
        validate_state(state, invariants=invariants)
    assert info.value.path == "state.boats[1].fuel"
    assert "fuel 99" in str(info.value)


@attrs.frozen
class Pass(Move):
    kind = "pass"


_PASS = Pass()


@attrs.frozen
class Tally(State):
    """A data-only state: a counter that one player raises until 2; bound below."""

    flow: Flow
    seed: int | None = None
    chance_count: int = 0
    points: int = 0

    @property
    def num_players(self) -> int:
        return 1

    @property
    def outcome(self) -> None:
        return None


def test_bind_gives_a_data_class_its_rules_once() -> None:
    """`State.bind` turns the rules into the hooks; a second bind is refused."""
    from tabletop.kernel.errors import GameDefinitionError

    with pytest.raises(TypeError):  # abstract until bound
        Tally(MACHINE.start_flow())
    Tally.bind(
        machine=MACHINE,
        auto={"play.score": lambda s: MACHINE.go(s, "end.over", points=s.points + 1)},
        player_moves=lambda s: (_PASS,),
        chance_outcomes=lambda s: (),
        apply=lambda s, m: MACHINE.go(s, "score", points=s.points + 1),
        view=lambda s, p: s,
        chance_node=lambda s: ChanceNode(Source.BAG, "bag", "hand", "DEMO-1.1"),
    )
    state = Tally(MACHINE.start_flow())
    assert state.legal_moves() == (_PASS,)
    after = state.apply(_PASS)
    assert after.points == 2 and after.is_terminal
    with pytest.raises(GameDefinitionError, match="already bound"):
        Tally.bind(machine=MACHINE, auto={}, player_moves=len, chance_outcomes=len, apply=max, view=max)
