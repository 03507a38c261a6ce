"""Hypothesis profiles: ``dev`` (default, quick, a fresh random draw each run) and ``ci`` (fuller and
derandomized: the same examples every run, so a CI run that passed once passes again and a failure
it finds is found again); pick with HYPOTHESIS_PROFILE. Longer random runs are commands
(``TABLETOP_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py``)."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable

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
    derandomize=True,
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


@pytest.fixture
def terminal_command() -> list[str]:
    """`python -m tabletop` with Ctrl-C raising `KeyboardInterrupt`, as in a terminal: a child
    inherits an ignored SIGINT, and a library loaded in the test process (Ray's native code, seen
    in full suites) can leave it ignored at the system level, where `signal.getsignal` does not
    show it. Used by the Ctrl-C tests of `tests/test_cli.py` and `tests/agents/test_ray.py`."""
    return [
        sys.executable,
        "-c",
        "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler);"
        " runpy.run_module('tabletop', run_name='__main__', alter_sys=True)",
    ]


def _at_once(threads: list[threading.Thread]) -> None:
    """Start `threads` and wait for them all, the interpreter switching threads every microsecond
    (`sys.setswitchinterval`, restored after): a race between them strikes at nearly any bytecode
    where a thread may be switched."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)


@pytest.fixture
def at_once() -> Callable[[list[threading.Thread]], None]:
    """Run threads at once, switching every microsecond (see `_at_once`): the thread-safety tests'."""
    return _at_once
