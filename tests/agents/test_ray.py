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


def test_ray_keeps_a_bounded_window_of_tasks_submitted(local_ray: None, tmp_path) -> None:
    """Ray's advice for many tasks: at most four per CPU submitted and not yet taken back, so a
    run of thousands of batches holds few references and Ctrl-C cancels few tasks. Each call
    touches its own file when it runs: after the first result, no more than the window and the
    one submitted in its place can have run; closing the run early stops the rest."""
    import pathlib

    window = 4 * 2  # the fixture's two CPUs
    calls = [(tmp_path / f"{i}",) for i in range(400)]
    results = run_batches(pathlib.Path.touch, calls, backend="ray", workers=1)
    assert next(results) is None
    assert 1 <= len(list(tmp_path.iterdir())) <= window + 1
    results.close()  # abandoned: what still runs is cancelled
    assert len(list(tmp_path.iterdir())) <= window + 1
    assert len(list(run_batches(pathlib.Path.touch, calls[:20], backend="ray", workers=1))) == 20
    assert len(list(tmp_path.iterdir())) >= 20


def _descendants(pid: int) -> set[int]:
    """The processes below `pid` (from `/proc`): a local Ray instance's raylet, GCS and workers."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):  # gone meanwhile
                continue
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        children = {child for child, of in parents.items() if of == parent} - found
        found |= children
        todo.extend(children)
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process tree from /proc")
def test_ctrl_c_cancels_the_tasks_and_shuts_the_local_instance_down(terminal_command: list[str]) -> None:
    """Ctrl-C during a long run on a local Ray instance: the run says it was interrupted (status
    130, no traceback) and every process the instance started is gone.

    A real `python -m tabletop` process is signalled, as from a terminal, once its Ray
    instance runs tasks (its worker processes are up).
    """
    import signal
    import subprocess
    import time

    command = [*terminal_command, "simulate", "conservas", "--games", "100000"]
    command += ["--quiet", "--backend", "ray", "--workers", "1"]
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}  # a run that hangs shows where, on SIGABRT
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as process:
        try:
            deadline = time.monotonic() + 180  # Ray's start-up: seconds when idle, a minute on a loaded machine
            running = False
            while time.monotonic() < deadline and process.poll() is None:
                # A worker running a task takes the task's name as its title (`ray::_play_many`):
                # Ray is up, `ray.init` has returned and the batches are submitted.
                running = any("ray::_play_many" in _command_line(pid) for pid in _descendants(process.pid))
                if running:
                    break
                time.sleep(0.5)
            assert process.poll() is None, process.communicate()[1]
            assert running, "no Ray task was running within 3 minutes"
            names = {pid: _command_line(pid) for pid in _descendants(process.pid)}
            started = set(names)
            process.send_signal(signal.SIGINT)
            try:
                _, err = process.communicate(timeout=240)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGABRT)  # faulthandler writes every thread's stack
                _, err = process.communicate(timeout=60)
                pytest.fail(f"the run did not end within 240 s of Ctrl-C; its stacks:\n{err[-6000:]}")
        finally:
            if process.poll() is None:  # the test failed before the run ended: end it
                process.kill()
    assert process.returncode == 130, err
    assert "tabletop: interrupted" in err
    assert "Traceback" not in err
    # The processes that run the tasks and the instance itself must be gone; the raylet's own
    # agents (dashboard, runtime env) leave by themselves once they notice it gone, which on a
    # loaded machine may take minutes: those the test ends itself.
    essential = [pid for pid, line in names.items() if _program(line).startswith(_ESSENTIAL)]
    assert essential, f"no Ray worker, raylet or GCS among {names}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(_alive(pid) for pid in essential):
        time.sleep(0.5)
    assert not [names[pid] for pid in essential if _alive(pid)]
    for pid in started:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


#: The processes of a local Ray instance that must end with the run (by program name).
_ESSENTIAL = ("default_worker", "raylet", "gcs_server")


def _program(command_line: str) -> str:
    """The program a command line runs: the script after a Python interpreter, else the executable."""
    words = [word for word in command_line.split() if not word.startswith("-")][:2]
    if len(words) > 1 and os.path.basename(words[0]).startswith("python"):
        return os.path.basename(words[1])
    return os.path.basename(words[0]) if words else ""


def _command_line(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""
