#!/usr/bin/env python3
"""Self-play speed: whole games between two players on one core.

    python benchmarks/bench_game.py [LEXICON] [--games N] [--players greedy,greedy planner,ladder]
                                    [--implementations lane,compiled,steps] [--rounds K] [--rules sheet] [--profile]
                                    [--cpu]

Every pairing is played ``--rounds`` times over the same ``--games`` seeds in
each implementation (``native.implementation``: all in this one process, the
rounds interleaved): ``lane`` (everything below, and two planners' games in C up to what their lane hands
back: planning/planlane.py), ``compiled`` (the planner's lane off: the C walk, and two greedy players' games
in C: play/fastlane.py; the planner's ladders valued by their compiled
outcomes: planning/planout.py, and its move and start decisions each in one
compiled call: planout.planned_move, planout.start_values), ``steps`` (those
two decisions step by step in Python around the compiled searches, as before
planned_move and start_values), ``engine`` (the C walk, every action through
the Python engine: the lane off), ``trays`` (the planner's move candidates
sorted from every legal Move and valued on their pushed trays, as before
planout.move_outcomes), ``plans`` (the planner's values from
plan_ladder's moves and trays, as before planout.py) and ``pure`` (no C at
all); the table shows the
median over rounds of games a second, the median milliseconds a game,
actions a second and each one's ratio to the compiled one; the target column
says whether each rate meets it. Targets: at least 500 games a
second greedy against greedy, 60 planner against ladder, compiled, one core; 150 planner against planner
(10x the ~12-15 games a CPU second of the planner's games before its compiled decisions and lane, on fr).
With ``--profile``, where the time goes in the first pairing (cProfile, the top
functions by own time and by cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Lexicon, Rules, native
from jarnac_solver.moves.move import Move
from jarnac_solver.moves.movegen import legal_moves
from jarnac_solver.moves.tray import Tray
from jarnac_solver.planning import planlane, planout, strategy
from jarnac_solver.play import fastlane
from jarnac_solver.play.players import play_game

CLOCK = [time.perf_counter]
"""The clock games are timed on: wall-clock time, or with ``--cpu`` this process's CPU time (on a machine
others load, the time the games took of one core, not the time they waited for it)."""

TARGETS = {("greedy", "greedy"): 500, ("planner", "ladder"): 60, ("planner", "planner"): 150}


def _sorted_moves(lexicon: Lexicon, me: Tray, rules: Rules, count: int) -> list[Move]:
    """The planner's candidates as they were chosen before first_moves: every legal Move made and sorted."""
    moves = list(legal_moves(lexicon, me, rules))
    moves.sort(key=lambda m: (len(m.letters), -me.points(m), str(m)))
    return moves[:count]


def _pushed_outcomes(lexicon: Lexicon, me: Tray, moves: list[Move], rules: Rules) -> object:
    """The candidates' outcomes as they were valued before move_outcomes: on their pushed trays."""
    afters = [me.push(move, rules) for move in moves]
    return planout.outcomes(lexicon, [(after.rack_codes, after) for after in afters], rules)


def one_round(
    lex: Lexicon,
    players: list[str],
    rules: Rules,
    seeds: range,
    lane: bool = True,
    values: bool = True,
    trays: bool = False,
    kernel: bool = True,
    planner_lane: bool = False,
) -> tuple[float, list[float], int]:
    """Seconds for the games of ``seeds``, each game's seconds, and the actions played (``lane``: whether
    two greedy players may play in C; ``values``: whether the planner values its ladders by their compiled
    outcomes, planning/planout.py, or by plan_ladder's moves and trays as before; ``planner_lane``: whether
    two planners may play in C, planning/planlane.py)."""
    supported = fastlane.supported
    planner_supported = planlane.supported
    if not planner_lane:
        planlane.supported = lambda game: False
    outcomes, move_outcomes = getattr(strategy, "outcomes"), getattr(strategy, "move_outcomes")  # noqa: B009
    planned_move, start_values = getattr(strategy, "planned_move"), getattr(strategy, "start_values")  # noqa: B009
    if not kernel or trays or not values:
        setattr(strategy, "planned_move", lambda *args: (False, None))  # noqa: B010
        setattr(strategy, "start_values", lambda *args: None)  # noqa: B010
    first_moves = strategy.first_moves
    if trays:
        setattr(strategy, "first_moves", _sorted_moves)  # noqa: B010
        setattr(strategy, "move_outcomes", _pushed_outcomes)  # noqa: B010
    if not lane:
        fastlane.supported = lambda game: False
    if not values:
        setattr(strategy, "outcomes", lambda *args: None)  # noqa: B010
        setattr(strategy, "move_outcomes", lambda *args: None)  # noqa: B010
    try:
        return _round(lex, players, rules, seeds)
    finally:
        fastlane.supported = supported
        planlane.supported = planner_supported
        setattr(strategy, "outcomes", outcomes)  # noqa: B010
        setattr(strategy, "move_outcomes", move_outcomes)  # noqa: B010
        setattr(strategy, "first_moves", first_moves)  # noqa: B010
        setattr(strategy, "planned_move", planned_move)  # noqa: B010
        setattr(strategy, "start_values", start_values)  # noqa: B010


