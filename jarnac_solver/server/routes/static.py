"""The service's own documents and the page: ``GET /api/health`` (what the server offers and its load),
``GET /api/openapi.json``, ``GET /`` and its files (``/static/NAME``, ``/sw.js``), each message catalog
(``/messages/LANG.json``).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from ... import __version__
from ...cli import SCHEMA
from ...moves.rules import PRESETS
from ...play.offered import GAME_SECONDS, slow_table
from ...play.players import ALIASES, PLAYERS, ratings, strongest_first
from .. import language
from ..answers import Json, error, route
from ..contract import PERSON
from ..core import STATIC
from ..service import Service


async def health(service: Service, request: Request) -> Response:
    return Json(
        {
            "status": "ok",
            "schema": SCHEMA,
            "version": __version__,
            "lexicons": list(service.offer.lexicons),
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
            "familiarity": service.familiarity_installed,
            "max_budget_ms": service.offer.max_budget_ms,
            # The VAPID public key the page subscribes to Web Push with (null: the server sends none).
            "push_key": service.pusher.public_key if service.pusher is not None else None,
            "load": service.load(),
        }
    )


async def openapi_json(service: Service, request: Request) -> Response:
    return Json(service.openapi)


async def page(service: Service, request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def service_worker(service: Service, request: Request) -> Response:
    """``GET /sw.js``: the page's service worker, served at the root so that its scope is the whole page."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def static_file(service: Service, request: Request) -> Response:
    """One of the page's files by its exact name (no folder, no trailing slash, nothing else)."""
    found = service.static.get(request.path_params["name"])
    if found is None:
        return error(404, "NotFound", f"GET {request.url.path}: no such file of the page")
    return FileResponse(found, headers={"Cache-Control": "no-cache"})


def _mean_ratings() -> dict[str, int]:
    """Each rated player's Elo (the planner at 0), the mean over the rated lexicons, for the page's list."""
    tables = list(ratings().values())
    names = {name for table in tables for name in table}
    means = {n: [t[n] for t in tables if n in t] for n in names}
    return {n: round(sum(v) / len(v)) for n, v in sorted(means.items())}


def routes(service: Service) -> list[Route]:
    return [
        route("/api/health", service, health, "GET"),
        route("/api/openapi.json", service, openapi_json, "GET"),
    ]


def page_routes(service: Service) -> list[Route]:
    """The page and its files, after the API's routes."""
    return [
        route("/", service, page, "GET"),
        route("/static/{name}", service, static_file, "GET"),
        route("/sw.js", service, service_worker, "GET"),
        *language.ROUTES,
    ]
