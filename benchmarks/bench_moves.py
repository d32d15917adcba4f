#!/usr/bin/env python3
"""Benchmark the move layer against the project's own subanagrams on the same rack.

    python benchmarks/bench_moves.py [LEXICON] [--trays N] [--seed S] [--lines L] [--rack R]
                                     [--implementations compiled,pure] [--value]

Random mid-game trays (default: 5 lines, 8 spare letters; fr lexicon, tiles
drawn from the fr bag with a fixed seed): the lines are lexicon words of 3 to
7 letters spelt from the bag, the rack the next tiles drawn. Each function is
timed once per tray; the table shows the median over trays (microseconds)
and the ratio to ``subanagrams`` of the same rack. ``legal_moves`` is timed
as returned (the search; Move objects are built on iteration) and with every
Move built (``list(...)``). ``is_jarnacable`` is timed on the trays that have
a move, where the target applies.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Bag, Lexicon, Rules, Tray, best_jarnac, is_jarnacable, legal_moves, native


def random_trays(lex: Lexicon, n: int, n_lines: int, rack_size: int, seed: int) -> list[Tray]:
    rng = random.Random(seed)
    bag_tiles = Bag.load("fr").tiles()
    words = [w for w in lex if 3 <= len(w) <= 7]
    trays: list[Tray] = []
    while len(trays) < n:
        bag = Counter(bag_tiles)
        lines: list[str] = []
        while len(lines) < n_lines:
            word = rng.choice(words)
            if not Counter(word) - bag:
                bag.subtract(word)
                lines.append(word)
        rack = "".join(rng.sample(list(bag.elements()), rack_size))
        trays.append(Tray(lines, rack))
    return trays


def median_us(fn: Callable[[Tray], object], trays: list[Tray]) -> float:
    times = []
    for tray in trays:
        start = time.perf_counter()
        fn(tray)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lexicon", nargs="?", default="fr")
    parser.add_argument("--trays", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=5)
    parser.add_argument("--rack", type=int, default=8)
    parser.add_argument("--implementations", default="compiled", help="compiled, pure, or compiled,pure")
    parser.add_argument("--value", action="store_true", help="also time the value Jarnac on pools of 12-24 letters")
    args = parser.parse_args()
    names = args.implementations.split(",")
    for name in names:
        if name not in ("compiled", "pure"):
            parser.error(f"no implementation {name!r}: compiled or pure")
        if name == "compiled" and not native.compiled_available():
            parser.error(
                f"compiled: the compiled walk is not available here ({native.IMPLEMENTATION_REASON}); build it in"
                " the clone (pip install -e .) or run --implementations pure"
            )
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    for name in names:
        with native.implementation(name):
            lex = Lexicon.resolve(args.lexicon)
        print(f"\n{name}:")
        table(lex, args)
        if args.value:
            value_table(lex, args.seed)


def table(lex: Lexicon, args: argparse.Namespace) -> None:
    """The medians of one implementation, and their ratios to subanagrams of the same rack."""
    trays = random_trays(lex, args.trays, args.lines, args.rack, args.seed)
    with_move = [t for t in trays if is_jarnacable(lex, t) is not None]
    base = median_us(lambda t: lex.subanagrams(t.rack), trays)
    base_movers = median_us(lambda t: lex.subanagrams(t.rack), with_move)
    counts = [len(legal_moves(lex, t)) for t in trays]
    print(
        f"{lex.name}: {len(trays)} trays of {args.lines} lines and {args.rack} spare letters "
        f"({len(with_move)} with a move; median {statistics.median(counts):.0f} legal moves)"
    )
    print(f"{'function':<34} {'median us':>10} {'x subanagrams':>14} {'target':>14}")
    rows = [
        ("subanagrams(rack)", base, base, ""),
        ("legal_moves (search)", median_us(lambda t: legal_moves(lex, t), trays), base, "<= 2"),
        ("list(legal_moves) (every Move)", median_us(lambda t: list(legal_moves(lex, t)), trays), base, ""),
        (
            "is_jarnacable (trays with a move)",
            median_us(lambda t: is_jarnacable(lex, t), with_move),
            base_movers,
            "<= 1",
        ),
        ("best_jarnac (swing)", median_us(lambda t: best_jarnac(lex, t), trays), base, "<= 4"),
        ("best_jarnac (gain)", median_us(lambda t: best_jarnac(lex, t, objective="gain"), trays), base, "<= 4"),
    ]
    for name, us, ref, target in rows:
        met = "" if not target else " met" if us / ref <= float(target.split()[-1]) else " SHORT"
        print(f"{name:<34} {us:10.1f} {us / ref:14.2f} {target + met:>14}")


def value_table(lex: Lexicon, seed: int, n: int = 15) -> None:
    """The value Jarnac (English rules) against pools of growing size: 3 turn lines + the rack."""
    rules = Rules.preset("english")
    rng = random.Random(seed)
    words = [w for w in lex if 4 <= len(w) <= 6]
    bag_tiles = Bag.load("fr").tiles()
    print("\nvalue Jarnac: 3 lines formed this turn + rack, every subset recomposed; median ms over trays")
    print(f"{'pool':>5} {'trays':>6} {'median ms':>10} {'max ms':>8}")
    for pool in (12, 16, 20, 24):
        times = []
        for _ in range(n):
            while True:
                lines = rng.sample(words, 3)
                rack_size = pool - sum(map(len, lines))
                if 0 <= rack_size <= 12:
                    break
            tray = Tray(lines, "".join(rng.sample(bag_tiles, rack_size)))
            start = time.perf_counter()
            best_jarnac(lex, tray, rules=rules, formed_indexes=[0, 1, 2])
            times.append(time.perf_counter() - start)
        print(f"{pool:>5} {n:>6} {statistics.median(times) * 1e3:10.1f} {max(times) * 1e3:8.1f}")


if __name__ == "__main__":
    main()
