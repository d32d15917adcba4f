"""The planner with the end-game model against the planner before it, in paired self-play.

Usage: python benchmarks/bench_endgame.py [--seconds 300] [--lexicons fr,en] [--seed S] [--old-rev REV]

The old planner is the strategy module at ``--old-rev`` (default ``HEAD``:
the code before the change, while it is not committed), read with ``git
show`` and loaded beside the new one (its relative imports resolve to this
package: the ladder, the moves, the engine are shared). The old player
decides moves and starts with the old ``choose_move``/``choose_start`` and
always calls the best Jarnac; the new one plays the new strategy and decides
Jarnac calls with ``choose_jarnac``. Each seed is played twice, seats
swapped (paired); seeds alternate between the lexicons until ``--seconds``
of play have passed. Prints per lexicon and overall: games, the new
planner's mean point difference a game (its score less the old one's) with
a 95% interval over the seed pairs, and its win rate (a draw counts half)
with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from jarnac_solver import Lexicon
from jarnac_solver.game.actions import Action, CallJarnac, Decline
from jarnac_solver.game.game import Game
from jarnac_solver.game.view import PlayerView
from jarnac_solver.moves.move import Move
from jarnac_solver.planning.strategy import choose_jarnac
from jarnac_solver.play.players import PlannerPlayer, play_game
from jarnac_solver.studies.stats import mean_estimate, rate_estimate

ROOT = Path(__file__).resolve().parent.parent


def old_strategy(rev: str) -> ModuleType:
    """``planning/strategy.py`` at ``rev``, as the module ``jarnac_solver.planning._strategy_old``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:jarnac_solver/planning/strategy.py"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    name = "jarnac_solver.planning._strategy_old"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "jarnac_solver.planning"
    sys.modules[name] = module
    exec(compile(source, f"{rev}:strategy.py", "exec"), module.__dict__)
    return module


class NewPlanner(PlannerPlayer):
    """The planner, its Jarnac calls decided by :func:`choose_jarnac` (the change proposed for players.py)."""

    name = "planner-new"

    def choose(self, view: PlayerView | Game) -> Action:
        shown = view.view() if isinstance(view, Game) else view
        s = shown.state
        if s.phase == "jarnac":
            plan = choose_jarnac(
                shown.lexicon, s.trays[s.player], s.trays[s.to_act], shown.rules, shown.formed_lines(), shown.clock, 20
            )
            return CallJarnac(plan.steals, plan.taken_indexes if plan.value else ()) if plan else Decline()
        return super().choose(view)


class OldPlanner(PlannerPlayer):
    """The planner as it was at the old revision: its moves and starts, and always the best Jarnac."""

    name = "planner-old"
    strategy: ModuleType

    def start(self, view: PlayerView) -> Action:
        from jarnac_solver.game.actions import Draw, Exchange

        s = view.state
        me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
        triple = self.strategy.choose_start(
            view.lexicon, me, opponent, view.unseen_tiles(), s.bag_size, view.rules, self.rng, self.weights, view.clock
        )
        return Draw() if triple is None else Exchange(me.alphabet.write(list(triple)))

    def best_move(self, view: PlayerView) -> Move | None:
        s = view.state
        me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
        move: Move | None = self.strategy.choose_move(
            view.lexicon, me, opponent, s.bag_size, view.rules, self.rng, self.weights, view.clock
        )
        return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--seed", type=int, default=3400)
    parser.add_argument("--old-rev", default="HEAD")
    args = parser.parse_args()
    OldPlanner.strategy = old_strategy(args.old_rev)
    lexicons = {name: Lexicon.load(name) for name in args.lexicons.split(",")}
    names = list(lexicons)
    pairs: dict[str, list[float]] = {name: [] for name in names}
    wins: dict[str, float] = {name: 0.0 for name in names}
    started = time.process_time()
    k = 0
    while time.process_time() - started < args.seconds:
        name = names[k % len(names)]
        seed = args.seed + k
        k += 1
        differences = []
        for seat in (0, 1):
            new, old = NewPlanner(seed * 2 + seat), OldPlanner(seed * 2 + 1 - seat)
            players = [new, old] if seat == 0 else [old, new]
            record = play_game(lexicons[name], players, seed=seed)
            difference = record.scores[seat] - record.scores[1 - seat]
            differences.append(difference)
            wins[name] += 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
        pairs[name].append(sum(differences) / 2)
    seconds = time.process_time() - started
    print(f"{2 * k} games in {seconds:.0f} s of CPU (old planner: strategy.py at {args.old_rev})")
    print(f"{'lexicon':<8} {'games':>6} {'points a game (95% CI)':>30} {'win rate (95% CI)':>26}")
    every = [d for name in names for d in pairs[name]]
    for label, values, won in [*((n, pairs[n], wins[n]) for n in names), ("all", every, sum(wins.values()))]:
        if not values:
            continue
        games = 2 * len(values)
        mean = mean_estimate(values)
        rate = rate_estimate(round(won), games)
        points = f"{mean.value:+.1f} ({mean.low:+.1f} to {mean.high:+.1f})"
        share = f"{100 * rate.value:.1f}% ({100 * rate.low:.1f} to {100 * rate.high:.1f})"
        print(f"{label:<8} {games:>6} {points:>30} {share:>26}")


if __name__ == "__main__":
    main()
