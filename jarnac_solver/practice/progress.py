"""A person's quiz progress: every card's schedule, kept in a store (a local SQLite file for the command line).

:class:`ProgressStore` is what a quiz needs of a store: the cards of a person's quiz (added once, due at
once), the next card due, and a card's new schedule after an answer. :class:`SQLiteProgress` is the one
the command line uses (``quiz --state PATH``): one table, a row a card (person, quiz, question, the
scheduler's name and JSON state, the due time, reviews and lapses), the next-card query one index seek
(``person, quiz, due``): a server's store can hold the same rows in its own database (the protocol names
no SQL). A card belongs to a person: answering another person's card is refused, naming the card.

:func:`answer_card` is the whole step: the person's words judged against the card's answer
(:func:`~.quiz.judge_words`), graded (all right: ``good``, or the grade given; anything missed or wrong:
``again``) and rescheduled by the card's scheduler (:mod:`.schedule`).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..errors import InvalidInputError
from ..integers import is_whole
from ..lexicon.lexicon import Lexicon
from .quiz import Quiz, WordsJudged, judge_words
from .schedule import GRADES, Scheduler, make_scheduler

__all__ = ["Card", "ProgressStore", "SQLiteProgress", "answer_card", "next_card", "start_quiz"]


@dataclass(frozen=True)
class Card:
    """One card of one person's quiz and its schedule."""

    id: int
    person: str
    quiz: str
    question: str
    scheduler: str
    state: dict[str, Any]
    due: dt.datetime
    reviews: int = 0
    lapses: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "quiz": self.quiz, "question": self.question, "scheduler": self.scheduler,
                "due": self.due.isoformat(), "reviews": self.reviews, "lapses": self.lapses}  # fmt: skip


class ProgressStore(Protocol):
    """What a quiz keeps per person (the command line's :class:`SQLiteProgress`; a server's store later)."""

    def add_cards(
        self, person: str, quiz: str, questions: Iterable[str], scheduler: str, state: dict[str, Any], due: dt.datetime
    ) -> int:
        """Add the questions not yet in the person's quiz as new cards; returns how many were added."""
        ...

    def next_due(self, person: str, quiz: str, now: dt.datetime) -> tuple[Card | None, dt.datetime | None]:
        """The card due first if it is due by ``now`` (``None``: none), and when the first card is due."""
        ...

    def card(self, person: str, card_id: int) -> Card:
        """The person's card ``card_id`` (refused when it is another person's, or none)."""
        ...

    def update(self, card: Card) -> None:
        """Write a card's new schedule."""
        ...


def _seconds(when: dt.datetime) -> float:
    if not isinstance(when, dt.datetime) or when.tzinfo is None:
        raise InvalidInputError(f"a time must be a datetime with its time zone, not {when!r}")
    return when.timestamp()


def _person(person: object) -> str:
    if not isinstance(person, str) or not person.strip() or len(person) > 200:
        raise InvalidInputError(f"a person is named by 1 to 200 characters, not {str(person)[:40]!r}")
    return person.strip()


