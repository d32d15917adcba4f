"""What the practice's routes take and answer (``/api/practice/...``): their bounds, their bodies' tables
and the OpenAPI paths built from them (the routes themselves: :mod:`.practice_routes`).

Key idea: as for every route of the service (:mod:`.contract`), each body is declared once, a table of
fields: the routes read a request with it (every fault named by its field) and the OpenAPI document
describes it, so the two cannot drift.
"""

from __future__ import annotations

import re
from typing import Any

from ..cli import SCHEMA
from ..practice.puzzles import DAILY_FIRST
from ..practice.quiz import ORDERS, QUIZ_KINDS
from ..practice.schedule import GRADES
from .contract import LANG_QUERY, OFFERED_LEXICON, Body, Field, Kind, Offer

__all__ = [
    "ANSWER",
    "CHALLENGE",
    "CHALLENGE_FINISH",
    "CHALLENGE_START",
    "COMMANDS",
    "DAILY",
    "MAX_PER_ADDRESS",
    "MINE",
    "MISTAKES",
    "NEXT_PUZZLE",
    "QUIZ_ANSWER",
    "QUIZ_NEXT",
    "RESULT_KEYS",
    "WINDOW_S",
    "openapi_paths",
]

MAX_PER_ADDRESS = 240
"""The most practice requests one address makes in :data:`WINDOW_S` seconds."""
WINDOW_S = 60.0
MAX_DECK = 1000
"""The most cards one quiz started over HTTP holds (a wider range of ranks is refused, naming ``last``)."""
MAX_CARDS = 20_000
"""The most quiz cards one person holds in the service's store."""
MAX_POOL = 5000
"""The most puzzles of the rated pool a lexicon (cut from self-play as people need more)."""
POOL_BATCH = 12
"""Puzzles the pool grows by when a person has answered every one."""
POOL_GAMES = 60
"""The most self-play games one growth of the pool plays."""
REVIEW_PLAYOUTS = 8
"""Play-outs a decision of the review that finds a person's mistakes (the page's review's default)."""
REVIEW_SECONDS = 60.0
"""The longest such review; a decision takes at most half a second (or the server's ceiling)."""
OWN_DAYS = 30
"""Days a person's own puzzles (from their mistakes) are kept; answered after: 410."""
CHALLENGE_SIZE = 10
CHALLENGE_SECONDS = 180
"""The daily challenge's time: answers finished after it count nothing."""
CHALLENGE_RANKS = 2000
"""The daily challenge draws its alphagrams among the 2,000 likeliest of 7 letters."""
PERSON_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
PUZZLE_ID = re.compile(r"[0-9a-f]{12}")

