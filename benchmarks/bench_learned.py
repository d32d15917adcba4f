#!/usr/bin/env python3
"""The learned evaluation against the hand-set one, in simulation's cut-off: paired games against the planner.

    python benchmarks/bench_learned.py [GAMES] [--lexicons fr,en] [--playouts 4] [--seed 11000] [--minutes 15]

Game g of a lexicon (seed S + g; sim in seat A on even games, B on odd ones, the planner in the other) is
played twice: by ``sim`` with the hand-set estimate (0.72 score + 20 lines + 10 rack letters + 10 tempo) and by
``sim`` with the learned one (planning/learned.py), the same seeds, seats and planner: only the evaluation
differs. Prints per lexicon: games, each one's win rate against the planner (95% Wilson interval) and mean
margin, and the paired difference learned less hand-set, game by game (95% t interval), in margin and in
wins. ``--minutes`` stops starting games after that long (the lexicons played in turn, game by game).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon, play_game
from jarnac_solver.play.players import Player, SimPlayer
from jarnac_solver.studies.stats import mean_estimate, paired_difference, rate_estimate


def margin(lexicon: Lexicon, seed: int, seat: int, playouts: int, evaluation: str) -> int:
    """sim's final margin against the planner in ``seat``."""
    seats: list[str | Player] = ["planner", "planner"]
    seats[seat] = SimPlayer(seed * 2 + seat, playouts=playouts, evaluation=evaluation)
    record = play_game(lexicon, seats, seed=seed)
    return record.scores[seat] - record.scores[1 - seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--playouts", type=int, default=SimPlayer.DEFAULT_PLAYOUTS)
    parser.add_argument("--seed", type=int, default=11000)
    parser.add_argument("--minutes", type=float, default=15.0)
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}; sim at {args.playouts} rounds a decision")
    names = args.lexicons.split(",")
    lexicons = {n: Lexicon.load(n) for n in names}
    results: dict[str, tuple[list[int], list[int]]] = {n: ([], []) for n in names}
    began = time.perf_counter()
    for g in range(args.games):
        if time.perf_counter() - began > args.minutes * 60:
            break
        for n in names:
            hand, learned = results[n]
            hand.append(margin(lexicons[n], args.seed + g, g % 2, args.playouts, "hand-set"))
            learned.append(margin(lexicons[n], args.seed + g, g % 2, args.playouts, "learned"))
    print(
        f"{'lexicon':<8} {'games':>5} {'hand-set wins':>20} {'learned wins':>20} {'margins':>15}"
        f" {'learned - hand-set margin':>27} {'wins':>18}"
    )
    for n in names:
        hand, learned = results[n]
        if len(hand) < 2:
            continue

        def rate(ms: list[int]) -> str:
            e = rate_estimate(sum(m > 0 for m in ms), len(ms))
            return f"{100 * e.value:.1f}% [{100 * e.low:.0f}, {100 * e.high:.0f}]"

        d = paired_difference(hand, learned)
        w = mean_estimate([float(b > 0) - float(a > 0) for a, b in zip(hand, learned, strict=True)])
        mean_hand, mean_learned = (sum(ms) / len(ms) for ms in (hand, learned))
        means = f"{mean_hand:+.1f} / {mean_learned:+.1f}"
        print(
            f"{n:<8} {len(hand):>5} {rate(hand):>20} {rate(learned):>20} {means:>15}"
            f" {f'{d.value:+.1f} [{d.low:+.1f}, {d.high:+.1f}]':>27}"
            f" {f'{100 * w.value:+.1f} [{100 * w.low:+.0f}, {100 * w.high:+.0f}]':>18}"
        )
    print(f"{(time.perf_counter() - began) / 60:.1f} min")


if __name__ == "__main__":
    main()
