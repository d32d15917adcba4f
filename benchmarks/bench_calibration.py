#!/usr/bin/env python3
"""The review calibrated against planted mistakes, in every language: recall and false alarms.

    python benchmarks/bench_calibration.py [--games N] [--languages fr,en,es,nl] [--slip P] [--playouts N]

Games: ``planner`` against ``careless`` (the project's planted-mistake player: the planner, slipping with
probability ``--slip`` at a move or a call, each slip logged in ``CarelessPlayer.mistakes``, a log the
review never sees), seeds 1..N, the careless player B on odd seeds and A on even ones, each game reviewed
at ``--playouts`` play-outs a decision (the reproducible count; the review's sequential test adds rounds to
an undecided decision, up to ``SEQUENTIAL_FACTOR`` (8) times that).

- **Recall**: the planted passes with a move left and declined Jarnacs rated a mistake or worse, over
  those planted (goal: 95% or more); the planted weaker moves apart (a lower-scoring move is not always
  a mistake).
- **False alarms**: the decisions where a player played the planner's own choice (every decision of the
  planner, and the careless player's unslipped ones) rated a mistake or worse, over those weighed (goal:
  1% or less); the exchanges and draws (the start of a turn) apart.

Intervals: Wilson 95%. The counts do not depend on the machine; the seconds do.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import CarelessPlayer, Lexicon, Player, play_game
from jarnac_solver.play.review import Verdict, review

SERIOUS = {Verdict.MISTAKE, Verdict.BLUNDER}
RECALLED = ("pass", "decline")
"""The slips whose recall has a goal: a pass with a move left, a declined Jarnac."""


def wilson(hits: int, n: int) -> str:
    """``hits/n p% [lo, hi]``, Wilson's 95% interval."""
    if n == 0:
        return "0/0 -"
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{hits}/{n} {100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}]"


def calibrate(language: str, games: int, slip: float, playouts: int) -> dict[str, tuple[int, int]]:
    """(hits, of) for each row of the table: recall of the recalled slips, of the weaker moves, and the
    false alarms on the planner's own choices, all and at the start of a turn."""
    lexicon = Lexicon.load(language)
    rows = {"recall": (0, 0), "weaker": (0, 0), "false": (0, 0), "false_start": (0, 0)}
    missed: list[str] = []
    alarms: list[str] = []

    def add(row: str, hit: bool) -> None:
        hits, of = rows[row]
        rows[row] = (hits + hit, of + 1)

    for seed in range(1, games + 1):
        careless = CarelessPlayer(seed, slip=slip)
        seat = seed % 2
        players: list[str | Player] = ["planner", careless] if seat == 1 else [careless, "planner"]
        record = play_game(lexicon, players, seed=seed)
        planted = {n: kind for n, kind, _ in careless.mistakes}  # the log, kept apart from the review
        result = review(record, lexicon, playouts=playouts, seed=seed)
        for d in result.decisions:
            if d.verdict is None:
                continue
            serious = d.verdict in SERIOUS
            kind = planted.get(d.action)
            if kind in RECALLED:
                add("recall", serious)
                if not serious:
                    missed.append(f"{language} seed {seed} #{d.action} {kind}: {d.line('en').strip()}")
            elif kind is not None:
                add("weaker", serious)
            else:
                add("false", serious)
                if d.phase == "start":
                    add("false_start", serious)
                if serious:
                    alarms.append(f"{language} seed {seed} #{d.action}: {d.line('en').strip()}")
    for line in missed + alarms:
        print(f"  <!-- {line} -->", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--languages", default="fr,en,es,nl")
    parser.add_argument("--slip", type=float, default=0.15)
    parser.add_argument("--playouts", type=int, default=16)
    args = parser.parse_args()
    print(f"planner v careless (slip {args.slip}), {args.games} games a language, {args.playouts} play-outs\n")
    print("| language | recall: passes and declines at mistake+ | weaker moves at mistake+ |", end="")
    print(" false alarms: own choices at mistake+ | of them at a turn's start | seconds |")
    print("|---|---|---|---|---|---|")
    total = {"recall": (0, 0), "weaker": (0, 0), "false": (0, 0), "false_start": (0, 0)}
    for language in args.languages.split(","):
        began = time.perf_counter()
        rows = calibrate(language, args.games, args.slip, args.playouts)
        for key, (hits, of) in rows.items():
            total[key] = (total[key][0] + hits, total[key][1] + of)
        cells = " | ".join(wilson(*rows[k]) for k in ("recall", "weaker", "false", "false_start"))
        print(f"| {language} | {cells} | {time.perf_counter() - began:.0f} |", flush=True)
    cells = " | ".join(wilson(*total[k]) for k in ("recall", "weaker", "false", "false_start"))
    print(f"| all | {cells} | |")


if __name__ == "__main__":
    main()
