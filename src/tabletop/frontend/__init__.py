"""The frontend toolkit: what every terminal, web or chat frontend would otherwise rewrite.

* [`Match`][tabletop.frontend.match.Match]: a game being played, with human and agent seats, chance resolved from the
  seed, undo and redo that never cross a reveal, per-seat events and logs, and records.
* Agents ([`RandomAgent`][tabletop.agents.simple.RandomAgent], [`GreedyAgent`][tabletop.agents.simple.GreedyAgent],
  [`RolloutAgent`][tabletop.agents.simple.RolloutAgent], [`ScriptedAgent`][tabletop.agents.simple.ScriptedAgent])
  that play any game through the public protocol.
* [`render`][tabletop.frontend.render.render]: a readable text board for any view (the game's `render` hook, or a
  generic layout).
* [`Record`][tabletop.frontend.records.Record] and [`read_record`][tabletop.frontend.records.read_record]: versioned
  JSON game records.

Built only on the public protocol, so it works for the built-in games and third-party ones.
"""

from __future__ import annotations

from tabletop.agents import (
    AGENTS,
    Agent,
    GreedyAgent,
    RandomAgent,
    RolloutAgent,
    ScriptedAgent,
    make_agent,
)
from tabletop.frontend.knowledge import HIDDEN_EVENT_KIND, Knowledge
from tabletop.frontend.match import Match, Ply, UndoError
from tabletop.frontend.records import Record, RecordedStep, read_record
from tabletop.frontend.render import describe_player, game_hook, render, render_generic

__all__ = [
    "AGENTS",
    "HIDDEN_EVENT_KIND",
    "Agent",
    "GreedyAgent",
    "Knowledge",
    "Match",
    "Ply",
    "RandomAgent",
    "Record",
    "RecordedStep",
    "RolloutAgent",
    "ScriptedAgent",
    "UndoError",
    "describe_player",
    "game_hook",
    "make_agent",
    "read_record",
    "render",
    "render_generic",
]
