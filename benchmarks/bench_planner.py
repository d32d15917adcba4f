#!/usr/bin/env python3
"""Do the planners win? Matches against greedy on fr and en, with 95% intervals.

    python benchmarks/bench_planner.py [--games 400] [--seed 1000] [--lexicons fr,en]

For each lexicon, ``planner`` against ``greedy`` and ``ladder`` against
``greedy``, sides alternated, fixed seeds. Reports the win rate (a draw
counts half) with a 95% Wilson interval, the mean score difference with a
95% normal interval, and the time per decision of the tested player
(its share of the game time is not separated: the figure is the whole
game's time divided by the tested player's actions, an upper bound).
Target: ``planner``'s interval excludes 50%.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon
from jarnac_solver.game.record import GameRecord
from jarnac_solver.play.players import play_match


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def ladder_table(trays: int = 30) -> None:
    """plan_ladder on fr: racks of 8 to 15 letters, on an empty tray and on 5 lines (median, max ms)."""
    import random

    from jarnac_solver import Bag, Tray
    from jarnac_solver.planning.ladder import plan_ladder

    lex = Lexicon.load("fr")
    rng = random.Random(7)
    tiles = Bag.load("fr").tiles()
    words = [w for w in lex if 3 <= len(w) <= 6]
    print("plan_ladder on fr: median / max ms over trays (exact at every size)")
    print(f"{'rack':>4} {'lines':>5} {'median ms':>10} {'max ms':>8} {'mean moves':>10}")
    for size in (8, 12, 15):
        for n_lines in (0, 5):
            times = []
            moves = []
            for _ in range(trays):
                tray = Tray(rng.sample(words, n_lines), "".join(rng.sample(tiles, size)))
                start = time.perf_counter()
                moves.append(len(plan_ladder(lex, tray)))
                times.append(time.perf_counter() - start)
            print(
                f"{size:>4} {n_lines:>5} {statistics.median(times) * 1e3:>10.1f} {max(times) * 1e3:>8.1f} "
                f"{statistics.mean(moves):>10.1f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--ladder", action="store_true", help="only time plan_ladder on growing racks")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    if args.ladder:
        ladder_table()
        return
    print(
        f"{'lexicon':<8} {'match':<20} {'games':>5} {'win %':>6} {'95% interval':>15} "
        f"{'score diff':>10} {'95% interval':>17} {'ms/decision':>11}"
    )
    for name in args.lexicons.split(","):
        lex = Lexicon.load(name)
        for tested in ("planner", "ladder"):
            records: list[GameRecord] = []
            start = time.perf_counter()
            result = play_match(lex, [tested, "greedy"], args.games, seed=args.seed, records=records)
            seconds = time.perf_counter() - start
            wins = result.wins[0] + result.draws / 2
            low, high = wilson(wins, result.games)
            diffs = [a - b for a, b in zip(result.scores[0], result.scores[1], strict=True)]
            mean = statistics.mean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("inf")
            decisions = sum(
                1
                for g, record in enumerate(records)
                for who, text, _ in record.actions
                if who == (g % 2) and text not in ("draw", "decline")
            )
            interval = f"{100 * low:.1f}-{100 * high:.1f}%"
            diff_interval = f"{mean - half:.1f} to {mean + half:.1f}"
            print(
                f"{name:<8} {tested + ' v greedy':<20} {result.games:>5} {100 * wins / result.games:>6.1f} "
                f"{interval:>15} {mean:>10.1f} {diff_interval:>17} {1000 * seconds / max(1, decisions):>11.2f}"
            )


if __name__ == "__main__":
    main()
