"""The bounds a client address meets: the games it creates, the join codes it gets wrong, and the join codes
being stretched at once (each scrypt holds 16 MiB and a core).

Key idea: each bound is a book of the times an address did something over a sliding window
(:data:`ADDRESS_WINDOW_S`), itself bounded in size; past a bound the request is a 429 (or a 503 when the
server as a whole is at its bound) with the ``Retry-After`` that frees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.requests import Request

from .answers import ServiceError

ADDRESS_WINDOW_S = 600.0
"""The window over which the games a client address creates (and its failed joins) are counted."""
MAX_GAMES_PER_ADDRESS = 100
"""The most games one client address creates in :data:`ADDRESS_WINDOW_S` (429 beyond)."""
MAX_FAILED_JOINS = 30
"""The most join codes one client address gets wrong in :data:`ADDRESS_WINDOW_S` (429 beyond): a code
is 60 random bits, and this bound makes guessing one hopeless."""
STRETCHING_AT_ONCE = 1
"""The most join codes stretched at once (each scrypt holds 16 MiB and a core for 50-500 ms): a burst of
joins waits its turn, and the hints keep the other cores."""
STRETCHING_WAITING = 8
"""The most join codes waiting to be stretched; beyond, a 503 with ``Retry-After`` (memory and threads stay
bounded whatever the burst)."""


def _yielding() -> None:
    """A thread stretching join codes runs at a lower priority (on Linux a thread has its own nice value), so
    a burst of guesses takes the time the hints and the event loop leave."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            thread = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + 10))


def address_of(request: Request) -> str:
    """The client's address (empty when the server is not told it)."""
    return request.client.host if request.client else ""


class Limits:
    """The books of the client addresses and the threads stretching join codes."""

    def __init__(self) -> None:
        self.max_games_per_address = MAX_GAMES_PER_ADDRESS
        self.created_by: dict[str, list[float]] = {}
        self.failed_joins: dict[str, list[float]] = {}
        self.stretcher = ThreadPoolExecutor(STRETCHING_AT_ONCE, thread_name_prefix="stretching", initializer=_yielding)
        """The threads stretching join codes: few, so few 16 MiB scrypt buffers at once (and few malloc arenas
        keeping them)."""
        self.stretching = 0
        """Join codes being stretched or waiting to be."""

    def close(self) -> None:
        self.stretcher.shutdown(wait=False, cancel_futures=True)

    @property
    def shedding(self) -> bool:
        """Whether the join codes waiting to be stretched are at their bound (new ones are refused)."""
        return self.stretching >= STRETCHING_AT_ONCE + STRETCHING_WAITING

    def load(self) -> dict[str, int]:
        return {"busy": self.stretching, "max": STRETCHING_AT_ONCE + STRETCHING_WAITING}

    @staticmethod
    def counted(book: dict[str, list[float]], address: str, most: int) -> bool:
        """Whether ``address`` is under ``most`` in ``book`` over the window (its old times dropped)."""
        now = time.monotonic()
        times = [t for t in book.get(address, ()) if now - t < ADDRESS_WINDOW_S]
        if times:
            book[address] = times
        else:
            book.pop(address, None)
        if len(book) > 10_000:  # the book's own bound: the addresses of the oldest window go first
            for old in list(book)[:5_000]:
                del book[old]
        return len(times) < most

    @staticmethod
    def wait(book: dict[str, list[float]], address: str, most: int) -> int:
        """Whole seconds until ``address`` is under ``most`` in ``book`` again (its oldest counted times out)."""
        times = sorted(book.get(address, ()))
        if len(times) < most:
            return 0
        return max(1, math.ceil(ADDRESS_WINDOW_S - (time.monotonic() - times[len(times) - most])))

    async def stretch(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function`` (a join code's key stretching) on the stretching threads, or a 503 with ``Retry-After``
        when :data:`STRETCHING_WAITING` calls already wait: a burst of guesses waits or is refused, and never
        holds more than :data:`STRETCHING_AT_ONCE` scrypt buffers."""
        if self.shedding:
            message = "too many join codes are being checked at once: ask again shortly"
            raise ServiceError(503, "ServiceUnavailable", message, retry_after=1)
        loop = asyncio.get_running_loop()
        self.stretching += 1

        def done(_: object) -> None:  # on the stretching thread, or here when cancelled before it ran
            loop.call_soon_threadsafe(self._stretched)

        made = self.stretcher.submit(function, *args)
        made.add_done_callback(done)
        return await asyncio.wrap_future(made)

    def _stretched(self) -> None:
        self.stretching -= 1

    def admit(self, request: Request) -> None:
        """A new game from the request's address, or a 429 past :attr:`max_games_per_address`."""
        address = address_of(request)
        most = self.max_games_per_address
        if not self.counted(self.created_by, address, most):
            minutes = ADDRESS_WINDOW_S / 60
            wait = self.wait(self.created_by, address, most)
            message = f"this address made {most} games in {minutes:g} minutes: wait {wait} s"
            raise ServiceError(429, "TooManyGames", message, retry_after=wait)
        self.created_by.setdefault(address, []).append(time.monotonic())

    def guess(self, address: str) -> float:
        """A join code tried by ``address``, counted as wrong until :meth:`right` takes it back; a 429 past
        :data:`MAX_FAILED_JOINS`. Counted before the costly check, in the same step of the event loop as the
        bound's test: concurrent guesses cannot all pass the bound while the first are checked."""
        if not self.counted(self.failed_joins, address, MAX_FAILED_JOINS):
            wait = self.wait(self.failed_joins, address, MAX_FAILED_JOINS)
            message = f"this address gave too many wrong join codes: wait {wait} s"
            raise ServiceError(429, "TooManyJoins", message, retry_after=wait)
        guess = time.monotonic()
        self.failed_joins.setdefault(address, []).append(guess)
        return guess

    def right(self, address: str, guess: float) -> None:
        """A join code that opened an invitation (even one taken or withdrawn: it was not a guess)."""
        with contextlib.suppress(ValueError):
            self.failed_joins.get(address, []).remove(guess)
