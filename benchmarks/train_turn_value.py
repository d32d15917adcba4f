#!/usr/bin/env python3
"""Rebuild the planner's learned turn value (jarnac_solver/data/turn_value.json) from planner self-play.

    python benchmarks/train_turn_value.py [--lexicons fr,en] [--games 5000] [--held-out 0.25] [--seed 21000]
                                          [--label win] [--out jarnac_solver/data/turn_value.json] [--check]

Per lexicon: ``--games`` planner v planner games (seeds ``--seed``, ``--seed + 1``, ...: the same games on
every machine). At each of the planner's move decisions, the turn it chose (the move, then the longest
ladder after it, as ``choose_move`` values it) gives a row of
:func:`jarnac_solver.planning.learned_turn.turn_features`, labelled by the game's final margin from the
side of the player deciding, or (``--label win``, the default) by its result, in points of win rate: 100 for
a win, 50 a draw, 0 a loss (measured: the win-labelled fit beats today's planner by more, 58% of paired
games on fr and en where the margin-labelled one wins 55% and 54%; docs/levels.md). Turns that fill the tray
are left out: the planner decides those by the exact end-game model, not by the value. Why the planner's
games, not the far faster greedy lane's: the value chooses among the planner's candidates, so it must be
right where the planner's turns go (greedy players fill lines in another order and end other games).

The last ``--held-out`` share of the games (whole games: one game's rows are not independent) is held out,
and five least-squares models are compared by their held-out error (root mean square, in the label's points; against
today's, the per-game difference of mean squared errors with its 95% t interval over the held-out games):

- *context only*: the decision's position alone (:data:`~jarnac_solver.planning.learned_turn.CONTEXT`),
  no term for the turn: what any turn value must add to;
- *today's value*: the context and the planner's hand-set turn value (1 x points + 100 x lines + 12 x
  letters drawn - 5 x the leave) with one fitted scale: today's estimate, made a margin;
- *turn numbers*: the context and the six numbers each with its own weight;
- *turn numbers x late*: the same, each also scaled by how late the game is (the weights a decision uses
  then move with the game: a point matters more near the end, a drawn letter less);
- *turn numbers x late, race*: also each scaled by how far each side is in the race to the last line
  (the share of its lines filled: a line is worth more to the side about to finish).

The learned model with the least held-out error is written, refitted on all the games. Deterministic: the
same seed, games, lexicons and label write the same file (``--check`` says whether the shipped file is that
one). numpy is needed here only (``pip install numpy``); playing with the weights is plain Python.
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
from jarnac_solver.game.view import PlayerView
from jarnac_solver.moves.move import Move
from jarnac_solver.planning.learned import late_share
from jarnac_solver.planning.learned_turn import CONTEXT, MODIFIERS, TURN, TURN_FEATURES, turn_features
from jarnac_solver.planning.planout import move_outcomes
from jarnac_solver.play.players import PlannerPlayer
from jarnac_solver.studies.stats import mean_estimate

OUT = Path(__file__).resolve().parent.parent / "jarnac_solver" / "data" / "turn_value.json"
TODAY = {"gained": 1.0, "filled": 100.0, "drawn": 12.0, "imbalance": -5.0}
"""The planner's hand-set turn value (strategy.Weights' defaults), by turn feature."""


LEARNED = {"turn numbers": (), "turn numbers x late": ("late",), "turn numbers x late, race": MODIFIERS}
"""The learned models: the turn's numbers, scaled by which modifiers."""


class Recorder(PlannerPlayer):
    """The planner, noting the features of each turn it chooses (``rows``) and who chose it (``seats``)."""

    def __init__(self, seed: int | None, seat: int, rows: list[list[float]], seats: list[int]) -> None:
        super().__init__(seed)
        self.seat, self.rows, self.seats = seat, rows, seats

    def best_move(self, view: PlayerView) -> Move | None:
        move = super().best_move(view)
        if move is None:
            return move
        s = view.state
        me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
        out = move_outcomes(view.lexicon, me, [move], view.rules)
        if out is None:
            return move
        o = out[0]
        placed = move.kind == "place"
        if me.free_lines(view.rules) - placed <= o.placed:
            return move  # the turn fills the tray: decided by the end-game model, not by the value
        gained, filled = me.points(move) + o.gain, placed + o.placed
        late = late_share(s)
        self.rows.append(
            turn_features(me, opponent, late, view.rules, gained, filled, 1 + o.moves, o.vowels, o.left, s.bag_size)
        )
        self.seats.append(self.seat)
        return move


