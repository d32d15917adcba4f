#!/usr/bin/env python3
"""Self-play speed of this checkout against another version of the package: games a CPU second, one core.

    python benchmarks/bench_versions.py --baseline PATH [--lexicon fr] [--players planner,planner]
                                        [--games 30] [--rounds 5] [--seed 1] [--allow-pure]

``PATH`` is a checkout of another commit with its extension built in place
(``git worktree add --detach ../base COMMIT && cd ../base && python setup.py build_ext --inplace``,
with this environment's Python and setuptools>=77). Two versions of ``jarnac_solver`` cannot share one process, so each
round plays the same ``--games`` seeds once in each version, in a fresh process of its own (the
lexicon loaded and one game played before the clock starts), the versions alternating so that a
change in the machine's load falls on both. The table shows each version's median games per CPU
second over the rounds with its range and its walk (compiled or pure: a version whose extension is not
built stops the run, unless ``--allow-pure``), and the median of the rounds' paired ratios with theirs.
The two must have played the same games: a hash of every record's actions and scores is compared,
and a difference is said (a speed-up that changes the games is not the same player made faster).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import NoReturn

HERE = Path(__file__).resolve().parent.parent


def _child(lexicon_name: str, players: list[str], seeds: range) -> None:
    """Play the games in this process (the version on ``sys.path``) and print their CPU time and hash."""
    from jarnac_solver import Lexicon
    from jarnac_solver.play.players import play_game

    lexicon = Lexicon.load(lexicon_name)
    play_game(lexicon, players, seed=seeds.start + 10**6)  # warm: lazy tables and caches, not timed
    digest = hashlib.sha256()
    started = time.process_time()
    for seed in seeds:
        record = play_game(lexicon, players, seed=seed)
        digest.update(json.dumps([list(record.scores), [list(a) for a in record.actions]]).encode())
    cpu = time.process_time() - started
    try:
        from jarnac_solver.native import IMPLEMENTATION
    except ImportError:  # a version from before the module: its walk said by whether the extension loads
        try:
            import jarnac_solver._speedups  # noqa: F401

            IMPLEMENTATION = "compiled"
        except ImportError:
            IMPLEMENTATION = "pure"
    root = Path(str(sys.modules["jarnac_solver"].__file__)).resolve().parent
    if IMPLEMENTATION == "compiled":
        # An editable install's finder lends this environment's checkout's extension to a tree that has
        # none of its own: that tree's Python would be timed on another version's C.
        lent = [
            str(m.__file__)
            for name, m in list(sys.modules.items())
            if name.startswith("jarnac_solver.")
            and str(getattr(m, "__file__", "")).endswith((".so", ".pyd"))
            and not Path(str(m.__file__)).resolve().is_relative_to(root)
        ]
        if lent:
            IMPLEMENTATION = f"lent: {lent[0]}"
    module = sys.modules["jarnac_solver"].__file__
    print(json.dumps({"cpu": cpu, "hash": digest.hexdigest(), "module": module, "implementation": IMPLEMENTATION}))


def _fail(message: str) -> NoReturn:
    """One line on stderr and status 2, as the command line reports bad input."""
    print(f"bench_versions.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def _check_names(lexicon: str, players: list[str]) -> None:
    """The lexicon and the players checked here, in this checkout, before any round (a bad name is the
    user's, not a failure of the baseline's round)."""
    sys.path.insert(0, str(HERE))
    from jarnac_solver import Lexicon
    from jarnac_solver.errors import JarnacError
    from jarnac_solver.play.players import make_player

    try:
        if len(players) != 2:
            _fail(f"--players takes two names, not {len(players)}")
        for name in players:
            make_player(name)
        Lexicon.load(lexicon)
    except JarnacError as error:
        _fail(str(error))


def _commit(path: Path) -> str:
    """The commit checked out at ``path`` (short), or "?" where git cannot say."""
    done = subprocess.run(["git", "-C", str(path), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "?"


def _round(path: Path, args: argparse.Namespace) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    command = [sys.executable, __file__, "--child", "--lexicon", args.lexicon, "--players", args.players]
    command += ["--games", str(args.games), "--seed", str(args.seed)]
    done = subprocess.run(command, env=env, cwd=path, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        _fail(f"the round in {path} failed: {last}")
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if not str(answer["module"]).startswith(str(path)):
        _fail(f"the round meant for {path} imported {answer['module']}")
    walk = str(answer["implementation"])
    if walk.startswith("lent"):
        _fail(
            f"{path} has no C extension of its own (this environment lent it another checkout's, {walk[6:]}):"
            " build it in place (`python setup.py build_ext --inplace` with setuptools>=77)"
        )
    if walk != "compiled" and not args.allow_pure:
        _fail(
            f"{path} walks pure (its C extension is not built there, or JARNAC_SOLVER_PURE is set): build it in place"
            " (`python setup.py build_ext --inplace` with setuptools>=77, or `pip install -e .` in its own"
            " environment), or give --allow-pure to time the pure walk on purpose"
        )
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="a checkout of the version to compare against, built in place")
    parser.add_argument("--lexicon", default="fr", help="a bundled lexicon (default fr)")
    parser.add_argument("--players", default="planner,planner", help="two built-in players (default planner,planner)")
    parser.add_argument("--games", type=int, default=30, help="games a round, seeds --seed and on (default 30)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, the versions alternating (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--allow-pure", action="store_true", help="time a version whose extension is not built")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    players = args.players.split(",")
    seeds = range(args.seed, args.seed + args.games)
    if args.child:
        _child(args.lexicon, players, seeds)
        return
    if args.baseline is None:
        _fail("--baseline PATH is required")
    if not (args.baseline / "jarnac_solver" / "__init__.py").is_file():
        _fail(f"--baseline {args.baseline} is not a checkout of jarnac-solver (no jarnac_solver/__init__.py)")
    if args.games < 1 or args.rounds < 1:
        _fail("--games and --rounds are at least 1")
    _check_names(args.lexicon, players)
    versions = {"baseline": args.baseline.resolve(), "this checkout": HERE}
    rates: dict[str, list[float]] = {name: [] for name in versions}
    hashes: dict[str, set[str]] = {name: set() for name in versions}
    walks: dict[str, str] = {}
    for r in range(args.rounds):
        for name, path in versions.items() if r % 2 == 0 else reversed(versions.items()):
            answer = _round(path, args)
            rates[name].append(args.games / float(answer["cpu"]))  # type: ignore[arg-type]
            hashes[name].add(str(answer["hash"]))
            walks[name] = str(answer["implementation"])
    ratios = [b / a for a, b in zip(rates["baseline"], rates["this checkout"], strict=True)]
    shown_seeds = f"seeds {seeds.start}..{seeds.stop - 1}"
    print(f"{args.players} on {args.lexicon}: {args.games} games ({shown_seeds}) x {args.rounds} rounds")
    print(f"baseline {versions['baseline']} at {_commit(versions['baseline'])}, this checkout at {_commit(HERE)}")
    print(f"{'version':<16} {'games/CPU-s':>12} {'range':>17}  walk")
    for name, values in rates.items():
        shown = f"{min(values):.1f} .. {max(values):.1f}"
        print(f"{name:<16} {statistics.median(values):>12.1f} {shown:>17}  {walks[name]}")
    print(f"{'ratio':<16} {statistics.median(ratios):>11.2f}x {min(ratios):>7.2f} .. {max(ratios):.2f}x")
    shortest = min(args.games / max(values) for values in rates.values())
    if shortest < 1.0:
        print(
            f"(the fastest round took {shortest:.2f} s of CPU: under a second the ratio is mostly noise; more --games)"
        )
    same = hashes["baseline"] == hashes["this checkout"] and len(hashes["baseline"]) == 1
    print("the same games in both versions" if same else f"DIFFERENT games: {hashes}")


if __name__ == "__main__":
    main()
