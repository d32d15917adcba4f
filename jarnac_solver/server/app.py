"""The ASGI application: ``POST /api/COMMAND``, ``GET /api/openapi.json``, ``GET /api/health`` (Starlette).

Key idea: the app is a thin door. It checks the token, reads at most
:data:`~.requests.MAX_BODY_BYTES` of JSON, turns the body into the
command's ``argv`` (:func:`~.requests.build_argv`) and runs it in a worker
thread with :func:`jarnac_solver.cli.run_json`, the command line's own
parser, handler and envelope: the answer is the document ``--json`` prints.
Every refusal is that envelope too, with its error object, and a 4xx status.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import multiprocessing
import os
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ProcessPoolExecutor

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import __version__
from ..cli import SCHEMA, run_json
from ..lexicon.lexicon import Lexicon
from .openapi import openapi_document
from .requests import MAX_BODY_BYTES, Limits, RequestError, build_argv, served_commands

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

log = logging.getLogger(__name__)


class _Json(JSONResponse):
    """JSON as the command line writes it (``json.dumps(..., ensure_ascii=False)``), in UTF-8."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


def _error(status: int, kind: str, message: str, command: str = "") -> JSONResponse:
    """The error document of the command line's ``--json`` (``docs/schema.json``) with an HTTP status."""
    document = {"schema": SCHEMA, "command": command, "error": {"type": kind, "message": message}}
    return _Json(document, status_code=status)


def create_app(
    lexicons: Sequence[str] | None = None,
    *,
    token: str | None = None,
    max_budget_ms: float = 10_000,
    max_body_bytes: int = MAX_BODY_BYTES,
    workers: int = 0,
    threads: int | None = None,
) -> Starlette:
    """The service offering ``lexicons`` (bundled names; default: all of them).

    ``token``: every request but ``/api/health`` needs ``Authorization: Bearer TOKEN``.
    ``max_budget_ms``: the longest search a request may ask for. ``workers``: the commands run in a
    pool of that many processes (started on first use, each loading what it needs once; the GIL
    would make threads take turns); ``0``: in threads of this process, ``threads`` at once
    (default: the CPUs).
    """
    available = Lexicon.available()
    offered = tuple(lexicons) if lexicons else tuple(available)
    for name in offered:
        Lexicon.load(name)  # an unknown name fails here, at the start, not at the first request
    limits = Limits(offered, max_budget_ms)
    commands = served_commands()
    by_path = {command.path: command for command in commands.values()}
    openapi = openapi_document(commands, offered, token is not None)
    limiter = anyio.CapacityLimiter(threads or os.cpu_count() or 4)
    # spawn, not fork: the server's process has threads (the event loop's pool).
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) if workers else None

    async def run(argv: list[str]) -> tuple[int, dict[str, Any]]:
        if pool is None:
            return await anyio.to_thread.run_sync(run_json, argv, limiter=limiter)
        return await asyncio.wrap_future(pool.submit(run_json, argv))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)

    expected = f"Bearer {token}".encode() if token is not None else None

    def authorized(request: Request) -> bool:
        if expected is None:
            return True
        given = request.headers.get("authorization", "").encode("utf-8", "replace")
        return hmac.compare_digest(given, expected)

    def refused(command: str = "") -> JSONResponse:
        response = _error(401, "Unauthorized", "this server needs 'Authorization: Bearer TOKEN'", command)
        response.headers["WWW-Authenticate"] = "Bearer"
        return response

    async def read_body(request: Request) -> bytes:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > max_body_bytes:
            raise RequestError(413, "RequestTooLarge", f"the body has {declared} bytes; at most {max_body_bytes}")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > max_body_bytes:
                raise RequestError(413, "RequestTooLarge", f"the body is over {max_body_bytes} bytes")
        return bytes(body)

    async def command(request: Request) -> Response:
        path = request.path_params["command"]
        found = by_path.get(path)
        name = found.name if found is not None else ""
        if not authorized(request):
            return refused(name)
        if found is None:
            served = ", ".join(f"/api/{c.path}" for c in commands.values())
            return _error(404, "UnknownCommand", f"no command {path!r} served here; served: {served}")
        try:
            raw = await read_body(request)
            try:
                body = json.loads(raw or b"{}")
            except (ValueError, UnicodeDecodeError) as exc:
                raise RequestError(400, "MalformedJSON", f"the body is not JSON: {exc}") from None
            argv = build_argv(found, body, limits)
        except RequestError as exc:
            return _error(exc.status, exc.kind, exc.message, name)
        status, document = await run(argv)
        return _Json(document, status_code=400 if status == 2 else 200)

    async def health(request: Request) -> Response:
        return _Json({"status": "ok", "schema": SCHEMA, "version": __version__, "lexicons": list(offered)})

    async def openapi_json(request: Request) -> Response:
        if not authorized(request):
            return refused()
        return _Json(openapi)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        kind = {404: "NotFound", 405: "MethodNotAllowed"}.get(exc.status_code, "HTTPError")
        return _error(exc.status_code, kind, f"{request.method} {request.url.path}: {exc.detail}")

    async def internal_error(request: Request, exc: Exception) -> Response:
        log.exception("%s %s", request.method, request.url.path, exc_info=exc)
        return _error(500, "InternalError", "the server failed on this request (its log says why)")

    routes = [
        Route("/api/health", health, methods=["GET"]),
        Route("/api/openapi.json", openapi_json, methods=["GET"]),
        Route("/api/{command:path}", command, methods=["POST"]),
    ]
    handlers = {HTTPException: http_error, Exception: internal_error}
    return Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
