"""Word study: combined conditions and blank queries on fr, with medians.

1. Combined conditions (``Lexicon.search`` with length, vowels, anagrams, probability rank, other
   lists, ...): queries a second, beside a plain scan (every word of the lexicon tested against every
   condition in Python, with Counters and a set of the other list; the anagram classes counted and the
   rank tables (cached) merged once a query: what a straightforward implementation does).
2. Blanks (one and two ``?``): ``anagrams`` and ``subanagrams`` of 7-tile racks drawn from the fr bag,
   beside a Python oracle (one scan of the words of the asked lengths: the tiles a word needs beyond
   the rack's, counted with a Counter, at most the blanks).

Every answer is asserted equal to the oracle's. Run: ``.venv/bin/python benchmarks/bench_wordstudy.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from jarnac_solver import Bag, Lexicon

VOWELS = set("AEIOUY")


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median seconds of ``repeat`` calls (after one warm-up) and the last answer."""
    answer = fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        answer = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), answer


def plain_scan(fr: Lexicon, en_words: set[str], query: dict[str, Any]) -> list[str]:
    """Every word of fr against every condition, one by one."""
    ranks: dict[str, int] = {}
    for n in range(1, 10):
        ranks.update(fr.probability_ranks(n))
    classes = Counter("".join(sorted(w)) for w in fr)
    found = []
    for word in fr:
        n = len(word)
        lo, hi = query.get("length", (1, 9))
        if not lo <= n <= hi:
            continue
        if "pattern_end" in query and not word.endswith(query["pattern_end"]):
            continue
        if "includes" in query and any(word.count(t) < k for t, k in Counter(query["includes"]).items()):
            continue
        if "vowels" in query and not query["vowels"][0] <= sum(c in VOWELS for c in word) <= query["vowels"][1]:
            continue
        if "anagrams" in query and not query["anagrams"][0] <= classes["".join(sorted(word))] <= query["anagrams"][1]:
            continue
        if "prob_rank" in query and not query["prob_rank"][0] <= ranks[word] <= query["prob_rank"][1]:
            continue
        if query.get("not_in_en") and word in en_words:
            continue
        found.append(word)
    return found


def oracle_blanks(words_by_length: dict[int, list[str]], rack: str, blanks: int, lo: int, hi: int) -> list[str]:
    have = Counter(rack)
    found = []
    for n in range(lo, hi + 1):
        for word in words_by_length.get(n, []):
            if sum(max(0, k - have[c]) for c, k in Counter(word).items()) <= blanks:
                found.append(word)
    return sorted(found)


