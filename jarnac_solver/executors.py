"""One interface to run work in chunks (a study, a match): in this process, in local processes, or on Dask.

The key idea: a chunk is a pure function of ``(shared, item)``, where
``shared`` is sent to each worker once (the lexicons: megabytes) and
``item`` is small (a chunk index with its seed). An executor only maps the
function over the items and returns the results *in item order*, so a
study's numbers do not depend on the executor or on the number of
workers; only the time does.

- :class:`InProcess`: a plain loop (the default; no pickling).
- :class:`LocalProcesses`: a ``concurrent.futures`` process pool; ``shared``
  travels once per worker through the pool's initializer.
- :class:`DaskExecutor`: ``dask.distributed`` (the optional ``distributed``
  extra). ``scheduler="tcp://host:8786"`` joins a running cluster;
  ``workers=N`` starts a local cluster of N single-threaded processes.
  ``shared`` is scattered to every worker once (``broadcast=True``).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .errors import InvalidInputError, MissingExtraError
from .integers import is_whole

__all__ = ["DaskExecutor", "Executor", "InProcess", "LocalProcesses", "make_executor"]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

Progress = Callable[[int, int], None]
"""Called with (items done, items in all) after each item."""


@runtime_checkable
class Executor(Protocol):
    """Maps ``fn(shared, item)`` over ``items``; results in item order.

    ``run`` is all an executor needs; ``name`` and ``workers`` attributes,
    when it has them, are what a study reports it ran on.
    """

    def run(
        self, fn: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Progress | None = None
    ) -> list[R]: ...


class InProcess:
    """Every chunk in this process, one after the other.

    >>> InProcess().run(lambda s, x: s + x, 10, [1, 2])
    [11, 12]
    """

    name = "in-process"
    workers = 1

    def run(self, fn: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Progress | None = None) -> list[R]:
        """``[fn(shared, item) for item in items]``, reporting progress."""
        results: list[R] = []
        for item in items:
            results.append(fn(shared, item))
            if progress is not None:
                progress(len(results), len(items))
        return results


_SHARED: Any = None
"""A pool worker's copy of ``shared`` (set once by the pool's initializer)."""


def _install(shared: object) -> None:
    global _SHARED
    _SHARED = shared
    # Ctrl-C reaches every process of the terminal's group: the parent alone handles it
    # (cancels the queue, stops the pool), instead of each worker printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(fn: Callable[[Any, T], R], item: T) -> R:
    return fn(_SHARED, item)


def _check_workers(workers: object) -> int:
    if not is_whole(workers) or workers < 1:
        raise InvalidInputError(f"workers must be a whole number >= 1, not {workers!r}")
    return workers


class LocalProcesses:
    """A pool of ``workers`` local processes (default: one per CPU).

    ``fn`` must be picklable (a module-level function).

    >>> LocalProcesses(2).workers
    2
    """

    name = "processes"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = _check_workers(workers if workers is not None else (os.cpu_count() or 1))

    def run(self, fn: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Progress | None = None) -> list[R]:
        """Map over the pool; ``shared`` is pickled once per worker, not per item."""
        # Imported here: concurrent.futures.process and logging cost ~40 ms, paid by every
        # command line call if imported with the module.
        from concurrent.futures import ProcessPoolExecutor, as_completed

        results: list[Any] = [None] * len(items)
        if not items:
            return []
        pool = ProcessPoolExecutor(self.workers, initializer=_install, initargs=(shared,))
        try:
            futures = {pool.submit(_call, fn, item): i for i, item in enumerate(items)}
            for done, future in enumerate(as_completed(futures), 1):
                results[futures[future]] = future.result()
                if progress is not None:
                    progress(done, len(items))
        except BaseException:  # Ctrl-C or a failed chunk: drop the queue, stop the workers now
            busy = list((getattr(pool, "_processes", None) or {}).values())  # no public way to stop a busy worker
            pool.shutdown(wait=False, cancel_futures=True)
            for process in busy:
                process.terminate()
            raise
        pool.shutdown()
        return results


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise MissingExtraError(
            "a Dask executor needs dask.distributed: pip install 'jarnac-solver[distributed]'"
        ) from None
    return distributed


class DaskExecutor:
    """Chunks as Dask tasks: on the cluster at ``scheduler``, or on a local cluster of ``workers`` processes.

    The workers need jarnac-solver installed (the same version): a task is
    a call of one of its functions. Without ``scheduler``, a
    ``LocalCluster`` of ``workers`` single-threaded processes is started
    for each :meth:`run` and closed after it, or once for a ``with`` block.

    >>> DaskExecutor(workers=2).workers
    2
    """

    name = "dask"

    def __init__(self, scheduler: str | None = None, workers: int | None = None, timeout: float = 10.0) -> None:
        if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
            raise InvalidInputError(f"a Dask scheduler is an address such as tcp://host:8786, not {scheduler!r}")
        if scheduler is not None and workers is not None:
            raise InvalidInputError("give a Dask scheduler address or a number of local workers, not both")
        self.scheduler = None if scheduler is None else _scheduler_address(scheduler)
        self.timeout = timeout
        """Seconds to wait for the scheduler at ``scheduler`` before giving up."""
        self.workers = _check_workers(workers if workers is not None else (os.cpu_count() or 1))

    def __enter__(self) -> DaskExecutor:
        """Keep one client (and local cluster) open for every :meth:`run` until the block ends."""
        self._client = self._connect()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the client and the local cluster kept by ``with`` (if any)."""
        client, self._client = self._client, None
        if client is not None:
            self._release(client)

    def _release(self, client: Any) -> None:
        cluster = client.cluster
        client.close()
        if cluster is not None and self.scheduler is None:  # a local cluster is ours to close
            cluster.close()

    _client: Any = None

    def _connect(self) -> Any:
        import logging

        distributed = _dask()
        if self.scheduler is None:
            cluster = distributed.LocalCluster(
                n_workers=self.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # a Ctrl-C or a closing worker is not an error to print
                preload=["jarnac_solver._dask_worker"],  # the workers leave Ctrl-C to this process
            )
            return distributed.Client(cluster)
        address = _scheduler_address(self.scheduler)
        # Connect in a thread that is given ``timeout`` seconds: Dask's own timeout covers the
        # TCP connection, not a peer that accepts it and never answers (an HTTP server, say).
        outcome: list[Any] = []

        def connect() -> None:
            try:
                outcome.append(distributed.Client(address, timeout=f"{self.timeout}s"))
            except Exception as exc:  # any failure to connect is reported as one line
                outcome.append(exc)

        thread = threading.Thread(target=connect, daemon=True)
        thread.start()
        thread.join(self.timeout + 5)
        if not outcome:
            raise InvalidInputError(f"no Dask scheduler answered at {address} within {self.timeout:g} s")
        if isinstance(outcome[0], Exception):
            raise InvalidInputError(f"cannot reach the Dask scheduler {address}: {outcome[0]}") from None
        client = outcome[0]
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))
        return client

    def run(self, fn: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Progress | None = None) -> list[R]:
        """Scatter ``shared`` to every worker, map ``fn`` over ``items``, gather in order.

        Outside a ``with`` block, each run connects (and starts its local
        cluster: about 2 s) and closes after itself.
        """
        distributed = _dask()
        if not items:
            return []
        kept = self._client is not None
        client = self._client if kept else self._connect()
        try:
            scattered = client.scatter(shared, broadcast=True)
            futures = client.map(fn, [scattered] * len(items), items, pure=False)
            index = {future.key: i for i, future in enumerate(futures)}
            results: list[Any] = [None] * len(items)
            for done, future in enumerate(distributed.as_completed(futures), 1):
                results[index[future.key]] = future.result()
                if progress is not None:
                    progress(done, len(items))
            return results
        finally:
            if not kept:
                self._release(client)


