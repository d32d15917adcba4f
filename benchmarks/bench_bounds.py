#!/usr/bin/env python3
"""Every call bounded: the worst inputs, their time and peak memory, with and without a budget.

    python benchmarks/bench_bounds.py [--budgets 0,50,200,1000] [--default] [--threads 4] [--cap 30]
                                      [--package PATH] [--impl compiled,pure] [--cases NAMES]

Each (case, budget, implementation) runs in a fresh process (its peak
memory is the process's high-water mark, lexicon included: ~40-60 MB of
it is the lexicon and the interpreter), timed over ``--repeat`` calls after
one warm-up; a run past ``--cap`` seconds is stopped and shown as ``>cap``
with the memory it had reached. ``--default`` adds the calls with no budget
(the library's default ceiling, 10 s; before budgets: exact, unbounded).
``--package PATH`` measures another copy of the package (a folder holding
``jarnac_solver``, e.g. ``git worktree add /tmp/old HEAD~N`` with its
extensions built in place): run it once on each to get "before" and "after".

``--threads N`` then runs each case with a 50 ms budget in N threads sharing
one lexicon (and in ``--processes`` processes, one per core by default, for comparison): latency median, p99, max,
and the share of calls over budget + 10% + 5 ms. The GIL lets one thread
run Python at a time, so N threads on 2 cores share the time: a budget is
wall-clock time, so each call still ends at its deadline, but does less.

Target: a budget met within 10% + a few ms on racks of any size,
alone and in threads; no call past a few hundred MB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name -> (lexicon, setup code defining `call(budget)`)
CASES: dict[str, tuple[str, str]] = {
    "hint 30 letters": (
        "fr",
        "tray = Tray.parse('/ ABCDEFGHIJKLMNOPQRSTUVWXYZABCD')\n"
        "unseen = unseen_tiles(Bag.load('fr'), [tray])\n"
        "def call(budget): return hints(lex, tray, unseen, budget=budget)",
    ),
    "plan_ladder 30 letters": (
        "fr",
        "tray = Tray.parse('/ ABCDEFGHIJKLMNOPQRSTUVWXYZABCD')\n"
        "def call(budget): return plan_ladder(lex, tray, budget=budget)",
    ),
    "plan_ladder 41 letters": (
        "fr",
        "tray = Tray.parse('/ EEEEEAAAAIIIIOOOUUSSSTTTRRRNNNLLLCCDDMMPP')\n"
        "def call(budget): return plan_ladder(lex, tray, budget=budget)",
    ),
    "best_jarnac 8 lines 21 letters": (
        "fr",
        "tray = Tray.parse('CARIES SORBETS MANGER PARTIE TOTEM BRAS DOS CRI / ESARITNLOUESARITNLOUE')\n"
        "def call(budget): return best_jarnac(lex, tray, budget=budget)",
    ),
    "value Jarnac 8 lines formed": (
        "en",
        "tray = Tray.parse('PROFANES FLYOVERS SHIRKING COMPOTE CICALA MONOPOLE VALVULAE BRACERO / BAOIUDUW')\n"
        "rules = Rules.preset('english')\n"
        "def call(budget): return best_jarnac(lex, tray, rules=rules, formed_indexes=range(8), budget=budget)",
    ),
    "advise README position": (
        "fr",
        "big = Tray.parse('RAT BUT TAS CHOSE / ABCDEEILNORS')\n"
        "opponent = Tray.parse('TZAR CHOSE MOTS DIRE LAVA PIRE / E')\n"
        "unseen = unseen_tiles(Bag.load('fr'), [big])\n"
        "def call(budget): return advise_position(lex, big, opponent, unseen, budget=budget)",
    ),
}

CHILD = """
import json, resource, statistics, sys, time
sys.path.insert(0, {package!r})
from jarnac_solver import *
from jarnac_solver import native
with native.implementation({impl!r}):
    lex = Lexicon.load({lexicon!r})
{setup}
budget = {budget!r}
lex.letter_counts(); lex.move_keys()
call(0.0 if budget is None else budget)  # warm-up: caches filled, the same as a long-running process
times = []
for _ in range({repeat}):
    start = time.perf_counter()
    answer = call(budget)
    times.append(time.perf_counter() - start)
exact = getattr(answer, "exact", None)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"median": statistics.median(times), "max": max(times), "peak": peak, "exact": exact}}))
"""

THREADED = """
import json, statistics, sys, time, threading
sys.path.insert(0, {package!r})
from jarnac_solver import *
from jarnac_solver import native
with native.implementation({impl!r}):
    lex = Lexicon.load({lexicon!r})
{setup}
lex.letter_counts(); lex.move_keys(); call(0.0)
times = []
def worker():
    for _ in range({calls}):
        start = time.perf_counter()
        call({budget!r})
        times.append(time.perf_counter() - start)
