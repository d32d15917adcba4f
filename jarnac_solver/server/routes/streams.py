"""The push channel of a live game, ``GET /api/games/{id}/events``: Server-Sent Events, one an action.

Key idea: a stream lives in the event loop, never in a worker, and holds one game's actions at most; it is
woken by the store's commits (:mod:`.notify`), bounded in number (the server's, a game's, an address's:
a 503 or a 429 with ``Retry-After``), closed after :data:`~..core.STREAM_IDLE_S` without an action.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from .. import contract, live
from ..answers import ServiceError, endpoint, route
from ..lanes import Stopping
from ..language import say
from ..limits import address_of
from ..notify import StreamsFull, TooManyStreams
from ..route_bodies import SinceQuery
from ..service import Service, action_said
from ..storage import DamagedGameError, StoreFullError, StoreUnavailableError
from .games import beyond

log = logging.getLogger(__name__)

RETRY_STREAM_S = 10
"""The ``Retry-After`` (and the ``retry:`` of a stream ended at once) of a stream refused for its bound."""


@endpoint("game events")
async def game_events(service: Service, request: Request) -> Response:
    """``GET /api/games/{id}/events``: the push channel, Server-Sent Events (one event an action, its
    number the event's id), from ``Last-Event-ID`` (a browser's reconnection) or ``?since=N``."""
    game_id = request.path_params["game_id"]
    address = address_of(request)
    stream_room(service, game_id, address)  # refused before the store is read: a crowd of streams costs little
    since = service.asked(request, SinceQuery).since or 0
    last = request.headers.get("last-event-id", "").strip()
    if last:
        if not last.isdigit() or int(last) > contract.MAX_ACTIONS:
            message = say("refused_last_event", given=repr(last[:40]), most=contract.MAX_ACTIONS)
            raise ServiceError(400, "UsageError", message, "Last-Event-ID")
        since = int(last)
    spec, entries = await service.one_at_a_time(game_id, lambda: service.stored(game_id))
    beyond(since, entries, "Last-Event-ID" if last else "since")
    if since >= len(entries) and (await service.state_of(game_id, spec, entries))["over"]:
        return Response(status_code=204)  # nothing more will come: 204 tells an EventSource not to reconnect
    stream_room(service, game_id, address)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    told = events(service, game_id, since, address)
    return StreamingResponse(told, media_type="text/event-stream", headers=headers)


def stream_room(service: Service, game_id: str, address: str) -> None:
    """A 503 with ``Retry-After`` when the server holds its most streams (it sheds load), a 429 when the
    game or the client's address does; the connection closed after it (``Connection: close``)."""
    try:
        service.notifier.check(game_id, address)
    except StreamsFull as exc:
        raise ServiceError(503, "TooManyStreams", str(exc), retry_after=RETRY_STREAM_S) from None
    except TooManyStreams as exc:
        raise ServiceError(429, "TooManyStreams", str(exc), retry_after=RETRY_STREAM_S) from None


async def events(service: Service, game_id: str, sent: int, address: str = "") -> AsyncIterator[bytes]:
    """The stream of :meth:`game_events`: in the event loop, never in a worker; its memory is one game's
    actions at most (each event written when the socket takes it)."""
    try:
        service.notifier.check(game_id, address)
    except TooManyStreams:  # the room taken since the request was checked: the browser asks again later
        yield f"retry: {RETRY_STREAM_S * 1000}\n\n".encode()
        return
    with service.notifier.open(game_id, address):
        yield b"retry: 2000\n\n"
        written = quiet = time.monotonic()
        state: dict[str, Any] | None = None
        while True:
            seen = service.notifier.version(game_id)  # before the read: a commit after it moves the version

            async def look(
                known: int = sent, held: bool = state is not None
            ) -> tuple[live.GameSpec, list[live.Entry], dict[str, Any] | None]:
                spec, entries = await service.stored(game_id)
                await service.on_time(game_id, spec, entries)
                new = not held or len(entries) > known
                return spec, entries, await service.state_of(game_id, spec, entries) if new else None

            try:
                spec, entries, fresh = await service.one_at_a_time(game_id, look)
            except ServiceError as exc:  # forgotten, expired
                yield f"event: gone\ndata: {json.dumps({'type': exc.kind, 'message': exc.message})}\n\n".encode()
                return
            except (Stopping, StoreFullError, DamagedGameError):
                return
            except StoreUnavailableError as exc:  # the store went away: the stream ends, the browser retries
                log.warning("a push stream of game %s ended: %s", game_id, exc)
                return
            state = fresh or state
            assert state is not None
            clock = service.clock(game_id, spec, state)
            if spec.days is not None:  # a game days a move: its bank's clock
                clock = await service.clock_of(game_id, spec, entries, state)
            for n in range(sent + 1, len(entries) + 1):
                extra = {"game": state, "clock": clock} if n == len(entries) else {}
                data = json.dumps({**action_said(n, entries[n - 1]), **extra}, ensure_ascii=False)
                yield f"id: {n}\nevent: action\ndata: {data}\n\n".encode()
                written = quiet = time.monotonic()
            sent = max(sent, len(entries))
            if state["over"]:
                yield b"event: over\ndata: {}\n\n"
                return
            now = time.monotonic()
            if now - quiet > service.stream_idle_s:
                return
            if now - written >= service.heartbeat_s:
                yield b": heartbeat\n\n"
                written = now
            timeout = min(service.notifier.fallback, service.heartbeat_s)
            if (
                clock is not None and clock["left_s"] is not None
            ):  # woken when the person to act runs out of time, to act for them
                timeout = min(timeout, float(clock["left_s"]) + 0.05)
            await service.notifier.wait(game_id, seen, timeout)
            if service.notifier.stopping:
                return


def routes(service: Service) -> list[Route]:
    return [route("/api/games/{game_id}/events", service, game_events, "GET")]
