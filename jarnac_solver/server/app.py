"""The ASGI application (Starlette): the commands at ``POST /api/COMMAND``, the live games at
``/api/games``, ``GET /api/openapi.json``, ``GET /api/health``.

Key idea: the app is a thin door. It checks the token, reads at most
:data:`~.requests.MAX_BODY_BYTES` of JSON, and hands the work to a worker
(a process of the pool, or a thread): a command's body becomes its
``argv`` (:func:`~.requests.build_argv`), run by
:func:`jarnac_solver.cli.run_json`, the command line's own parser, handler
and envelope, so the answer is the document ``--json`` prints; a game's
request becomes a call of :mod:`.live` on the game's setting and actions,
read from and committed to the store (:mod:`.store`) here, one request of a
game at a time. Every refusal is the same envelope with its error object,
and a 4xx status.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import importlib.util
import json
import logging
import math
import multiprocessing
import os
import secrets
import signal
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from pathlib import Path

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from .. import __version__
from ..cli import SCHEMA, run_json
from ..lexicon.lexicon import Lexicon
from ..moves.rules import PRESETS
from ..play.players import PLAYERS
from . import audits, language, live
from .openapi import openapi_document
from .requests import (
    LIGHT_BUDGET_MS,
    MAX_BODY_BYTES,
    Limits,
    RequestError,
    build_argv,
    search_budget_ms,
    served_commands,
)
from .store import GameStore, StoreFullError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

log = logging.getLogger(__name__)


class _Json(JSONResponse):
    """JSON as the command line writes it (``json.dumps(..., ensure_ascii=False)``), in UTF-8."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


MAX_ANSWER_BYTES = 4 * 1024 * 1024
"""The largest answer sent: a listing beyond it is refused with a hint to narrow the question."""
MAX_ADVICE_TOP = 50
"""The most options ``GET /api/games/{id}/advice?top=N`` ranks."""
MAX_AUDIT_BYTES = 1024 * 1024
"""The largest body of ``POST /api/audit`` (records pasted or uploaded by the page)."""
STATIC = Path(__file__).resolve().parent / "static"
"""The page (``GET /``) and its scripts and styles: files of the package, nothing fetched elsewhere."""
FAMILIARITY_INSTALL = "familiar words first needs the familiarity extra: pip install 'jarnac-solver[familiarity]'"
OPEN_PATHS = ("/api/health",)
"""The paths served without the token (a load balancer's health check)."""


def _error(status: int, kind: str, message: str, command: str = "") -> JSONResponse:
    """The error document of the command line's ``--json`` (``docs/schema.json``) with an HTTP status."""
    document = {"schema": SCHEMA, "command": command, "error": {"type": kind, "message": message}}
    return _Json(document, status_code=status)


class _TokenGate:
    """ASGI middleware: with a token, every ``/api/`` request but :data:`OPEN_PATHS` needs
    ``Authorization: Bearer TOKEN``, checked before anything else (an unknown path or a wrong method is
    401 too: nothing of the service is told to a client without the token)."""

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app = app
        self.expected = token.encode() if token is not None else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.expected is not None and scope["type"] == "http" and scope["method"] != "OPTIONS":
            path = scope["path"]
            if path.startswith("/api/") and path not in OPEN_PATHS:
                scheme, _, given = dict(scope["headers"]).get(b"authorization", b"").partition(b" ")
                # The scheme is case-insensitive (RFC 9110): "bearer" too; the token is compared in constant time.
                if scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self.expected):
                    response = _error(401, "Unauthorized", "this server needs 'Authorization: Bearer TOKEN'")
                    response.headers["WWW-Authenticate"] = "Bearer"
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def _shown(text: str, most: int = 40) -> str:
    """``text`` cut for an error message (an id of 5,000 characters is not echoed whole)."""
    return text if len(text) <= most else text[:most] + "..."


