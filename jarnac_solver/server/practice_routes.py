"""Practice over HTTP: the daily puzzle, rated puzzles, a person's own puzzles from their mistakes, word
quizzes on a spaced schedule and the timed daily challenge (``/api/practice/...``).

Key idea: the service adds nothing to the library's judging. A puzzle is judged by
:func:`~jarnac_solver.practice.puzzles.judge` (the exact solver), a quiz card by
:func:`~jarnac_solver.practice.progress.answer_card` running on the service's own store
(:class:`~.practice_store.PracticeStore`, a :class:`~jarnac_solver.practice.progress.ProgressStore`); a
puzzle posed is kept in the store (its answer never sent before it is answered), so an answer names it by
its id alone. A person is the browser's practice id (``person``: 16 to 64 letters, digits, ``-`` or ``_``),
of which the store keeps a digest. Each right or wrong first answer to a puzzle everyone may answer rates
the person and the puzzle (Glicko-2, :mod:`jarnac_solver.practice.rating`).

Bad input is refused before anything changes, naming the field: an unknown puzzle (404, ``puzzle``), a
person's own puzzle expired (410, ``puzzle``), a malformed answer (400, ``answer``), a card that is not
the person's (404, ``card``), a date out of range (400, ``date``); each address makes at most
:data:`MAX_PER_ADDRESS` practice requests in :data:`WINDOW_S` seconds (429). The hook in ``app.py`` is
:class:`Practice`: its routes, its OpenAPI paths and its store's life.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..cli import SCHEMA
from ..errors import InvalidInputError, JarnacError
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, speaking
from ..play.review import review
from ..practice.mistakes import missed_words, mistake_puzzles
from ..practice.progress import answer_card, next_card, start_quiz
from ..practice.puzzles import DAILY_FIRST, DAILY_LAST, KINDS, Puzzle, daily_puzzle, harvest, judge
from ..practice.quiz import Quiz, alphagram, judge_words
from ..practice.rating import Glicko
from ..practice.schedule import make_scheduler
from . import language
from .answers import Json, ServiceError, error, refusing
from .contract import Offer
from .practice_contract import (
    CHALLENGE_RANKS,
    CHALLENGE_SECONDS,
    CHALLENGE_SIZE,
    MAX_CARDS,
    MAX_DECK,
    MAX_PER_ADDRESS,
    MAX_POOL,
    OWN_DAYS,
    POOL_BATCH,
    POOL_GAMES,
    PUZZLE_ID,
    REVIEW_PLAYOUTS,
    REVIEW_SECONDS,
    WINDOW_S,
    AnswerBody,
    ChallengeFinishBody,
    ChallengeQuery,
    ChallengeStartBody,
    DailyQuery,
    MistakesBody,
    NextPuzzleBody,
    PracticeMineBody,
    QuizAnswerBody,
    QuizNextBody,
    openapi_paths,
)
from .practice_store import PracticeStore, person_digest
from .reviews import one_record

__all__ = ["Practice", "Refusal", "challenge_questions", "shown"]


class Refusal(Exception):
    """A practice request refused: its status, type, message and the field at fault."""

    def __init__(self, status: int, kind: str, message: str | Reason, field: str | None = None) -> None:
        super().__init__(str(message))
        self.status, self.kind, self.message, self.field = status, kind, message, field


async def _refusing(command: str, work: Awaitable[Response]) -> Response:
    """``work``'s answer, or its refusal as the service's error document (:func:`.answers.refusing`): a
    practice's own refusal said in the asker's language first."""

    async def said() -> Response:
        try:
            return await work
        except Refusal as exc:
            with speaking(language.current()):
                message = str(exc.message)
            raise ServiceError(exc.status, exc.kind, message, exc.field) from None

    return await refusing(command, said())


def _document(command: str, result: dict[str, Any], lexicon: str | None = None, status: int = 200) -> Response:
    body = {"schema": SCHEMA, "command": command, "lexicon": lexicon, "rules": None, "result": result}
    return Json(body, status_code=status)


# -- the work done in a lane's worker (module functions: a process pool pickles them) ------------------------


def _guard(call: Callable[[], Any], field: str) -> tuple[bool, Any]:
    try:
        return True, call()
    except JarnacError as exc:  # said in the request's language (the worker speaks it)
        return False, (400, "UsageError", exc.message(), field)


def shown(puzzle: Puzzle, rating: Glicko | None = None) -> dict[str, Any]:
    """A puzzle as it is posed: the position and the question, never its answer."""
    out: dict[str, Any] = {
        "id": puzzle.id,
        "kind": puzzle.kind,
        "lexicon": puzzle.lexicon,
        "rules": puzzle.rules.name_or_dict(),
        "me": puzzle.me.to_dict(),
        "opponent": puzzle.opponent.to_dict(),
        "question": puzzle.question().to_dict(),
        "kind_said": Reason(f"practice.kind_{puzzle.kind}").to_dict(),
        "unit": puzzle.unit,
        "source": puzzle.source,
    }
    if rating is not None:
        out["rating"] = round(rating.rating)
        out["deviation"] = round(rating.deviation)
    return out


def _daily(lexicon: str, date: str | None, today: str) -> tuple[bool, Any]:
    def work() -> tuple[str, str]:
        day = date if date is not None else today
        found = daily_puzzle(Lexicon.load(lexicon), day, today=dt.date.fromisoformat(today))
        return found.id, json.dumps(found.to_dict())

    return _guard(work, "date")


def _judged(body: str, answer: str) -> tuple[bool, Any]:
    def work() -> dict[str, Any]:
        puzzle = Puzzle.from_dict(json.loads(body))
        verdict = judge(puzzle, answer)
        said = verdict.to_dict()
        said["explanation"] = puzzle.explanation().to_dict()
        said["margin"], said["unit"], said["next_best"] = puzzle.margin, puzzle.unit, puzzle.next_best
        said["expected_said"] = (
            Reason(f"practice.say_{puzzle.answer}").to_dict()
            if puzzle.answer in ("yes", "no", "pass", "play")
            else None
        )
        return said

    return _guard(work, "answer")


def _harvested(lexicon: str, seed: int) -> list[tuple[str, str]]:
    found = harvest(Lexicon.load(lexicon), POOL_BATCH, seed, KINDS, max_games=POOL_GAMES)
    return [(p.id, json.dumps(p.to_dict())) for p in found.puzzles]


def _from_mistakes(
    text: str, lexicons: tuple[str, ...], lexicon: str, rules: str, player: int, budget: float
) -> tuple[bool, Any]:
    def work() -> tuple[str, list[tuple[str, str]], list[str]]:
        record = one_record(text, lexicons, lexicon, rules)
        found = review(record, playouts=REVIEW_PLAYOUTS, budget=budget, total=REVIEW_SECONDS, player=player)
        lex = Lexicon.load(record.lexicon)
        puzzles = mistake_puzzles(found, player, lex, worst=10)
        missed = list(dict.fromkeys(alphagram(lex, w) for w in missed_words(puzzles)))
        return record.lexicon, [(p.id, json.dumps(p.to_dict())) for p in puzzles], missed

    return _guard(work, "text")


def challenge_questions(lexicon: Lexicon, day: dt.date) -> list[str]:
    """The day's challenge on ``lexicon``: :data:`CHALLENGE_SIZE` 7-letter alphagrams drawn among the
    likeliest, the same for everyone (seeded by the date and the lexicon's name)."""
    ranked = Quiz(lexicon.name, "anagrams", 7, "probability", 1, CHALLENGE_RANKS).questions(lexicon)
    digest = hashlib.sha256(f"challenge {lexicon.name} {day.isoformat()}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big")).sample(ranked, min(CHALLENGE_SIZE, len(ranked)))


