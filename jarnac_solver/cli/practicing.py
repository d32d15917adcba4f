"""The ``puzzle`` and ``quiz`` commands: practice between games (:mod:`jarnac_solver.practice`)."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInputError
from ..game.record import iter_records
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..textfile import read_text
from .errors import PROG, NotAllValid, UsageError
from .output import emit

if TYPE_CHECKING:
    from ..practice.puzzles import Puzzle


def _cmd_puzzle(args: argparse.Namespace) -> None:
    from ..practice.puzzles import KINDS, daily_puzzle, judge, self_play_puzzles

    lex = Lexicon.resolve(args.lexicon)
    kinds = (args.kind,) if args.kind else KINDS
    if args.kind and args.seed is None and args.mistakes is None:
        raise UsageError(f"{PROG} puzzle: --kind goes with --seed or --mistakes (the daily puzzle's kind is the day's)")
    if args.seed is not None:
        found = self_play_puzzles(lex, args.number, seed=args.seed, kinds=kinds, max_games=200 * args.number)
        if len(found) < args.number:
            raise InvalidInputError(f"only {len(found)} puzzles found from seed {args.seed}, not {args.number}")
        puzzle, head = found[args.number - 1], None
    elif args.mistakes is not None:
        puzzle, head = _mistake(args, lex, kinds), None
    else:
        if args.date == "":
            raise UsageError(f"{PROG} puzzle: --date is empty: give YYYY-MM-DD, or leave it out for today's")
        day = args.date if args.date is not None else dt.datetime.now(dt.timezone.utc).date().isoformat()
        puzzle = daily_puzzle(lex, day)
        head = Reason("practice.daily", {"date": str(day)})
    answer = args.answer
    if answer is None and not args.json and not args.reveal and sys.stdin.isatty():
        print(_shown(puzzle, head))
        judged = _asked(puzzle, lex)
        shown = True
    else:
        shown = False
        judged = None if answer is None else judge(puzzle, answer, lex)
    if args.json:
        result: dict[str, Any] = {"puzzle": puzzle.to_dict() if judged or args.reveal else _public(puzzle.to_dict())}
        if head is not None:
            result["daily"] = head.values["date"]
        result["judgement"] = None if judged is None else judged.to_dict()
        emit(args, result, lex, puzzle.rules)
    else:
        if not shown:
            print(_shown(puzzle, head))
        if judged is not None:
            print(judged.reason())
        elif args.reveal:
            print(_revealed(puzzle))
    if judged is not None and not judged.right:
        raise NotAllValid()


def _revealed(puzzle: Puzzle) -> Reason:
    """The answer and why, the answer said once: most explanations open with it (``+PEU starts ...``)."""
    from ..practice.puzzles import said_answer

    answer, why = said_answer(puzzle), puzzle.explanation()
    if why.text().startswith(answer.text() if isinstance(answer, Reason) else str(answer)):
        return why
    return Reason("practice.and", {"first": answer, "second": why})


def _asked(puzzle: Any, lex: Lexicon) -> Any:
    """The answer asked for at a terminal, judged: a malformed one is said and asked for again (end of input: none)."""
    from ..practice.puzzles import judge

    while True:
        try:
            answer = input(Reason("practice.your_answer", {"answer": ""}).text().rstrip() + " ")
        except EOFError:
            return None
        if not answer.strip():
            continue
        try:
            return judge(puzzle, answer, lex)
        except InvalidInputError as error:
            print(error.message(), file=sys.stderr)


def _asked_words(quiz: Any, question: str, lex: Lexicon) -> str | None:
    """A quiz card's answer asked for at a terminal: a malformed one is said and asked for again."""
    from ..practice.quiz import judge_words

    while True:
        try:
            answer = input(Reason("practice.your_answer", {"answer": ""}).text().rstrip() + " ")
        except EOFError:
            return None
        try:
            judge_words(lex, quiz.answer(lex, question), answer)
        except InvalidInputError as error:
            print(error.message(), file=sys.stderr)
        else:
            return answer


def _when(moment: dt.datetime) -> str:
    """A due time as a person reads it: the date, the minute, UTC."""
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _back(due: dt.datetime, first_due: dt.datetime | None, now: dt.datetime) -> Reason:
    """When the card answered comes back, and when the quiz's next card is due: now, when new or due cards wait."""
    if first_due is not None and first_due <= now:
        return Reason("practice.quiz_back_next_now", {"due": _when(due)})
    return Reason("practice.quiz_back_next_later", {"due": _when(due), "next": _when(first_due or due)})


_HIDDEN = ("answer", "value", "next_best", "next_value", "margin", "unit", "line", "points", "next_points",
           "options", "open_side", "explanation")  # fmt: skip
"""What a puzzle's document leaves out until it is answered or revealed."""


def _public(document: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if k not in _HIDDEN}


def _shown(puzzle: Any, head: Reason | None) -> str:
    text = puzzle.text()
    return text if head is None else f"{head}\n{text}"


