"""What the practice's routes take and answer (``/api/practice/...``): their bounds, their bodies' typed
models and the OpenAPI paths built from them (the routes themselves: :mod:`.practice_routes`).

Key idea: as for every route of the service (:mod:`.route_bodies`), each body is declared once, a pydantic
model (:mod:`.typed`): the routes read a request with it (every fault named by its field, in the asker's
language) and the OpenAPI document describes it, so the two cannot drift.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import pydantic
from pydantic_core import PydanticCustomError

from ..cli import SCHEMA
from ..practice.puzzles import DAILY_FIRST
from ..practice.quiz import ORDERS, QUIZ_KINDS
from ..practice.schedule import GRADES
from .contract import MAX_ITEMS, OFFERED_LEXICON, Offer
from .names import MAX_NAME
from .typed import NAME, WHOLE, Lexicon, RouteBody, chars, parameters, schema

__all__ = [
    "COMMANDS",
    "MAX_PER_ADDRESS",
    "RESULT_KEYS",
    "ROUTES",
    "WINDOW_S",
    "AnswerBody",
    "ChallengeFinishBody",
    "ChallengeQuery",
    "ChallengeStartBody",
    "DailyQuery",
    "MistakesBody",
    "NextPuzzleBody",
    "PracticeMineBody",
    "QuizAnswerBody",
    "QuizNextBody",
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


def _person_id(value: str) -> str:
    if not PERSON_ID.fullmatch(value):
        raise PydanticCustomError("reason", "{code}", {"code": "practice.person_malformed", "values": {}})
    return value


def _date(value: str) -> str:
    if not re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}\s*", value):
        values = {"given": repr(value[:40])}
        raise PydanticCustomError("reason", "{code}", {"code": "practice.date_malformed", "values": values})
    return value.strip()


PersonId = Annotated[str, chars(64), pydantic.AfterValidator(_person_id)]
"""The browser's practice id (the server keeps only its digest)."""
Date = Annotated[str, chars(40), pydantic.AfterValidator(_date)]
"""A day, YYYY-MM-DD."""
_PERSON_HELP = (
    "the browser's practice id: 16 to 64 letters, digits, - or _ (made once by the page, kept in its storage;"
    " the server keeps only its digest)"
)
_LEXICON_HELP = f"{OFFERED_LEXICON} (default: the server's first)"
_DATE_HELP = f"YYYY-MM-DD from {DAILY_FIRST} to tomorrow (UTC; default: today)"
QuizKind: Any = Literal[QUIZ_KINDS]
QuizOrder: Any = Literal[ORDERS]
Grade: Any = Literal[GRADES[1:]]
MistakesRules: Any = Literal["sheet", "competitive"]


class _Person(RouteBody):
    """A request of a person."""

    person: PersonId = pydantic.Field(description=_PERSON_HELP)


class _OfPerson(_Person):
    """A person's request in a lexicon."""

    lexicon: Lexicon | None = pydantic.Field(None, description=_LEXICON_HELP)


class DailyQuery(RouteBody):
    """The date's puzzle."""

    lexicon: Lexicon | None = pydantic.Field(None, description=_LEXICON_HELP)
    date: Date | None = pydantic.Field(None, description=_DATE_HELP)


class NextPuzzleBody(_OfPerson):
    """A rated puzzle for the person."""


class AnswerBody(_Person):
    """A puzzle's answer."""

    answer: Annotated[str, chars(200)] = pydantic.Field(
        description="the answer: steals, a move, yes/no, pass/play (as the question says)"
    )


class MistakesBody(_Person):
    """A game whose player's mistakes become the person's puzzles."""

    text: Annotated[str, chars(256 * 1024)] = pydantic.Field(
        description="one game: its record, JSON Lines, or one action a line"
    )
    player: Literal["A", "B"] = pydantic.Field(description="the seat whose mistakes become puzzles")
    lexicon: Lexicon | None = pydantic.Field(
        None, description=f"the lexicon of a game typed one action a line: {OFFERED_LEXICON}"
    )
    rules: MistakesRules | None = pydantic.Field(None, description="the rules of a game typed one action a line")


class PracticeMineBody(_Person):
    """The person's ratings, own puzzles and cards."""


class QuizNextBody(_OfPerson):
    """A quiz's next card."""

    kind: QuizKind | None = pydantic.Field(None, description="anagrams, extensions or rack (default anagrams)")
    length: Annotated[int, pydantic.Field(ge=2, le=9), WHOLE] | None = pydantic.Field(
        None, description="the words' tiles (default 7)"
    )
    order: QuizOrder | None = pydantic.Field(
        None,
        description="probability ranks, every one alphabetically, or the words the person missed in games (its cards"
        " come from POST /api/practice/mistakes; kind, length and ranks ignored)",
    )
    first: Annotated[int, pydantic.Field(ge=1, le=200_000), WHOLE] | None = pydantic.Field(
        None, description="the first rank of the deck (default 1)"
    )
    last: Annotated[int, pydantic.Field(ge=1, le=200_000), WHOLE] | None = pydantic.Field(
        None, description=f"the last rank (default first + 99; at most {MAX_DECK} cards)"
    )
    scheduler: Literal["auto", "fsrs", "leitner"] | None = pydantic.Field(
        None, description="fsrs, leitner or auto (default auto); a card keeps its own"
    )


