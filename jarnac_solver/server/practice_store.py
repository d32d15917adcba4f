"""What the service keeps of each person's practice: quiz cards, puzzles, ratings, the daily challenge.

Key idea: a person is a browser: the page makes a random id once (kept in the browser's storage) and sends
it with each practice request; the store keeps only its SHA-256 digest (:func:`person_digest`), so the
database holds nothing that would let its reader act as anyone. The tables are the practice's own, beside
the games' (never in their migrations): in SQLite a file of their own in the ``--data`` folder
(``practice.sqlite3``, or in memory), in PostgreSQL the schema ``jarnac_practice`` of the same database,
made ``IF NOT EXISTS`` at the start. One SQL text serves both (``?`` becomes ``%s`` for psycopg).

- ``cards``: a person's quiz cards and their schedules, the rows of
  :class:`~jarnac_solver.practice.progress.SQLiteProgress` (this store is a
  :class:`~jarnac_solver.practice.progress.ProgressStore`: the library's ``start_quiz``, ``next_card`` and
  ``answer_card`` run on it); the next card due is one index seek (``person, quiz, due``).
- ``puzzles``: the puzzles the service posed (a date's daily puzzle, the rated pool, a person's own from
  their mistakes, ``owner`` the person's digest), each with its Glicko-2 rating and, for a person's own,
  when it expires.
- ``ratings``: each person's Glicko-2 rating a lexicon; ``attempts``: each person's first answer to each
  puzzle (only the first is rated).
- ``challenges``: each person's timed daily challenge: when it started, the score and the seconds taken.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError
from ..practice.progress import Card
from ..practice.rating import PERIOD_DAYS, Glicko, idle, rate_answer
from .storage import is_database_url
from .store import StoreFullError, StoreUnavailableError

__all__ = ["DB_NAME", "VERSION", "PracticeStore", "person_digest"]

DB_NAME = "practice.sqlite3"

VERSION = 1
"""The version of the practice's tables this code reads and writes (``practice_version``): tables made by a
newer version are refused at the start, never rewritten."""

_TABLES = """
CREATE TABLE IF NOT EXISTS {s}practice_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS {s}cards (
    id {serial},
    person TEXT NOT NULL,
    quiz TEXT NOT NULL,
    question TEXT NOT NULL,
    scheduler TEXT NOT NULL,
    state TEXT NOT NULL,
    due {real} NOT NULL,
    reviews INTEGER NOT NULL DEFAULT 0,
    lapses INTEGER NOT NULL DEFAULT 0,
    UNIQUE (person, quiz, question)
);
CREATE INDEX IF NOT EXISTS cards_due ON {s}cards (person, quiz, due, id);
CREATE TABLE IF NOT EXISTS {s}puzzles (
    id TEXT NOT NULL,
    owner TEXT NOT NULL,
    lexicon TEXT NOT NULL,
    origin TEXT NOT NULL,
    body TEXT NOT NULL,
    made {real} NOT NULL,
    expires {real},
    rating {real} NOT NULL DEFAULT 1500,
    deviation {real} NOT NULL DEFAULT 350,
    volatility {real} NOT NULL DEFAULT 0.06,
    PRIMARY KEY (id, owner)
);
CREATE INDEX IF NOT EXISTS puzzles_pool ON {s}puzzles (owner, lexicon, origin, rating);
CREATE TABLE IF NOT EXISTS {s}ratings (
    person TEXT NOT NULL,
    lexicon TEXT NOT NULL,
    rating {real} NOT NULL,
    deviation {real} NOT NULL,
    volatility {real} NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    at {real} NOT NULL DEFAULT 0,
    PRIMARY KEY (person, lexicon)
);
CREATE TABLE IF NOT EXISTS {s}attempts (
    person TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    answer TEXT NOT NULL,
    is_right INTEGER NOT NULL,
    at {real} NOT NULL,
    PRIMARY KEY (person, puzzle)
);
CREATE TABLE IF NOT EXISTS {s}challenges (
    day TEXT NOT NULL,
    lexicon TEXT NOT NULL,
    person TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    started {real} NOT NULL,
    finished {real},
    score INTEGER NOT NULL DEFAULT 0,
    seconds {real} NOT NULL DEFAULT 0,
    PRIMARY KEY (day, lexicon, person)
);
CREATE INDEX IF NOT EXISTS challenges_board ON {s}challenges (day, lexicon, score, seconds);
"""

_CARD_COLUMNS = "id, person, quiz, question, scheduler, state, due, reviews, lapses"


def person_digest(person: str) -> str:
    """What the store keeps of a person's id: its SHA-256 digest (hex)."""
    return hashlib.sha256(f"jarnac practice {person}".encode()).hexdigest()


