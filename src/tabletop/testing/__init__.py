"""Public testing tools: the property suite, the conformance runner and the case-writing helpers, for any game."""

from __future__ import annotations

from tabletop.testing.chance import ChanceReport, check_chance_nodes
from tabletop.testing.properties import PlayReport, PropertyFailure, check_game, check_state, play_checked
from tabletop.testing.script import (
    CaseFailure,
    NotReached,
    board,
    expect,
    expect_illegal,
    expect_legal,
    force,
    forced,
    play,
    play_to,
)

__all__ = [
    "CaseFailure",
    "ChanceReport",
    "NotReached",
    "PlayReport",
    "PropertyFailure",
    "board",
    "check_chance_nodes",
    "check_game",
    "check_state",
    "expect",
    "expect_illegal",
    "expect_legal",
    "force",
    "forced",
    "play",
    "play_checked",
    "play_to",
]