def _mistake(args: argparse.Namespace, lex: Lexicon, kinds: tuple[str, ...]) -> Any:
    found = _mistakes(args, lex, kinds, "puzzle")
    if len(found) < args.number:
        raise InvalidInputError(
            f"{len(found)} puzzles from {args.player}'s mistakes in {args.mistakes}, not {args.number}"
        )
    return found[args.number - 1]


def _mistakes(args: argparse.Namespace, lex: Lexicon, kinds: tuple[str, ...], command: str) -> list[Any]:
    """The puzzles of ``--player``'s mistakes in the games of ``--mistakes`` (reviewed first)."""
    from ..play.review import review
    from ..practice.mistakes import mistake_puzzles

    errors: list[InvalidInputError] = []
    records = list(iter_records(read_text(args.mistakes, "file of game records", InvalidInputError), args.mistakes,
                                errors))  # fmt: skip
    if errors:
        raise errors[0]
    if not records:
        raise UsageError(f"{PROG} {command}: {args.mistakes} holds no game record")
    player = "AB".index(args.player)
    found = []
    for record in records:
        if args.playouts:
            result = review(record, lex, playouts=args.playouts, player=player)
        else:
            result = review(record, lex, depth="plan", player=player)
        found += mistake_puzzles(result, player, lex, worst=1000, kinds=kinds)
    return found


def _state_path(given: str | None) -> Path:
    """``--state``, else the user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``), made if needed."""
    if given is not None:
        if not given.strip():
            raise UsageError(f"{PROG} quiz: --state is empty: give an SQLite file, or leave it out for the default")
        return Path(given)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "jarnac-solver"
    base.mkdir(parents=True, exist_ok=True)
    return base / "progress.sqlite3"


def _cmd_quiz(args: argparse.Namespace) -> None:
    from ..practice.progress import SQLiteProgress, answer_card, next_card, start_quiz
    from ..practice.quiz import Quiz
    from ..practice.schedule import make_scheduler

    if args.answer is not None and not args.answer.strip():
        raise UsageError(f"{PROG} quiz: --answer is empty: give your words, or '-' for none")
    lex = Lexicon.resolve(args.lexicon)
    first, _, last = args.ranks.partition("-")
    quiz = Quiz(lex.name, args.kind, args.length, args.order, int(first or 1), int(last or 200_000))
    if args.mistakes is not None or args.order == "missed":  # the words you missed: a deck of your own games
        quiz = Quiz.missed(lex.name)
    scheduler = make_scheduler(args.scheduler)
    now = dt.datetime.now(dt.timezone.utc)
    store = SQLiteProgress(_state_path(args.state))
    try:
        if args.mistakes is not None:
            from ..practice.mistakes import missed_words
            from ..practice.puzzles import KINDS
            from ..practice.quiz import alphagram

            words = missed_words(_mistakes(args, lex, KINDS, "quiz"))
            state, due = scheduler.new(now)
            store.add_cards(args.person, quiz.name, [alphagram(lex, w) for w in words], scheduler.name, state, due)
        start_quiz(store, args.person, quiz, lex, now, scheduler)
        card, first_due = next_card(store, args.person, quiz, now)
        result: dict[str, Any] = {"quiz": quiz.to_dict(), "person": args.person, "card": None, "judged": None,
                                  "next_due": None if first_due is None else first_due.isoformat()}  # fmt: skip
        if card is None and first_due is None and quiz.order == "missed":
            raise UsageError(f"{PROG} quiz: no word you missed yet: add a game's with --mistakes GAME --player A|B")
        if card is None and first_due is None:  # an empty deck: ranks past its end, said with its size
            from ..practice.quiz import MAX_CARDS

            size = len(dataclasses.replace(quiz, first=1, last=MAX_CARDS).questions(lex))
            raise UsageError(f"{PROG} quiz: --ranks {args.ranks}: this deck holds {size:,} cards, ranks 1 to {size:,}")
        if card is None:
            said = Reason("practice.quiz_empty")
            if first_due is not None:
                said = Reason("practice.quiz_none_due", {"due": _when(first_due)})
            if args.json:
                emit(args, result, lex, None)
            else:
                print(said)
            return
        prompt = quiz.prompt(lex, card.question)
        result["card"] = {**card.to_dict(), "prompt": prompt.to_dict()}
        answer = args.answer
        if answer is None and not args.json and sys.stdin.isatty():
            print(prompt)
            answer = _asked_words(quiz, card.question, lex)
        elif not args.json:
            print(prompt)
        if answer is not None:
            judged, card = answer_card(store, args.person, card.id, answer, lex, now, args.grade)
            _, first_due = next_card(store, args.person, quiz, now)
            result["judged"] = judged.to_dict()
            result["card"] = {**card.to_dict(), "prompt": prompt.to_dict()}
            result["next_due"] = None if first_due is None else first_due.isoformat()
            if not args.json:
                print(judged.reason())
                print(_back(card.due, first_due, now))
        if args.json:
            emit(args, result, lex, None)
        if result["judged"] is not None and not result["judged"]["right"]:
            raise NotAllValid()
    finally:
        store.close()
