"""Web Push: a seat's holder told of its turn with its tab closed (docs/people.md).

Key idea: a browser that allowed notifications subscribes with the page's ``PushManager`` to its push
service, under the server's VAPID public key (:attr:`Pusher.public_key`); the seat's holder hands the
subscription (the push service's ``endpoint`` and the browser's ``p256dh`` and ``auth`` keys) to the
server with its seat key, and the store keeps it. When it becomes that seat's turn (or the game ends, or
a rematch is offered) the server POSTs a short message to each endpoint, encrypted for the browser
(``aes128gcm``, RFC 8291) and signed with its VAPID private key (RFC 8292): the game's id and what
happened, no key. A push service answering 404 or 410 says the subscription is gone: it is forgotten.

The sends run in threads (pywebpush is blocking), a few at once (:data:`AT_ONCE`), each bounded by
:data:`TIMEOUT_S`; a failure is one line of the log, never the request's. pywebpush is the optional
extra ``[push]``: without it, or without a VAPID key, the server offers no push.
"""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import logging
import os
import urllib.parse
from pathlib import Path
from typing import Any

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .storage import Store

AT_ONCE = 8
"""The most pushes sent at once by a server."""
TIMEOUT_S = 10.0
"""The longest one push waits for its push service."""
TTL_S = 7 * 24 * 3600
"""How long a push service keeps a message for a browser that is offline (a week: days a move)."""
MAX_ENDPOINT = 1024
"""The longest endpoint URL taken."""
MAX_PER_SEAT = 4
"""The most subscriptions of one seat (a seat's holder on a few browsers); the oldest goes beyond."""
PUSH_INSTALL = "Web Push needs pywebpush: pip install 'jarnac-solver[push]'"
ENV_KEY = "JARNAC_VAPID_PRIVATE_KEY"
"""The environment variable naming the VAPID private key's PEM file (``serve --vapid-private-key``)."""
ENV_SUBJECT = "JARNAC_VAPID_SUBJECT"
"""The environment variable of the VAPID subject, ``mailto:`` or ``https:`` (``serve --vapid-subject``)."""

log = logging.getLogger("jarnac_solver.push")


