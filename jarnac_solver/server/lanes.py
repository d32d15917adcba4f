"""Where a request's work runs: a light lane and a heavy one, each a pool of worker processes (or threads).

Key idea: a request that may run long (a search over the light budget, an audit, a review) takes a worker
of the heavy lane, so long searches never take every worker from the short questions; each pool is bounded
and spawned (the server's process has threads), and a worker that dies is a 503 for its request and a new
pool for the next (:class:`Stopping`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

import anyio
import anyio.to_thread

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

log = logging.getLogger(__name__)


class Stopping(Exception):
    """No worker can take the call: the pool was shut down (the server stops) or a worker died."""


def _quiet_worker() -> None:
    """A worker process ignores Ctrl-C: the terminal sends it to the whole process group, and the server,
    not each worker, stops. It ends when the server is gone (``kill -9`` leaves no orphan)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


HEAVY_NICENESS = 10
"""How much lower a heavy worker's CPU priority is than the server's: on a machine with fewer cores than
workers, a long search yields the CPU to a short question (a hint, a word checked) instead of sharing it
evenly, so the short question's latency does not grow with the long ones under way."""


def _quiet_heavy_worker() -> None:
    """A heavy lane's worker: quiet as every worker, and at a lower CPU priority (:data:`HEAVY_NICENESS`)."""
    _quiet_worker()
    if hasattr(os, "nice"):  # POSIX; elsewhere the heavy lane runs at the server's priority
        os.nice(HEAVY_NICENESS)


class Lanes:
    """Where the work runs: a light lane and a heavy one (a request that may run long: a search over
    :data:`~.contract.LIGHT_BUDGET_MS`, a command without a budget that may take seconds, an audit), each
    a pool of processes, or threads of this process (``workers=0``)."""

    def __init__(self, workers: int, heavy_workers: int, threads: int | None) -> None:
        self.limiter = anyio.CapacityLimiter(threads or os.cpu_count() or 4)
        self.heavy_limiter = anyio.CapacityLimiter(max(1, heavy_workers))
        self.sizes = (workers, max(1, heavy_workers))
        self.pool = self._pool(workers) if workers else None
        self.heavy_pool = self._pool(max(1, heavy_workers), heavy=True) if workers else None
        self.closed = False
        self.busy = [0, 0]
        """The calls under way (running or queued) on the light lane and the heavy one."""

    @staticmethod
    def _pool(size: int, heavy: bool = False) -> ProcessPoolExecutor:
        # spawn, not fork: the server's process has threads (the event loop's pool).
        initializer = _quiet_heavy_worker if heavy else _quiet_worker
        return ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"), initializer=initializer)

    async def run(self, function: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        self.busy[heavy] += 1
        try:
            return await self._run(function, *args, heavy=heavy)
        finally:
            self.busy[heavy] -= 1

    def load(self) -> dict[str, Any]:
        """Each lane's calls under way (running or waiting) and its workers, for the health route."""
        light = self.sizes[0] if self.pool is not None else int(self.limiter.total_tokens)
        heavy = self.sizes[1]
        return {
            "light": {"busy": self.busy[0], "workers": light},
            "heavy": {"busy": self.busy[1], "workers": heavy},
        }

    async def _run(self, function: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        if self.pool is None or self.heavy_pool is None:
            if heavy:
                async with self.heavy_limiter:  # at most heavy_workers long searches at once, then a thread
                    return await anyio.to_thread.run_sync(function, *args, limiter=self.limiter)
            return await anyio.to_thread.run_sync(function, *args, limiter=self.limiter)
        pool = self.heavy_pool if heavy else self.pool
        try:
            return await asyncio.wrap_future(pool.submit(function, *args))
        except BrokenExecutor as exc:
            # A worker died (killed, out of memory): this request is a 503, the lane a new pool for the next.
            if not self.closed:
                log.error("a worker of the %s lane died; its pool is started again", "heavy" if heavy else "light")
                if heavy and self.heavy_pool is pool:
                    self.heavy_pool = self._pool(self.sizes[1], heavy=True)
                elif not heavy and self.pool is pool:
                    self.pool = self._pool(self.sizes[0])
                pool.shutdown(wait=False, cancel_futures=True)
            raise Stopping() from exc
        except (RuntimeError, asyncio.CancelledError) as exc:
            # RuntimeError: "cannot schedule new futures after shutdown"; CancelledError: cancel_futures.
            raise Stopping() from exc

    def close(self) -> None:
        self.closed = True
        for made in (self.pool, self.heavy_pool):
            if made is not None:
                made.shutdown(cancel_futures=True)
