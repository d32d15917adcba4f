"""A lexicon study on each executor: the speed-up from 1 to 2 workers, and the same rows everywhere.

Usage: python benchmarks/bench_study.py [--racks N] [--trays N] [--games N] [--repeat K] [--no-dask]

Runs one study (fr against fr without Z, default 4,000 racks with ladders,
40 positions, 40 games of ladder against ladder) in this process, on local
processes (1 and 2) and on a local Dask cluster (1 and 2 workers), K times
each (default 3, interleaved), and prints the median seconds, the speed-up
over the in-process run and over the same executor with 1 worker, and
whether the rows are identical to the in-process run's. Time budgets are
generous or off (a budget that runs out on a loaded machine would change a
row).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from jarnac_solver import IMPLEMENTATION, Lexicon
from jarnac_solver.executors import DaskExecutor, Executor, InProcess, LocalProcesses
from jarnac_solver.studies.compare import compare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--racks", type=int, default=4000)
    parser.add_argument("--trays", type=int, default=40)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask executors")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    fr = Lexicon.load("fr")
    lexicons = [fr, fr.filter(lambda w: "Z" not in w, "fr-noZ")]
    executors: list[tuple[str, Executor]] = [
        ("in-process", InProcess()),
        ("processes x1", LocalProcesses(1)),
        ("processes x2", LocalProcesses(2)),
    ]
    if not args.no_dask:
        # Clusters kept open for every run (``with``): startup is timed on its own, below.
        dask_1, dask_2 = DaskExecutor(workers=1), DaskExecutor(workers=2)
        start = time.perf_counter()
        dask_2.__enter__()
        startup = time.perf_counter() - start
        dask_1.__enter__()
        executors += [("dask x1", dask_1), ("dask x2", dask_2)]
    times: dict[str, list[float]] = {name: [] for name, _ in executors}
    same: dict[str, bool] = {name: True for name, _ in executors}
    reference = None
    for _ in range(args.repeat):
        for name, executor in executors:
            start = time.perf_counter()
            study = compare(
                lexicons,
                racks=args.racks,
                trays=args.trays,
                games=args.games,
                familiarity=False,
                seed=5,
                executor=executor,
            )
            times[name].append(time.perf_counter() - start)
            if reference is None:
                reference = study.rows
            same[name] = same[name] and study.rows == reference
    if not args.no_dask:
        dask_1.close()
        dask_2.close()
    print(
        f"study: fr vs fr-noZ, {args.racks} racks, {args.trays} positions, {args.games} games; "
        f"median of {args.repeat}; {os.cpu_count()} CPUs"
    )
    print(f"{'executor':<14} {'seconds':>8} {'vs in-process':>14} {'vs 1 worker':>12} {'same rows':>10}")
    base = statistics.median(times["in-process"])
    for name, _ in executors:
        t = statistics.median(times[name])
        one = name.replace("x2", "x1")
        vs_one = f"{statistics.median(times[one]) / t:.2f}x" if name.endswith("x2") else ""
        print(f"{name:<14} {t:>8.2f} {base / t:>13.2f}x {vs_one:>12} {same[name]!s:>10}")
    if not args.no_dask:
        print(f"starting a local Dask cluster of 2 workers: {startup:.2f} s (once per run outside a with block)")


if __name__ == "__main__":
    main()
