"""The kernel builder: fields generated from the state class, frozen equal to the evolved state."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.builder import Builder, in_place
from tabletop.kernel.errors import GameDefinitionError
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step


@attrs.frozen
class Plain:
    flow: Flow
    n: int = 0
    log: tuple[str, ...] = ()
    _secret: str = "x"


@attrs.frozen
class Checked:
    n: int = attrs.field(validator=attrs.validators.ge(0))


class PlainWork(Builder[Plain], state=Plain):
    def add(self, word: str) -> None:
        self.log = (*self.log, word)


class CheckedWork(Builder[Checked], state=Checked):
    pass


FLOW = Flow("a", "x")


def test_fields_come_from_the_class_and_freeze_equals_evolve() -> None:
    """Every field of the state is copied; freezing after changes equals evolving the state."""
    state = Plain(FLOW, 1, ("start",), "hidden")
    work = PlainWork(state)
    assert PlainWork.FIELDS == ("flow", "n", "log", "_secret")
    work.n = 5
    work.add("five")
    frozen = work.freeze()
    assert frozen == evolve(state, n=5, log=("start", "five"))
    assert type(frozen) is Plain
    assert hash(frozen) == hash(evolve(state, n=5, log=("start", "five")))
    assert state == Plain(FLOW, 1, ("start",), "hidden")  # the state itself is untouched
    assert PlainWork(state).freeze() == state
    assert "n=1" in repr(PlainWork(state))


def test_validators_still_run_for_classes_that_have_them() -> None:
    """A class with validators is frozen through its __init__, so a bad value is refused."""
    work = CheckedWork(Checked(1))
    work.n = -1
    with pytest.raises(ValueError, match="'n' must be >= 0"):
        work.freeze()


def test_a_builder_without_a_state_class_is_refused() -> None:
    """A builder must name an attrs state class."""
    with pytest.raises(TypeError, match="must be an attrs class"):

        class Bad(Builder[int], state=int):
            pass

    class Abstract(Builder[Plain]):
        pass

    with pytest.raises(TypeError, match="names no state class"):
        Abstract(Plain(FLOW))  # type: ignore[arg-type]


def _count(work: PlainWork) -> None:
    work.n += 1
    work.flow = MACHINE.goto(work.flow, "x" if work.n >= 3 else "y")


MACHINE = PhaseMachine(
    "demo",
    (
        Phase(
            "a",
            (
                Step("x", Actor.PLAYER, frozenset({"go"}), ("y", "end.over")),
                Step("y", Actor.AUTO, then=("x", "y")),
            ),
        ),
        Phase("end", (Step("over", Actor.END),)),
    ),
    start="a.x",
)


def test_settle_runs_automatic_steps_in_place_like_advance() -> None:
    """`settle` on a builder reaches the state `advance` reaches with the lifted handlers."""
    start = Plain(Flow("a", "y"))
    work = PlainWork(start)
    MACHINE.settle(work, {"a.y": _count})
    lifted = {"a.y": in_place(PlainWork, _count)}
    assert work.freeze() == MACHINE.advance(start, lifted) == Plain(Flow("a", "x"), 3)
    assert lifted["a.y"].__name__ == "_count"


def test_settle_stops_an_endless_loop() -> None:
    """Automatic steps that never reach a decision raise a definition error."""

    def spin(work: PlainWork) -> None:
        work.flow = MACHINE.goto(work.flow, "y")

    with pytest.raises(GameDefinitionError, match="endless loop"):
        MACHINE.settle(PlainWork(Plain(Flow("a", "y"))), {"a.y": spin})


def test_finish_makes_the_builder_itself_the_state() -> None:
    """`finish` is `freeze` without the copy: the builder becomes the state (its class switched),
    equal to the evolved state, frozen from then on; a plain state's builder is a writable
    subclass of the state class, equal only to itself."""
    state = Plain(FLOW, 1, ("start",), "hidden")
    work = PlainWork(state)
    assert issubclass(PlainWork, Plain) and issubclass(PlainWork, Builder) and isinstance(work, PlainWork)
    assert work != PlainWork(state) and work == work
    work.add("more")
    done = work.finish()
    assert done is work and type(done) is Plain
    assert done == evolve(state, log=("start", "more")) and hash(done) == hash(evolve(state, log=("start", "more")))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        done.n = 2  # type: ignore[misc]
    assert state == Plain(FLOW, 1, ("start",), "hidden")


def test_finish_of_a_checked_state_runs_its_validators() -> None:
    """A state class with validators has no live builder: `finish` is `freeze`, through __init__."""
    work = CheckedWork(Checked(1))
    assert not issubclass(CheckedWork, Checked)
    work.n = 2
    assert work.finish() == Checked(2) and work.finish() is not work
    work.n = -1
    with pytest.raises(ValueError, match="'n' must be >= 0"):
        work.finish()


class LoudWork(PlainWork):
    def add(self, word: str) -> None:
        self.log = (*self.log, word.upper())


def test_a_subclass_of_a_builder_keeps_its_own_methods() -> None:
    """A builder subclassed without naming the state again builds with its own methods."""
    work = LoudWork(Plain(FLOW))
    work.add("hey")
    assert work.finish() == Plain(FLOW, log=("HEY",))
    assert PlainWork(Plain(FLOW)).freeze() == Plain(FLOW)
