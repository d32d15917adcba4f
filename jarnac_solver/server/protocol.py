"""uvicorn's HTTP/1.1 protocol (h11), its refusals of a malformed request in the service's words.

Key idea: uvicorn answers a request it cannot parse with a plain-text 400 and
closes at once; a head over the bound (``h11_max_incomplete_event_size``) is
then a reset on the client's side, the answer lost under the bytes it was
still sending. Here such a head is a 431 (a malformed one a 400), the error
document of every refusal, and the connection is closed only once the
client has stopped sending (or a second later), so the answer is read.

With a :class:`~.crowd.Gate` (``serve`` gives one), each connection is
held by it: a new connection past the cap takes the place of the one waiting
longest for a head, or is answered 503; a head must arrive within the
gate's time, and an answer the client stops reading is cut (:mod:`.crowd`).
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import struct
import termios
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..cli import SCHEMA
from .crowd import Gate

DRAIN_SECONDS = 1.0
"""How long the rest of a refused request is read and dropped before the connection closes."""


def _answer(status: int, kind: str, message: str, *extra: tuple[bytes, bytes]) -> list[h11.Response | h11.Data]:
    error: dict[str, object] = {"type": kind, "message": message, "field": None, "faults": []}
    body = json.dumps({"schema": SCHEMA, "command": "", "error": error}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *extra,
    ]
    return [h11.Response(status_code=status, headers=headers), h11.Data(data=body)]


class Protocol(H11Protocol):
    """uvicorn's h11 protocol; a request it cannot read is answered 431 or 400 with the error document; with
    a :class:`~.crowd.Gate`, its connections held under the gate's cap, a head late or an answer unread cut."""

    gate: ClassVar[Gate | None] = None
    """The server's gate (``serve`` makes a subclass with its own); ``None``: no cap, no head timer."""
    _draining = False
    _head_timer: asyncio.TimerHandle | None = None
    _write_timer: asyncio.TimerHandle | None = None

    # -- the gate: held, waiting for a head, at work, gone ----------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        gate = self.gate
        if gate is None:
            return
        if not gate.admit(self):
            self._refuse_crowded(gate)
            return
        self._waiting()

    def _refuse_crowded(self, gate: Gate) -> None:
        """Every connection is at work: a 503 with ``Retry-After``, the socket closed once it is written."""
        message = "the server holds its most connections, each at work: ask again shortly"
        retry = (b"retry-after", str(gate.retry_after).encode())
        for event in _answer(503, "ServiceUnavailable", message, retry):  # h11 lets a server answer unasked
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()

    def unread(self) -> bool:
        """Whether bytes this connection was sent wait unread in the system's buffer (a head on its way)."""
        sock = self.transport.get_extra_info("socket")
        if sock is None:
            return False
        try:
            waiting = fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0")
        except OSError:
            return False
        return bool(struct.unpack("i", waiting)[0])

    def evict(self) -> None:
        """Cut to make room for a new connection (the gate's): this connection waited longest for a head."""
        self._stop_timers()
        self.transport.abort()

    def _waiting(self) -> None:
        gate = self.gate
        if gate is None or self.transport.is_closing():
            return
        gate.waits(self)
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(gate.head_seconds, self._head_late)

    def _working(self) -> None:
        if self.gate is not None:
            self.gate.works(self)
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        """No whole head within the gate's time: closed, with a 408 when part of one came."""
        self._head_timer = None
        if self.transport.is_closing() or self.gate is None:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return
        self.gate.counts["slow_heads"] += 1
        if self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE and self.conn.trailing_data[0]:
            message = f"the request's head did not arrive within {self.gate.head_seconds:g} s"
            try:
                for event in _answer(408, "RequestTimeout", message):
                    self.transport.write(self.conn.send(event) or b"")
            except h11.LocalProtocolError:
                pass
        self.transport.close()

    def _stop_timers(self) -> None:
        for timer in (self._head_timer, self._write_timer):
            if timer is not None:
                timer.cancel()
        self._head_timer = self._write_timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timers()
        if self.gate is not None:
            self.gate.gone(self)
        super().connection_lost(exc)

    def _settled(self) -> None:
        """After the protocol read data or ended an answer: at work while a request is under way."""
        if self.gate is None or self.transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self._working()
        else:
            self._waiting()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._settled()

    # -- an answer the client does not read -------------------------------------------------------

    def pause_writing(self) -> None:
        super().pause_writing()
        gate = self.gate
        if gate is not None and self._write_timer is None:
            self._write_timer = self.loop.call_later(gate.write_seconds, self._write_stalled)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._write_timer is not None:
            self._write_timer.cancel()
            self._write_timer = None

    def _write_stalled(self) -> None:
        self._write_timer = None
        if self.gate is not None:
            self.gate.counts["stalled"] += 1
        self.transport.abort()

    def send_400_response(self, msg: str) -> None:
        buffered = len(self.conn.trailing_data[0])
        too_long = (
            buffered > self.config.h11_max_incomplete_event_size if self.config.h11_max_incomplete_event_size else False
        )
        status, kind, message = (
            (
                431,
                "RequestHeaderFieldsTooLarge",
                f"the request's head is over {self.config.h11_max_incomplete_event_size:,} bytes",
            )
            if too_long
            else (400, "MalformedRequest", "the request is not HTTP/1.1 this server can read")
        )
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            # A request under way whose body is malformed (a bad chunk): its app is told the client is gone, so
            # its answer is dropped, not sent on a connection h11 has closed (a traceback in the log).
            cycle.disconnected = True
            cycle.message_event.set()
            if cycle.response_started:
                self.transport.close()
                return
        try:
            for event in (*_answer(status, kind, message), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event) or b"")
        except h11.LocalProtocolError:  # a response already begun: nothing more can be said
            self.transport.close()
            return
        self._draining = True
        self.loop.call_later(DRAIN_SECONDS, self.transport.close)

    def data_received(self, data: bytes) -> None:
        if self._draining:  # the rest of a refused request: read and dropped, so the close is no reset
            return
        super().data_received(data)
        self._settled()