def _seconds(when: dt.datetime) -> float:
    if not isinstance(when, dt.datetime) or when.tzinfo is None:
        raise InvalidInputError(f"a time must be a datetime with its time zone, not {when!r}")
    return when.timestamp()


class PracticeStore:
    """The practice's tables in SQLite (``data`` a folder, ``None``: in memory) or PostgreSQL
    (``data`` a ``postgresql://`` address)."""

    def __init__(self, data: str | Path | None) -> None:
        self._lock = threading.Lock()
        self._pool: Any = None
        self._db: sqlite3.Connection | None = None
        if is_database_url(data):
            assert isinstance(data, str)
            self._open_postgresql(data)
            self.schema = "jarnac_practice."
            self.where = "PostgreSQL"
            return
        self.schema = ""
        if data is None:
            path = ":memory:"
        else:
            folder = Path(data)
            folder.mkdir(parents=True, exist_ok=True)
            path = str(folder / DB_NAME)
        self.where = path
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=5)
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.executescript(_TABLES.format(s="", serial="INTEGER PRIMARY KEY", real="REAL"))
            row = self._db.execute("SELECT MAX(version) FROM practice_version").fetchone()
            self._check_version(row[0] if row else None, path)
            if not row or row[0] is None:
                self._db.execute("INSERT INTO practice_version VALUES (?)", (VERSION,))
        except sqlite3.DatabaseError as exc:
            raise InvalidInputError(f"--data: the practice's file {path!r} cannot be used ({exc})") from None

    @staticmethod
    def _check_version(found: int | None, where: str) -> None:
        if found is not None and found > VERSION:
            raise InvalidInputError(
                f"--data: the practice's tables in {where} are of version {found}, made by a newer jarnac-solver"
                f" (this one reads version {VERSION}): upgrade it"
            )

    def _open_postgresql(self, url: str) -> None:
        import psycopg
        from psycopg_pool import ConnectionPool

        settings: dict[str, Any] = {"autocommit": True, "connect_timeout": 5, "application_name": "jarnac-practice"}
        try:
            with psycopg.connect(url, **settings) as db, db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (0x4A415250,))  # "JARP": one server makes them
                db.execute("CREATE SCHEMA IF NOT EXISTS jarnac_practice")
                script = _TABLES.format(s="jarnac_practice.", serial="BIGSERIAL PRIMARY KEY", real="DOUBLE PRECISION")
                db.execute(script.encode())
                row = db.execute("SELECT MAX(version) FROM jarnac_practice.practice_version").fetchone()
                self._check_version(row[0] if row else None, "the database")
                if not row or row[0] is None:
                    db.execute("INSERT INTO jarnac_practice.practice_version VALUES (%s)", (VERSION,))
        except psycopg.Error as exc:
            raise InvalidInputError(f"--data: the practice's tables cannot be made ({exc})") from None

        def configure(db: Any) -> None:
            db.execute("SET statement_timeout = 10000")

        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=4,
            kwargs=settings,
            configure=configure,
            timeout=5,
            open=False,
            name="jarnac-practice",
        )
        try:
            self._pool.open(wait=True, timeout=5)
        except psycopg.Error as exc:
            self._pool.close()
            raise InvalidInputError(f"--data: the practice's database cannot be used ({exc})") from None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
        if self._db is not None:
            self._db.close()

    # -- one place the SQL runs ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _run(self) -> Iterator[Any]:
        """A transaction: a function ``(sql, params) -> rows`` (``many=True``: ``params`` a list of rows)."""
        if self._pool is not None:
            import psycopg

            try:
                with self._pool.connection() as db, db.transaction():

                    def pg(sql: str, params: Iterable[Any] = (), many: bool = False) -> list[tuple[Any, ...]]:
                        text = sql.replace("{s}", self.schema).replace("?", "%s")
                        with db.cursor() as cursor:
                            if many:  # the rows it changed, as a one-row answer
                                cursor.executemany(text, list(params))
                                return [(max(0, cursor.rowcount),)]
                            cursor.execute(text, tuple(params))
                            return list(cursor.fetchall()) if cursor.description else []

                    yield pg
            except psycopg.errors.QueryCanceled as exc:
                raise StoreUnavailableError(f"the practice's database took too long ({exc})") from None
            except psycopg.OperationalError as exc:
                raise StoreUnavailableError(f"the practice's database cannot be reached ({exc})") from None
            except (psycopg.errors.DiskFull, psycopg.errors.OutOfMemory) as exc:
                raise StoreFullError(f"the practice's database cannot grow ({exc})") from None
            return
        assert self._db is not None
        db = self._db

        def lite(sql: str, params: Iterable[Any] = (), many: bool = False) -> list[tuple[Any, ...]]:
            text = sql.replace("{s}", "")
            if many:  # the rows it changed, as a one-row answer
                before = db.total_changes
                db.executemany(text, params)
                return [(db.total_changes - before,)]
            return db.execute(text, tuple(params)).fetchall()

        with self._lock:
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield lite
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if "full" in str(exc):
                    raise StoreFullError(f"the practice's file cannot grow ({exc})") from None
                raise

    # -- quiz cards (the library's ProgressStore) -------------------------------------------------------

    def add_cards(
        self, person: str, quiz: str, questions: Iterable[str], scheduler: str, state: dict[str, Any], due: dt.datetime
    ) -> int:
        when, text = _seconds(due), json.dumps(state)
        rows = [(person, quiz, q, scheduler, text, when) for q in questions]
        with self._run() as sql:
            changed = sql(
                "INSERT INTO {s}cards (person, quiz, question, scheduler, state, due) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                rows,
                many=True,
            )
        return int(changed[0][0])

    @staticmethod
    def _card(row: tuple[Any, ...]) -> Card:
        due = dt.datetime.fromtimestamp(row[6], dt.timezone.utc)
        return Card(int(row[0]), row[1], row[2], row[3], row[4], json.loads(row[5]), due, int(row[7]), int(row[8]))

    def next_due(self, person: str, quiz: str, now: dt.datetime) -> tuple[Card | None, dt.datetime | None]:
        with self._run() as sql:
            rows = sql(
                f"SELECT {_CARD_COLUMNS} FROM {{s}}cards WHERE person = ? AND quiz = ? ORDER BY due, id LIMIT 1",
                (person, quiz),
            )
        if not rows:
            return None, None
        card = self._card(rows[0])
        return (card if card.due.timestamp() <= _seconds(now) else None), card.due

    def card(self, person: str, card_id: int) -> Card:
        with self._run() as sql:
            rows = sql(f"SELECT {_CARD_COLUMNS} FROM {{s}}cards WHERE id = ?", (card_id,))
        if not rows or rows[0][1] != person:  # another person's card is no card of this person's
            raise InvalidInputError(f"card {card_id}: no such card of yours")
        return self._card(rows[0])

    def update(self, card: Card) -> None:
        with self._run() as sql:
            sql(
                "UPDATE {s}cards SET scheduler = ?, state = ?, due = ?, reviews = ?, lapses = ? WHERE id = ? AND"
                " person = ?",
                (
                    card.scheduler,
                    json.dumps(card.state),
                    _seconds(card.due),
                    card.reviews,
                    card.lapses,
                    card.id,
                    card.person,
                ),
            )

    def card_count(self, person: str) -> int:
        """How many cards the person holds, every quiz."""
        with self._run() as sql:
            return int(sql("SELECT COUNT(*) FROM {s}cards WHERE person = ?", (person,))[0][0])

    # -- puzzles and ratings ------------------------------------------------------------------------------

    def add_puzzles(
        self,
        owner: str,
        lexicon: str,
        origin: str,
        puzzles: Iterable[tuple[str, str]],
        made: float,
        expires: float | None,
    ) -> None:
        """Keep puzzles (``(id, body as JSON)``) of ``owner`` (``""``: everyone's); one kept already stays."""
        rows = [(pid, owner, lexicon, origin, body, made, expires) for pid, body in puzzles]
        with self._run() as sql:
            sql(
                "INSERT INTO {s}puzzles (id, owner, lexicon, origin, body, made, expires) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                rows,
                many=True,
            )

    def puzzle(self, puzzle_id: str, person: str) -> tuple[str, str, float | None, Glicko] | None:
        """A puzzle everyone may answer or ``person``'s own: its body, origin, expiry and rating."""
        with self._run() as sql:
            rows = sql(
                "SELECT body, origin, expires, rating, deviation, volatility, owner FROM {s}puzzles"
                " WHERE id = ? AND owner IN ('', ?) ORDER BY owner DESC LIMIT 1",
                (puzzle_id, person),
            )
        if not rows:
            return None
        body, origin, expires, r, d, v, _ = rows[0]
        return body, origin, expires, Glicko(r, d, v)

    def pool_count(self, lexicon: str) -> int:
        with self._run() as sql:
            rows = sql(
                "SELECT COUNT(*) FROM {s}puzzles WHERE owner = '' AND lexicon = ? AND origin = 'pool'", (lexicon,)
            )
        return int(rows[0][0])

    def nearest_unanswered(self, person: str, lexicon: str, rating: float) -> str | None:
        """The pool's puzzle of ``lexicon`` the person has not answered whose rating is nearest theirs."""
        with self._run() as sql:
            rows = sql(
                "SELECT body FROM {s}puzzles p WHERE owner = '' AND lexicon = ? AND origin = 'pool' AND NOT EXISTS"
                " (SELECT 1 FROM {s}attempts a WHERE a.person = ? AND a.puzzle = p.id)"
                " ORDER BY ABS(rating - ?), id LIMIT 1",
                (lexicon, person, rating),
            )
        return str(rows[0][0]) if rows else None

    def own_puzzles(self, person: str, now: float, limit: int = 50) -> list[tuple[str, bool]]:
        """The person's own puzzles not expired, the newest first: body, and whether answered."""
        with self._run() as sql:
            rows = sql(
                "SELECT p.body, a.puzzle IS NOT NULL FROM {s}puzzles p LEFT JOIN {s}attempts a ON a.person = p.owner"
                " AND a.puzzle = p.id WHERE p.owner = ? AND (p.expires IS NULL OR p.expires > ?)"
                " ORDER BY p.made DESC, p.id LIMIT ?",
                (person, now, limit),
            )
        return [(str(b), bool(done)) for b, done in rows]

    def rating(self, person: str, lexicon: str, now: float | None = None) -> tuple[Glicko, int]:
        """The person's rating on ``lexicon`` and how many answers made it (a new person: 1500, 350); given
        ``now``, its deviation grown by the whole rating periods (days) since its last answer."""
        with self._run() as sql:
            rows = sql(
                "SELECT rating, deviation, volatility, answers, at FROM {s}ratings WHERE person = ? AND lexicon = ?",
                (person, lexicon),
            )
        if not rows:
            return Glicko(), 0
        r, d, v, n, at = rows[0]
        held = Glicko(r, d, v)
        if now is not None and now > at:
            held = idle(held, int((now - at) // (PERIOD_DAYS * 86400)))
        return held, int(n)

    def record_answer(
        self, person: str, lexicon: str, puzzle_id: str, owner: str, answer: str, right: bool, at: float, rate: bool
    ) -> tuple[bool, Glicko, Glicko]:
        """Keep the person's first answer to a puzzle and, ``rate``, both ratings moved by it (Glicko-2, read
        and written in one transaction, the rows locked in PostgreSQL: two answers at once each count).
        Returns whether it was the person's first answer (a later one changes nothing), and the person's and
        the puzzle's ratings now."""
        lock = " FOR UPDATE" if self._pool is not None else ""  # SQLite's writer holds the whole file
        with self._run() as sql:
            first = sql(
                "INSERT INTO {s}attempts (person, puzzle, answer, is_right, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING RETURNING person",
                (person, puzzle_id, answer[:200], int(right), at),
            )
            rows = sql(
                "SELECT rating, deviation, volatility, at FROM {s}ratings WHERE person = ? AND lexicon = ?" + lock,
                (person, lexicon),
            )
            mine = Glicko()
            if rows:
                r, d, v, last = rows[0]
                mine = idle(Glicko(r, d, v), max(0, int((at - last) // (PERIOD_DAYS * 86400))))
            rows = sql(
                "SELECT rating, deviation, volatility FROM {s}puzzles WHERE id = ? AND owner = ?" + lock,
                (puzzle_id, owner),
            )
            its = Glicko(*rows[0]) if rows else Glicko()
            if not first or not rate:
                return bool(first), mine, its
            mine, its = rate_answer(mine, its, right)
            sql(
                "INSERT INTO {s}ratings (person, lexicon, rating, deviation, volatility, answers, at) VALUES"
                " (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (person, lexicon) DO UPDATE SET rating = excluded.rating,"
                " deviation = excluded.deviation, volatility = excluded.volatility,"
                " answers = {s}ratings.answers + 1, at = excluded.at",
                (person, lexicon, mine.rating, mine.deviation, mine.volatility, at),
            )
            sql(
                "UPDATE {s}puzzles SET rating = ?, deviation = ?, volatility = ? WHERE id = ? AND owner = ?",
                (its.rating, its.deviation, its.volatility, puzzle_id, owner),
            )
            return True, mine, its

    def answered(self, person: str, puzzle_id: str) -> bool:
        with self._run() as sql:
            return bool(sql("SELECT 1 FROM {s}attempts WHERE person = ? AND puzzle = ?", (person, puzzle_id)))

    # -- the daily challenge ------------------------------------------------------------------------------

    def challenge_start(self, day: str, lexicon: str, person: str, now: float) -> tuple[float, float | None]:
        """When the person started the day's challenge (now, the first time) and when they finished it."""
        with self._run() as sql:
            sql(
                "INSERT INTO {s}challenges (day, lexicon, person, started) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (day, lexicon, person, now),
            )
            row = sql(
                "SELECT started, finished FROM {s}challenges WHERE day = ? AND lexicon = ? AND person = ?",
                (day, lexicon, person),
            )[0]
        return float(row[0]), (None if row[1] is None else float(row[1]))

    def challenge_of(self, day: str, lexicon: str, person: str) -> tuple[float, float | None] | None:
        """When the person started the day's challenge and finished it (``None``: not started)."""
        with self._run() as sql:
            rows = sql(
                "SELECT started, finished FROM {s}challenges WHERE day = ? AND lexicon = ? AND person = ?",
                (day, lexicon, person),
            )
        if not rows:
            return None
        return float(rows[0][0]), (None if rows[0][1] is None else float(rows[0][1]))

    def challenge_finish(
        self, day: str, lexicon: str, person: str, name: str, score: int, now: float
    ) -> tuple[float, int] | None:
        """Keep the score of a started, unfinished challenge; returns (seconds taken, score) or ``None`` when
        it was not started or is finished already (nothing changed)."""
        with self._run() as sql:
            rows = sql(
                "SELECT started, finished FROM {s}challenges WHERE day = ? AND lexicon = ? AND person = ?",
                (day, lexicon, person),
            )
            if not rows or rows[0][1] is not None:
                return None
            seconds = max(0.0, now - float(rows[0][0]))
            sql(
                "UPDATE {s}challenges SET name = ?, finished = ?, score = ?, seconds = ? WHERE day = ? AND"
                " lexicon = ? AND person = ?",
                (name, now, score, seconds, day, lexicon, person),
            )
        return seconds, score

    def leaderboard(self, day: str, lexicon: str, limit: int = 20) -> list[tuple[str, int, float]]:
        """The day's finished challenges, the best score first, then the fastest: (name, score, seconds)."""
        with self._run() as sql:
            rows = sql(
                "SELECT name, score, seconds FROM {s}challenges WHERE day = ? AND lexicon = ? AND finished IS NOT NULL"
                " ORDER BY score DESC, seconds, started LIMIT ?",
                (day, lexicon, limit),
            )
        return [(str(n), int(s), float(t)) for n, s, t in rows]
