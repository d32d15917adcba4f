"""Nain Jaune: games a second on one core, win rates between the players, the Monte-Carlo player's strength.

Run: ``.venv/bin/python benchmarks/bench_nain_jaune.py [--games 1000] [--rounds 100] [--samples 1,4,16]``.

Three tables, each from seeded games (the same seeds, the same numbers):

1. games a second on one core for each pairing (median of 5 runs of a few games);
2. win rates of each pairing over ``--games`` games (2 players, seats alternating, ties counted apart),
   with 95% Wilson intervals;
3. the Monte-Carlo player against greedy, one round at a time (``max_rounds=1``): its share of rounds
   won (more tokens than greedy at the round's end) and its mean token gain a round, by sample count.
"""

from __future__ import annotations

import argparse
import statistics
import time

from jarnac_solver.nain_jaune import Options, play_game
from jarnac_solver.studies.stats import mean_estimate, rate_estimate

PAIRINGS = [("greedy", "random"), ("stakes", "random"), ("stakes", "greedy"), ("mc:4", "greedy")]


def speed(pair: tuple[str, str], games: int) -> float:
    runs = []
    for run in range(5):
        start = time.perf_counter()
        for g in range(games):
            play_game(list(pair), 10_000 + run * games + g)
        runs.append(games / (time.perf_counter() - start))
    return statistics.median(runs)


def win_rates(pair: tuple[str, str], games: int) -> tuple[int, int, int]:
    """Games won by the first player, by the second, and tied."""
    first = second = ties = 0
    for g in range(games):
        seats = list(pair) if g % 2 == 0 else [pair[1], pair[0]]
        game = play_game(seats, g)
        best = game.winners()
        if len(best) > 1:
            ties += 1
        elif seats[best[0]] == pair[0]:
            first += 1
        else:
            second += 1
    return first, second, ties


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a pairing for the win rates")
    parser.add_argument("--mc-games", type=int, default=100, help="games of the Monte-Carlo pairing")
    parser.add_argument("--rounds", type=int, default=100, help="rounds a sample count for the MC table")
    parser.add_argument("--samples", default="1,4,16", help="the MC sample counts")
    args = parser.parse_args()

    print("## Games a second, one core (median of 5 runs)\n")
    print("| pairing | games/s |\n|---|---:|")
    for pair in PAIRINGS:
        few = 2 if pair[0].startswith("mc") else 20
        print(f"| {pair[0]} vs {pair[1]} | {speed(pair, few):.2f} |", flush=True)

    print(f"\n## Win rates, 2 players, seats alternating ({args.games} games; MC: {args.mc_games})\n")
    print("| pairing | games | first wins | 95% interval | second wins | ties |\n|---|---:|---:|---|---:|---:|")
    for pair in PAIRINGS:
        n = args.mc_games if pair[0].startswith("mc") else args.games
        first, second, ties = win_rates(pair, n)
        e = rate_estimate(first, n)
        print(
            f"| {pair[0]} vs {pair[1]} | {n} | {e.value:.3f} | [{e.low:.3f}, {e.high:.3f}] |"
            f" {second / n:.3f} | {ties} |",
            flush=True,
        )

    print(f"\n## Monte-Carlo against greedy by samples, one round a game ({args.rounds} rounds each)\n")
    print("| samples | rounds won | 95% interval | mean gain a round | 95% interval | s a round |")
    print("|---:|---:|---|---:|---|---:|")
    one = Options(max_rounds=1)
    for samples in (int(x) for x in args.samples.split(",")):
        won, gains = 0, []
        start = time.perf_counter()
        for g in range(args.rounds):
            me = g % 2
            seats = [f"mc:{samples}", "greedy"] if me == 0 else ["greedy", f"mc:{samples}"]
            game = play_game(seats, 50_000 + g, one)
            mine, theirs = game.holdings[me], game.holdings[1 - me]
            won += mine > theirs
            gains.append(float(mine - 34))
        seconds = (time.perf_counter() - start) / args.rounds
        e, m = rate_estimate(won, args.rounds), mean_estimate(gains)
        print(
            f"| {samples} | {e.value:.3f} | [{e.low:.3f}, {e.high:.3f}] | {m.value:+.2f} |"
            f" [{m.low:+.2f}, {m.high:+.2f}] | {seconds:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
