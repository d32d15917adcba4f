#!/usr/bin/env python3
"""Benchmark the multiset search against the known plain-Python approaches.

    python benchmarks/bench_search.py [LEXICON] [--racks N] [--seed S] [--orders] [--tallies]

LEXICON is a bundled name, a ``.jlex`` file or a word list (default ``en``);
the target is ``../shared/lexicons/scowl-us-80.txt``. Racks of 7, 9,
12 and 15 letters are drawn from the ``fr`` and ``en`` bags of the rules
(fixed seed), every rack distinct; each query is timed once per rack and the
table shows the median over racks (microseconds) and the ratio of each
baseline's time to the project's. Baselines run in the same process:

- ``dict trie``: a dict-of-dicts trie over alphagrams walked depth-first,
  the fastest plain-Python approach known before this project;
- ``scan``: one Counter per word and query (few racks);
- ``permutations``: every ordering of every subset, looked up in a set, as
  many Jarnac programs do (7 and 9 letters only, few racks).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import permutations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon
from jarnac_solver.lexicon.index import AlphagramIndex

# The 144-tile bags of docs/rules.md#bag (fr: the publisher's sheet; en: the English write-up).
BAGS = {
    "fr": "14A 4B 7C 5D 19E 2F 4G 2H 11I 1J 1K 6L 5M 9N 8O 4P 1Q 10R 7S 9T 8U 2V 1W 1X 1Y 2Z",
    "en": "12A 3B 4C 6D 17E 3F 5G 3H 12I 2J 2K 6L 3M 9N 11O 3P 2Q 9R 7S 8T 6U 3V 3W 1X 3Y 1Z",
}
SIZES = (7, 9, 12, 15)


def bag_tiles(spec: str) -> list[str]:
    return [t[-1] for t in spec.split() for _ in range(int(t[:-1]))]


def draw_racks(rng: random.Random, size: int, count: int) -> list[str]:
    """``count`` distinct racks of ``size`` tiles, half from each bag."""
    racks: set[str] = set()
    bags = [bag_tiles(BAGS["fr"]), bag_tiles(BAGS["en"])]
    while len(racks) < count:
        racks.add("".join(sorted(rng.sample(bags[len(racks) % 2], size))))
    return sorted(racks, key=lambda r: rng.random())


# -- baseline 2: the plain dict-of-dicts alphagram trie ----------------------


class DictTrie:
    """A dict-of-dicts trie over alphagrams (A..Z order), walked depth-first."""

    def __init__(self, words: Iterable[str]) -> None:
        self.root: dict[str, Any] = {}
        for word in words:
            node = self.root
            for letter in sorted(word):
                node = node.setdefault(letter, {})
            node.setdefault("$", []).append(word)

    def subanagrams(self, rack: str, min_len: int = 3, max_len: int = 9) -> list[str]:
        counts = Counter(rack)
        letters = sorted(counts)
        out: list[str] = []

        def walk(node: dict[str, Any], start: int, depth: int) -> None:
            if depth >= min_len and "$" in node:
                out.extend(node["$"])
            if depth == max_len:
                return
            for i in range(start, len(letters)):
                letter = letters[i]
                if counts[letter] and letter in node:
                    counts[letter] -= 1
                    walk(node[letter], i, depth + 1)
                    counts[letter] += 1

        walk(self.root, 0, 0)
        return out

    def extensions(self, word: str, rack: str, max_len: int = 9) -> list[str]:
        """The same walk over word + rack; the word's letters may not be skipped."""
        need = Counter(word)
        counts = need + Counter(rack)
        letters = sorted(counts)
        out: list[str] = []

        def walk(node: dict[str, Any], start: int, depth: int) -> None:
            if depth > len(word) and "$" in node and not +need:
                out.extend(node["$"])
            if depth == max_len:
                return
            for i in range(start, len(letters)):
                letter = letters[i]
                if counts[letter] and letter in node:
                    counts[letter] -= 1
                    need[letter] -= 1
                    walk(node[letter], i, depth + 1)
                    need[letter] += 1
                    counts[letter] += 1
                if need[letter] > 0:
                    return  # a required letter cannot be skipped

        walk(self.root, 0, 0)
        return out


# -- baseline 3: naive approaches --------------------------------------------


