"""The review of one game over HTTP: ``POST /api/review`` (a record sent as text) and
``GET /api/games/{id}/review`` (a finished live game), what ``jarnac-solver review FILE --json`` answers.

Key idea: the same :func:`~jarnac_solver.play.review.review` and the same document as the command line
(``review_result`` in ``jarnac_solver/server/schema.json``), bounded for a shared server: one game a request,
its options read and range-checked by their models (:class:`~.route_bodies.ReviewBody`,
:class:`~.route_bodies.GameReviewQuery`:
at most :data:`~.route_bodies.MAX_REVIEW_PLAYOUTS` play-outs a decision), the per-decision budget cut to the
server's ceiling and the whole review to :data:`~.route_bodies.MAX_REVIEW_SECONDS` (a decision a ceiling stops
says so: ``budget_hit``). A text with no record header is the hand-written form ``record`` takes, as for the
audit.
"""

from __future__ import annotations

from ..errors import InvalidInputError, JarnacError
from ..game.record import GameRecord, iter_records
from ..play.review import DEFAULT_PLAYOUTS, DEFAULT_TOP, review
from .audits import hand_written
from .contract import Offer, offered_lexicon
from .route_bodies import MAX_REVIEW_SECONDS, ReviewOptions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = ["guarded_review", "review_arguments", "review_document"]


def review_arguments(options: ReviewOptions, offer: Offer) -> dict[str, Any]:
    """The keyword arguments of :func:`~jarnac_solver.play.review.review` for the checked ``options`` (their
    bounds the model's: nothing is checked again): the defaults filled in, the budget (ms) cut to the
    server's ceiling and made seconds, the player a seat's index.

    >>> from jarnac_solver.server.route_bodies import GameReviewQuery
    >>> review_arguments(GameReviewQuery(budget=5e5, player="B"), Offer(("fr",), 2000))["budget"]
    2.0
    """
    player = options.player
    return {
        "playouts": options.playouts or DEFAULT_PLAYOUTS,
        "budget": min(options.budget or offer.max_budget_ms, offer.max_budget_ms) / 1000,
        "total": MAX_REVIEW_SECONDS,
        "seed": options.seed or 0,
        "top": DEFAULT_TOP if options.top is None else options.top,
        "player": None if player is None else "AB".index(player),
        "depth": str(options.depth or "simulate"),
    }


def one_record(text: str, lexicons: tuple[str, ...], lexicon: str, rules: str) -> GameRecord:
    """The one game of ``text`` (a record, JSON Lines, or one action a line), its lexicon one the server offers."""
    if "[" not in text and "{" not in text.lstrip()[:1]:  # no header, no JSON: the hand-written form
        record, refused = hand_written(text, lexicon, rules)
        if refused:
            first = refused[0]
            raise InvalidInputError(f"line {first['line']} ({first['input']!r}) refused: {first['message']}")
        records = [record]
    else:
        errors: list[InvalidInputError] = []
        records = []
        for found in iter_records(text, "the text", errors):
            records.append(found)
            if len(records) > 1:
                raise InvalidInputError("the text holds more than one game: a review takes one")
        if errors:
            raise errors[0]
    if not records or not records[0].actions:
        raise InvalidInputError("the text holds no game to review (a record, JSON Lines, or one action a line)")
    fault = offered_lexicon(records[0].lexicon, Offer(lexicons))
    if fault:
        raise InvalidInputError(f"lexicon {fault}")
    return records[0]


def review_document(record: GameRecord | str, arguments: Mapping[str, Any], *read: Any) -> dict[str, Any]:
    """The ``review --json`` result of ``record`` (or of the text, read with ``read``: lexicons, lexicon,
    rules) under ``arguments`` (:func:`review_arguments`), plus ``records``: the game in the text notation."""
    made = record if isinstance(record, GameRecord) else one_record(record, *read)
    found = review(made, **arguments)
    return {"games": [found.to_dict()], "errors": [], "records": [str(made)]}


def guarded_review(*args: Any) -> tuple[bool, Any]:
    """:func:`review_document` for a worker process: ``(True, result)`` or ``(False, (400, type, message))``."""
    try:
        return True, review_document(*args)
    except JarnacError as exc:
        return False, (400, type(exc).__name__, str(exc))
