"""The push channel's waits: a stream sleeps until its game changes, woken by the store's commits.

Key idea: the store tells its listeners of every commit (``GameStore.subscribe``:
``listener(game_id, count)``, on the committing thread, or for a shared store on
the thread that heard another server's commit). :class:`Notifier` is such a
listener: it hands each commit to the event loop
(``loop.call_soon_threadsafe``), where the games being watched each keep a
version number; a stream notes the version, reads the store, and waits for
the version to move. A commit between the read and the wait has already
moved it, so nothing is missed; and a stream re-reads the store at least
every :data:`~.notify.Notifier.fallback` seconds anyway, so a lost
notification (another server's, a store that cannot tell) delays an action,
never loses it.

The streams run in the event loop, never in a worker: a silent or slow
client holds a coroutine and its socket's buffer, no thread or process.
Their number is bounded per server, per game and per client address
(:meth:`Notifier.open`); the server's bound is set below its connections
(:mod:`.crowd`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

MAX_STREAMS = 1000
"""The most push streams a server holds open at once."""
MAX_STREAMS_PER_GAME = 8
"""The most push streams of one game (two players on a device or two each, and a few spectators)."""
MAX_STREAMS_PER_ADDRESS = 32
"""The most push streams of one client address."""


class TooManyStreams(Exception):
    """No stream can be opened now (the game's or the client address's bound): the service answers 429."""


class StreamsFull(TooManyStreams):
    """The server holds its most streams: it sheds load, the service answers 503 with ``Retry-After``."""


@dataclasses.dataclass
class _Watched:
    version: int = 0
    streams: int = 0
    woken: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)


class Notifier:
    """The waits of the push streams of one server (one event loop)."""

    def __init__(
        self,
        max_streams: int = MAX_STREAMS,
        per_game: int = MAX_STREAMS_PER_GAME,
        per_address: int = MAX_STREAMS_PER_ADDRESS,
    ) -> None:
        self.max_streams = max_streams
        self.per_game = per_game
        self.per_address = per_address
        self._addresses: dict[str, int] = {}
        """The streams open of each client address (those with one at least)."""
        self.fallback = 5.0
        """The longest a stream sleeps before reading the store again, told of a commit or not."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._games: dict[str, _Watched] = {}
        self.streams = 0
        self.stopping = False
        """The server stops: every stream ends at its next wake (a server waits for its answers to end)."""

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The loop the streams run in (the server's), where the store's commits are handed."""
        self._loop = loop

    def told(self, game_id: str, count: int) -> None:
        """The store's listener: a commit changed ``game_id`` (any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the server stops, nobody waits
            loop.call_soon_threadsafe(self._wake, game_id)

    def stop(self) -> None:
        """The server stops (any thread, a signal handler too): every stream is woken, to end."""
        self.stopping = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_all)

    def _wake_all(self) -> None:
        for game_id in list(self._games):
            self._wake(game_id)

    def _wake(self, game_id: str) -> None:
        watched = self._games.get(game_id)
        if watched is not None:
            watched.version += 1
            watched.woken.set()
            watched.woken = asyncio.Event()

    def check(self, game_id: str, address: str = "") -> None:
        """:class:`TooManyStreams` when no stream of ``game_id`` may open now for a client at ``address``
        (:class:`StreamsFull`: the server's bound)."""
        watched = self._games.get(game_id)
        if self.streams >= self.max_streams:
            raise StreamsFull(f"the server holds {self.max_streams} push streams, its most: ask again later")
        if self._addresses.get(address, 0) >= self.per_address:
            raise TooManyStreams(f"this address has {self.per_address} push streams open, its most (close one)")
        if watched is not None and watched.streams >= self.per_game:
            raise TooManyStreams(f"this game has {self.per_game} push streams open, its most (close one)")

    @contextlib.contextmanager
    def open(self, game_id: str, address: str = "") -> Iterator[None]:
        """One stream of ``game_id`` for a client at ``address`` held while inside, or :class:`TooManyStreams`."""
        self.check(game_id, address)
        watched = self._games.get(game_id)
        if watched is None:
            watched = self._games[game_id] = _Watched()
        watched.streams += 1
        self.streams += 1
        self._addresses[address] = self._addresses.get(address, 0) + 1
        try:
            yield
        finally:
            watched.streams -= 1
            self.streams -= 1
            left = self._addresses[address] - 1
            if left:
                self._addresses[address] = left
            else:
                del self._addresses[address]
            if watched.streams == 0:
                del self._games[game_id]

    def version(self, game_id: str) -> int:
        """The number of commits of ``game_id`` told since its first stream opened."""
        watched = self._games.get(game_id)
        return watched.version if watched is not None else 0

    async def wait(self, game_id: str, seen: int, timeout: float) -> bool:
        """Sleep until ``game_id`` moves past version ``seen`` (``True``), or ``timeout`` seconds (``False``)."""
        watched = self._games.get(game_id)
        if watched is None:
            await asyncio.sleep(timeout)
            return False
        if watched.version != seen:
            return True
        try:
            await asyncio.wait_for(watched.woken.wait(), timeout)
        except asyncio.TimeoutError:  # TimeoutError itself from Python 3.11 on
            return False
        return True
