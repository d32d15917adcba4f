#!/usr/bin/env python3
"""A built-in player against today's planner: paired seeds, seats swapped, and the CPU a decision costs.

    python benchmarks/bench_vs_planner.py [SEEDS] [--seed 41000] [--lexicon fr] [--player sim-bounded] [--rate]

Each seed S + g is played twice on the same bag: the player in seat A and the ``planner`` in B, then the
seats swapped (each player seeded by its seat, ``seed * 2 + seat``, as ``play_game`` seeds named players:
the games replay from their seeds). A seed's result is the mean of its two games (1 won, 0.5 drawn, 0
lost; and the mean margin), so the luck of the bag is paid by both sides; the intervals are 95% t intervals
over the seeds (a win rate's clipped to [0, 100%], which a few seeds' t interval can pass). One process, one
thread: the CPU time of each of the player's decisions (every phase, ``time.process_time`` around its
``choose``) is this process's, which the machine's load does not change as it changes the clock's. Prints a
line every 50 seeds (so a cut run still says something), then the win rate, the mean margin, the mean and 99th
percentile CPU milliseconds a decision (over every decision, and over the decisions that ran play-outs), the
play-outs a decision and the decisions the wall-clock ceiling cut (a player with ``ceiling_hits``).
``--rate``: a last line, JSON, the player's Elo over the planner from its win rate (400 log10(p / (1 - p)),
the interval's ends mapped the same way), for ``jarnac_solver/data/ratings.json`` (docs/levels.md). ``--write
FILE`` also puts that rating in the ratings file (the player's row of its lexicon, marked ``measured`` with
how: a rating from games against the planner alone, not from the round robin, which ``bench_ratings.py
--write`` keeps when it rebuilds the others); ``--write FILE --from OUTPUT`` plays nothing and takes the
``--rate`` line of an earlier run's output.

    python benchmarks/bench_vs_planner.py 400 --seed 41000 --lexicon fr --player sim-bounded --rate > fr.out
    python benchmarks/bench_vs_planner.py --write jarnac_solver/data/ratings.json --from fr.out
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon, play_game
from jarnac_solver.errors import JarnacError
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.native import IMPLEMENTATION_REASON
from jarnac_solver.play.players import PlannerPlayer, Player, make_player
from jarnac_solver.studies.stats import Estimate, mean_estimate

ROOT = Path(__file__).resolve().parent.parent

_UNBUILT = (
    "this checkout's C extension is not built, so {what}: `pip install -e .` (the README's second command) builds "
    "it in place; JARNAC_SOLVER_PURE=1 times the pure walk on purpose"
)


def fail(message: str) -> NoReturn:
    """One line on stderr and status 2, as the command line reports bad input."""
    print(f"bench_vs_planner.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def check_walk() -> None:
    """Refuse to time a walk other than this checkout's compiled one by accident: the pure walk (5-9 times
    slower) unless JARNAC_SOLVER_PURE asked for it, or another checkout's extension an editable install lends."""
    if IMPLEMENTATION != "compiled":
        if not IMPLEMENTATION_REASON.startswith("forced"):
            fail(_UNBUILT.format(what="its pure walk would be timed"))
        return
    import jarnac_solver._speedups as speedups

    if not Path(speedups.__file__).resolve().is_relative_to(ROOT):
        fail(_UNBUILT.format(what=f"another checkout's would be timed ({speedups.__file__})"))


class Timed:
    """Wraps a player: the CPU seconds of each of its decisions, and the play-outs of each (``last``)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.cpu: list[float] = []
        self.simulated: list[float] = []
        """The CPU seconds of the decisions that ran play-outs."""
        self.playouts: list[int] = []

    def choose(self, view: PlayerView) -> Action:
        cpu = time.process_time()
        action = self.inner.choose(view)
        spent = time.process_time() - cpu
        self.cpu.append(spent)
        last = getattr(self.inner, "last", None)
        if last is not None:
            self.simulated.append(spent)
            self.playouts.append(last.playouts)
        return action


def _won(margin: float) -> float:
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank; 0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def elo_of(rate: float) -> float:
    """Elo points over the opponent of a player that wins ``rate`` of the games (clipped off 0 and 1)."""
    p = min(max(rate, 1e-3), 1 - 1e-3)
    return 400 * math.log10(p / (1 - p))


def clipped(rate: Estimate) -> Estimate:
    """A win rate's interval kept in [0, 1] (with few seeds a t interval can pass either end)."""
    return dataclasses.replace(rate, low=max(0.0, rate.low), high=min(1.0, rate.high))


