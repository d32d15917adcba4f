"""Practice over HTTP (/api/practice/...): the daily puzzle, an answer judged and rated, a person's mistakes
as their puzzles, quiz cards per person, the timed challenge; every refusal a 4xx naming its field with
nothing changed; the store's rows in SQLite and PostgreSQL alike. Every exchange is checked against the
service's OpenAPI document (tests/service_client.py)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")

from jarnac_solver import CarelessPlayer, Lexicon, play_game
from jarnac_solver.practice.progress import answer_card, next_card, start_quiz
from jarnac_solver.practice.puzzles import Puzzle, daily_puzzle, judge
from jarnac_solver.practice.quiz import Quiz
from jarnac_solver.practice.rating import Glicko, idle, rate_answer
from jarnac_solver.practice.schedule import make_scheduler
from jarnac_solver.server.app import create_app
from jarnac_solver.server.practice_contract import CHALLENGE_SIZE, MAX_PER_ADDRESS
from jarnac_solver.server.practice_routes import challenge_questions
from jarnac_solver.server.practice_store import PracticeStore, person_digest

from .pg import Cluster
from .service_client import Client

FR = Lexicon.load("fr")
ANN = "ann-browser-0123456789"
BOB = "bob-browser-0123456789"
NOW = dt.datetime(2026, 12, 7, 10, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def client() -> Iterator[Client]:
    app = create_app(["fr", "en"], max_budget_ms=2000)
    app.state.practice.now = lambda: NOW.timestamp()
    with Client(app, raise_server_exceptions=False) as made:
        yield made


def ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    result: dict[str, Any] = response.json()["result"]
    return result


def refused(response: Any, status: int, field: str | None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["field"] == field, error
    return error


def wrong_answer(puzzle: Puzzle) -> str:
    """A legal answer that is not the best (the next best, or the other side)."""
    if puzzle.answer in ("yes", "no"):
        return "no" if puzzle.answer == "yes" else "yes"
    if puzzle.answer in ("pass", "play"):
        return "pass" if puzzle.answer == "play" else "play"
    assert puzzle.next_best is not None
    return puzzle.next_best


def test_the_daily_puzzle_is_posed_without_its_answer_and_judged_right_and_wrong(client: Client) -> None:
    posed = ok(client.get("/api/practice/daily", params={"lexicon": "fr", "date": "2026-12-05"}))["puzzle"]
    puzzle = daily_puzzle(FR, "2026-12-05", today=NOW.date())
    assert posed["id"] == puzzle.id and "answer" not in posed and "next_best" not in posed
    assert posed["me"] == puzzle.me.to_dict() and posed["question"]["code"] == f"practice.question_{puzzle.kind}"
    again = ok(client.get("/api/practice/daily", params={"lexicon": "fr", "date": "2026-12-05"}))["puzzle"]
    assert again["id"] == posed["id"]  # stable for a date
    # Wrong first: judged by the exact solver with the explanation; the person and the puzzle rated.
    said = ok(
        client.post(f"/api/practice/puzzles/{puzzle.id}/answer", json={"person": ANN, "answer": wrong_answer(puzzle)})
    )
    assert said["right"] is False and said["expected"] == puzzle.answer and said["rated"] is True
    assert said["explanation"] == puzzle.explanation().to_dict() and said["margin"] == puzzle.margin
    expected_you, expected_it = rate_answer(Glicko(), Glicko(), False)
    assert said["you"]["rating"] == round(expected_you.rating) and said["puzzle_rating"] == round(expected_it.rating)
    # Right, by another person: rated too; a second answer by the first person is judged, not rated again.
    right = ok(client.post(f"/api/practice/puzzles/{puzzle.id}/answer", json={"person": BOB, "answer": puzzle.answer}))
    assert right["right"] is True and right["rated"] is True and right["you"]["rating"] > 1500
    second = ok(client.post(f"/api/practice/puzzles/{puzzle.id}/answer", json={"person": ANN, "answer": puzzle.answer}))
    assert second["right"] is True and second["rated"] is False and second["you"] == said["you"]
    # In the asker's language: the explanation's text in Spanish, its code the same; a refusal in Spanish too.
    es = ok(
        client.post(f"/api/practice/puzzles/{puzzle.id}/answer?lang=es", json={"person": BOB, "answer": puzzle.answer})
    )
    assert es["explanation"]["code"] == said["explanation"]["code"]
    assert es["explanation"]["text"] == puzzle.explanation().text("es") != puzzle.explanation().text("en")
    bad = {"person": BOB, "answer": "x"}
    en_error = refused(client.post(f"/api/practice/puzzles/{puzzle.id}/answer", json=bad), 400, "answer")
    es_error = refused(client.post(f"/api/practice/puzzles/{puzzle.id}/answer?lang=es", json=bad), 400, "answer")
    assert es_error["message"] != en_error["message"]


def test_bad_puzzle_answers_are_refused_naming_the_field_and_change_nothing(client: Client) -> None:
    puzzle = daily_puzzle(FR, "2026-12-06", today=NOW.date())
    ok(client.get("/api/practice/daily", params={"lexicon": "fr", "date": "2026-12-06"}))
    url = f"/api/practice/puzzles/{puzzle.id}/answer"
    refused(
        client.post("/api/practice/puzzles/0123456789ab/answer", json={"person": ANN, "answer": "yes"}), 404, "puzzle"
    )
    refused(client.post("/api/practice/puzzles/nothex/answer", json={"person": ANN, "answer": "yes"}), 400, "puzzle")
    malformed = {"jarnacable": "maybe", "pass_or_play": "perhaps", "jarnac": "PUNIS", "best_play": "WORD"}[puzzle.kind]
    refused(client.post(url, json={"person": ANN, "answer": malformed}), 400, "answer")
    refused(client.post(url, json={"person": ANN, "answer": ""}), 400, "answer")
    refused(client.post(url, json={"person": "short", "answer": puzzle.answer}), 400, "person")
    refused(client.post(url, json={"answer": puzzle.answer}), 400, "person")
    # nothing was recorded: ANN's first answer still rates
    assert ok(client.post(url, json={"person": ANN, "answer": puzzle.answer}))["rated"] is True
    # dates: malformed, before the first, after tomorrow
    refused(client.get("/api/practice/daily", params={"date": "7/12/2026"}), 400, "date")
    error = refused(client.get("/api/practice/daily", params={"date": "2025-12-31"}), 400, "date")
    assert "2026-01-01" in error["message"]
    refused(client.get("/api/practice/daily", params={"date": "2026-12-09"}), 400, "date")
    fr = refused(client.get("/api/practice/daily", params={"date": "2026-12-09", "lang": "fr"}), 400, "date")
    assert "problèmes du jour" in fr["message"]
    refused(client.get("/api/practice/daily", params={"lexicon": "xx"}), 400, "lexicon")


def test_the_rated_pool_serves_unanswered_puzzles_each_rechecked(client: Client) -> None:
    seen = set()
    for _ in range(3):
        got = ok(client.post("/api/practice/puzzles/next", json={"person": ANN, "lexicon": "en"}))
        posed = got["puzzle"]
        assert posed["id"] not in seen and posed["lexicon"] == "en"
        seen.add(posed["id"])
        store: PracticeStore = client.app.state.practice.store  # type: ignore[attr-defined]
        found = store.puzzle(posed["id"], "")
        assert found is not None
        puzzle = Puzzle.from_dict(json.loads(found[0]))
        assert judge(puzzle, puzzle.answer).right  # the answer kept is the exact solver's
        said = ok(
            client.post(f"/api/practice/puzzles/{posed['id']}/answer", json={"person": ANN, "answer": puzzle.answer})
        )
        assert said["right"] and said["rated"]
    mine = ok(client.post("/api/practice/mine", json={"person": ANN}))
    assert mine["ratings"]["en"]["answers"] == 3 and mine["ratings"]["en"]["rating"] > 1500


def test_a_persons_mistakes_from_a_reviewed_game_become_their_puzzles(client: Client) -> None:
    record = play_game(FR, ["planner", CarelessPlayer(4, slip=0.6)], seed=3)
    made = ok(client.post("/api/practice/mistakes", json={"person": ANN, "text": str(record), "player": "B"}))
    assert made["puzzles"], "a careless player's game gave no puzzle"
    mine = ok(client.post("/api/practice/mine", json={"person": ANN}))
    assert {p["id"] for p in mine["puzzles"]} == {p["id"] for p in made["puzzles"]}
    assert all(p["source"].startswith("your game") and not p["answered"] for p in mine["puzzles"])
    assert ok(client.post("/api/practice/mine", json={"person": BOB}))["puzzles"] == []
    # the words of the answers missed are anagram cards of ANN's "missed" quiz
    assert made["missed"] and made["cards_added"] == len(made["missed"])
    card = ok(client.post("/api/practice/quiz/next", json={"person": ANN, "lexicon": "fr", "order": "missed"}))["card"]
    assert card["question"] == made["missed"][0] and card["quiz"] == Quiz.missed("fr").name
    words = " ".join(Quiz.missed("fr").answer(FR, card["question"]))
    assert ok(client.post("/api/practice/quiz/answer", json={"person": ANN, "card": card["id"], "answer": words}))[
        "judged"
    ]["right"]
    assert (
        ok(client.post("/api/practice/quiz/next", json={"person": BOB, "lexicon": "fr", "order": "missed"}))["card"]
        is None
    )
    first = made["puzzles"][0]
    store: PracticeStore = client.app.state.practice.store  # type: ignore[attr-defined]
    found = store.puzzle(first["id"], person_digest(ANN))
    assert found is not None
    puzzle = Puzzle.from_dict(json.loads(found[0]))
    assert judge(puzzle, puzzle.answer, FR).right
    # another person cannot answer it (unless the same position is everyone's)
    if store.puzzle(first["id"], "") is None:
        refused(
            client.post(f"/api/practice/puzzles/{first['id']}/answer", json={"person": BOB, "answer": puzzle.answer}),
            404,
            "puzzle",
        )
    said = ok(client.post(f"/api/practice/puzzles/{first['id']}/answer", json={"person": ANN, "answer": puzzle.answer}))
    assert said["right"] and not said["rated"]  # one's own mistakes are practised, not rated
    # expired after 30 days: 410 naming the puzzle
    client.app.state.practice.now = lambda: NOW.timestamp() + 31 * 86400  # type: ignore[attr-defined]
    second = made["puzzles"][-1]["id"]
    refused(client.post(f"/api/practice/puzzles/{second}/answer", json={"person": ANN, "answer": "yes"}), 410, "puzzle")
    refused(client.post("/api/practice/mistakes", json={"person": ANN, "text": "hello", "player": "B"}), 400, "text")
    refused(
        client.post("/api/practice/mistakes", json={"person": ANN, "text": str(record), "player": "C"}), 400, "player"
    )


def test_quiz_cards_are_each_persons_own(client: Client) -> None:
    deck = {
        "person": ANN,
        "lexicon": "en",
        "kind": "anagrams",
        "length": 7,
        "first": 1,
        "last": 5,
        "scheduler": "leitner",
    }
    got = ok(client.post("/api/practice/quiz/next", json=deck))
    card = got["card"]
    quiz = Quiz("en", "anagrams", 7, "probability", 1, 5)
    en = Lexicon.load("en")
    assert card["question"] == quiz.questions(en)[0] and card["words"] == len(quiz.answer(en, card["question"]))
    answer = " ".join(quiz.answer(en, card["question"]))
    # another person's card: 404 naming the card, nothing changed
    refused(
        client.post("/api/practice/quiz/answer", json={"person": BOB, "card": card["id"], "answer": answer}),
        404,
        "card",
    )
    refused(
        client.post("/api/practice/quiz/answer", json={"person": ANN, "card": card["id"], "answer": "Q9!"}),
        400,
        "answer",
    )
    refused(client.post("/api/practice/quiz/answer", json={"person": ANN, "card": "x", "answer": "A"}), 400, "card")
    said = ok(client.post("/api/practice/quiz/answer", json={"person": ANN, "card": card["id"], "answer": answer}))
    assert said["judged"]["right"] and said["card"]["reviews"] == 1
    # the same step by the library on its own SQLite store gives the same schedule
    from jarnac_solver.practice.progress import SQLiteProgress

    mine = SQLiteProgress(":memory:")
    start_quiz(mine, "ann", quiz, en, NOW, make_scheduler("leitner"))
    first, _ = next_card(mine, "ann", quiz, NOW)
    assert first is not None and first.question == card["question"]
    _, after = answer_card(mine, "ann", first.id, answer, en, NOW)
    assert said["card"]["due"] == after.due.isoformat()
    nxt = ok(client.post("/api/practice/quiz/next", json=deck))["card"]
    assert nxt["id"] != card["id"] and nxt["question"] == quiz.questions(en)[1]
    # BOB's deck is his own: his first card is the deck's first
    assert (
        ok(client.post("/api/practice/quiz/next", json={**deck, "person": BOB}))["card"]["question"] == card["question"]
    )
    refused(client.post("/api/practice/quiz/next", json={**deck, "first": 1, "last": 5000}), 400, "last")
    refused(client.post("/api/practice/quiz/next", json={**deck, "kind": "riddles"}), 400, "kind")


def test_the_daily_challenge_is_timed_scored_once_and_ranked(client: Client) -> None:
    start = ok(client.post("/api/practice/challenge/start", json={"person": ANN, "lexicon": "fr"}))
    questions = [q["letters"] for q in start["questions"]]
    assert questions == challenge_questions(FR, NOW.date()) and len(questions) == CHALLENGE_SIZE
    quiz = Quiz("fr")
    answers = [" ".join(quiz.answer(FR, q)) for q in questions]
    answers[0] = "-"
    done = ok(
        client.post(
            "/api/practice/challenge/finish", json={"person": ANN, "lexicon": "fr", "name": "Ann", "answers": answers}
        )
    )
    assert done["score"] == CHALLENGE_SIZE - 1 and done["leaderboard"][0]["name"] == "Ann"
    refused(
        client.post(
            "/api/practice/challenge/finish", json={"person": ANN, "lexicon": "fr", "name": "Ann", "answers": answers}
        ),
        409,
        "person",
    )
    refused(
        client.post(
            "/api/practice/challenge/finish",
            json={"person": BOB, "lexicon": "fr", "name": "Bob", "answers": answers[:3]},
        ),
        400,
        "answers",
    )
    refused(
        client.post(
            "/api/practice/challenge/finish", json={"person": BOB, "lexicon": "fr", "name": "<b>", "answers": answers}
        ),
        400,
        "name",
    )
    refused(
        client.post(
            "/api/practice/challenge/finish", json={"person": BOB, "lexicon": "fr", "name": "Bob", "answers": answers}
        ),
        409,
        "person",
    )  # not started
    ok(client.post("/api/practice/challenge/start", json={"person": BOB, "lexicon": "fr"}))
    done = ok(
        client.post(
            "/api/practice/challenge/finish",
            json={"person": BOB, "lexicon": "fr", "name": "Bob", "answers": [*answers[1:], answers[0]]},
        )
    )
    board = ok(client.get("/api/practice/challenge", params={"lexicon": "fr"}))["leaderboard"]
    assert [row["name"] for row in board] == ["Ann", "Bob"]
    refused(client.get("/api/practice/challenge", params={"date": "2030-01-01"}), 400, "date")


def test_requests_are_bounded_per_address(client: Client) -> None:
    for _ in range(MAX_PER_ADDRESS):
        client.post("/api/practice/mine", json={"person": "x"})
    answer = client.post("/api/practice/mine", json={"person": ANN})
    assert answer.status_code == 429 and int(answer.headers["Retry-After"]) >= 1


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's practice store is: a new folder, or a new database of the cluster."""
    return str(tmp_path) if request.param == "sqlite" else str(request.getfixturevalue("cluster").database())


