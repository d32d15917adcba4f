"""The planner's learned turn value: its features against a hand computation, its weights as the planner's
Weights, the planner playing with it, and the training script rebuilding the same weights from a seed."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import EXACT, Draw, Game, InvalidInputError, Lexicon, Rules, Tray
from jarnac_solver.planning.learned import late_share
from jarnac_solver.planning.learned_turn import (
    CONTEXT,
    MODIFIERS,
    TURN,
    TURN_FEATURES,
    TurnEvaluation,
    learned_turn_value,
    modifiers,
    turn_features,
)
from jarnac_solver.planning.planout import turn_value_of
from jarnac_solver.planning.simulation import simulate, weights_of
from jarnac_solver.planning.strategy import DEFAULT_WEIGHTS, Weights
from jarnac_solver.play.players import (
    PLAYERS,
    LearnedPlannerPlayer,
    LearnedSimPlayer,
    PlannerPlayer,
    SimPlayer,
    make_player,
    play_game,
)

FR = Lexicon.load("fr")
ROOT = Path(__file__).resolve().parent.parent


def test_turn_features_are_the_hand_computed_numbers() -> None:
    """Two lines against one, 25 + 9 - 9 = 25 points ahead, a turn 0.25 into the game: each feature by hand."""
    me, them = Tray.parse("RATE BUT / EAUZ"), Tray.parse("TAS / KWXY")
    rules = Rules()
    row = dict(zip(TURN_FEATURES, turn_features(me, them, 0.25, rules, 30, 2, 3, 1, 2, 2), strict=True))
    assert row["tempo"] == 1.0 and row["score"] == 16.0 + 9.0 - 9.0 and row["lines"] == 1.0
    assert row["score_late"] == 4.0 and row["lines_late"] == 0.25 and row["late"] == 0.25
    assert row["rack_them"] == 4.0 and row["last_line_me"] == row["last_line_them"] == 0.0
    assert (row["gained"], row["filled"], row["left"], row["vowels"]) == (30.0, 2.0, 2.0, 1.0)
    assert row["drawn"] == 2.0  # 3 words, but 2 tiles in the bag
    assert row["imbalance"] == pytest.approx(abs(1 - 0.4 * 2))
    assert row["gained_late"] == 7.5 and row["imbalance_late"] == pytest.approx(0.25 * 0.2)
    assert row["filled_race_me"] == 2.0 * 2 / 8 and row["left_race_them"] == 2.0 * 1 / 8  # 2 and 1 lines of 8
    assert modifiers(me, them, 0.25, rules) == (0.25, 0.25, 0.125)
    full = Tray.parse("A B C D E F G / Z")  # one free line left of eight
    assert turn_features(full, them, 0.0, rules, 0, 0, 0, 0, 1, 0)[CONTEXT.index("last_line_me")] == 1.0


def test_late_share_is_the_tiles_out_of_the_bag() -> None:
    game = Game(FR, seed=4)
    assert late_share(game.state) == 0.0
    game.push(Draw())
    total = len(game.state.bag) + sum(len(t.rack_codes) for t in game.state.trays)
    assert late_share(game.state) == pytest.approx(1 - len(game.state.bag) / total)
    assert late_share(game.view().state) == late_share(game.state)  # a view's unseen tiles are the bag's


@given(
    st.lists(st.floats(-50, 50, allow_nan=False), min_size=len(TURN_FEATURES), max_size=len(TURN_FEATURES)),
    st.floats(0, 1),
    st.integers(0, 60),
    st.integers(0, 3),
    st.integers(1, 6),
    st.integers(0, 8),
    st.integers(0, 8),
    st.integers(0, 40),
)
def test_the_planners_weights_value_a_turn_as_the_learned_value_less_its_context(
    weights: list[float],
    late: float,
    gained: int,
    filled: int,
    words: int,
    left: int,
    vowels: int,
    bag: int,
) -> None:
    """turn_value_of with weights_at(the decision's modifiers) is the learned value of the turn, less the part
    that is the same for every candidate of the decision (the context): the planner's argmax is the learned
    value's."""
    vowels = min(vowels, left)
    evaluation = TurnEvaluation("fr", tuple(weights))
    me, them = Tray.parse("RATE BUT / EAUZ"), Tray.parse("TAS / KWXY")
    row = turn_features(me, them, late, Rules(), gained, filled, words, vowels, left, bag)
    context = sum(w * x for w, x in zip(weights[: len(CONTEXT)], row, strict=False))
    scales = modifiers(me, them, late, Rules())
    value = turn_value_of(gained, filled, words, vowels, left, bag, evaluation.weights_at(scales), None)
    assert value == pytest.approx(evaluation.value(row) - context, abs=1e-6)


def test_the_hand_set_weights_are_a_learned_value_and_play_the_planners_games() -> None:
    """An evaluation whose weights are the hand-set ones at every point of the game plays the planner's very
    games (the planner takes its weights); the shipped one plays others, and the named player is it."""
    hand = dict.fromkeys(TURN_FEATURES, 0.0)
    hand.update(gained=1.0, filled=DEFAULT_WEIGHTS.line, drawn=DEFAULT_WEIGHTS.draw, imbalance=-DEFAULT_WEIGHTS.leave)
    same = TurnEvaluation("fr", tuple(hand[f] for f in TURN_FEATURES))
    assert same.weights_at((0.7, 0.5, 0.25)) == DEFAULT_WEIGHTS
    for seed in (1, 2):
        planner = play_game(FR, ["planner", "planner"], seed=seed)
        mine = play_game(FR, [PlannerPlayer(seed * 2, evaluation=same), "planner"], seed=seed)
        assert mine.actions == planner.actions
    shipped = learned_turn_value(FR)
    assert shipped is not None and shipped.weights_at((0.3, 0.25, 0.25)) != DEFAULT_WEIGHTS
    records = {  # the actions (a record's text names its players)
        seed: (
            play_game(FR, ["planner-learned", "planner"], seed=seed).actions,
            play_game(FR, [PlannerPlayer(seed * 2, evaluation="learned"), "planner"], seed=seed).actions,
            play_game(FR, ["planner", "planner"], seed=seed).actions,
        )
        for seed in range(1, 6)
    }
    assert all(named == learned for named, learned, _ in records.values())
    assert any(named != planner for named, _, planner in records.values())
    assert PLAYERS["planner-learned"] is LearnedPlannerPlayer
    assert make_player("planner-learned", 3).name == "planner-learned"


def test_a_decision_plays_with_the_learned_weights_at_its_point_of_the_game() -> None:
    game = Game(FR, seed=5)
    game.push(Draw())
    view = game.view()
    player = LearnedPlannerPlayer(1)
    shipped = learned_turn_value(FR)
    assert shipped is not None
    s = view.state
    scales = modifiers(s.trays[s.to_act], s.trays[1 - s.to_act], late_share(s), view.rules)
    assert scales[0] > 0 and player.decision_weights(view) == shipped.weights_at(scales)
    assert PlannerPlayer(1).decision_weights(view) is DEFAULT_WEIGHTS
    nl = Game(Lexicon.load("nl"), seed=5)  # no turn value trained for it: the hand-set weights
    nl.push(Draw())
    assert LearnedPlannerPlayer(1, Weights(draw=6.0)).decision_weights(nl.view()) == Weights(draw=6.0)
    with pytest.raises(InvalidInputError, match="evaluation must be 'learned' or a TurnEvaluation"):
        PlannerPlayer(1, evaluation="deep")
    with pytest.raises(InvalidInputError, match=f"{len(TURN_FEATURES)} weights"):
        TurnEvaluation("fr", (1.0,))


def test_the_training_script_rebuilds_the_same_weights_from_its_seed(tmp_path: Path) -> None:
    """Two runs from the same seed write the same file, and --check says so; the shipped file says how it was
    trained, and holds the features the code reads."""
    script = ROOT / "benchmarks" / "train_turn_value.py"
    outs = [tmp_path / "a.json", tmp_path / "b.json"]
    tiny = ["--lexicons", "fr", "--games", "6", "--seed", "5"]
    for out in outs:
        subprocess.run([sys.executable, str(script), *tiny, "--out", str(out)], check=True, capture_output=True)
    assert outs[0].read_text() == outs[1].read_text()
    checked = subprocess.run([sys.executable, str(script), *tiny, "--out", str(outs[0]), "--check"], check=False)
    assert checked.returncode == 0
    another = ["--lexicons", "fr", "--games", "6", "--seed", "6", "--out", str(outs[0]), "--check"]
    other = subprocess.run(
        [sys.executable, str(script), *another],
        check=False,
        capture_output=True,
    )
    assert other.returncode == 1  # another seed, other games: other weights
    rebuilt = json.loads(outs[0].read_text())
    assert rebuilt["lexicons"]["fr"]["model"] in ("turn numbers", "turn numbers x late", "turn numbers x late, race")
    shipped = json.loads((ROOT / "jarnac_solver" / "data" / "turn_value.json").read_text())
    assert shipped["features"] == list(TURN_FEATURES) and set(shipped["lexicons"]) == {"fr", "en"}
    assert shipped["trained"]["games"] >= 2000
    assert len(TURN) == 6 and len(TURN_FEATURES) == len(CONTEXT) + len(TURN) * (1 + len(MODIFIERS))


def test_weights_at_keeps_every_other_knob_of_its_base_and_computes_the_six_by_hand() -> None:
    base = Weights(1, 2, 3, 4, False, 5, 7, 8, 9, 10, 11)
    evaluation = TurnEvaluation("fr", tuple(float(i) for i in range(len(TURN_FEATURES))))
    w = evaluation.weights_at((0.5, 0.25, 0.125), base)
    learned = {"gain", "line", "draw", "rack", "vowel", "leave"}
    others = [f.name for f in dataclasses.fields(Weights) if f.name not in learned]
    assert others and all(getattr(w, name) == getattr(base, name) for name in others)
    # gained is feature 9, its late, race_me and race_them copies 15, 21 and 27; imbalance 14, 20, 26, 32.
    assert w.gain == 9 + 0.5 * 15 + 0.25 * 21 + 0.125 * 27
    assert w.leave == -(14 + 0.5 * 20 + 0.25 * 26 + 0.125 * 32)
    assert learned_turn_value("fr") is learned_turn_value(FR)  # made once


def test_simulation_decides_by_the_learned_turn_value_when_given_one() -> None:
    """sim-learned's candidates and play-outs are planner-learned's: a learned value that is the hand-set one at
    every point of the game simulates exactly as sim does, the shipped one by its own weights per decision; the
    named player is simulation with the shipped value."""
    hand = dict.fromkeys(TURN_FEATURES, 0.0)
    hand.update(gained=1.0, filled=DEFAULT_WEIGHTS.line, drawn=DEFAULT_WEIGHTS.draw, imbalance=-DEFAULT_WEIGHTS.leave)
    same = TurnEvaluation("fr", tuple(hand[f] for f in TURN_FEATURES))
    shipped = learned_turn_value(FR)
    assert shipped is not None
    game = Game(FR, seed=11)
    game.push(Draw())
    view = game.view()
    assert view.state.phase == "play"
    plain = simulate(view, budget=EXACT, playouts=2, seed=4, top=2)
    assert simulate(view, budget=EXACT, playouts=2, seed=4, top=2, weights=same) == plain
    assert simulate(view, budget=EXACT, playouts=2, seed=4, top=2, weights=shipped) != plain  # its play-outs' own
    assert weights_of(shipped, view.state, view.rules) == shipped.weights_for(view.state, view.rules)
    assert weights_of(shipped, view.state, view.rules) != DEFAULT_WEIGHTS
    # The named player: its policy is the shipped value, and its decisions without play-outs are planner-learned's.
    player = make_player("sim-learned", 3, playouts=2)
    assert isinstance(player, LearnedSimPlayer) and player.policy_of(view) is shipped
    sim = make_player("sim", 3)
    assert PLAYERS["sim-learned"] is LearnedSimPlayer and isinstance(sim, SimPlayer)
    assert sim.policy_of(view) == DEFAULT_WEIGHTS
    assert player.decision_weights(view) == shipped.weights_for(view.state, view.rules)