# -- the routes ---------------------------------------------------------------------------------------------


class Practice:
    """The practice's routes on a service (``app.py``'s ``Service``: its offer, lanes and body reader)."""

    def __init__(self, service: Any, data: str | Path | None) -> None:
        self.service = service
        self.offer: Offer = service.offer
        self.store = PracticeStore(data)
        self.now: Callable[[], float] = time.time
        """The clock (a test moves it)."""
        self.asked: dict[str, list[float]] = {}
        self.daily_ids: dict[tuple[str, str], str] = {}

    @contextlib.asynccontextmanager
    async def lifespan(self, inner: Any, app: Any) -> AsyncIterator[None]:
        """The service's lifespan, then the practice's store closed."""
        try:
            async with inner(app):
                yield
        finally:
            self.store.close()

    def routes(self) -> list[Route]:
        def route(path: str, command: str, work: Callable[[Request], Awaitable[Response]], method: str) -> Route:
            async def run(request: Request) -> Response:
                return await _refusing(command, self._bounded(request, work))

            return Route(path, run, methods=[method])

        return [
            route("/api/practice/daily", "practice daily", self.daily, "GET"),
            route("/api/practice/puzzles/next", "practice puzzle", self.next_puzzle, "POST"),
            route("/api/practice/puzzles/{puzzle_id}/answer", "practice answer", self.answer, "POST"),
            route("/api/practice/mistakes", "practice mistakes", self.mistakes, "POST"),
            route("/api/practice/mine", "practice mine", self.mine, "POST"),
            route("/api/practice/quiz/next", "practice quiz", self.quiz_next, "POST"),
            route("/api/practice/quiz/answer", "practice quiz answer", self.quiz_answer, "POST"),
            route("/api/practice/challenge", "practice challenge", self.challenge, "GET"),
            route("/api/practice/challenge/start", "practice challenge start", self.challenge_start, "POST"),
            route("/api/practice/challenge/finish", "practice challenge finish", self.challenge_finish, "POST"),
        ]

    async def _bounded(self, request: Request, work: Callable[[Request], Awaitable[Response]]) -> Response:
        address = request.client.host if request.client else ""
        now = time.monotonic()
        times = [t for t in self.asked.get(address, ()) if now - t < WINDOW_S]
        if len(self.asked) > 10_000:
            for old in list(self.asked)[:5_000]:
                del self.asked[old]
        if len(times) >= MAX_PER_ADDRESS:
            wait = max(1, int(WINDOW_S - (now - times[0])) + 1)
            too_many = Reason("practice.too_many", {"most": MAX_PER_ADDRESS, "seconds": int(WINDOW_S)})
            with speaking(language.current()):
                said = too_many.text()
            answer = error(429, "TooManyRequests", said, "practice")
            answer.headers["Retry-After"] = str(wait)
            return answer
        self.asked[address] = [*times, now]
        return await work(request)

    # -- reading ------------------------------------------------------------------------------------------

    def _lexicon(self, asked: Any) -> str:
        """The lexicon a request names, else the server's first."""
        return str(asked.lexicon or self.offer.lexicons[0])

    def _today(self) -> dt.date:
        return dt.datetime.fromtimestamp(self.now(), dt.timezone.utc).date()

    async def _db(self, function: Callable[..., Any], *args: Any) -> Any:
        return await anyio.to_thread.run_sync(function, *args)

    async def _lane(self, function: Callable[..., tuple[bool, Any]], *args: Any, heavy: bool = False) -> Any:
        ok, value = await self.service.lanes.run(language.spoken, language.current(), function, *args, heavy=heavy)
        if not ok:
            status, kind, message, field = value
            raise Refusal(status, kind, message, field)
        return value

    # -- puzzles ------------------------------------------------------------------------------------------

    async def daily(self, request: Request) -> Response:
        """``GET /api/practice/daily``: the date's puzzle, the same for everyone."""
        asked = self.service.asked(request, DailyQuery)
        lexicon, today = self._lexicon(asked), self._today()
        date = asked.date  # its form checked by the model, its spaces trimmed
        key = (lexicon, date or today.isoformat())
        pid = self.daily_ids.get(key)
        found = await self._db(self.store.puzzle, pid, "") if pid else None
        if found is None:
            pid, body = await self._lane(_daily, lexicon, date, today.isoformat())
            await self._db(self.store.add_puzzles, "", lexicon, f"daily:{key[1]}", [(pid, body)], self.now(), None)
            if len(self.daily_ids) > 512:
                self.daily_ids.clear()
            self.daily_ids[key] = pid
            found = await self._db(self.store.puzzle, pid, "")
        assert found is not None
        body, _, _, rating = found
        with speaking(language.current()):
            posed = shown(Puzzle.from_dict(json.loads(body)), rating)
        return _document("practice daily", {"date": key[1], "puzzle": posed}, lexicon)

    async def next_puzzle(self, request: Request) -> Response:
        """``POST /api/practice/puzzles/next``: a pool puzzle the person has not answered, rated nearest theirs."""
        asked = await self.service.checked(request, NextPuzzleBody)
        person, lexicon = person_digest(asked.person), self._lexicon(asked)
        mine, _ = await self._db(self.store.rating, person, lexicon, self.now())
        body = await self._db(self.store.nearest_unanswered, person, lexicon, mine.rating)
        if body is None:
            size = await self._db(self.store.pool_count, lexicon)
            if size >= MAX_POOL:
                raise Refusal(409, "PoolExhausted", Reason("practice.pool_exhausted"), "person")
            # The pool's next games are read from its size, so servers sharing a database cut the same ones
            # (kept once); each size has its own 1,000 seeds, a few harvests of 60 games each.
            for attempt in range(3):
                seed = 1_000_000 + size * 1000 + attempt * POOL_GAMES
                made = await self.service.lanes.run(_harvested, lexicon, seed)
                await self._db(self.store.add_puzzles, "", lexicon, "pool", made, self.now(), None)
                body = await self._db(self.store.nearest_unanswered, person, lexicon, mine.rating)
                if body is not None:
                    break
            else:
                raise Refusal(409, "PoolExhausted", Reason("practice.pool_exhausted"), "person")
        puzzle = Puzzle.from_dict(json.loads(body))
        found = await self._db(self.store.puzzle, puzzle.id, "")
        with speaking(language.current()):
            posed = shown(puzzle, found[3] if found else None)
        result = {"puzzle": posed, "you": {"rating": round(mine.rating), "deviation": round(mine.deviation)}}
        return _document("practice puzzle", result, lexicon)

    async def answer(self, request: Request) -> Response:
        """``POST /api/practice/puzzles/{id}/answer``: judged by the exact solver, with why; the first answer to
        a puzzle everyone may answer rates both."""
        pid = request.path_params["puzzle_id"]
        given = await self.service.checked(request, AnswerBody)
        person = person_digest(given.person)
        if not PUZZLE_ID.fullmatch(pid):
            raise Refusal(400, "UsageError", Reason("practice.puzzle_malformed"), "puzzle")
        found = await self._db(self.store.puzzle, pid, person)
        if found is None:
            raise Refusal(404, "UnknownPuzzle", Reason("practice.puzzle_unknown", {"id": pid}), "puzzle")
        body, origin, expires, rating = found
        now = self.now()
        if expires is not None and expires <= now:
            raise Refusal(410, "PuzzleExpired", Reason("practice.puzzle_expired", {"id": pid}), "puzzle")
        said = await self._lane(_judged, body, given.answer)
        puzzle = Puzzle.from_dict(json.loads(body))
        owner = person if origin == "mistake" else ""  # one's own puzzles are practised, not rated
        first, mine, rating = await self._db(
            self.store.record_answer, person, puzzle.lexicon, pid, owner, said["answer"], said["right"], now, not owner
        )
        said["rated"] = bool(first and not owner)
        said["you"] = {"rating": round(mine.rating), "deviation": round(mine.deviation)}
        said["puzzle_rating"] = round(rating.rating)
        return _document("practice answer", said, puzzle.lexicon)

    async def mistakes(self, request: Request) -> Response:
        """``POST /api/practice/mistakes``: a game reviewed; the player's costliest decisions become their own
        puzzles (kept :data:`OWN_DAYS` days)."""
        asked = await self.service.checked(request, MistakesBody)
        person = person_digest(asked.person)
        lexicon = self._lexicon(asked)
        played, made, missed = await self._lane(
            _from_mistakes,
            asked.text,
            self.offer.lexicons,
            lexicon,
            asked.rules or "sheet",
            "AB".index(asked.player),
            min(0.5, self.offer.max_budget_ms / 1000),
            heavy=True,
        )
        now = self.now()
        await self._db(self.store.add_puzzles, person, played, "mistake", made, now, now + OWN_DAYS * 86400)
        deck = Quiz.missed(played)  # the words missed, as anagram cards of the person's "missed" quiz
        scheduler = make_scheduler("auto")
        state, due = scheduler.new(dt.datetime.fromtimestamp(now, dt.timezone.utc))
        added = await self._db(self.store.add_cards, person, deck.name, missed, scheduler.name, state, due)
        with speaking(language.current()):
            posed = [shown(Puzzle.from_dict(json.loads(body))) for _, body in made]
        return _document("practice mistakes", {"puzzles": posed, "missed": missed, "cards_added": added}, played)

    async def mine(self, request: Request) -> Response:
        """``POST /api/practice/mine``: the person's ratings and own puzzles (unanswered first)."""
        person = person_digest((await self.service.checked(request, PracticeMineBody)).person)
        ratings = {}
        for name in self.offer.lexicons:
            rating, answers = await self._db(self.store.rating, person, name, self.now())
            if answers:
                ratings[name] = {
                    "rating": round(rating.rating),
                    "deviation": round(rating.deviation),
                    "answers": answers,
                }
        own = await self._db(self.store.own_puzzles, person, self.now())
        with speaking(language.current()):
            puzzles = [{**shown(Puzzle.from_dict(json.loads(b))), "answered": done} for b, done in own]
        puzzles.sort(key=lambda p: p["answered"])
        cards = await self._db(self.store.card_count, person)
        return _document("practice mine", {"ratings": ratings, "puzzles": puzzles, "cards": cards})

    # -- quizzes ------------------------------------------------------------------------------------------

    def _quiz(self, asked: QuizNextBody) -> Quiz:
        if asked.order == "missed":
            return Quiz.missed(self._lexicon(asked))
        first = asked.first or 1
        last = asked.last or first + 99
        if last < first:
            raise Refusal(400, "UsageError", Reason("practice.ranks_reversed", {"first": first, "last": last}), "last")
        if last - first + 1 > MAX_DECK:
            raise Refusal(400, "UsageError", Reason("practice.deck_too_big", {"most": MAX_DECK}), "last")
        return Quiz(
            self._lexicon(asked),
            asked.kind or "anagrams",
            asked.length or 7,
            asked.order or "probability",
            first,
            last,
        )

    def _next(self, person: str, quiz: Quiz, scheduler: str) -> dict[str, Any]:
        lexicon = Lexicon.load(quiz.lexicon)
        now = dt.datetime.fromtimestamp(self.now(), dt.timezone.utc)
        # A deck's cards are added in one transaction: a person holding one holds them all, so the deck's
        # questions (a tenth of a second to rank) are read only the first time.
        if quiz.order != "missed" and next_card(self.store, person, quiz, now)[1] is None:
            questions = quiz.questions(lexicon)
            if not questions:
                raise Refusal(400, "UsageError", Reason("practice.quiz_empty"), "first")
            if self.store.card_count(person) + len(questions) > MAX_CARDS:
                raise Refusal(409, "TooManyCards", Reason("practice.too_many_cards", {"most": MAX_CARDS}), "person")
            start_quiz(self.store, person, quiz, lexicon, now, make_scheduler(scheduler))
        card, due = next_card(self.store, person, quiz, now)
        out: dict[str, Any] = {"quiz": quiz.to_dict(), "card": None, "next_due": due.isoformat() if due else None}
        if card is not None:
            out["card"] = {
                **card.to_dict(),
                "prompt": quiz.prompt(lexicon, card.question).to_dict(),
                "words": len(quiz.answer(lexicon, card.question)),
            }
        return out

    async def quiz_next(self, request: Request) -> Response:
        """``POST /api/practice/quiz/next``: the deck started for the person (once), its next card due."""
        asked = await self.service.checked(request, QuizNextBody)
        person = person_digest(asked.person)
        try:
            quiz = self._quiz(asked)
        except InvalidInputError as exc:
            raise Refusal(400, "UsageError", exc.message(), "first") from None
        lang = language.current()
        result = await self._db(language.spoken, lang, self._next, person, quiz, asked.scheduler or "auto")
        return _document("practice quiz", result, quiz.lexicon)

    def _answered(self, person: str, card_id: int, given: str, grade: str | None) -> dict[str, Any]:
        try:
            card = self.store.card(person, card_id)
        except InvalidInputError:
            raise Refusal(404, "UnknownCard", Reason("practice.card_unknown", {"card": card_id}), "card") from None
        quiz = Quiz.from_name(card.quiz)
        lexicon = Lexicon.load(quiz.lexicon)
        now = dt.datetime.fromtimestamp(self.now(), dt.timezone.utc)
        try:
            judged, after = answer_card(self.store, person, card_id, given, lexicon, now, grade)
        except InvalidInputError as exc:
            raise Refusal(400, "UsageError", exc.message(), "answer") from None
        _, due = next_card(self.store, person, quiz, now)
        return {
            "judged": judged.to_dict(),
            "card": after.to_dict(),
            "next_due": due.isoformat() if due else None,
            "quiz": quiz.to_dict(),
        }

    async def quiz_answer(self, request: Request) -> Response:
        """``POST /api/practice/quiz/answer``: the person's words judged, the card rescheduled."""
        given = await self.service.checked(request, QuizAnswerBody)
        person = person_digest(given.person)
        lang = language.current()
        result = await self._db(language.spoken, lang, self._answered, person, given.card, given.answer, given.grade)
        return _document("practice quiz answer", result, result["quiz"]["lexicon"])

    # -- the daily challenge ---------------------------------------------------------------------------

    def _challenge_day(self, asked: ChallengeQuery) -> dt.date:
        today = self._today()
        date = asked.date
        if date is None:
            return today
        try:
            day = dt.date.fromisoformat(date.strip())
        except ValueError:
            raise Refusal(
                400, "UsageError", Reason("practice.date_malformed", {"given": repr(date[:40])}), "date"
            ) from None
        last = min(DAILY_LAST, today + dt.timedelta(days=1))
        if not DAILY_FIRST <= day <= last:
            said = Reason(
                "practice.date_out_of_range",
                {"date": day.isoformat(), "first": DAILY_FIRST.isoformat(), "last": last.isoformat()},
            )
            raise Refusal(400, "UsageError", said, "date")
        return day

    async def challenge(self, request: Request) -> Response:
        """``GET /api/practice/challenge``: a day's leaderboard (the best score first, then the fastest)."""
        asked = self.service.asked(request, ChallengeQuery)
        lexicon, day = self._lexicon(asked), self._challenge_day(asked)
        board = await self._db(self.store.leaderboard, day.isoformat(), lexicon)
        rows = [{"rank": i, "name": n, "score": s, "seconds": round(t, 1)} for i, (n, s, t) in enumerate(board, 1)]
        result = {"date": day.isoformat(), "size": CHALLENGE_SIZE, "seconds": CHALLENGE_SECONDS, "leaderboard": rows}
        return _document("practice challenge", result, lexicon)

    async def challenge_start(self, request: Request) -> Response:
        """``POST /api/practice/challenge/start``: today's questions; the person's clock starts (once)."""
        started_by = await self.service.checked(request, ChallengeStartBody)
        person, lexicon, day = person_digest(started_by.person), self._lexicon(started_by), self._today()
        started, finished = await self._db(self.store.challenge_start, day.isoformat(), lexicon, person, self.now())
        lex = Lexicon.load(lexicon)
        questions = await self._db(challenge_questions, lex, day)
        with speaking(language.current()):
            asked = [
                {"letters": q, "prompt": Quiz(lexicon).prompt(lex, q).to_dict()} for q in questions
            ]  # the anagram quiz's prompt: the letters and how many words
        left = max(0.0, started + CHALLENGE_SECONDS - self.now())
        result = {
            "date": day.isoformat(),
            "questions": asked,
            "seconds": CHALLENGE_SECONDS,
            "seconds_left": round(left, 1),
            "finished": finished is not None,
        }
        return _document("practice challenge start", result, lexicon)

    async def challenge_finish(self, request: Request) -> Response:
        """``POST /api/practice/challenge/finish``: scored once (a question right when every word is named and
        no other); answers after the time count nothing."""
        finished_by = await self.service.checked(request, ChallengeFinishBody)
        person, lexicon, day = person_digest(finished_by.person), self._lexicon(finished_by), self._today()
        answers = finished_by.given
        if len(answers) != CHALLENGE_SIZE:
            said = Reason("practice.challenge_answers", {"count": len(answers), "size": CHALLENGE_SIZE})
            raise Refusal(400, "UsageError", said, "answers")
        lex = Lexicon.load(lexicon)
        questions = await self._db(challenge_questions, lex, day)
        quiz = Quiz(lexicon)
        right = []
        for i, (question, given) in enumerate(zip(questions, answers, strict=False)):
            try:
                right.append(judge_words(lex, quiz.answer(lex, question), given).right)
            except InvalidInputError as exc:
                raise Refusal(400, "UsageError", f"{i + 1}: {exc.message(language.current())}", "answers") from None
        now = self.now()
        held = await self._db(self.store.challenge_of, day.isoformat(), lexicon, person)
        if held is None:  # the clock starts with the questions: no score without them
            raise Refusal(409, "ChallengeNotStarted", Reason("practice.challenge_not_started"), "person")
        late = now - held[0] > CHALLENGE_SECONDS + 5  # a little grace for the trip
        score = 0 if late else sum(right)
        name = finished_by.name  # checked by the model (names.person_name)
        done = await self._db(self.store.challenge_finish, day.isoformat(), lexicon, person, name, score, now)
        if done is None:
            raise Refusal(409, "ChallengeDone", Reason("practice.challenge_done"), "person")
        board = await self._db(self.store.leaderboard, day.isoformat(), lexicon)
        rows = [{"rank": i, "name": n, "score": s, "seconds": round(t, 1)} for i, (n, s, t) in enumerate(board, 1)]
        answers_said = [
            {"letters": q, "right": r, "answer": quiz.answer(lex, q)} for q, r in zip(questions, right, strict=True)
        ]
        result = {
            "date": day.isoformat(),
            "score": score,
            "seconds": round(done[0], 1),
            "late": late,
            "answers": answers_said,
            "leaderboard": rows,
        }
        return _document("practice challenge finish", result, lexicon)

    def openapi_paths(self) -> dict[str, Any]:
        """The practice's paths of the service's OpenAPI document (:mod:`.practice_contract`)."""
        return openapi_paths(self.offer)