class BadSubscription(ValueError):
    """A subscription refused: ``field`` names its bad part (the service answers 400 naming it)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _b64(data: object, field: str, size: int) -> None:
    if not isinstance(data, str) or len(data) > 4 * size:
        raise BadSubscription(field, f"{field} must be base64url text of {size} bytes")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except ValueError:
        raise BadSubscription(field, f"{field} is not base64url") from None
    if len(raw) != size:
        raise BadSubscription(field, f"{field} must be {size} bytes, not {len(raw)}")


def check_subscription(body: Any, loopback_http: bool = False) -> tuple[str, str]:
    """A browser's ``PushSubscription`` (its JSON) as ``(endpoint, keys as JSON)``, or :class:`BadSubscription`.

    The endpoint is an https URL of at most :data:`MAX_ENDPOINT` characters on a public host (the server
    POSTs to it: never to its own network); ``loopback_http``: http to 127.0.0.1 is taken too (tests).
    """
    if not isinstance(body, dict):
        raise BadSubscription("subscription", "the body must be a PushSubscription's JSON")
    endpoint = body.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint:
        raise BadSubscription("endpoint", "endpoint: the push service's URL is missing")
    if len(endpoint) > MAX_ENDPOINT:
        raise BadSubscription("endpoint", f"endpoint: {len(endpoint)} characters, at most {MAX_ENDPOINT}")
    url = urllib.parse.urlsplit(endpoint)
    host = url.hostname or ""
    loopback = False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if host == "localhost" or host.endswith(".localhost") or "." not in host:
            raise BadSubscription("endpoint", "endpoint: a push service's public https URL") from None
    else:
        loopback = address.is_loopback
        if not address.is_global and not (loopback and loopback_http):
            raise BadSubscription("endpoint", "endpoint: a push service's public https URL")
    if url.scheme != "https" and not (url.scheme == "http" and loopback and loopback_http):
        raise BadSubscription("endpoint", "endpoint: a push service's URL is https")
    keys = body.get("keys")
    if not isinstance(keys, dict):
        raise BadSubscription("keys", "keys: the browser's p256dh and auth keys are missing")
    _b64(keys.get("p256dh"), "keys.p256dh", 65)
    _b64(keys.get("auth"), "keys.auth", 16)
    return endpoint, json.dumps({"p256dh": keys["p256dh"], "auth": keys["auth"]})


def make_keys(path: str | Path) -> str:
    """A new VAPID key pair: its private key written to ``path`` (PEM, readable by its owner alone); its
    public key returned (base64url, as the page subscribes with)."""
    try:
        from py_vapid import Vapid
    except ImportError:
        raise RuntimeError(PUSH_INSTALL) from None
    vapid = Vapid()
    vapid.generate_keys()
    target = Path(path)
    target.write_bytes(vapid.private_pem())
    os.chmod(target, 0o600)
    return _public(vapid)


def _public(vapid: Any) -> str:
    from cryptography.hazmat.primitives import serialization

    raw = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Pusher:
    """The pushes of one server: its VAPID key and subject, its sends under way."""

    def __init__(self, private_key: str | Path, subject: str, *, loopback_http: bool = False) -> None:
        try:
            from py_vapid import Vapid
        except ImportError:
            raise RuntimeError(PUSH_INSTALL) from None
        if not (subject.startswith("mailto:") or subject.startswith("https://")):
            raise ValueError(f"--vapid-subject {subject[:40]!r}: a mailto: or https: URL the push services may use")
        try:
            # Read here, not by Vapid.from_file: that one writes a new key where none is found.
            self._vapid = Vapid.from_pem(Path(private_key).read_bytes())
        except Exception as exc:  # a missing file, or no PEM EC key in it
            raise ValueError(f"--vapid-private-key {str(private_key)!r}: no VAPID private key read ({exc})") from None
        self.subject = subject
        self.public_key = _public(self._vapid)
        """The VAPID public key (base64url), the page's ``applicationServerKey``."""
        self.loopback_http = loopback_http
        """http endpoints on 127.0.0.1 taken (tests' fake push services), never in production."""
        self._slots: asyncio.Semaphore | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.sent = 0
        self.failed = 0
        self.dropped = 0

    def push(self, store: Store, game_id: str, seats: list[int], message: dict[str, Any]) -> None:
        """Send ``message`` to each subscription of each of ``seats``, in the background (in the event loop)."""
        task = asyncio.get_running_loop().create_task(self._push(store, game_id, seats, message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for the sends under way (tests; a server stopping)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _push(self, store: Store, game_id: str, seats: list[int], message: dict[str, Any]) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(AT_ONCE)
        data = json.dumps(message, separators=(",", ":"))
        for seat in seats:
            try:
                held = await asyncio.to_thread(store.pushes, game_id, seat)
            except Exception as exc:
                log.warning("push: game %s: the subscriptions cannot be read (%s)", game_id, exc)
                return
            for endpoint, keys in held:
                async with self._slots:
                    await self._send(store, game_id, endpoint, keys, data)

    async def _send(self, store: Store, game_id: str, endpoint: str, keys: str, data: str) -> None:
        from pywebpush import WebPushException, webpush

        host = urllib.parse.urlsplit(endpoint).netloc
        info = {"endpoint": endpoint, "keys": json.loads(keys)}
        claims = {"sub": self.subject}  # pywebpush adds aud and exp to its copy

        def send() -> None:
            webpush(
                info,
                data,
                vapid_private_key=self._vapid,
                vapid_claims=dict(claims),
                content_encoding="aes128gcm",
                ttl=TTL_S,
                timeout=TIMEOUT_S,
            )

        try:
            await asyncio.to_thread(send)
            self.sent += 1
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in (404, 410):
                await asyncio.to_thread(store.drop_push, endpoint)
                self.dropped += 1
                log.info("push: game %s: %s says the subscription is gone (%s): forgotten", game_id, host, status)
            else:
                self.failed += 1
                log.warning("push: game %s: %s refused the message (%s)", game_id, host, status or exc)
        except Exception as exc:  # a timeout, a refused connection, a store fault
            self.failed += 1
            log.warning("push: game %s: %s not reached (%s: %s)", game_id, host, type(exc).__name__, exc)