def scan_subanagrams(words: list[str], rack: str, min_len: int = 3, max_len: int = 9) -> list[str]:
    have = Counter(rack)
    return [w for w in words if min_len <= len(w) <= max_len and not Counter(w) - have]


def permutation_subanagrams(word_set: set[str], rack: str, min_len: int = 3, max_len: int = 9) -> list[str]:
    found: set[str] = set()
    for k in range(min_len, min(len(rack), max_len) + 1):
        for p in permutations(rack, k):
            candidate = "".join(p)
            if candidate in word_set:
                found.add(candidate)
    return list(found)


# -- timing ------------------------------------------------------------------


def median_us(fn: Callable[[str], object], racks: list[str]) -> float:
    times = []
    gc.disable()
    try:
        for rack in racks:
            start = time.perf_counter()
            fn(rack)
            times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return statistics.median(times) * 1e6


def fmt(us: float) -> str:
    return f"{us:10.1f}" if us < 1e5 else f"{us / 1e6:9.2f}s"


def measure_open(path: Path, runs: int = 7) -> tuple[float, float]:
    """Median seconds of ``Lexicon.open`` and MB allocated by one open."""
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        Lexicon.open(path)
        times.append(time.perf_counter() - start)
    gc.collect()
    tracemalloc.start()
    lex = Lexicon.open(path)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del lex
    return statistics.median(times), current / 1e6


def search_table(lex: Lexicon, words: list[str], n_racks: int, seed: int) -> None:
    rng = random.Random(seed)
    trie = DictTrie(words)
    word_set = set(words)
    print("\nsubanagrams (min_len 3, max_len 9): median us per query over distinct racks; ratio = baseline / project")
    print(
        f"{'rack':>4} {'racks':>5} {'project':>10} {'dict trie':>10} {'ratio':>6} "
        f"{'scan':>10} {'ratio':>7} {'perms':>10} {'ratio':>8}"
    )
    for size in SIZES:
        racks = draw_racks(rng, size, n_racks)
        for rack in racks[:20]:
            if sorted(lex.subanagrams(rack)) != sorted(set(trie.subanagrams(rack))):
                raise SystemExit(f"answers differ on {rack}")
        ours = median_us(lex.subanagrams, racks)
        base = median_us(trie.subanagrams, racks)
        few = racks[:3]
        scan = median_us(lambda r: scan_subanagrams(words, r), few)
        row = f"{size:>4} {len(racks):>5} {fmt(ours)} {fmt(base)} {base / ours:6.2f} {fmt(scan)} {scan / ours:7.0f}"
        if size <= 9:
            perm = median_us(lambda r: permutation_subanagrams(word_set, r), few if size == 7 else few[:1])
            row += f" {fmt(perm)} {perm / ours:8.0f}"
        print(row)
    print("\nextensions of a 3-6 letter word by the rack: median us per query; ratio = dict trie / project")
    print(f"{'rack':>4} {'project':>10} {'dict trie':>10} {'ratio':>6}")
    bases = [w for w in words if 3 <= len(w) <= 6]
    for size in SIZES:
        racks = draw_racks(rng, size, n_racks)
        pairs = [(rng.choice(bases), r) for r in racks]
        for word, rack in pairs[:20]:
            if sorted(lex.extensions(word, rack)) != sorted(set(trie.extensions(word, rack))):
                raise SystemExit(f"extensions differ on {word} {rack}")
        ours = statistics.median(_time_pairs(lex.extensions, pairs))
        base = statistics.median(_time_pairs(trie.extensions, pairs))
        print(f"{size:>4} {fmt(ours)} {fmt(base)} {base / ours:6.2f}")


def _time_pairs(fn: Callable[[str, str], object], pairs: list[tuple[str, str]]) -> list[float]:
    out = []
    for word, rack in pairs:
        start = time.perf_counter()
        fn(word, rack)
        out.append((time.perf_counter() - start) * 1e6)
    return out


