"""`tabletop simulate --workers N` prints exactly what one process prints (speed aside), with a progress bar."""

from __future__ import annotations

import pytest
from frontend_helpers import GAMES

from tabletop.cli import main

TARGETS = [g.name for g in GAMES if g.name not in ("drill", "pig")] + ["tabletop.testing.drill:GAME"]


def _summary(capsys: pytest.CaptureFixture[str], target: str, workers: int) -> tuple[list[str], str]:
    assert main(["simulate", target, "--games", "12", "--seed", "3", "--workers", str(workers)]) == 0
    out, err = capsys.readouterr()
    return [line for line in out.splitlines() if "steps/s" not in line], err


@pytest.mark.parametrize("target", TARGETS)
def test_workers_print_the_same_summary(capsys: pytest.CaptureFixture[str], target: str) -> None:
    """Two processes give the very same report as one for the same seed; the bar reaches 12/12 with the time left."""
    one, bar = _summary(capsys, target, 1)
    two, _ = _summary(capsys, target, 2)
    assert one == two
    assert "12 random games" in one[0]
    pytest.importorskip("rich")
    assert bar.startswith("games")
    assert "12/12" in bar
    assert "left 0:00:00" in bar


def test_an_interrupted_run_stops_its_workers_at_once() -> None:
    """Ctrl-C between two batches (here: raised by the progress callback) shuts the processes down then and there,
    not at interpreter exit after every queued game has been played."""
    import multiprocessing

    from tabletop.simulate import simulate

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("tabletop.testing.drill:GAME", games=20_000, workers=2, progress=interrupt)
    assert multiprocessing.active_children() == []
