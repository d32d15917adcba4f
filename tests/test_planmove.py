"""The planner's move decision in one compiled call (planout.planned_move, ``Trie.planner_move``) against
choose_move's own steps, on random lexicons, trays and rules; the planner's games the same with and without it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, Lexicon, Rules, native
from jarnac_solver.moves.move import Move
from jarnac_solver.moves.tray import Tray
from jarnac_solver.planning import strategy
from jarnac_solver.planning.planout import planned_move
from jarnac_solver.planning.strategy import DEFAULT_WEIGHTS, Weights
from jarnac_solver.play.players import play_game

from .strategies import Tiles
from .test_moves_oracle import LETTERS, chained_lexicons
from .test_planout import small_french

compiled = pytest.mark.skipif(not native.compiled_available(), reason="the compiled walk is not built")


def _by_steps(lex: Lexicon, me: Tray, opponent: Tray, bag: int, rules: Rules, weights: Weights) -> Move | None:
    """choose_move with the compiled decision off: its steps in Python around the compiled searches."""
    mp = pytest.MonkeyPatch()
    mp.setattr(strategy, "planned_move", lambda *args: (False, None))
    try:
        return strategy.choose_move(lex, me, opponent, bag, rules, None, weights)
    finally:
        mp.undo()


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Tiles], Rules, list[str], str, int, Weights]:
    """A chained lexicon of one-letter tiles, rules (up to 10 lines: past 9 the call hands back), a tray's
    lines from it, a rack, the bag's size and the weights (candidates and leave varied)."""
    words = draw(chained_lexicons())
    n_lines = draw(st.integers(2, 10))
    line_length = draw(st.integers(4, 9))
    min_length = draw(st.integers(1, 3))
    rules = Rules(
        lines=n_lines,
        line_length=line_length,
        min_length=min_length,
        last_line_min_length=draw(st.integers(1, 3)),
    )
    fitting = ["".join(w) for w in words if min_length <= len(w) <= line_length]
    lines = draw(st.lists(st.sampled_from(fitting), max_size=n_lines - 1)) if fitting else []
    rack = "".join(draw(st.lists(st.sampled_from(LETTERS), max_size=10)))
    weights = Weights(candidates=draw(st.integers(1, 14)), leave=draw(st.sampled_from([0.0, 5.0, 15.0])))
    return words, rules, lines, rack, draw(st.integers(0, 12)), weights


@compiled
@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_compiled_move_decision_is_choose_moves(
    case: tuple[list[Tiles], Rules, list[str], str, int, Weights],
) -> None:
    words, rules, lines, rack, bag, weights = case
    lex = Lexicon.from_words(["".join(w) for w in words])
    me = Tray(lines, rack)
    try:
        me.check(rules)
    except Exception:
        return  # a line the rules refuse: not a planner's tray
    opponent = Tray(lines[:1], "")
    decided, move = planned_move(lex, me, bag, rules, weights)
    if decided:
        assert move == _by_steps(lex, me, opponent, bag, rules, weights)
    else:
        assert move is None


@compiled
@pytest.mark.parametrize("pick", [0, 1])
def test_the_compiled_move_decision_decides_most_real_trays(pick: int) -> None:
    """On a real lexicon's trays (a tenth of French) the call decides most decisions, each as choose_move's steps
    do; the ones it hands back are the end game's and the turns that fill the tray."""
    lex = small_french(pick)
    rng = random.Random(pick)
    decided_count = 0
    for _ in range(120):
        rules = Rules(lines=rng.choice([5, 6, 8]), min_length=rng.choice([2, 3]))
        fitting = [w for w in lex if rules.min_length <= len(w) <= rules.line_length]
        lines = rng.sample(fitting, rng.randint(0, rules.lines - 1))
        me = Tray(lines, "".join(rng.sample(Bag.load("fr").tiles(), rng.randint(1, 9))))
        me.check(rules)
        opponent = Tray(rng.sample(fitting, 2), "")
        bag = rng.randint(0, 40)
        decided, move = planned_move(lex, me, bag, rules, DEFAULT_WEIGHTS)
        if decided:
            decided_count += 1
            assert move == _by_steps(lex, me, opponent, bag, rules, DEFAULT_WEIGHTS)
    assert decided_count >= 60


def test_the_pure_install_hands_every_decision_back() -> None:
    with native.implementation("pure"):
        lex = Lexicon.from_words(["ore", "reto", "torre", "retiro"])
    assert planned_move(lex, Tray.parse("/ ORETRI"), 50, Rules(), DEFAULT_WEIGHTS) == (False, None)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 1), st.integers(0, 10**6), st.sampled_from([(8, 3), (6, 2), (5, 3)]), st.booleans())
def test_planner_games_are_the_same_without_the_compiled_move_decision(
    pick: int, seed: int, shape: tuple[int, int], vowel_rule: bool
) -> None:
    """The planner's self-play with its move decisions in one call and with choose_move's steps: the same
    record, action for action."""
    lex = small_french(pick)
    rules = Rules(lines=shape[0], min_length=shape[1], opening_vowel_rule=vowel_rule)
    fast = play_game(lex, ["planner", "planner"], rules, seed=seed, bag=Bag.load("fr"))
    mp = pytest.MonkeyPatch()
    mp.setattr(strategy, "planned_move", lambda *args: (False, None))
    try:
        slow = play_game(lex, ["planner", "planner"], rules, seed=seed, bag=Bag.load("fr"))
    finally:
        mp.undo()
    assert str(fast) == str(slow)
