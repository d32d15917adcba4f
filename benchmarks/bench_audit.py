#!/usr/bin/env python3
"""Audit speed: Jarnac windows and whole games audited per second, on one process and two.

    python benchmarks/bench_audit.py [LEXICON] [--games N] [--runs R] [--deep]

Records are fr self-play games (sloppy against greedy, seeds 1..N, so that
passes with moves left and Jarnacs come up), made once; each configuration is
timed ``--runs`` times and the median is shown. Two processes include the
pool's start-up (each worker receives the lexicon once).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon, play_game
from jarnac_solver.play.audit import audit_many


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lexicon", nargs="?", default="fr")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deep", action="store_true", help="also audit every turn (best move, longest ladder)")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    lex = Lexicon.resolve(args.lexicon)
    records = [play_game(lex, ["sloppy", "greedy"], seed=seed) for seed in range(1, args.games + 1)]
    reports = audit_many(records, lex, deep=args.deep)
    windows = sum(len(r.windows) for r in reports)
    print(
        f"{lex.name}: {len(records)} games (sloppy v greedy), {windows} Jarnac windows"
        f"{', deep' if args.deep else ''}; median of {args.runs} runs"
    )
    print(f"{'workers':>8} {'seconds':>8} {'games/s':>8} {'windows/s':>10} {'speed-up':>9}")
    base = None
    for workers in (1, 2):
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            audit_many(records, lex, deep=args.deep, workers=workers)
            times.append(time.perf_counter() - start)
        seconds = statistics.median(times)
        base = base or seconds
        print(
            f"{workers:>8} {seconds:8.2f} {len(records) / seconds:8.1f} {windows / seconds:10.0f} {base / seconds:9.2f}"
        )


if __name__ == "__main__":
    main()
