#!/usr/bin/env python3
"""The planner with the learned turn value (``planner-learned``) against today's planner: paired games.

    python benchmarks/bench_learned_planner.py [SEEDS] [--lexicons fr,en] [--seed 31000] [--weights FILE]

Each seed S + g of a lexicon is played twice, the bag the same: ``planner-learned`` in seat A, the
``planner`` in B, then the seats swapped (each player seeded by its seat, as ``play_game`` seeds named
players). A seed's result is the mean of its two games (its two margins, its two results: 1 won, 0.5
drawn, 0 lost), so the luck of the bag is paid by both sides; the intervals are 95% t intervals over the
seeds. Prints per lexicon: seeds, games, the learned planner's win rate and mean margin, each with its
interval, and the CPU milliseconds a decision of each player (median over the play and start decisions).
``--weights`` plays another trained file (``train_turn_value.py --out``) instead of the shipped one.
The seeds differ from the training games' (``train_turn_value.py --seed 21000``); docs/levels.md reports
``--seed 41000``, apart from the seeds from 31000 the label and the model were compared on.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon, play_game
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.planning.learned_turn import TurnEvaluation, learned_turn_value
from jarnac_solver.play.players import PlannerPlayer, Player
from jarnac_solver.studies.stats import mean_estimate


class Timed:
    """Wraps a player; the CPU seconds of each play and start decision (this process's, one thread)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.cpu: list[float] = []

    def choose(self, view: PlayerView) -> Action:
        if view.state.phase not in ("play", "start"):
            return self.inner.choose(view)
        cpu = time.process_time()
        action = self.inner.choose(view)
        self.cpu.append(time.process_time() - cpu)
        return action


def _won(margin: float) -> float:
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seeds", nargs="?", type=int, default=400)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--seed", type=int, default=31000)
    parser.add_argument("--weights", type=Path, default=None, help="a train_turn_value.py file (default: shipped)")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    print(
        f"{'lexicon':<8} {'seeds':>5} {'games':>5} {'learned wins (95%)':>22} {'margin a game (95%)':>22}"
        f" {'learned ms':>10} {'planner ms':>10}"
    )
    for name in args.lexicons.split(","):
        lexicon = Lexicon.load(name)
        if args.weights is not None:
            entry = json.loads(args.weights.read_text(encoding="utf-8"))["lexicons"][name]
            evaluation = TurnEvaluation(name, tuple(entry["weights"]))
        else:
            found = learned_turn_value(name)
            if found is None:
                print(f"{name}: no learned turn value shipped")
                continue
            evaluation = found
        wins: list[float] = []
        margins: list[float] = []
        learned_cpu: list[float] = []
        planner_cpu: list[float] = []
        for g in range(args.seeds):
            seed = args.seed + g
            won = margin = 0.0
            for seat in (0, 1):
                learned = Timed(PlannerPlayer(seed * 2 + seat, evaluation=evaluation))
                planner = Timed(PlannerPlayer(seed * 2 + 1 - seat))
                seats: list[Player] = [planner, planner]
                seats[seat] = learned
                record = play_game(lexicon, seats, seed=seed)
                m = record.scores[seat] - record.scores[1 - seat]
                won += _won(m) / 2
                margin += m / 2
                learned_cpu += learned.cpu
                planner_cpu += planner.cpu
            wins.append(won)
            margins.append(margin)
        w, mean = mean_estimate(wins), mean_estimate(margins)
        print(
            f"{name:<8} {len(wins):>5} {2 * len(wins):>5}"
            f" {f'{100 * w.value:.1f}% [{100 * w.low:.1f}, {100 * w.high:.1f}]':>22}"
            f" {f'{mean.value:+.1f} [{mean.low:+.1f}, {mean.high:+.1f}]':>22}"
            f" {1000 * statistics.median(learned_cpu):>10.2f} {1000 * statistics.median(planner_cpu):>10.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
