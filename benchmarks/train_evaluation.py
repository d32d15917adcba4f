#!/usr/bin/env python3
"""Rebuild the learned evaluation's weights (jarnac_solver/data/evaluation.json) from planner self-play.

    python benchmarks/train_evaluation.py [--lexicons fr,en] [--games 600] [--held-out 0.25] [--seed 7000]
                                          [--out jarnac_solver/data/evaluation.json] [--check]

Per lexicon: ``--games`` planner v planner games (seeds ``--seed``, ``--seed + 1``, ...: the same games on every
machine), every turn start of each (the position simulation's cut-off values) labelled by that game's final
margin from the side of the player about to start; the features are
:func:`jarnac_solver.planning.learned.features`. The last ``--held-out`` share of the games (whole games:
positions of one game are not independent) is held out. Three models are compared by their held-out error
(root mean square, in points; against the hand-set one, the per-game difference of mean squared errors with
its 95% t interval over the held-out games): today's hand-set estimate (0.72 score + 20 lines + 10 rack +
10 tempo), its four features refitted, and every feature (least squares, numpy). The one with the least
held-out error is written, refitted on all the games. Deterministic: the same seed, games and lexicons
write the same file (``--check`` says whether the shipped file is that one). numpy is needed here only
(``pip install numpy``); evaluating with the weights is plain Python.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from jarnac_solver import Lexicon, Rules, play_game
from jarnac_solver.game.game import Game
from jarnac_solver.planning.learned import FEATURES, features
from jarnac_solver.studies.stats import mean_estimate

OUT = Path(__file__).resolve().parent.parent / "jarnac_solver" / "data" / "evaluation.json"
TODAY = {"tempo": 10.0, "score": 0.72, "lines": 20.0, "rack": 10.0}
"""The hand-set estimate (simulation.Evaluation's defaults), by feature."""


def positions(lexicon: Lexicon, rules: Rules, seed: int) -> tuple[list[list[float]], list[float]]:
    """The turn starts of one planner game: features and the final margin of the player to start."""
    rows: list[list[float]] = []
    who: list[int] = []

    def observe(game: Game) -> None:
        s = game.state
        if s.phase == "start":
            rows.append(features(s, rules))
            who.append(s.to_act)

    record = play_game(lexicon, ["planner", "planner"], rules, seed=seed, observe=observe)
    a, b = record.scores
    return rows, [float(a - b if w == 0 else b - a) for w in who]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares (numpy's lstsq: deterministic for the same arrays)."""
    weights: np.ndarray = np.linalg.lstsq(x, y, rcond=None)[0]
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--held-out", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="rebuild and compare with --out instead of writing")
    args = parser.parse_args()
    rules = Rules()
    shipped: dict[str, object] = {
        "features": list(FEATURES),
        "trained": {"games": args.games, "seed": args.seed, "held_out": args.held_out, "players": "planner"},
        "lexicons": {},
    }
    lexicons: dict[str, object] = {}
    for name in args.lexicons.split(","):
        lexicon = Lexicon.load(name)
        games: list[tuple[list[list[float]], list[float]]] = []
        for g in range(args.games):
            games.append(positions(lexicon, rules, args.seed + g))
            if (g + 1) % 100 == 0:
                print(f"{name}: {g + 1} games", file=sys.stderr)
        cut = args.games - max(1, round(args.games * args.held_out))

        def stack(part: list[tuple[list[list[float]], list[float]]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            x = np.array([r for rows, _ in part for r in rows], dtype=float)
            y = np.array([v for _, values in part for v in values], dtype=float)
            game = np.array([i for i, (rows, _) in enumerate(part) for _ in rows])
            return x, y, game

        x_train, y_train, _ = stack(games[:cut])
        x_test, y_test, game_test = stack(games[cut:])
        four = [FEATURES.index(f) for f in TODAY]
        today = np.zeros(len(FEATURES))
        for f, w in TODAY.items():
            today[FEATURES.index(f)] = w
        refit = np.zeros(len(FEATURES))
        refit[four] = fit(x_train[:, four], y_train)
        full = fit(x_train, y_train)
        models = {"hand-set": today, "refit of its 4": refit, "all features": full}
        errors = {label: (x_test @ w - y_test) ** 2 for label, w in models.items()}
        print(
            f"\n{name}: {x_train.shape[0]} train positions ({cut} games), {x_test.shape[0]} held out "
            f"({args.games - cut} games)"
        )
        print(f"{'model':<16} {'held-out RMSE':>14} {'vs hand-set (MSE a game, 95%)':>34}")
        for label, sq in errors.items():
            per_game = [
                float(np.mean(sq[game_test == g]) - np.mean(errors["hand-set"][game_test == g]))
                for g in range(args.games - cut)
            ]
            d = mean_estimate(per_game) if label != "hand-set" else None
            band = f"{d.value:+9.0f} [{d.low:+.0f}, {d.high:+.0f}]" if d is not None else ""
            print(f"{label:<16} {math.sqrt(float(np.mean(sq))):14.1f} {band:>34}")
        best = min(errors, key=lambda label: float(np.mean(errors[label])))
        x_all = np.vstack([x_train, x_test])
        y_all = np.concatenate([y_train, y_test])
        weights = fit(x_all, y_all) if best == "all features" else models[best]
        if best == "refit of its 4":
            weights = np.zeros(len(FEATURES))
            weights[four] = fit(x_all[:, four], y_all)
        print(f"kept: {best}; " + ", ".join(f"{f} {w:+.3f}" for f, w in zip(FEATURES, weights, strict=True)))
        lexicons[name] = {
            "model": best,
            "weights": [round(float(w), 6) for w in weights],
            "held_out_rmse": {label: round(math.sqrt(float(np.mean(sq))), 2) for label, sq in errors.items()},
            "positions": int(x_all.shape[0]),
        }
    shipped["lexicons"] = lexicons
    text = json.dumps(shipped, indent=1) + "\n"
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print(f"\n{args.out}: {'the same weights' if same else 'DIFFERENT from the rebuilt weights'}")
        sys.exit(0 if same else 1)
    args.out.write_text(text, encoding="utf-8")
    print(f"\nwritten: {args.out}")


if __name__ == "__main__":
    main()