@pytest.fixture
def store(place: str) -> Iterator[PracticeStore]:
    made = PracticeStore(place)
    yield made
    made.close()


def test_the_store_keeps_the_same_rows_in_sqlite_and_postgresql(store: PracticeStore) -> None:
    en = Lexicon.load("en")
    quiz = Quiz("en", "anagrams", 7, "probability", 1, 3)
    assert start_quiz(store, "p1", quiz, en, NOW, make_scheduler("leitner")) == 3
    assert start_quiz(store, "p1", quiz, en, NOW, make_scheduler("leitner")) == 0
    card, _ = next_card(store, "p1", quiz, NOW)
    assert card is not None
    with pytest.raises(Exception, match="no such card"):
        store.card("p2", card.id)
    judged, after = answer_card(store, "p1", card.id, "-", en, NOW)
    assert not judged.right and after.lapses == 1 and store.card("p1", card.id).due == after.due
    store.add_puzzles("", "en", "pool", [("aaaaaaaaaaaa", "{}"), ("bbbbbbbbbbbb", "{}")], 1.0, None)
    store.add_puzzles("p1", "en", "mistake", [("cccccccccccc", "{}")], 1.0, 100.0)
    assert store.pool_count("en") == 2 and store.puzzle("cccccccccccc", "p2") is None
    assert store.nearest_unanswered("p1", "en", 1500) == "{}"
    first, mine, its = store.record_answer("p1", "en", "aaaaaaaaaaaa", "", "x", True, 2.0, True)
    assert first and (mine, its) == rate_answer(Glicko(), Glicko(), True)
    again = store.record_answer("p1", "en", "aaaaaaaaaaaa", "", "x", False, 2.0, True)
    assert again == (False, mine, its)  # a second answer changes nothing
    second = store.record_answer("p1", "en", "bbbbbbbbbbbb", "", "x", False, 2.0, True)
    assert second == (True, *rate_answer(mine, Glicko(), False))
    assert store.puzzle("aaaaaaaaaaaa", "")[3] == its  # type: ignore[index]
    rating, answers = store.rating("p1", "en")
    assert answers == 2 and rating == second[1] and rating.rating < mine.rating
    # a month without an answer: the deviation grows by 30 rating periods (days), the rating stays
    later, _ = store.rating("p1", "en", 2.0 + 30 * 86400 + 5)
    assert later.rating == rating.rating and later.deviation == idle(rating, 30).deviation > rating.deviation
    assert store.nearest_unanswered("p1", "en", 1500) is None
    assert store.own_puzzles("p1", 50.0) == [("{}", False)] and store.own_puzzles("p1", 150.0) == []
    assert store.challenge_start("2026-12-07", "en", "p1", 10.0) == (10.0, None)
    assert store.challenge_start("2026-12-07", "en", "p1", 20.0) == (10.0, None)
    assert store.challenge_finish("2026-12-07", "en", "p1", "P", 7, 40.0) == (30.0, 7)
    assert store.challenge_finish("2026-12-07", "en", "p1", "P", 9, 50.0) is None
    assert store.challenge_of("2026-12-07", "en", "p1") == (10.0, 40.0)
    assert store.challenge_of("2026-12-07", "en", "p2") is None
    assert store.leaderboard("2026-12-07", "en") == [("P", 7, 30.0)]


