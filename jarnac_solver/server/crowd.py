"""The service under a crowd: its connections kept below the open-file limit, slow clients cut, a log bounded.

Key idea: every socket, file, pipe and database connection of the process is
a file descriptor, and a process past its limit cannot even accept the
connection that would tell a client to wait. So the server plans its
descriptors at the start (:func:`plan`): it raises its soft limit to the hard
one where allowed, sets aside what the store, the worker processes, the log
and the accepting itself need, and caps the connections it holds well below
what remains (:class:`Gate`). A connection past the cap takes the place of
the one that has waited longest for a request head (an idle keep-alive, a
silent socket, a head arriving byte by byte): a crowd of idle sockets keeps
itself out, a client with a request is answered. When every connection is
at work the new one is answered 503 with ``Retry-After``. A request head
must arrive within :data:`HEAD_SECONDS`; a response the client does not read
(its socket's buffers full) for :data:`WRITE_SECONDS` is cut.

The log (:class:`Quieter`): the same message is written once with a count of
its repeats, and at most :data:`LOG_LINES_PER_MINUTE` lines a minute, so a
flood of refused clients never fills a disk.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import logging.handlers
import resource
import sys
import threading
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    class Held(Protocol):
        """A connection the gate holds: it can be cut."""

        def evict(self) -> None: ...

        def unread(self) -> bool: ...


HEAD_SECONDS = 10.0
"""The longest a request head (its line and headers) may take to arrive, from the connection's start or the
end of its last answer; then the connection is closed (a 408 when part of a head came)."""
KEEP_ALIVE_SECONDS = 5.0
"""An idle keep-alive connection (an answer sent, nothing since) is closed after this long."""
WRITE_SECONDS = 30.0
"""The longest an answer waits for a client that reads nothing (its socket's buffers full) before it is cut:
a push stream with no reader is dropped."""
EVICT_SCAN = 64
"""The most connections waiting for a head looked at for one to cut (the longest waiting first)."""
LISTEN_QUEUE = 2048
"""The kernel's queue of connections not yet accepted (the system's ``somaxconn`` may shorten it)."""
RETRY_AFTER_S = 2
"""The ``Retry-After`` of an answer refused for load (503)."""
FIXED_RESERVE = 48
"""Descriptors set aside whatever the settings: the standard streams, the listening socket, the log, the
page's files and the catalogs read at the start, the interpreter's own."""
PER_WORKER = 8
"""Descriptors a worker process costs the server (its pipes, its sentinel, the pool's queues)."""
STORE_RESERVE = 16
"""Descriptors of the store: SQLite's file, journal and lock; or the PostgreSQL pool's connections."""
MAX_CONNECTIONS = 10_000
"""The most connections held whatever the limit (each costs memory)."""
MAX_STREAMS = 1000
"""The most push streams whatever the limit."""
STREAMS_PER_ADDRESS = 32
"""The most push streams of one client address (a device's tabs and games; a club behind one proxy names
its addresses with ``--trusted-proxy``)."""
LOG_LINES_PER_MINUTE = 120
"""The most lines the log takes in a minute; the rest are counted and the count said."""
LOG_REPEAT_SECONDS = 60.0
"""A message already logged is counted, not written again, for this long."""
LOG_FILE_BYTES = 1024 * 1024
"""``--log-file``: the file is rotated at this size, :data:`LOG_FILE_BACKUPS` old ones kept."""
LOG_FILE_BACKUPS = 3
LOG_RECORD_CHARS = 4000
"""A log line's longest text (a traceback included): a message carrying a client's bytes stays small."""


@dataclasses.dataclass(frozen=True)
class Budget:
    """The server's descriptors: its limit, what is set aside, and the caps that follow."""

    limit: int
    """The open-file limit (the soft one, raised to the hard where allowed)."""
    reserved: int
    """Set aside for the store, the workers, the log and the rest of the process."""
    accept_burst: int
    """The most connections accepted in one turn of the event loop (also the listening queue)."""
    max_connections: int
    max_streams: int
    streams_per_address: int

    def describe(self) -> str:
        """One line for the banner and the log."""
        return (
            f"open-file limit {self.limit}: {self.max_connections} connections, {self.max_streams} push streams"
            f" ({self.streams_per_address} an address)"
        )


def raise_limit() -> int:
    """The open-file limit, its soft value raised to the hard one where the system allows (the hard one
    ``unlimited``: to 65,536)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65_536)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # not allowed here (a container's policy): the soft limit stays
            pass
    return int(soft)


def plan(
    limit: int,
    workers: int,
    *,
    max_connections: int | None = None,
    max_streams: int | None = None,
    streams_per_address: int | None = None,
) -> Budget:
    """The caps of a server with ``limit`` descriptors and ``workers`` worker processes, or ``ValueError``
    when the limit leaves no room (or a cap asked for is over what it leaves).

    Half of what remains once the reserve and two accept bursts are set aside is for connections: each may
    also hold a file of the page while it is sent. Half of the connections at most are push streams, so
    streams never take every connection from the requests.

    >>> b = plan(1024, 3)
    >>> b.max_connections, b.max_streams, b.streams_per_address
    (351, 175, 32)
    >>> plan(256, 0).max_connections
    72
    """
    reserved = FIXED_RESERVE + PER_WORKER * workers + STORE_RESERVE
    rest = limit - reserved
    burst = max(8, min(128, rest // 8))
    most = min(MAX_CONNECTIONS, (rest - 2 * burst) // 2)
    if most < 16:
        raise ValueError(
            f"the open-file limit {limit} leaves {max(0, most)} connections once {reserved} descriptors are set"
            " aside: raise it (ulimit -n) or run fewer --workers"
        )
    if max_connections is not None:
        if max_connections > most:
            raise ValueError(
                f"--max-connections {max_connections} is over the {most} the open-file limit {limit} leaves"
                " (raise it: ulimit -n)"
            )
        most = max_connections
    streams = min(MAX_STREAMS, most // 2) if max_streams is None else max_streams
    if streams > most // 2:
        raise ValueError(f"--max-streams {streams} is over half the {most} connections: at most {most // 2}")
    per_address = min(STREAMS_PER_ADDRESS, streams) if streams_per_address is None else streams_per_address
    return Budget(limit, reserved, burst, most, streams, min(per_address, streams))


class Gate:
    """The connections a server holds: its cap, who waits for a head (oldest first), and what was refused."""

    def __init__(
        self,
        max_connections: int,
        *,
        head_seconds: float = HEAD_SECONDS,
        write_seconds: float = WRITE_SECONDS,
        retry_after: int = RETRY_AFTER_S,
    ) -> None:
        self.max_connections = max_connections
        self.head_seconds = head_seconds
        self.write_seconds = write_seconds
        self.retry_after = retry_after
        self.held: set[Held] = set()
        self.waiting: dict[Held, None] = {}
        """The connections waiting for a request head, the longest waiting first (a dict keeps its order)."""
        self.counts: collections.Counter[str] = collections.Counter()
        """Since the start: connections ``refused`` (503), ``evicted`` for a new one, ``slow_heads`` cut,
        ``stalled`` answers cut."""

    def admit(self, connection: Held) -> bool:
        """Whether ``connection`` is held: under the cap, or in the place of the longest waiting for a head
        (cut now); ``False``: every connection is at work or has a head arriving (the new one is refused)."""
        if len(self.held) >= self.max_connections:
            cut = self._idlest()
            if cut is None:
                self.counts["refused"] += 1
                return False
            del self.waiting[cut]
            self.held.discard(cut)
            self.counts["evicted"] += 1
            cut.evict()
        self.held.add(connection)
        return True

    def _idlest(self) -> Held | None:
        """The connection to cut for a new one: the longest waiting for a head that has sent nothing the
        server has not read yet (a head arrived, not yet read, is a request: an honest crowd arriving at once
        is read, and the new one answered 503)."""
        for n, connection in enumerate(self.waiting):
            if n >= EVICT_SCAN:
                return None
            if not connection.unread():
                return connection
        return None

    def waits(self, connection: Held) -> None:
        """``connection`` waits for a request head (it may be cut for a new one)."""
        if connection in self.held and connection not in self.waiting:
            self.waiting[connection] = None

    def works(self, connection: Held) -> None:
        """``connection`` has a request under way (it is not cut for a new one)."""
        self.waiting.pop(connection, None)

    def gone(self, connection: Held) -> None:
        self.held.discard(connection)
        self.waiting.pop(connection, None)

    def load(self) -> dict[str, Any]:
        """The connections in use and what was refused, for the health route."""
        return {
            "connections": len(self.held),
            "max_connections": self.max_connections,
            "waiting_for_head": len(self.waiting),
            "refused": self.counts["refused"],
            "evicted": self.counts["evicted"],
            "slow_heads": self.counts["slow_heads"],
            "stalled": self.counts["stalled"],
        }


class Quieter(logging.Filter):
    """A handler's filter: a message repeated within :data:`LOG_REPEAT_SECONDS` is counted, not written (its
    next writing says how many came between), and at most :data:`LOG_LINES_PER_MINUTE` lines a minute pass
    (the next line says how many were dropped)."""

    def __init__(
        self, per_minute: int = LOG_LINES_PER_MINUTE, repeat_s: float = LOG_REPEAT_SECONDS, clock: Any = None
    ) -> None:
        super().__init__()
        self.per_minute = per_minute
        self.repeat_s = repeat_s
        self.clock = clock or time.monotonic
        self.lock = threading.Lock()
        self.seen: dict[tuple[str, int, str], tuple[float, int]] = {}
        """Each message (its logger, level and text before its values): when last written, repeats since."""
        self.minute = (0.0, 0)
        """The current minute's start and its lines written."""
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        key = (record.name, record.levelno, str(record.msg)[:200])
        with self.lock:
            last, repeats = self.seen.get(key, (-1e18, 0))
            if now - last < self.repeat_s:
                self.seen[key] = (last, repeats + 1)
                return False
            start, lines = self.minute
            if now - start >= 60.0:
                start, lines = now, 0
            if lines >= self.per_minute:
                self.dropped += 1
                self.minute = (start, lines)
                return False
            self.minute = (start, lines + 1)
            if len(self.seen) > 1000:  # the book's own bound: the oldest messages go first
                for old in sorted(self.seen, key=lambda k: self.seen[k][0])[:500]:
                    del self.seen[old]
            self.seen[key] = (now, 0)
            notes = []
            if repeats:
                notes.append(f"repeated {repeats} more times since it was last written")
            if self.dropped:
                notes.append(f"{self.dropped} other lines dropped over the log's {self.per_minute} a minute")
                self.dropped = 0
        if notes:
            record.msg = f"{record.getMessage()} [{'; '.join(notes)}]"
            record.args = None
        return True

    def pending(self) -> list[str]:
        """The repeats not yet said (written when the server stops)."""
        with self.lock:
            said = [f"{name}: {text!r} repeated {n} more times" for (name, _, text), (_, n) in self.seen.items() if n]
            self.seen.clear()
        return said


