"""The Ray backend against a real local Ray instance: the same results as the local run, clear errors.

Skipped where the `ray` extra is not installed, except in CI (`TABLETOP_REQUIRE_EXTRAS=1`), where it fails.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator

import pytest

from tabletop.agents.backends import BackendError, run_batches
from tabletop.agents.tournament import tournament
from tabletop.cli import main
from tabletop.simulate import simulate

if importlib.util.find_spec("ray") is None and os.environ.get("TABLETOP_REQUIRE_EXTRAS") == "1":
    pytest.fail("ray is not installed, but TABLETOP_REQUIRE_EXTRAS=1 requires every extra", pytrace=False)
ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray instance of two CPUs for this module, shut down after."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_an_unreachable_address_is_named_without_a_traceback(capsys) -> None:
    """``--address`` where no cluster listens: exit 2 and a message naming the address."""
    argv = ["simulate", "conservas", "--games", "2", "--quiet", "--backend", "ray", "--address", "127.0.0.1:1"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Ray cluster at '127.0.0.1:1'" in err
    assert "Traceback" not in err
    with pytest.raises(BackendError, match="'nowhere'"):
        list(run_batches(abs, [(1,)], backend="ray", address="nowhere"))


def test_simulate_on_ray_equals_the_local_run(local_ray: None) -> None:
    """Every game's seed, length and summary are the same on Ray as in one local process."""
    here = simulate("conservas", games=6, seed=3, agent="greedy")
    there = simulate("conservas", games=6, seed=3, agent="greedy", backend="ray", workers=2)
    assert there.results == here.results


def test_tournament_on_ray_equals_the_local_run(local_ray: None) -> None:
    """A tournament's games are the same on Ray as locally, and so is its table."""
    args = ("spolka_zoo", ["random", "greedy", "mcts:iterations=5"])
    here = tournament(*args, games=3, seed=1)
    there = tournament(*args, games=3, seed=1, backend="ray", workers=2)
    assert there.records == here.records
    assert there.rows == here.rows


def test_cli_tournament_on_ray(local_ray: None, capsys) -> None:
    """``tabletop tournament --backend ray`` prints the table."""
    assert main(["tournament", "archipel", "--agents", "random", "--games", "2", "--quiet", "--backend", "ray"]) == 0
    assert "archipel: team tournament, 2 games" in capsys.readouterr().out
