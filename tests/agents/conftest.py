"""Fixtures shared by the agent tests."""

from __future__ import annotations

import pytest

from tabletop.agents import mcts


@pytest.fixture
def iteration_log(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets one entry per MCTS iteration run (clear it before the search to count)."""
    runs: list[int] = []
    iterate = mcts._Search.iterate

    def counted(search: mcts._Search, root: mcts._Node) -> None:
        runs.append(1)
        iterate(search, root)

    monkeypatch.setattr(mcts._Search, "iterate", counted)
    return runs
