"""What to draw: each game's `board` data for the web client, built from a view only.

[board][tabletop.server.boards.board] turns a seat's view document (the view's JSON, or the
spectator's public part of it) into a plain description of the table for the page to draw;
[targets][tabletop.server.boards.targets] names, for each legal move, the drawn element it
acts on, so the page can make that element clickable. Both read nothing but the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.kernel.protocol import Move, State

__all__ = ["board", "targets"]


def board(game: str, view: Any, seat: int | None) -> dict[str, Any]:
    """The drawing data of `game` for `seat` (`None`: a spectator), from its view document."""
    state = view.get("state", {}) if isinstance(view, dict) else {}
    return {"game": game, "seat": seat, "parts": sorted(state) if isinstance(state, dict) else []}


def targets(game: str, view: State, seat: int, moves: Sequence[Move]) -> dict[str, tuple[str | None, str, str]]:
    """For each move's notation: (the element id it acts on, its group, its label in words)."""
    return {}
