"""What the service answers: JSON as the command line writes it, and every refusal as its error document.

Key idea: one envelope for every refusal, the ``--json`` error document (``{"error": {"type", "message",
"field", "faults"}}``) with a 4xx status or a clean 5xx: an endpoint raises :class:`ServiceError` (or a
store's or a lane's exception) and :func:`refusing` turns it into that document; Starlette's own errors
(no such route, a wrong method) are said the same way (:func:`http_error`).
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Match, Route

from ..cli import SCHEMA
from .contract import BodyError, Fault
from .lanes import Stopping
from .language import say
from .storage import ConflictError, DamagedGameError, StoreFullError, StoreUnavailableError

log = logging.getLogger(__name__)

S = TypeVar("S")


class Json(JSONResponse):
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


def error_document(kind: str, message: str, command: str = "", faults: Sequence[Fault] = ()) -> dict[str, Any]:
    """The error document of the command line's ``--json`` (the package's ``schema.json``), with the
    field at fault and, for a body, every fault of it (both keys always there, so a client reads them
    without a test: ``field`` null and ``faults`` empty when no field is at fault)."""
    made: dict[str, Any] = {
        "type": kind,
        "message": message,
        "field": (faults[0].field or None) if faults else None,
        "faults": [{"field": f.field or None, "message": f.message} for f in faults],
    }
    return {"schema": SCHEMA, "command": command, "error": made}


def error(status: int, kind: str, message: str, command: str = "", faults: Sequence[Fault] = ()) -> Response:
    return Json(error_document(kind, message, command, faults), status_code=status)


async def refusing(command: str, work: Awaitable[Response]) -> Response:
    """``work``'s answer, or its refusal as the error document of ``command`` (the name its documents carry)."""
    try:
        return await work
    except BodyError as exc:
        return error(exc.status, exc.kind, str(exc), command, exc.faults)
    except ServiceError as exc:
        faults = [Fault(exc.field, exc.message)] if exc.field else []
        message = f"{exc.field}: {exc.message}" if exc.field else exc.message
        refused = error(exc.status, exc.kind, message, command, faults)
        if exc.retry_after is not None:  # a bound or the server's load: the client asks again later, anew
            refused.headers["Retry-After"] = str(exc.retry_after)
            refused.headers["Connection"] = "close"
        return refused
    except StoreFullError as exc:
        return error(507, "StoreFull", str(exc), command)
    except DamagedGameError as exc:
        log.error("%s", exc)
        return error(500, "DamagedGameError", str(exc), command)
    except StoreUnavailableError as exc:
        log.error("%s", exc)
        return error(503, "StoreUnavailable", str(exc), command)
    except ConflictError as exc:
        return error(409, "Conflict", f"{exc}; ask again", command)
    except Stopping:
        return error(503, "ServiceUnavailable", say("refused_no_worker"), command)


Handler = Callable[[S, Request], Awaitable[Response]]
"""An endpoint: a function of the service (its state) and the request."""


def endpoint(command: str) -> Callable[[Handler[S]], Handler[S]]:
    """An endpoint of ``command``: its refusals as error documents (:func:`refusing`)."""

    def wrap(function: Handler[S]) -> Handler[S]:
        @functools.wraps(function)
        async def run(service: S, request: Request) -> Response:
            return await refusing(command, function(service, request))

        return run

    return wrap


def route(path: str, service: S, function: Handler[S], method: str) -> Route:
    """The route of ``method path`` answered by ``function`` of ``service`` (its name kept: a 405 reads it)."""

    @functools.wraps(function)
    async def run(request: Request) -> Response:
        return await function(service, request)

    return Route(path, run, methods=[method])


def shown_path(request: Request) -> str:
    """The request's path as an error says it (a long one cut: the answer stays small)."""
    path = request.url.path
    return path if len(path) <= 60 else path[:60] + "..."


SHOWN_METHODS = ("GET", "POST", "DELETE")
"""The methods a 405 names (a ``GET`` route also answers ``HEAD``, which its ``Allow`` header keeps)."""


def wrong_method(request: Request) -> Response | None:
    """The 405 of a path whose routes take other methods, naming them all (its ``Allow`` header too);
    ``None`` when no route but the catch-all ``/api/...`` has this path. Starlette's own names the methods
    of the path's first route only (``/api/games/ID``: GET, not DELETE)."""
    allowed: set[str] = set()
    for route in request.app.router.routes:
        if not isinstance(route, Route) or route.endpoint.__name__ == "unknown_command" or not route.methods:
            continue
        if route.matches(request.scope)[0] is not Match.NONE:
            allowed |= route.methods
    named = [m for m in SHOWN_METHODS if m in allowed]
    if not named:
        return None
    shown = shown_path(request)
    code = ("refused_method_one", "refused_method_two", "refused_method_three")[len(named) - 1]
    methods = dict(zip(("first", "second", "third"), named, strict=False))
    response = error(405, "MethodNotAllowed", say(code, request=f"{request.method} {shown}", **methods))
    response.headers["Allow"] = ", ".join(sorted(allowed))
    return response


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    shown = shown_path(request)
    if exc.status_code == 405:
        wrong = wrong_method(request)
        if wrong is not None:
            return wrong
        return error(404, "NotFound", say("refused_no_route", request=f"{request.method} {shown}"))
    kind = {404: "NotFound"}.get(exc.status_code, "HTTPError")
    return error(exc.status_code, kind, f"{request.method} {shown}: {exc.detail}")


async def internal_error(request: Request, exc: Exception) -> Response:
    log.exception("%s %s", request.method, request.url.path, exc_info=exc)
    return error(500, "InternalError", "the server failed on this request (its log says why)")
