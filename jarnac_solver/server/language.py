"""The reader's language over HTTP: a request's ``lang`` (query parameter, or a command body's field),
else its ``Accept-Language``, else English; and each language's catalog as JSON for the page.

Key idea: the language is chosen once, at the door (:class:`LanguageGate`, ASGI middleware, which also
refuses a ``lang`` with no catalog), and travels with the work: a command is answered in it (its body's
``lang`` first), a live game's call runs inside :func:`spoken` in its worker. The JSON codes
never change with it; only each reason's ``text`` and each error's ``message`` do.

``GET /messages/LANG.json`` (:func:`catalog_document`) is every message of the catalog of ``LANG``,
read from its compiled ``.mo`` with :mod:`gettext`: the page renders reasons from their codes with the
same catalogs as the library, never by matching English text.
"""

from __future__ import annotations

import contextvars
import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..cli import SCHEMA
from ..messages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    MESSAGES,
    Reason,
    from_accept_language,
    normalize,
    speaking,
    translation,
)

__all__ = ["ROUTES", "LanguageGate", "catalog_document", "current", "heard", "of_body", "say", "spoken"]

T = TypeVar("T")

_CURRENT: contextvars.ContextVar[str] = contextvars.ContextVar("jarnac_solver_request_language", default="en")


def current() -> str:
    """The language of the request being answered."""
    return _CURRENT.get()


def say(code: str, **values: Any) -> str:
    """The catalogs' message ``code`` in the language of the request being answered."""
    return Reason(code, values).text(current())


def of_body(given: object) -> str:
    """The language a request's faults are said in: its body's own ``lang`` where that names a language with
    a catalog (the body is read before its fields are checked), else the request's (:func:`current`)."""
    asked = given.get("lang") if isinstance(given, dict) else None
    return (normalize(asked) if isinstance(asked, str) else None) or current()


def heard(given: object) -> str:
    """The language of :func:`of_body`, kept for the rest of the request: a route's body's ``lang`` says its
    answer and every refusal the route raises after reading it (the gate restores the request's at its end)."""
    spoken = of_body(given)
    _CURRENT.set(spoken)
    return spoken


class LanguageGate:
    """ASGI middleware: the request's language from ``?lang=`` or ``Accept-Language`` (a ``lang`` with no
    catalog is refused: 400, the error envelope), kept for the handlers (:func:`current`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        asked = request.query_params.get("lang")
        language = (
            normalize(asked) if asked is not None else from_accept_language(request.headers.get("accept-language"))
        )
        if asked is not None and language is None:
            message = f"lang must be one of {', '.join(LANGUAGES)}, not {asked[:40]!r}"
            fault = {"field": "lang", "message": message}
            body = {"schema": SCHEMA, "command": "", "error": {"type": "UsageError", **fault, "faults": [fault]}}
            await Response(json.dumps(body), 400, media_type="application/json")(scope, receive, send)
            return
        token = _CURRENT.set(language or DEFAULT_LANGUAGE)
        try:
            await self.app(scope, receive, send)
        finally:
            _CURRENT.reset(token)


def spoken(language: str, call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in ``language``: run in a worker process, where the request's context is not."""
    with speaking(language):
        return call(*args)


@functools.cache
def catalog_document(language: str) -> bytes:
    """Every message of ``language``'s catalog: ``{"language", "plural", "messages": {code: [forms]},
    "plural_by": {code: value}}``, the forms in the catalog's plural order (``plural``: its Plural-Forms
    rule, which the page evaluates)."""
    catalog = translation(language)
    plural = getattr(catalog, "plural", lambda n: int(n != 1))
    firsts: dict[int, int] = {}
    for n in range(0, 1000):
        firsts.setdefault(plural(n), n)
    messages: dict[str, list[str]] = {}
    for code, m in MESSAGES.items():
        if m.plural is None:
            messages[code] = [catalog.pgettext(code, m.singular)]
        else:
            messages[code] = [catalog.npgettext(code, m.singular, m.plural, firsts[i]) for i in sorted(firsts)]
    info = catalog.info() if hasattr(catalog, "info") else {}
    document = {
        "language": language,
        "plural": info.get("plural-forms", "nplurals=2; plural=(n != 1);"),
        "messages": messages,
        "plural_by": {code: m.plural_by for code, m in MESSAGES.items() if m.plural_by},
    }
    return json.dumps(document, ensure_ascii=False, sort_keys=True).encode("utf-8")


async def _messages(request: Request) -> Response:
    name = request.path_params["language"]
    language = normalize(name)
    if language is None or language != name:
        body = {
            "schema": SCHEMA,
            "command": "",
            "error": {
                "type": "UnknownLanguage",
                "message": f"no catalog {name[:40]!r}; the catalogs: {', '.join(LANGUAGES)}",
                "field": None,
                "faults": [],
            },
        }
        return Response(json.dumps(body), 404, media_type="application/json")
    headers = {"Cache-Control": "public, max-age=3600"}
    return Response(catalog_document(language), media_type="application/json", headers=headers)


ROUTES = [Route("/messages/{language}.json", _messages, methods=["GET"])]
"""The catalogs' route, outside ``/api/`` (no token: the messages are the package's own, public)."""
