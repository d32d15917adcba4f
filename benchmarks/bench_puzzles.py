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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lexicons", nargs="+", default=["fr", "en", "es", "nl"])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=2_000)
    args = parser.parse_args()
    puzzles(args.lexicons, args.games)
    store(args.cards, args.queries)


if __name__ == "__main__":
    main()