class SQLiteProgress:
    """The progress of any number of people in one SQLite file (``":memory:"``: in memory)."""

    def __init__(self, path: str | Path) -> None:
        try:
            self._db = sqlite3.connect(str(path), isolation_level=None)
            self._db.executescript(
                """
                PRAGMA journal_mode = WAL;
                CREATE TABLE IF NOT EXISTS cards (
                    id INTEGER PRIMARY KEY,
                    person TEXT NOT NULL,
                    quiz TEXT NOT NULL,
                    question TEXT NOT NULL,
                    scheduler TEXT NOT NULL,
                    state TEXT NOT NULL,
                    due REAL NOT NULL,
                    reviews INTEGER NOT NULL DEFAULT 0,
                    lapses INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (person, quiz, question)
                );
                CREATE INDEX IF NOT EXISTS cards_due ON cards (person, quiz, due, id);
                """
            )
        except sqlite3.DatabaseError as exc:
            raise InvalidInputError(f"the progress file {str(path)!r} cannot be used: {exc}") from None

    def close(self) -> None:
        self._db.close()

    def add_cards(
        self, person: str, quiz: str, questions: Iterable[str], scheduler: str, state: dict[str, Any], due: dt.datetime
    ) -> int:
        person, when, text = _person(person), _seconds(due), json.dumps(state)
        before = self._db.total_changes
        with self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT OR IGNORE INTO cards (person, quiz, question, scheduler, state, due) VALUES (?, ?, ?, ?, ?, ?)",
                ((person, quiz, q, scheduler, text, when) for q in questions),
            )
        return self._db.total_changes - before

    def _card(self, row: tuple[Any, ...]) -> Card:
        due = dt.datetime.fromtimestamp(row[6], dt.timezone.utc)
        return Card(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), due, row[7], row[8])

    _COLUMNS = "id, person, quiz, question, scheduler, state, due, reviews, lapses"

    def next_due(self, person: str, quiz: str, now: dt.datetime) -> tuple[Card | None, dt.datetime | None]:
        row = self._db.execute(
            f"SELECT {self._COLUMNS} FROM cards WHERE person = ? AND quiz = ? ORDER BY due, id LIMIT 1",
            (_person(person), quiz),
        ).fetchone()
        if row is None:
            return None, None
        card = self._card(row)
        return (card if card.due.timestamp() <= _seconds(now) else None), card.due

    def card(self, person: str, card_id: int) -> Card:
        if not is_whole(card_id):
            raise InvalidInputError(f"a card is named by its number, not {card_id!r}")
        row = self._db.execute(f"SELECT {self._COLUMNS} FROM cards WHERE id = ?", (card_id,)).fetchone()
        if row is None or row[1] != _person(person):
            raise InvalidInputError(f"card {card_id}: no such card of {_person(person)}")
        return self._card(row)

    def update(self, card: Card) -> None:
        with self._db:
            self._db.execute(
                "UPDATE cards SET scheduler = ?, state = ?, due = ?, reviews = ?, lapses = ?"
                " WHERE id = ? AND person = ?",
                (card.scheduler, json.dumps(card.state), _seconds(card.due), card.reviews, card.lapses, card.id,
                 card.person),
            )  # fmt: skip

    def count(self, person: str, quiz: str) -> int:
        """How many cards the person's quiz holds."""
        found = self._db.execute("SELECT COUNT(*) FROM cards WHERE person = ? AND quiz = ?", (_person(person), quiz))
        return int(found.fetchone()[0])


def start_quiz(
    store: ProgressStore, person: str, quiz: Quiz, lexicon: Lexicon, now: dt.datetime, scheduler: Scheduler
) -> int:
    """Add the quiz's questions the person does not have yet, due now in the deck's order; returns how many."""
    state, due = scheduler.new(now)
    questions = quiz.questions(lexicon)
    return store.add_cards(person, quiz.name, questions, scheduler.name, state, due)


def next_card(
    store: ProgressStore, person: str, quiz: Quiz, now: dt.datetime
) -> tuple[Card | None, dt.datetime | None]:
    """The person's next card of ``quiz`` due by ``now`` (``None``: none due), and when the first is due."""
    return store.next_due(person, quiz.name, now)


def answer_card(
    store: ProgressStore,
    person: str,
    card_id: int,
    given: str,
    lexicon: Lexicon,
    now: dt.datetime,
    grade: str | None = None,
) -> tuple[WordsJudged, Card]:
    """Judge ``given`` for the person's card and reschedule it: ``again`` when anything is missed or wrong,
    else ``grade`` (``good`` by default; ``hard`` or ``easy`` say how it went). Returns the verdict and the card
    as it is now."""
    if grade is not None and grade not in GRADES[1:]:
        raise InvalidInputError(f"a right answer's grade is hard, good or easy, not {grade!r}")
    card = store.card(person, card_id)
    quiz = Quiz.from_name(card.quiz)
    judged = judge_words(lexicon, quiz.answer(lexicon, card.question), given)
    used = "again" if not judged.right else grade or "good"
    scheduler = make_scheduler(card.scheduler)
    state, due = scheduler.review(card.state, used, now)
    new = Card(card.id, card.person, card.quiz, card.question, card.scheduler, state, due, card.reviews + 1,
               card.lapses + (not judged.right))  # fmt: skip
    store.update(new)
    return judged, new
