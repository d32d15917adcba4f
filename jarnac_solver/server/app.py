"""The ASGI application (Starlette): the commands at ``POST /api/COMMAND``, the live games at
``/api/games``, ``POST /api/audit``, the review of a game (``POST /api/review``,
``GET /api/games/{id}/review``), ``GET /api/openapi.json``, ``GET /api/health``, the page.

Key idea: the app is a thin door. :class:`~.guard.Guard` checks the
``Host``, the ``Origin``, the body's type and the token; each endpoint
reads its body against the route's declared :class:`~.contract.Body` (every
fault named by its field) and hands the work to a worker of a lane (a
process of the pool, or a thread): a command's body becomes its ``argv``
(:func:`~.contract.command_call`), run by :func:`jarnac_solver.cli.run_json`,
the command line's own parser, handler and envelope, so the answer is the
document ``--json`` prints; a game's request becomes a call of :mod:`.live`
on the game's setting and actions, read from and committed to the store
(:mod:`.store`) here, one request of a game at a time. Every refusal is the
same envelope with its error object (``type``, ``message``, and the
``field`` at fault), a 4xx status, or a clean 5xx (507: the store is full;
503: a worker is gone or the server is stopping).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import importlib.util
import json
import logging
import math
import multiprocessing
import os
import re
import secrets
import signal
import sys
import threading
import time
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Match, Route

from .. import __version__
from ..cli import PROG, SCHEMA, run_json
from ..game.record import UNFINISHED
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, speaking
from ..moves.rules import PRESETS
from ..play.offered import GAME_SECONDS, slow_table
from ..play.players import ALIASES, PLAYERS, ratings, strongest_first
from . import audits, contract, language, live, notify, practice_routes, reviews, seats, webpush
from .contract import (
    ACTION,
    ADVICE,
    AUDIT,
    COMMAND_BODIES,
    GAME_REVIEW,
    HOTSEAT,
    JOIN,
    KEYED_SEATS,
    LIGHT_BUDGET_MS,
    MAX_AUDIT_BYTES,
    MAX_BODY_BYTES,
    MINE,
    NEW_GAME,
    PERSON,
    RECORD,
    REMATCH,
    RESIGN,
    REVIEW,
    SINCE,
    TRANSFER,
    Body,
    BodyError,
    Fault,
    Offer,
    command_call,
)
from .crowd import Gate
from .guard import Guard
from .notify import Notifier, StreamsFull, TooManyStreams
from .openapi import openapi_document
from .storage import (
    ConflictError,
    DamagedGameError,
    Invitation,
    Store,
    StoreFullError,
    StoreUnavailableError,
    open_store,
)
from .store import JOIN as JOIN_KIND
from .store import TRANSFER as TRANSFER_KIND
from .store import WITHDRAWN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

log = logging.getLogger(__name__)

CONFLICT_RETRIES = 5
"""How many times a game's request is done again after losing a race for an action's number to another
server on a shared store (each time on the game read afresh), before it is a 409."""

BODY_SECONDS = 30.0
"""The longest a request's body may take to arrive: a body that stops half-way (a client gone, or one
holding sockets open on purpose) is a 408, and its connection is freed."""
MAX_ANSWER_BYTES = 4 * 1024 * 1024
"""The largest answer sent: a listing beyond it is refused with a hint to narrow the question."""
STATIC = Path(__file__).resolve().parent / "static"
"""The page (``GET /``) and its scripts and styles: files of the package, nothing fetched elsewhere."""
INVITE_SECONDS = 24 * 3600.0
"""An invitation seat B never acted in is gone after this long (its game forgotten)."""
ADDRESS_WINDOW_S = 600.0
"""The window over which the games a client address creates (and its failed joins) are counted."""
MAX_GAMES_PER_ADDRESS = 100
"""The most games one client address creates in :data:`ADDRESS_WINDOW_S` (429 beyond)."""
MAX_FAILED_JOINS = 30
"""The most join codes one client address gets wrong in :data:`ADDRESS_WINDOW_S` (429 beyond): a code
is 60 random bits, and this bound makes guessing one hopeless."""
KEEP_DAYS = 30
"""Finished games are kept this many days after their last action (``serve --keep-days``), then forgotten."""
SWEEP_S = 60.0
"""How often the server ends the games days a move whose seat to act ran out of time, and forgets the finished
games past :data:`KEEP_DAYS` (each also checked whenever it is read)."""
SWEEP_BATCH = 500
"""The most games one sweep ends or forgets (the rest at the next)."""
STRETCHING_AT_ONCE = 1
"""The most join codes stretched at once (each scrypt holds 16 MiB and a core for 50-500 ms): a burst of
joins waits its turn, and the hints keep the other cores."""
STRETCHING_WAITING = 8
"""The most join codes waiting to be stretched; beyond, a 503 with ``Retry-After`` (memory and threads stay
bounded whatever the burst)."""
HEARTBEAT_S = 15.0
"""A push stream with nothing to tell sends a comment this often (proxies close silent connections)."""
STREAM_IDLE_S = 600.0
"""A push stream closes after this long without an action (the browser's EventSource opens it again,
from its last action)."""
RETRY_STREAM_S = 10
"""The ``Retry-After`` (and the ``retry:`` of a stream ended at once) of a stream refused for its bound."""
FAMILIARITY_INSTALL = "familiar words first needs the familiarity extra: pip install 'jarnac-solver[familiarity]'"


class _Json(JSONResponse):
    """JSON as the command line writes it (``json.dumps(..., ensure_ascii=False)``), in UTF-8."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


