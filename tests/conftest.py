"""Hypothesis profiles: ``dev`` (default, quick) and ``ci`` (fuller); pick with HYPOTHESIS_PROFILE."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def iteration_log(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets one entry per MCTS iteration run (clear it before a search to count)."""
    from tabletop.agents import mcts

    runs: list[int] = []
    iterate = mcts._Search.iterate

    def counted(search: mcts._Search, root: mcts._Node) -> None:
        runs.append(1)
        iterate(search, root)

    monkeypatch.setattr(mcts._Search, "iterate", counted)
    return runs
