"""The kernel's bounded tables are emptied when full and fill again (`fastattrs.remember`): in a
long process (a server, a soak, the whole test suite) they keep sharing the values met now,
instead of no longer keeping any once values never met again filled them."""

from __future__ import annotations

import pytest

from tabletop.kernel import phases
from tabletop.kernel.fastattrs import remember
from tabletop.kernel.phases import Actor, Phase, PhaseMachine, Step


def _machine() -> PhaseMachine:
    return PhaseMachine(
        "bounded",
        (
            Phase(
                "a",
                (
                    Step("x", Actor.PLAYER, frozenset({"play"}), ("y",)),
                    Step("y", Actor.PLAYER, frozenset({"play"}), ("x", "end.over")),
                ),
            ),
            Phase("end", (Step("over", Actor.END),)),
        ),
        start="a.x",
    )


def test_remember_keeps_at_most_limit_entries_and_keeps_the_newest() -> None:
    """Each value is returned and kept; the entry that finds the table full empties it first."""
    table: dict[int, str] = {}
    for n in range(10):
        assert remember(table, n, str(n), 4) == str(n)
        assert len(table) <= 4 and table[n] == str(n)
    assert table == {8: "8", 9: "9"}
    remember(table, 9, "nine", 2)  # a key kept again replaces its value (the table was full)
    assert table == {9: "nine"}


def test_goto_keeps_interning_flows_after_its_table_filled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flows met after the machine's table of flows filled are shared again (one object per place)."""
    monkeypatch.setattr(phases, "MAX_INTERNED_FLOWS", 8)
    machine = _machine()
    start = machine.start_flow()
    for n in range(40):  # each new round is a new place: the table fills and is emptied four times
        first = machine.goto(start, "y", round=n)
        again = machine.goto(machine.start_flow(), "y", round=n)  # another flow object, the same place
        assert first is again and (first.key, first.round) == ("a.y", n)
        assert len(machine._flows) <= 8


def test_a_flow_keeps_remembering_its_answers_after_they_filled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A flow's answers of `goto` are forgotten when full and remembered again: the answer of a
    transition asked twice in a row is found, the same object, however many were asked before."""
    monkeypatch.setattr(phases, "MAX_REMEMBERED_MOVES", 4)
    machine = _machine()
    start = machine.start_flow()
    for n in range(20):
        answer = machine.goto(start, "y", player=n)
        assert start._next is not None and start._next[1][("y", None, n, None)] is answer
        assert len(start._next[1]) <= 4
        assert machine.goto(start, "y", player=n) is answer and answer.player == n
