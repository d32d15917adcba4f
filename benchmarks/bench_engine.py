#!/usr/bin/env python3
"""The engine's numbers: self-play speed of each lane, the draws' generator, the replay proof, lines by layer.

    python benchmarks/bench_engine.py [--games N] [--rounds K] [--lexicon fr] [--baseline DIR]

Each measure is run ``--rounds`` times and its median printed. ``--baseline DIR``: a checkout of the
package from before (its C extension built in place: ``python setup.py build_ext --inplace``) measured
the same way in a child process, the rounds interleaved with this checkout's, and each ratio printed
(after / before). Measures:

- ``greedy``: greedy against greedy, games a second (the compiled lane: two greedy players in C);
- ``planner``: planner against planner, games a second (the planner's lane in C up to the end game);
- ``learned``: the learned planner against the planner, games a second (the same lane, the learned turn value's
  weights made in C at each decision);
- ``planner-pure``: the same games on the pure-Python path (``JARNAC_SOLVER_PURE``: no C at all), in a
  child process; ``planner / planner-pure`` is the lane's speed-up (the issue asks at least 10x);
- ``search``: ``plan_ladder`` on fixed mid-game trays, searches a second (compiled);
- ``new game``: ``Game(lexicon, seed)`` a second (the bag's shuffle and, after, the commitment's set-up);
- ``replay proof``: records the lanes made replayed through the Python engine and audited, games a second.

Then, for this checkout only: the draws' generator (a 144-tile bag shuffled, microseconds: CPython's
Mersenne Twister for reference, PCG32 in Python, PCG32 in C); and the lines of Python and C by layer and the
lines of each C file (after and before).
Timings only: no test asserts on them (the machine may be busy; say so with the numbers).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _rate(run: object, n: int) -> float:
    started = time.perf_counter()
    run()  # type: ignore[operator]
    return n / (time.perf_counter() - started)


def measure(games: int, lexicon_name: str, which: list[str]) -> dict[str, float]:
    """One round of ``which`` measures in this process: rates a second."""
    from jarnac_solver import Game, GameRecord, Lexicon, Tray, plan_ladder
    from jarnac_solver.play.players import play_game

    lexicon = Lexicon.load(lexicon_name)
    out: dict[str, float] = {}
    if "greedy" in which:
        play_game(lexicon, ["greedy", "greedy"], seed=0)  # warm
        out["greedy"] = _rate(lambda: [play_game(lexicon, ["greedy", "greedy"], seed=s) for s in range(games)], games)
    small = max(2, games // 20)
    records: list[GameRecord] = []
    if "planner" in which:
        play_game(lexicon, ["planner", "planner"], seed=0)

        def planners() -> None:
            records.extend(play_game(lexicon, ["planner", "planner"], seed=s) for s in range(small))

        out["planner"] = _rate(planners, small)
    if "learned" in which:
        play_game(lexicon, ["planner-learned", "planner"], seed=0)
        out["learned"] = _rate(
            lambda: [play_game(lexicon, ["planner-learned", "planner"], seed=s) for s in range(small)], small
        )
    if "search" in which:
        rng = random.Random(7)  # the trays only
        words = sorted(w for w in lexicon if 3 <= len(w) <= 6)[:5000]
        tiles = "EAISNRTOLUDCMP"
        trays = [
            Tray([rng.choice(words) for _ in range(rng.randint(2, 5))], "".join(rng.sample(tiles, 8)))
            for _ in range(60)
        ]
        out["search"] = _rate(lambda: [plan_ladder(lexicon, t) for t in trays], len(trays))
    if "new game" in which:
        out["new game"] = _rate(lambda: [Game(lexicon, seed=s) for s in range(2000)], 2000)
    if "replay proof" in which and records:
        from jarnac_solver import audit

        texts = [str(r) for r in records]
        out["replay proof"] = _rate(lambda: [audit(GameRecord.parse(t), lexicon) for t in texts], len(texts))
    return out


def _child(root: Path, games: int, lexicon: str, which: list[str], pure: bool = False) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    if pure:
        env["JARNAC_SOLVER_PURE"] = "1"
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); from bench_engine import measure; "
        "print(json.dumps(measure(int(sys.argv[2]), sys.argv[3], sys.argv[4].split(','))))"
    )
    here = str(Path(__file__).resolve().parent)
    done = subprocess.run(
        [sys.executable, "-c", code, here, str(games), lexicon, ",".join(which)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=str(root),
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def generator_table() -> list[tuple[str, float]]:
    """A 144-tile bag shuffled, microseconds (median of 7 runs of 500)."""
    from jarnac_solver import native
    from jarnac_solver.rng import Pcg32

    bag = list(range(26)) * 5 + list(range(14))
    rows: list[tuple[str, float]] = []

    def timed(run: object) -> float:
        times = []
        for _ in range(7):
            started = time.perf_counter()
            for s in range(500):
                run(s)  # type: ignore[operator]
            times.append((time.perf_counter() - started) / 500 * 1e6)
        return statistics.median(times)

    rows.append(("CPython random.Random(seed).shuffle (reference)", timed(lambda s: random.Random(s).shuffle(bag[:]))))
    rows.append(("Pcg32(seed).shuffle, Python", timed(lambda s: Pcg32(s).shuffle(bag[:]))))
    speedups = native.speedups
    if speedups is not None:
        data = bytes(bag)
        rows.append(("Pcg32(seed) + pcg_shuffle, C", timed(lambda s: speedups.pcg_shuffle(Pcg32(s), data))))
    return rows


def lines_by_layer(root: Path) -> list[tuple[str, int, int]]:
    """(layer, lines of Python, lines of C) of the package under ``root``."""
    package = root / "jarnac_solver"
    rows: dict[str, list[int]] = {}
    for path in sorted(package.rglob("*")):
        if path.suffix not in (".py", ".c", ".h") or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(package)
        layer = rel.parts[0] if len(rel.parts) > 1 else "(top)"
        n = len(path.read_text(encoding="utf-8", errors="replace").splitlines())
        row = rows.setdefault(layer, [0, 0])
        row[0 if path.suffix == ".py" else 1] += n
    return [(layer, py, c) for layer, (py, c) in sorted(rows.items())]


def c_files(root: Path) -> dict[str, int]:
    """Lines of each C source and header of the package under ``root``."""
    package = root / "jarnac_solver"
    return {
        path.name: len(path.read_text(encoding="utf-8", errors="replace").splitlines())
        for path in sorted(package.glob("*.[ch]"))
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lexicon", default="fr")
    parser.add_argument("--baseline", type=Path)
    args = parser.parse_args(argv)
    which = ["greedy", "planner", "learned", "search", "new game", "replay proof"]
    mine: dict[str, list[float]] = {}
    base: dict[str, list[float]] = {}
    pure: list[float] = []
    for _ in range(args.rounds):
        for name, value in _child(ROOT, args.games, args.lexicon, which).items():
            mine.setdefault(name, []).append(value)
        if args.baseline is not None:
            for name, value in _child(args.baseline, args.games, args.lexicon, which).items():
                base.setdefault(name, []).append(value)
        pure.append(_child(ROOT, max(40, args.games // 5), args.lexicon, ["planner"], pure=True)["planner"])
    print(f"self-play and search, {args.lexicon}, {args.games} greedy games a round, median of {args.rounds} rounds")
    print(f"{'measure':<16}{'after /s':>12}" + (f"{'before /s':>12}{'ratio':>8}" if base else ""))
    for name in which:
        if name not in mine:
            continue
        after = statistics.median(mine[name])
        line = f"{name:<16}{after:>12.1f}"
        if name in base:
            before = statistics.median(base[name])
            line += f"{before:>12.1f}{after / before:>8.2f}"
        print(line)
    lane, slow = statistics.median(mine["planner"]), statistics.median(pure)
    print(f"{'planner-pure':<16}{slow:>12.1f}   (lane / pure: {lane / slow:.1f}x)")
    print()
    print("the draws' generator: a 144-tile bag shuffled, microseconds (median of 7 x 500)")
    for name, us in generator_table():
        print(f"  {name:<52}{us:>8.1f}")
    print()
    print("lines by layer (Python, C)" + (" after / before" if args.baseline else ""))
    after_rows = {layer: (py, c) for layer, py, c in lines_by_layer(ROOT)}
    before_rows = {layer: (py, c) for layer, py, c in lines_by_layer(args.baseline)} if args.baseline else {}
    for layer in sorted(set(after_rows) | set(before_rows)):
        py, c = after_rows.get(layer, (0, 0))
        line = f"  {layer:<12}{py:>7}{c:>7}"
        if before_rows:
            bpy, bc = before_rows.get(layer, (0, 0))
            line += f"   before {bpy:>7}{bc:>7}"
        print(line)
    print()
    print("lines of C by file" + (" (after, before)" if args.baseline else ""))
    after_c = c_files(ROOT)
    before_c = c_files(args.baseline) if args.baseline else {}
    for name in sorted(set(after_c) | set(before_c)):
        line = f"  {name:<18}{after_c.get(name, 0):>7}"
        if args.baseline:
            line += f"{before_c.get(name, 0):>7}"
        print(line)
    total = f"  {'total':<18}{sum(after_c.values()):>7}"
    print(total + (f"{sum(before_c.values()):>7}" if args.baseline else ""))


if __name__ == "__main__":
    main()
