"""The simulation player (SimPlayer, "sim") against the planner, with a paired control, per lexicon.

Usage: python benchmarks/bench_sim.py [GAMES] [--lexicons fr,en] [--playouts 4] [--evaluation hand-set]
                                     [--budget 5] [--seed S] [--minutes M] [--steps] [--lanes on,off]

Game g of a lexicon (seed S + g) seats ``sim`` as player A on even games and
B on odd ones, the ``planner`` (the named player, seeded by the game) in the
other seat. Its control is the same seed played by the planner in both seats
(the same players' seeds, the same bag): the planner in sim's seat. Per
game, the paired difference is sim's final margin less the control seat's
margin on the same seed. Lexicons are played in turn, game by game, and
``--minutes`` stops starting games after that long (both lexicons then have
about as many games).

Prints per lexicon: games, sim's wins/draws/losses and win rate (a draw
counts half, 95% Wilson interval), the control's win rate, the paired
difference of the two (95% t interval), sim's mean margin
and the mean paired difference with the control (95% t interval), and the
milliseconds per sim decision (every play, start and Jarnac decision:
median, 99th percentile) and per planner decision (the control's seat).
sim plays ``--playouts`` rounds a decision (its level: a count), ``--budget``
seconds being only its ceiling (the decisions it cut are printed: a level is
that level only when none was); ``--playouts 0`` spends the whole budget, as
sim once did (its level then moves with the load). ``--evaluation learned``
values its play-outs' cut-offs by the learned evaluation (planning/learned.py).
``--steps`` makes the planner's move and start decisions step by step in Python
(as before planout.planned_move and planout.start_values: the same games) for
the CPU a decision before them. ``--lanes on,off`` plays the same games with the planner's lane
(planning/planlane.py: the play-outs' planner decisions in C) and without it, in this one process, and
prints each table, whether the games were the same (they must be) and the ratio of sim's CPU a decision.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from jarnac_solver import IMPLEMENTATION, Lexicon, play_game
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.planning import planlane, strategy
from jarnac_solver.play.players import LearnedSimPlayer, PlannerPlayer, Player, SimPlayer
from jarnac_solver.studies.stats import mean_estimate, paired_difference, rate_estimate


class Timed:
    """Wraps a player; records the seconds of each decision with a choice (play, start, Jarnac): on the
    clock, and of the CPU (this process's, one thread: what the decision costs whatever the machine's
    load, the figure a page's budget is held to)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: PlayerView) -> Action:
        if view.state.phase not in ("play", "start", "jarnac"):
            return self.inner.choose(view)
        start, cpu = time.perf_counter(), time.process_time()
        action = self.inner.choose(view)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return action


def ms(times: list[float], q: float) -> float:
    if not times:
        return 0.0
    if q == 0.5:
        return statistics.median(times) * 1000
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def _won(margin: float) -> float:
    """A game's result for the win rate: 1 won, 0.5 drawn, 0 lost."""
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


class Tally:
    """One lexicon's games."""

    def __init__(self, policy: str = "planner") -> None:
        self.policy = policy
        self.margins: list[float] = []
        self.control: list[float] = []
        self.sim_times: list[float] = []
        self.sim_cpu: list[float] = []
        self.planner_times: list[float] = []
        self.seconds = 0.0
        self.cut = 0

    def play(self, lexicon: Lexicon, seed: int, g: int, budget: float, playouts: int, evaluation: str) -> None:
        seat = g % 2
        began = time.perf_counter()
        kind = LearnedSimPlayer if self.policy == "learned" else SimPlayer
        player = kind(seed * 2 + seat, budget, playouts=playouts or None, evaluation=evaluation)
        sim = Timed(player)
        seats: list[str | Player] = ["planner", "planner"]
        seats[seat] = sim
        record = play_game(lexicon, seats, seed=seed)
        self.margins.append(record.scores[seat] - record.scores[1 - seat])
        mine = Timed(PlannerPlayer(seed * 2 + seat))
        seats[seat] = mine
        control = play_game(lexicon, seats, seed=seed)
        self.control.append(control.scores[seat] - control.scores[1 - seat])
        self.sim_times += sim.times
        self.sim_cpu += sim.cpu
        self.planner_times += mine.times
        self.cut += player.ceiling_hits
        self.seconds += time.perf_counter() - began

    def row(self, name: str) -> str:
        n = len(self.margins)
        w = sum(m > 0 for m in self.margins)
        d = sum(m == 0 for m in self.margins)
        rate = (w + d / 2) / max(1, n)
        win = rate_estimate(w, n)  # no draws in Jarnac self-play so far; a draw counts half in ``rate``
        lo, hi = win.low, win.high
        control = (sum(m > 0 for m in self.control) + sum(m == 0 for m in self.control) / 2) / max(1, n)
        margin = mean_estimate(self.margins).value
        paired = paired_difference(self.control, self.margins)  # sim less the control, game by game
        diff, dlo, dhi = paired.value, paired.low, paired.high
        wins = [_won(a) - _won(b) for a, b in zip(self.margins, self.control, strict=True)]
        won = mean_estimate(wins)
        wdiff, wlo, whi = won.value, won.low, won.high
        return (
            f"{name:<7} {n:>5} {f'{w}/{d}/{n - w - d}':>9} {rate:>6.3f} {f'[{lo:.2f}, {hi:.2f}]':>13} {control:>7.3f} "
            f"{100 * wdiff:>+6.1f} {f'[{100 * wlo:+.0f}, {100 * whi:+.0f}]':>11} "
            f"{margin:>+7.1f} {diff:>+7.1f} {f'[{dlo:+.1f}, {dhi:+.1f}]':>16} "
            f"{ms(self.sim_times, 0.5):>7.1f} {ms(self.sim_times, 0.99):>7.1f} {ms(self.planner_times, 0.5):>7.2f} "
            f"{ms(self.planner_times, 0.99):>7.1f} {1000 * statistics.fmean(self.sim_cpu or [0]):>8.1f} "
            f"{ms(self.sim_cpu, 0.99):>7.1f} {self.seconds:>6.0f} {self.cut:>4}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="?", type=int, default=400, help="games per lexicon (at most)")
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--playouts", type=int, default=SimPlayer.DEFAULT_PLAYOUTS, help="sim's rounds a decision")
    parser.add_argument("--budget", type=float, default=SimPlayer.DEFAULT_BUDGET, help="sim's ceiling, seconds")
    parser.add_argument("--evaluation", default="hand-set", choices=("hand-set", "learned"))
    parser.add_argument(
        "--policy",
        default="planner",
        choices=("planner", "learned"),
        help="whose decisions sim's candidates and play-outs are: the planner's (sim) or planner-learned's"
        " (sim-learned)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (games use seed, seed+1, ...)")
    parser.add_argument("--minutes", type=float, default=math.inf, help="start no game after this long")
    parser.add_argument(
        "--steps",
        action="store_true",
        help="the planner's move and start decisions (the play-outs' too) step by step in Python, as before"
        " planout.planned_move and planout.start_values: the same games, the old cost",
    )
    parser.add_argument(
        "--lanes",
        default="on",
        help="the planner's lane (play-outs in C) on, off, or on,off: the same games both ways, compared",
    )
    args = parser.parse_args(argv)
    lanes = args.lanes.split(",")
    if any(lane not in ("on", "off") for lane in lanes):
        parser.error("--lanes takes on, off or on,off")
    if args.steps:
        setattr(strategy, "planned_move", lambda *args: (False, None))  # noqa: B010
        setattr(strategy, "start_values", lambda *args: None)  # noqa: B010
    level = f"{args.playouts} rounds a decision (ceiling {args.budget} s)" if args.playouts else f"{args.budget} s"
    print(
        f"jarnac-solver implementation: {IMPLEMENTATION}; sim at {level}, {args.evaluation} evaluation,"
        f" {args.policy} policy"
    )
    names = args.lexicons.split(",")
    lexicons = {name: Lexicon.load(name) for name in names}
    tallies = {(lane, name): Tally(args.policy) for lane in lanes for name in names}
    supported = planlane.supported
    began = time.perf_counter()
    for g in range(args.games):
        if time.perf_counter() - began > args.minutes * 60:
            break
        for name in names:
            for lane in lanes:  # interleaved: a load on the machine falls on both
                planlane.supported = supported if lane == "on" else lambda game: False
                try:
                    tallies[lane, name].play(
                        lexicons[name], args.seed + g, g, args.budget, args.playouts, args.evaluation
                    )
                finally:
                    planlane.supported = supported
    header = (
        f"{'lexicon':<7} {'games':>5} {'W/D/L':>9} {'win':>6} {'95% interval':>13} {'control':>7} "
        f"{'win +':>6} {'95% int.':>11} "
        f"{'margin':>7} {'paired':>7} {'95% interval':>16} {'sim med':>7} {'sim p99':>7} {'pl med':>7} {'pl p99':>7}"
        f" {'cpu mean':>8} {'cpu p99':>7} {'secs':>6} {'cut':>4}"
    )
    for lane in lanes:
        if len(lanes) > 1:
            print(f"\nthe planner's lane {lane}:")
        print(header)
        print("-" * len(header))
        for name in names:
            print(tallies[lane, name].row(name))
    if len(lanes) > 1:
        print()
        for name in names:
            on, off = tallies["on", name], tallies["off", name]
            same = on.margins == off.margins and on.control == off.control
            cpu_on, cpu_off = statistics.fmean(on.sim_cpu or [0]), statistics.fmean(off.sim_cpu or [0])
            print(
                f"{name}: the same games with the lane on and off: {'yes' if same else 'NO'}; sim's CPU a decision"
                f" {1000 * cpu_on:.1f} ms on, {1000 * cpu_off:.1f} ms off: {cpu_off / max(cpu_on, 1e-9):.2f}x"
            )
    print(
        "win: sim's win rate (a draw half); control: the planner's in the same seat on the same seeds; win +:"
        " sim's win less the control's, game by game, in points of percentage (95% t interval); margin:"
        " sim's mean final margin; paired: sim's margin less the control's, game by game (95% t interval);"
        " times: milliseconds per decision with a choice (play, start, Jarnac) of sim and of the control planner"
        " on the clock, and sim's of this process's CPU (cpu mean, cpu p99: the same on a busy machine);"
        " cut: sim's decisions its ceiling cut"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
