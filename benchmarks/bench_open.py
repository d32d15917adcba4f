#!/usr/bin/env python3
"""What opening a ``.jlex`` file costs, and what the checks made on a user's file add.

    python benchmarks/bench_open.py [--lexicons fr,en,...] [--repeat K]

For every bundled lexicon and a user file (the first 50,000 words of ``en``
built with ``Lexicon.from_words``), under both walks (compiled, and
``JARNAC_SOLVER_PURE``'s pure one, switched in process with
``native.implementation``), from the file's bytes already in memory:

- ``trusted``: ``Lexicon.from_bytes(data, trusted=True)``, what ``load`` does
  for the package's own files (no checksum, no scan in Python);
- ``untrusted``: ``Lexicon.from_bytes(data)``, what ``Lexicon.open`` does for
  any other file: the checksum, the structure, both layouts agreeing, every
  word at the end of its own key;
- ``keys``: of that, the check that every word lies at the end of its own
  key (``Trie.check_keys`` in C, ``checks.check_keys`` in Python);
- ``layouts``: of that (pure walk only), the check that the compiled walk's
  sections agree with the pure walk's (``checks.check_layouts``; in C it is
  part of making the trie).

ms, medians of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from jarnac_solver import Lexicon, native
from jarnac_solver.lexicon import checks, fileformat

DATA = Path(__file__).resolve().parent.parent / "jarnac_solver" / "data"


def median_ms(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def check_cost(data: bytes, repeat: int) -> tuple[float, float]:
    """The key check and the layouts check alone on an opened lexicon (the latter for the pure walk)."""
    lex = Lexicon.from_bytes(data, trusted=True)
    keys = median_ms(lambda: lex._check_keys("bench"), repeat)
    if lex.index.trie is not None:
        return keys, float("nan")
    index = Lexicon.from_bytes(data, trusted=True).index
    with native.implementation("compiled" if native.compiled_available() else "pure"):
        flat = Lexicon.from_bytes(data, trusted=True).index.flat_sections()
    words = bytes(flat["words"])
    n_words = len(flat["word_ids"]) // 4
    layouts = median_ms(
        lambda: checks.check_layouts(
            dict(flat), index.edges, words, index.n_nodes, index.n_terminals, n_words, "bench"
        ),
        repeat,
    )
    return keys, layouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lexicons", default=",".join(Lexicon.available()))
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    files = {name: (DATA / f"{name}.jlex").read_bytes() for name in args.lexicons.split(",")}
    user = Lexicon.from_words(sorted(Lexicon.load("en"))[:50_000], metadata={"name": "user"})
    files["user file (50k en)"] = user.to_bytes()
    implementations = ["compiled", "pure"] if native.compiled_available() else ["pure"]
    print(f"{'file':20} {'walk':9} {'MB':>5} {'trusted':>8} {'untrusted':>10} {'keys':>7} {'layouts':>8}")
    for name, data in files.items():
        for implementation in implementations:
            with native.implementation(implementation):
                trusted = median_ms(partial(Lexicon.from_bytes, data, trusted=True), args.repeat)
                untrusted = median_ms(partial(Lexicon.from_bytes, data, name), args.repeat)
                keys, layouts = check_cost(data, args.repeat)
            print(
                f"{name:20} {implementation:9} {len(data) / 1e6:5.1f} {trusted:8.1f} {untrusted:10.1f}"
                f" {keys:7.1f} {layouts:8.1f}",
                flush=True,
            )
    assert fileformat.FORMAT_VERSION == 2  # the figures are for format 2 files


if __name__ == "__main__":
    main()
