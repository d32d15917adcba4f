"""uvicorn's HTTP/1.1 protocol (h11), its refusals of a malformed request in the service's words.

Key idea: uvicorn answers a request it cannot parse with a plain-text 400 and
closes at once; a head over the bound (``h11_max_incomplete_event_size``) is
then a reset on the client's side, the answer lost under the bytes it was
still sending. Here such a head is a 431 (a malformed one a 400), the error
document of every refusal, and the connection is closed only once the
client has stopped sending (or a second later), so the answer is read.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..cli import SCHEMA

DRAIN_SECONDS = 1.0
"""How long the rest of a refused request is read and dropped before the connection closes."""


class Protocol(H11Protocol):
    """uvicorn's h11 protocol; a request it cannot read is answered 431 or 400 with the error document."""

    _draining = False

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
        error: dict[str, object] = {"type": kind, "message": message, "field": None, "faults": []}
        body = json.dumps({"schema": SCHEMA, "command": "", "error": error}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        try:
            for event in (h11.Response(status_code=status, headers=headers), h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
        except h11.LocalProtocolError:  # a response already begun: nothing more can be said
            self.transport.close()
            return
        self._draining = True
        self.loop.call_later(DRAIN_SECONDS, self.transport.close)

    def data_received(self, data: bytes) -> None:
        if self._draining:  # the rest of a refused request: read and dropped, so the close is no reset
            return
        super().data_received(data)