class QuizAnswerBody(_Person):
    """A card's answer."""

    card: Annotated[int, pydantic.Field(ge=1, le=2**62), WHOLE] = pydantic.Field(
        description="the card's number, as the next card gave it"
    )
    answer: Annotated[str, chars(4000)] = pydantic.Field(description="the words, separated by spaces (- alone: none)")
    grade: Grade | None = pydantic.Field(None, description="a right answer's grade (default good)")


class ChallengeQuery(DailyQuery):
    """A day's challenge: its leaderboard."""


class ChallengeStartBody(_OfPerson):
    """Today's challenge started."""


class ChallengeFinishBody(_OfPerson):
    """Today's challenge answered."""

    name: Annotated[str, chars(MAX_NAME), NAME] = pydantic.Field(description="the name the leaderboard shows")
    answers: (
        Annotated[list[Annotated[str, chars()]], pydantic.Field(min_length=1, max_length=MAX_ITEMS)]
        | Annotated[str, chars()]
    ) = pydantic.Field(description=f"the words of each of the {CHALLENGE_SIZE} questions, in order")

    @property
    def given(self) -> list[str]:
        """The answers, one text a list of one."""
        return [self.answers] if isinstance(self.answers, str) else list(self.answers)


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


class _Lang(RouteBody):
    """The query of a route that takes no other parameter."""


ROUTES: dict[tuple[str, str], type[RouteBody]] = {
    ("GET", "/api/practice/daily"): DailyQuery,
    ("POST", "/api/practice/puzzles/next"): NextPuzzleBody,
    ("POST", "/api/practice/puzzles/{puzzle_id}/answer"): AnswerBody,
    ("POST", "/api/practice/mistakes"): MistakesBody,
    ("POST", "/api/practice/mine"): PracticeMineBody,
    ("POST", "/api/practice/quiz/next"): QuizNextBody,
    ("POST", "/api/practice/quiz/answer"): QuizAnswerBody,
    ("GET", "/api/practice/challenge"): ChallengeQuery,
    ("POST", "/api/practice/challenge/start"): ChallengeStartBody,
    ("POST", "/api/practice/challenge/finish"): ChallengeFinishBody,
}
"""Each practice route's model, by its method and path (a ``GET``'s: its query)."""


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

    def posted(body: type[RouteBody]) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": schema(body, offer)}}}

    def op(
        name: str,
        summary: str,
        body: type[RouteBody] | None,
        query: type[RouteBody] | None,
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
        listed = [*params, *parameters(query or _Lang, offer)]
        if listed:
            out["parameters"] = listed
        return out

    puzzle_id = {
        "name": "puzzle_id",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9a-f]{12}$"},
    }
    return {
        "/api/practice/daily": {
            "get": op(
                "practice_daily", "The date's puzzle, the same for everyone (its answer never sent)", None, DailyQuery
            )
        },
        "/api/practice/puzzles/next": {
            "post": op(
                "practice_next_puzzle",
                "A rated puzzle the person has not answered, nearest their rating",
                NextPuzzleBody,
                None,
                409,
            )
        },
        "/api/practice/puzzles/{puzzle_id}/answer": {
            "post": op(
                "practice_answer",
                "An answer judged right or wrong by the exact solver, with the"
                " explanation; the first answer rates the person and the puzzle (Glicko-2)",
                AnswerBody,
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
                MistakesBody,
                None,
            )
        },
        "/api/practice/mine": {
            "post": op("practice_mine", "The person's ratings, own puzzles and cards", PracticeMineBody, None)
        },
        "/api/practice/quiz/next": {
            "post": op(
                "practice_quiz_next",
                "A quiz's next card due for the person (the deck started once)",
                QuizNextBody,
                None,
                409,
            )
        },
        "/api/practice/quiz/answer": {
            "post": op(
                "practice_quiz_answer",
                "A card's answer judged and the card rescheduled (FSRS or Leitner)",
                QuizAnswerBody,
                None,
                404,
            )
        },
        "/api/practice/challenge": {
            "get": op("practice_challenge", "A day's timed challenge: its leaderboard", None, ChallengeQuery)
        },
        "/api/practice/challenge/start": {
            "post": op(
                "practice_challenge_start",
                "Today's challenge: its questions; the person's clock starts once",
                ChallengeStartBody,
                None,
            )
        },
        "/api/practice/challenge/finish": {
            "post": op(
                "practice_challenge_finish",
                "Today's challenge scored once, and the leaderboard",
                ChallengeFinishBody,
                None,
                409,
            )
        },
    }
