#!/usr/bin/env python3
"""Self-play speed: whole games between two players on one core.

    python benchmarks/bench_game.py [LEXICON] [--games N] [--players greedy,greedy] [--rules sheet] [--profile]

Prints games per second and actions (moves, draws, passes, Jarnac windows)
per second over ``--games`` games with fixed seeds, and with ``--profile``
where the time goes (cProfile, the top functions by own time and by
cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon, Rules
from jarnac_solver.play.players import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lexicon", nargs="?", default="fr")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="greedy,greedy")
    parser.add_argument("--rules", default="sheet")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    lex = Lexicon.resolve(args.lexicon)
    rules = Rules.preset(args.rules)
    players = args.players.split(",")
    per_game = []
    actions = 0
    moves = 0
    start = time.perf_counter()
    for g in range(args.games):
        t = time.perf_counter()
        record = play_game(lex, players, rules, args.seed + g)
        per_game.append(time.perf_counter() - t)
        actions += len(record.actions)
        moves += sum(1 for _, text, _ in record.actions if text.startswith("+") or "=" in text)
    total = time.perf_counter() - start
    print(f"{args.games} games, {args.players} on {lex.name} ({args.rules}): {total:.2f} s")
    print(f"{'games per second':<28} {args.games / total:10.1f}   (target >= 50)")
    print(f"{'median ms per game':<28} {statistics.median(per_game) * 1e3:10.2f}")
    print(f"{'actions per second':<28} {actions / total:10.0f}   ({actions / args.games:.0f} actions a game)")
    print(f"{'moves (words formed) per s':<28} {moves / total:10.0f}   ({moves / args.games:.0f} words a game)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for g in range(min(args.games, 40)):
            play_game(lex, players, rules, args.seed + g)
        profiler.disable()
        for key in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(key).print_stats(14)
            print(f"\nprofile by {key}:\n" + "\n".join(out.getvalue().splitlines()[6:24]))


if __name__ == "__main__":
    main()
