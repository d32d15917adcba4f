"""Every game bounded: seconds a game, each pairing of built-in players, each rules preset, each language.

Usage: python benchmarks/bench_bounded.py [--games N] [--seed S] [--pairs a:b,c:d] [--presets p,q]
       [--languages fr,en]

Plays N games (default 1) of each pairing under each preset in each language, on one core, and prints one row
a cell: the seconds a game (mean and most, and the most in CPU seconds: one core's work), the actions a game,
the slowest decision (seconds) and how many decisions a simulating player's time ceiling stopped (0: every
decision was bounded by its counts). The default pairings are a sample of the grid, every one with a
simulating player (the slow ones) and a few without: the full grid (12 players, 66 pairings, 4 presets, 4
languages) takes hours; the pairings are named with --pairs. Under the competitive preset the clock runs (a
minute a decision).

       python benchmarks/bench_bounded.py --offer [--games 5] [--players sim,sim-learned] [--table]

checks the service's table of what it offers (jarnac_solver/play/offered.py): each computer player against
`random` (whose decisions cost nothing, as a person's cost the server nothing), each preset, each language,
the seconds a game over N games (median and slowest, and the slowest in CPU seconds: one core's work,
which the machine's other load does not inflate as it does the wall clock) beside what the table says
(offered or not) and whether they agree (the slowest game's CPU seconds over CORE_SHARE within GAME_SECONDS
exactly where the table offers the player: a page whose game stalls once looks hung); exit 1 when one
disagrees.
`--table` prints the table the run measured, in offered.py's form (SLOW), to paste there.
"""

from __future__ import annotations

import argparse
import statistics
import time

from jarnac_solver import Lexicon
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.moves.rules import PRESETS, Rules
from jarnac_solver.play.offered import CORE_SHARE, GAME_SECONDS, not_offered
from jarnac_solver.play.players import Player, SimPlayer, make_player, play_game

PAIRS = (
    "sim:random",
    "sim:sim-bounded",
    "sim-learned:random",
    "sim-bounded:planner",
    "sim:careless",
    "planner:random",
    "ladder:greedy",
)
"""The default sample of pairings: the ones the issue found slow first."""


class Timed:
    """Wraps a player: the seconds of each of its decisions."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def choose(self, view: PlayerView) -> Action:
        began = time.perf_counter()
        action = self.inner.choose(view)
        self.times.append(time.perf_counter() - began)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default=",".join(PAIRS))
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--languages", default="fr,en,es,nl")
    parser.add_argument("--offer", action="store_true", help="check the table of what the service offers")
    parser.add_argument("--players", default="sim,sim-learned,sim-bounded", help="--offer: the players checked")
    parser.add_argument("--table", action="store_true", help="--offer: print the measured table as offered.py's")
    args = parser.parse_args()
    if args.offer:
        raise SystemExit(check_offer(args))
    head = "| language | preset | pairing | games | s a game (mean) | s a game (most) | CPU s a game (most) | actions |"
    print(head + " slowest decision s | ceiling hits |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for language in args.languages.split(","):
        for preset in args.presets.split(","):
            rules = Rules.preset(preset)
            lexicon = Lexicon.load(rules.lexicon_for(language))
            for pair in args.pairs.split(","):
                names = pair.split(":")
                seconds: list[float] = []
                cpu: list[float] = []
                actions: list[int] = []
                slowest = 0.0
                hits = 0
                for g in range(args.games):
                    seed = args.seed + g
                    seats = [Timed(make_player(name, seed * 2 + i)) for i, name in enumerate(names)]
                    began, began_cpu = time.perf_counter(), time.process_time()
                    record = play_game(lexicon, seats, rules, seed=seed, stop_at_limit=True)
                    seconds.append(time.perf_counter() - began)
                    cpu.append(time.process_time() - began_cpu)
                    actions.append(len(record.actions))
                    slowest = max([slowest, *(t for s in seats for t in s.times)])
                    hits += sum(s.inner.ceiling_hits for s in seats if isinstance(s.inner, SimPlayer))
                print(
                    f"| {language} | {preset} | {pair} | {args.games} | {statistics.fmean(seconds):.1f} | "
                    f"{max(seconds):.1f} | {max(cpu):.1f} | {statistics.fmean(actions):.0f} | {slowest:.2f} | {hits} |",
                    flush=True,
                )


def check_offer(args: argparse.Namespace) -> int:
    """The table of what the service offers, measured again: one row a cell, 1 when a cell disagrees."""
    head = "| language | preset | player | games | s a game (median) | s a game (most) | CPU s a game (most) |"
    print(f"{head} offered | agrees (CPU / {CORE_SHARE} <= {GAME_SECONDS:.0f} s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    slow: dict[tuple[str, str], dict[str, float]] = {}
    wrong = 0
    for language in args.languages.split(","):
        for preset in args.presets.split(","):
            rules = Rules.preset(preset)
            lexicon = Lexicon.load(rules.lexicon_for(language))
            for name in args.players.split(","):
                seconds: list[float] = []
                cpu: list[float] = []
                for g in range(args.games):
                    seed = args.seed + g
                    seats = [make_player(name, seed * 2), make_player("random", seed * 2 + 1)]
                    began, began_cpu = time.perf_counter(), time.process_time()
                    play_game(lexicon, seats, rules, seed=seed, stop_at_limit=True)
                    seconds.append(time.perf_counter() - began)
                    cpu.append(time.process_time() - began_cpu)
                median = statistics.median(seconds)
                offered = not_offered(name, language, preset) is None
                # One core's seconds (the process's CPU time): on a machine shared with other work the wall
                # clock measures the others' load as much as the game.
                shared = max(cpu) / CORE_SHARE  # the slowest game on a core shared with other work
                agrees = offered == (shared <= GAME_SECONDS)
                wrong += not agrees
                if shared > GAME_SECONDS:
                    slow.setdefault((preset, language), {})[name] = round(shared, 1)
                print(
                    f"| {language} | {preset} | {name} | {args.games} | {median:.1f} | {max(seconds):.1f} | "
                    f"{max(cpu):.1f} | {'yes' if offered else 'no'} | {'yes' if agrees else 'NO'} |",
                    flush=True,
                )
    if args.table:
        print("SLOW = {")
        for key, cell in slow.items():
            print(f"    {key!r}: {cell!r},")
        print("}")
    return 1 if wrong else 0


if __name__ == "__main__":
    main()
