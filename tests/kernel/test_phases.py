"""The phase machine: validated when defined, transitions checked, automatic steps bounded."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.builder import Builder
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.errors import GameDefinitionError
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step

PLAY = frozenset({"play"})


def machine(*phases: Phase, start: str = "a.x") -> PhaseMachine:
    return PhaseMachine("test", phases, start=start)


def good() -> PhaseMachine:
    return machine(
        Phase("a", (Step("x", Actor.PLAYER, PLAY, ("y",)), Step("y", Actor.AUTO, then=("x", "end.over")))),
        Phase("end", (Step("over", Actor.END),)),
    )


@pytest.mark.parametrize(
    ("phases", "start", "message"),
    [
        ((Phase("a", (Step("x", Actor.END),)),), "a.nope", "start step 'a.nope' is not declared"),
        (
            (Phase("a", (Step("x", Actor.PLAYER, PLAY, ("zz",)), Step("o", Actor.END))),),
            "a.x",
            "unknown next step 'zz'",
        ),
        (
            (
                Phase("a", (Step("x", Actor.PLAYER, PLAY, ("o",)), Step("o", Actor.END))),
                Phase("b", (Step("lost", Actor.AUTO, then=("a.o",)),)),
            ),
            "a.x",
            "unreachable step(s) from 'a.x': b.lost",
        ),
        ((Phase("a", (Step("x", Actor.PLAYER, PLAY, ("x",)),)),), "a.x", "no end step"),
        ((Phase("a", (Step("x", Actor.PLAYER, then=("o",)), Step("o", Actor.END))),), "a.x", "declares no move"),
        ((Phase("a", (Step("x", Actor.AUTO), Step("o", Actor.END))),), "a.x", "has no next step"),
        ((Phase("a", (Step("x", Actor.END, then=("x",)),)),), "a.x", "end step 'a.x' cannot have next"),
        (
            (Phase("a", (Step("x", Actor.AUTO, PLAY, ("o",)), Step("o", Actor.END))),),
            "a.x",
            "acts by itself but declares move kinds",
        ),
        ((Phase("a", (Step("x", Actor.END), Step("x", Actor.END))),), "a.x", "declared twice"),
    ],
)
def test_bad_tables_are_refused(phases: tuple[Phase, ...], start: str, message: str) -> None:
    """Unknown targets, a missing start, unreachable steps and malformed steps raise GameDefinitionError."""
    with pytest.raises(GameDefinitionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        machine(*phases, start=start)


def test_goto_checks_declared_transitions() -> None:
    """A transition the table does not declare is a GameDefinitionError; a declared one updates the flow."""
    m = good()
    flow = m.start_flow(player=1)
    assert flow == Flow("a", "x", 1, 1, 0)
    assert m.current_player(flow) == 1
    after = m.goto(flow, "y", round=2)
    assert after.key == "a.y" and after.round == 2 and after.player == 1
    assert m.current_player(after) == CHANCE  # automatic steps never face a decision
    with pytest.raises(GameDefinitionError, match="undeclared transition 'a.x' -> 'end.over'"):
        m.goto(flow, "end.over")
    assert m.current_player(m.goto(after, "end.over")) == TERMINAL


def test_handlers_must_match_automatic_steps() -> None:
    """Every automatic step needs a handler, and a handler needs an automatic step."""
    m = good()
    m.check_handlers({"a.y": lambda s: s})
    with pytest.raises(GameDefinitionError, match="'a.y' has no handler"):
        m.check_handlers({})
    with pytest.raises(GameDefinitionError, match="not an automatic step"):
        m.check_handlers({"a.y": lambda s: s, "a.x": lambda s: s})


@attrs.frozen
class Holder:
    flow: Flow
    loops: int = 0


def test_advance_runs_automatic_steps_and_stops_at_decisions() -> None:
    """advance runs automatic steps until the next decision or the end."""
    m = good()

    def to_end(h: Holder) -> Holder:
        return Holder(m.goto(h.flow, "end.over"), h.loops + 1)

    start = Holder(m.goto(m.start_flow(), "y"))
    done = m.advance(start, {"a.y": to_end})
    assert done.flow.key == "end.over" and done.loops == 1
    decision = Holder(m.start_flow())
    assert m.advance(decision, {"a.y": to_end}) is decision


def test_endless_automatic_loop_is_caught() -> None:
    """A table whose automatic steps never stop raises instead of hanging."""
    m = machine(
        Phase("a", (Step("x", Actor.AUTO, then=("x", "end.o")),)),
        Phase("end", (Step("o", Actor.END),)),
    )
    with pytest.raises(GameDefinitionError, match="endless loop"):
        m.advance(Holder(m.start_flow()), {"a.x": lambda h: Holder(m.goto(h.flow, "x"))})


class HolderWork(Builder[Holder], state=Holder):
    pass


def test_go_work_moves_a_builder_and_sets_its_fields() -> None:
    """go_work is go on a working copy: the flow moves through the table and the fields change in place."""
    m = good()
    work = HolderWork(Holder(m.start_flow()))
    m.go_work(work, "y", round=3, loops=2)
    assert work.freeze() == Holder(Flow("a", "y", 3, 0, 0), 2)
    m.go_work(work, "x", player=1)
    assert work.flow == Flow("a", "x", 3, 1, 0) and work.loops == 2
    with pytest.raises(GameDefinitionError, match="undeclared transition 'a.x' -> 'end.over'"):
        m.go_work(work, "end.over")
    with pytest.raises(TypeError, match="'lops' is not a field of Holder"):
        m.go_work(work, "y", lops=1)
    assert work.flow == Flow("a", "x", 3, 1, 0) and not hasattr(work, "lops")  # bad input changes nothing


def test_goto_reuses_one_flow_per_place() -> None:
    """goto hands out equal flows as one shared object (they are immutable), distinct places as distinct flows."""
    m = good()
    flow = m.start_flow()
    first = m.goto(flow, "y", round=2)
    again = m.goto(Flow("a", "x", 5, 0, 0), "y", round=2)
    assert first is again and first == Flow("a", "y", 2, 0, 0)
    assert m.goto(first, "x") is m.goto(again, "a.x")
    assert m.goto(first, "x", player=1) != m.goto(first, "x")


def test_goto_of_a_flow_answered_again_is_the_same_answer() -> None:
    """A plain goto (nothing but the step changed) answered from the table kept by the flow's
    identity: the same flow as the first answer, for equal flows that are distinct objects too,
    and an undeclared transition is still refused after a declared one was answered."""
    m = good()
    here, twin = Flow("a", "x", 4, 1, 0), Flow("a", "x", 4, 1, 0)
    first = m.goto(here, "y")
    assert m.goto(here, "y") is first is m.goto(twin, "y") and first == Flow("a", "y", 4, 1, 0)
    assert m.goto(here, "y", round=5) == Flow("a", "y", 5, 1, 0)
    with pytest.raises(GameDefinitionError, match="undeclared transition"):
        m.goto(first, "y")


def test_table_renders_markdown() -> None:
    """The table renders as Markdown for the docs, one row per step."""
    text = good().table()
    assert "| a | x | - | player | play | y |" in text
    assert text.count("\n") == 4