def _action_body(body: Any) -> tuple[str, str | None, str | None, int | None]:
    """``{"action", "drew", "player", "at"}`` read and checked: each field's fault said on its own."""
    if not isinstance(body, dict):
        raise RequestError(400, "UsageError", 'the body is a JSON object: {"action": "+RAT"}')
    for key in body:
        if key not in ("action", "drew", "player", "at"):
            raise RequestError(400, "UsageError", f"no field {key!r} (the fields: action, drew, player, at)")
    text = body.get("action")
    if text is None:
        raise RequestError(400, "UsageError", 'the body has no "action" (an action in the record notation: "+RAT")')
    if not isinstance(text, str):
        raise RequestError(400, "UsageError", f"action is text in the record notation, not {type(text).__name__}")
    if len(text) > 256:
        raise RequestError(400, "UsageError", f"action has {len(text)} characters; at most 256")
    drew = body.get("drew")
    if drew is not None and (not isinstance(drew, str) or len(drew) > 64):
        raise RequestError(400, "UsageError", "drew is the tiles drawn at the table: text of at most 64 characters")
    player = body.get("player")
    if player not in (None, "A", "B"):
        raise RequestError(400, "UsageError", f"player is 'A' or 'B', not {player!r}")
    at = body.get("at")
    if at is not None and (isinstance(at, bool) or not isinstance(at, int) or at < 1):
        raise RequestError(400, "UsageError", f"at is the action's number in the game (from 1), not {at!r}")
    return text, drew, player, at


def _same_action(taken: str, text: str) -> bool:
    """Whether ``text`` is the action ``taken`` was (as the notation writes them, braces left out)."""
    written = text.split("{", 1)[0].strip()
    return " ".join(written.upper().split()) == " ".join(taken.upper().split())


