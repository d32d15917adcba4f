"""What the service checks of a request before any endpoint reads it: a hostile page or network stops here.

Key idea: one ASGI middleware, outermost, that answers a refusal with the
service's error document and puts the page's protective headers on every
answer. In order:

* the head's size: at most :data:`MAX_HEAD_BYTES`, else 431.
* ``Host``: an IP address (a request to an address cannot be a DNS
  rebinding: the attacker's page is served under its own name), ``localhost``,
  or a name given by ``--allowed-host``; else 421 (400 with none).
  Without it another site's page, its name rebound to 127.0.0.1, would
  read the answers.
* ``Origin`` on a state-changing request (``POST``, ``DELETE``): when
  present, the server's own origin or one ``--cors`` allows; else 403.
  A page of any site may send a form's POST without a preflight.
* ``Content-Type`` of a ``POST``: ``application/json`` only, else 415. A
  ``text/plain`` body is what a page may send without a preflight, so a body
  read as JSON whatever its type would let any page create and play games.
* the token (``Authorization: Bearer TOKEN``) when the server has one,
  before the path or the method is looked at (401): nothing of the
  service is told to a client without it.

Every answer carries ``Content-Security-Policy`` (same origin, no inline
script or style, no framing), ``X-Content-Type-Options: nosniff``,
``X-Frame-Options: DENY`` and ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from collections.abc import Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..cli import SCHEMA

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
    " manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The page's policy: its scripts, styles and requests from this server only, never inline, never framed."""
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
MAX_HEAD_BYTES = 32 * 1024
"""The largest request head (its line and headers) answered; beyond, 431. uvicorn refuses a head over it
that arrives in pieces (``protocol.py``); one read whole is counted here."""
OPEN_PATHS = ("/api/health",)
"""The paths served without the token (a load balancer's health check)."""
STATE_CHANGING = ("POST", "PUT", "PATCH", "DELETE")


def host_name(host: str) -> str:
    """The name of a ``Host`` header, its port left out, lower case (``[::1]:8000`` -> ``::1``).

    >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("10.0.0.2")
    ('localhost', '::1', '10.0.0.2')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_address(name: str) -> bool:
    """True when ``name`` is an IP address (v4 or v6), not a name a DNS could rebind."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def refusal(
    status: int, kind: str, message: str, headers: Sequence[tuple[bytes, bytes]] = ()
) -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
    """The error document of a refusal, as the ASGI answer's parts (status, body, headers)."""
    error: dict[str, object] = {"type": kind, "message": message, "field": None, "faults": []}
    body = json.dumps({"schema": SCHEMA, "command": "", "error": error}).encode()
    return (
        status,
        body,
        [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers],
    )


class Guard:
    """The checks of a request and the headers of every answer (the module says which and why)."""

    def __init__(
        self,
        app: ASGIApp,
        token: str | None = None,
        allowed_hosts: Sequence[str] = (),
        cors_origins: Sequence[str] = (),
    ) -> None:
        self.app = app
        self.expected = token.encode() if token is not None else None
        self.hosts = {"localhost", *(h.lower() for h in allowed_hosts)}
        self.origins = set(cors_origins)

    def check(self, scope: Scope) -> tuple[int, bytes, list[tuple[bytes, bytes]]] | None:
        """The refusal of the request ``scope``, or ``None`` when it passes."""
        if sum(len(key) + len(value) + 4 for key, value in scope["headers"]) > MAX_HEAD_BYTES:
            return refusal(
                431, "RequestHeaderFieldsTooLarge", f"the request's headers are over {MAX_HEAD_BYTES:,} bytes"
            )
        headers = dict(scope["headers"])
        method = scope["method"]
        raw_host = headers.get(b"host", b"").decode("latin-1")
        name = host_name(raw_host)
        if not name:
            return refusal(400, "BadHost", "the request has no Host header")
        if not is_address(name) and name not in self.hosts:
            shown = name if len(name) <= 60 else name[:60] + "..."
            message = f"Host {shown!r} is not this server's name: start it with --allowed-host {shown} to answer it"
            return refusal(421, "MisdirectedRequest", message)
        origin = headers.get(b"origin", b"").decode("latin-1")
        # The server's own page: its Origin names the Host it was asked by (the scheme left out: behind an
        # HTTPS proxy the page's origin is https:// while this server is spoken to in http).
        own = origin.lower().partition("://")[2] == raw_host.strip().lower()
        allowed = own or "*" in self.origins or origin in self.origins
        if origin and method in STATE_CHANGING and not allowed:
            message = f"Origin {origin[:60]!r}: pages of another site may not change this server (allow one: --cors)"
            return refusal(403, "ForbiddenOrigin", message)
        if method == "POST":
            kind = headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()
            if kind != b"application/json":
                shown_kind = kind.decode("latin-1")[:60] or "none"
                message = f"the body is read as application/json only (Content-Type: {shown_kind})"
                return refusal(415, "UnsupportedMediaType", message)
        path = scope["path"]
        if self.expected is not None and method != "OPTIONS" and path.startswith("/api/") and path not in OPEN_PATHS:
            scheme, _, given = headers.get(b"authorization", b"").partition(b" ")
            # The scheme is case-insensitive (RFC 9110): "bearer" too; the token is compared in constant time.
            if scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self.expected):
                message = "this server needs 'Authorization: Bearer TOKEN'"
                return refusal(401, "Unauthorized", message, [(b"www-authenticate", b"Bearer")])
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.check(scope)
        if refused is not None:
            status, body, headers = refused
            await send({"type": "http.response.start", "status": status, "headers": [*headers, *HEADERS]})
            await send({"type": "http.response.body", "body": body})
            return

        async def protected(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = {key.lower() for key, _ in message.get("headers", [])}
                message = {
                    **message,
                    "headers": [*message.get("headers", []), *(h for h in HEADERS if h[0] not in given)],
                }
            await send(message)

        await self.app(scope, receive, protected)
