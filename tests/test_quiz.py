"""Word quizzes: the decks' answers against brute force over the word list, the schedulers (FSRS against the
fsrs library's own test vectors, Leitner boxes), the progress store, and the quiz command."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from jarnac_solver import Lexicon
from jarnac_solver.errors import InvalidInputError
from jarnac_solver.practice.progress import SQLiteProgress, answer_card, next_card, start_quiz
from jarnac_solver.practice.quiz import Quiz, judge_words
from jarnac_solver.practice.schedule import LEITNER_DAYS, FsrsScheduler, LeitnerScheduler, make_scheduler

T0 = dt.datetime(2026, 12, 7, 12, 0, tzinfo=dt.timezone.utc)


@cache
def lexicon(name: str) -> Lexicon:
    return Lexicon.load(name)


@cache
def words_of(name: str, length: int) -> tuple[tuple[str, Counter[str]], ...]:
    """The lexicon's words of ``length`` tiles, each with its tiles counted: read from the plain word list."""
    lex = lexicon(name)
    found = []
    for word in lex:
        tiles = lex.alphabet.tokenize(word, "word")
        if len(tiles) == length:
            found.append((word, Counter(tiles)))
    return tuple(found)


def test_decks_answers_against_brute_force() -> None:
    name = "en"
    lex = lexicon(name)
    for kind, length in (("anagrams", 7), ("rack", 6), ("extensions", 6)):
        quiz = Quiz(name, kind, length, "probability", 1, 2)
        questions = quiz.questions(lex)
        assert len(questions) == 2
        for question in questions:
            asked = Counter(lex.alphabet.tokenize(question, "word"))
            if kind == "anagrams":
                brute = [w for w, t in words_of(name, length) if t == asked]
            elif kind == "rack":
                brute = [w for n in (4, 5, 6) for w, t in words_of(name, n) if not t - asked]
            else:
                brute = [w for n in (7, 8) for w, t in words_of(name, n) if not asked - t]
            assert quiz.answer(lex, question) == sorted(brute), (kind, question)
    ranks = lex.probability_ranks(7)
    first = Quiz(name, "extensions", 7, "probability", 1, 2).questions(lex)
    assert [ranks[w] for w in first] == [1, 2]


def test_deck_orders_and_names() -> None:
    lex = lexicon("en")
    alphabet = Quiz("en", "anagrams", 4, "alphabet", 1, 5).questions(lex)
    assert alphabet == sorted(alphabet)
    quiz = Quiz("en", "rack", 7, "probability", 10, 20)
    assert Quiz.from_name(quiz.name) == quiz and quiz.name == "en:rack:7:probability:10-20"
    for bad in ({"kind": "riddles"}, {"length": 12}, {"first": 5, "last": 2}, {"order": "random"}):
        with pytest.raises(InvalidInputError, match="a quiz's"):
            Quiz("en", **bad)
    with pytest.raises(InvalidInputError, match="not a quiz's name"):
        Quiz.from_name("en:anagrams")


def test_judging_words() -> None:
    lex = lexicon("fr")
    answer = lex.anagrams("AEINORT")
    assert judge_words(lex, answer, " ".join(w.lower() for w in answer)).right
    judged = judge_words(lex, answer, "notaire, orienta, TERRAIN")
    assert not judged.right and judged.missed == ("NOTARIE", "NOTERAI") and judged.wrong == ("TERRAIN",)
    assert judged.reason().text("en") == "missed: NOTARIE NOTERAI; not answers: TERRAIN"
    with pytest.raises(InvalidInputError, match="the answer's word 2 \\('R4T'\\)"):
        judge_words(lex, answer, "NOTAIRE R4T")


# -- schedulers -----------------------------------------------------------------------------------------------


def test_fsrs_against_the_librarys_own_vectors() -> None:
    """py-fsrs's tests/test_basic.py: test_review_card (the interval history of Good x6, Again x2, Good x5,
    each review at the previous due time) and test_repeated_correct_reviews (ten Easy: difficulty 1.0)."""
    pytest.importorskip("fsrs")
    scheduler = FsrsScheduler()
    grades = ["good"] * 6 + ["again"] * 2 + ["good"] * 5
    when = dt.datetime(2022, 11, 29, 12, 30, 0, 0, dt.timezone.utc)
    state, _ = scheduler.new(when)
    intervals = []
    for grade in grades:
        state, due = scheduler.review(state, grade, when)
        intervals.append((due - dt.datetime.fromisoformat(state["last_review"])).days)
        when = due
    assert intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]
    state, _ = scheduler.new(when)
    for i in range(10):
        state, _ = scheduler.review(state, "easy", dt.datetime(2022, 11, 29, 12, 30, 0, i, dt.timezone.utc))
    assert state["difficulty"] == 1.0
    assert make_scheduler("auto").name == "fsrs"