class _Short(logging.Formatter):
    """A line of the log cut at :data:`LOG_RECORD_CHARS` (a traceback included)."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return text if len(text) <= LOG_RECORD_CHARS else text[:LOG_RECORD_CHARS] + " [...cut]"


def quiet_log(log_file: str | None = None) -> Quieter:
    """The server's log: warnings and errors of every logger on standard error, or ``log_file`` rotated at
    :data:`LOG_FILE_BYTES`, through one :class:`Quieter`; returned to say its repeats at the end."""
    handler: logging.Handler
    if log_file is None:
        handler = logging.StreamHandler(sys.stderr)
    else:
        handler = logging.handlers.RotatingFileHandler(
            log_file, maxBytes=LOG_FILE_BYTES, backupCount=LOG_FILE_BACKUPS, encoding="utf-8"
        )
    quieter = Quieter()
    handler.addFilter(quieter)
    handler.setFormatter(_Short("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    return quieter


def loop_errors(loop: Any, context: dict[str, Any]) -> None:
    """The event loop's handler of errors it cannot send anywhere: one line each, no traceback, for the
    faults of the machine or a client (out of descriptors at accept, a connection reset); the rest as
    asyncio logs them."""
    exc = context.get("exception")
    message = str(context.get("message", "")) or "the event loop"
    if isinstance(exc, (OSError, ConnectionError)):
        logging.getLogger("asyncio").warning("%s: %s", message, exc)
        return
    loop.default_exception_handler(context)
