#!/usr/bin/env python3
"""Benchmark the batch engine of rack questions against one query a rack and a native C walk.

    python benchmarks/bench_batch.py [--racks N] [--repeat K] [--python-racks M] [--seed S] [--native PATH]

Racks of 7, 9 and 12 tiles are drawn from the fr bag (``Bag.sample``, fixed
seed; N racks a size, default 100,000). Each engine answers the same racks
K times (default 5) and the table shows the median, in microseconds a rack:

- ``numpy``: ``rack_stats(engine="numpy")`` on the N racks, given as lists
  of tile codes (checking and converting them is timed too);
- ``python``: ``rack_stats(engine="python")``, the index's single-query
  walk, on the first M racks (default 5,000), per rack;
- ``C``: the anchor ``../shared/anchors/native_ref.c`` (a depth-first walk
  of a trie of A..Z alphagrams with letter counts), compiled with
  ``gcc -O2`` into a temporary folder, on the fr words of 3 to 9 letters and
  the same racks; it reads at most 100,000 racks of at most 31 letters and
  reports its own time a query, without reading its files. Skipped, with a
  message, when gcc or the source is missing.

The C walk counts every word of 3 to 9 letters of each rack: its total
``outputs`` must equal the sum of the numpy engine's ``words`` over the same
racks, and both are printed. The target is numpy <= 3x C.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Bag, Lexicon
from jarnac_solver.lexicon.batch import BatchIndex, rack_stats

SIZES = (7, 9, 12)
NATIVE = Path(__file__).resolve().parent.parent.parent / "shared" / "anchors" / "native_ref.c"
NATIVE_MAX_RACKS = 100_000  # native_ref.c reads at most this many racks ...
NATIVE_MAX_CHARS = 31  # ... of at most this many letters


def draw(lexicon: Lexicon, size: int, count: int, seed: int) -> list[list[int]]:
    """``count`` racks of ``size`` tiles drawn from the full fr bag, as tile codes."""
    bag = Bag.load("fr")
    rng = random.Random(seed * 100 + size)
    index = lexicon.alphabet.index
    return [[index[tile] for tile in bag.sample(rng, size)] for _ in range(count)]


def median_us(lexicon: Lexicon, racks: list[list[int]], engine: str, repeat: int) -> float:
    """The median over ``repeat`` runs of ``rack_stats`` on ``racks``, in µs a rack."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        rack_stats(lexicon, racks, engine=engine)
        times.append(time.perf_counter() - start)
    return statistics.median(times) / len(racks) * 1e6


class Native:
    """The C anchor, compiled once; ``run`` answers a rack file and returns (ns a query, outputs)."""

    def __init__(self, source: Path, folder: Path, lexicon: Lexicon) -> None:
        self.folder = folder
        self.binary = folder / "native_ref"
        subprocess.run(["gcc", "-O2", "-o", str(self.binary), str(source)], check=True)
        self.words = folder / "words.txt"
        self.words.write_text("\n".join(lexicon.index.words(3, 9)) + "\n", encoding="ascii")

    def run(self, lexicon: Lexicon, racks: list[list[int]], repeat: int) -> tuple[float, int]:
        rack_file = self.folder / "racks.txt"
        rack_file.write_text("\n".join(lexicon.alphabet.decode(rack) for rack in racks) + "\n", encoding="ascii")
        times: list[float] = []
        outputs = set()
        for _ in range(repeat):
            done = subprocess.run(
                [str(self.binary), str(self.words), str(rack_file)], check=True, capture_output=True, text=True
            )
            fields = dict(re.findall(r"(\w+)=(\d+)", done.stdout))
            if int(fields["racks"]) != len(racks):
                raise SystemExit(f"native_ref read {fields['racks']} racks of {len(racks)}")
            times.append(int(fields["ns_per_query"]) / 1000)
            outputs.add(int(fields["outputs"]))
        if len(outputs) != 1:
            raise SystemExit(f"native_ref gave different totals from run to run: {sorted(outputs)}")
        return statistics.median(times), outputs.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--racks", type=int, default=100_000, help="racks a size (default 100,000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each engine; the median is shown (default 5)")
    parser.add_argument("--python-racks", type=int, default=5_000, help="racks for the python engine (default 5,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--native", type=Path, default=NATIVE, help="the C anchor's source")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    if args.racks < 1 or args.repeat < 1 or args.python_racks < 1:
        parser.error("--racks, --repeat and --python-racks must be at least 1")

    lexicon = Lexicon.load("fr")
    start = time.perf_counter()
    BatchIndex.for_lexicon(lexicon)
    print(f"lexicon fr: {len(lexicon)} words; BatchIndex built in {time.perf_counter() - start:.3f} s")

    with tempfile.TemporaryDirectory() as tmp:
        native: Native | None = None
        if shutil.which("gcc") is None:
            print("gcc not found: the native C walk is skipped")
        elif not args.native.is_file():
            print(f"{args.native} not found: the native C walk is skipped")
        else:
            native = Native(args.native, Path(tmp), lexicon)
        print(
            f"\nmedian of {args.repeat} runs, µs a rack; numpy on {args.racks} racks, python on "
            f"{min(args.python_racks, args.racks)}, C on {min(args.racks, NATIVE_MAX_RACKS)}"
        )
        header = f"{'size':>4} {'numpy':>8} {'python':>8} {'C':>8} {'numpy/C':>8} {'python/numpy':>12}"
        print(f"{header} {'C outputs':>10} {'numpy words':>11}")
        for size in SIZES:
            racks = draw(lexicon, size, args.racks, args.seed)
            stats = rack_stats(lexicon, racks, engine="numpy")
            fast = median_us(lexicon, racks, "numpy", args.repeat)
            slow = median_us(lexicon, racks[: args.python_racks], "python", args.repeat)
            row = f"{size:>4} {fast:8.2f} {slow:8.1f}"
            if native is not None and size <= NATIVE_MAX_CHARS:
                first = racks[:NATIVE_MAX_RACKS]
                c_us, outputs = native.run(lexicon, first, args.repeat)
                words = int(stats.words[: len(first)].sum())
                check = "" if outputs == words else "  MISMATCH"
                print(f"{row} {c_us:8.2f} {fast / c_us:8.2f} {slow / fast:12.0f} {outputs:>10} {words:>11}{check}")
                if check:
                    raise SystemExit(f"{size} letters: the C walk found {outputs} words, the batch engine {words}")
            else:
                print(f"{row} {'-':>8} {'-':>8} {slow / fast:12.0f}")


if __name__ == "__main__":
    main()