class NativeBlanks:
    """``benchmarks/native_blanks.c``, compiled once: the same words, a C walk of their alphagram trie with blanks."""

    def __init__(self, words: list[str]) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="native-blanks-"))
        self.binary = self.folder / "native_blanks"
        source = Path(__file__).resolve().parent / "native_blanks.c"
        subprocess.run(["cc", "-O2", "-o", str(self.binary), str(source)], check=True)
        self.words = self.folder / "words.txt"
        self.words.write_text("\n".join(words) + "\n", encoding="ascii")

    def run(self, racks: list[str], lo: int, hi: int, repeat: int = 50) -> tuple[float, int]:
        """(ns a query, words found over the racks) for ``racks`` (letters and ``?``)."""
        rack_file = self.folder / "racks.txt"
        rack_file.write_text("\n".join(racks) + "\n", encoding="ascii")
        done = subprocess.run(
            [str(self.binary), str(self.words), str(rack_file), str(repeat), str(lo), str(hi)],
            check=True,
            capture_output=True,
            text=True,
        )
        fields = dict(item.split("=") for item in done.stdout.split())
        return float(fields["ns_per_query"]), int(fields["outputs"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=7, help="timed calls per query (median)")
    parser.add_argument("--racks", type=int, default=5, help="racks per blank query")
    args = parser.parse_args()
    fr, en = Lexicon.load("fr"), Lexicon.load("en")
    en_words = set(en)
    for n in range(1, 10):  # the rank tables, once (both sides use them)
        fr.probability_ranks(n)

    queries: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
        (
            "7-8 tiles, 2 vowels, 3+ anagrams, rank 1-1000",
            {"pattern": "*", "length": (7, 8), "vowels": 2, "anagrams": (3, None), "prob_rank": (1, 1000)},
            {"length": (7, 8), "vowels": (2, 2), "anagrams": (3, 99), "prob_rank": (1, 1000)},
        ),
        (
            "*ER, 6 tiles, includes Z",
            {"pattern": "*ER", "length": 6, "includes": "Z"},
            {"length": (6, 6), "pattern_end": "ER", "includes": "Z"},
        ),
        (
            "2-4 tiles, not in en",
            {"pattern": "*", "length": (2, 4), "not_in": en},
            {"length": (2, 4), "not_in_en": True},
        ),
        ("5 tiles, 4 vowels", {"pattern": "*", "length": 5, "vowels": (4, 5)}, {"length": (5, 5), "vowels": (4, 5)}),
        (
            "9 tiles, rank 1-50, 2+ anagrams",
            {"pattern": "*", "length": 9, "prob_rank": (1, 50), "anagrams": (2, None)},
            {"length": (9, 9), "prob_rank": (1, 50), "anagrams": (2, 99)},
        ),
    ]
    print(f"Combined conditions on fr ({len(fr):,} words), medians of {args.repeat}")
    print(f"{'query':<48} {'words':>6} {'search ms':>10} {'q/s':>8} {'scan ms':>9} {'q/s':>6} {'speed-up':>8}")
    for label, asked, scan in queries:
        pattern = asked.pop("pattern")
        ours, answer = timed(partial(fr.search, pattern, **asked), args.repeat)
        theirs, expected = timed(partial(plain_scan, fr, en_words, scan), max(1, args.repeat // 3))
        assert sorted(answer) == sorted(expected), label
        print(
            f"{label:<48} {len(answer):>6} {ours * 1000:>10.2f} {1 / ours:>8.0f} {theirs * 1000:>9.0f}"
            f" {1 / theirs:>6.1f} {theirs / ours:>7.0f}x"
        )

    rng = random.Random(31)
    bag = Bag.load("fr")
    racks = ["".join(bag.sample(rng, 7)) for _ in range(args.racks)]
    by_length: dict[int, list[str]] = {}
    for word in fr:
        by_length.setdefault(len(word), []).append(word)
    print()
    print(f"Blanks on fr: {args.racks} racks of 7 tiles drawn from the bag, medians over racks (ms)")
    native = NativeBlanks([w for w in fr if w.isascii() and w.isalpha()])
    print(
        f"{'query':<26} {'words':>7} {'ours ms':>9} {'oracle ms':>10} {'speed-up':>8} {'C walk ms':>10} {'ours/C':>7}"
    )
    for blanks in (1, 2):
        for kind in ("anagrams", "subanagrams 3-9"):
            ours_t, oracle_t, counts = [], [], []
            for rack in racks:
                text = rack + "?" * blanks
                if kind == "anagrams":
                    call: Callable[[], Any] = partial(fr.anagrams, text)
                    lo = hi = 7 + blanks
                else:
                    call = partial(fr.subanagrams, text, 3, 9)
                    lo, hi = 3, 9
                seconds, answer = timed(call, max(1, args.repeat // 2))
                oracle_seconds, expected = timed(partial(oracle_blanks, by_length, rack, blanks, lo, hi), 1)
                assert sorted(w.upper() for w in answer) == expected, (rack, blanks, kind)
                ours_t.append(seconds)
                oracle_t.append(oracle_seconds)
                counts.append(len(answer))
            ours, theirs = statistics.median(ours_t), statistics.median(oracle_t)
            c_ns, c_outputs = native.run([rack + "?" * blanks for rack in racks], lo, hi)
            assert c_outputs == sum(counts), (kind, blanks, c_outputs, sum(counts))  # the same words, counted
            # ours is a median over racks, the C walk a mean over the same racks: the ratio is a guide.
            label = f"{kind}, {blanks} blank{'s' if blanks > 1 else ''}"
            print(
                f"{label:<26} {statistics.median(counts):>7.0f}"
                f" {ours * 1000:>9.2f} {theirs * 1000:>10.0f} {theirs / ours:>7.0f}x"
                f" {c_ns / 1e6:>10.3f} {ours / (c_ns / 1e9):>6.1f}x"
            )


if __name__ == "__main__":
    main()
