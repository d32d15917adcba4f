#!/usr/bin/env python3
"""Latency of advice within a time budget: real positions and hard made-up ones.

    python benchmarks/bench_hints.py [--games 30] [--hard 12] [--lexicon fr] [--budgets 10,50]

(a) Real positions: every start, play and Jarnac decision of self-play
games (``ladder`` against ``ladder``, fixed seeds), advised from the
position (my tray, the opponent's, the unseen tiles). (b) Hard made-up
positions: 4-6 lines, racks of 9, 12 and 15 letters (play phase), and value
Jarnacs whose pool (lines formed this turn + rack) holds 20-24 letters.

For each set and budget (ms; "none" = exact, capped at ``--cap`` seconds):
median, p99 and max latency, the share of answers equal to the exact one
(same ranked actions; "of": how many exact answers were proven within the
cap), the share proven, the share of budgeted calls over budget + 10%, and the median and p99 of the
answer's JSON (``to_dict``: the reasons' texts rendered from the catalogs). Target: at 50 ms, p99 <=
60 ms and the exact answer in >= 95% of real positions.

``--worst`` prints the slowest exact calls of the made-up set per kind
(plan_ladder, hints, value Jarnac), the "before and after" of the search
speed-ups when run on two versions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarnac_solver import IMPLEMENTATION, Bag, Game, Lexicon, Rules, Tray, advise_position, make_player, unseen_tiles
from jarnac_solver.game.actions import Play

Position = tuple[str, Tray, Tray | None, list[str], str, Rules, tuple[int, ...]]


def real_positions(lex: Lexicon, games: int, seed: int) -> list[Position]:
    """Every start, play and jarnac decision of ``games`` ladder-vs-ladder games."""
    out: list[Position] = []
    for g in range(games):
        game = Game(lex, seed=seed + g)
        players = [make_player("ladder", seed + 2 * g), make_player("ladder", seed + 2 * g + 1)]
        while not game.is_over() and len(game.actions) < 3000:
            s = game.state
            if s.phase in ("start", "play", "jarnac"):
                me, other = s.trays[s.to_act], s.trays[1 - s.to_act]
                formed = tuple(game.formed_lines()) if s.phase == "jarnac" else s.formed_indexes
                out.append(("real", me, other, unseen_tiles(game.bag, s.trays), s.phase, game.rules, formed))
            action = players[s.to_act].choose(game.view())
            game.push(action)
            if isinstance(action, Play) and len(out) > 40 * games:
                break
    return out


def hard_positions(lex: Lexicon, n: int, seed: int) -> list[Position]:
    """Made-up trays: racks of 9, 12, 15 letters on 4-6 lines; value-Jarnac pools of 20-24 letters."""
    rng = random.Random(seed)
    tiles = Bag.load(lex.metadata.get("bag", "fr")).tiles()
    words = [w for w in lex if 3 <= len(w) <= 7]
    out: list[Position] = []
    opponent = Tray.parse("/", lex.alphabet)
    for size in (9, 12, 15):
        for _ in range(n):
            tray = Tray(rng.sample(words, rng.randint(4, 6)), "".join(rng.sample(tiles, size)), lex.alphabet)
            # Made-up lines may hold more of a letter than the bag: the unseen tiles are the bag minus the rack.
            rack_only = Tray.from_codes((), tray.rack_codes, lex.alphabet)
            unseen = unseen_tiles(Bag.load(lex.metadata.get("bag", "fr")), [rack_only])
            out.append((f"rack {size}", tray, opponent, unseen, "play", Rules(), ()))
    for pool in (20, 24):
        for _ in range(n):
            lines: list[str] = []
            while sum(map(len, lines)) < pool - 6:
                lines.append(rng.choice(words))
            passer = Tray(lines, "".join(rng.sample(tiles, 6)), lex.alphabet)
            formed = tuple(range(len(lines)))
            out.append((f"value {pool}", opponent, passer, [], "jarnac", Rules(value_jarnac=True), formed))
    return out


RENDERED: list[float] = []
"""The time of each answer's JSON (``advice.to_dict()``: every reason's text rendered from the catalogs), ms."""


def answer(position: Position, lex: Lexicon, budget: float | None) -> tuple[float, list[str], bool]:
    _, tray, opponent, unseen, phase, rules, formed = position
    start = time.perf_counter()
    advice = advise_position(
        lex, tray, opponent, unseen, phase, rules, 3, formed_indexes=formed, budget=budget, samples=8
    )
    seconds = time.perf_counter() - start
    advice.to_dict()  # what the service sends: the reasons said (rendered from the catalogs, or built as text)
    RENDERED.append((time.perf_counter() - start - seconds) * 1000)
    return seconds, [str(o.action) for o in advice.options], advice.exact


def table(name: str, positions: list[Position], lex: Lexicon, budgets: list[float | None], cap: float) -> None:
    exact_answers: dict[int, list[str] | None] = {}
    for budget in [None, *[b for b in budgets if b is not None]]:
        times, same, over, proven = [], 0, 0, 0
        RENDERED.clear()
        for i, position in enumerate(positions):
            # "none": exact, but a made-up position may need minutes; past ``cap`` seconds its
            # answer is unproven and it leaves the "same %" column (the count says how many stay).
            seconds, actions, exact = answer(position, lex, cap if budget is None else budget / 1000)
            times.append(seconds * 1000)
            if budget is None:
                exact_answers[i] = actions if exact else None
            same += actions == exact_answers[i]
            proven += exact
            over += budget is not None and seconds * 1000 > budget * 1.1
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        label = "none" if budget is None else f"{budget:g} ms"
        known = sum(a is not None for a in exact_answers.values())
        same_rate = f"{100 * same / known:.1f}" if known else "-"
        print(
            f"{name:<12} {label:>7} {len(times):>6} {statistics.median(times):>8.1f} {p99:>8.1f} {times[-1]:>8.1f}"
            f" {same_rate:>7} {known:>5} {100 * proven / len(times):>7.1f} {100 * over / len(times):>7.1f}"
            f" {statistics.median(RENDERED):>9.3f} {sorted(RENDERED)[int(0.99 * (len(RENDERED) - 1))]:>9.3f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--hard", type=int, default=8, help="made-up positions per kind")
    parser.add_argument("--lexicon", default="fr")
    parser.add_argument("--budgets", default="10,50")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--cap", type=float, default=30.0, help="seconds an exact reference may take")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    lex = Lexicon.load(args.lexicon)
    budgets: list[float | None] = [float(b) for b in args.budgets.split(",")]
    real = real_positions(lex, args.games, args.seed)
    hard = hard_positions(lex, args.hard, args.seed)
    print(f"advise_position on {lex.name} (top 3, 8 samples); times in ms")
    print(
        f"{'positions':<12} {'budget':>7} {'n':>6} {'median':>8} {'p99':>8} {'max':>8}"
        f" {'same %':>7} {'of':>5} {'exact %':>7} {'over %':>7} {'json p50':>9} {'json p99':>9}"
    )
    table("real", real, lex, budgets, args.cap)
    kinds = sorted({p[0] for p in hard}, key=lambda k: (k.split()[0], int(k.split()[1])))
    for kind in kinds:
        table(kind, [p for p in hard if p[0] == kind], lex, budgets, args.cap)


if __name__ == "__main__":
    main()
