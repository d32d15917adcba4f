"""The review of one game over HTTP: ``POST /api/review`` (a record sent as text) and
``GET /api/games/{id}/review`` (a finished live game), what ``jarnac-solver review FILE --json`` answers.

Key idea: the same :func:`~jarnac_solver.play.review.review` and the same document as the command line
(``review_result`` in ``docs/schema.json``), bounded for a shared server: one game a request, at most
:data:`MAX_PLAYOUTS` play-outs a decision, the per-decision budget cut to the server's ceiling and the whole
review to :data:`MAX_REVIEW_SECONDS` (a decision the ceiling stops says so: ``budget_hit``). A text with no
record header is the hand-written form ``record`` takes, as for the audit.
"""

from __future__ import annotations

import contextlib
import math

from ..errors import InvalidInputError, JarnacError
from ..game.record import GameRecord, iter_records
from ..play.review import DEPTHS, review
from .audits import hand_written

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = ["FIELDS", "MAX_PLAYOUTS", "MAX_REVIEW_SECONDS", "guarded_review", "options", "review_document"]

MAX_PLAYOUTS = 64
"""The most play-outs a decision the service runs (the command line allows more)."""
MAX_REVIEW_SECONDS = 120.0
"""The longest review of one request, whatever its per-decision budget (the rest is said ``not_weighed``)."""
FIELDS = ("playouts", "budget_ms", "seed", "player", "depth")
"""The review's options, in a ``POST`` body or a ``GET`` query."""


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():  # a query's text
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInputError(f"{name} must be a whole number from {low} to {high:,}, not {value!r}"[:200])
    return value


def options(given: Mapping[str, Any], max_budget_ms: float) -> dict[str, Any]:
    """The review's keyword arguments from a body or query (``FIELDS``), checked, the budget cut to the server's."""
    for key in given:
        if key not in FIELDS:
            raise InvalidInputError(f"no review option {key!r} (the options: {', '.join(FIELDS)})")
    budget = given.get("budget_ms", max_budget_ms)
    if isinstance(budget, str):
        with contextlib.suppress(ValueError):  # not a number: refused below, as it was written
            budget = float(budget)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget < math.inf:
        raise InvalidInputError(f"budget_ms must be a positive number of milliseconds, not {budget!r}"[:200])
    player = given.get("player")
    if player is not None and player not in ("A", "B"):
        raise InvalidInputError(f"player is A or B, not {player!r}"[:200])
    depth = given.get("depth", "simulate")
    if depth not in DEPTHS:
        raise InvalidInputError(f"depth is one of {', '.join(DEPTHS)}, not {depth!r}"[:200])
    return {
        "playouts": _whole("playouts", given.get("playouts", 16), 2, MAX_PLAYOUTS),
        "budget": min(float(budget), max_budget_ms) / 1000,
        "total": MAX_REVIEW_SECONDS,
        "seed": _whole("seed", given.get("seed", 0), 0, 2**32 - 1),
        "player": None if player is None else "AB".index(player),
        "depth": depth,
    }


def _one_record(text: str, lexicons: tuple[str, ...], lexicon: str, rules: str) -> GameRecord:
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
    if records[0].lexicon not in lexicons:
        offered = ", ".join(lexicons)
        raise InvalidInputError(f"lexicon {records[0].lexicon!r}: this server offers {offered} (by name; never a file)")
    return records[0]


def review_document(
    record: GameRecord | str, given: Mapping[str, Any], max_budget_ms: float, *read: Any
) -> dict[str, Any]:
    """The ``review --json`` result of ``record`` (or of the text, read with ``read``: lexicons, lexicon,
    rules) under the options ``given`` (:func:`options`), plus ``records``: the game in the text notation."""
    asked = options(given, max_budget_ms)
    made = record if isinstance(record, GameRecord) else _one_record(record, *read)
    found = review(made, **asked)
    return {"games": [found.to_dict()], "errors": [], "records": [str(made)]}


def guarded_review(*args: Any) -> tuple[bool, Any]:
    """:func:`review_document` for a worker process: ``(True, result)`` or ``(False, (400, type, message))``."""
    try:
        return True, review_document(*args)
    except JarnacError as exc:
        return False, (400, type(exc).__name__, str(exc))
