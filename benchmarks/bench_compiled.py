#!/usr/bin/env python3
"""The compiled walk against the pure one and against native C: the targets of the compiled core.

    python benchmarks/bench_compiled.py [--racks N] [--trays N] [--games N] [--repeat K] [--native PATH]
                                        [--tables 1,2,3,4]

Both implementations run in this one process (``native.implementation``),
on the same racks, trays and games, their runs interleaved; every figure is
the median of ``--repeat`` runs. Tables:

1. ``subanagrams`` of 7, 9 and 12 tiles drawn from the fr bag (the public
   ``Lexicon.subanagrams(rack)``: folding and checking the text included),
   µs a query, beside the anchor ``../shared/anchors/native_ref.c``
   (``gcc -O2``; a depth-first walk that counts its answers and builds no
   list) on the same words and racks; the total word counts must agree.
2. ``legal_moves`` and ``best_jarnac`` on trays of 3, 5 and 7 lines, as
   multiples of one ``subanagrams`` query of the tray's rack, in the same
   implementation (target: compiled at most 2 and 4 times); then
   ``plan_ladder`` (ms a tray) on racks of 7, 9 and 12 tiles.
3. Self-play on fr, one core: games a second, greedy against greedy and
   planner against ladder (a quarter of ``--games``).
4. Opening fr: ``Lexicon.open`` of the file (every check), ``Lexicon.load``
   (the package's file: mapped, checked at the first query) and that first
   query; memory of a process that opened all five bundled lexicons and
   asked each one query: its own (anonymous) memory and the file pages it
   maps, which processes share (fresh processes, ``/proc/self/status``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_batch import Native
from bench_moves import random_trays

import jarnac_solver
from jarnac_solver import Bag, Lexicon, best_jarnac, legal_moves, native, plan_ladder
from jarnac_solver.play.players import play_game

NATIVE = Path(__file__).resolve().parent.parent.parent / "shared" / "anchors" / "native_ref.c"
DATA = Path(jarnac_solver.__file__).resolve().parent / "data"
IMPLEMENTATIONS = ("compiled", "pure")


def interleaved(fns: dict[str, Callable[[], float]], repeat: int) -> dict[str, float]:
    """Run each function ``repeat`` times, taking turns; the median of what each returns."""
    results: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            results[name].append(fn())
    return {name: statistics.median(values) for name, values in results.items()}


def per_item_us(fn: Callable[[Any], object], items: Sequence[Any]) -> Callable[[], float]:
    def run() -> float:
        start = time.perf_counter()
        for item in items:
            fn(item)
        return (time.perf_counter() - start) / len(items) * 1e6

    return run


def search_table(lexicons: dict[str, Lexicon], native_c: Native | None, n: int, repeat: int) -> None:
    print(f"\n1. subanagrams(rack), fr, {n} racks per size (pure: {n // 5}), µs a query, median of {repeat}")
    print("   target: compiled at most 1.5 times native C")
    print(f"{'tiles':>5} {'native C':>9} {'compiled':>9} {'pure':>9} {'compiled/C':>11} {'pure/C':>8} {'words':>10}")
    bag = Bag.load("fr")
    fr = lexicons["compiled"]
    for size in (7, 9, 12):
        rng = Random(size)
        racks = ["".join(bag.sample(rng, size)) for _ in range(n)]
        words = sum(len(fr.subanagrams(rack)) for rack in racks)
        pure_words = sum(len(lexicons["pure"].subanagrams(rack)) for rack in racks[: n // 5])
        assert pure_words == sum(len(fr.subanagrams(rack)) for rack in racks[: n // 5])
        fns = {
            name: per_item_us(lex.subanagrams, racks if name == "compiled" else racks[: n // 5])
            for name, lex in lexicons.items()
        }
        c_us = 0.0
        counted: list[int] = []
        if native_c is not None:
            codes = [list(fr.alphabet.encode(rack)) for rack in racks]
            fns["native"] = partial(run_native, native_c, fr, codes, counted)
        times = interleaved(fns, repeat)
        if native_c is not None:
            c_us = times["native"]
            if set(counted) != {words}:
                raise SystemExit(f"{size} tiles: native C counted {sorted(set(counted))} words, the library {words}")
        comp, pure = times["compiled"], times["pure"]
        c_text = f"{c_us:9.2f}" if c_us else f"{'-':>9}"
        print(f"{size:>5} {c_text} {comp:9.2f} {pure:9.1f} {ratio(comp, c_us):>11} {ratio(pure, c_us):>8} {words:>10}")


def ratio(us: float, c_us: float) -> str:
    return f"{us / c_us:.2f}x" if c_us else "-"


def run_native(native_c: Native, lexicon: Lexicon, racks: list[list[int]], counted: list[int]) -> float:
    us, outputs = native_c.run(lexicon, racks, 1)
    counted.append(outputs)
    return us


def moves_table(lexicons: dict[str, Lexicon], n: int, repeat: int) -> None:
    print(f"\n2. legal_moves and best_jarnac, fr, {n} random trays per shape; ratio: to one subanagrams query of")
    print("   the tray's rack in the same implementation; target: compiled at most 2 (moves) and 4 (Jarnac)")
    heads = [f"{c:>12}" if c != "ratio" else f"{c:>6}" for c in ("subanagrams", "legal_moves", "ratio")]
    heads += [f"{'best_jarnac':>12}", f"{'ratio':>6}"]
    print(f"{'lines':>5} {'rack':>4} {'impl':>9} " + " ".join(heads))
    for lines, rack in ((3, 7), (5, 8), (7, 9)):
        trays = random_trays(lexicons["compiled"], n, lines, rack, lines)
        for name, lex in lexicons.items():
            assert [str(m) for m in best_jarnac(lex, trays[0]).steals] == [
                str(m) for m in best_jarnac(lexicons["compiled"], trays[0]).steals
            ]
            times = interleaved(
                {
                    "sub": per_item_us(lambda t, lex=lex: lex.subanagrams(t.rack), trays),  # type: ignore[misc]
                    "moves": per_item_us(lambda t, lex=lex: legal_moves(lex, t), trays),  # type: ignore[misc]
                    "jarnac": per_item_us(lambda t, lex=lex: best_jarnac(lex, t), trays),  # type: ignore[misc]
                },
                repeat,
            )
            sub, moves, jarnac = times["sub"], times["moves"], times["jarnac"]
            print(
                f"{lines:>5} {rack:>4} {name:>9} {sub:10.1f}us {moves:10.1f}us {moves / sub:5.1f}x "
                f"{jarnac:10.1f}us {jarnac / sub:5.1f}x"
            )


def ladder_table(lexicons: dict[str, Lexicon], n: int, repeat: int) -> None:
    print(f"\n2b. plan_ladder (the chains' dynamic programme and the allocation), fr, {n} random trays per shape")
    print(f"{'lines':>5} {'rack':>4} {'compiled':>10} {'pure':>10} {'pure/compiled':>14}")
    for lines, rack in ((3, 7), (4, 9), (5, 12)):
        trays = random_trays(lexicons["compiled"], n, lines, rack, lines + 10)
        for tray in trays[:20]:
            ladders = [[str(m) for m in plan_ladder(lex, tray)] for lex in lexicons.values()]
            assert ladders[0] == ladders[1]
        fns = {name: per_item_us(partial(plan_ladder, lex), trays) for name, lex in lexicons.items()}
        times = interleaved(fns, repeat)
        comp, pure = times["compiled"] / 1000, times["pure"] / 1000
        print(f"{lines:>5} {rack:>4} {comp:8.2f}ms {pure:8.2f}ms {pure / comp:13.1f}x")


def games_table(lexicons: dict[str, Lexicon], games: int, repeat: int) -> None:
    print(f"\n3. self-play, fr, one core, seeds 1..N, median of {repeat} (benchmarks/bench_game.py: more pairings)")
    print("   target: compiled at least 500 games/s greedy against greedy, 60 planner against ladder")
    rules = jarnac_solver.Rules.preset("sheet")

    def run(lex: Lexicon, players: list[str], n: int) -> Callable[[], float]:
        def games_per_second() -> float:
            start = time.perf_counter()
            for seed in range(1, n + 1):
                play_game(lex, players, rules, seed)
            return n / (time.perf_counter() - start)

        return games_per_second

    print(f"{'players':<16} {'games':>5} " + " ".join(f"{name:>9}" for name in lexicons) + f" {'ratio':>7}")
    for players, n in ((["greedy", "greedy"], games), (["planner", "ladder"], max(1, games // 4))):
        times = interleaved({name: run(lex, players, n) for name, lex in lexicons.items()}, repeat)
        rates = " ".join(f"{times[name]:9.1f}" for name in lexicons)
        print(f"{','.join(players):<16} {n:>5} {rates} {times['compiled'] / times['pure']:6.2f}x")
    print("   (games a second; ratio: compiled over pure)")


MEMORY_PROBE = """
import sys, time
import jarnac_solver as j
from jarnac_solver import Lexicon, native
def status():
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    return {k: int(fields[k].split()[0]) for k in ("VmRSS", "RssAnon", "RssFile")}
with native.implementation(sys.argv[1]):
    before = status()
    lexicons = [Lexicon.load(name) for name in Lexicon.available()]
    for lex in lexicons:
        lex.subanagrams("ESARTINLU")
    after = status()
