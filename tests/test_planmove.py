"""The planner's move and start decisions each in one compiled call (planout.planned_move, ``Trie.planner_move``;
planout.start_values, ``Trie.start_values``) against choose_move's and start_options' own steps, on random
lexicons, trays and rules; the planner's games the same with and without them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, Lexicon, Rules, native
from jarnac_solver.moves.move import Move
from jarnac_solver.moves.tray import Tray
from jarnac_solver.planning import strategy
from jarnac_solver.planning.planout import planned_move, start_values
from jarnac_solver.planning.strategy import DEFAULT_WEIGHTS, Weights
from jarnac_solver.play.players import play_game
from jarnac_solver.rng import Pcg32

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
    weights = Weights(
        candidates=draw(st.integers(1, 14)),
        leave=draw(st.sampled_from([0.0, 5.0, 15.0])),
        # The learned turn value's terms (planning/learned_turn.py): the hand-set 1, 0, 0 or fitted-like weights.
        gain=draw(st.sampled_from([1.0, 0.03, -0.08])),
        rack=draw(st.sampled_from([0.0, 7.3, -0.5])),
        vowel=draw(st.sampled_from([0.0, 2.25, -1.5])),
    )
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
    tray = Tray.parse("/ ORETRI")
    assert planned_move(lex, tray, 50, Rules(), DEFAULT_WEIGHTS) == (False, None)
    assert start_values(lex, tray, None, [(tray.rack_codes, 1)], [()], 50, Rules(), DEFAULT_WEIGHTS) is None


def _start_both_ways(
    lex: Lexicon, me: Tray, opponent: Tray | None, unseen: list[str], bag: int, rules: Rules, seed: int, w: Weights
) -> None:
    """start_options with its actions valued in one call, and by its own steps: the same options, values, flag."""
    fast = strategy.start_options(lex, me, opponent, unseen, bag, rules, Pcg32(seed), w)
    mp = pytest.MonkeyPatch()
    mp.setattr(strategy, "start_values", lambda *args: None)
    try:
        slow = strategy.start_options(lex, me, opponent, unseen, bag, rules, Pcg32(seed), w)
    finally:
        mp.undo()
    assert fast == slow


@compiled
@settings(max_examples=100, deadline=None)
@given(positions(), st.lists(st.sampled_from(LETTERS), max_size=12), st.integers(0, 99), st.booleans())
def test_the_compiled_start_values_are_start_options(
    case: tuple[list[Tiles], Rules, list[str], str, int, Weights], unseen: list[str], seed: int, known: bool
) -> None:
    words, rules, lines, rack, bag, weights = case
    lex = Lexicon.from_words(["".join(w) for w in words])
    me = Tray(lines, rack)
    try:
        me.check(rules)
    except Exception:
        return
    weights = Weights(
        start_samples=1 + seed % 8,
        start_pool=3 + seed % 4,
        leave=weights.leave,
        gain=weights.gain,
        rack=weights.rack,
        vowel=weights.vowel,
    )
    opponent = Tray(lines[:1], "") if known else None
    _start_both_ways(lex, me, opponent, unseen, bag, rules, seed, weights)


@compiled
def test_the_compiled_start_values_on_real_trays() -> None:
    """A tenth of French, racks and unseen tiles from the French bag: the same options both ways."""
    lex = small_french(0)
    rng = random.Random(5)
    tiles = Bag.load("fr").tiles()
    for k in range(40):
        rules = Rules(lines=rng.choice([5, 6, 8]), min_length=rng.choice([2, 3]))
        fitting = [w for w in lex if rules.min_length <= len(w) <= rules.line_length]
        me = Tray(rng.sample(fitting, rng.randint(0, rules.lines - 1)), "".join(rng.sample(tiles, rng.randint(3, 9))))
        me.check(rules)
        opponent = Tray(rng.sample(fitting, rng.randint(0, rules.lines - 1)), "")
        _start_both_ways(lex, me, opponent, rng.sample(tiles, 30), 25, rules, k, DEFAULT_WEIGHTS)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 1), st.integers(0, 10**6), st.sampled_from([(8, 3), (6, 2), (5, 3)]), st.booleans())
def test_planner_games_are_the_same_without_the_compiled_decisions(
    pick: int, seed: int, shape: tuple[int, int], vowel_rule: bool
) -> None:
    """The planner's self-play with its move and start decisions in one call each and with their own steps:
    the same record, action for action."""
    lex = small_french(pick)
    rules = Rules(lines=shape[0], min_length=shape[1], opening_vowel_rule=vowel_rule)
    fast = play_game(lex, ["planner", "planner"], rules, seed=seed, bag=Bag.load("fr"))
    mp = pytest.MonkeyPatch()
    mp.setattr(strategy, "planned_move", lambda *args: (False, None))
    mp.setattr(strategy, "start_values", lambda *args: None)
    try:
        slow = play_game(lex, ["planner", "planner"], rules, seed=seed, bag=Bag.load("fr"))
    finally:
        mp.undo()
    assert str(fast) == str(slow)


@compiled
def test_the_compiled_decisions_on_long_racks_of_a_whole_lexicon() -> None:
    """Racks of 13-18 letters on the whole French lexicon: a search's arrays outgrow the compiled searches'
    first scratch block (256 KB; the block grows for the next ones and what does not fit is allocated
    apart), and the decisions are still choose_move's and start_options' own steps."""
    lex = Lexicon.load("fr")
    rng = random.Random(11)
    tiles = Bag.load("fr").tiles()
    rules = Rules()
    fitting = [w for w in lex if 3 <= len(w) <= 6]
    for k in range(8):
        lines = rng.sample(fitting, rng.randint(0, 4))
        me = Tray(lines, "".join(rng.sample(tiles, rng.randint(13, 18))))
        me.check(rules)
        opponent = Tray([], "")
        decided, move = planned_move(lex, me, 40, rules, DEFAULT_WEIGHTS)
        if decided:
            assert move == _by_steps(lex, me, opponent, 40, rules, DEFAULT_WEIGHTS)
        if k < 3:
            _start_both_ways(lex, me, opponent, rng.sample(tiles, 30), 40, rules, k, DEFAULT_WEIGHTS)