def test_a_new_cluster_fixture_is_used(cluster: Cluster) -> None:
    """The PostgreSQL store's schema is made once even when two stores open together."""
    url = cluster.database()
    first, second = PracticeStore(url), PracticeStore(url)
    first.add_puzzles("", "fr", "pool", [("dddddddddddd", "{}")], 1.0, None)
    assert second.pool_count("fr") == 1
    first.close()
    second.close()


def test_the_routes_on_a_postgresql_store(cluster: Cluster) -> None:
    """The same routes with the service's data in PostgreSQL: a quiz card and a daily puzzle answered and rated,
    another person's card refused."""
    app = create_app(["fr"], max_budget_ms=2000, data=cluster.database())
    app.state.practice.now = lambda: NOW.timestamp()
    with Client(app, raise_server_exceptions=False) as client:
        puzzle = daily_puzzle(FR, "2026-12-07", today=NOW.date())
        assert ok(client.get("/api/practice/daily"))["puzzle"]["id"] == puzzle.id
        said = ok(
            client.post(f"/api/practice/puzzles/{puzzle.id}/answer", json={"person": ANN, "answer": puzzle.answer})
        )
        assert said["right"] and said["rated"] and said["you"]["rating"] > 1500
        card = ok(client.post("/api/practice/quiz/next", json={"person": ANN, "last": 2}))["card"]
        refused(
            client.post("/api/practice/quiz/answer", json={"person": BOB, "card": card["id"], "answer": "-"}),
            404,
            "card",
        )
        judged = ok(client.post("/api/practice/quiz/answer", json={"person": ANN, "card": card["id"], "answer": "-"}))
        assert not judged["judged"]["right"] and judged["card"]["lapses"] == 1