def _quiet_worker() -> None:
    """A worker process ignores Ctrl-C: the terminal sends it to the whole process group, and the
    server, not each worker, stops (a worker's traceback on every Ctrl-C, found by a newcomer). It
    ends when the server is gone (``kill -9`` leaves no orphan: a newcomer found them minutes later)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


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
    cors_origins: Sequence[str] = (),
    max_answer_bytes: int = MAX_ANSWER_BYTES,
) -> Starlette:
    """The service offering ``lexicons`` (bundled names; default: all of them).

    ``token``: every request but ``/api/health`` needs ``Authorization: Bearer TOKEN``.
    ``max_budget_ms``: the longest search a request may ask for (and the computer's longest
    decision). ``workers``: the work runs in a pool of that many processes (started on first use,
    each loading what it needs once; the GIL would make threads take turns); ``0``: in threads of
    this process, ``threads`` at once (default: the CPUs). A request that may search longer than
    :data:`~.requests.LIGHT_BUDGET_MS` runs in a pool of its own, ``heavy_workers`` processes (in
    threads: that many at once), so long searches never take every worker from the short ones.
    ``data``: the folder of the live games' database (``None``: in memory, lost when the process
    ends); ``max_games``: the most it keeps.
    ``cors_origins``: the web origins whose pages may call the service (``*``: any).
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
    heavy_limiter = anyio.CapacityLimiter(max(1, heavy_workers))
    store = GameStore(data, **({"max_games": max_games} if max_games is not None else {}))

    # spawn, not fork: the server's process has threads (the event loop's pool).
    def new_pool(size: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker)

    pool = new_pool(workers) if workers else None
    heavy_pool = new_pool(max(1, heavy_workers)) if workers else None
    familiarity_installed = importlib.util.find_spec("wordfreq") is not None
    game_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    class _Stopping(Exception):
        """The pool was shut down under a request (the server is stopping)."""

    async def in_worker(function: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        if pool is None or heavy_pool is None:
            if heavy:
                async with heavy_limiter:  # at most heavy_workers long searches at once, then a thread
                    return await anyio.to_thread.run_sync(function, *args, limiter=limiter)
            return await anyio.to_thread.run_sync(function, *args, limiter=limiter)
        try:
            return await asyncio.wrap_future((heavy_pool if heavy else pool).submit(function, *args))
        except (BrokenExecutor, RuntimeError, asyncio.CancelledError) as exc:
            # RuntimeError: "cannot schedule new futures after shutdown"; CancelledError: cancel_futures.
            raise _Stopping() from exc

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            for made in (pool, heavy_pool):
                if made is not None:
                    made.shutdown(cancel_futures=True)
            store.close()

    async def read_body(request: Request, limit: int) -> bytes:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise RequestError(413, "RequestTooLarge", f"the body has {declared} bytes; at most {limit}")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise RequestError(413, "RequestTooLarge", f"the body is over {limit} bytes")
        return bytes(body)

    async def read_json(request: Request, limit: int = max_body_bytes) -> Any:
        raw = await read_body(request, limit)
        try:
            return json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise RequestError(400, "MalformedJSON", f"the body is not JSON: {exc}") from None
        except RecursionError:  # found by a newcomer: [[[...]]] 5,000 deep was a 500 and a traceback
            raise RequestError(400, "MalformedJSON", "the body is JSON nested too deep") from None

    def answer(document: dict[str, Any], status: int = 200) -> Response:
        response = _Json(document, status_code=status)
        if len(response.body) > max_answer_bytes:
            name = str(document.get("command", ""))
            narrower = "limit or length" if name == "lexicon diff" else "limit, a longer pattern, min_len"
            return _error(
                413,
                "AnswerTooLarge",
                f"the answer holds {len(response.body):,} bytes, over this server's {max_answer_bytes:,}:"
                f" narrow the question ({narrower})",
                name,
            )
        return response

    async def command(request: Request) -> Response:
        path = request.path_params["command"]
        found = by_path.get(path)
        name = found.name if found is not None else ""
        if found is None:
            if f"/api/{path}" in OPEN_PATHS or path == "openapi.json" or path.startswith("games/"):
                return _error(405, "MethodNotAllowed", f"POST /api/{_shown(path)}: use GET")
            served = ", ".join(f"/api/{c.path}" for c in commands.values())
            return _error(404, "UnknownCommand", f"no command {_shown(path)!r} served here; served: {served}")
        try:
            argv = language.with_language(build_argv(found, await read_json(request), limits))
        except RequestError as exc:
            return _error(exc.status, exc.kind, exc.message, name)
        try:
            heavy = search_budget_ms(found, argv) > LIGHT_BUDGET_MS
            status, document = await in_worker(run_json, argv, heavy=heavy)
        except _Stopping:
            return _error(503, "ServiceUnavailable", "the server is stopping; ask again once it is back", name)
        if found.name == "lexicon list" and "result" in document:
            # The server's lexicons only (found by a newcomer: the command lists every bundled one).
            rows = document["result"]["lexicons"]
            document["result"]["lexicons"] = [row for row in rows if row["name"] in offered]
        return answer(document, 400 if status == 2 else 200)

    # -- live games ------------------------------------------------------------------------------

    def game_document(command_name: str, spec: live.GameSpec, result: dict[str, Any]) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "command": command_name,
            "lexicon": spec.lexicon,
            "rules": spec.rules.name_or_dict(),
            "result": result,
        }

    async def call(name: str, *args: Any, heavy: bool = False) -> Any:
        ok, value = await in_worker(language.spoken, language.current(), live.guarded, name, *args, heavy=heavy)
        if not ok:
            status, kind, message = value
            raise RequestError(status, kind, message)
        return value

    async def stored(game_id: str) -> tuple[live.GameSpec, list[live.Entry]]:
        found = await anyio.to_thread.run_sync(store.load, game_id)
        if found is None:
            raise RequestError(404, "UnknownGame", f"no game {_shown(game_id)!r} on this server")
        return found

    async def settle(game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """The computer's turns (none when a person is to act), committed; what it played. ``entries``
        grows by them."""
        if not (spec.computer(0) or spec.computer(1)):
            return []
        turns = await call("computer_turns", game_id, spec, entries, heavy=spec.think_ms > LIGHT_BUDGET_MS)
        new: list[live.Entry] = [(int(w), str(a), str(d)) for w, a, d in (t["entry"] for t in turns["turns"])]
        await anyio.to_thread.run_sync(store.append, game_id, len(entries), new, turns["over"])
        entries += new
        return [t["played"] for t in turns["turns"]]

    async def game_request(request: Request, command_name: str, work: Callable[[str], Any]) -> Response:
        game_id = request.path_params.get("game_id", "")
        try:
            lock = game_locks.get(game_id)
            if lock is None:
                lock = game_locks[game_id] = asyncio.Lock()
            async with lock:  # one request of a game at a time: its actions are numbered in order
                done = await work(game_id)
            if isinstance(done, Response):  # the record as text
                return done
            spec, result = done
            created = command_name == "game" and request.method == "POST"
            return answer(game_document(command_name, spec, result), 201 if created else 200)
        except RequestError as exc:
            return _error(exc.status, exc.kind, exc.message, command_name)
        except StoreFullError as exc:
            return _error(507, "StoreFull", str(exc), command_name)
        except _Stopping:
            return _error(503, "ServiceUnavailable", "the server is stopping; ask again once it is back", command_name)

    async def new_game(request: Request) -> Response:
        async def work(_: str) -> tuple[live.GameSpec, dict[str, Any]]:
            body = await read_json(request)
            try:
                spec = live.new_spec(body, offered, max_budget_ms, secrets.randbelow(2**31))
            except ValueError as exc:
                raise RequestError(400, type(exc).__name__, str(exc)) from None
            game_id = secrets.token_urlsafe(9)
            state = await call("start", game_id, spec)
            await anyio.to_thread.run_sync(store.add, game_id, spec)
            entries: list[live.Entry] = []
            played = await settle(game_id, spec, entries)  # the computer opens when it is A
            if played:
                state = await call("state", game_id, spec, entries)
            return spec, {"id": game_id, "game": state, "played": played}

        return await game_request(request, "game", work)

    async def game_state(request: Request) -> Response:
        async def work(game_id: str) -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await stored(game_id)
            played = await settle(game_id, spec, entries)  # a computer's turn left by a stopped server
            return spec, {"id": game_id, "game": await call("state", game_id, spec, entries), "played": played}

        return await game_request(request, "game", work)

    async def game_action(request: Request) -> Response:
        async def work(game_id: str) -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await stored(game_id)
            text, drew, player, at = _action_body(await read_json(request))
            played_first = await settle(game_id, spec, entries)
            if at is not None and at <= len(entries):
                # A retry of an action already taken (its answer was lost): the game as it is, not a 409.
                who, taken, _ = entries[at - 1]
                if (player is None or player == "AB"[who]) and _same_action(taken, text):
                    state = await call("state", game_id, spec, entries)
                    return spec, {"id": game_id, "game": state, "played": played_first, "repeated": True}
                raise RequestError(409, "IllegalActionError", f"action {at} is already {'AB'[who]} {taken}")
            if at is not None and at != len(entries) + 1:
                held = len(entries)
                message = f"the game holds {held} actions: the next is {held + 1}, not {at}"
                raise RequestError(409, "IllegalActionError", message)
            done = await call("apply", game_id, spec, entries, text, drew, player)
            who, action, drawn = done["entry"]
            entry: live.Entry = (int(who), str(action), str(drawn))
            # Committed before the answer, and before the computer thinks: an accepted action survives a kill.
            await anyio.to_thread.run_sync(store.append, game_id, len(entries), [entry], done["over"])
            entries.append(entry)
            played = [*played_first, done["played"], *await settle(game_id, spec, entries)]
            state = await call("state", game_id, spec, entries)
            return spec, {"id": game_id, "game": state, "played": played}

        return await game_request(request, "game action", work)

    async def game_delete(request: Request) -> Response:
        async def work(game_id: str) -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await stored(game_id)
            state = await call("state", game_id, spec, entries)
            await anyio.to_thread.run_sync(store.delete, game_id)
            return spec, {"id": game_id, "game": state, "played": [], "deleted": True}

        return await game_request(request, "game", work)

    async def game_advice(request: Request) -> Response:
        async def work(game_id: str) -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await stored(game_id)
            query = request.query_params
            for key in query:
                if key not in ("budget", "top", "depth", "familiarity", "lang"):
                    known = "budget, top, depth, familiarity, lang"
                    raise RequestError(400, "UsageError", f"no parameter {key!r} (the parameters: {known})")
            try:
                budget = float(query.get("budget", "1000"))
            except ValueError:
                raise RequestError(400, "UsageError", f"budget {query['budget']!r} is not milliseconds") from None
            try:
                top = int(query.get("top", "5"))
            except ValueError:
                raise RequestError(400, "UsageError", f"top {query['top']!r} is not a whole number") from None
            if not budget > 0 or not math.isfinite(budget):
                raise RequestError(400, "UsageError", f"budget must be a positive number of milliseconds, not {budget}")
            if not 1 <= top <= MAX_ADVICE_TOP:
                raise RequestError(400, "UsageError", f"top must be from 1 to {MAX_ADVICE_TOP}, not {top}")
            budget = min(budget, max_budget_ms)
            depth = query.get("depth", "plan")
            familiar = query.get("familiarity", "false")
            if familiar not in ("true", "false"):
                raise RequestError(400, "UsageError", f"familiarity is true or false, not {familiar!r}")
            if familiar == "true" and not familiarity_installed:
                raise RequestError(400, "MissingExtraError", FAMILIARITY_INSTALL)
            heavy = budget > LIGHT_BUDGET_MS
            asked = (budget / 1000, top, depth, familiar == "true")
            result = await call("advice", game_id, spec, entries, *asked, heavy=heavy)
            return spec, {"id": game_id, "budget_ms": budget, **result}

        return await game_request(request, "game advice", work)

    async def game_record(request: Request) -> Response:
        form = request.query_params.get("format", "json")
        if form not in ("json", "text"):
            return _error(400, "UsageError", f"format is json or text, not {form!r}", "game record")

        async def work(game_id: str) -> Response | tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await stored(game_id)
            made = await call("record", game_id, spec, entries)
            if form == "text":
                download = {"Content-Disposition": f'attachment; filename="jarnac-{game_id}.txt"'}
                return PlainTextResponse(str(made), headers=download)
            return spec, {"id": game_id, "record": made.to_dict(), "text": str(made)}

        return await game_request(request, "game record", work)

    async def audit(request: Request) -> Response:
        try:
            body = await read_json(request, max(max_body_bytes, MAX_AUDIT_BYTES))
            if not isinstance(body, dict) or not isinstance(body.get("text"), str):
                raise RequestError(400, "UsageError", 'the body is {"text": "the records, or one action a line"}')
            for key in body:
                if key not in ("text", "lexicon", "rules", "deep"):
                    raise RequestError(400, "UsageError", f"no field {key!r} (the fields: text, lexicon, rules, deep)")
            lexicon = body.get("lexicon", "fr" if "fr" in offered else offered[0])
            rules = body.get("rules", "sheet")
            deep = body.get("deep", False)
            if lexicon not in offered:
                message = f"lexicon {lexicon!r}: this server offers the lexicons {', '.join(offered)} (never a file)"
                raise RequestError(400, "UnknownLexiconError", message)
            if rules not in PRESETS:
                raise RequestError(400, "UsageError", f"rules is a preset: {', '.join(PRESETS)}; not {rules!r}")
            if not isinstance(deep, bool):
                raise RequestError(400, "UsageError", "deep is true or false")
            work = (audits.guarded_audit, body["text"], offered, lexicon, rules, deep)
            ok, value = await in_worker(language.spoken, language.current(), *work, heavy=True)
        except RequestError as exc:
            return _error(exc.status, exc.kind, exc.message, "audit")
        except _Stopping:
            return _error(503, "ServiceUnavailable", "the server is stopping; ask again once it is back", "audit")
        if not ok:
            status, kind, message = value
            return _error(status, kind, message, "audit")
        return answer({"schema": SCHEMA, "command": "audit", "lexicon": None, "rules": None, "result": value})

    async def health(request: Request) -> Response:
        return _Json(
            {
                "status": "ok",
                "schema": SCHEMA,
                "version": __version__,
                "lexicons": list(offered),
                "presets": list(PRESETS),
                "players": [live.PERSON, *PLAYERS],
                "familiarity": familiarity_installed,
                "max_budget_ms": max_budget_ms,
            }
        )

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def openapi_json(request: Request) -> Response:
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
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game_id}", game_state, methods=["GET"]),
        Route("/api/games/{game_id}", game_delete, methods=["DELETE"]),
        Route("/api/games/{game_id}/actions", game_action, methods=["POST"]),
        Route("/api/games/{game_id}/advice", game_advice, methods=["GET"]),
        Route("/api/games/{game_id}/record", game_record, methods=["GET"]),
        Route("/api/audit", audit, methods=["POST"]),
        Route("/api/{command:path}", command, methods=["POST"]),
        Route("/", page, methods=["GET"]),
        *language.ROUTES,
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {HTTPException: http_error, Exception: internal_error}
    middleware = [Middleware(_TokenGate, token=token), Middleware(language.LanguageGate)]
    if cors_origins:
        middleware.insert(
            0,
            Middleware(
                CORSMiddleware,
                allow_origins=list(cors_origins),
                allow_methods=["GET", "POST", "DELETE"],
                allow_headers=["Authorization", "Content-Type"],
            ),
        )
    return Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan, middleware=middleware)