_PERSON_FIELD = Field(
    "person",
    Kind.TEXT,
    "the browser's practice id: 16 to 64 letters, digits, - or _ (made once by the page, kept in its storage;"
    " the server keeps only its digest)",
    required=True,
    max_length=64,
)
_LEXICON = Field("lexicon", Kind.LEXICON, f"{OFFERED_LEXICON} (default: the server's first)")
_DATE = Field("date", Kind.TEXT, f"YYYY-MM-DD from {DAILY_FIRST} to tomorrow (UTC; default: today)", max_length=40)
DAILY = Body((_LEXICON, _DATE, LANG_QUERY))
NEXT_PUZZLE = Body((_PERSON_FIELD, _LEXICON))
ANSWER = Body(
    (
        _PERSON_FIELD,
        Field(
            "answer",
            Kind.TEXT,
            "the answer: steals, a move, yes/no, pass/play (as the question says)",
            required=True,
            max_length=200,
        ),
    )
)
MISTAKES = Body(
    (
        _PERSON_FIELD,
        Field(
            "text",
            Kind.TEXT,
            "one game: its record, JSON Lines, or one action a line",
            required=True,
            max_length=256 * 1024,
        ),
        Field("player", Kind.CHOICE, "the seat whose mistakes become puzzles", required=True, choices=("A", "B")),
        Field("lexicon", Kind.LEXICON, f"the lexicon of a game typed one action a line: {OFFERED_LEXICON}"),
        Field("rules", Kind.CHOICE, "the rules of a game typed one action a line", choices=("sheet", "competitive")),
    )
)
MINE = Body((_PERSON_FIELD,))
QUIZ_NEXT = Body(
    (
        _PERSON_FIELD,
        _LEXICON,
        Field("kind", Kind.CHOICE, "anagrams, extensions or rack (default anagrams)", choices=QUIZ_KINDS),
        Field("length", Kind.WHOLE, "the words' tiles (default 7)", low=2, high=9),
        Field(
            "order",
            Kind.CHOICE,
            "probability ranks, every one alphabetically, or the words the person missed in games (its cards come"
            " from POST /api/practice/mistakes; kind, length and ranks ignored)",
            choices=ORDERS,
        ),
        Field("first", Kind.WHOLE, "the first rank of the deck (default 1)", low=1, high=200_000),
        Field("last", Kind.WHOLE, f"the last rank (default first + 99; at most {MAX_DECK} cards)", low=1, high=200_000),
        Field(
            "scheduler",
            Kind.CHOICE,
            "fsrs, leitner or auto (default auto); a card keeps its own",
            choices=("auto", "fsrs", "leitner"),
        ),
    )
)
QUIZ_ANSWER = Body(
    (
        _PERSON_FIELD,
        Field("card", Kind.WHOLE, "the card's number, as the next card gave it", required=True, low=1, high=2**62),
        Field("answer", Kind.TEXT, "the words, separated by spaces (- alone: none)", required=True, max_length=4000),
        Field("grade", Kind.CHOICE, "a right answer's grade (default good)", choices=GRADES[1:]),
    )
)
CHALLENGE = Body((_LEXICON, _DATE, LANG_QUERY))
CHALLENGE_START = Body((_PERSON_FIELD, _LEXICON))
CHALLENGE_FINISH = Body(
    (
        _PERSON_FIELD,
        _LEXICON,
        Field("name", Kind.NAME, "the name the leaderboard shows", required=True, max_length=32),
        Field("answers", Kind.TEXTS, f"the words of each of the {CHALLENGE_SIZE} questions, in order", required=True),
    )
)


COMMANDS = {
    "practice daily": "practice daily",
    "practice next puzzle": "practice puzzle",
    "practice answer": "practice answer",
    "practice mistakes": "practice mistakes",
    "practice mine": "practice mine",
    "practice quiz next": "practice quiz",
    "practice quiz answer": "practice quiz answer",
    "practice challenge": "practice challenge",
    "practice challenge start": "practice challenge start",
    "practice challenge finish": "practice challenge finish",
}
"""Each operation's command, as its documents name it."""
RESULT_KEYS = {
    "practice daily": ("date", "puzzle"),
    "practice puzzle": ("puzzle", "you"),
    "practice answer": ("right", "answer", "expected", "said", "explanation", "margin", "rated", "you"),
    "practice mistakes": ("puzzles", "missed", "cards_added"),
    "practice mine": ("ratings", "puzzles", "cards"),
    "practice quiz": ("quiz", "card", "next_due"),
    "practice quiz answer": ("judged", "card", "next_due", "quiz"),
    "practice challenge": ("date", "size", "seconds", "leaderboard"),
    "practice challenge start": ("date", "questions", "seconds", "seconds_left", "finished"),
    "practice challenge finish": ("date", "score", "seconds", "late", "answers", "leaderboard"),
}
"""What each answer's result holds at least (the OpenAPI document's schema of it)."""


