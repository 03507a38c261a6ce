"""Where many games run: on this machine (one process or a process pool), or on a Ray cluster.

`simulate` and `tournament` cut their games into batches, each batch a call
`function(*arguments)` of a module-level function whose result depends only on its
arguments (the seeds are in them). A backend runs the calls and yields the results as they
come; the caller sorts them by seed, so every backend gives identical results for the same
seeds.

* `"local"`: in this process (`workers=1`) or a `ProcessPoolExecutor` of `workers`
  processes.
* `"ray"`: one Ray task per batch (the `ray` extra: `pip install 'tabletop[ray]'`). With
  no `address` a local Ray instance of `workers` CPUs is started and shut down after;
  with an address (`"auto"`, `"HOST:6379"`, `"ray://HOST:10001"`) the tasks go to that
  running cluster, whose nodes must have `tabletop` installed. At most four tasks for each
  of the cluster's CPUs are submitted and not yet taken back at a time. Ctrl-C shuts a local
  instance down (its workers end with their tasks); on a cluster given by `address`, it
  cancels the tasks still queued or running.
"""

from __future__ import annotations

import itertools
import signal
import socket
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final

from tabletop.kernel.errors import TabletopError

__all__ = ["BACKENDS", "MAX_GAMES", "BackendError", "check_backend", "run_batches"]

BACKENDS: Final = ("local", "ray")
MAX_GAMES: Final = 1_000_000_000
"""The most games one `simulate` or `tournament` run may be asked for (its seeds are listed first)."""
"""The backend names `--backend` accepts."""


class BackendError(TabletopError, RuntimeError):
    """A backend cannot run: Ray is not installed, or its cluster cannot be reached (named)."""


def check_backend(name: str, address: str | None = None) -> None:
    """Refuse an unknown backend, or an address without the Ray backend.

    Raises:
        ValueError: Naming the backend (and the known ones) or the misplaced address.
    """
    if name not in BACKENDS:
        msg = f"no backend named {name!r}; backends: {', '.join(BACKENDS)}"
        raise ValueError(msg)
    if address is not None and name != "ray":
        msg = f"--address {address!r} is for the ray backend (add --backend ray)"
        raise ValueError(msg)


def run_batches(
    function: Callable[..., Any],
    calls: Sequence[tuple[Any, ...]],
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
) -> Iterator[Any]:
    """The results of `function(*call)` for each call, in the order they finish.

    Args:
        function: A module-level function (it is sent to other processes or machines).
        calls: The arguments of each call.
        backend: `"local"` or `"ray"`.
        workers: Processes (local) or the CPUs of a local Ray instance.
        address: The Ray cluster to use instead of a local instance.

    Raises:
        ValueError: For an unknown backend, or workers below 1.
        BackendError: If Ray is missing or the cluster at `address` cannot be reached.
    """
    check_backend(backend, address)
    if workers < 1:
        msg = f"workers must be at least 1, got {workers!r}"
        raise ValueError(msg)
    if backend == "ray":
        return _ray(function, calls, workers, address)
    return _local(function, calls, workers)


def _local(function: Callable[..., Any], calls: Sequence[tuple[Any, ...]], workers: int) -> Iterator[Any]:
    if workers == 1:
        for call in calls:
            yield function(*call)
        return
    workers = max(1, min(workers, len(calls)))  # never more processes than batches (--workers 100000 hung at the end)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_leave_ctrl_c_to_the_parent)
    running: deque[Future[Any]] = deque()  # a few calls ahead, in order: a long run submits no huge list
    try:
        for call in calls:
            running.append(pool.submit(function, *call))
            if len(running) > 2 * workers:
                yield running.popleft().result()
        while running:
            yield running.popleft().result()
    finally:  # interrupted or failed: the calls not started are dropped, not waited for
        pool.shutdown(cancel_futures=True)


def _leave_ctrl_c_to_the_parent() -> None:
    """In a worker: Ctrl-C (sent to every process of the terminal) is the parent's to handle, once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_POLL: Final = 0.25
"""Seconds the Ray backend waits for a task before it looks again (Ctrl-C is handled between)."""


def _ray(
    function: Callable[..., Any], calls: Sequence[tuple[Any, ...]], workers: int, address: str | None
) -> Iterator[Any]:
    """Run `calls` as Ray tasks, at most a window of them submitted and not yet taken back (the
    cluster's CPUs, at least `workers`, four times over): Ray's own advice for many tasks, so
    the driver holds a bounded number of references, and Ctrl-C (or a caller that stops
    early) cancels a few tasks, not every one still queued."""
    ray = _import_ray()
    started = _connect(ray, workers, address)
    pending: list[Any] = []
    try:
        window = 4 * max(workers, int(ray.cluster_resources().get("CPU", 0)), 1)
        waiting = iter(calls)
        task = ray.remote(function)
        pending = [task.remote(*call) for call in itertools.islice(waiting, window)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=_POLL)
            pending.extend(task.remote(*call) for call in itertools.islice(waiting, len(done)))
            for ref in done:
                yield ray.get(ref)
    finally:  # interrupted (Ctrl-C) or abandoned: stop what still runs
        if started:  # the instance and its workers end: nothing to cancel
            ray.shutdown()
        else:  # another's instance goes on: what is queued is dropped, what runs interrupted
            for ref in pending:
                ray.cancel(ref)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        msg = "the ray backend needs Ray: pip install 'tabletop[ray]'"
        raise BackendError(msg) from None
    return ray


def _connect(ray: Any, workers: int, address: str | None) -> bool:
    """Join the cluster at `address`, or start a local instance; True if this call started Ray."""
    if address is not None:
        _reachable(address)
    if ray.is_initialized():
        return False
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        return True
    try:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError or its own errors
        msg = f"cannot reach the Ray cluster at {address!r}: {exc}"
        raise BackendError(msg) from None
    return True


def _reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast, naming `address`, when nothing listens there (Ray itself retries for a minute)."""
    if address == "auto":
        return
    target = address.removeprefix("ray://")
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        msg = f"a Ray address is 'auto', 'HOST:PORT' or 'ray://HOST:PORT', got {address!r}"
        raise BackendError(msg)
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as exc:
        msg = f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}"
        raise BackendError(msg) from None
