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
from ..contract import MAX_AUDIT_BYTES
from ..language import say
from ..route_bodies import AuditBody, GameReviewQuery, ReviewBody
from ..service import Service


@endpoint("audit")
async def audit(service: Service, request: Request) -> Response:
    body = await service.checked(request, AuditBody, max(service.max_body_bytes, MAX_AUDIT_BYTES))
    lexicon = body.lexicon or service.offer.default_lexicon
    asked = (body.text, service.offer.lexicons, lexicon, body.rules or "sheet", bool(body.deep))
    value = await service.guarded(audits.guarded_audit, *asked, heavy=True)
    return service.answer({"schema": SCHEMA, "command": "audit", "lexicon": None, "rules": None, "result": value})


@endpoint("review")
async def review(service: Service, request: Request) -> Response:
    """``POST /api/review``: one game sent as text (:mod:`.reviews`), on the heavy lane."""
    body = await service.checked(request, ReviewBody, max(service.max_body_bytes, MAX_AUDIT_BYTES))
    lexicon = body.lexicon or service.offer.default_lexicon
    read = (service.offer.lexicons, lexicon, body.rules or "sheet")
    arguments = reviews.review_arguments(body, service.offer)
    value = await service.guarded(reviews.guarded_review, body.text, arguments, *read, heavy=True)
    return service.answer({"schema": SCHEMA, "command": "review", "lexicon": None, "rules": None, "result": value})


@endpoint("game review")
async def game_review(service: Service, request: Request) -> Response:
    """``GET /api/games/{id}/review``: a finished live game reviewed, the options in the query."""
    game_id = request.path_params["game_id"]
    arguments = reviews.review_arguments(service.asked(request, GameReviewQuery), service.offer)

    async def work() -> tuple[live.GameSpec, Any, bool]:
        spec, entries = await service.stored(game_id)
        return spec, await service.call("record", game_id, spec, entries), live.ending(entries) is not None

    spec, made, ended = await service.one_at_a_time(game_id, work)
    if made.result == UNFINISHED and not ended:  # a review of a game going on would advise the player to act
        raise ServiceError(409, "GameNotOver", say("refused_not_over_review", game=game_id))
    # Reviewed outside the game's lock: a finished game no longer changes, and a review runs for seconds.
    value = await service.guarded(reviews.guarded_review, made, arguments, heavy=True)
    return service.answer(service.game_document("game review", spec, {"id": game_id, **value}))


def routes(service: Service) -> list[Route]:
    return [
        route("/api/audit", service, audit, "POST"),
        route("/api/review", service, review, "POST"),
        route("/api/games/{game_id}/review", service, game_review, "GET"),
    ]