def openapi_paths(offer: Offer) -> dict[str, Any]:
    """The practice's paths of the service's OpenAPI document (their bodies from the tables above)."""

    def answer(description: str) -> dict[str, Any]:
        schema = {
            "type": "object",
            "required": ["schema", "command", "error"],
            "properties": {
                "schema": {"const": SCHEMA},
                "command": {"type": "string"},
                "error": {"$ref": "#/components/schemas/error"},
            },
        }
        content = {"application/json": {"schema": schema}}
        return {"description": f"{description}: the error document, as every route's", "content": content}

    def result(command: str, summary: str) -> dict[str, Any]:
        schema = {
            "type": "object",
            "required": ["schema", "command", "lexicon", "rules", "result"],
            "properties": {
                "schema": {"const": SCHEMA},
                "command": {"const": command},
                "lexicon": {"type": ["string", "null"]},
                "rules": {"type": "null"},
                "result": {"type": "object", "required": list(RESULT_KEYS[command])},
            },
            "additionalProperties": False,
        }
        return {"description": summary, "content": {"application/json": {"schema": schema}}}

    def refusals(*statuses: int) -> dict[str, Any]:
        said = {
            400: "a bad field (named): a malformed person, answer, puzzle id or date, a date out of range",
            404: "no such puzzle (field puzzle) or no such card of this person (field card)",
            409: "the challenge not started or finished already, the rated pool used up, or the person's most"
            " cards held",
            410: "the person's own puzzle expired (field puzzle)",
            429: f"more than {MAX_PER_ADDRESS} practice requests from this address in {WINDOW_S:g} s",
        }
        return {str(s): answer(said[s]) for s in statuses}

    def posted(body: Body) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": body.schema(offer)}}}

    def op(
        name: str,
        summary: str,
        body: Body | None,
        query: Body | None,
        *statuses: int,
        params: tuple[dict[str, Any], ...] = (),
    ) -> dict[str, Any]:
        command = "practice " + name.removeprefix("practice_").replace("_", " ")
        out: dict[str, Any] = {
            "operationId": name,
            "summary": summary,
            "responses": {"200": result(COMMANDS[command], summary), **refusals(400, 429, *statuses)},
        }
        if body is not None:
            out["requestBody"] = posted(body)
        lang = Body((LANG_QUERY,)).parameters(offer)
        parameters = [*params, *(query.parameters(offer) if query else lang)]
        if parameters:
            out["parameters"] = parameters
        return out

    puzzle_id = {
        "name": "puzzle_id",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9a-f]{12}$"},
    }
    return {
        "/api/practice/daily": {
            "get": op("practice_daily", "The date's puzzle, the same for everyone (its answer never sent)", None, DAILY)
        },
        "/api/practice/puzzles/next": {
            "post": op(
                "practice_next_puzzle",
                "A rated puzzle the person has not answered, nearest their rating",
                NEXT_PUZZLE,
                None,
                409,
            )
        },
        "/api/practice/puzzles/{puzzle_id}/answer": {
            "post": op(
                "practice_answer",
                "An answer judged right or wrong by the exact solver, with the"
                " explanation; the first answer rates the person and the puzzle (Glicko-2)",
                ANSWER,
                None,
                404,
                410,
                params=(puzzle_id,),
            )
        },
        "/api/practice/mistakes": {
            "post": op(
                "practice_mistakes",
                "A game reviewed: the player's costliest decisions become the person's own puzzles",
                MISTAKES,
                None,
            )
        },
        "/api/practice/mine": {"post": op("practice_mine", "The person's ratings, own puzzles and cards", MINE, None)},
        "/api/practice/quiz/next": {
            "post": op(
                "practice_quiz_next",
                "A quiz's next card due for the person (the deck started once)",
                QUIZ_NEXT,
                None,
                409,
            )
        },
        "/api/practice/quiz/answer": {
            "post": op(
                "practice_quiz_answer",
                "A card's answer judged and the card rescheduled (FSRS or Leitner)",
                QUIZ_ANSWER,
                None,
                404,
            )
        },
        "/api/practice/challenge": {
            "get": op("practice_challenge", "A day's timed challenge: its leaderboard", None, CHALLENGE)
        },
        "/api/practice/challenge/start": {
            "post": op(
                "practice_challenge_start",
                "Today's challenge: its questions; the person's clock starts once",
                CHALLENGE_START,
                None,
            )
        },
        "/api/practice/challenge/finish": {
            "post": op(
                "practice_challenge_finish",
                "Today's challenge scored once, and the leaderboard",
                CHALLENGE_FINISH,
                None,
                409,
            )
        },
    }