def test_leitner_boxes() -> None:
    s = LeitnerScheduler()
    state, due = s.new(T0)
    assert due == T0 and state == {"box": 0}
    seen = []
    for grade in ["good", "good", "hard", "easy", "good", "good", "good", "good"]:
        state, due = s.review(state, grade, T0)
        seen.append((state["box"], (due - T0).days))
    assert seen == [(1, 1), (2, 3), (2, 3), (4, 14), (5, 30), (6, 60), (7, 120), (7, 120)]
    state, due = s.review(state, "again", T0)
    assert state == {"box": 0} and due - T0 == dt.timedelta(minutes=10)
    assert LEITNER_DAYS[1:] == tuple(sorted(LEITNER_DAYS[1:]))
    with pytest.raises(InvalidInputError, match="a grade is one of"):
        s.review(state, "great", T0)
    with pytest.raises(InvalidInputError, match="box is 0 to 7"):
        s.review({"box": 99}, "good", T0)


def test_make_scheduler_without_fsrs(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from jarnac_solver.errors import MissingExtraError

    monkeypatch.setitem(sys.modules, "fsrs", None)  # the package not installed
    assert make_scheduler("auto").name == "leitner"
    with pytest.raises(MissingExtraError, match=r"jarnac-solver\[practice\]"):
        make_scheduler("fsrs")


# -- the store ----------------------------------------------------------------------------------------------


def test_progress_per_person(tmp_path: Path) -> None:
    lex = lexicon("en")
    store = SQLiteProgress(tmp_path / "p.sqlite3")
    quiz = Quiz("en", "anagrams", 7, "probability", 1, 5)
    leitner = LeitnerScheduler()
    assert start_quiz(store, "ann", quiz, lex, T0, leitner) == 5
    assert start_quiz(store, "ann", quiz, lex, T0, leitner) == 0  # once
    assert start_quiz(store, "bob", quiz, lex, T0, leitner) == 5
    card, first = next_card(store, "ann", quiz, T0)
    assert card is not None and card.question == quiz.questions(lex)[0] and first == T0
    judged, after = answer_card(store, "ann", card.id, " ".join(lex.anagrams(card.question)), lex, T0)
    assert judged.right and after.due == T0 + dt.timedelta(days=1) and after.reviews == 1 and after.lapses == 0
    second, _ = next_card(store, "ann", quiz, T0)
    assert second is not None and second.question == quiz.questions(lex)[1]
    judged, after = answer_card(store, "ann", second.id, "-", lex, T0)
    assert not judged.right and after.lapses == 1 and after.due == T0 + dt.timedelta(minutes=10)
    bob, _ = next_card(store, "bob", quiz, T0)
    assert bob is not None and bob.question == card.question  # his own progress
    with pytest.raises(InvalidInputError, match=f"card {bob.id}: no such card of ann"):
        answer_card(store, "ann", bob.id, "-", lex, T0)
    later = T0 + dt.timedelta(days=30)
    for _ in range(5):  # every card answered right: none due until the first comes back
        due, _ = next_card(store, "ann", quiz, later)
        if due is None:
            break
        answer_card(store, "ann", due.id, " ".join(lex.anagrams(due.question)), lex, later)
    none, first_due = next_card(store, "ann", quiz, later)
    assert none is None and first_due is not None and first_due > later
    store.close()
    again = SQLiteProgress(tmp_path / "p.sqlite3")  # kept on disk
    assert again.count("ann", quiz.name) == 5
    again.close()
    (tmp_path / "bad").write_text("not a database at all, " * 100)
    with pytest.raises(InvalidInputError, match="cannot be used"):
        SQLiteProgress(tmp_path / "bad")


def test_quiz_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    state = str(tmp_path / "progress.sqlite3")
    base = ["quiz", "--state", state, "--ranks", "1-2", "--scheduler", "leitner", "--lexicon", "en"]
    assert main(base) == 0
    question = capsys.readouterr().out.splitlines()[0]
    assert question.startswith("the anagrams of ")
    letters = question.split()[3].rstrip(";")
    right = " ".join(lexicon("en").anagrams(letters))
    assert main([*base, "--answer", right]) == 0
    assert "right: all" in capsys.readouterr().out
    assert main([*base, "--answer", "-", "--json"]) == 1
    document = json.loads(capsys.readouterr().out)["result"]
    assert document["judged"]["right"] is False and document["card"]["lapses"] == 1
    assert main([*base, "--person", "zoe", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["card"]["reviews"] == 0
    assert main([*base, "--person", "amy", "--answer", "QQQ9"]) == 2
    assert "the answer's word 1" in capsys.readouterr().err


def test_quiz_command_of_the_words_missed_in_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver import CarelessPlayer, play_game
    from jarnac_solver.cli import main
    from jarnac_solver.play.review import review
    from jarnac_solver.practice.mistakes import missed_words, mistake_puzzles
    from jarnac_solver.practice.quiz import alphagram

    fr = lexicon("fr")
    record = play_game(fr, ["planner", CarelessPlayer(4, slip=0.6)], seed=3)
    game = tmp_path / "game.txt"
    game.write_text(str(record), encoding="utf-8")
    state = str(tmp_path / "progress.sqlite3")
    assert main(["quiz", "--state", state, "--order", "missed"]) == 2  # none yet: said how to add some
    assert "--mistakes" in capsys.readouterr().err
    assert main(["quiz", "--state", state, "--mistakes", str(game), "--player", "B", "--json"]) == 0
    card = json.loads(capsys.readouterr().out)["result"]["card"]
    words = missed_words(mistake_puzzles(review(record, fr, depth="plan", player=1), 1, fr, worst=1000))
    assert card["question"] == alphagram(fr, words[0]) and card["quiz"] == Quiz.missed("fr").name
    assert (
        main(["quiz", "--state", state, "--order", "missed", "--answer", " ".join(fr.anagrams(card["question"]))]) == 0
    )


def test_quiz_command_refuses_empty_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    state = str(tmp_path / "progress.sqlite3")
    assert main(["quiz", "--state", ""]) == 2  # not the default file in silence
    out, err = capsys.readouterr()
    assert (
        out == ""
        and err == "jarnac-solver quiz: --state is empty: give an SQLite file, or leave it out for the default\n"
    )
    assert main(["quiz", "--state", state, "--answer", ""]) == 2  # '-' is none; an empty answer is a slip
    out, err = capsys.readouterr()
    assert out == "" and err == "jarnac-solver quiz: --answer is empty: give your words, or '-' for none\n"
    assert not Path(state).exists()


class _Terminal:
    """A standard input that is a terminal."""

    @staticmethod
    def isatty() -> bool:
        return True


def test_quiz_command_asks_again_after_a_malformed_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from jarnac_solver.cli import main

    base = [
        "quiz",
        "--state",
        str(tmp_path / "p.sqlite3"),
        "--ranks",
        "1-2",
        "--scheduler",
        "leitner",
        "--lexicon",
        "en",
    ]
    typed = iter(["QQQ9", "-"])
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    assert main(base) == 1  # the typo said and asked again; then none given: a miss
    out, err = capsys.readouterr()
    assert "missed: " in out and err.count("\n") == 1 and "the answer's word 1" in err


def test_quiz_command_says_when_the_card_and_the_next_one_are_due(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from jarnac_solver.cli import main

    base = ["quiz", "--state", str(tmp_path / "p.sqlite3"), "--scheduler", "leitner", "--lexicon", "en"]
    assert main([*base, "--ranks", "1-2", "--answer", "-"]) == 1  # the second card, new, waits: due now
    last = capsys.readouterr().out.splitlines()[-1]
    assert re.fullmatch(r"this card comes back \d{4}-\d\d-\d\d \d\d:\d\d UTC; another card is due now", last)
    assert main([*base, "--ranks", "1-1", "--person", "bo", "--answer", "-"]) == 1  # the only card: itself next
    last = capsys.readouterr().out.splitlines()[-1]
    back = re.fullmatch(r"this card comes back (.+ UTC); the next card is due (.+ UTC)", last)
    assert back is not None and back[1] == back[2]
    assert main([*base, "--ranks", "1-1", "--person", "bo", "--lang", "fr"]) == 0  # nothing due: when, in words
    assert re.fullmatch(r".* \d{4}-\d\d-\d\d \d\d:\d\d UTC", capsys.readouterr().out.strip())


def test_quiz_command_ranks_past_the_deck_say_its_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    size = len(Quiz("en", "anagrams", 9, "probability", 1, 200_000).questions(lexicon("en")))
    state = str(tmp_path / "p.sqlite3")
    assert main(["quiz", "--state", state, "--lexicon", "en", "--length", "9", "--ranks", "150000-150005"]) == 2
    out, err = capsys.readouterr()
    assert (
        out == ""
        and err == f"jarnac-solver quiz: --ranks 150000-150005: this deck holds {size:,} cards, ranks 1 to {size:,}\n"
    )
