"""Public testing tools: the property suite and the conformance runner, for any game."""

from __future__ import annotations

from tabletop.testing.properties import PlayReport, PropertyFailure, check_game, check_state, play_checked

__all__ = ["PlayReport", "PropertyFailure", "check_game", "check_state", "play_checked"]
