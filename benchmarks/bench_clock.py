#!/usr/bin/env python3
"""The competitive rules for real: decisions under the clock, and what the verb-form list changes.

    python benchmarks/bench_clock.py [--games N] [--clock SECONDS] [--seed S]

Two tables, seeded games on one core:

1. Self-play under the competitive preset on ``fr-competitive`` with the
   clock at ``--clock`` seconds a decision (default 0.1, a tenth of
   a second): per player of each pairing, the decisions timed, how many took
   a millisecond or more, the 99th percentile and longest time (ms), how many overran the clock (each a
   time-over action: a pass in the play phase), and the games a second
   (times as the records keep them: milliseconds; most decisions, draws and
   accepts, take well under one);
   every record is replayed (its times and flags checked).
2. The same pairings without a clock, on ``fr`` and on ``fr-competitive``
   (same seeds, same rules otherwise): mean score per player, mean game
   length in actions, Jarnacs called: what removing conjugated verb forms
   (52% of the list's words remain) does to play.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, GameRecord, Lexicon, Rules
from jarnac_solver.play.players import play_game

PAIRINGS = (("planner", "ladder"), ("ladder", "greedy"), ("greedy", "cautious"))


def clocked(games: int, clock: float, seed: int) -> None:
    lex = Lexicon.load("fr-competitive")
    rules = Rules.preset("competitive").replace(think_seconds=clock)
    print(f"## 1. Self-play on {lex.name}, competitive rules, a {clock:g} s clock ({games} games a pairing)\n")
    print("| pairing | player | decisions | of 1 ms or more | p99 ms | max ms | time overs | games/s | replayed |")
    print("|---|---|---|---|---|---|---|---|---|")
    for pairing in PAIRINGS:
        times: list[list[float]] = [[], []]
        overs = [0, 0]
        started = time.perf_counter()
        records = [play_game(lex, list(pairing), rules, seed + g) for g in range(games)]
        elapsed = time.perf_counter() - started
        for record in records:
            for (who, _, _), (seconds, over) in zip(record.actions, record.clock, strict=True):
                times[who].append(seconds * 1000)
                overs[who] += over
        replayed = all(GameRecord.parse(str(r)).replay(lex).scores() == r.scores for r in records)
        for who, name in enumerate(pairing):
            ms = sorted(times[who])
            p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
            print(
                f"| {'-'.join(pairing)} | {name} | {len(ms)} | {sum(t >= 1 for t in ms)} | {p99:.0f} |"
                f" {ms[-1]:.0f} | {overs[who]} | {games / elapsed:.1f} | {'yes' if replayed else 'NO'} |"
            )
    print()


def lists(games: int, seed: int) -> None:
    rules = Rules.preset("competitive").replace(think_seconds=None)
    print(f"## 2. fr against fr-competitive, competitive rules without a clock ({games} games a pairing)\n")
    print("| pairing | lexicon | mean score (first) | mean score (second) | mean actions | jarnacs |")
    print("|---|---|---|---|---|---|")
    for pairing in PAIRINGS:
        for name in ("fr", "fr-competitive"):
            lex = Lexicon.load(name)
            records = [play_game(lex, list(pairing), rules, seed + g) for g in range(games)]
            first = statistics.mean(r.scores[0] for r in records)
            second = statistics.mean(r.scores[1] for r in records)
            actions = statistics.mean(len(r.actions) for r in records)
            jarnacs = sum(len(r.jarnacs) for r in records)
            print(f"| {'-'.join(pairing)} | {name} | {first:.1f} | {second:.1f} | {actions:.0f} | {jarnacs} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games a pairing (default 20)")
    parser.add_argument("--clock", type=float, default=0.1, help="seconds a decision (default 0.1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}\n")
    clocked(args.games, args.clock, args.seed)
    lists(args.games, args.seed)


if __name__ == "__main__":
    main()
