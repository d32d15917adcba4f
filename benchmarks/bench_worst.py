#!/usr/bin/env python3
"""The exact searches where they blow up: before and after, in one process.

    python benchmarks/bench_worst.py --old PATH [--cases 5]

PATH is a folder holding an older copy of the package renamed
``jarnac_old`` (``git archive REV jarnac_solver | tar -x -C PATH`` then
rename), imported beside this one; each case runs on both, interleaved
(standalone runs on a shared machine vary by +-20%). Cases, made-up on fr
with a fixed seed: ``plan_ladder`` on 12 and 15 letters (4-6 lines),
``hints`` on 9 and 12 letters, the value Jarnac over pools of 20 and 24
letters (every line formed this turn). Prints median and max seconds.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def cases(pkg: Any, n: int) -> dict[str, list[Callable[[], object]]]:
    lex = pkg.Lexicon.load("fr")
    rng = random.Random(2026)
    tiles = pkg.Bag.load("fr").tiles()
    words = [w for w in lex if 3 <= len(w) <= 7]
    out: dict[str, list[Callable[[], object]]] = {}

    def tray(size: int) -> Any:
        return pkg.Tray(rng.sample(words, rng.randint(4, 6)), "".join(rng.sample(tiles, size)))

    for size in (12, 15):
        out[f"plan_ladder, {size} letters"] = [partial(pkg.plan_ladder, lex, tray(size)) for _ in range(n)]
    for size in (9, 12):
        out[f"hints, {size} letters"] = [partial(pkg.hints, lex, tray(size)) for _ in range(n)]
    rules = pkg.Rules(value_jarnac=True)
    for pool in (20, 24):
        made: list[Callable[[], object]] = []
        for _ in range(n):
            lines: list[str] = []
            while sum(map(len, lines)) < pool - 6:
                lines.append(rng.choice(words))
            t = pkg.Tray(lines, "".join(rng.sample(tiles, 6)))
            made.append(partial(pkg.best_jarnac, lex, t, rules=rules, formed_indexes=range(len(lines))))
        out[f"value Jarnac, pool {pool}"] = made
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True, help="a folder holding the old package as jarnac_old")
    parser.add_argument("--cases", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, args.old)
    new = importlib.import_module("jarnac_solver")
    old = importlib.import_module("jarnac_old")
    print(f"jarnac-solver implementation: {new.IMPLEMENTATION}")
    new_cases, old_cases = cases(new, args.cases), cases(old, args.cases)
    print(f"{'search':<26} {'cases':>5} {'before median s':>15} {'max':>8} {'after median s':>15} {'max':>8}")
    for kind in new_cases:
        before, after = [], []
        for run_old, run_new in zip(old_cases[kind], new_cases[kind], strict=True):
            start = time.perf_counter()
            a = run_old()
            before.append(time.perf_counter() - start)
            start = time.perf_counter()
            b = run_new()
            after.append(time.perf_counter() - start)
            assert str(a) == str(b) or kind.startswith("hints"), (kind, a, b)
        print(
            f"{kind:<26} {len(before):>5} {statistics.median(before):>15.2f} {max(before):>8.2f}"
            f" {statistics.median(after):>15.2f} {max(after):>8.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
