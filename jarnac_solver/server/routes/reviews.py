"""The reviews: ``POST /api/audit`` (games sent as text, audited), ``POST /api/review`` (one game sent as
text, reviewed), ``GET /api/games/{id}/review`` (a finished live game reviewed); each on the heavy lane.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...cli import SCHEMA
from ...game.record import UNFINISHED
from .. import audits, live, reviews
from ..answers import ServiceError, endpoint, route
from ..contract import AUDIT, GAME_REVIEW, MAX_AUDIT_BYTES, REVIEW
from ..service import Service


@endpoint("audit")
async def audit(service: Service, request: Request) -> Response:
    values = await service.read(request, AUDIT, max(service.max_body_bytes, MAX_AUDIT_BYTES))
    lexicon = values.get("lexicon", service.offer.default_lexicon)
    asked = (values["text"], service.offer.lexicons, lexicon, values.get("rules", "sheet"), values.get("deep", False))
    value = await service.guarded(audits.guarded_audit, *asked, heavy=True)
    return service.answer({"schema": SCHEMA, "command": "audit", "lexicon": None, "rules": None, "result": value})


@endpoint("review")
async def review(service: Service, request: Request) -> Response:
    """``POST /api/review``: one game sent as text (:mod:`.reviews`), on the heavy lane."""
    values = await service.read(request, REVIEW, max(service.max_body_bytes, MAX_AUDIT_BYTES))
    lexicon = values.get("lexicon", service.offer.default_lexicon)
    read = (service.offer.lexicons, lexicon, values.get("rules", "sheet"))
    arguments = reviews.review_arguments(values, service.offer)
    value = await service.guarded(reviews.guarded_review, values["text"], arguments, *read, heavy=True)
    return service.answer({"schema": SCHEMA, "command": "review", "lexicon": None, "rules": None, "result": value})


@endpoint("game review")
async def game_review(service: Service, request: Request) -> Response:
    """``GET /api/games/{id}/review``: a finished live game reviewed, the options in the query."""
    game_id = request.path_params["game_id"]
    arguments = reviews.review_arguments(service.query(request, GAME_REVIEW), service.offer)

    async def work() -> tuple[live.GameSpec, Any, bool]:
        spec, entries = await service.stored(game_id)
        return spec, await service.call("record", game_id, spec, entries), live.ending(entries) is not None

    spec, made, ended = await service.one_at_a_time(game_id, work)
    if made.result == UNFINISHED and not ended:  # a review of a game going on would advise the player to act
        raise ServiceError(409, "GameNotOver", f"game {game_id} is not over: it is reviewed once it ends")
    # Reviewed outside the game's lock: a finished game no longer changes, and a review runs for seconds.
    value = await service.guarded(reviews.guarded_review, made, arguments, heavy=True)
    return service.answer(service.game_document("game review", spec, {"id": game_id, **value}))


def routes(service: Service) -> list[Route]:
    return [
        route("/api/audit", service, audit, "POST"),
        route("/api/review", service, review, "POST"),
        route("/api/games/{game_id}/review", service, game_review, "GET"),
    ]
