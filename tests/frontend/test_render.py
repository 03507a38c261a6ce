"""Readable boards: the game's render hook when it has one, a generic layout otherwise."""

from __future__ import annotations

import sys

import pytest
from frontend_helpers import PIG, each_game

import tabletop
from tabletop.frontend import game_hook, render, render_generic
from tabletop.testing.drill import GAME as DRILL


@each_game()
def test_every_view_renders(game: tabletop.Game) -> None:
    """Every seat's view and the whole state render as text headed by the game's title."""
    state = game.new_game(seed=1)
    for seat in range(state.num_players):
        text = render(state.view(seat), seat)
        assert text.startswith(game.title)
        assert "seed" not in text.split("\n", 1)[1]
    assert render(state, None).startswith(game.title)


def test_generic_render_shows_placeholders_for_hidden_cards() -> None:
    """Seat 0's board shows seat 1's cards as placeholders and its own by name."""
    state = DRILL.new_game(seed=1)
    for move in ("take", "card ace", "take", "card king"):
        state = state.apply(DRILL.parse_move(state, move))
    mine = render(state.view(0), 0)
    assert "seat 0: ace" in mine
    assert "seat 1: ?" in mine
    assert "seat 1: king" not in mine
    assert "seat 1: king" in render(state, None)


def test_a_game_render_hook_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module-level render(view, seat) in the game's module replaces the generic layout."""
    module = sys.modules[PIG.state_type.__module__]
    monkeypatch.setattr(module, "render", lambda view, seat: f"pig board for seat {seat}", raising=False)
    assert game_hook(PIG, "render") is module.render  # type: ignore[attr-defined]
    assert render(PIG.new_game(seed=1).view(1), 1) == "pig board for seat 1"
    assert render_generic(PIG.new_game(seed=1), None).startswith("Pig")


def test_no_hook_means_none() -> None:
    """A game without the hook gets None from game_hook."""
    assert game_hook(DRILL, "render") is None
