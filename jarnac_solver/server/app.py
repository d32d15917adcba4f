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
import functools
import importlib.util
import json
import logging
import multiprocessing
import os
import re
import secrets
import signal
import threading
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
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
from starlette.routing import Route

from .. import __version__
from ..cli import PROG, SCHEMA, run_json
from ..game.record import UNFINISHED
from ..lexicon.lexicon import Lexicon
from ..moves.rules import PRESETS
from ..play.players import PLAYERS, ratings, strongest_first
from . import audits, contract, language, live, reviews
from .contract import (
    ACTION,
    ADVICE,
    AUDIT,
    COMMAND_BODIES,
    GAME_REVIEW,
    LIGHT_BUDGET_MS,
    MAX_AUDIT_BYTES,
    MAX_BODY_BYTES,
    NEW_GAME,
    PERSON,
    RECORD,
    REVIEW,
    Body,
    BodyError,
    Fault,
    Offer,
    command_call,
)
from .guard import Guard
from .openapi import openapi_document
from .store import DamagedGameError, GameStore, StoreFullError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

log = logging.getLogger(__name__)

MAX_ANSWER_BYTES = 4 * 1024 * 1024
"""The largest answer sent: a listing beyond it is refused with a hint to narrow the question."""
STATIC = Path(__file__).resolve().parent / "static"
"""The page (``GET /``) and its scripts and styles: files of the package, nothing fetched elsewhere."""
FAMILIARITY_INSTALL = "familiar words first needs the familiarity extra: pip install 'jarnac-solver[familiarity]'"