def test_a_person_holds_a_bounded_number_of_cards(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from jarnac_solver.server import practice_routes

    monkeypatch.setattr(practice_routes, "MAX_CARDS", 8)
    deck = {"person": ANN, "lexicon": "en", "first": 1, "last": 5, "scheduler": "leitner"}
    assert ok(client.post("/api/practice/quiz/next", json=deck))["card"] is not None
    refused(client.post("/api/practice/quiz/next", json={**deck, "first": 6, "last": 10}), 409, "person")
    assert ok(client.post("/api/practice/mine", json={"person": ANN}))["cards"] == 5  # nothing added
    assert ok(client.post("/api/practice/quiz/next", json=deck))["card"] is not None  # the deck held goes on


ROUTES = {
    "/api/practice/puzzles/next": "NextPuzzleBody",
    "/api/practice/puzzles/0123456789ab/answer": "AnswerBody",
    "/api/practice/mistakes": "MistakesBody",
    "/api/practice/mine": "PracticeMineBody",
    "/api/practice/quiz/next": "QuizNextBody",
    "/api/practice/quiz/answer": "QuizAnswerBody",
    "/api/practice/challenge/start": "ChallengeStartBody",
    "/api/practice/challenge/finish": "ChallengeFinishBody",
}


@pytest.mark.parametrize("path", sorted(ROUTES))
def test_every_field_of_a_wrong_type_is_named(client: Client, path: str) -> None:
    """Each field of each route's body given a value of the wrong type: a 400 naming that field, nothing kept."""
    from jarnac_solver.server import practice_contract

    model = getattr(practice_contract, ROUTES[path])
    for name, field in model.model_fields.items():
        wrong: Any = "many" if "int" in str(field.annotation) else 12345
        refused(client.post(path, json={"person": ANN, name: wrong}), 400, name)
    refused(client.post(path, json=[ANN]), 400, None)
    refused(client.post(path, json={"person": ANN, "colour": "red"}), 400, "colour")
    assert ok(client.post("/api/practice/mine", json={"person": ANN})) == {"ratings": {}, "puzzles": [], "cards": 0}


def test_the_rated_pool_is_bounded(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from jarnac_solver.server import practice_routes

    monkeypatch.setattr(practice_routes, "MAX_POOL", 0)
    refused(client.post("/api/practice/puzzles/next", json={"person": ANN, "lexicon": "fr"}), 409, "person")


def test_reversed_ranks_are_refused_in_the_askers_language(client: Client) -> None:
    deck = {"person": ANN, "lexicon": "en", "first": 50, "last": 10}
    error = refused(client.post("/api/practice/quiz/next?lang=fr", json=deck), 400, "last")
    assert "vient avant le premier" in error["message"]


def test_a_challenge_finished_after_its_time_scores_nothing(client: Client) -> None:
    ok(client.post("/api/practice/challenge/start", json={"person": ANN, "lexicon": "fr"}))
    client.app.state.practice.now = lambda: NOW.timestamp() + 200  # type: ignore[attr-defined]
    questions = challenge_questions(FR, NOW.date())
    answers = [" ".join(Quiz("fr").answer(FR, q)) for q in questions]
    again = ok(client.post("/api/practice/challenge/start", json={"person": ANN, "lexicon": "fr"}))
    assert again["seconds_left"] == 0 and not again["finished"]  # the clock started once
    done = ok(
        client.post(
            "/api/practice/challenge/finish", json={"person": ANN, "lexicon": "fr", "name": "Ann", "answers": answers}
        )
    )
    assert done["late"] and done["score"] == 0 and done["seconds"] == 200


def test_tables_of_a_newer_version_are_refused(store: PracticeStore, place: str) -> None:
    from jarnac_solver.errors import InvalidInputError
    from jarnac_solver.server.practice_store import VERSION

    with store._run() as sql:
        sql("UPDATE {s}practice_version SET version = ?", (VERSION + 1,))
    with pytest.raises(InvalidInputError, match=f"version {VERSION + 1}, made by a newer"):
        PracticeStore(place)
    with store._run() as sql:  # the tables as they were: nothing rewritten
        assert sql("SELECT version FROM {s}practice_version") == [(VERSION + 1,)]


def test_answers_at_once_each_count(store: PracticeStore) -> None:
    """Answers written at once from several threads (as a server's requests are): each first answer kept once,
    each counted in the person's rating, a second answer to the same puzzle changing nothing."""
    from concurrent.futures import ThreadPoolExecutor

    ids = [f"{i:012x}" for i in range(6)]
    store.add_puzzles("", "en", "pool", [(pid, "{}") for pid in ids], 1.0, None)
    with ThreadPoolExecutor(6) as pool:
        done = list(pool.map(lambda pid: store.record_answer("p1", "en", pid, "", "x", True, 2.0, True), ids * 2))
    assert sum(first for first, _, _ in done) == 6
    rating, answers = store.rating("p1", "en")
    assert answers == 6 and rating.rating > 1500
