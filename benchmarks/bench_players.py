"""The planner (PlannerPlayer, "planner") against the built-in LadderPlayer, per lexicon.

Usage: python benchmarks/bench_players.py [GAMES] [--lexicons fr,en] [--seed S]

Plays GAMES games (default 400) per lexicon with play_match (sides
alternate), and prints: lexicon, games, wins/draws/losses of the planner,
its win rate (a draw counts half) with a 95% Wilson interval, and the
median and 95th-percentile milliseconds per play-phase decision (each
``choose`` in the play phase, that is each ``best_move``) of both players.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from jarnac_solver import IMPLEMENTATION, Lexicon
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.play.players import LadderPlayer, PlannerPlayer, Player, play_match


class Timed:
    """Wraps a player; records the seconds of each play-phase and each start-phase decision."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []
        self.start_times: list[float] = []

    def choose(self, view: PlayerView) -> Action:
        phase = view.state.phase
        if phase not in ("play", "start"):
            return self.inner.choose(view)
        start = time.perf_counter()
        action = self.inner.choose(view)
        (self.times if phase == "play" else self.start_times).append(time.perf_counter() - start)
        return action


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - r) / d, (c + r) / d)


def ms(times: list[float], q: float) -> float:
    if not times:
        return 0.0
    if q == 0.5:
        return statistics.median(times) * 1000
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (games use seed, seed+1, ...)")
    args = parser.parse_args(argv)
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    header = (
        f"{'lexicon':<8} {'games':>5} {'W/D/L':>11} {'win rate':>8} {'95% interval':>15} "
        f"{'plan med':>8} {'plan p95':>8} {'start med':>9} {'all med':>7} {'ladder med':>10} {'ladder p95':>10}"
        f" {'secs':>5}"
    )
    print(header)
    print("-" * len(header))
    for name in args.lexicons.split(","):
        lexicon = Lexicon.load(name)
        mine, ladder = Timed(PlannerPlayer(1)), Timed(LadderPlayer(2))
        began = time.time()
        result = play_match(lexicon, [mine, ladder], games=args.games, seed=args.seed)
        w, lost, d = result.wins[0], result.wins[1], result.draws
        rate = (w + d / 2) / max(1, result.games)
        lo, hi = wilson(rate, result.games)
        print(
            f"{name:<8} {result.games:>5} {f'{w}/{d}/{lost}':>11} {rate:>8.3f} {f'[{lo:.3f}, {hi:.3f}]':>15} "
            f"{ms(mine.times, 0.5):>8.2f} {ms(mine.times, 0.95):>8.2f} {ms(mine.start_times, 0.5):>9.2f} "
            f"{ms(mine.times + mine.start_times, 0.5):>7.2f} "
            f"{ms(ladder.times, 0.5):>10.2f} {ms(ladder.times, 0.95):>10.2f} {time.time() - began:>5.0f}",
            flush=True,
        )
    print(
        "times: milliseconds per play-phase decision (plan, ladder), per start-phase decision (start: draw or"
        " exchange), and over both (all); win rate counts a draw as half a win"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