def order_table(words: list[str], n_racks: int, seed: int) -> None:
    """Key order experiment: frequent-first (the project's) against A..Z and rare-first."""
    freq = Counter("".join(words))
    orders = {
        "frequent first": sorted(freq, key=lambda c: (-freq[c], c)),
        "A..Z": sorted(freq),
        "rare first": sorted(freq, key=lambda c: (freq[c], c)),
    }
    print("\nkey order: trie nodes and median us per subanagrams query")
    print(f"{'order':>15} {'nodes':>8} " + " ".join(f"{s:>8}" for s in SIZES))
    for name, order in orders.items():
        rank = {c: i for i, c in enumerate(order)}
        index = AlphagramIndex.build(((w, [rank[c] for c in w]) for w in words), len(order))
        rng = random.Random(seed)
        cells = []
        for size in SIZES:
            racks = draw_racks(rng, size, n_racks)
            tallies = [sorted(Counter(rank[c] for c in r).items()) for r in racks]
            times = []
            for tally in tallies:
                start = time.perf_counter()
                index.subanagrams(tally, 3, 9)
                times.append(time.perf_counter() - start)
            cells.append(f"{statistics.median(times) * 1e6:8.1f}")
        print(f"{name:>15} {index.n_nodes:>8} " + " ".join(cells))


def tally_table(lex: Lexicon, n_racks: int, seed: int) -> None:
    """Tally representations, measured end to end: build the tally, walk, collect."""
    index = lex._index
    edges = index.edges
    size_of = len(lex.order)

    def walk_dense(counts: list[int]) -> list[str]:
        front = [index.root]
        for rank, count in enumerate(counts):
            if count:
                step = edges[rank].get
                new = front
                grown: list[int] = []
                for _ in range(count):
                    new = list(filter(None, map(step, new)))
                    if not new:
                        break
                    grown += new
                front += grown
        return index._collect(index.view(3, 9), front)

    def pairs(s: str) -> object:
        return index.subanagrams([(ord(c), s.count(c)) for c in sorted(set(s))], 3, 9)

    def counter(s: str) -> object:
        return index.subanagrams(sorted(Counter(map(ord, s)).items()), 3, 9)

    def dense(s: str) -> object:
        counts = [0] * size_of
        for c in s:
            counts[ord(c)] += 1
        return walk_dense(counts)

    print("\ntally representation, whole query (build tally + walk + collect): median us")
    print(f"{'rack':>4} {'(rank, count) pairs':>20} {'Counter':>10} {'dense counts':>13}")
    rng = random.Random(seed)
    codes_of = lex._codes or {}
    for size in SIZES:
        racks = draw_racks(rng, size, n_racks)
        codes = [lex.alphabet.fold(r).translate(codes_of) for r in racks]
        cells = [median_us(fn, codes) for fn in (pairs, counter, dense)]
        print(f"{size:>4} {cells[0]:20.1f} {cells[1]:10.1f} {cells[2]:13.1f}")


def load_table() -> None:
    print("\nbundled lexicons: Lexicon.load median seconds and MB allocated")
    for name in Lexicon.available():
        times = []
        for _ in range(7):
            start = time.perf_counter()
            Lexicon.load(name)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        lex = Lexicon.load(name)
        current, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{name:>10} {len(lex):>8} words {statistics.median(times):7.3f} s {current / 1e6:7.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lexicon", nargs="?", default="en", help="bundled name, .jlex file or word list")
    parser.add_argument("--racks", type=int, default=300, help="distinct racks per size (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--orders", action="store_true", help="also compare key letter orders")
    parser.add_argument("--tallies", action="store_true", help="also compare tally representations")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")

    start = time.perf_counter()
    lex = Lexicon.resolve(args.lexicon)
    build = time.perf_counter() - start
    words = [w for w in lex]
    print(f"lexicon {args.lexicon}: {len(lex)} words; resolved (built or opened) in {build:.2f} s")
    start = time.perf_counter()
    rebuilt = Lexicon.from_words(words, lex.alphabet)
    print(f"build from words: {time.perf_counter() - start:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.jlex"
        rebuilt.save(path)
        seconds, mb = measure_open(path)
        print(
            f"compiled file: {path.stat().st_size / 1e6:.1f} MB; Lexicon.open: {seconds * 1000:.1f} ms "
            f"(median of 7); memory of an opened lexicon: {mb:.1f} MB (tracemalloc)"
        )
    search_table(lex, words, args.racks, args.seed)
    if args.orders:
        order_table(words, min(args.racks, 200), args.seed)
    if args.tallies:
        tally_table(lex, args.racks, args.seed)
    load_table()


if __name__ == "__main__":
    main()
