#!/usr/bin/env python3
"""Puzzles and quizzes: puzzles found per CPU-minute of self-play and how many the filter keeps, the time to
judge an answer, and a quiz's next-card query with 100,000 cards in the store.

    python benchmarks/bench_puzzles.py [--games 40] [--lexicons fr en es nl] [--cards 100000] [--queries 2000]

1. For each lexicon, ``--games`` seeded games between ``planner-learned`` players (the puzzles' source),
   each cut into candidate puzzles at every position (no filter) and then filtered: games and CPU seconds
   (``time.process_time``: self-play and the exact solvers together), candidates and kept puzzles a
   CPU-minute, the share kept, and the kept puzzles by kind.
2. Judging: every kept puzzle's right answer judged (``judge``), per kind: median and 99th percentile.
3. The quiz store: ``--cards`` cards of one person's quiz (plus as many of another person's) in an SQLite
   file, then ``--queries`` next-card queries at times that move through the deck and as many answers
   (``answer_card``, judged and rescheduled by Leitner boxes): median and 99th percentile.
4. The service's store (``server/practice_store.py``), the same steps in SQLite and in PostgreSQL (a
   throwaway cluster, tests/pg.py, ``fsync`` on; ``--no-postgresql`` leaves it out), and an answer to a
   puzzle over HTTP (``POST /api/practice/puzzles/{id}/answer``: read, judged, rated, written) on an
   in-process app.
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon
from jarnac_solver.practice.progress import SQLiteProgress, answer_card
from jarnac_solver.practice.puzzles import KINDS, harvest, judge
from jarnac_solver.practice.quiz import Quiz
from jarnac_solver.practice.schedule import LeitnerScheduler


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"{statistics.median(values) * 1000:.3f} / {p99 * 1000:.3f}"


def puzzles(names: list[str], games: int) -> None:
    print(f"## Puzzles from self-play ({games} games a lexicon, planner-learned v planner-learned; {IMPLEMENTATION})")
    print()
    print(
        "| lexicon | CPU s | games / CPU s | candidates / CPU min | kept / CPU min | kept | " + " | ".join(KINDS) + " |"
    )
    print("|---|---|---|---|---|---|" + "---|" * len(KINDS))
    judged: dict[str, list[float]] = collections.defaultdict(list)
    for name in names:
        lex = Lexicon.load(name)
        harvest(lex, 10, seed=10_000, max_games=1)  # warm: the lexicon's tables and the compiled lanes
        start = time.process_time()
        found = harvest(lex, 100_000, seed=1, max_games=games)
        cpu = time.process_time() - start
        kinds = collections.Counter(p.kind for p in found.puzzles)
        kept = len(found.puzzles)
        print(
            f"| {name} | {cpu:.2f} | {found.games / cpu:.0f} | {found.weighed / cpu * 60:,.0f} "
            f"| {kept / cpu * 60:,.0f} "
            f"| {kept} of {found.weighed} ({kept / max(1, found.weighed):.0%}) | "
            + " | ".join(str(kinds[k]) for k in KINDS)
            + " |"
        )
        for puzzle in found.puzzles:
            t = time.perf_counter()
            verdict = judge(puzzle, puzzle.answer, lex)
            judged[puzzle.kind].append(time.perf_counter() - t)
            assert verdict.right, puzzle
    print()
    print("## Judging an answer (the right one, every kept puzzle; ms, median / p99)")
    print()
    print("| kind | answers | ms |")
    print("|---|---|---|")
    for kind in KINDS:
        if judged[kind]:
            print(f"| {kind} | {len(judged[kind])} | {_ms(judged[kind])} |")
    print()


def store(cards: int, queries: int) -> None:
    lex = Lexicon.load("fr")
    quiz = Quiz("fr", "anagrams", 7, "probability", 1, cards)
    with tempfile.TemporaryDirectory() as folder:
        progress = SQLiteProgress(Path(folder) / "progress.sqlite3")
        leitner = LeitnerScheduler()
        t0 = dt.datetime(2026, 12, 7, tzinfo=dt.timezone.utc)
        state, _ = leitner.new(t0)
        questions = [f"Q{i:06d}" for i in range(cards)]  # the store's cost does not depend on the text
        start = time.perf_counter()
        progress.add_cards("ann", quiz.name, questions, leitner.name, state, t0)
        progress.add_cards("bob", quiz.name, questions, leitner.name, state, t0)
        added = time.perf_counter() - start
        # Spread the due times as a deck in use is: one card a minute over the last ~70 days.
        with progress._db:
            progress._db.execute("UPDATE cards SET due = due - id * 60")
        real = Quiz("fr", "anagrams", 7, "probability", 1, 50)
        progress.add_cards("ann", real.name, real.questions(lex), leitner.name, state, t0)
        next_times: list[float] = []
        for i in range(queries):
            now = t0 - dt.timedelta(minutes=cards - i * (cards // queries))
            t = time.perf_counter()
            progress.next_due("ann", quiz.name, now)
            next_times.append(time.perf_counter() - t)
        answers: list[float] = []
        for _ in range(min(queries, 50)):
            card, _ = progress.next_due("ann", real.name, t0)
            assert card is not None
            t = time.perf_counter()
            answer_card(progress, "ann", card.id, " ".join(lex.anagrams(card.question)), lex, t0)
            answers.append(time.perf_counter() - t)
        size = (Path(folder) / "progress.sqlite3").stat().st_size
        progress.close()
    print(f"## The quiz store ({cards:,} cards of one person, as many of another; SQLite file {size / 1e6:.1f} MB)")
    print()
    print("| step | count | ms (median / p99) |")
    print("|---|---|---|")
    print(f"| add {2 * cards:,} cards (one transaction each person) | 1 | {added * 1000:.0f} |")
    print(f"| next card due | {queries:,} | {_ms(next_times)} |")
    print(f"| answer a card (judge, reschedule, write) | {len(answers)} | {_ms(answers)} |")
    print()


def service_store(cards: int, queries: int, postgresql: bool) -> None:
    """Section 4: the service's PracticeStore in SQLite and PostgreSQL."""
    from jarnac_solver.server.practice_store import PracticeStore

    lex = Lexicon.load("fr")
    quiz = Quiz("fr", "anagrams", 7, "probability", 1, cards)
    real = Quiz("fr", "anagrams", 7, "probability", 1, 50)
    leitner = LeitnerScheduler()
    t0 = dt.datetime(2026, 12, 7, tzinfo=dt.timezone.utc)
    state, _ = leitner.new(t0)
    places: list[tuple[str, str]] = []
    cluster = None
    folder = tempfile.TemporaryDirectory()
    places.append(("SQLite", folder.name))
    if postgresql:
        from tests.pg import Cluster, skip_reason

        reason = skip_reason()
        if reason:
            print(f"({reason})")
        else:
            cluster = Cluster(fsync=True)
            places.append(("PostgreSQL", cluster.database()))
    print(f"## The service's store ({cards:,} cards of one person, as many of another; ms, median / p99)")
    print()
    print("| store | add cards (s) | next card due | answer a card |")
    print("|---|---|---|---|")
    try:
        for name, place in places:
            made = PracticeStore(place)
            questions = [f"Q{i:06d}" for i in range(cards)]
            start = time.perf_counter()
            for person in ("ann", "bob"):
                for i in range(0, cards, 1000):  # a deck in use: one card due a minute over the last ~70 days
                    due = t0 - dt.timedelta(minutes=cards - i)
                    made.add_cards(person, quiz.name, questions[i : i + 1000], leitner.name, state, due)
            added = time.perf_counter() - start
            made.add_cards("ann", real.name, real.questions(lex), leitner.name, state, t0)
            next_times: list[float] = []
            for i in range(queries):
                now = t0 - dt.timedelta(minutes=cards - i * (cards // queries))
                t = time.perf_counter()
                made.next_due("ann", quiz.name, now)
                next_times.append(time.perf_counter() - t)
            answers: list[float] = []
            for _ in range(50):
                card, _ = made.next_due("ann", real.name, t0)
                assert card is not None
                t = time.perf_counter()
                answer_card(made, "ann", card.id, " ".join(lex.anagrams(card.question)), lex, t0)
                answers.append(time.perf_counter() - t)
            made.close()
            print(f"| {name} | {added:.1f} | {_ms(next_times)} | {_ms(answers)} |")
    finally:
        if cluster is not None:
            cluster.close()
        folder.cleanup()
    print()
    print("## Judging an answer over HTTP (the daily puzzle's right answer, a new person each time; ms)")
    print()
    import warnings

    with warnings.catch_warnings():  # starlette's TestClient on httpx: deprecated, still there
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from jarnac_solver.practice.puzzles import daily_puzzle
    from jarnac_solver.server.app import create_app

    app = create_app(["fr"], max_budget_ms=2000)
    app.state.practice.asked = {}
    with TestClient(app, base_url="http://localhost") as client:
        posed = client.get("/api/practice/daily", params={"date": "2026-12-07"}).json()["result"]["puzzle"]
        answer = daily_puzzle(lex, "2026-12-07").answer
        times: list[float] = []
        for i in range(200):
            app.state.practice.asked = {}  # the per-address bound is not what is measured
            t = time.perf_counter()
            said = client.post(
                f"/api/practice/puzzles/{posed['id']}/answer",
                json={"person": f"bench-person-{i:08d}", "answer": answer},
            )
            times.append(time.perf_counter() - t)
            assert said.status_code == 200 and said.json()["result"]["right"], said.text
    print("| puzzle | answers | ms |")
    print("|---|---|---|")
    print(f"| {posed['kind']} {posed['id']} | {len(times)} | {_ms(times)} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lexicons", nargs="+", default=["fr", "en", "es", "nl"])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=2_000)
    parser.add_argument("--no-postgresql", action="store_true", help="the service's store in SQLite only")
    parser.add_argument("--only-service", action="store_true", help="section 4 alone")
    args = parser.parse_args()
    if not args.only_service:
        puzzles(args.lexicons, args.games)
        store(args.cards, args.queries)
    service_store(args.cards, args.queries, not args.no_postgresql)


if __name__ == "__main__":
    main()
