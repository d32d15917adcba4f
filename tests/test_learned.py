"""The evaluation learned from self-play: its features, the shipped weights, simulation's use of it, and the
training script rebuilding the same weights from a seed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jarnac_solver import EXACT, Draw, Game, InvalidInputError, Lexicon, Tray
from jarnac_solver.planning.learned import FEATURES, LearnedEvaluation, features, learned_evaluation
from jarnac_solver.planning.simulation import DEFAULT_EVALUATION, evaluate, evaluation_of, simulate
from jarnac_solver.play.players import SimPlayer, play_game

from .positions import setup

FR = Lexicon.load("fr")
ROOT = Path(__file__).resolve().parent.parent


def test_features_are_what_both_players_see_from_the_side_to_act() -> None:
    game = Game(FR, seed=1)
    setup(game, (Tray.parse("RAT BUT / EAUZ"), Tray.parse("TAS / KW")), "start", 0, 0, turn=9)
    mine = dict(zip(FEATURES, features(game.state, game.rules), strict=True))
    assert (mine["score"], mine["lines"], mine["rack"], mine["tempo"]) == (9.0, 1.0, 2.0, 1.0)
    assert mine["balance_me"] == pytest.approx(abs(3 - 0.4 * 4)) and mine["open_me"] == 2.0
    view = dict(zip(FEATURES, features(game.view().state, game.rules), strict=True))
    assert view == mine  # a view's unseen tiles are the bag: the same position


def test_the_shipped_weights_load_per_lexicon_and_estimate_a_dot_product() -> None:
    fr = learned_evaluation(FR)
    assert isinstance(fr, LearnedEvaluation) and len(fr.weights) == len(FEATURES)
    assert learned_evaluation("en") is not None and learned_evaluation("nl") is None
    game = Game(FR, seed=2)
    game.push(Draw())
    x = features(game.state, game.rules)
    assert fr.estimate(game.state, game.rules) == pytest.approx(sum(w * v for w, v in zip(fr.weights, x, strict=True)))
    assert evaluate(game.state, 1, fr, game.rules) == -evaluate(game.state, 0, fr, game.rules)
    with pytest.raises(InvalidInputError, match="14 weights"):
        LearnedEvaluation("fr", (1.0,))


def test_simulation_takes_the_learned_evaluation_by_name_and_refuses_a_bad_one() -> None:
    assert evaluation_of("learned", FR) == learned_evaluation(FR)
    assert evaluation_of("learned", Lexicon.load("nl")) is DEFAULT_EVALUATION  # none trained: the hand-set one
    assert evaluation_of("hand-set", FR) is DEFAULT_EVALUATION
    with pytest.raises(InvalidInputError, match="evaluation must be 'learned', 'hand-set'"):
        evaluation_of("deep", FR)
    with pytest.raises(InvalidInputError, match="estimate"):
        evaluation_of(3, FR)
    game = Game(FR, seed=3)
    game.push(Draw())
    first = simulate(game, budget=EXACT, playouts=2, seed=1, top=2, evaluation="learned")
    assert first == simulate(game, budget=EXACT, playouts=2, seed=1, top=2, evaluation="learned")
    sim = SimPlayer(4, playouts=1, top=1, evaluation="learned")
    record = play_game(FR, [sim, "planner"], seed=6, max_actions=16, stop_at_limit=True)
    assert len(record.actions) == 16 and sim.ceiling_hits == 0


def test_the_training_script_rebuilds_the_same_weights_from_its_seed(tmp_path: Path) -> None:
    """Two runs from the same seed write the same file; the shipped file says how it was trained."""
    script = ROOT / "benchmarks" / "train_evaluation.py"
    outs = [tmp_path / "a.json", tmp_path / "b.json"]
    for out in outs:
        subprocess.run(
            [sys.executable, str(script), "--lexicons", "fr", "--games", "4", "--out", str(out)],
            check=True,
            capture_output=True,
        )
    assert outs[0].read_text() == outs[1].read_text()
    shipped = json.loads((ROOT / "jarnac_solver" / "data" / "evaluation.json").read_text())
    assert shipped["features"] == list(FEATURES) and set(shipped["lexicons"]) == {"fr", "en"}
    assert shipped["trained"]["games"] >= 1000
