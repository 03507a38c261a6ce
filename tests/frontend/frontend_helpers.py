"""Shared helpers of the frontend tests: the games they run over, and a match played to the end."""

from __future__ import annotations

import contextlib
import importlib.util
import random
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.frontend import Match
from tabletop.testing.drill import GAME as DRILL

ROOT = Path(__file__).resolve().parents[2]


def load_example(name: str, filename: str):  # type: ignore[no-untyped-def]
    """Import ``examples/<filename>`` as module ``name`` (examples are not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / filename)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


PIG = load_example("pig", "pig.py").GAME

#: Every registered game, the kernel's Drill (hidden cards) and Pig (a third-party game).
GAMES = [tabletop.get_game(name) for name in tabletop.GAMES] + [DRILL, PIG]


def played(game: tabletop.Game, seed: int, agent: str = "random") -> Match:
    """A match of ``game`` with every seat played by ``agent`` to the end."""
    match = Match(game, seed=seed)
    for seat in range(match.num_players):
        match.set_agent(seat, agent)
    match.advance()
    assert match.is_over
    return match


def partway(game: tabletop.Game, seed: int, limit: int = 150) -> Match:
    """A match of ``game`` with random moves for every seat, stopped after about ``limit`` steps or at the end.

    Tests that look at every step of a match use this, so that a long game stays quick.
    """
    rng = random.Random(seed)
    match = Match(game, seed=seed)
    while not match.is_over and len(match.plies) < limit:
        match.play(rng.choice(match.legal_moves()))
    return match


def each_game() -> pytest.MarkDecorator:
    """Parametrize a test over :data:`GAMES`."""
    return pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)


@contextlib.contextmanager
def serving() -> Iterator[tuple[str, Any]]:
    """The example web server (examples/web/server.py) on a free port of 127.0.0.1, shut down after use."""
    web = load_example("tabletop_web_example", "web/server.py")
    server = web.TabletopServer(("127.0.0.1", 0))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