class _Json(JSONResponse):
    """JSON as the command line writes it (``json.dumps(..., ensure_ascii=False)``), in UTF-8."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


class ServiceError(Exception):
    """A request the service refuses: an HTTP status and the error object (``field``: the one at fault)."""

    def __init__(self, status: int, kind: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.field = field


class _Stopping(Exception):
    """No worker can take the call: the pool was shut down (the server stops) or a worker died."""


def error_document(kind: str, message: str, command: str = "", faults: Sequence[Fault] = ()) -> dict[str, Any]:
    """The error document of the command line's ``--json`` (the package's ``schema.json``), with the
    field at fault and, for a body, every fault of it."""
    error: dict[str, Any] = {"type": kind, "message": message}
    if faults:
        error["field"] = faults[0].field or None
        error["faults"] = [{"field": f.field or None, "message": f.message} for f in faults]
    return {"schema": SCHEMA, "command": command, "error": error}


def _error(status: int, kind: str, message: str, command: str = "", faults: Sequence[Fault] = ()) -> Response:
    return _Json(error_document(kind, message, command, faults), status_code=status)


_CLI_ARGUMENT = re.compile(r"^argument (--[a-z-]+|[A-Za-z_|]+)(?:/[^:]*)?: ")
_CLI_OPTION = re.compile(r"--[a-z][a-z-]*")
_QUOTED_FIELD = re.compile(r"([a-z_]+):? (?=')")
_GAME_READ = re.compile(r"games/[^/]+(?:/advice|/record)?")
"""The paths under ``/api/`` a ``GET`` reads (a ``POST`` to one is told to use ``GET``)."""


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
    if quoted and quoted[1] in {f.name for f in body.fields}:
        return error_document(error["type"], message, command, [Fault(quoted[1], message[quoted.end() :])])
    return {**document, "error": {**error, "message": message}}


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

    @staticmethod
    def _pool(size: int) -> ProcessPoolExecutor:
        # spawn, not fork: the server's process has threads (the event loop's pool).
        return ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker)

    async def run(self, function: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
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
        return _error(exc.status, exc.kind, message, command, faults)
    except StoreFullError as exc:
        return _error(507, "StoreFull", str(exc), command)
    except DamagedGameError as exc:
        log.error("%s", exc)
        return _error(500, "DamagedGameError", str(exc), command)
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
        store: GameStore,
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

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The app's life: at its end the worker pools are shut down and the store closed (its lock freed)."""
        try:
            yield
        finally:
            self.lanes.close()
            self.store.close()

    # -- reading a request: the one place its body and options are read --------------------------

    async def read(self, request: Request, body: Body, limit: int | None = None) -> dict[str, Any]:
        """The request's body checked against ``body`` (every fault at once), at most ``limit`` bytes."""
        return body.read(await self._json(request, limit or self.max_body_bytes), self.offer)

    def query(self, request: Request, body: Body) -> dict[str, Any]:
        """The request's query parameters checked against ``body``."""
        return body.read(dict(request.query_params), self.offer, query=True)

    async def _json(self, request: Request, limit: int) -> Any:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise ServiceError(413, "RequestTooLarge", f"the body has {declared} bytes; at most {limit}")
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                raise ServiceError(413, "RequestTooLarge", f"the body is over {limit} bytes")
        try:
            return json.loads(bytes(raw) or b"{}")
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
        if path in ("health", "openapi.json") or _GAME_READ.fullmatch(path):
            return _error(405, "MethodNotAllowed", f"POST /api/{shown}: use GET")
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
        return found

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
        """``work`` with the game's lock held: a game's requests one at a time, its actions in order."""
        lock = self.game_locks.get(game_id)
        if lock is None:
            lock = self.game_locks[game_id] = asyncio.Lock()
        async with lock:
            return await work()

    @endpoint("game")
    async def new_game(self, request: Request) -> Response:
        values = await self.read(request, NEW_GAME)
        spec = live.new_spec(values, self.offer, secrets.randbelow(2**31))
        game_id = secrets.token_urlsafe(9)

        async def work() -> dict[str, Any]:
            state = await self.call("start", game_id, spec)
            await anyio.to_thread.run_sync(self.store.add, game_id, spec)
            entries: list[live.Entry] = []
            played = await self.settle(game_id, spec, entries)  # the computer opens when it is A
            if played:
                state = await self.call("state", game_id, spec, entries)
            return {"id": game_id, "game": state, "played": played}

        return self.answer(self.game_document("game", spec, await self.one_at_a_time(game_id, work)), 201)

    @endpoint("game")
    async def game_state(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            played = await self.settle(game_id, spec, entries)  # a computer's turn left by a stopped server
            return spec, {"id": game_id, "game": await self.call("state", game_id, spec, entries), "played": played}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game", spec, result))

    @endpoint("game action")
    async def game_action(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        values = await self.read(request, ACTION)
        text, drew, player, at = values["action"], values.get("drew"), values.get("player"), values.get("at")

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            played_first = await self.settle(game_id, spec, entries)
            if at is not None and at <= len(entries):
                # A retry of an action already taken (its answer was lost): the game as it is, not a 409.
                who, taken, _ = entries[at - 1]
                if (player is None or player == "AB"[who]) and live.same_action(taken, text):
                    state = await self.call("state", game_id, spec, entries)
                    return spec, {"id": game_id, "game": state, "played": played_first, "repeated": True}
                raise ServiceError(409, "IllegalActionError", f"action {at} is already {'AB'[who]} {taken}", "at")
            if at is not None and at != len(entries) + 1:
                held = len(entries)
                message = f"the game holds {held} actions: the next is {held + 1}, not {at}"
                raise ServiceError(409, "IllegalActionError", message, "at")
            done = await self.call("apply", game_id, spec, entries, text, drew, player)
            who, action, drawn = done["entry"]
            entry: live.Entry = (int(who), str(action), str(drawn))
            # Committed before the answer, and before the computer thinks: an accepted action survives a kill.
            await anyio.to_thread.run_sync(self.store.append, game_id, len(entries), [entry], done["over"])
            entries.append(entry)
            played = [*played_first, done["played"], *await self.settle(game_id, spec, entries)]
            state = await self.call("state", game_id, spec, entries)
            return spec, {"id": game_id, "game": state, "played": played}

        spec, result = await self.one_at_a_time(game_id, work)
        return self.answer(self.game_document("game action", spec, result))

    @endpoint("game")
    async def game_delete(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]

        async def work() -> tuple[live.GameSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            state = await self.call("state", game_id, spec, entries)
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

        async def work() -> tuple[live.GameSpec, Any]:
            spec, entries = await self.stored(game_id)
            return spec, await self.call("record", game_id, spec, entries)

        spec, made = await self.one_at_a_time(game_id, work)
        if made.result == UNFINISHED:  # a review of a game going on would advise the player to act
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
                "familiarity": self.familiarity_installed,
                "max_budget_ms": self.offer.max_budget_ms,
            }
        )

    async def openapi_json(self, request: Request) -> Response:
        return _Json(self.openapi)

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def static_file(self, request: Request) -> Response:
        """One of the page's files by its exact name (no folder, no trailing slash, nothing else)."""
        found = self.static.get(request.path_params["name"])
        if found is None:
            return _error(404, "NotFound", f"GET {request.url.path}: no such file of the page")
        return FileResponse(found, headers={"Cache-Control": "no-cache"})


def _mean_ratings() -> dict[str, int]:
    """Each rated player's Elo (the planner at 0), the mean over the rated lexicons, for the page's list."""
    tables = list(ratings().values())
    names = {name for table in tables for name in table}
    means = {n: [t[n] for t in tables if n in t] for n in names}
    return {n: round(sum(v) / len(v)) for n, v in sorted(means.items())}


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    kind = {404: "NotFound", 405: "MethodNotAllowed"}.get(exc.status_code, "HTTPError")
    return _error(exc.status_code, kind, f"{request.method} {request.url.path}: {exc.detail}")


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
    ends); ``max_games``: the most it keeps; ``max_store_bytes``: the most bytes its file grows to
    (a write beyond is a 507, as on a full disk).
    ``cors_origins``: the web origins whose pages may call the service (``*``: any);
    ``allowed_hosts``: the names (``Host``) it answers besides ``localhost`` and any IP address.
    """
    offered = tuple(lexicons) if lexicons else tuple(Lexicon.available())
    for name in offered:
        Lexicon.load(name)  # an unknown name fails here, at the start, not at the first request
    offer = Offer(offered, max_budget_ms)
    store = GameStore(
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

    routes = [
        Route("/api/health", service.health, methods=["GET"]),
        Route("/api/openapi.json", service.openapi_json, methods=["GET"]),
        Route("/api/games", service.new_game, methods=["POST"]),
        Route("/api/games/{game_id}", service.game_state, methods=["GET"]),
        Route("/api/games/{game_id}", service.game_delete, methods=["DELETE"]),
        Route("/api/games/{game_id}/actions", service.game_action, methods=["POST"]),
        Route("/api/games/{game_id}/advice", service.game_advice, methods=["GET"]),
        Route("/api/games/{game_id}/record", service.game_record, methods=["GET"]),
        Route("/api/games/{game_id}/review", service.game_review, methods=["GET"]),
        Route("/api/audit", service.audit, methods=["POST"]),
        Route("/api/review", service.review, methods=["POST"]),
        *(_command_route(service, name) for name in contract.SERVED),
        Route("/api/{command:path}", service.unknown_command, methods=["POST"]),
        Route("/", service.page, methods=["GET"]),
        Route("/static/{name}", service.static_file, methods=["GET"]),
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
            allow_headers=["Authorization", "Content-Type"],
        )
        middleware.insert(0, cors)
    handlers = {HTTPException: _http_error, Exception: _internal_error}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=service.lifespan, middleware=middleware)
    app.router.redirect_slashes = False  # /static/app.js/ is no file: a 404, not a redirect to one
    app.state.openapi = service.openapi
    return app