print(" ".join(str(after[k] - before[k]) for k in ("VmRSS", "RssAnon", "RssFile")))
"""


def open_table(repeat: int) -> None:
    print(f"\n4. opening fr (median of {max(repeat, 15)}) and the memory of five bundled lexicons (fresh processes)")
    print("   target: load at most 2 ms, memory shared; open file: Lexicon.open, every check of a user's file")
    print(
        f"{'impl':>9} {'open file':>10} {'load':>8} {'1st query':>10} {'5 lexicons: own':>16} {'mapped (shared)':>16}"
    )
    path = DATA / "fr.jlex"
    for name in IMPLEMENTATIONS:
        opens, loads, firsts = [], [], []
        with native.implementation(name):
            for _ in range(max(repeat, 15)):
                start = time.perf_counter()
                Lexicon.open(path)
                opens.append(time.perf_counter() - start)
                start = time.perf_counter()
                lex = Lexicon.load("fr")
                loads.append(time.perf_counter() - start)
                start = time.perf_counter()
                lex.subanagrams("ESARTINLU")
                firsts.append(time.perf_counter() - start)
        done = subprocess.run([sys.executable, "-c", MEMORY_PROBE, name], capture_output=True, text=True, check=True)
        _, anon, mapped = (int(v) / 1024 for v in done.stdout.split())
        ms = statistics.median
        print(
            f"{name:>9} {ms(opens) * 1e3:8.2f}ms {ms(loads) * 1e3:6.2f}ms {ms(firsts) * 1e3:8.2f}ms "
            f"{anon:13.1f} MB {mapped:13.1f} MB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--racks", type=int, default=20_000, help="racks per size (default 20,000)")
    parser.add_argument("--trays", type=int, default=300, help="trays per shape (default 300)")
    parser.add_argument("--games", type=int, default=40, help="self-play games (default 40)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measure; the median is shown")
    parser.add_argument("--native", type=Path, default=NATIVE, help="the C anchor's source")
    parser.add_argument("--tables", default="1,2,3,4", help="which tables to print (default all: 1,2,3,4)")
    args = parser.parse_args()
    tables = set(args.tables.split(","))
    if min(args.racks, args.trays, args.games, args.repeat) < 1 or args.racks < 5:
        parser.error("--racks (at least 5), --trays, --games and --repeat must be positive")
    print(f"jarnac-solver implementation: {jarnac_solver.IMPLEMENTATION} ({native.IMPLEMENTATION_REASON})")
    if not native.compiled_available():
        raise SystemExit("the compiled walk is not built here: nothing to compare")
    lexicons = {}
    for name in IMPLEMENTATIONS:
        with native.implementation(name):
            lexicons[name] = Lexicon.load("fr")
    if "1" in tables:
        with tempfile.TemporaryDirectory() as tmp:
            native_c = None
            if shutil.which("gcc") is None or not args.native.is_file():
                print(f"gcc or {args.native} not found: the native C walk is skipped (--native PATH gives the anchor)")
            else:
                native_c = Native(args.native, Path(tmp), lexicons["compiled"])
            search_table(lexicons, native_c, args.racks, args.repeat)
    if "2" in tables:
        moves_table(lexicons, args.trays, args.repeat)
        ladder_table(lexicons, max(1, args.trays // 3), args.repeat)
    if "3" in tables:
        games_table(lexicons, args.games, args.repeat)
    if "4" in tables:
        open_table(args.repeat)


if __name__ == "__main__":
    main()