def game_rows(lexicon: Lexicon, rules: Rules, seed: int, label: str) -> tuple[list[list[float]], list[float]]:
    """One planner game's rows and their labels (the final margin, or the result, of the player deciding)."""
    rows: list[list[float]] = []
    seats: list[int] = []
    players = [Recorder(seed * 2 + seat, seat, rows, seats) for seat in (0, 1)]
    record = play_game(lexicon, players, rules, seed=seed)
    a, b = record.scores
    margins = [a - b, b - a]
    if label == "win":
        return rows, [100.0 if margins[w] > 0 else 50.0 if margins[w] == 0 else 0.0 for w in seats]
    return rows, [float(margins[w]) for w in seats]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares (numpy's lstsq: deterministic for the same arrays)."""
    weights: np.ndarray = np.linalg.lstsq(x, y, rcond=None)[0]
    return weights


def today_column(x: np.ndarray) -> np.ndarray:
    """The planner's hand-set turn value of each row (no finishing turn is among them)."""
    return sum(w * x[:, TURN_FEATURES.index(f)] for f, w in TODAY.items())  # type: ignore[return-value]


def models(x: np.ndarray, y: np.ndarray) -> dict[str, np.ndarray]:
    """Each model's weights over TURN_FEATURES, fitted on ``x``, ``y``."""
    context = [TURN_FEATURES.index(f) for f in CONTEXT]
    turn = [TURN_FEATURES.index(f) for f in TURN]
    out: dict[str, np.ndarray] = {}
    w = np.zeros(len(TURN_FEATURES))
    w[context] = fit(x[:, context], y)
    out["context only"] = w
    w = np.zeros(len(TURN_FEATURES))
    both = fit(np.column_stack([x[:, context], today_column(x)]), y)
    w[context] = both[:-1]
    for f, v in TODAY.items():
        w[TURN_FEATURES.index(f)] = both[-1] * v
    out["today's value"] = w
    for label, by in LEARNED.items():
        kept = context + turn + [TURN_FEATURES.index(f"{f}_{m}") for m in by for f in TURN]
        w = np.zeros(len(TURN_FEATURES))
        w[kept] = fit(x[:, kept], y)
        out[label] = w
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lexicons", default="fr,en")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--held-out", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=21000)
    parser.add_argument("--label", choices=("margin", "win"), default="win")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="rebuild and compare with --out instead of writing")
    args = parser.parse_args()
    rules = Rules()
    lexicons: dict[str, object] = {}
    for name in args.lexicons.split(","):
        lexicon = Lexicon.load(name)
        games = []
        for g in range(args.games):
            games.append(game_rows(lexicon, rules, args.seed + g, args.label))
            if (g + 1) % 500 == 0:
                print(f"{name}: {g + 1} games", file=sys.stderr)
        cut = args.games - max(1, round(args.games * args.held_out))

        def stack(part: list[tuple[list[list[float]], list[float]]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            x = np.array([r for rows, _ in part for r in rows], dtype=float).reshape(-1, len(TURN_FEATURES))
            y = np.array([v for _, values in part for v in values], dtype=float)
            game = np.array([i for i, (rows, _) in enumerate(part) for _ in rows], dtype=int)
            return x, y, game

        x_train, y_train, _ = stack(games[:cut])
        x_test, y_test, game_test = stack(games[cut:])
        fitted = models(x_train, y_train)
        errors = {label: (x_test @ w - y_test) ** 2 for label, w in fitted.items()}
        print(
            f"\n{name}: {x_train.shape[0]} train decisions ({cut} games), {x_test.shape[0]} held out "
            f"({args.games - cut} games); label: {args.label}"
        )
        print(f"{'model':<26} {'held-out RMSE':>14} {'vs today (MSE a game, 95%)':>34}")
        held = [g for g in range(args.games - cut) if np.any(game_test == g)]
        for label, sq in errors.items():
            per_game = [
                float(np.mean(sq[game_test == g]) - np.mean(errors["today's value"][game_test == g])) for g in held
            ]
            d = mean_estimate(per_game) if label != "today's value" else None
            band = f"{d.value:+9.3f} [{d.low:+.3f}, {d.high:+.3f}]" if d is not None else ""
            print(f"{label:<26} {math.sqrt(float(np.mean(sq))):14.3f} {band:>34}")
        best = min(LEARNED, key=lambda label: float(np.mean(errors[label])))
        weights = models(np.vstack([x_train, x_test]), np.concatenate([y_train, y_test]))[best]
        print(f"kept: {best}; " + ", ".join(f"{f} {w:+.3f}" for f, w in zip(TURN_FEATURES, weights, strict=True)))
        lexicons[name] = {
            "model": best,
            "weights": [round(float(w), 6) for w in weights],
            "held_out_rmse": {label: round(math.sqrt(float(np.mean(sq))), 3) for label, sq in errors.items()},
            "decisions": int(x_train.shape[0] + x_test.shape[0]),
        }
    shipped = {
        "features": list(TURN_FEATURES),
        "trained": {
            "games": args.games,
            "seed": args.seed,
            "held_out": args.held_out,
            "label": args.label,
            "players": "planner",
        },
        "lexicons": lexicons,
    }
    text = json.dumps(shipped, indent=1) + "\n"
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print(f"\n{args.out}: {'the same weights' if same else 'DIFFERENT from the rebuilt weights'}")
        sys.exit(0 if same else 1)
    args.out.write_text(text, encoding="utf-8")
    print(f"\nwritten: {args.out}")


if __name__ == "__main__":
    main()
