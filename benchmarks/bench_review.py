#!/usr/bin/env python3
"""Game review: seconds a game, and how well the review finds planted mistakes (recall and precision).

    python benchmarks/bench_review.py [--games N] [--slip P] [--playouts N] [--budgets 20,200] [--skip-timing]

Games: fr, ``planner`` against ``careless`` (the planner, slipping with probability ``--slip`` at each
move or call: a pass with the move left, its lowest-scoring move, a declined Jarnac; each slip logged),
seeds 1..N, the careless player B on odd seeds and A on even ones.

- **Timing**: one game (seed 1) reviewed with the time ceiling as the limit (``--budgets`` ms a decision,
  play-outs unbounded) on 1 and 2 worker processes (2: the pool's start-up included); the median of
  ``--runs`` runs, and the ratio to 1 worker in the same process.
- **Recall and precision**: every game reviewed at ``--playouts`` play-outs (the count: the reproducible
  setting) and at each budget. A decision is *flagged* when its verdict is an inaccuracy or worse (and, in
  the second columns, a mistake or worse). Recall: planted slips flagged / slips planted; precision: flagged
  decisions that are planted slips / decisions flagged (both players: the planner's own flagged decisions
  count against it, whether the engine is right about them or not). Intervals: Wilson 95%.
- **Spreads**: the losses of the slips by kind and of the planner's own decisions (what the thresholds of
  ``jarnac_solver.play.review.THRESHOLDS`` are read from).

The machine may be shared: the time columns say how long it took here and now; the counts do not depend
on it (at ``--playouts`` the review is the same on any machine; at a budget it depends on how many play-outs
fit).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, CarelessPlayer, GameRecord, Lexicon, LocalProcesses, Player, play_game
from jarnac_solver.play.review import Review, Verdict, review

FLAGGED = {Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER}
SERIOUS = {Verdict.MISTAKE, Verdict.BLUNDER}


def wilson(hits: int, n: int) -> str:
    """``p [lo, hi]`` in percent, Wilson's 95% interval."""
    if n == 0:
        return "-"
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:5.1f} [{100 * (centre - half):4.1f}, {100 * (centre + half):5.1f}]"


def games(lex: Lexicon, n: int, slip: float) -> list[tuple[GameRecord, int, dict[int, tuple[str, int]]]]:
    """(record, the careless seat, its slips by action number) for seeds 1..n."""
    made = []
    for seed in range(1, n + 1):
        careless = CarelessPlayer(seed, slip=slip)
        seat = seed % 2
        players: list[str | Player] = ["planner", careless] if seat == 1 else [careless, "planner"]
        record = play_game(lex, players, seed=seed)
        made.append((record, seat, {a: (kind, points) for a, kind, points in careless.mistakes}))
    return made


def score(found: list[tuple[Review, int, dict[int, tuple[str, int]]]], flagged: set[Verdict]) -> tuple[int, ...]:
    """(slips, slips flagged, decisions flagged, flagged that are slips, weighed decisions)."""
    slips = caught = marked = right = weighed = 0
    for result, _, planted in found:
        verdicts = {d.action: d.verdict for d in result.decisions}
        slips += len(planted)
        caught += sum(verdicts.get(a) in flagged for a in planted)
        for d in result.decisions:
            weighed += d.verdict is not None
            if d.verdict in flagged:
                marked += 1
                right += d.action in planted
    return slips, caught, marked, right, weighed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--slip", type=float, default=0.15)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--budgets", default="20,200", help="ms a decision, comma-separated")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--skip-timing", action="store_true")
    args = parser.parse_args()
    budgets = [float(b) for b in args.budgets.split(",") if b.strip()]  # "": the play-out count alone
    lex = Lexicon.load("fr")
    print(f"jarnac-solver implementation: {IMPLEMENTATION}; fr, planner v careless (slip {args.slip})")
    made = games(lex, args.games, args.slip)
    if not args.skip_timing:
        record = made[0][0]
        print(f"\nseconds to review one game (seed 1, {len(record.actions)} actions), median of {args.runs} run(s)")
        print(f"{'ms/decision':>11} {'workers':>8} {'seconds':>8} {'decisions':>9} {'play-outs':>9} {'ratio':>6}")
        for budget in budgets:
            base = None
            for workers in (1, 2):
                times, result = [], None
                for _ in range(args.runs):
                    began = time.perf_counter()
                    executor = LocalProcesses(workers) if workers > 1 else None
                    result = review(record, lex, playouts=10_000, budget=budget / 1000, executor=executor)
                    times.append(time.perf_counter() - began)
                assert result is not None
                seconds = statistics.median(times)
                base = base or seconds
                rounds = statistics.median(d.rounds for d in result.decisions) if result.decisions else 0
                print(
                    f"{budget:>11g} {workers:>8} {seconds:8.2f} {len(result.decisions):>9} {rounds:>9g} "
                    f"{base / seconds:6.2f}"
                )
    settings: list[tuple[str, dict[str, float]]] = [(f"{args.playouts} play-outs", {"playouts": args.playouts})]
    settings += [(f"{b:g} ms", {"playouts": 10_000, "budget": b / 1000}) for b in budgets]
    slips = sum(len(p) for _, _, p in made)
    kinds = statistics.multimode(k for _, _, p in made for k, _ in p.values()) if slips else []
    print(f"\n{len(made)} games, {slips} slips planted (most common kind: {', '.join(kinds)})")
    print(f"{'setting':<14} {'decisions':>9} {'recall (inacc.+)':>22} {'precision':>22} {'recall (mistake+)':>22} "
          f"{'precision':>22} {'seconds':>8}")  # fmt: skip
    spreads: dict[str, list[float]] = {}
    for label, options in settings:
        began = time.perf_counter()
        found = []
        for record, seat, planted in made:
            result = review(record, lex, playouts=int(options["playouts"]), budget=options.get("budget", 10.0))
            found.append((result, seat, planted))
        seconds = time.perf_counter() - began
        n, caught, marked, right, weighed = score(found, FLAGGED)
        _, caught2, marked2, right2, _ = score(found, SERIOUS)
        print(
            f"{label:<14} {weighed:>9} {wilson(caught, n):>22} {wilson(right, marked):>22} "
            f"{wilson(caught2, n):>22} {wilson(right2, marked2):>22} {seconds:8.1f}"
        )
        if label.endswith("play-outs"):
            for result, seat, planted in found:
                for d in result.decisions:
                    if d.verdict is None:
                        continue
                    if d.action in planted:
                        spreads.setdefault(f"slip: {planted[d.action][0]}", []).append(d.loss)
                    elif d.player != seat:
                        spreads.setdefault("planner's own", []).append(d.loss)
                    else:
                        spreads.setdefault("careless, unslipped", []).append(d.loss)
                    if d.verdict is not Verdict.BEST and d.loss == 0 and math.isfinite(d.half_width):
                        spreads.setdefault("half-width of a loss within the noise", []).append(d.half_width)
    print(f"\nlosses at {args.playouts} play-outs (points): quartiles and the share above each threshold")
    print(f"{'decisions':<40} {'n':>5} {'q1':>6} {'median':>7} {'q3':>6} {'>8':>6} {'>20':>6} {'>40':>6}")
    for name, values in sorted(spreads.items()):
        q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
        share = [sum(v > t for v in values) / len(values) for t in (8, 20, 40)]
        shares = " ".join(f"{s:6.2f}" for s in share)
        print(f"{name:<40} {len(values):>5} {q[0]:6.1f} {q[1]:7.1f} {q[2]:6.1f} {shares}")


if __name__ == "__main__":
    main()