_SCHEMES = ("tcp", "tls", "ucx", "ws", "wss")


def _scheduler_address(text: str) -> str:
    """``text`` checked as a Dask scheduler address, ``scheme://host:port`` (``host:port`` means tcp).

    >>> _scheduler_address("head:8786")
    'tcp://head:8786'
    >>> _scheduler_address("http://head:8786")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a Dask scheduler address is tcp://HOST:PORT (or tls, ucx, ws, wss), not 'http://head:8786'
    """
    scheme, _, rest = text.strip().rpartition("://")
    scheme = scheme or "tcp"
    host, _, port = rest.rpartition(":")
    if scheme not in _SCHEMES or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InvalidInputError(f"a Dask scheduler address is tcp://HOST:PORT (or tls, ucx, ws, wss), not {text!r}")
    return f"{scheme}://{host}:{port}"


def make_executor(workers: int | None = None, scheduler: str | None = None, processes: int | None = None) -> Executor:
    """The executor the command line's options name (at most one of them).

    - ``scheduler``: the Dask cluster at that address (``--scheduler``);
    - ``workers``: a local Dask cluster of that many processes (``--workers``);
    - ``processes``: a local process pool, no Dask needed (``--processes``);
    - none: in this process.

    >>> make_executor().name, make_executor(processes=2).name, make_executor(workers=2).name
    ('in-process', 'processes', 'dask')
    """
    chosen = [
        name
        for name, value in (("scheduler", scheduler), ("workers", workers), ("processes", processes))
        if value is not None
    ]
    if len(chosen) > 1:
        raise InvalidInputError(f"choose one executor, not {' and '.join(chosen)}")
    if scheduler is not None:
        return DaskExecutor(scheduler=scheduler)
    if workers is not None:
        return DaskExecutor(workers=workers)
    if processes is not None:
        return LocalProcesses(processes)
    return InProcess()
