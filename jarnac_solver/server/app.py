"""The ASGI application (Starlette): the commands at ``POST /api/COMMAND``, the live games at
``/api/games``, ``POST /api/audit``, the review of a game (``POST /api/review``,
``GET /api/games/{id}/review``), ``GET /api/openapi.json``, ``GET /api/health``, the page.

Key idea: the app is a thin door. :class:`~.guard.Guard` checks the ``Host``, the ``Origin``, the body's
type and the token; the routes are groups, one module a resource (:data:`ROUTE_GROUPS`), each a function
of the service (:class:`~.service.Service`: its state, its lanes, its store, its live games' running) and
the request; every refusal is the same envelope with its error object (:mod:`.answers`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import BaseRoute

from ..lexicon.lexicon import Lexicon
from . import language, nain_jaune_games, notify, practice_routes, webpush
from .answers import http_error, internal_error
from .contract import MAX_BODY_BYTES, Offer
from .core import KEEP_DAYS, MAX_ANSWER_BYTES
from .crowd import Gate
from .guard import Guard
from .lanes import Lanes
from .limits import MAX_GAMES_PER_ADDRESS
from .notify import Notifier
from .openapi import openapi_document
from .routes import commands, games, people, reviews, static, streams
from .service import Service
from .storage import open_store

ROUTE_GROUPS: tuple[Callable[[Service], Sequence[BaseRoute]], ...] = (
    nain_jaune_games.routes,  # first: its tables' ids (nj-...) and bodies before Jarnac's games
    static.routes,
    games.routes,
    streams.routes,
    people.routes,
    reviews.routes,
    commands.routes,
)
"""The API's route groups, a module a resource: a new group is one line here. After them come the
catch-all of ``/api/...`` (a 404 naming the commands served) and the page."""


def create_app(
    lexicons: Sequence[str] | None = None,
    *,
    token: str | None = None,
    max_budget_ms: float = 10_000,
    max_body_bytes: int = MAX_BODY_BYTES,
    workers: int = 0,
    heavy_workers: int = 1,
    threads: int | None = None,
    data: str | Path | None = None,
    max_games: int | None = None,
    max_store_bytes: int | None = None,
    cors_origins: Sequence[str] = (),
    allowed_hosts: Sequence[str] = (),
    max_answer_bytes: int = MAX_ANSWER_BYTES,
    max_games_per_address: int = MAX_GAMES_PER_ADDRESS,
    keep_days: int = KEEP_DAYS,
    max_streams: int = notify.MAX_STREAMS,
    max_streams_per_address: int = notify.MAX_STREAMS_PER_ADDRESS,
    gate: Gate | None = None,
    vapid_private_key: str | Path | None = None,
    vapid_subject: str | None = None,
    push_loopback_http: bool = False,
) -> Starlette:
    """The service offering ``lexicons`` (bundled names; default: all of them).

    ``token``: every request but ``/api/health`` needs ``Authorization: Bearer TOKEN``.
    ``max_budget_ms``: the longest search a request may ask for (and the computer's longest
    decision). ``workers``: the work runs in a pool of that many processes (started on first use,
    each loading what it needs once; the GIL would make threads take turns); ``0``: in threads of
    this process, ``threads`` at once (default: the CPUs). A request that may run long runs in a pool
    of its own, ``heavy_workers`` processes (in threads: that many at once), so long searches never take
    every worker from the short ones.
    ``data``: the folder of the live games' database (``None``: in memory, lost when the process
    ends), or a PostgreSQL database shared with other servers (``postgresql://...``, :mod:`.storage`);
    ``max_games``: the most it keeps; ``max_store_bytes``: the most bytes its SQLite file grows to
    (a write beyond is a 507, as on a full disk).
    ``cors_origins``: the web origins whose pages may call the service (``*``: any);
    ``allowed_hosts``: the names (``Host``) it answers besides ``localhost`` and any IP address.
    ``max_games_per_address``: the most games one client address creates in 10 minutes.
    ``keep_days``: finished games are forgotten this many days after their end.
    ``max_streams``, ``max_streams_per_address``: the most push streams open, and of one client address.
    ``gate``: the server's connections (:class:`~.crowd.Gate`, ``serve``'s), told by ``/api/health``.
    ``vapid_private_key``, ``vapid_subject``: the VAPID key's PEM file and subject (``mailto:...``) of the
    Web Push sent to a seat's closed tab (:mod:`.webpush`, the extra ``[push]``); ``None``: no push.
    ``push_loopback_http``: push endpoints over http on 127.0.0.1 taken (a test's fake push service).
    """
    offered = tuple(lexicons) if lexicons else tuple(Lexicon.available())
    for name in offered:
        Lexicon.load(name)  # an unknown name fails here, at the start, not at the first request
    offer = Offer(offered, max_budget_ms)
    store = open_store(
        data,
        **({"max_games": max_games} if max_games is not None else {}),
        **({"max_bytes": max_store_bytes} if max_store_bytes is not None else {}),
    )
    lanes = Lanes(workers, heavy_workers, threads)
    service = Service(
        offer,
        lanes,
        store,
        max_body_bytes=max_body_bytes,
        max_answer_bytes=max_answer_bytes,
        openapi=openapi_document(offer, token is not None),
    )
    nain_jaune_games.describe(service.openapi)

    practice = practice_routes.Practice(service, data)  # puzzles and quizzes: their routes, store and paths
    service.openapi["paths"].update(practice.openapi_paths())
    routes = [
        *(made for group in ROUTE_GROUPS for made in group(service)),
        *practice.routes(),
        *commands.catch_all(service),
        *static.page_routes(service),
    ]
    middleware = [
        Middleware(Guard, token=token, allowed_hosts=allowed_hosts, cors_origins=cors_origins),
        Middleware(language.LanguageGate),
    ]
    if cors_origins:
        cors = Middleware(
            CORSMiddleware,
            allow_origins=list(cors_origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "X-Seat-Key", "Last-Event-ID"],
        )
        middleware.insert(0, cors)
    handlers = {HTTPException: http_error, Exception: internal_error}
    lifespan = functools.partial(practice.lifespan, service.lifespan)
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan, middleware=middleware)
    app.router.redirect_slashes = False  # /static/app.js/ is no file: a 404, not a redirect to one
    app.state.openapi = service.openapi
    service.limits.max_games_per_address = max_games_per_address
    service.keep_days = keep_days
    app.state.service = service  # its clock and its sweep, for tests and benchmarks
    app.state.practice = practice
    service.notifier = Notifier(max_streams, per_address=max_streams_per_address)
    service.gate = gate
    if vapid_private_key is not None:
        service.pusher = webpush.Pusher(vapid_private_key, vapid_subject or "", loopback_http=push_loopback_http)
    app.state.stop_streams = service.notifier.stop  # the push streams end when the server is told to stop
    return app