if {processes}:
    worker()
else:
    threads = [threading.Thread(target=worker) for _ in range({n})]
    for t in threads: t.start()
    for t in threads: t.join()
print(json.dumps(times))
"""


def _peak_of(pid: int) -> float:
    """A running process's memory high-water mark in MB (0 if unknown)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def run_child(code: str, cap: float) -> tuple[dict[str, object] | None, float]:
    """Run ``code`` in a fresh interpreter; (its JSON answer or None past ``cap`` s, peak MB if stopped)."""
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + cap
    peak = 0.0
    while process.poll() is None:
        peak = max(peak, _peak_of(process.pid))
        if time.monotonic() > deadline:
            process.kill()
            process.communicate()
            return None, peak
        time.sleep(0.05)
    out, err = process.communicate()
    if process.returncode != 0:
        raise SystemExit(f"child failed: {err.strip().splitlines()[-1] if err.strip() else process.returncode}")
    return json.loads(out), peak


def fmt_budget(budget: float | None) -> str:
    return "default" if budget is None else f"{budget * 1000:g} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budgets", default="0,50,200,1000", help="milliseconds, comma-separated")
    parser.add_argument("--default", action="store_true", help="also the calls with no budget (the default ceiling)")
    parser.add_argument("--threads", type=int, default=4, help="threads sharing one lexicon; 0: skip")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 2, help="processes (default: the cores)")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds before a run is stopped")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--package", default=str(ROOT), help="the folder holding the jarnac_solver to measure")
    parser.add_argument("--impl", default="compiled,pure")
    parser.add_argument("--cases", default=",".join(CASES), help="case names, comma-separated")
    args = parser.parse_args()
    budgets: list[float | None] = [float(b) / 1000 for b in args.budgets.split(",") if b]
    if args.default:
        budgets.append(None)
    names = [n for n in args.cases.split(",") if n]
    impls = [i for i in args.impl.split(",") if i]
    print(f"package: {args.package}")
    print(f"{'case':34} {'impl':8} {'budget':>9} {'median':>9} {'max':>9} {'over':>6} {'peak MB':>8} {'exact':>6}")
    for name in names:
        lexicon, setup = CASES[name]
        for impl in impls:
            for budget in budgets:
                code = CHILD.format(
                    package=args.package, impl=impl, lexicon=lexicon, setup=setup, budget=budget, repeat=args.repeat
                )
                repeat_cap = args.cap * (args.repeat + 1) if budget is None else args.cap
                answer, peak = run_child(code, repeat_cap)
                if answer is None:
                    print(f"{name:34} {impl:8} {fmt_budget(budget):>9} {'>' + format(args.cap, 'g') + ' s':>9} "
                          f"{'':>9} {'':>6} {peak:8.0f} {'-':>6}")  # fmt: skip
                    continue
                median, most = float(answer["median"]), float(answer["max"])  # type: ignore[arg-type]
                limit = None if budget is None else budget
                over = "" if limit is None else f"{(most - limit) * 1000:+.0f}"
                print(
                    f"{name:34} {impl:8} {fmt_budget(budget):>9} {median * 1000:7.1f}ms {most * 1000:7.1f}ms "
                    f"{over:>6} {float(answer['peak']):8.0f} {answer['exact']!s:>6}"  # type: ignore[arg-type]
                )
    if args.threads <= 0:
        return
    budget = 0.05
    print(f"\n{args.threads} threads, {args.processes} processes, {budget * 1000:g} ms budget, 12 calls each")
    print(f"{'case':34} {'impl':8} {'how':>9} {'median':>9} {'p99':>9} {'max':>9} {'> +10%+5ms':>11}")
    for name in names:
        lexicon, setup = CASES[name]
        for impl in impls:
            for processes in (False, True):
                code = THREADED.format(
                    package=args.package, impl=impl, lexicon=lexicon, setup=setup, budget=budget, calls=12,
                    processes=processes, n=args.threads,
                )  # fmt: skip
                if processes:
                    children = [
                        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
                        for _ in range(args.processes)
                    ]
                    times = [t for c in children for t in json.loads(c.communicate()[0])]
                else:
                    answer, _ = run_child(code, args.cap * 4)
                    if answer is None:
                        print(f"{name:34} {impl:8} {'threads':>9} past the cap")
                        continue
                    times = answer  # type: ignore[assignment]
                times.sort()
                p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
                late = sum(t > budget * 1.1 + 0.005 for t in times) / len(times)
                how = "processes" if processes else "threads"
                print(
                    f"{name:34} {impl:8} {how:>9} {statistics.median(times) * 1000:7.1f}ms {p99 * 1000:7.1f}ms "
                    f"{max(times) * 1000:7.1f}ms {late:10.0%}"
                )


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