class ServiceError(Exception):
    """A request the service refuses: an HTTP status and the error object (``field``: the one at fault)."""

    def __init__(
        self, status: int, kind: str, message: str, field: str | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.field = field
        self.retry_after = retry_after
        """Seconds until the request would be taken (a 429's ``Retry-After``)."""


class _Stopping(Exception):
    """No worker can take the call: the pool was shut down (the server stops) or a worker died."""


def error_document(kind: str, message: str, command: str = "", faults: Sequence[Fault] = ()) -> dict[str, Any]:
    """The error document of the command line's ``--json`` (the package's ``schema.json``), with the
    field at fault and, for a body, every fault of it (both keys always there, so a client reads them
    without a test: ``field`` null and ``faults`` empty when no field is at fault)."""
    error: dict[str, Any] = {
        "type": kind,
        "message": message,
        "field": (faults[0].field or None) if faults else None,
        "faults": [{"field": f.field or None, "message": f.message} for f in faults],
    }
    return {"schema": SCHEMA, "command": command, "error": error}


def _error(status: int, kind: str, message: str, command: str = "", faults: Sequence[Fault] = ()) -> Response:
    return _Json(error_document(kind, message, command, faults), status_code=status)


_CLI_ARGUMENT = re.compile(r"^argument (--[a-z-]+|[A-Za-z_|]+)(?:/[^:]*)?: ")
_CLI_OPTION = re.compile(r"--[a-z][a-z-]*")
_QUOTED_FIELD = re.compile(r"([a-z_]+):? (?=')")


class _TwiceError(ValueError):
    """A key given twice in one JSON object (``{"rack": "ABC", "rack": "XYZ"}``)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _one_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: ``json`` would keep the last silently, so a body that
    says two things of one field is refused, as a query parameter given twice is."""
    made = dict(pairs)
    if len(made) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _TwiceError(key)
            seen.add(key)
    return made


def _no_constant(name: str) -> Any:
    """``NaN``, ``Infinity``: not JSON (RFC 8259), which ``json`` reads by default."""
    raise ValueError(f"{name} is not a JSON value (RFC 8259)")


def service_words(document: dict[str, Any], command: str) -> dict[str, Any]:
    """A command's error document in the service's words: without the command line's name and its
    ``(try --help)``, and with the field an option's fault names (``--budget`` -> ``budget``)."""
    error = document.get("error")
    if not isinstance(error, dict):
        return document
    message = str(error["message"]).removeprefix(f"{PROG} {command}: ").removesuffix(" (try --help)")
    body = COMMAND_BODIES[command]
    named = _CLI_ARGUMENT.match(message)
    option = named[1] if named else (message.split(" ", 1)[0] if message.startswith("--") else "")
    names = {f.option: f.name for f in body.fields if f.option}

    def fields(text: str) -> str:  # the options named inside a message, by their fields' names
        return _CLI_OPTION.sub(lambda m: names.get(m[0], m[0]), text)

    if option:
        found = next((f for f in body.fields if f.option == option.rstrip(":")), None)
        if found is not None:
            rest = fields(message[named.end() :] if named else message.split(" ", 1)[-1].lstrip(": "))
            return error_document(error["type"], f"{found.name}: {rest}", command, [Fault(found.name, rest)])
    message = fields(message)
    quoted = _QUOTED_FIELD.match(message)  # the library's own faults name their value: "rack '-1' holds '-', ..."
    known = {f.name for f in body.fields}
    first = message.split(" ", 1)
    faults: list[Fault] = []
    if quoted and quoted[1] in known:
        faults = [Fault(quoted[1], message[quoted.end() :])]
    elif len(first) == 2 and first[0] in known:  # a fault inside a field's value: "tray rack '??' holds '?'"
        faults = [Fault(first[0], first[1])]
    elif (field := _reason_field(error.get("reason"), known)) is not None:
        faults = [Fault(field, message)]  # a message in another language: its field named by the reason's facts
    # The rest of the library's error (its reason, which the page renders in its language) is kept.
    named_fields = error_document(error["type"], message, command, faults)["error"]
    return {**document, "error": {**error, **named_fields}}


def _reason_field(reason: object, known: set[str]) -> str | None:
    """The field a library error's reason names by its ``what`` (``what.rack`` -> ``rack``, ``what.tray_line``
    -> ``tray``, ``what.word`` -> ``word`` or a list's ``words``): the facts the message was rendered from, so
    the field is found whatever its language (the English text's own first word is read first, as before)."""
    if not isinstance(reason, dict):
        return None
    values = reason.get("values")
    what = values.get("what") if isinstance(values, dict) else None
    code = what.get("code") if isinstance(what, dict) else None
    if not isinstance(code, str) or not code.startswith("what."):
        return None
    name = code.removeprefix("what.")
    for candidate in (name, name.split("_", 1)[0], f"{name}s"):  # what.word: check's and hooks' field is words
        if candidate in known:
            return candidate
    return None


def _yielding() -> None:
    """A thread stretching join codes runs at a lower priority (on Linux a thread has its own nice value), so
    a burst of guesses takes the time the hints and the event loop leave."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            thread = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + 10))


def _quiet_worker() -> None:
    """A worker process ignores Ctrl-C: the terminal sends it to the whole process group, and the server,
    not each worker, stops. It ends when the server is gone (``kill -9`` leaves no orphan)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class Lanes:
    """Where the work runs: a light lane and a heavy one (a request that may run long: a search over
    :data:`~.contract.LIGHT_BUDGET_MS`, a command without a budget that may take seconds, an audit), each
    a pool of processes, or threads of this process (``workers=0``)."""

    def __init__(self, workers: int, heavy_workers: int, threads: int | None) -> None:
        self.limiter = anyio.CapacityLimiter(threads or os.cpu_count() or 4)
        self.heavy_limiter = anyio.CapacityLimiter(max(1, heavy_workers))
        self.sizes = (workers, max(1, heavy_workers))
        self.pool = self._pool(workers) if workers else None
        self.heavy_pool = self._pool(max(1, heavy_workers)) if workers else None
        self.closed = False
        self.busy = [0, 0]
        """The calls under way (running or queued) on the light lane and the heavy one."""

    @staticmethod
    def _pool(size: int) -> ProcessPoolExecutor:
        # spawn, not fork: the server's process has threads (the event loop's pool).
        return ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker)

    async def run(self, function: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        self.busy[heavy] += 1
        try:
            return await self._run(function, *args, heavy=heavy)
        finally:
            self.busy[heavy] -= 1

    def load(self) -> dict[str, Any]:
        """Each lane's calls under way (running or waiting) and its workers, for the health route."""
        light = self.sizes[0] if self.pool is not None else int(self.limiter.total_tokens)
        heavy = self.sizes[1]
        return {
            "light": {"busy": self.busy[0], "workers": light},
            "heavy": {"busy": self.busy[1], "workers": heavy},
        }

    async def _run(self, function: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        if self.pool is None or self.heavy_pool is None:
            if heavy:
                async with self.heavy_limiter:  # at most heavy_workers long searches at once, then a thread
                    return await anyio.to_thread.run_sync(function, *args, limiter=self.limiter)
            return await anyio.to_thread.run_sync(function, *args, limiter=self.limiter)
        pool = self.heavy_pool if heavy else self.pool
        try:
            return await asyncio.wrap_future(pool.submit(function, *args))
        except BrokenExecutor as exc:
            # A worker died (killed, out of memory): this request is a 503, the lane a new pool for the next.
            if not self.closed:
                log.error("a worker of the %s lane died; its pool is started again", "heavy" if heavy else "light")
                if heavy and self.heavy_pool is pool:
                    self.heavy_pool = self._pool(self.sizes[1])
                elif not heavy and self.pool is pool:
                    self.pool = self._pool(self.sizes[0])
                pool.shutdown(wait=False, cancel_futures=True)
            raise _Stopping() from exc
        except (RuntimeError, asyncio.CancelledError) as exc:
            # RuntimeError: "cannot schedule new futures after shutdown"; CancelledError: cancel_futures.
            raise _Stopping() from exc

    def close(self) -> None:
        self.closed = True
        for made in (self.pool, self.heavy_pool):
            if made is not None:
                made.shutdown(cancel_futures=True)


async def refusing(command: str, work: Awaitable[Response]) -> Response:
    """``work``'s answer, or its refusal as the error document of ``command`` (the name its documents carry)."""
    try:
        return await work
    except BodyError as exc:
        return _error(exc.status, exc.kind, str(exc), command, exc.faults)
    except ServiceError as exc:
        faults = [Fault(exc.field, exc.message)] if exc.field else []
        message = f"{exc.field}: {exc.message}" if exc.field else exc.message
        refused = _error(exc.status, exc.kind, message, command, faults)
        if exc.retry_after is not None:  # a bound or the server's load: the client asks again later, anew
            refused.headers["Retry-After"] = str(exc.retry_after)
            refused.headers["Connection"] = "close"
        return refused
    except StoreFullError as exc:
        return _error(507, "StoreFull", str(exc), command)
    except DamagedGameError as exc:
        log.error("%s", exc)
        return _error(500, "DamagedGameError", str(exc), command)
    except StoreUnavailableError as exc:
        log.error("%s", exc)
        return _error(503, "StoreUnavailable", str(exc), command)
    except ConflictError as exc:
        return _error(409, "Conflict", f"{exc}; ask again", command)
    except _Stopping:
        message = "no worker could take this request (the server is stopping, or a worker died): ask again"
        return _error(503, "ServiceUnavailable", message, command)


def endpoint(
    command: str,
) -> Callable[[Callable[[Service, Request], Awaitable[Response]]], Callable[..., Awaitable[Response]]]:
    """An endpoint of ``command``: its refusals as error documents (:func:`refusing`)."""

    def wrap(function: Callable[[Service, Request], Awaitable[Response]]) -> Callable[..., Awaitable[Response]]:
        @functools.wraps(function)
        async def run(self: Service, request: Request) -> Response:
            return await refusing(command, function(self, request))

        return run

    return wrap


class Service:
    """The service's state (what it offers, its lanes, its store) and its endpoints, one method each."""

    def __init__(
        self,
        offer: Offer,
        lanes: Lanes,
        store: Store,
        *,
        max_body_bytes: int,
        max_answer_bytes: int,
        openapi: dict[str, Any],
    ) -> None:
        self.offer = offer
        self.lanes = lanes
        self.store = store
        self.max_body_bytes = max_body_bytes
        self.max_answer_bytes = max_answer_bytes
        self.openapi = openapi
        self.familiarity_installed = importlib.util.find_spec("wordfreq") is not None
        self.game_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.static = {p.name: p for p in STATIC.iterdir() if p.is_file() and p.name != "index.html"}
        self.notifier = Notifier()
        self.gate: Gate | None = None
        """The server's connections (``serve``'s), told by the health route."""
        self.stretcher = ThreadPoolExecutor(STRETCHING_AT_ONCE, thread_name_prefix="stretching", initializer=_yielding)
        """The threads stretching join codes: few, so few 16 MiB scrypt buffers at once (and few malloc arenas
        keeping them)."""
        self.stretching = 0
        """Join codes being stretched or waiting to be."""
        self.invite_seconds = INVITE_SECONDS
        self.max_games_per_address = MAX_GAMES_PER_ADDRESS
        self.heartbeat_s = HEARTBEAT_S
        self.stream_idle_s = STREAM_IDLE_S
        self.created_by: dict[str, list[float]] = {}
        self.failed_joins: dict[str, list[float]] = {}
        self.states: dict[tuple[str, int, str, tuple[str, str], bool, tuple[str, str]], dict[str, Any]] = {}
        """The last state answered of each game, by its id, its actions and the language: the push streams
        of a game tell the state its action's answer computed, not one each."""
        self.now: Callable[[], float] = time.time
        """The clock of the games days a move (a test moves it forward)."""
        self.keep_days = KEEP_DAYS
        self.sweep_s = SWEEP_S
        self.deadlines: dict[str, float | None] = {}
        """The deadline last written to the store of each game days a move (written again when it changes)."""
        self.committed_at: dict[str, float] = {}
        """When each game's last commit was told (the clock of the person to act starts there)."""
        self.pusher: webpush.Pusher | None = None
        """The server's Web Push sender, when it is given a VAPID key (``serve --vapid-private-key``)."""
        store.subscribe(self._committed)

    def _committed(self, game_id: str, count: int) -> None:
        """The store's listener (any thread): the clock of the person to act restarts; streams are woken."""
        if count < 0:
            self.committed_at.pop(game_id, None)
        else:
            self.committed_at[game_id] = time.time()
        self.notifier.told(game_id, count)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The app's life: at its end the worker pools are shut down and the store closed (its lock freed)."""
        self.notifier.attach(asyncio.get_running_loop())
        sweeper = asyncio.get_running_loop().create_task(self._sweeping())
        try:
            yield
        finally:
            sweeper.cancel()
            self.stretcher.shutdown(wait=False, cancel_futures=True)
            self.lanes.close()
            self.store.close()

    # -- reading a request: the one place its body and options are read --------------------------

    async def read(self, request: Request, body: Body, limit: int | None = None) -> dict[str, Any]:
        """The request's body checked against ``body`` (every fault at once), at most ``limit`` bytes."""
        given = await self._json(request, limit or self.max_body_bytes)
        with speaking(language.current()):  # a fault said in the catalogs is said in the asker's language
            return body.read(given, self.offer)

    def query(self, request: Request, body: Body) -> dict[str, Any]:
        """The request's query parameters checked against ``body``; one given twice is refused (a
        ``dict`` of them would keep the last silently)."""
        times = Counter(key for key, _ in request.query_params.multi_items())
        twice = sorted(key for key, n in times.items() if n > 1)
        if twice:
            raise ServiceError(400, "UsageError", f"given {times[twice[0]]} times", twice[0])
        with speaking(language.current()):
            return body.read(dict(request.query_params), self.offer, query=True)

    async def _json(self, request: Request, limit: int) -> Any:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise ServiceError(413, "RequestTooLarge", f"the body has {declared} bytes; at most {limit}")
        raw = bytearray()

        async def arrive() -> None:
            async for chunk in request.stream():
                raw.extend(chunk)
                if len(raw) > limit:
                    raise ServiceError(413, "RequestTooLarge", f"the body is over {limit} bytes")

        try:
            await asyncio.wait_for(arrive(), BODY_SECONDS)
        except ClientDisconnect:  # gone, or a body it sent malformed (a bad chunk): the 400 is the protocol's
            raise ServiceError(
                400, "MalformedRequest", "the body did not arrive whole (the client went away)"
            ) from None
        except asyncio.TimeoutError:
            message = f"the body did not arrive within {BODY_SECONDS:g} s ({len(raw)} bytes came)"
            raise ServiceError(408, "RequestTimeout", message) from None
        try:
            return json.loads(bytes(raw) or b"{}", object_pairs_hook=_one_each, parse_constant=_no_constant)
        except _TwiceError as exc:
            message = "given twice in one object: the value meant is not known"
            raise ServiceError(400, "UsageError", message, exc.key) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise ServiceError(400, "MalformedJSON", f"the body is not JSON: {exc}") from None
        except RecursionError:  # [[[...]]] thousands deep
            raise ServiceError(400, "MalformedJSON", "the body is JSON nested too deep") from None

    def answer(self, document: dict[str, Any], status: int = 200) -> Response:
        response = _Json(document, status_code=status)
        if len(response.body) > self.max_answer_bytes:
            name = str(document.get("command", ""))
            narrower = "limit or length" if name == "lexicon diff" else "limit, a longer pattern, min_len"
            message = (
                f"the answer holds {len(response.body):,} bytes, over this server's {self.max_answer_bytes:,}:"
                f" narrow the question ({narrower})"
            )
            return _error(413, "AnswerTooLarge", message, name)
        return response

    # -- the commands -----------------------------------------------------------------------------

    async def command(self, request: Request, name: str) -> Response:
        """``POST /api/NAME``: the document ``jarnac-solver NAME ... --json`` prints."""
        return await refusing(name, self._command(request, name))

    async def _command(self, request: Request, name: str) -> Response:
        call = command_call(name, await self.read(request, COMMAND_BODIES[name]), self.offer)
        status, document = await self.lanes.run(run_json, language.with_language(call.argv), heavy=call.heavy)
        if name == "lexicon list" and "result" in document:  # the server's lexicons only
            rows = document["result"]["lexicons"]
            document["result"]["lexicons"] = [row for row in rows if row["name"] in self.offer.lexicons]
        return self.answer(service_words(document, name), 400 if status == 2 else 200)

    async def unknown_command(self, request: Request) -> Response:
        path = request.path_params["command"]
        shown = path if len(path) <= 40 else path[:40] + "..."
        # A route of this path served by other methods is told so (a 405 naming them); any other name is not
        # here at all (a 404, not the 405 this catch-all route would answer for every name).
        wrong = _wrong_method(request)
        if wrong is not None:
            return wrong
        if request.method != "POST":
            return _error(
                404, "NotFound", f"{request.method} /api/{shown}: no such route (GET /api/openapi.json lists them)"
            )
        if path.startswith("games/"):  # games/ID/actions/, games/: a route of no such name, not a GET
            return _error(404, "NotFound", f"POST /api/{shown}: no such route (GET /api/openapi.json lists them)")
        served = ", ".join(f"/api/{c.replace(' ', '/')}" for c in COMMAND_BODIES)
        return _error(404, "UnknownCommand", f"no command {shown!r} served here; served: {served}")

    # -- live games -------------------------------------------------------------------------------

    def game_document(self, command: str, spec: live.GameSpec, result: dict[str, Any]) -> dict[str, Any]:
        lexicon, rules = spec.lexicon, spec.rules.name_or_dict()
        return {"schema": SCHEMA, "command": command, "lexicon": lexicon, "rules": rules, "result": result}

    async def call(self, name: str, *args: Any, heavy: bool = False) -> Any:
        return await self.guarded(live.guarded, name, *args, heavy=heavy)

    async def guarded(self, function: Callable[..., tuple[bool, Any]], *args: Any, heavy: bool = False) -> Any:
        """``function``'s value in a worker of a lane, or its refusal ``(status, type, message)`` raised."""
        ok, value = await self.lanes.run(language.spoken, language.current(), function, *args, heavy=heavy)
        if not ok:
            status, kind, message = value
            raise ServiceError(status, kind, message)
        return value

    async def stored(self, game_id: str) -> tuple[live.GameSpec, list[live.Entry]]:
        found = await anyio.to_thread.run_sync(self.store.load, game_id)
        if found is None:
            shown = game_id if len(game_id) <= 40 else game_id[:40] + "..."
            raise ServiceError(404, "UnknownGame", f"no game {shown!r} on this server")
        spec, entries = found
        # An invitation never answered is gone after its time; a game days a move whose B is seated is kept
        # while its clock runs (its A may take days over the first move).
        waiting = not spec.claimed(1) or spec.days is None
        if (
            spec.expires is not None
            and self.now() > spec.expires
            and waiting
            and not any(w == 1 for w, _, _ in entries)
        ):
            await anyio.to_thread.run_sync(self.store.delete, game_id)
            raise ServiceError(410, "InvitationExpired", f"the invitation to game {game_id!r} expired unanswered")
        return found

    # -- seats, clocks and bounds of the games between people ---------------------------------------

    def seat(self, request: Request, spec: live.GameSpec) -> str | None:
        """The seat whose key the request carries (``X-Seat-Key``), or ``None``."""
        assert spec.seat_digests is not None
        return seats.seat_of(request.headers.get("x-seat-key"), spec.seat_digests)

    def keyed(self, request: Request, spec: live.GameSpec) -> str:
        """The seat the request acts for in a game between invited people, or a 403 (no key, or nobody's)."""
        seat = self.seat(request, spec)
        if seat is None:
            code = "seat_key_missing" if not request.headers.get("x-seat-key") else "seat_key_unknown"
            raise ServiceError(403, "WrongSeat", Reason(code).text(language.current()), "X-Seat-Key")
        return seat

    @staticmethod
    def _counted(book: dict[str, list[float]], address: str, most: int) -> bool:
        """Whether ``address`` is under ``most`` in ``book`` over the window (its old times dropped)."""
        now = time.monotonic()
        times = [t for t in book.get(address, ()) if now - t < ADDRESS_WINDOW_S]
        if times:
            book[address] = times
        else:
            book.pop(address, None)
        if len(book) > 10_000:  # the book's own bound: the addresses of the oldest window go first
            for old in list(book)[:5_000]:
                del book[old]
        return len(times) < most

    @staticmethod
    def _wait(book: dict[str, list[float]], address: str, most: int) -> int:
        """Whole seconds until ``address`` is under ``most`` in ``book`` again (its oldest counted times out)."""
        times = sorted(book.get(address, ()))
        if len(times) < most:
            return 0
        return max(1, math.ceil(ADDRESS_WINDOW_S - (time.monotonic() - times[len(times) - most])))

    async def stretch(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function`` (a join code's key stretching) on the stretching threads, or a 503 with ``Retry-After``
        when :data:`STRETCHING_WAITING` calls already wait: a burst of guesses waits or is refused, and never
        holds more than :data:`STRETCHING_AT_ONCE` scrypt buffers."""
        if self.stretching >= STRETCHING_AT_ONCE + STRETCHING_WAITING:
            message = "too many join codes are being checked at once: ask again shortly"
            raise ServiceError(503, "ServiceUnavailable", message, retry_after=1)
        loop = asyncio.get_running_loop()
        self.stretching += 1

        def done(_: object) -> None:  # on the stretching thread, or here when cancelled before it ran
            loop.call_soon_threadsafe(self._stretched)

        made = self.stretcher.submit(function, *args)
        made.add_done_callback(done)
        return await asyncio.wrap_future(made)

    def _stretched(self) -> None:
        self.stretching -= 1

    def admit(self, request: Request) -> None:
        """A new game from the request's address, or a 429 past :data:`MAX_GAMES_PER_ADDRESS`."""
        address = request.client.host if request.client else ""
        most = self.max_games_per_address
        if not self._counted(self.created_by, address, most):
            minutes = ADDRESS_WINDOW_S / 60
            wait = self._wait(self.created_by, address, most)
            message = f"this address made {most} games in {minutes:g} minutes: wait {wait} s"
            raise ServiceError(429, "TooManyGames", message, retry_after=wait)
        self.created_by.setdefault(address, []).append(time.monotonic())

    async def state_of(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> dict[str, Any]:
        """The game's state (:func:`.live.current_state`), computed once for its actions and language."""
        key = (game_id, len(entries), language.current(), spec.names, spec.claimed(1), spec.rematch)
        found = self.states.get(key)
        if found is None:
            found = await self.call("state", game_id, spec, entries)
            if len(self.states) >= 4096:  # a bound: the oldest half goes
                for old in list(self.states)[:2048]:
                    del self.states[old]
            self.states[key] = found
        return found

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s)
            try:
                await self.sweep()
            except Exception:  # a store down a while: the next sweep tries again
                log.exception("the sweep of the games failed")

    async def sweep(self) -> tuple[int, int]:
        """End the games days a move whose seat to act ran out of time (found by their deadline, each checked
        again on its actions' times), and forget the finished games past :attr:`keep_days`: how many of each."""
        ended = 0
        for game_id in await anyio.to_thread.run_sync(self.store.due, self.now(), SWEEP_BATCH):

            async def work(game_id: str = game_id) -> int:
                try:
                    spec, entries = await self.stored(game_id)
                except ServiceError:  # forgotten meanwhile
                    return 0
                return len(await self.out_of_time(game_id, spec, entries))

            ended += await self.one_at_a_time(game_id, work)
        before = self.now() - self.keep_days * live.DAY_S
        forgotten = await anyio.to_thread.run_sync(self.store.forget_finished, before, SWEEP_BATCH)
        return ended, len(forgotten)

    async def clock_of(
        self, game_id: str, spec: live.GameSpec, entries: list[live.Entry], state: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The clock of the seat to act: a game days a move's (its bank's, :func:`.live.correspondence`; its
        deadline kept in the store for the sweep), else between invited people the live one."""
        if spec.days is None:
            return self.clock(game_id, spec, state) if spec.invited else None
        times = await anyio.to_thread.run_sync(self.store.times, game_id)
        found = live.correspondence(spec, entries, times, state["to_act"], self.now())
        assert found is not None
        found["phase"] = state["phase"]
        deadline = None if state["over"] else found["deadline"]
        if game_id not in self.deadlines or self.deadlines[game_id] != deadline:
            await anyio.to_thread.run_sync(self.store.set_deadline, game_id, deadline)
            if len(self.deadlines) >= 4096:  # a bound: the oldest half goes (written again when asked)
                for old in list(self.deadlines)[:2048]:
                    del self.deadlines[old]
            self.deadlines[game_id] = deadline
        return found

    async def out_of_time(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """A game days a move whose seat to act is past its deadline: ended, that seat out of time (kept as the
        game's last action); what it played. ``entries`` grows by it."""
        state = await self.state_of(game_id, spec, entries)
        if state["over"]:
            return []
        clock = await self.clock_of(game_id, spec, entries, state)
        if clock is None or clock["deadline"] is None or self.now() <= clock["deadline"]:
            return []
        entry: live.Entry = ("AB".index(state["to_act"]), live.OUT_OF_TIME, "")
        await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], True)
        entries.append(entry)
        said = {"player": state["to_act"], "action": live.OUT_OF_TIME, "drew": "", "scores": state["scores"]}
        return [{**said, "gained": 0, "time_over": True}]

    async def on_time(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """Between invited people: the time-over action of a person past their time (a Jarnac window
        declined, a clock's pass), committed; what it played. ``entries`` grows by it. A game days a move:
        its seat to act out of time (:meth:`out_of_time`)."""
        if spec.days is not None:
            return await self.out_of_time(game_id, spec, entries)
        if not spec.invited:
            return []
        started = self.committed_at.setdefault(game_id, time.time())  # unknown (a restart): from now
        phase = (await self.state_of(game_id, spec, entries))["phase"]
        limit = spec.limit(phase)
        if limit is None or time.time() - started <= limit:
            return []
        done = await self.call("time_over", game_id, spec, entries, time.time() - started)
        if done["entry"] is None:
            return []
        who, action, drawn = done["entry"]
        entry: live.Entry = (int(who), str(action), str(drawn))
        await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], done["over"])
        entries.append(entry)
        return [done["played"]]

    async def game_now(
        self, game_id: str, spec: live.GameSpec, entries: list[live.Entry], played: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """A game's answer after a request: its state, what the computer (or the clock) played, and between
        invited people the clock of the one to act."""
        state = await self.state_of(game_id, spec, entries)
        result: dict[str, Any] = {"id": game_id, "game": state, "played": played}
        if spec.invited or spec.days is not None:
            result["clock"] = await self.clock_of(game_id, spec, entries, state)
        if self.pusher is not None and spec.invited and played:
            self.push_turn(game_id, state, played)
        return result

    def push_turn(self, game_id: str, state: dict[str, Any], played: list[dict[str, Any]]) -> None:
        """The Web Push of a game between invited people after a request played: both seats told of its
        end, else the seat to act told of its turn when the last play was the other's."""
        assert self.pusher is not None
        if state["over"]:
            self.pusher.push(self.store, game_id, [0, 1], {"game": game_id, "event": "over"})
        elif state["to_act"] in ("A", "B") and played[-1].get("player") != state["to_act"]:
            seat = "AB".index(state["to_act"])
            self.pusher.push(self.store, game_id, [seat], {"game": game_id, "event": "turn"})

    def clock(self, game_id: str, spec: live.GameSpec, state: dict[str, Any]) -> dict[str, Any] | None:
        """The time the person to act has left, between invited people (``None``: no limit now)."""
        limit = spec.limit(state["phase"]) if state["to_act"] is not None else None
        if limit is None:
            return None
        started = self.committed_at.setdefault(game_id, time.time())
        left = max(0.0, limit - (time.time() - started))
        return {"to_act": state["to_act"], "phase": state["phase"], "limit_s": limit, "left_s": round(left, 3)}

    async def settle(self, game_id: str, spec: live.GameSpec, entries: list[live.Entry]) -> list[dict[str, Any]]:
        """The computer's turns (none when a person is to act), committed; what it played. ``entries``
        grows by them."""
        if not (spec.computer(0) or spec.computer(1)):
            return []
        turns = await self.call("computer_turns", game_id, spec, entries, heavy=spec.think_ms > LIGHT_BUDGET_MS)
        new: list[live.Entry] = [(int(w), str(a), str(d)) for w, a, d in (t["entry"] for t in turns["turns"])]
        await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), new, turns["over"])
        entries += new
        return [t["played"] for t in turns["turns"]]

    async def one_at_a_time(self, game_id: str, work: Callable[[], Awaitable[Any]]) -> Any:
        """``work`` with the game's lock held: a game's requests one at a time, its actions in order.

        The lock holds in this process; across servers sharing a store the key ``(game, n)`` does: a
        request that lost the race (:class:`~.store.ConflictError`, nothing written) is done again on the
        game as it now is, as it would have waited its turn here."""
        lock = self.game_locks.get(game_id)
        if lock is None:
            lock = self.game_locks[game_id] = asyncio.Lock()
        for _ in range(CONFLICT_RETRIES - 1):
            try:
                async with lock:
                    return await work()
            except ConflictError:
                continue
        async with lock:
            return await work()

    @endpoint("game")
    async def new_game(self, request: Request) -> Response:
        values = await self.read(request, NEW_GAME)
        invited = values.get("seats") in KEYED_SEATS
        keys: dict[str, str] = {}
        code = ""
        invitation: Invitation | None = None
        if invited:  # the creator's key; B's too on one device, else an invitation that seats B once
            keys = {"A": seats.new_key(), **({"B": seats.new_key()} if values.get("seats") == HOTSEAT else {})}
            if "B" not in keys:
                code = seats.join_code()
                invitation = Invitation(await self.stretch(seats.code_digest, code), 1, JOIN_KIND)
        game_id = seats.new_game_id() if invited else secrets.token_urlsafe(9)
        digests = (seats.digest(keys["A"]), seats.digest(keys["B"]) if "B" in keys else "") if invited else None
        # An invitation to a game days a move waits as long as a decision does.
        expires = time.time() + max(self.invite_seconds, float(values.get("days") or 0) * live.DAY_S)
        with speaking(language.current()):  # a seat not offered is said in the asker's language
            spec = live.new_spec(values, self.offer, secrets.randbelow(2**31), digests, expires)
        self.admit(request)

        async def work() -> dict[str, Any]:
            state = await self.call("start", game_id, spec)
            await anyio.to_thread.run_sync(self.store.add, game_id, spec, invitation)
            entries: list[live.Entry] = []
            played = await self.settle(game_id, spec, entries)  # the computer opens when it is A
            if played:
                state = await self.state_of(game_id, spec, entries)
            made: dict[str, Any] = {"id": game_id, "game": state, "played": played}
            if spec.days is not None:
                made["clock"] = await self.clock_of(game_id, spec, entries, state)
            return made

        result = await self.one_at_a_time(game_id, work)
        if invited:
            made = seats.links(str(request.base_url), game_id, keys)
            result["seats"] = {seat: {"key": key, "link": made[seat]} for seat, key in keys.items()}
            if code:  # one device: no one else is to join, so no code to read out or scan
                result["invitation"] = self.invitation(request, code)
            result["watch"] = made["watch"]
            result["expires"] = spec.expires
            result.setdefault("clock", self.clock(game_id, spec, result["game"]))
        return self.answer(self.game_document("game", spec, result), 201)

    @staticmethod
    def invitation(request: Request, code: str) -> dict[str, Any]:
        """An invitation as the creator gets it: the code to read aloud, its link, the link's QR code."""
        link = seats.join_link(str(request.base_url), code)
        made: dict[str, Any] = {"code": seats.shown_code(code), "link": link}
        qr = seats.qr_code(link)
        if qr is not None:
            made["qr"] = qr
        return made

    async def seated(self, request: Request, game_id: str, seat: int, key: str) -> tuple[live.GameSpec, dict[str, Any]]:
        """The answer to a device an invitation (or a transfer link) seated: the game and its seat's key."""

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            state = await self.state_of(game_id, spec, entries)
            name = "AB"[seat]
            link = seats.links(str(request.base_url), game_id, {name: key})
            result = {"id": game_id, "game": state, "played": [], "seats": {name: {"key": key, "link": link[name]}}}
            return spec, {**result, "watch": link["watch"], "clock": await self.clock_of(game_id, spec, entries, state)}

        spec, result = await self.one_at_a_time(game_id, work)
        return spec, result

    @endpoint("game join")
    async def join(self, request: Request) -> Response:
        """``POST /api/join``: seat B taken by this device, once, from the join code read aloud (or its link):
        a fresh key for it; the code opens nothing afterwards (410)."""
        values = await self.read(request, JOIN)
        code = seats.normal_code(str(values["code"]))
        address = request.client.host if request.client else ""
        if not self._counted(self.failed_joins, address, MAX_FAILED_JOINS):
            wait = self._wait(self.failed_joins, address, MAX_FAILED_JOINS)
            message = f"this address gave too many wrong join codes: wait {wait} s"
            raise ServiceError(429, "TooManyJoins", message, retry_after=wait)
        # Counted as wrong before the costly check, in the same step of the event loop as the bound's test:
        # concurrent guesses cannot all pass the bound while the first are checked. A code that opens an
        # invitation (even one taken or withdrawn: it was not a guess) takes its count back.
        guess = time.monotonic()
        self.failed_joins.setdefault(address, []).append(guess)
        key = seats.new_key()
        claim = None
        if code is not None:
            # The code's stretching takes tens of milliseconds and 16 MiB: off the event loop, one at a time.
            found = await self.stretch(seats.code_digest, code)
            asked = (found, JOIN_KIND, seats.digest(key), values.get("name"))
            claim = await anyio.to_thread.run_sync(self.store.claim, *asked)
        if claim is not None:
            with contextlib.suppress(ValueError):
                self.failed_joins.get(address, []).remove(guess)
        if claim is None:
            if code is None:
                raise ServiceError(400, "UsageError", "not a join code: 12 letters and digits (K7QM-2PXA-9B3C)", "code")
            raise ServiceError(404, "UnknownGame", "no game waits for this join code (check it, or ask for a new one)")
        if claim.closed:  # the page's own sentence, in the asker's language
            kind = "InvitationWithdrawn" if claim.closed == WITHDRAWN else "SeatTaken"
            raise ServiceError(410, kind, Reason(f"page.err_{kind}").text(language.current()), "code")
        spec, result = await self.seated(request, claim.game, claim.seat, key)
        return self.answer(self.game_document("game join", spec, result))

    @endpoint("game invitation")
    async def new_invitation(self, request: Request) -> Response:
        """``POST /api/games/{id}/invitation``: seat A's holder makes a new join code (the open one withdrawn),
        while seat B is not taken."""
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec = await self.inviting(request, game_id)
            code = seats.join_code()
            invitation = Invitation(await self.stretch(seats.code_digest, code), 1, JOIN_KIND)
            await anyio.to_thread.run_sync(self.store.invite, game_id, invitation)
            return spec, {"id": game_id, "invitation": self.invitation(request, code), "expires": spec.expires}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game invitation", spec, result), 201)

    @endpoint("game invitation")
    async def cancel_invitation(self, request: Request) -> Response:
        """``DELETE /api/games/{id}/invitation``: seat A's holder withdraws the open join code (it opens nothing)."""
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec = await self.inviting(request, game_id)
            withdrawn = await anyio.to_thread.run_sync(self.store.withdraw, game_id, 1, JOIN_KIND)
            return spec, {"id": game_id, "withdrawn": withdrawn > 0}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game invitation", spec, result))

    async def inviting(self, request: Request, game_id: str) -> live.GameSpec:
        """The setting of a game whose invitation seat A's key (the request's) may change: B not seated yet."""
        spec, _ = await self.stored(game_id)
        if not spec.invited or spec.hotseat:
            raise ServiceError(409, "NoInvitation", "only a game of two devices (seats: invite) has an invitation")
        if self.keyed(request, spec) != "A":
            raise ServiceError(403, "WrongSeat", "the invitation is the creator's: seat A's key changes it")
        if spec.claimed(1):
            raise ServiceError(410, "SeatTaken", "seat B is taken: an invitation would open nothing")
        return spec

    def resigning(self, request: Request, spec: live.GameSpec, asked: str | None) -> str:
        """The seat a resignation is for: its key's between invited people (a spectator: 403), else the
        person's seat of the game (``asked`` when two people share it)."""
        if spec.invited:
            seat = self.keyed(request, spec)
            if asked is not None and asked != seat:
                raise ServiceError(403, "WrongSeat", f"this key is seat {seat}'s, not {asked}'s", "player")
            return seat
        people = [seat for i, seat in enumerate("AB") if not spec.computer(i)]
        if asked is not None:
            if asked not in people:
                raise ServiceError(403, "WrongSeat", f"{asked} is the computer's seat: it never resigns", "player")
            return asked
        if len(people) > 1:
            raise ServiceError(400, "UsageError", "two people share this game: say which resigns (A or B)", "player")
        return people[0]

    @endpoint("game resign")
    async def game_resign(self, request: Request) -> Response:
        """``POST /api/games/{id}/resign``: the seat resigns, the other wins; kept as the game's last entry
        (the key ``(game, n)``: an action and a resignation racing for one number, one is kept)."""
        game_id = request.path_params["game_id"]
        asked = (await self.read(request, RESIGN)).get("player")

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            seat = self.resigning(request, spec, asked)
            state = await self.state_of(game_id, spec, entries)
            if state["over"]:
                raise ServiceError(409, "GameOver", f"game {game_id} is over already: there is nothing to resign")
            entry: live.Entry = ("AB".index(seat), live.RESIGN, "")
            await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], True)
            entries.append(entry)
            said = {"player": seat, "action": live.RESIGN, "drew": "", "scores": state["scores"], "gained": 0}
            return spec, await self.game_now(game_id, spec, entries, [said])

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game resign", spec, result))

    @endpoint("game mine")
    async def mine(self, request: Request) -> Response:
        """``POST /api/mine``: the games a browser holds, the ones waiting for it first (the least time left
        first), then the others in progress, then the finished, then those gone; ``next``: the first waiting."""
        asked = [str(text).split(":", 1) for text in (await self.read(request, MINE))["games"]]
        rows: list[dict[str, Any]] = []
        for order, (game_id, *seat) in enumerate(asked):
            plays = seat[0] if seat else ""
            if plays not in ("", "A", "B", "AB"):
                raise ServiceError(400, "UsageError", f"{plays[:4]!r} is no seat: A, B or AB", "games")

            async def work(game_id: str = game_id) -> tuple[live.GameSpec, list[live.Entry], dict[str, Any]] | None:
                try:
                    spec, entries = await self.stored(game_id)
                except ServiceError:  # forgotten, expired
                    return None
                await self.on_time(game_id, spec, entries)  # a seat out of time is said as the game is
                return spec, entries, await self.state_of(game_id, spec, entries)

            found = await self.one_at_a_time(game_id, work) if len(game_id) <= 64 else None
            rows.append({**await self.mine_row(game_id, plays, found), "order": order})
        rank = {"yours": 0, "theirs": 1, "over": 2, "gone": 3}
        rows.sort(
            key=lambda r: (rank[r["status"]], r["deadline"] if r["deadline"] is not None else math.inf, r["order"])
        )
        for row in rows:
            del row["order"]
        waiting = next((row["id"] for row in rows if row["status"] == "yours"), None)
        document = {"schema": SCHEMA, "command": "game mine", "lexicon": None, "rules": None}
        return self.answer({**document, "result": {"games": rows, "next": waiting}})

    async def mine_row(
        self, game_id: str, plays: str, found: tuple[live.GameSpec, list[live.Entry], dict[str, Any]] | None
    ) -> dict[str, Any]:
        """One game of :meth:`mine`: whose turn, the opponent's name (the computer's level), the time left."""
        row: dict[str, Any] = {"id": game_id, "seat": plays or None, "status": "gone", "deadline": None}
        if found is None:
            return row
        spec, entries, state = found
        clock = await self.clock_of(game_id, spec, entries, state)
        to_act = state["to_act"]
        yours = to_act is not None and (to_act in plays if plays else not spec.computer("AB".index(to_act)))
        status = "over" if state["over"] else "yours" if yours else "theirs"
        other = 1 if plays == "A" else 0 if plays == "B" else None
        opponent = None
        if other is not None:
            opponent = spec.players[other] if spec.computer(other) else spec.names[other] or "AB"[other]
        return {
            **row,
            "status": status,
            "to_act": to_act,
            "names": state["names"],
            "players": state["players"],
            "opponent": opponent,
            "scores": state["scores"],
            "winner": state["winner"],
            "ending": state["ending"],
            "actions": state["actions"],
            "days": spec.days,
            "left_s": clock["left_s"] if clock is not None else None,
            "deadline": clock.get("deadline") if clock is not None and status == "yours" else None,
        }

    @endpoint("game push")
    async def game_push(self, request: Request) -> Response:
        """``POST /api/games/{id}/push``: the holder of a seat (its key) hands the browser's Web Push
        subscription; it is told when it becomes the seat's turn, the game ends or a rematch is offered."""
        game_id = request.path_params["game_id"]
        if self.pusher is None:
            raise ServiceError(404, "NoPush", "this server sends no Web Push (it was given no VAPID key)")
        body = await self._json(request, 4096)
        try:
            endpoint, keys = webpush.check_subscription(body, self.pusher.loopback_http)
        except webpush.BadSubscription as exc:
            raise ServiceError(400, "UsageError", str(exc), exc.field) from None

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, _ = await self.stored(game_id)
            if not spec.invited:
                raise ServiceError(409, "NoPush", "Web Push is for games between invited people (seats: invite)")
            seat = self.keyed(request, spec)
            most = webpush.MAX_PER_SEAT
            await anyio.to_thread.run_sync(self.store.add_push, game_id, "AB".index(seat), endpoint, keys, most)
            return spec, {"id": game_id, "seat": seat, "push": True}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game push", spec, result))

    @endpoint("game rematch")
    async def game_rematch(self, request: Request) -> Response:
        """``POST /api/games/{id}/rematch``: a seat of a finished game between invited people offers a
        rematch; the other seat's same request accepts it: a new game, the seats swapped (each device plays
        on with its key), the same options, a new seed."""
        game_id = request.path_params["game_id"]
        await self.read(request, REMATCH)

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            if not spec.invited:
                message = "a rematch is between invited people; against the computer, start a new game"
                raise ServiceError(409, "NoRematch", message)
            seat = self.keyed(request, spec)
            if not (await self.state_of(game_id, spec, entries))["over"]:
                raise ServiceError(409, "GameNotOver", f"game {game_id} is not over: a rematch is offered at its end")
            offered, made = spec.rematch
            if not made and offered in ("", seat):  # an offer (made again: the same)
                offer = dataclasses.replace(spec, rematch=(seat, ""))
                if offer != spec:
                    await anyio.to_thread.run_sync(self.store.respec, game_id, spec, offer)
                spec, offered = offer, seat
                if self.pusher is not None:
                    other = 1 - "AB".index(seat)
                    self.pusher.push(self.store, game_id, [other], {"game": game_id, "event": "rematch"})
            elif not made:  # the other seat accepts
                made = seats.new_game_id()
                again = spec.rematched(secrets.randbelow(2**31))
                await self.call("start", made, again)
                await anyio.to_thread.run_sync(self.store.add, made, again)
                accepted = dataclasses.replace(spec, rematch=(offered, made))
                await anyio.to_thread.run_sync(self.store.respec, game_id, spec, accepted)
                spec = accepted
            swapped = "B" if seat == "A" else "A"
            result = {"id": game_id, "rematch": {"offered_by": offered, "game": made or None}}
            return spec, {**result, "seat": swapped if made else None}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game rematch", spec, result))

    @endpoint("game transfer")
    async def new_transfer(self, request: Request) -> Response:
        """``POST /api/games/{id}/transfer``: a seat's holder makes a link that moves the seat to another
        device, once (the open one of that seat withdrawn)."""
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, _ = await self.stored(game_id)
            if not spec.invited:
                raise ServiceError(409, "NoSeats", "only a game between invited people has seats to move")
            seat = self.keyed(request, spec)
            token = seats.new_key()
            invitation = Invitation(seats.digest(token), "AB".index(seat), TRANSFER_KIND)
            await anyio.to_thread.run_sync(self.store.invite, game_id, invitation)
            link = seats.transfer_link(str(request.base_url), token)
            return spec, {"id": game_id, "seat": seat, "transfer": {"token": token, "link": link}}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game transfer", spec, result), 201)

    @endpoint("game transfer")
    async def transfer(self, request: Request) -> Response:
        """``POST /api/transfer``: the seat a transfer link moves, taken by this device once (a fresh key;
        the old device's key acts no more); the link opens nothing afterwards (410)."""
        token = str((await self.read(request, TRANSFER))["token"])
        key = seats.new_key()
        claim = await anyio.to_thread.run_sync(self.store.claim, seats.digest(token), TRANSFER_KIND, seats.digest(key))
        if claim is None:
            raise ServiceError(404, "UnknownTransfer", "no seat waits for this transfer link", "token")
        if claim.closed:
            message = Reason("page.err_TransferUsed").text(language.current())
            raise ServiceError(410, "TransferUsed", message, "token")
        spec, result = await self.seated(request, claim.game, claim.seat, key)
        return self.answer(self.game_document("game transfer", spec, result))

    @endpoint("game")
    async def game_state(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            played = await self.settle(game_id, spec, entries)  # a computer's turn left by a stopped server
            played += await self.on_time(game_id, spec, entries)
            return spec, await self.game_now(game_id, spec, entries, played)

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game", spec, result))

    @endpoint("game action")
    async def game_action(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        values = await self.read(request, ACTION)
        text, drew, player, at = values["action"], values.get("drew"), values.get("player"), values.get("at")

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            nonlocal player
            spec, entries = await self.stored(game_id)
            if spec.invited:  # only the holder of the seat's key acts for it
                seat = self.keyed(request, spec)
                if player is not None and player != seat:
                    raise ServiceError(403, "WrongSeat", f"this key is seat {seat}'s, not {player}'s", "player")
                player = seat
            played_first = await self.settle(game_id, spec, entries)
            played_first += await self.on_time(game_id, spec, entries)
            if at is not None and at <= len(entries):
                # A retry of an action already taken (its answer was lost): the game as it is, not a 409.
                who, taken, _ = entries[at - 1]
                if (player is None or player == "AB"[who]) and live.same_action(taken, text):
                    state = await self.state_of(game_id, spec, entries)
                    return spec, {"id": game_id, "game": state, "played": played_first, "repeated": True}
                raise ServiceError(409, "IllegalActionError", f"action {at} is already {'AB'[who]} {taken}", "at")
            if at is not None and at != len(entries) + 1:
                held = len(entries)
                message = f"the game holds {held} actions: the next is {held + 1}, not {at}"
                raise ServiceError(409, "IllegalActionError", message, "at")
            try:
                done = await self.call("apply", game_id, spec, entries, text, drew, player, spec.invited)
            except ServiceError as exc:
                # An action that cannot be read is the body's action at fault (a 400); one the game refuses as
                # it stands (a 409: not this player's turn, letters it lacks) is no fault of a field.
                if exc.field is None and exc.status == 400 and exc.kind == "InvalidMoveError":
                    exc.field = "action"
                raise
            who, action, drawn = done["entry"]
            entry: live.Entry = (int(who), str(action), str(drawn))
            # Committed before the answer, and before the computer thinks: an accepted action survives a kill.
            await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], done["over"])
            entries.append(entry)
            played = [*played_first, done["played"], *await self.settle(game_id, spec, entries)]
            return spec, await self.game_now(game_id, spec, entries, played)

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game action", spec, result))

    @endpoint("game actions")
    async def game_actions(self, request: Request) -> Response:
        """``GET /api/games/{id}/actions?since=N``: the actions after the first N (a polling client's way)."""
        game_id = request.path_params["game_id"]
        since = int(self.query(request, SINCE).get("since", 0))

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            await self.settle(game_id, spec, entries)
            await self.on_time(game_id, spec, entries)
            _beyond(since, entries, "since")
            state = await self.state_of(game_id, spec, entries)
            actions = [_action(n, entries[n - 1]) for n in range(since + 1, len(entries) + 1)]
            result = {"id": game_id, "since": since, "actions": actions, "game": state}
            return spec, {**result, "clock": await self.clock_of(game_id, spec, entries, state)}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game actions", spec, result))

    @endpoint("game events")
    async def game_events(self, request: Request) -> Response:
        """``GET /api/games/{id}/events``: the push channel, Server-Sent Events (one event an action, its
        number the event's id), from ``Last-Event-ID`` (a browser's reconnection) or ``?since=N``."""
        game_id = request.path_params["game_id"]
        address = request.client.host if request.client else ""
        self.stream_room(game_id, address)  # refused before the store is read: a crowd of streams costs little
        since = int(self.query(request, SINCE).get("since", 0))
        last = request.headers.get("last-event-id", "").strip()
        if last:
            if not last.isdigit() or int(last) > contract.MAX_ACTIONS:
                message = f"{last[:40]!r} is not an action's number (0 to {contract.MAX_ACTIONS})"
                raise ServiceError(400, "UsageError", message, "Last-Event-ID")
            since = int(last)
        spec, entries = await self.one_at_a_time(game_id, lambda: self.stored(game_id))
        _beyond(since, entries, "Last-Event-ID" if last else "since")
        if since >= len(entries) and (await self.state_of(game_id, spec, entries))["over"]:
            return Response(status_code=204)  # nothing more will come: 204 tells an EventSource not to reconnect
        self.stream_room(game_id, address)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        events = self._events(game_id, since, address)
        return StreamingResponse(events, media_type="text/event-stream", headers=headers)

    def stream_room(self, game_id: str, address: str) -> None:
        """A 503 with ``Retry-After`` when the server holds its most streams (it sheds load), a 429 when the
        game or the client's address does; the connection closed after it (``Connection: close``)."""
        try:
            self.notifier.check(game_id, address)
        except StreamsFull as exc:
            raise ServiceError(503, "TooManyStreams", str(exc), retry_after=RETRY_STREAM_S) from None
        except TooManyStreams as exc:
            raise ServiceError(429, "TooManyStreams", str(exc), retry_after=RETRY_STREAM_S) from None

    async def _events(self, game_id: str, sent: int, address: str = "") -> AsyncIterator[bytes]:
        """The stream of :meth:`game_events`: in the event loop, never in a worker; its memory is one game's
        actions at most (each event written when the socket takes it)."""
        try:
            self.notifier.check(game_id, address)
        except TooManyStreams:  # the room taken since the request was checked: the browser asks again later
            yield f"retry: {RETRY_STREAM_S * 1000}\n\n".encode()
            return
        with self.notifier.open(game_id, address):
            yield b"retry: 2000\n\n"
            written = quiet = time.monotonic()
            state: dict[str, Any] | None = None
            while True:
                seen = self.notifier.version(game_id)  # before the read: a commit after it moves the version

                async def look(
                    known: int = sent, held: bool = state is not None
                ) -> tuple[live.GameSpec, list[live.Entry], dict[str, Any] | None]:
                    spec, entries = await self.stored(game_id)
                    await self.on_time(game_id, spec, entries)
                    new = not held or len(entries) > known
                    return spec, entries, await self.state_of(game_id, spec, entries) if new else None

                try:
                    spec, entries, fresh = await self.one_at_a_time(game_id, look)
                except ServiceError as exc:  # forgotten, expired
                    yield f"event: gone\ndata: {json.dumps({'type': exc.kind, 'message': exc.message})}\n\n".encode()
                    return
                except (_Stopping, StoreFullError, DamagedGameError):
                    return
                except StoreUnavailableError as exc:  # the store went away: the stream ends, the browser retries
                    log.warning("a push stream of game %s ended: %s", game_id, exc)
                    return
                state = fresh or state
                assert state is not None
                clock = self.clock(game_id, spec, state)
                if spec.days is not None:  # a game days a move: its bank's clock
                    clock = await self.clock_of(game_id, spec, entries, state)
                for n in range(sent + 1, len(entries) + 1):
                    extra = {"game": state, "clock": clock} if n == len(entries) else {}
                    data = json.dumps({**_action(n, entries[n - 1]), **extra}, ensure_ascii=False)
                    yield f"id: {n}\nevent: action\ndata: {data}\n\n".encode()
                    written = quiet = time.monotonic()
                sent = max(sent, len(entries))
                if state["over"]:
                    yield b"event: over\ndata: {}\n\n"
                    return
                now = time.monotonic()
                if now - quiet > self.stream_idle_s:
                    return
                if now - written >= self.heartbeat_s:
                    yield b": heartbeat\n\n"
                    written = now
                timeout = min(self.notifier.fallback, self.heartbeat_s)
                if (
                    clock is not None and clock["left_s"] is not None
                ):  # woken when the person to act runs out of time, to act for them
                    timeout = min(timeout, float(clock["left_s"]) + 0.05)
                await self.notifier.wait(game_id, seen, timeout)
                if self.notifier.stopping:
                    return

    @endpoint("game")
    async def game_delete(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            if spec.invited:  # a spectator may not end the game of two others
                self.keyed(request, spec)
            state = await self.state_of(game_id, spec, entries)
            await anyio.to_thread.run_sync(self.store.delete, game_id)
            return spec, {"id": game_id, "game": state, "played": [], "deleted": True}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game", spec, result))

    @endpoint("game advice")
    async def game_advice(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        values = self.query(request, ADVICE)
        budget = min(float(values.get("budget", 1000.0)), self.offer.max_budget_ms)
        familiar = bool(values.get("familiarity", False))
        if familiar and not self.familiarity_installed:
            raise ServiceError(400, "MissingExtraError", FAMILIARITY_INSTALL, "familiarity")
        asked = (budget / 1000, int(values.get("top", 5)), str(values.get("depth", "plan")), familiar)

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            if not spec.hints:
                raise ServiceError(403, "HintsOff", "this game was created without hints (hints: false)")
            if spec.invited:  # advice is the seat to act's alone: a spectator would whisper it
                seat = self.keyed(request, spec)
                to_act = (await self.state_of(game_id, spec, entries))["to_act"]
                if seat != to_act:
                    raise ServiceError(403, "WrongSeat", f"this key is seat {seat}'s: advice is for {to_act}, to act")
            result = await self.call("advice", game_id, spec, entries, *asked, heavy=budget > LIGHT_BUDGET_MS)
            return spec, {"id": game_id, "budget_ms": budget, **result}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game advice", spec, result))

    @endpoint("game record")
    async def game_record(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        form = self.query(request, RECORD).get("format", "json")

        async def work() -> tuple[live.GameSpec, Any]:
            spec, entries = await self.stored(game_id)
            return spec, await self.call("record", game_id, spec, entries)

        spec, made = await self.one_at_a_time(game_id, work)
        if form == "text":
            download = {"Content-Disposition": f'attachment; filename="jarnac-{game_id}.txt"'}
            return PlainTextResponse(str(made), headers=download)
        return self.answer(
            self.game_document("game record", spec, {"id": game_id, "record": made.to_dict(), "text": str(made)})
        )

    # -- the audit, the service's own documents, the page -----------------------------------------

    @endpoint("audit")
    async def audit(self, request: Request) -> Response:
        values = await self.read(request, AUDIT, max(self.max_body_bytes, MAX_AUDIT_BYTES))
        lexicon = values.get("lexicon", self.offer.default_lexicon)
        asked = (values["text"], self.offer.lexicons, lexicon, values.get("rules", "sheet"), values.get("deep", False))
        value = await self.guarded(audits.guarded_audit, *asked, heavy=True)
        return self.answer({"schema": SCHEMA, "command": "audit", "lexicon": None, "rules": None, "result": value})

    @endpoint("review")
    async def review(self, request: Request) -> Response:
        """``POST /api/review``: one game sent as text (:mod:`.reviews`), on the heavy lane."""
        values = await self.read(request, REVIEW, max(self.max_body_bytes, MAX_AUDIT_BYTES))
        lexicon = values.get("lexicon", self.offer.default_lexicon)
        read = (self.offer.lexicons, lexicon, values.get("rules", "sheet"))
        arguments = reviews.review_arguments(values, self.offer)
        value = await self.guarded(reviews.guarded_review, values["text"], arguments, *read, heavy=True)
        return self.answer({"schema": SCHEMA, "command": "review", "lexicon": None, "rules": None, "result": value})

    @endpoint("game review")
    async def game_review(self, request: Request) -> Response:
        """``GET /api/games/{id}/review``: a finished live game reviewed, the options in the query."""
        game_id = request.path_params["game_id"]
        arguments = reviews.review_arguments(self.query(request, GAME_REVIEW), self.offer)

        async def work() -> tuple[live.GameSpec, Any, bool]:
            spec, entries = await self.stored(game_id)
            return spec, await self.call("record", game_id, spec, entries), live.ending(entries) is not None

        spec, made, ended = await self.one_at_a_time(game_id, work)
        if made.result == UNFINISHED and not ended:  # a review of a game going on would advise the player to act
            raise ServiceError(409, "GameNotOver", f"game {game_id} is not over: it is reviewed once it ends")
        # Reviewed outside the game's lock: a finished game no longer changes, and a review runs for seconds.
        value = await self.guarded(reviews.guarded_review, made, arguments, heavy=True)
        return self.answer(self.game_document("game review", spec, {"id": game_id, **value}))

    async def health(self, request: Request) -> Response:
        return _Json(
            {
                "status": "ok",
                "schema": SCHEMA,
                "version": __version__,
                "lexicons": list(self.offer.lexicons),
                "presets": list(PRESETS),
                # Strongest first by the measured table (play/players.py ratings): the page lists them so.
                "players": [PERSON, *strongest_first(list(PLAYERS))],
                "ratings": _mean_ratings(),
                # Each lexicon's own table: the page orders and rates its opponents by the lexicon chosen.
                "ratings_by_lexicon": ratings(),
                "aliases": dict(ALIASES),
                # The players whose games against a person take over the seconds offered (play/offered.py):
                # language -> preset -> names; the page leaves them out, a new game with one is refused (409).
                "not_offered": slow_table(),
                "game_seconds": GAME_SECONDS,
                "familiarity": self.familiarity_installed,
                "max_budget_ms": self.offer.max_budget_ms,
                # The VAPID public key the page subscribes to Web Push with (null: the server sends none).
                "push_key": self.pusher.public_key if self.pusher is not None else None,
                "load": self.load(),
            }
        )

    def load(self) -> dict[str, Any]:
        """What the server holds now and whether it sheds load (a monitor reads it): its connections (under
        ``serve``), push streams, lanes and join codes being stretched."""
        streams = self.notifier.streams
        held = self.gate.load() if self.gate is not None else None
        shedding = streams >= self.notifier.max_streams or self.stretching >= STRETCHING_AT_ONCE + STRETCHING_WAITING
        if held is not None:
            shedding = shedding or held["connections"] >= held["max_connections"]  # at the cap: shedding
        return {
            "shedding": shedding,
            "connections": held,
            "streams": {"open": streams, "max": self.notifier.max_streams, "per_address": self.notifier.per_address},
            "lanes": self.lanes.load(),
            "stretching": {"busy": self.stretching, "max": STRETCHING_AT_ONCE + STRETCHING_WAITING},
        }

    async def openapi_json(self, request: Request) -> Response:
        return _Json(self.openapi)

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def service_worker(self, request: Request) -> Response:
        """``GET /sw.js``: the page's service worker, served at the root so that its scope is the whole page."""
        return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    async def static_file(self, request: Request) -> Response:
        """One of the page's files by its exact name (no folder, no trailing slash, nothing else)."""
        found = self.static.get(request.path_params["name"])
        if found is None:
            return _error(404, "NotFound", f"GET {request.url.path}: no such file of the page")
        return FileResponse(found, headers={"Cache-Control": "no-cache"})


def _beyond(since: int, entries: Sequence[live.Entry], field: str) -> None:
    """A client that says it has seen more actions than the game holds has another game, or a forged
    number: said, not answered with silence it would wait on for ever."""
    if since > len(entries):
        # The field is said once, by the error document (``since: ...``), not again here.
        message = f"{since} is beyond the game's {len(entries)} actions (0 to {len(entries)})"
        raise ServiceError(400, "UsageError", message, field)


def _action(n: int, entry: live.Entry) -> dict[str, Any]:
    """Action ``n`` (from 1) of a game as the push channel and the polling route tell it."""
    who, action, drew = entry
    return {"n": n, "player": "AB"[who], "action": action, "drew": drew}


def _mean_ratings() -> dict[str, int]:
    """Each rated player's Elo (the planner at 0), the mean over the rated lexicons, for the page's list."""
    tables = list(ratings().values())
    names = {name for table in tables for name in table}
    means = {n: [t[n] for t in tables if n in t] for n in names}
    return {n: round(sum(v) / len(v)) for n, v in sorted(means.items())}


def _shown_path(request: Request) -> str:
    """The request's path as an error says it (a long one cut: the answer stays small)."""
    path = request.url.path
    return path if len(path) <= 60 else path[:60] + "..."


_SHOWN_METHODS = ("GET", "POST", "DELETE")
"""The methods a 405 names (a ``GET`` route also answers ``HEAD``, which its ``Allow`` header keeps)."""


def _wrong_method(request: Request) -> Response | None:
    """The 405 of a path whose routes take other methods, naming them all (its ``Allow`` header too);
    ``None`` when no route but the catch-all ``/api/...`` has this path. Starlette's own names the methods
    of the path's first route only (``/api/games/ID``: GET, not DELETE)."""
    allowed: set[str] = set()
    for route in request.app.router.routes:
        if not isinstance(route, Route) or route.endpoint.__name__ == "unknown_command" or not route.methods:
            continue
        if route.matches(request.scope)[0] is not Match.NONE:
            allowed |= route.methods
    named = [m for m in _SHOWN_METHODS if m in allowed]
    if not named:
        return None
    shown = _shown_path(request)
    response = _error(405, "MethodNotAllowed", f"{request.method} {shown}: use {' or '.join(named)}")
    response.headers["Allow"] = ", ".join(sorted(allowed))
    return response


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    shown = _shown_path(request)
    if exc.status_code == 405:
        wrong = _wrong_method(request)
        if wrong is not None:
            return wrong
        message = f"{request.method} {shown}: no such route (GET /api/openapi.json lists them)"
        return _error(404, "NotFound", message)
    kind = {404: "NotFound"}.get(exc.status_code, "HTTPError")
    return _error(exc.status_code, kind, f"{request.method} {shown}: {exc.detail}")


async def _internal_error(request: Request, exc: Exception) -> Response:
    log.exception("%s %s", request.method, request.url.path, exc_info=exc)
    return _error(500, "InternalError", "the server failed on this request (its log says why)")


def _command_route(service: Service, name: str) -> Route:
    async def run(request: Request) -> Response:
        return await service.command(request, name)

    return Route(f"/api/{name.replace(' ', '/')}", run, methods=["POST"])


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

    practice = practice_routes.Practice(service, data)  # puzzles and quizzes: their routes, store and paths
    service.openapi["paths"].update(practice.openapi_paths())
    routes = [
        Route("/api/health", service.health, methods=["GET"]),
        Route("/api/openapi.json", service.openapi_json, methods=["GET"]),
        Route("/api/games", service.new_game, methods=["POST"]),
        Route("/api/games/{game_id}", service.game_state, methods=["GET"]),
        Route("/api/games/{game_id}", service.game_delete, methods=["DELETE"]),
        Route("/api/games/{game_id}/actions", service.game_action, methods=["POST"]),
        Route("/api/games/{game_id}/actions", service.game_actions, methods=["GET"]),
        Route("/api/games/{game_id}/events", service.game_events, methods=["GET"]),
        Route("/api/join", service.join, methods=["POST"]),
        Route("/api/games/{game_id}/invitation", service.new_invitation, methods=["POST"]),
        Route("/api/games/{game_id}/invitation", service.cancel_invitation, methods=["DELETE"]),
        Route("/api/games/{game_id}/transfer", service.new_transfer, methods=["POST"]),
        Route("/api/transfer", service.transfer, methods=["POST"]),
        Route("/api/games/{game_id}/resign", service.game_resign, methods=["POST"]),
        Route("/api/mine", service.mine, methods=["POST"]),
        Route("/api/games/{game_id}/rematch", service.game_rematch, methods=["POST"]),
        Route("/api/games/{game_id}/push", service.game_push, methods=["POST"]),
        Route("/api/games/{game_id}/advice", service.game_advice, methods=["GET"]),
        Route("/api/games/{game_id}/record", service.game_record, methods=["GET"]),
        Route("/api/games/{game_id}/review", service.game_review, methods=["GET"]),
        Route("/api/audit", service.audit, methods=["POST"]),
        Route("/api/review", service.review, methods=["POST"]),
        *(_command_route(service, name) for name in contract.SERVED),
        *practice.routes(),
        Route("/api/{command:path}", service.unknown_command, methods=["GET", "POST"]),
        Route("/", service.page, methods=["GET"]),
        Route("/static/{name}", service.static_file, methods=["GET"]),
        Route("/sw.js", service.service_worker, methods=["GET"]),
        *language.ROUTES,
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
    handlers = {HTTPException: _http_error, Exception: _internal_error}
    lifespan = functools.partial(practice.lifespan, service.lifespan)
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan, middleware=middleware)
    app.router.redirect_slashes = False  # /static/app.js/ is no file: a 404, not a redirect to one
    app.state.openapi = service.openapi
    service.max_games_per_address = max_games_per_address
    service.keep_days = keep_days
    app.state.service = service  # its clock and its sweep, for tests and benchmarks
    app.state.practice = practice
    service.notifier = Notifier(max_streams, per_address=max_streams_per_address)
    service.gate = gate
    if vapid_private_key is not None:
        service.pusher = webpush.Pusher(vapid_private_key, vapid_subject or "", loopback_http=push_loopback_http)
    app.state.stop_streams = service.notifier.stop  # the push streams end when the server is told to stop
    return app
