"""The cross-game contract: every registered game (and the kernel's Drill) obeys the protocol."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.kernel.errors import SeatError
from tabletop.testing import check_game
from tabletop.testing.drill import GAME as DRILL

GAMES = [tabletop.get_game(name) for name in tabletop.GAMES] + [DRILL]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_random_play_keeps_the_protocol(game: tabletop.Game) -> None:
    """Random legal play from several seeds reaches the end with every property holding."""
    report = check_game(game, seeds=range(3), thorough_every=3)
    assert report.games == 3
    assert all(summary for summary in report.outcomes)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_unknown_option_is_refused(game: tabletop.Game) -> None:
    """An unknown keyword option is a ValueError naming it."""
    with pytest.raises(ValueError, match="no option 'colour'"):
        game.new_game(1, colour="red")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_bad_seed_is_refused(game: tabletop.Game) -> None:
    """A seed must be a non-negative integer."""
    with pytest.raises(ValueError, match="seed"):
        game.new_game(-1)
    with pytest.raises(ValueError, match="seed"):
        game.new_game("7")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_seed_same_game(game: tabletop.Game) -> None:
    """new_game with the same seed and options gives equal states; a random playout is reproducible."""
    a = tabletop.random_playout(game.new_game(5), __import__("random").Random(3))
    b = tabletop.random_playout(game.new_game(5), __import__("random").Random(3))
    assert a == b
    assert a.is_terminal


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_views_drop_the_seed(game: tabletop.Game) -> None:
    """A view has no seed, so it cannot be used to predict chance; sampling from it needs an rng."""
    state = game.new_game(11)
    view = state.view(0)
    assert view.seed is None
    with pytest.raises(SeatError, match="no seat"):
        state.view(state.num_players)


def test_get_game_unknown_name_lists_known() -> None:
    """An unknown game name is a LookupError listing the known names."""
    with pytest.raises(LookupError, match="known games"):
        tabletop.get_game("chess")


def test_get_game_by_target() -> None:
    """A module:attribute target loads a game that is not registered."""
    assert tabletop.get_game("tabletop.testing.drill:GAME") is DRILL


def test_import_is_lazy() -> None:
    """`import tabletop` imports no game package; a game is imported when first asked for."""
    import subprocess
    import sys

    code = (
        "import sys, tabletop; print(sorted(m for m in sys.modules if m.startswith('tabletop.') and m.count('.') == 1))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for name in ("conservas", "archipel", "spolka_zoo", "testing"):
        assert f"tabletop.{name}" not in out
