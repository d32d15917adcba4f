"""The planner's compiled lane (planning/planlane.py, ``Trie.selfplay_planner``) against the Python planner: the
same records and the same rng states on random lexicons and rules, from positions played part-way, under random
learned weights (the bundled lexicons, every preset and the simulation's play-outs: tests/test_replay_proof.py;
the lane's PCG32 draws: tests/test_rng.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, Lexicon, Rules, native
from jarnac_solver.game.actions import Draw
from jarnac_solver.game.game import Game
from jarnac_solver.planning import planlane
from jarnac_solver.planning.learned_turn import TURN_FEATURES, TurnEvaluation, learned_turn_value
from jarnac_solver.play import players
from jarnac_solver.play.lanes import PlannerLane, offer_of
from jarnac_solver.play.players import PlannerPlayer, play_game
from jarnac_solver.rng import Pcg32

from .test_moves_oracle import LETTERS, chained_lexicons
from .test_planout import small_french

compiled = pytest.mark.skipif(not native.compiled_available(), reason="the compiled walk is not built")


def _both(
    lex: Lexicon,
    rules: Rules | None,
    seed: int,
    bag: Bag | None = None,
    start: Game | None = None,
    evaluations: tuple[TurnEvaluation | None, TurnEvaluation | None] = (None, None),
) -> tuple[tuple[str, object, object], tuple[str, object, object]]:
    """One game with the lane and one without it: (record, both players' rng states) each; ``evaluations``:
    each side's learned turn value (None: the hand-set weights)."""
    out = []
    for lane in (True, False):
        mp = pytest.MonkeyPatch()
        if not lane:
            mp.setattr(planlane, "supported", lambda game: False)
        try:
            actors = [PlannerPlayer(seed * 2 + i, evaluation=evaluations[i]) for i in range(2)]
            if start is None:
                record = play_game(lex, actors, rules, seed=seed, bag=bag, stop_at_limit=True, max_actions=400)
            else:
                record = play_game(lex, actors, start=start, stop_at_limit=True, max_actions=400)
        finally:
            mp.undo()
        out.append((str(record), actors[0].rng.getstate(), actors[1].rng.getstate()))
    return out[0], out[1]


@compiled
@settings(max_examples=12, deadline=None)
@given(
    st.integers(0, 1),
    st.integers(0, 10**6),
    st.sampled_from([(8, 3, 1), (6, 2, 3), (5, 3, 2), (7, 1, 1)]),
    st.booleans(),
    st.sampled_from([3, 2, 4]),
    st.booleans(),
)
def test_the_lane_plays_the_python_planners_games(
    pick: int, seed: int, shape: tuple[int, int, int], vowel_rule: bool, exchange: int, steal_place: bool
) -> None:
    """Small real lexicons and random rules (lines, lengths, the vowel rule, the exchange's size, steals that
    place): the same records and rng states with and without the lane."""
    lex = small_french(pick)
    rules = Rules(
        lines=shape[0],
        min_length=shape[1],
        last_line_min_length=shape[2],
        opening_vowel_rule=vowel_rule,
        exchange_size=exchange,
        steal_place=steal_place,
    )
    fast, slow = _both(lex, rules, seed, Bag.load("fr"))
    assert fast == slow


@compiled
@settings(max_examples=15, deadline=None)
@given(
    chained_lexicons(),
    st.integers(0, 10**6),
    st.integers(3, 8),
    st.integers(1, 3),
    st.lists(st.integers(1, 12), min_size=5, max_size=5),
)
def test_the_lane_on_random_lexicons(
    words: list[tuple[str, ...]], seed: int, lines: int, min_length: int, counts: list[int]
) -> None:
    """Random chained lexicons of five letters (many extensions, frequent exchanges and passes) and random bags
    of those letters."""
    lex = Lexicon.from_words(["".join(w) for w in words])
    rules = Rules(lines=lines, min_length=min_length)
    bag = Bag.parse(" ".join(f"{n}{t}" for n, t in zip(counts, LETTERS, strict=True)))
    fast, slow = _both(lex, rules, seed, bag)
    assert fast == slow


@compiled
@pytest.mark.parametrize("played", [1, 7, 30])
def test_a_game_from_a_position_continues_the_same(played: int) -> None:
    """From a game played part-way by Python (a position with its own seed, the bag re-sampled), the lane
    and the Python planner play on the same."""
    lex = Lexicon.load("fr")
    game = Game(lex, seed=11)
    actors = [PlannerPlayer(22), PlannerPlayer(23)]
    while len(game.actions) < played and not game.is_over():
        game.push(actors[game.state.to_act].choose(game.view()))
    for seed in (1, 2):
        fast, slow = _both(lex, None, seed, start=game.fork(seed))
        assert fast == slow


class _OwnEvaluation(TurnEvaluation):
    """A user's evaluation: its weights_for may be anything, so the lane leaves it to Python."""


def test_the_lane_is_off_for_other_players() -> None:
    """Other players, another subclass of the planner and an evaluation of the user's own offer no planner lane
    (play_game plays them the Python way); the planner, the learned planner and a planner given a shipped kind
    of evaluation offer it, with their own knobs and generator."""
    fr = Lexicon.load("fr")
    assert offer_of(players.SimPlayer(2), fr) is None and offer_of(players.CarelessPlayer(2), fr) is None
    assert not isinstance(offer_of(players.GreedyPlayer(2), fr), PlannerLane)
    own = _OwnEvaluation("fr", (0.0,) * len(TURN_FEATURES))
    assert offer_of(PlannerPlayer(2, evaluation=own), fr) is None

    class Mine(PlannerPlayer):  # a decision changed: the planner's lane no longer plays it
        def start(self, view: object) -> Draw:
            return Draw()

    assert offer_of(Mine(1), fr) is None
    plain = PlannerPlayer(1)
    assert offer_of(plain, fr) == PlannerLane(plain.weights, plain.rng)
    learned = learned_turn_value("fr")
    assert learned is not None
    other = players.LearnedPlannerPlayer(2)
    assert offer_of(other, fr) == PlannerLane((plain.weights, learned), other.rng)
    # No value trained for Dutch: the learned planner plays the hand-set weights, as decision_weights does.
    assert offer_of(other, Lexicon.load("nl")) == PlannerLane(plain.weights, other.rng)


@compiled
@settings(max_examples=10, deadline=None)
@given(
    st.integers(0, 1),
    st.integers(0, 10**6),
    st.lists(st.floats(-40.0, 40.0, allow_nan=False), min_size=len(TURN_FEATURES), max_size=len(TURN_FEATURES)),
    st.sampled_from([(8, 3), (6, 2), (5, 3)]),
)
def test_the_lane_follows_any_learned_turn_value(
    pick: int, seed: int, weights: list[float], shape: tuple[int, int]
) -> None:
    """Random learned weights (every term, of either sign, so the leave and the vowels count too) on small
    real lexicons and rules: the kernel's weights are Python's to the bit, so the same games."""
    lex = small_french(pick)
    rules = Rules(lines=shape[0], min_length=shape[1])
    evaluation = TurnEvaluation("fr", tuple(weights))
    fast, slow = _both(lex, rules, seed, Bag.load("fr"), evaluations=(evaluation, None))
    assert fast == slow


@compiled
@pytest.mark.parametrize("played", [3, 20, 45])
def test_the_lane_pushed_or_written_leaves_the_same_game(played: int) -> None:
    """The lane's actions pushed through the engine (``undo``) or written directly: the same actions, the
    same state (trays, bag, phase, turn, formed lines, ply...), the same rng states."""
    lex = Lexicon.load("fr")
    game = Game(lex, seed=5)
    actors = [PlannerPlayer(10), PlannerPlayer(11)]
    while len(game.actions) < played and not game.is_over():
        game.push(actors[game.state.to_act].choose(game.view()))
    ends = []
    for undo in (True, False):
        copy = game.fork(keep_bag=True)
        rngs = (Pcg32(3), Pcg32(4))
        n = planlane.advance(copy, (actors[0].weights, actors[1].weights), rngs, 5000, undo=undo)
        assert n > 0
        ends.append((copy.state, copy.actions, rngs[0].getstate(), rngs[1].getstate()))
    assert ends[0] == ends[1]


def test_the_pure_install_plays_the_python_way() -> None:
    """Without the compiled walk the lane is never asked: no trie, no tables (planout declines them)."""
    with native.implementation("pure"):
        lex = Lexicon.load("fr")
        assert not planlane.supported(Game(lex, seed=1))