def _round(lex: Lexicon, players: list[str], rules: Rules, seeds: range) -> tuple[float, list[float], int]:
    per_game = []
    actions = 0
    clock = CLOCK[0]
    start = clock()
    for seed in seeds:
        t = clock()
        record = play_game(lex, players, rules, seed)
        per_game.append(clock() - t)
        actions += len(record.actions)
    return clock() - start, per_game, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lexicon", nargs="?", default="fr")
    parser.add_argument("--games", type=int, default=100, help="games a pairing a round (planner pairings: a quarter)")
    parser.add_argument("--players", nargs="+", default=["greedy,greedy", "planner,ladder", "planner,planner"])
    parser.add_argument(
        "--implementations",
        default="lane,compiled,engine,plans",
        help="among lane (two planners' games in C), compiled (the planner's lane off),"
        " steps (the planner's move decision step by step, as before planout.planned_move),"
        " engine (the lane off), trays (the move candidates the old way), plans (the planner's"
        " values the old way), pure",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each measure; the median is shown")
    parser.add_argument("--rules", default="sheet")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="time on this process's CPU time (a loaded machine)")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    print(f"jarnac-solver implementation: {IMPLEMENTATION} ({native.IMPLEMENTATION_REASON})")
    names = args.implementations.split(",")
    lexicons = {}
    for name in names:
        if name not in ("lane", "compiled", "steps", "engine", "trays", "plans", "pure"):
            parser.error(f"no implementation {name!r}: lane, compiled, steps, engine, trays, plans or pure")
        if name != "pure" and not native.compiled_available():
            parser.error(
                f"{name}: the compiled walk is not available here ({native.IMPLEMENTATION_REASON}); build it in the"
                " clone (pip install -e .) or run --implementations pure"
            )
        with native.implementation("pure" if name == "pure" else "compiled"):
            lexicons[name] = Lexicon.resolve(args.lexicon)
    rules = Rules.preset(args.rules)
    timing = "CPU time" if args.cpu else "wall-clock time"
    print(f"{lexicons[names[0]].name} ({args.rules}), {args.rounds} rounds; medians over rounds; {timing}")
    header = f"{'players':<16} {'impl':>9} {'games':>6} {'games/s':>9} {'ms/game':>8} {'actions/s':>10} {'target':>13}"
    print(header + f" {'x compiled':>10}")
    print("-" * (len(header) + 11))
    for pairing in args.players:
        players = pairing.split(",")
        planner = "planner" in players or "ladder" in players or "sim" in players
        n = max(1, args.games // 4) if planner else args.games
        seeds = range(args.seed, args.seed + n)
        rounds: dict[str, list[tuple[float, list[float], int]]] = {name: [] for name in names}
        for _ in range(args.rounds):
            for name in names:  # interleaved: a load on the machine falls on both
                lane, values = name != "engine", name != "plans"
                rounds[name].append(
                    one_round(
                        lexicons[name],
                        players,
                        rules,
                        seeds,
                        lane,
                        values,
                        name == "trays",
                        name != "steps",
                        name == "lane",
                    )
                )
        rates = {name: statistics.median(n / r[0] for r in runs) for name, runs in rounds.items()}
        for name, runs in rounds.items():
            ms = statistics.median(statistics.median(r[1]) for r in runs) * 1e3
            actions = statistics.median(r[2] / r[0] for r in runs)
            target = TARGETS.get((players[0], players[1]), 0)
            versus = f"{rates[name] / rates['compiled']:9.2f}x" if "compiled" in rates and name != "compiled" else ""
            met = "" if not target else " met" if rates[name] >= target else " SHORT"
            print(
                f"{pairing:<16} {name:>9} {n:>6} {rates[name]:9.1f} {ms:8.2f} {actions:10.0f} "
                f"{f'>= {target}{met}' if target else '':>13} {versus:>10}"
            )
    if args.profile:
        players = args.players[0].split(",")
        profiler = cProfile.Profile()
        profiler.enable()
        for g in range(min(args.games, 40)):
            play_game(lexicons[names[0]], players, rules, args.seed + g)
        profiler.disable()
        for key in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(key).print_stats(14)
            print(f"\nprofile by {key}:\n" + "\n".join(out.getvalue().splitlines()[6:24]))


if __name__ == "__main__":
    main()
