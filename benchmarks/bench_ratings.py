#!/usr/bin/env python3
"""Measured levels: a Bradley-Terry (Elo) table of the built-in players, from paired round-robin games.

    python benchmarks/bench_ratings.py [--lexicons fr,en] [--players random,greedy,exchanger,ladder,planner,sim]
                                       [--pairs 40] [--sim-pairs 40] [--seed 9000] [--minutes 20] [--markdown]
                                       [--sim-playouts 4] [--write jarnac_solver/data/ratings.json]

Every pairing of ``--players`` plays ``--pairs`` seeds, each seed twice with the seats swapped (the same bag
both times: the paired design cancels the luck of the draw and of the first move), the seeds interleaved over
the pairings so that ``--minutes`` (stop starting new seeds) leaves every pairing about as many games.
Players are made by name with the game's seeds (``play_game``), so every game replays from its record; ``sim``
and ``sim-learned`` are made with ``--sim-playouts`` rounds a decision (a count: their level does not move
with the machine's load).

Prints per lexicon: the games of each pairing (the row player's win rate, a draw half, 95% Wilson interval;
its mean margin, 95% t interval over the seeds' pairs), then the ratings: a Bradley-Terry fit (Hunter's MM
iterations on the wins, a draw half a win each), as Elo points (400 log10 of the strength ratio) with the
``--anchor`` player at 0, each with a 95% interval from a bootstrap over the seeds of every pairing (seeded:
the same table from the same games), and each player's mean milliseconds a decision (play, start, Jarnac)
and, for ``sim``, its play-outs a decision and the decisions its ceiling cut (should be 0). The strongest
player is the first row. Machine load changes the milliseconds, never the games. ``--write`` saves the
ratings and their intervals (no milliseconds: the same games write the same file) as the JSON the service
publishes (``jarnac_solver/data/ratings.json``: the page lists its opponents by them). ``--sim-pairs`` bounds the
seeds of the pairings with ``sim`` (its games cost ~50x a planner's): the fit takes pairings of unequal sizes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_sim import Timed

from jarnac_solver import IMPLEMENTATION, Lexicon, Rules, play_game
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.play.players import Player, SimPlayer, make_player
from jarnac_solver.studies.stats import mean_estimate, rate_estimate

SIMULATED = frozenset({"sim", "sim-learned", "sim-bounded"})
"""The players made with ``--sim-playouts`` rounds a decision, whose pairings ``--sim-pairs`` bounds."""


class Counted(Timed):
    """bench_sim's timed player, also counting sim's play-outs a decision."""

    def __init__(self, inner: Player, times: list[float], playouts: list[int]) -> None:
        super().__init__(inner)
        self.times = times
        self.playouts = playouts

    def choose(self, view: PlayerView) -> Action:
        action = super().choose(view)
        if isinstance(self.inner, SimPlayer) and view.state.phase in ("play", "start", "jarnac"):
            self.playouts.append(self.inner.last.playouts if self.inner.last is not None else 0)
        return action


def bradley_terry(names: list[str], wins: dict[tuple[str, str], float], iterations: int = 500) -> dict[str, float]:
    """Strengths (geometric mean 1) from ``wins[a, b]``: a's wins over b (draws half), by Hunter's MM updates.
    A player with no win or no loss has no finite strength: a tenth of a win each way is added (a prior that
    moves a measured rating by a few Elo at most)."""
    prior = 0.1
    w = {(a, b): wins.get((a, b), 0.0) + prior for a in names for b in names if a != b}
    p = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            total = sum(w[a, b] for b in names if b != a)
            denominator = sum((w[a, b] + w[b, a]) / (p[a] + p[b]) for b in names if b != a)
            new[a] = total / denominator
        scale = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        p = {a: v / scale for a, v in new.items()}
    return p


def elo(strengths: dict[str, float], anchor: str) -> dict[str, float]:
    """Strengths as Elo points, ``anchor`` at 0."""
    return {a: 400 * math.log10(v / strengths[anchor]) for a, v in strengths.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--players", default="random,greedy,exchanger,ladder,planner,sim")
    parser.add_argument("--pairs", type=int, default=40, help="seeds a pairing (two games each, seats swapped)")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--minutes", type=float, default=20.0, help="stop starting seeds after this long (a lexicon)")
    parser.add_argument("--sim-pairs", type=int, default=40, help="seeds of the pairings with sim (at most --pairs)")
    parser.add_argument("--sim-playouts", type=int, default=SimPlayer.DEFAULT_PLAYOUTS)
    parser.add_argument("--anchor", default="planner", help="the player rated 0")
    parser.add_argument("--bootstrap", type=int, default=200)
    parser.add_argument("--markdown", action="store_true", help="the ratings as a Markdown table too")
    parser.add_argument("--write", metavar="FILE", help="save the ratings as JSON (jarnac_solver/data/ratings.json)")
    args = parser.parse_args()
    names = args.players.split(",")
    if args.anchor not in names:
        parser.error(f"--anchor {args.anchor!r} is not one of --players")
    rules = Rules()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}; sim at {args.sim_playouts} rounds a decision")
    saved: dict[str, object] = {}
    for lexicon_name in args.lexicons.split(","):
        lexicon = Lexicon.load(lexicon_name)
        pairings = list(itertools.combinations(names, 2))
        # Per pairing, per seed: (the first's margin as A, the first's margin as B) of the two games.
        played: dict[tuple[str, str], list[tuple[int, int]]] = {p: [] for p in pairings}
        times: dict[str, list[float]] = {n: [] for n in names}
        playouts: list[int] = []
        cut = 0
        began = time.perf_counter()

        def make(name: str, seed: int) -> Player:
            if name in SIMULATED:
                return make_player(name, seed, playouts=args.sim_playouts)
            return make_player(name, seed)

        for k in range(args.pairs):
            if time.perf_counter() - began > args.minutes * 60:
                break
            seed = args.seed + k
            for a, b in pairings:
                if (a in SIMULATED or b in SIMULATED) and k >= args.sim_pairs:
                    continue
                margins = []
                for seats in ((a, b), (b, a)):
                    actors = [make(seats[0], seed * 2), make(seats[1], seed * 2 + 1)]
                    timed = [Counted(actor, times[n], playouts) for actor, n in zip(actors, seats, strict=True)]
                    record = play_game(lexicon, timed, rules, seed=seed)
                    for actor in actors:
                        if isinstance(actor, SimPlayer):
                            cut += actor.ceiling_hits
                    first = 0 if seats[0] == a else 1
                    margins.append(record.scores[first] - record.scores[1 - first])
                played[a, b].append((margins[0], margins[1]))
        minutes = (time.perf_counter() - began) / 60
        print(f"\n{lexicon.name}: {sum(map(len, played.values())) * 2} games, {minutes:.1f} min")
        print(f"{'pairing':<22} {'games':>5} {'first wins':>22} {'first margin a game':>26}")

        def score(m: int) -> float:
            return 1.0 if m > 0 else 0.5 if m == 0 else 0.0

        for (a, b), games in played.items():
            flat = [m for pair in games for m in pair]
            wins = sum(score(m) for m in flat)
            rate = rate_estimate(round(wins), len(flat)) if flat else None
            margin = mean_estimate([(x + y) / 2 for x, y in games]) if len(games) >= 2 else None
            r = f"{100 * rate.value:5.1f}% [{100 * rate.low:.0f}, {100 * rate.high:.0f}]" if rate else ""
            mm = f"{margin.value:+7.1f} [{margin.low:+.0f}, {margin.high:+.0f}]" if margin else ""
            print(f"{a + ' v ' + b:<22} {len(flat):>5} {r:>22} {mm:>26}")

        def fit(sample: dict[tuple[str, str], list[tuple[int, int]]]) -> dict[str, float]:
            wins: dict[tuple[str, str], float] = {}
            for (a, b), games in sample.items():
                for pair in games:
                    for m in pair:
                        wins[a, b] = wins.get((a, b), 0.0) + score(m)
                        wins[b, a] = wins.get((b, a), 0.0) + 1 - score(m)
            return elo(bradley_terry(names, wins), args.anchor)

        ratings = fit(played)
        rng = random.Random(args.seed)
        boot: dict[str, list[float]] = {n: [] for n in names}
        for _ in range(args.bootstrap):
            sample = {p: [rng.choice(g) for _ in g] for p, g in played.items() if g}
            for n, v in fit(sample).items():
                boot[n].append(v)
        print(f"\n{'rank':<5} {'player':<10} {'Elo':>6} {'95% interval':>16} {'mean ms a decision':>19}")
        rows = []
        for i, n in enumerate(sorted(names, key=lambda n: -ratings[n]), 1):
            values = sorted(boot[n])
            lo, hi = values[int(0.025 * len(values))], values[min(len(values) - 1, int(0.975 * len(values)))]
            ms = statistics.fmean(times[n]) * 1000 if times[n] else 0.0
            rows.append((i, n, ratings[n], lo, hi, ms))
            print(f"{i:<5} {n:<10} {ratings[n]:+6.0f} {f'[{lo:+.0f}, {hi:+.0f}]':>16} {ms:19.2f}")
        saved[lexicon.name] = {
            "games": sum(map(len, played.values())) * 2,
            "players": {n: {"elo": round(r), "low": round(lo), "high": round(hi)} for _, n, r, lo, hi, _ in rows},
        }
        if SIMULATED.intersection(names):
            per = statistics.fmean(playouts) if playouts else 0.0
            print(f"sim: {args.sim_playouts} rounds a decision, {per:.1f} play-outs a decision; ceiling cut {cut}")
        if args.markdown:
            print(f"\n| rank | player | Elo ({lexicon.name}, {args.anchor} = 0) | 95% interval | mean ms a decision |")
            print("|---|---|---|---|---|")
            for i, n, rating, lo, hi, ms in rows:
                print(f"| {i} | `{n}` | {rating:+.0f} | [{lo:+.0f}, {hi:+.0f}] | {ms:.2f} |")
    if args.write:
        # The lexicons not played this run are kept from the file when it was made by the same design (so each
        # lexicon may be rebuilt by its own process, side by side: ``--lexicons fr`` and ``--lexicons en``).
        design = {"anchor": args.anchor, "sim_playouts": args.sim_playouts, "seed": args.seed}
        if Path(args.write).exists():
            before = json.loads(Path(args.write).read_text(encoding="utf-8"))
            if all(before.get(k) == v for k, v in design.items()):
                saved = {**before.get("lexicons", {}), **saved}
            # A rating measured against the planner alone (bench_vs_planner.py --write, marked "measured") is
            # kept for a player this run did not play: the round robin's anchor is the same planner.
            for name, table in before.get("lexicons", {}).items():
                rebuilt = saved.get(name)
                if isinstance(rebuilt, dict):
                    for player, row in table.get("players", {}).items():
                        if "measured" in row and player not in rebuilt["players"]:
                            rebuilt["players"][player] = row
        document = {
            "about": "Elo ratings of the built-in players (anchor at 0), 95% bootstrap intervals, by lexicon;"
            " rebuilt by benchmarks/bench_ratings.py --write",
            "anchor": args.anchor,
            "sim_playouts": args.sim_playouts,
            "seed": args.seed,
            "lexicons": saved,
        }
        Path(args.write).write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"ratings written to {args.write}")


if __name__ == "__main__":
    main()