def _line(done: int, wins: Estimate, margins: Estimate, timed: Timed, hits: int) -> str:
    cpu, sim = timed.cpu, timed.simulated
    mean_playouts = statistics.fmean(timed.playouts) if timed.playouts else 0.0
    return (
        f"{done:>5} {2 * done:>5}"
        f" {f'{100 * wins.value:.1f}% [{100 * wins.low:.1f}, {100 * wins.high:.1f}]':>20}"
        f" {f'{margins.value:+.1f} [{margins.low:+.1f}, {margins.high:+.1f}]':>20}"
        f" {1000 * statistics.fmean(cpu):>8.1f} {1000 * percentile(cpu, 0.99):>8.1f}"
        f" {1000 * (statistics.fmean(sim) if sim else 0.0):>8.1f} {1000 * percentile(sim, 0.99):>8.1f}"
        f" {1000 * percentile(cpu, 0.999):>8.1f} {1000 * max(cpu, default=0.0):>8.1f}"
        f" {mean_playouts:>7.1f} {max(timed.playouts, default=0):>5} {hits:>5}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seeds", nargs="?", type=int, default=400, help="seeds, each played twice (default 400)")
    parser.add_argument("--seed", type=int, default=41000, help="the first seed (default 41000)")
    parser.add_argument("--lexicon", default="fr", help="a bundled name, a .jlex file or a word list (default fr)")
    parser.add_argument("--player", default="sim-bounded", help="a built-in player's name (default sim-bounded)")
    parser.add_argument("--rate", action="store_true", help="print the Elo line for ratings.json")
    parser.add_argument("--write", type=Path, metavar="FILE", help="put the rating in FILE (ratings.json)")
    parser.add_argument("--from", dest="source", type=Path, metavar="OUTPUT", help="the --rate line of a run")
    args = parser.parse_args()
    if args.source is not None:
        if args.write is None:
            fail("--from needs --write")
        try:
            text = args.source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            fail(f"cannot read {args.source}: {getattr(error, 'strerror', None) or error}")
        lines = [x for x in text.splitlines() if x.startswith("{")]
        if not lines:
            fail(f"{args.source} holds no --rate line")
        write_rating(args.write, json.loads(lines[-1]))
        return
    if args.seeds < 1:
        fail(f"SEEDS is at least 1, not {args.seeds}")
    # The CPU a decision is what this measures: the pure walk's is 5-9 times the compiled one's.
    check_walk()
    try:
        lexicon = Lexicon.resolve(args.lexicon)
        make_player(args.player, 0)
    except JarnacError as error:
        fail(str(error))
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    print(f"{args.player} v planner on {args.lexicon}, seeds {args.seed}..{args.seed + args.seeds - 1}, seats swapped")
    print(
        f"{'seeds':>5} {'games':>5} {'wins (95%)':>20} {'margin a game (95%)':>20}"
        f" {'cpu ms':>8} {'p99':>8} {'sim ms':>8} {'sim p99':>8} {'p99.9':>8} {'max':>8}"
        f" {'po/dec':>7} {'po max':>5} {'ceil':>5}"
    )
    wins: list[float] = []
    margins: list[float] = []
    timed = Timed(make_player(args.player, 0))  # the totals; each game's player is made afresh below
    hits = 0
    began = time.process_time()
    for g in range(args.seeds):
        seed = args.seed + g
        won = margin = 0.0
        for seat in (0, 1):
            player = make_player(args.player, seed * 2 + seat)
            mine = Timed(player)
            planner = PlannerPlayer(seed * 2 + 1 - seat)
            seats: list[Player] = [planner, planner]
            seats[seat] = mine
            record = play_game(lexicon, seats, seed=seed)
            m = record.scores[seat] - record.scores[1 - seat]
            won += _won(m) / 2
            margin += m / 2
            timed.cpu += mine.cpu
            timed.simulated += mine.simulated
            timed.playouts += mine.playouts
            hits += int(getattr(player, "ceiling_hits", 0))
        wins.append(won)
        margins.append(margin)
        if (g + 1) % 50 == 0 and g + 1 < args.seeds:
            print(_line(g + 1, clipped(mean_estimate(wins)), mean_estimate(margins), timed, hits), flush=True)
    w = clipped(mean_estimate(wins))
    print(_line(len(wins), w, mean_estimate(margins), timed, hits))
    print(
        f"{len(timed.cpu)} decisions ({len(timed.simulated)} with play-outs) in {time.process_time() - began:.0f} s"
        " of CPU; ms: mean, 99th percentile (all decisions; those with play-outs), 99.9th, max",
        flush=True,
    )
    if args.rate:
        row = {
            "lexicon": args.lexicon,
            "player": args.player,
            "games": 2 * len(wins),
            "win_rate": round(w.value, 4),
            "elo": round(elo_of(w.value)),
            "low": round(elo_of(w.low)),
            "high": round(elo_of(w.high)),
            "seed": args.seed,
        }
        print(json.dumps(row))
        if args.write is not None:
            write_rating(args.write, row)


def write_rating(path: Path, row: dict[str, object]) -> None:
    """Put ``row`` (a ``--rate`` line) in the ratings file at ``path``: its player's Elo, interval and how it
    was measured, in its lexicon's table (the others' rows unchanged)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    table = document["lexicons"][row["lexicon"]]["players"]
    table[row["player"]] = {
        "elo": row["elo"],
        "low": row["low"],
        "high": row["high"],
        "measured": f"bench_vs_planner.py: {row['games']} games against the planner (seeds from {row['seed']}, each"
        f" played twice, the seats swapped), {100 * float(str(row['win_rate'])):.1f}% won; the Elo of that win rate,"
        " its 95% interval's ends mapped alike",
    }
    path.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{row['player']} on {row['lexicon']}: Elo {row['elo']:+} written to {path}")


if __name__ == "__main__":
    main()
